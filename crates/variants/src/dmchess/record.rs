//! Game records: PGN with a `Variant "DMChess"` tag, the start position in a `FEN` tag (the
//! position text) when it is not the standard start, and EDAN movetext.

use omnichess_core::{Game, GameRecord, Outcome, Player, RecordError, Variant};

use super::position::{Move, Special};
use super::state::DmChess;
use crate::common::pgn;

/// Reads the first game of a record.
pub(super) fn parse(text: &str) -> Result<GameRecord, RecordError> {
    pgn::parse(text)
}

/// Writes a game record.
pub(super) fn write(start: &DmChess, moves: &[Move], outcome: Option<Outcome>) -> String {
    let result = outcome.map_or("*", |o| o.score_text());
    let mut extra = vec![("Variant", "DMChess".to_owned())];
    let text = start.text();
    if text != DmChess::start().text() {
        extra.push(("SetUp", "1".to_owned()));
        extra.push(("FEN", text));
    }
    if let Some(o) = outcome {
        extra.extend(pgn::ending_tags(o));
    }
    let mut out = pgn::tags("omnichess DMChess game", result, &extra);
    out.push('\n');
    let mut game = start.clone();
    let mut tokens = Vec::new();
    let mut numbered = false;
    for &mv in moves {
        let number = game.pos.fullmoves;
        // Setup decisions (5.1.3) stand before the first move number.
        let setup = matches!(mv.special, Special::Transfer | Special::Done);
        match game.pos.side {
            _ if setup => {}
            Player::White => tokens.push(format!("{number}.")),
            Player::Black if !numbered => tokens.push(format!("{number}...")),
            Player::Black => {}
        }
        numbered |= !setup;
        tokens.push(game.edan(mv));
        game.apply(mv);
    }
    tokens.push(result.to_owned());
    out.push_str(&pgn::movetext(&tokens));
    out
}
