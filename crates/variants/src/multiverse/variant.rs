//! 5D Chess as an omnichess [`Variant`].

use omnichess_core::{
    BoardLayout, DecisionError, DecisionInfo, EnginePosition, EnginePositionError, EngineProtocol,
    GameRecord, NamedStart, Notation, Outcome, PositionError, Presentation, RecordError, Records,
    Variant,
};

use super::duci::long_duci_move;
use super::pgn;
use super::state::{Decision5, Multiverse};

impl Variant for Multiverse {
    const NAME: &'static str = "multiverse";
    const TITLE: &'static str = "5D chess (multiverse)";
    const GUIDE: omnichess_core::Guide = super::guide::GUIDE;
    const DESCRIPTION: &'static str =
        "5D Chess with Multiverse Time Travel: timelines, time travel, the present (5DFEN, 5DPGN)";

    const LAYOUT: BoardLayout = BoardLayout::Timelines;
    const ENGINE_PROTOCOL: EngineProtocol = EngineProtocol::Duci;

    /// The official variants ([`super::variants::VARIANTS`]), `Standard` first, each played
    /// by its `[Board "NAME"]` position.
    fn starts() -> Vec<NamedStart> {
        super::variants::VARIANTS
            .iter()
            .map(|v| NamedStart {
                name: v.name.to_owned(),
                position: Some(format!("[Board \"{}\"]", v.name)),
                size: Some((v.size.0.unsigned_abs(), v.size.1.unsigned_abs())),
            })
            .collect()
    }

    fn start() -> Multiverse {
        Multiverse::from_text("[Board \"Standard\"]")
            .unwrap_or_else(|e| unreachable!("the Standard variant is built in: {e}"))
    }
}

impl Notation for Multiverse {
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

    /// 5DUCI: the position as 5DFEN blocks ([`Multiverse::duci_position`]), with the
    /// playable boards as the decisions still to make.
    fn engine_position(&self) -> Result<EnginePosition, EnginePositionError> {
        if self.present_passed() {
            return Err(EnginePositionError::Unwritable(
                "5DFEN cannot say whose turn it is once the present has passed".into(),
            ));
        }
        Ok(EnginePosition {
            text: self.duci_position(),
            decisions: u32::try_from(self.playable_lines().count())
                .unwrap_or(u32::MAX)
                .max(1),
        })
    }

    /// 5DUCI: `startpos` (the Standard variant from turn zero) or `[size MxN] [odd|even] fen
    /// BLOCKS` ([`Multiverse::from_duci_position`]).
    fn from_engine_position(text: &str) -> Result<Multiverse, PositionError> {
        Multiverse::from_duci_position(text)
    }

    fn engine_decision_text(&self, decision: Decision5) -> String {
        self.duci_text(decision)
    }

    /// A 5DUCI move, in the long form or ftxi's short form for a move within one board
    /// ([`long_duci_move`]), or `submit`.
    fn parse_engine_decision(&self, word: &str) -> Result<Decision5, DecisionError> {
        self.parse_duci(&long_duci_move(word))
    }
}

impl Presentation for Multiverse {
    const NOTATION_HELP: &'static str = "Type a move with its board, as in 5DPGN: (0T1)Ng1f3 or (0T1)Nf3, a time jump\n(0T2)Ka2>>(0T1)a2, a timeline jump (0T5)Qb3>(1T5)b3; `submit` ends your turn.";

    fn diagram(&self) -> String {
        self.draw()
    }

    fn view(&self) -> omnichess_core::View {
        self.draw_view()
    }

    /// Without the view's every legal move: the decision's own squares.
    fn decision_view(&self, decision: Decision5) -> Option<omnichess_core::MoveView> {
        Some(self.draw_decision(decision))
    }

    /// `submit` ends a turn of moves on several boards (R2 of docs/rules/multiverse.md).
    fn decision_info(&self, d: Decision5) -> DecisionInfo {
        match d {
            Decision5::Submit => DecisionInfo::turn_end("Submit turn"),
            Decision5::Move(_) => DecisionInfo::MOVE,
        }
    }
}

impl Records for Multiverse {
    const RECORD_EXTENSION: &'static str = "5dpgn";

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
