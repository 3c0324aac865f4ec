//! Die Chess notation: a roll is the rolled piece's letter in brackets (`[N]`), the promotion
//! roll too (`[Q]`); a forfeited turn is `--`; a checked player's choice is `[K!]` (move the
//! king without rolling) or `roll`; moves are SAN (`Nf3`, `exd5`, `O-O`; a pawn reaching the
//! last rank is written without its piece, `e8`, which the next roll decides). UCI (`g1f3`)
//! is read too.

use cozy_chess::{Move, Piece};
use omnichess_core::{DecisionError, Game};

use super::state::{Dice, DiceDecision};
use crate::common::san::{SanShape, disambiguation, parse_san, parse_uci, push_target};

fn letter(p: Piece) -> char {
    char::from(p).to_ascii_uppercase()
}

impl Dice {
    /// The decision in Die Chess notation.
    #[must_use]
    pub fn notation(&self, decision: DiceDecision) -> String {
        match decision {
            DiceDecision::Roll(p) | DiceDecision::Promote(p) => format!("[{}]", letter(p)),
            DiceDecision::KingWithoutRolling => "[K!]".into(),
            DiceDecision::ChooseRoll => "roll".into(),
            DiceDecision::Forfeit => "--".into(),
            DiceDecision::Move(mv) => self.san(mv),
        }
    }

    /// SAN of a legal move, with `+` when it checks and `#` when it mates.
    #[must_use]
    pub fn san(&self, mv: Move) -> String {
        let b = &self.now.board;
        let piece = b.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let mut text = String::new();
        if b.is_castle(mv) {
            text.push_str(if mv.to.file() > mv.from.file() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let capture = b.captured_square(mv).is_some();
            if piece == Piece::Pawn {
                if capture {
                    text.push(char::from(mv.from.file()));
                }
            } else {
                text.push(letter(piece));
                let mut rivals = Vec::new();
                self.moves_of(piece, |other| {
                    if other.to == mv.to && other.from != mv.from {
                        rivals.push(other.from);
                    }
                });
                text.push_str(&disambiguation(mv.from, rivals));
            }
            push_target(&mut text, capture, mv);
        }
        if !self.reaches_last_rank(mv) && b.piece_on(mv.to) != Some(Piece::King) {
            let mut after = self.clone();
            after.apply(DiceDecision::Move(mv));
            let them = after.now.board.side();
            if after.now.board.in_check(them) {
                text.push(if after.any_move() { '+' } else { '#' });
            }
        }
        text
    }

    /// Reads a decision and checks that it is open now.
    pub fn parse_notation(&self, text: &str) -> Result<DiceDecision, DecisionError> {
        let mut open = Vec::new();
        self.decisions(&mut open);
        let t = text.trim();
        let wanted: Option<DiceDecision> = match t {
            "--" => Some(DiceDecision::Forfeit),
            "[K!]" => Some(DiceDecision::KingWithoutRolling),
            "roll" | "[roll]" => Some(DiceDecision::ChooseRoll),
            _ => None,
        };
        if let Some(w) = wanted {
            return open
                .contains(&w)
                .then_some(w)
                .ok_or_else(|| DecisionError::illegal(text, self.why_not()));
        }
        if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            let piece = inner.to_ascii_lowercase().parse::<Piece>().map_err(|_| {
                DecisionError::unparsable(
                    text,
                    "a roll is `[P]`, `[N]`, `[B]`, `[R]`, `[Q]` or `[K]`",
                )
            })?;
            return open
                .iter()
                .copied()
                .find(|&d| matches!(d, DiceDecision::Roll(p) | DiceDecision::Promote(p) if p == piece))
                .ok_or_else(|| DecisionError::illegal(text, self.why_not()));
        }
        let moves: Vec<Move> = open
            .iter()
            .filter_map(|d| match d {
                DiceDecision::Move(mv) => Some(*mv),
                _ => None,
            })
            .collect();
        if let Some((from, to, promotion)) = parse_uci(t) {
            if promotion.is_some() {
                return Err(DecisionError::illegal(
                    text,
                    "the promotion piece is rolled (§3): write the move without it",
                ));
            }
            return moves
                .into_iter()
                .find(|mv| mv.from == from && mv.to == to)
                .map(DiceDecision::Move)
                .ok_or_else(|| DecisionError::illegal(text, self.why_not()));
        }
        let shape = parse_san(t).ok_or_else(|| {
            DecisionError::unparsable(
                text,
                "expected a roll `[N]`, `[K!]`, `roll`, `--`, or a move in SAN (`Nf3`) or UCI (`g1f3`)",
            )
        })?;
        if let SanShape::Normal {
            promotion: Some(_), ..
        } = shape
        {
            return Err(DecisionError::illegal(
                text,
                "the promotion piece is rolled (§3): write the move without it, e.g. `e8`",
            ));
        }
        let b = &self.now.board;
        let mut found = moves.into_iter().filter(|&mv| match shape {
            SanShape::Castle { long } => b.is_castle(mv) && (mv.to.file() < mv.from.file()) == long,
            SanShape::Normal {
                piece,
                from_file,
                from_rank,
                to,
                ..
            } => {
                !b.is_castle(mv)
                    && b.piece_on(mv.from) == Some(piece)
                    && mv.to == to
                    && from_file.is_none_or(|f| mv.from.file() == f)
                    && from_rank.is_none_or(|r| mv.from.rank() == r)
            }
        });
        match (found.next(), found.next()) {
            (Some(mv), None) => Ok(DiceDecision::Move(mv)),
            (None, _) => Err(DecisionError::illegal(text, self.why_not())),
            (Some(a), Some(b2)) => Err(DecisionError::illegal(
                text,
                format!("ambiguous: it could be {} or {}", self.san(a), self.san(b2)),
            )),
        }
    }

    fn why_not(&self) -> String {
        use super::state::Phase;
        match self.now.phase {
            Phase::Start | Phase::Rolling if self.chooses_first() => {
                "in check: choose `[K!]` (move the king without rolling) or `roll` (§4)".into()
            }
            Phase::Start | Phase::Rolling => "the die is rolled first: `[P]` … `[K]`".into(),
            Phase::KingOnly => "after `[K!]` only a legal king move".into(),
            Phase::Rolled(p) => format!(
                "the die showed {}: a legal move of that piece (or `--` when there is none)",
                letter(p)
            ),
            Phase::Promotion(_) => "the promotion roll: `[N]`, `[B]`, `[R]` or `[Q]`".into(),
            Phase::KingTaken(_) => "the game is over".into(),
        }
    }
}
