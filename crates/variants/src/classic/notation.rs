//! Moves as text: UCI (long algebraic, `e2e4`, `e7e8q`, castling `e1g1`) and SAN (`Nf3`,
//! `exd5`, `O-O`, `e8=Q+`). Both are read; `moves` prints UCI, records use SAN.

use cozy_chess::{Move, Piece, Square};
use omnichess_core::DecisionError;

use super::Classic;
use crate::common::san::{SanShape, disambiguation, landing, parse_san, parse_uci, push_target};

impl Classic {
    /// Whether `mv` is castling (cozy-chess writes castling as the king taking its own rook).
    fn is_castle(&self, mv: Move) -> bool {
        self.board.colors(self.board.side_to_move()).has(mv.to)
    }

    /// The square the king lands on for castling, the move's target otherwise.
    fn landing(&self, mv: Move) -> Square {
        landing(&self.board, mv)
    }

    /// The move in UCI notation: `e2e4`, `e7e8q`, castling as the king's two-square step.
    #[must_use]
    pub fn uci(&self, mv: Move) -> String {
        let mut text = format!("{}{}", mv.from, self.landing(mv));
        if let Some(p) = mv.promotion {
            text.push(char::from(p));
        }
        text
    }

    /// The move in SAN, with `+` for check and `#` for mate.
    #[must_use]
    pub fn san(&self, mv: Move) -> String {
        let mut text = if self.is_castle(mv) {
            if mv.to.file() > mv.from.file() {
                "O-O".to_owned()
            } else {
                "O-O-O".to_owned()
            }
        } else {
            self.san_body(mv)
        };
        let mut after = self.board.clone();
        after.play_unchecked(mv);
        if !after.checkers().is_empty() {
            text.push(if after.generate_moves(|_| true) {
                '+'
            } else {
                '#'
            });
        }
        text
    }

    fn san_body(&self, mv: Move) -> String {
        let piece = self.board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let capture = self.board.piece_on(mv.to).is_some()
            || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
        let mut text = String::new();
        if piece == Piece::Pawn {
            if capture {
                text.push(char::from(mv.from.file()));
            }
        } else {
            text.push(char::from(piece).to_ascii_uppercase());
            let mut rivals = Vec::new();
            self.board
                .generate_moves_for(self.board.pieces(piece), |moves| {
                    if moves.from != mv.from && moves.to.has(mv.to) {
                        rivals.push(moves.from);
                    }
                    false
                });
            text.push_str(&disambiguation(mv.from, rivals));
        }
        push_target(&mut text, capture, mv);
        text
    }

    /// Reads a move in UCI or SAN and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, DecisionError> {
        let trimmed = text.trim();
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if let Some((from, to, promotion)) = parse_uci(trimmed) {
            return legal
                .iter()
                .copied()
                .find(|&mv| {
                    mv.from == from
                        && mv.promotion == promotion
                        && (mv.to == to || self.landing(mv) == to)
                })
                .ok_or_else(|| DecisionError::illegal(text, "no legal move goes so here"));
        }
        let shape = parse_san(trimmed).ok_or_else(|| {
            DecisionError::unparsable(
                text,
                "expected a move in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or UCI (`g1f3`, `e7e8q`)",
            )
        })?;
        let mut matches = legal
            .iter()
            .copied()
            .filter(|&mv| self.san_matches(mv, &shape));
        match (matches.next(), matches.next()) {
            (Some(mv), None) => Ok(mv),
            (None, _) => Err(DecisionError::illegal(
                text,
                "no legal move matches it here",
            )),
            (Some(a), Some(b)) => Err(DecisionError::illegal(
                text,
                format!("ambiguous: it could be {} or {}", self.san(a), self.san(b)),
            )),
        }
    }

    fn san_matches(&self, mv: Move, shape: &SanShape) -> bool {
        match *shape {
            SanShape::Castle { long } => {
                self.is_castle(mv) && (mv.to.file() < mv.from.file()) == long
            }
            SanShape::Normal {
                piece,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                !self.is_castle(mv)
                    && self.board.piece_on(mv.from) == Some(piece)
                    && mv.to == to
                    && mv.promotion == promotion
                    && from_file.is_none_or(|f| mv.from.file() == f)
                    && from_rank.is_none_or(|r| mv.from.rank() == r)
            }
        }
    }
}
