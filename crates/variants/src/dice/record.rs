//! Die Chess game records: PGN with every roll in the movetext
//! (`1. [N] Nf3 [B] -- 2. [P] e4 …`), a non-default die in a `[Die "…"]` tag.

use cozy_chess::Color;
use omnichess_core::{Game, GameRecord, Outcome, RecordError};

use super::state::{Dice, DiceDecision, Phase};
use crate::common::fen::STANDARD_START;
use crate::common::pgn;

/// Reads the first game of a Die Chess record (PGN, rolls as bracketed decisions).
pub(super) fn parse(text: &str) -> Result<GameRecord, RecordError> {
    let mut record = pgn::parse(text)?;
    let fen = record.tag("FEN").unwrap_or(STANDARD_START).to_owned();
    let die = record
        .tag("Die")
        .map(|d| format!(" die:{d}"))
        .unwrap_or_default();
    let phase = record
        .tag("Phase")
        .map(|p| format!(" {p}"))
        .unwrap_or_default();
    record.start = Some(format!("{fen}{die}{phase}"));
    Ok(record)
}

/// Writes a Die Chess game record.
pub(super) fn write(start: &Dice, decisions: &[DiceDecision], outcome: Option<Outcome>) -> String {
    let result = outcome.map_or("*", |o| o.score_text());
    let text = start.text();
    let fields: Vec<&str> = text.split(' ').collect();
    let fen = fields[..6].join(" ");
    let mut extra = vec![("Variant", "Die Chess".to_owned())];
    if fen != STANDARD_START {
        extra.push(("FEN", fen));
    }
    for field in &fields[6..] {
        match field.strip_prefix("die:") {
            Some(die) => extra.push(("Die", die.to_owned())),
            None => extra.push(("Phase", (*field).to_owned())),
        }
    }
    if let Some(o) = outcome {
        extra.extend(pgn::ending_tags(o));
    }
    let mut out = pgn::tags("omnichess Die Chess game", result, &extra);
    out.push('\n');
    let mut game = start.clone();
    let mut tokens = Vec::new();
    for (i, &d) in decisions.iter().enumerate() {
        if game.phase() == Phase::Start || i == 0 {
            let number = game.now.fullmoves;
            match game.board().side() {
                Color::White if game.phase() == Phase::Start => tokens.push(format!("{number}.")),
                Color::Black if i == 0 => tokens.push(format!("{number}...")),
                _ => {}
            }
        }
        tokens.push(game.notation(d));
        game.apply(d);
    }
    tokens.push(result.to_owned());
    out.push_str(&pgn::movetext(&tokens));
    out
}
