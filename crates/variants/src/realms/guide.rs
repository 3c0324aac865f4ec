//! Three Realms Chess in short, for a client's help panel (docs/rules/realms.md).

use omnichess_core::{Guide, MarkDraw, MarkStyle};

/// The three boards, their file letters, moves between realms and the pieces' letters.
pub const GUIDE: Guide = Guide {
    rules: "Three boards: the heavens (files a–h), the Earth (files j–q) and the underworld \
(files s–z); i and r are not used. A file keeps its place across realms: e, n and w are the \
fifth file of each.\n\n\
Pieces move in three dimensions: up (underworld → Earth → heavens), down, and within a realm. \
Most kinds move differently in each realm (the Pieces legend names them). The Earth starts \
as in chess; the heavens and the underworld hold fairy pieces.\n\n\
FIDE rules otherwise: castling on Earth only, checkmate wins. A fallen angel moves as the \
piece the opponent moved last, and can never give check.",
    legend: &[
        (
            "light",
            "the light squares: each realm is coloured its own way (the heavens and the underworld inverted)",
        ),
        (
            "a–h · j–q · s–z",
            "the files of the heavens, the Earth and the underworld",
        ),
    ],
    marks: &[MarkStyle::new("light", MarkDraw::Light, "#f0d9b5")],
};
