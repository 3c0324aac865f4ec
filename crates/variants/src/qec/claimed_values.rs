//! The one claim of QEC's text about piece values: its design goal §16.3, "Invert value
//! hierarchy (pawns > majors)", an order with no numbers, for the balance lab to set beside
//! the fitted values.

use omnichess_core::ClaimedValue;

/// Where the text says it.
const CLAUSE: &str = "§16 Design Goals, 3: \"Invert value hierarchy (pawns > majors)\"";

/// The pawn above the major pieces, rook and queen.
pub(super) const CLAIMED: &[ClaimedValue] = &[
    ClaimedValue {
        kind: "pawn",
        value: None,
        words: "pawns > majors",
        clause: CLAUSE,
    },
    ClaimedValue {
        kind: "rook",
        value: None,
        words: "a major: below the pawn",
        clause: CLAUSE,
    },
    ClaimedValue {
        kind: "queen",
        value: None,
        words: "a major: below the pawn",
        clause: CLAUSE,
    },
];
