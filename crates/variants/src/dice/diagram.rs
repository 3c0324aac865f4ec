//! The Die Chess board for a terminal, with what the player on turn must do next.

use cozy_chess::{Color, File, Piece, Rank, Square};

use crate::common::diagram::glyph;

use super::state::{Dice, Phase};

fn name(p: Piece) -> &'static str {
    ["pawn", "knight", "bishop", "rook", "queen", "king"][p as usize]
}

impl Dice {
    /// The board from White's side with coordinates, then the state of the turn.
    #[must_use]
    pub fn draw(&self) -> String {
        let b = &self.now.board;
        let mut out = String::from("  a b c d e f g h\n");
        for rank in Rank::ALL.iter().rev() {
            out.push_str(&format!("{} ", *rank as usize + 1));
            for file in File::ALL {
                let sq = Square::new(file, *rank);
                let c = match (b.piece_on(sq), b.color_on(sq)) {
                    (Some(p), Some(c)) => glyph(p, c),
                    _ => '·',
                };
                out.push(c);
                out.push(' ');
            }
            out.push_str(&format!("{}\n", *rank as usize + 1));
        }
        out.push_str("  a b c d e f g h\n");
        let side = if b.side() == Color::White {
            "white"
        } else {
            "black"
        };
        let checked = b.in_check(b.side());
        let other_checked = b.in_check(!b.side());
        let line = match self.now.phase {
            Phase::Start if self.chooses_first() => {
                format!("{side} is in check: `[K!]` to move the king without rolling, or `roll`")
            }
            Phase::Start | Phase::Rolling => format!("{side} rolls the die"),
            Phase::KingOnly => format!("{side} moves the king (no roll)"),
            Phase::Rolled(p) => {
                format!("{side} rolled a {}: move one, or `--` if none can", name(p))
            }
            Phase::Promotion(mv) => {
                format!("{side}'s pawn reaches {}: the die picks its piece", mv.to)
            }
            Phase::KingTaken(c) => {
                format!(
                    "the {} king has been captured",
                    if c == Color::White { "white" } else { "black" }
                )
            }
        };
        out.push_str(&line);
        if checked && !matches!(self.now.phase, Phase::Start) {
            out.push_str(" (in check)");
        }
        if other_checked {
            out.push_str(
                " (the enemy king is in check: a roll of a piece that attacks it takes it)",
            );
        }
        out.push('\n');
        out
    }
}
