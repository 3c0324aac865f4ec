//! Quantum Entanglement Chess in short, for a client's help panel (docs/rules/qec.md).

use omnichess_core::{Guide, MarkDraw, MarkStyle};

/// The shape of a turn and the signs of links, free pawns and the forced reply.
pub const GUIDE: Guide = Guide {
    rules: "Classical chess moves, with pieces entangled in pairs: each pair is one of your \
pawns and one enemy piece, drafted before play.\n\n\
When a linked piece moves, its partner must make one legal move at once, chosen by the \
partner's owner (the forced reply). If its partner cannot move, it stays.\n\n\
A king left in check must at once step one square out of check; if it cannot, that is \
checkmate. After such a step the player who gave the check moves next.\n\n\
A promotion frees the pawn and its partner at once: no forced reply. If the move that wakes \
your piece also checks your king, your piece stays: only your king's step answers.\n\n\
Checkmate wins. Both sides reduced to bare kings: both lose; so do a stalemate, a fivefold \
repetition and 75 moves without a capture or pawn move.",
    legend: &[
        (
            "tag",
            "the letter on a piece: its link; the two pieces with the same letter are \
             entangled; `*`: a free pawn",
        ),
        (
            "entangled",
            "ring: a linked piece (its tooltip names its partner)",
        ),
        (
            "free",
            "a free pawn: one never linked (§3.1) or freed (§3.4)",
        ),
        ("reply", "the piece that owes the forced reply now"),
    ],
    marks: &[
        MarkStyle::new("entangled", MarkDraw::Ring, "#8e44ad"),
        MarkStyle::new("free", MarkDraw::Ring, "#27ae60"),
        MarkStyle::new("reply", MarkDraw::Ring, "#e67e22"),
    ],
};
