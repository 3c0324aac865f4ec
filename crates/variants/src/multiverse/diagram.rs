//! The multiverse in a terminal: the last board of every timeline, side by side in rows.

use super::coords::{line_label, turn_of};
use super::piece::Kind;
use super::state::Multiverse;

fn glyph(kind: Kind, white: bool) -> char {
    let (w, b) = match kind {
        Kind::Pawn => ('♙', '♟'),
        Kind::Knight => ('♘', '♞'),
        Kind::Bishop => ('♗', '♝'),
        Kind::Rook => ('♖', '♜'),
        Kind::Queen => ('♕', '♛'),
        Kind::King => ('♔', '♚'),
        other => {
            let c = other.letter();
            (c, c.to_ascii_lowercase())
        }
    };
    if white { w } else { b }
}

impl Multiverse {
    /// The last board of each timeline (lowest first), the present and who moves.
    #[must_use]
    pub fn draw(&self) -> String {
        let s = &self.setup;
        let mut out = String::new();
        for (line, t) in self.timelines() {
            let v = t.end();
            let Some(b) = t.board(v) else { continue };
            let active = if self.active(line) { "" } else { " (inactive)" };
            out.push_str(&format!(
                "timeline {} — T{} {} to move{active}\n",
                line_label(line, s.even),
                turn_of(v),
                if v & 1 == 0 { "white" } else { "black" }
            ));
            for y in (0..s.height).rev() {
                out.push_str(&format!("{} ", y + 1));
                for x in 0..s.width {
                    out.push(b.get(x, y).map_or('·', |p| glyph(p.kind, p.white)));
                    out.push(' ');
                }
                out.push('\n');
            }
            out.push_str("  ");
            for x in 0..s.width {
                out.push((b'a' + x as u8) as char);
                out.push(' ');
            }
            out.push('\n');
        }
        let present = self.present();
        out.push_str(&format!(
            "present: T{} {}; {} makes this turn{}\n",
            turn_of(present),
            if present & 1 == 0 { "white" } else { "black" },
            if self.white_to_move { "white" } else { "black" },
            if self.may_submit() {
                " (may `submit`)"
            } else {
                ""
            }
        ));
        out
    }
}
