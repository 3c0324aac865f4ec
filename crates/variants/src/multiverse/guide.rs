//! 5D Chess in short, for a client's help panel (docs/rules/multiverse.md).

use omnichess_core::{Guide, MarkDraw, MarkStyle};

/// Timelines, turns, time travel, the present, and the signs of the multiverse view.
pub const GUIDE: Guide = Guide {
    rules: "Every board of every timeline is kept: time runs left to right, timelines top to \
bottom. A turn is any number of moves, one on each of your playable boards, then submit.\n\n\
Pieces move along four axes: file, rank, time and timeline. A move to a board in the past \
(or one already played) creates a new timeline.\n\n\
The present is the earliest last board among the active timelines: you must move there before \
you can submit. You may not submit leaving a king capturable. Checkmate wins.",
    legend: &[
        (
            "arrow",
            "a time travel: from the square a piece left to the board it created",
        ),
        (
            "present",
            "the present: the column where the next moves must be made",
        ),
        (
            "active",
            "a playable board (framed): a move may start on it",
        ),
    ],
    marks: &[MarkStyle::new("present", MarkDraw::Tint, "#27ae60")],
};
