//! Die Chess in short, for a client's help panel (docs/rules/dice.md).

use omnichess_core::{Guide, MarkDraw, MarkStyle};

/// The roll, the forfeit, check and promotion by roll, and the signs of the rolled pieces.
pub const GUIDE: Guide = Guide {
    rules: "Each turn the die picks the kind of piece you must move: pawn 30 %, knight 25 %, \
bishop 15 %, rook 12 %, queen 8 %, king 10 %. You choose which piece of that kind and where; \
if none of them can move, the turn is forfeited (--).\n\n\
Castling only on a king roll. A pawn reaching the last rank promotes to what a second roll \
shows (knight, bishop, rook or queen).\n\n\
In check you may move the king without rolling ([K!]) or roll; a roll that can answer the \
check must. If the opponent's king is left in check, a roll of a piece that attacks it must \
take it, and taking the king wins. Checkmate wins; stalemate, repetition and the fifty-move \
rule draw.",
    legend: &[
        (
            "rolled",
            "the pieces of the rolled kind: one of them must move",
        ),
        ("promotion", "a pawn waiting for the promotion roll"),
    ],
    marks: &[
        MarkStyle::new("rolled", MarkDraw::Ring, "#2f80ed"),
        MarkStyle::new("promotion", MarkDraw::Ring, "#d35400"),
    ],
};
