//! Classic chess in short, for a client's help panel.

use omnichess_core::Guide;

/// The FIDE Laws in a few lines; the boards carry no signs of their own.
pub const GUIDE: Guide = Guide {
    rules: "Chess by the FIDE Laws. Checkmate the enemy king to win.\n\n\
Draws: stalemate, dead positions, threefold repetition and the fifty-move rule (claimed), \
fivefold repetition and the 75-move rule (automatic), or agreement.",
    legend: &[],
    marks: &[],
};
