//! 5D Chess as an omnichess [`Variant`].

use omnichess_core::{DecisionError, GameRecord, Outcome, PositionError, RecordError, Variant};

use super::pgn;
use super::state::{Decision5, Multiverse};

impl Variant for Multiverse {
    const NAME: &'static str = "multiverse";
    const DESCRIPTION: &'static str =
        "5D Chess with Multiverse Time Travel: timelines, time travel, the present (5DFEN, 5DPGN)";
    const RECORD_EXTENSION: &'static str = "5dpgn";
    const NOTATION_HELP: &'static str = "Type a move with its board, as in 5DPGN: (0T1)Ng1f3 or (0T1)Nf3, a time jump\n(0T2)Ka2>>(0T1)a2, a timeline jump (0T5)Qb3>(1T5)b3; `submit` ends your turn.";

    fn start() -> Multiverse {
        Multiverse::from_text("[Board \"Standard\"]")
            .unwrap_or_else(|e| unreachable!("the Standard variant is built in: {e}"))
    }

    fn from_position_text(text: &str) -> Result<Multiverse, PositionError> {
        Multiverse::from_text(text)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn parse_decision(&self, text: &str) -> Result<Decision5, DecisionError> {
        self.parse_notation(text)
    }

    fn decision_text(&self, decision: Decision5) -> String {
        self.notation(decision)
    }

    fn diagram(&self) -> String {
        self.draw()
    }

    fn view(&self) -> omnichess_core::View {
        self.draw_view()
    }

    fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
        pgn::parse(text)
    }

    fn record_text(
        start: &Multiverse,
        decisions: &[Decision5],
        outcome: Option<Outcome>,
    ) -> String {
        pgn::write(start, decisions, outcome)
    }
}
