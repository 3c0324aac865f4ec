//! The board drawn for a terminal with Unicode pieces and coordinates.

use cozy_chess::{File, Rank, Square};

use super::Classic;
use crate::common::diagram::glyph;

impl Classic {
    /// The board from White's side, rank 8 on top, with file letters and rank numbers, then
    /// the side to move and any check.
    #[must_use]
    pub fn draw(&self) -> String {
        let mut out = String::from("  a b c d e f g h\n");
        for rank in Rank::ALL.iter().rev() {
            out.push_str(&format!("{} ", *rank as usize + 1));
            for file in File::ALL {
                let sq = Square::new(file, *rank);
                let c = match (self.board.piece_on(sq), self.board.color_on(sq)) {
                    (Some(p), Some(color)) => glyph(p, color),
                    _ => '·',
                };
                out.push(c);
                out.push(' ');
            }
            out.push_str(&format!("{}\n", *rank as usize + 1));
        }
        out.push_str("  a b c d e f g h\n");
        let side = self.side_to_move();
        out.push_str(&format!("{side} to move"));
        if !self.board.checkers().is_empty() {
            out.push_str(" (in check)");
        }
        out.push('\n');
        out
    }
}
