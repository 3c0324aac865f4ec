//! Classic chess records as PGN: the Seven Tag Roster, `FEN`/`SetUp` for a non-standard start,
//! SAN movetext (read by [`crate::common::pgn::parse`]).

use cozy_chess::{Color, Move};
use omnichess_core::{Game, Outcome};

use super::{Classic, STANDARD_START};
use crate::common::pgn::{movetext, tags};

/// Writes a game as PGN.
pub(super) fn write(start: &Classic, moves: &[Move], outcome: Option<Outcome>) -> String {
    let result = outcome.map_or("*", |o| o.score_text());
    let mut extra = Vec::new();
    let fen = start.fen();
    if fen != STANDARD_START {
        extra.push(("SetUp", "1".to_owned()));
        extra.push(("FEN", fen));
    }
    if let Some(o) = outcome {
        extra.extend(crate::common::pgn::ending_tags(o));
    }
    let mut out = tags("omnichess game", result, &extra);
    out.push('\n');
    let mut game = start.clone();
    let mut tokens = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let number = game.board().fullmove_number();
        match game.board().side_to_move() {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if i == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(game.san(mv));
        game.apply(mv);
    }
    tokens.push(result.to_owned());
    out.push_str(&movetext(&tokens));
    out
}
