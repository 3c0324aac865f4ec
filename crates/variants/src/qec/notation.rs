//! §12 notation: moves as `e2-e4` (promotion `e7-e8=Q`, castling as the king's move `e1-g1`
//! or `O-O`), a draft pick as `e2~b8`. Read leniently: `x` for `-`, UCI `e2e4`, SAN (`Nf3`,
//! `exd5`, `e8=Q`), a trailing `✖`, `+` or `#`. Move lists show SAN ([`Qec::san`]).

use cozy_chess::{Color, Move, Piece, Square};
use omnichess_core::{DecisionError, Game, Player, ToAct, Verdict};

use super::state::{Qec, QecDecision};
use crate::common::san::{SanShape, disambiguation, parse_san, push_target};

impl Qec {
    /// The square a move lands on as written: castling as the king's two-square step.
    fn landing(&self, mv: Move) -> Square {
        crate::common::san::landing(&self.now.board, mv)
    }

    /// The decision in §12 notation.
    #[must_use]
    pub fn notation(&self, decision: QecDecision) -> String {
        match decision {
            QecDecision::Link { pawn, partner } => format!("{pawn}~{partner}"),
            QecDecision::Move(mv) => {
                let mut text = format!("{}-{}", mv.from, self.landing(mv));
                if let Some(p) = mv.promotion {
                    text.push('=');
                    text.push(char::from(p).to_ascii_uppercase());
                }
                text
            }
        }
    }

    /// The decision as a move list shows it: a move in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) with
    /// `+` when the side to act next is in check and `#` when the move wins the game; a draft
    /// pick as `e2~b8`. The disambiguation is among the open decisions (a forced reply has
    /// one piece), so the text reads back through [`Qec::parse_notation`].
    #[must_use]
    pub fn san(&self, decision: QecDecision) -> String {
        let QecDecision::Move(mv) = decision else {
            return self.notation(decision);
        };
        let b = &self.now.board;
        let mut text = if b.colors(b.side_to_move()).has(mv.to) {
            if mv.to.file() > mv.from.file() {
                "O-O".to_owned()
            } else {
                "O-O-O".to_owned()
            }
        } else {
            let piece = b.piece_on(mv.from).unwrap_or(Piece::Pawn);
            let capture = b.piece_on(mv.to).is_some()
                || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
            let mut text = String::new();
            if piece == Piece::Pawn {
                if capture {
                    text.push(char::from(mv.from.file()));
                }
            } else {
                text.push(char::from(piece).to_ascii_uppercase());
                let mut open = Vec::new();
                self.decisions(&mut open);
                let rivals = open.into_iter().filter_map(|d| match d {
                    QecDecision::Move(other)
                        if other.from != mv.from
                            && other.to == mv.to
                            && b.piece_on(other.from) == Some(piece) =>
                    {
                        Some(other.from)
                    }
                    _ => None,
                });
                text.push_str(&disambiguation(mv.from, rivals));
            }
            push_target(&mut text, capture, mv);
            text
        };
        let mut after = self.clone();
        after.apply(decision);
        let mover = b.side_to_move();
        match after.to_act() {
            ToAct::Nobody(o) if o.verdict == Verdict::Win(player(mover)) => text.push('#'),
            _ if !after.now.board.checkers().is_empty() => text.push('+'),
            _ => {}
        }
        text
    }

    /// Reads a decision and checks that it is open now.
    pub fn parse_notation(&self, text: &str) -> Result<QecDecision, DecisionError> {
        let mut open = Vec::new();
        self.decisions(&mut open);
        let core = text.trim().trim_end_matches(['✖', '+', '#', '!', '?']);
        let Some(wanted) = parse_shape(core) else {
            return match parse_san(core) {
                Some(san) => self.parse_san_move(text, &san, open),
                None => Err(DecisionError::unparsable(
                    text,
                    "expected a move like `e2-e4`, `Nf3`, `e7-e8=Q` or `O-O`, or a draft link \
                     like `e2~b8`",
                )),
            };
        };
        open.into_iter()
            .find(|&d| self.matches(d, &wanted))
            .ok_or_else(|| DecisionError::illegal(text, self.why_not(&wanted)))
    }

    /// The one open move that SAN `shape` names.
    fn parse_san_move(
        &self,
        text: &str,
        shape: &SanShape,
        open: Vec<QecDecision>,
    ) -> Result<QecDecision, DecisionError> {
        let b = &self.now.board;
        let SanShape::Normal {
            piece,
            from_file,
            from_rank,
            to,
            promotion,
        } = *shape
        else {
            // Castling is read by `parse_shape`.
            return Err(DecisionError::illegal(text, "castling is not open here"));
        };
        let mut found = open.into_iter().filter(|&d| match d {
            QecDecision::Move(mv) => {
                !b.colors(b.side_to_move()).has(mv.to)
                    && b.piece_on(mv.from) == Some(piece)
                    && mv.to == to
                    && mv.promotion == promotion
                    && from_file.is_none_or(|f| mv.from.file() == f)
                    && from_rank.is_none_or(|r| mv.from.rank() == r)
            }
            QecDecision::Link { .. } => false,
        });
        match (found.next(), found.next()) {
            (Some(d), None) => Ok(d),
            (Some(a), Some(c)) => Err(DecisionError::illegal(
                text,
                format!("ambiguous: it could be {} or {}", self.san(a), self.san(c)),
            )),
            (None, _) => Err(DecisionError::illegal(
                text,
                self.why_not(&Shape::Move {
                    from: to,
                    to,
                    promotion,
                }),
            )),
        }
    }

    fn matches(&self, decision: QecDecision, shape: &Shape) -> bool {
        match (decision, *shape) {
            (QecDecision::Link { pawn, partner }, Shape::Link(a, b)) => pawn == a && partner == b,
            (
                QecDecision::Move(mv),
                Shape::Move {
                    from,
                    to,
                    promotion,
                },
            ) => {
                mv.from == from
                    && mv.promotion == promotion
                    && (mv.to == to || self.landing(mv) == to)
            }
            (QecDecision::Move(mv), Shape::Castle { long }) => {
                let b = &self.now.board;
                b.colors(b.side_to_move()).has(mv.to) && (mv.to.file() < mv.from.file()) == long
            }
            _ => false,
        }
    }

    fn why_not(&self, shape: &Shape) -> String {
        use super::state::Phase;
        match self.now.phase {
            Phase::Draft => match *shape {
                Shape::Link(pawn, partner) => {
                    super::draft::refusal(&self.now.board, &self.now.links, pawn, partner)
                }
                _ => "the draft comes first: link one of your pawns in no link to an enemy \
                      officer in no link (PAWN~PIECE)"
                    .into(),
            },
            Phase::Reply(square) => {
                format!("the forced reply must be a legal move of the piece on {square}")
            }
            Phase::Reactive => "the king in check must step one square out of check (§4)".into(),
            Phase::Move if matches!(shape, Shape::Link(..)) => "the draft is over".into(),
            Phase::Move => {
                let side = match self.now.board.side_to_move() {
                    Color::White => "white",
                    Color::Black => "black",
                };
                format!("no legal move of {side} goes so here")
            }
        }
    }
}

fn player(color: Color) -> Player {
    match color {
        Color::White => Player::White,
        Color::Black => Player::Black,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Move {
        from: Square,
        to: Square,
        promotion: Option<Piece>,
    },
    Castle {
        long: bool,
    },
    Link(Square, Square),
}

fn parse_shape(text: &str) -> Option<Shape> {
    match text {
        "O-O" | "0-0" => return Some(Shape::Castle { long: false }),
        "O-O-O" | "0-0-0" => return Some(Shape::Castle { long: true }),
        _ => {}
    }
    if let Some((a, b)) = text.split_once('~') {
        return Some(Shape::Link(a.parse().ok()?, b.parse().ok()?));
    }
    if !text.is_ascii() || text.len() < 4 {
        return None;
    }
    let from: Square = text[0..2].parse().ok()?;
    let rest = &text[2..];
    let rest = rest.strip_prefix(['-', 'x']).unwrap_or(rest);
    if rest.len() < 2 {
        return None;
    }
    let to: Square = rest[0..2].parse().ok()?;
    let promotion = match rest[2..].trim_start_matches('=') {
        "" => None,
        p if p.len() == 1 => match p.to_ascii_lowercase().as_str() {
            "n" => Some(Piece::Knight),
            "b" => Some(Piece::Bishop),
            "r" => Some(Piece::Rook),
            "q" => Some(Piece::Queen),
            _ => return None,
        },
        _ => return None,
    };
    Some(Shape::Move {
        from,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::super::state::Phase;
    use super::*;
    use omnichess_core::Notation;

    #[test]
    fn shapes_read_every_written_form() {
        let e2e4 = Some(Shape::Move {
            from: Square::E2,
            to: Square::E4,
            promotion: None,
        });
        for t in ["e2-e4", "e2e4", "e2xe4"] {
            assert_eq!(parse_shape(t), e2e4, "{t}");
        }
        let promo = Some(Shape::Move {
            from: Square::E7,
            to: Square::E8,
            promotion: Some(Piece::Queen),
        });
        for t in ["e7-e8=Q", "e7e8q", "e7-e8Q"] {
            assert_eq!(parse_shape(t), promo, "{t}");
        }
        assert_eq!(
            parse_shape("e2~b8"),
            Some(Shape::Link(Square::E2, Square::B8))
        );
        assert_eq!(parse_shape("O-O-O"), Some(Shape::Castle { long: true }));
        for bad in [
            "", "e2", "e2-e9", "z2-e4", "e7-e8=K", "e2--e4x", "e2~", "Nf3",
        ] {
            assert_eq!(parse_shape(bad), None, "{bad}");
        }
    }

    #[test]
    fn san_is_written_and_read_like_the_section_12_form() {
        use omnichess_core::Variant;
        let mut q = Qec::start();
        for (typed, shown) in [("Nf3", "Nf3"), ("g8-f6", "Nf6"), ("e4", "e4")] {
            let d = q.parse_decision(typed).expect(typed);
            assert_eq!(q.display_text(d), shown);
            assert_eq!(q.parse_decision(shown).ok(), Some(d));
            q.apply(d);
            // A forced reply, if the move set one: play the partner's first open move.
            if let Phase::Reply(_) = q.now.phase {
                let mut open = Vec::new();
                q.decisions(&mut open);
                let reply = open[0];
                assert_eq!(q.parse_decision(&q.display_text(reply)).ok(), Some(reply));
                q.apply(reply);
            }
        }
        assert!(q.parse_decision("Qh5x").is_err());
    }
}
