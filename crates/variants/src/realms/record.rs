//! Game records: PGN with a `Variant "Three Realms Chess"` tag, the start position in a `FEN`
//! tag (the position text) when it is not the standard start, and SAN movetext with the
//! seed's letters. Long algebraic movetext reads too.

use omnichess_core::{Game, GameRecord, Outcome, Player, RecordError};

use super::position_text::STANDARD_START;
use super::state::{Move, Realms};
use crate::common::pgn;

/// Reads the first game of a record.
pub(super) fn parse(text: &str) -> Result<GameRecord, RecordError> {
    pgn::parse(text)
}

/// Writes a game record.
pub(super) fn write(start: &Realms, moves: &[Move], outcome: Option<Outcome>) -> String {
    let result = outcome.map_or("*", |o| o.score_text());
    let mut extra = vec![("Variant", "Three Realms Chess".to_owned())];
    let text = start.text();
    if text != STANDARD_START {
        extra.push(("SetUp", "1".to_owned()));
        extra.push(("FEN", text));
    }
    if let Some(o) = outcome {
        extra.extend(pgn::ending_tags(o));
    }
    let mut out = pgn::tags("omnichess Three Realms game", result, &extra);
    out.push('\n');
    let mut game = start.clone();
    let mut tokens = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let number = game.fullmoves;
        match game.side {
            Player::White => tokens.push(format!("{number}.")),
            Player::Black if i == 0 => tokens.push(format!("{number}...")),
            Player::Black => {}
        }
        tokens.push(game.san(mv));
        game.apply(mv);
    }
    tokens.push(result.to_owned());
    out.push_str(&pgn::movetext(&tokens));
    out
}
