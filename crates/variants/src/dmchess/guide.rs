//! DMChess in short, for a client's help panel (docs/rules/dmchess.md).

use omnichess_core::{Guide, MarkDraw, MarkStyle};

/// Eight boards, portals, DEL and energy, and the ways to win.
pub const GUIDE: Guide = Guide {
    rules: "Eight boards, D1 to D8, each with a full chess set; every piece carries a DEL \
(its dimensional energy, 1 to 8), at first the number of its board.\n\n\
A piece may move onto a portal square and go through to the same square of the board the \
portal names, then move on there, if its DEL is at least the distance between the boards. \
No move ends on a portal. The portals shift every 8 full turns.\n\n\
Ending a move on an energy square (E) gives +1 DEL; the square recharges after 3 moves. A \
capture gives +1 DEL.\n\n\
Win by checkmating all the opponent's kings, or by holding 5 boards (yours the only kings \
there) for a full turn.",
    legend: &[
        ("portal", "a portal: its number is the board it leads to"),
        (
            "energy",
            "an energy square (E); e1–e3: recharging, moves to wait",
        ),
        ("del", "a piece's DEL: the pips and the number on it"),
    ],
    marks: &[
        MarkStyle::new("portal", MarkDraw::Tab, "#14a3a3"),
        MarkStyle::new("energy", MarkDraw::Tab, "#e0a800").with_ink("#2b2100"),
        MarkStyle::new("del", MarkDraw::Gauge, "#d35400"),
    ],
};
