//! Game records: a start position and the decisions played from it, as text.

use crate::ReplayError;
use crate::session::DynGame;

/// One decision of a record, as written, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedDecision {
    /// The decision in the variant's notation.
    pub text: String,
    /// The 1-based line of the record it stands on.
    pub line: usize,
}

/// A game record read from a variant's record format (PGN for classic chess): tags, an
/// optional start position, and the decisions in order. Parsing only reads the text; the
/// decisions are checked by [`replay`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// The header tags in order, such as `("White", "Kasparov")`.
    pub tags: Vec<(String, String)>,
    /// The start position as position text; `None` for the variant's standard start.
    pub start: Option<String>,
    /// The decisions in the order they were played.
    pub decisions: Vec<RecordedDecision>,
    /// The result the record states (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

impl GameRecord {
    /// The value of the first tag named `name` (names compare case-sensitively, as in PGN).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Plays `record`'s decisions one by one on `game` (which must be at the record's start),
/// calling `at_turn_start` at the start and after every decision that completes a turn:
/// once for every position of the record, from the start through the end.
///
/// Stops at the first decision that cannot be played, naming it and its position.
pub fn replay(
    game: &mut dyn DynGame,
    record: &GameRecord,
    at_turn_start: &mut dyn FnMut(&mut dyn DynGame),
) -> Result<(), ReplayError> {
    at_turn_start(game);
    let mut turn = game.turn_index();
    for (i, decision) in record.decisions.iter().enumerate() {
        if crate::work_limit::expired() {
            // Cut by the work's deadline: `work_limit::within` reports it, not this result.
            return Ok(());
        }
        game.play(&decision.text)
            .map_err(|source| ReplayError::Decision {
                index: i + 1,
                text: decision.text.clone(),
                line: decision.line,
                // A refused decision leaves the position as it was.
                position: game.position_text(),
                source,
            })?;
        if game.turn_index() != turn {
            turn = game.turn_index();
            at_turn_start(game);
        }
    }
    Ok(())
}
