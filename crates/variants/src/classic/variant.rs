//! Classic chess as an omnichess [`Variant`]: FEN, UCI/SAN, PGN, the Unicode diagram.

use cozy_chess::{Board, Move};
use omnichess_core::{
    DecisionError, GameRecord, Notation, Outcome, PositionError, Presentation, RecordError,
    Records, Variant,
};

use super::{Classic, record};
use crate::common::pgn;

impl Variant for Classic {
    const NAME: &'static str = "classic";
    const TITLE: &'static str = "Classic chess";
    const GUIDE: omnichess_core::Guide = super::guide::GUIDE;
    const DESCRIPTION: &'static str =
        "Chess by the FIDE Laws (FEN positions, SAN or UCI moves, PGN games)";

    fn start() -> Classic {
        Classic::from_board(Board::default())
    }
}

impl Notation for Classic {
    fn from_position_text(text: &str) -> Result<Classic, PositionError> {
        Classic::from_fen(text)
    }

    fn position_text(&self) -> String {
        self.fen()
    }

    fn parse_decision(&self, text: &str) -> Result<Move, DecisionError> {
        self.parse_move(text)
    }

    fn decision_text(&self, mv: Move) -> String {
        self.uci(mv)
    }

    fn display_text(&self, mv: Move) -> String {
        self.san(mv)
    }
}

impl Presentation for Classic {
    const NOTATION_HELP: &'static str =
        "Type a move in SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q).";

    fn diagram(&self) -> String {
        self.draw()
    }

    fn view(&self) -> omnichess_core::View {
        self.draw_view()
    }

    /// The FEN edited square by square, then validated as any FEN is (C1–C3's checks).
    fn edited(
        &self,
        edits: &[omnichess_core::SquareEdit],
        to_move: omnichess_core::Player,
    ) -> Option<Result<Classic, omnichess_core::PositionError>> {
        Some(
            crate::common::fen::Setup::parse(&self.fen()).and_then(|mut setup| {
                setup.edit(edits, to_move)?;
                setup.validate()
            }),
        )
    }
}

impl Records for Classic {
    const RECORD_EXTENSION: &'static str = "pgn";

    fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
        pgn::parse(text)
    }

    fn record_text(start: &Classic, moves: &[Move], outcome: Option<Outcome>) -> String {
        record::write(start, moves, outcome)
    }
}
