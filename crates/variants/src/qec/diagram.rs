//! §11 display: the board with a shared number on the two members of each link and `*` on
//! the free pawns.

use cozy_chess::{Color, File, Piece, Rank, Square};

use crate::common::diagram::glyph;

use super::state::{Phase, Qec};

/// A link's label as one character: 1–9, then A, B, C, … (so every cell is three wide).
pub(super) fn label_char(n: u8) -> char {
    char::from_digit(u32::from(n), 36).map_or('?', |c| c.to_ascii_uppercase())
}

impl Qec {
    /// Whether pawns in no link are marked free (`*`, §11): in an entangled game once its
    /// links are set. During a draft a pawn in no link may still be picked, so it is not yet
    /// the free pawn.
    #[must_use]
    pub fn marks_free_pawns(&self) -> bool {
        self.now.entangled && self.phase() != super::state::Phase::Draft
    }

    /// The board from White's side: each square a piece and its link label (or `*` for a
    /// free pawn), then the link list, the side to act and the phase.
    #[must_use]
    pub fn draw(&self) -> String {
        let b = &self.now.board;
        let links = &self.now.links;
        let files = "   a  b  c  d  e  f  g  h\n";
        let mut out = String::from(files);
        for rank in Rank::ALL.iter().rev() {
            out.push_str(&format!("{} ", *rank as usize + 1));
            for file in File::ALL {
                let sq = Square::new(file, *rank);
                match (b.piece_on(sq), b.color_on(sq)) {
                    (Some(p), Some(c)) => {
                        out.push(' ');
                        out.push(glyph(p, c));
                        match links.label(sq) {
                            Some(n) => out.push(label_char(n)),
                            None if p == Piece::Pawn && self.marks_free_pawns() => out.push('*'),
                            None => out.push(' '),
                        }
                    }
                    _ => out.push_str(" · "),
                }
            }
            out.push_str(&format!(" {}\n", *rank as usize + 1));
        }
        out.push_str(files);
        if self.now.entangled {
            let pairs: Vec<String> = links
                .pairs(b)
                .into_iter()
                .map(|(a, p)| format!("{}:{a}~{p}", label_char(links.label(a).unwrap_or(0))))
                .collect();
            out.push_str(&format!(
                "links: {}{}\n",
                if pairs.is_empty() {
                    "none".to_owned()
                } else {
                    pairs.join(" ")
                },
                if self.marks_free_pawns() {
                    "   (* free pawn)"
                } else {
                    ""
                }
            ));
        } else {
            out.push_str("no entanglement (classical chess)\n");
        }
        let side = if b.side_to_move() == Color::White {
            "white"
        } else {
            "black"
        };
        out.push_str(&match self.now.phase {
            Phase::Draft => {
                let picker = match self.now.draft_picker() {
                    Some(Color::Black) => "black",
                    Some(Color::White) | None => "white",
                };
                format!("{picker} drafts a link: PAWN~PIECE, e.g. a2~b8\n")
            }
            Phase::Move => format!("{side} to move\n"),
            Phase::Reply(sq) => format!("{side} must make the forced reply of the piece on {sq}\n"),
            Phase::Reactive => format!("{side} is in check: the king must step out at once (§4)\n"),
        });
        out
    }
}
