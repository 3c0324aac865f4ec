//! §12 notation: moves as `e2-e4` (promotion `e7-e8=Q`, castling as the king's move `e1-g1`
//! or `O-O`), a draft pick as `e2~b8`. Read leniently: `x` for `-`, UCI `e2e4`, a trailing
//! `✖`, `+` or `#`.

use cozy_chess::{Color, Move, Piece, Square};
use omnichess_core::{DecisionError, Game};

use super::state::{Qec, QecDecision};

impl Qec {
    /// The square a move lands on as written: castling as the king's two-square step.
    fn landing(&self, mv: Move) -> Square {
        crate::classic::notation::landing(&self.now.board, mv)
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

    /// Reads a decision and checks that it is open now.
    pub fn parse_notation(&self, text: &str) -> Result<QecDecision, DecisionError> {
        let mut open = Vec::new();
        self.decisions(&mut open);
        let core = text.trim().trim_end_matches(['✖', '+', '#', '!', '?']);
        let wanted = parse_shape(core).ok_or_else(|| {
            DecisionError::unparsable(
                text,
                "expected a move like `e2-e4`, `e7-e8=Q` or `O-O`, or a draft link like `e2~b8`",
            )
        })?;
        open.into_iter()
            .find(|&d| self.matches(d, &wanted))
            .ok_or_else(|| DecisionError::illegal(text, self.why_not(&wanted)))
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
            Phase::Draft => "not an open draft pick (your free pawn ~ a free enemy officer)".into(),
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
    use super::*;

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
}
