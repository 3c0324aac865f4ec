//! The toy as an omnichess [`Variant`]: coordinate notation (`a2a3`, `b1c3`, promotion
//! `a5a6q`) and PGN records with that movetext.

use omnichess_core::{
    DecisionError, Game, GameRecord, Notation, Outcome, Player, PositionError, Presentation,
    RecordError, Records, Variant,
};

use super::position_text::{self, START};
use super::state::{Move, SIZE, Toy};
use crate::common::pgn;

/// A square's name (`a1` … `f6`).
pub(super) fn square_name(square: u8) -> String {
    let (file, rank) = (usize::from(square) % SIZE, usize::from(square) / SIZE);
    format!("{}{}", char::from(b'a' + file as u8), rank + 1)
}

impl Variant for Toy {
    const NAME: &'static str = "toy";
    const TITLE: &'static str = "Toy chess (6×6)";
    const DESCRIPTION: &'static str =
        "A test variant: chess on a 6x6 board without bishops, castling or double steps";

    fn start() -> Toy {
        position_text::read(START).unwrap_or_else(|e| unreachable!("the start is valid: {e}"))
    }
}

impl Notation for Toy {
    fn from_position_text(text: &str) -> Result<Toy, PositionError> {
        position_text::read(text)
    }

    fn position_text(&self) -> String {
        position_text::write(self)
    }

    fn parse_decision(&self, text: &str) -> Result<Move, DecisionError> {
        let mut legal = Vec::new();
        self.decisions(&mut legal);
        legal
            .into_iter()
            .find(|&m| self.decision_text(m) == text.trim())
            .ok_or_else(|| {
                if text.trim().len() < 4 || !text.is_ascii() {
                    DecisionError::unparsable(text, "a move is two squares, like a2a3")
                } else {
                    DecisionError::illegal(text, "no legal move here goes so")
                }
            })
    }

    fn decision_text(&self, m: Move) -> String {
        let promotion = m.promotion.map_or(String::new(), |k| {
            k.letter().to_ascii_lowercase().to_string()
        });
        format!("{}{}{promotion}", square_name(m.from), square_name(m.to))
    }
}

impl Presentation for Toy {
    const NOTATION_HELP: &'static str =
        "Type a move as its two squares: a2a3, b1c3; a promotion adds the piece: a5a6q.";

    fn diagram(&self) -> String {
        super::view::diagram(self)
    }

    fn view(&self) -> omnichess_core::View {
        super::view::view(self)
    }
}

impl Records for Toy {
    const RECORD_EXTENSION: &'static str = "pgn";

    fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
        pgn::parse(text)
    }

    fn record_text(start: &Toy, moves: &[Move], outcome: Option<Outcome>) -> String {
        let result = outcome.map_or("*", |o| o.score_text());
        let mut extra = Vec::new();
        let text = start.position_text();
        if text != START {
            extra.push(("FEN", text));
        }
        if let Some(o) = outcome {
            extra.extend(pgn::ending_tags(o));
        }
        let mut out = pgn::tags("omnichess game", result, &extra);
        out.push('\n');
        let mut game = start.clone();
        let mut tokens = Vec::new();
        let mut number = 0;
        for (i, &m) in moves.iter().enumerate() {
            match game.mover() {
                Player::White => {
                    number += 1;
                    tokens.push(format!("{number}."));
                }
                Player::Black if i == 0 => {
                    number += 1;
                    tokens.push(format!("{number}..."));
                }
                Player::Black => {}
            }
            tokens.push(game.decision_text(m));
            game.apply(m);
        }
        tokens.push(result.to_owned());
        out.push_str(&pgn::movetext(&tokens));
        out
    }
}
