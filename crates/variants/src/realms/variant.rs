//! Three Realms Chess as an omnichess [`Variant`].

use omnichess_core::{DecisionError, GameRecord, Outcome, PositionError, RecordError, Variant};

use super::position_text::STANDARD_START;
use super::record;
use super::state::{Move, Realms};

impl Variant for Realms {
    const NAME: &'static str = "realms";
    const DESCRIPTION: &'static str = "Three Realms Chess: heavens, Earth and underworld boards, 16 fairy pieces that change with the realm";
    const RECORD_EXTENSION: &'static str = "pgn";

    fn start() -> Realms {
        Realms::from_text(STANDARD_START).unwrap_or_else(|e| unreachable!("standard start: {e}"))
    }

    fn from_position_text(text: &str) -> Result<Realms, PositionError> {
        Realms::from_text(text)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn parse_decision(&self, text: &str) -> Result<Move, DecisionError> {
        self.parse_move(text)
    }

    fn decision_text(&self, mv: Move) -> String {
        self.long_algebraic(mv)
    }

    fn diagram(&self) -> String {
        self.draw_for(self.side)
    }

    fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
        record::parse(text)
    }

    fn record_text(start: &Realms, moves: &[Move], outcome: Option<Outcome>) -> String {
        record::write(start, moves, outcome)
    }
}
