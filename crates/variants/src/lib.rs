//! # omnichess-variants
//!
//! The variants of omnichess, one module folder each, and the [`REGISTRY`] through which
//! the CLI finds them by name. Each module implements [`omnichess_core::Variant`]; the chess
//! toolkit several of them share (FEN, SAN, PGN, the FIDE end of the game, board views,
//! repetitions) is the crate's `common` module.
#![deny(missing_docs)]

pub mod classic;
mod common;
pub mod dice;
pub mod dmchess;
#[cfg(test)]
mod event_checks;
pub mod multiverse;
pub mod qec;
pub mod realms;
#[cfg(feature = "toy")]
pub mod toy;
#[cfg(test)]
mod view_checks;

use omnichess_core::VariantEntry;

/// Every variant, by name, in the order `omnichess variants` lists them.
pub const REGISTRY: &[VariantEntry] = &[
    VariantEntry::of::<classic::Classic>(),
    VariantEntry::of::<qec::Qec>(),
    VariantEntry::of::<dice::Dice>(),
    VariantEntry::of::<multiverse::Multiverse>(),
    VariantEntry::of::<realms::Realms>(),
    VariantEntry::of::<dmchess::DmChess>(),
    #[cfg(feature = "toy")]
    VariantEntry::of::<toy::Toy>(),
];
