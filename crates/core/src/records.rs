//! A variant's game records: its record format read and written, and a record replayed.

use crate::{GameRecord, Notation, Outcome, RecordError, ReplayError, Variant};

/// The variant's record format (PGN, 5DPGN, …) as a [`GameRecord`], and back.
pub trait Records: Notation {
    /// The file extension of its records, without the dot (`pgn`, `5dpgn`).
    const RECORD_EXTENSION: &'static str;

    /// Reads a game record in the variant's record format.
    fn parse_record(text: &str) -> Result<GameRecord, RecordError>;

    /// Writes the game played from `start` through `decisions` in the variant's record format,
    /// with `outcome` as its result when the game is over.
    fn record_text(start: &Self, decisions: &[Self::Decision], outcome: Option<Outcome>) -> String;

    /// The texts of `decisions` played one after another from this state, each in the
    /// notation of the state it is played in.
    fn decision_texts(&self, decisions: &[Self::Decision]) -> Vec<String> {
        let mut replay = self.clone();
        decisions
            .iter()
            .map(|&d| {
                let text = replay.decision_text(d);
                replay.apply(d);
                text
            })
            .collect()
    }

    /// The state at the end of `record`: its start position (the standard start,
    /// [`Variant::start`], when it names none) with every decision played. Stops at the first
    /// decision that cannot be played, naming it and its position.
    fn after_record(record: &GameRecord) -> Result<Self, ReplayError>
    where
        Self: Variant,
    {
        Self::replay_record(record, &mut |_| {})
    }

    /// [`Records::after_record`], calling `at_turn_start` with the start and with the state
    /// after every decision that completes a turn: each position of the record, in order
    /// (those before a decision that cannot be played included).
    fn replay_record(
        record: &GameRecord,
        at_turn_start: &mut dyn FnMut(&Self),
    ) -> Result<Self, ReplayError>
    where
        Self: Variant,
    {
        let mut game = match record.start.as_deref() {
            Some(text) => Self::from_position_text(text)?,
            None => Self::start(),
        };
        at_turn_start(&game);
        for (i, d) in record.decisions.iter().enumerate() {
            let decision =
                game.parse_decision(&d.text)
                    .map_err(|source| ReplayError::Decision {
                        index: i + 1,
                        text: d.text.clone(),
                        line: d.line,
                        position: game.position_text(),
                        source,
                    })?;
            let turn = game.turn_index();
            game.apply(decision);
            if game.turn_index() != turn {
                at_turn_start(&game);
            }
        }
        Ok(game)
    }
}
