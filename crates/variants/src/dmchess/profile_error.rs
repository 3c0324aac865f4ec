//! Why a profile's text cannot be read ([`super::Profile::parse`]): a token not of its form, or
//! a layout the rulebook forbids. Quoted text is cut to 24 characters.

use omnichess_core::{PositionError, PositionErrorKind, counted};
use thiserror::Error;

/// A profile that cannot be read. Boards are numbered from 1 (D1–D8), squares named `a1`–`h8`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProfileError {
    /// A token without `=`.
    #[error("profile: expected key=value, found `{0}`")]
    NotKeyValue(String),
    /// A key other than `portals`, `energy`, `shifts` and `band`.
    #[error("profile: unknown key `{0}` (portals, energy, shifts, band)")]
    UnknownKey(String),
    /// A key given twice.
    #[error("profile: `{0}` given twice")]
    RepeatedKey(String),
    /// A square that is not `a1`–`h8`.
    #[error("profile: `{0}` is not a square a1-h8")]
    NotASquare(String),
    /// A portal group without its `A-B:` pair of boards.
    #[error("profile: portal group `{0}` lacks `A-B:`")]
    PortalGroup(String),
    /// A portal group's pair that is not two boards 1-8.
    #[error("profile: `{0}` is not a pair of dimensions 1-8")]
    NotAPair(String),
    /// A portal group joining a board to itself.
    #[error("profile: a portal joins D{0} to itself")]
    SelfPortal(usize),
    /// An energy group without its `D:` board.
    #[error("profile: energy group `{0}` lacks `D:`")]
    EnergyGroup(String),
    /// A board's energy squares given twice.
    #[error("profile: energy for D{0} given twice")]
    RepeatedEnergy(usize),
    /// A conservation band that is not 1-99.
    #[error("profile: band `{0}` is not a number 1-99")]
    Band(String),
    /// A shift table entry other than `id`, `files`, `ranks` and `both`.
    #[error("profile: shift `{0}` is not one of id, files, ranks, both")]
    UnknownShift(String),
    /// A shift table without entries.
    #[error("profile: the shift table is empty")]
    NoShifts,
    /// A board without its eight energy squares (5.3.1).
    #[error("profile: D{board} has {}, 5.3.1 says 8", energy_squares(.count))]
    EnergyCount {
        /// The board.
        board: usize,
        /// Its energy squares.
        count: u32,
    },
    /// A portal that some phase of the shift table puts on a starting rank.
    #[error("profile: the portal D{a}-D{b} {square} lies on a starting rank")]
    PortalOnStartingRank {
        /// One board of the portal.
        a: u8,
        /// The other board.
        b: u8,
        /// The square in that phase.
        square: String,
    },
    /// Two portals that some phase puts on one square of a board.
    #[error("profile: two portals on D{board} {square}")]
    TwoPortals {
        /// The board.
        board: u8,
        /// The square.
        square: String,
    },
    /// A portal that some phase puts on an energy square.
    #[error("profile: a portal on the energy square D{board} {square}")]
    PortalOnEnergy {
        /// The board.
        board: u8,
        /// The square.
        square: String,
    },
}

fn energy_squares(count: &u32) -> String {
    counted(*count, "energy square", "energy squares")
}

impl ProfileError {
    /// The position error's kind of this fault: a layout the rulebook forbids is a rule of
    /// the variant's own, anything else is the text's form.
    #[must_use]
    pub fn kind(&self) -> PositionErrorKind {
        match self {
            ProfileError::SelfPortal(_)
            | ProfileError::NoShifts
            | ProfileError::EnergyCount { .. }
            | ProfileError::PortalOnStartingRank { .. }
            | ProfileError::TwoPortals { .. }
            | ProfileError::PortalOnEnergy { .. } => PositionErrorKind::VariantRule,
            _ => PositionErrorKind::Syntax,
        }
    }
}

impl From<ProfileError> for PositionError {
    fn from(error: ProfileError) -> PositionError {
        PositionError::new(error.kind(), error.to_string())
    }
}
