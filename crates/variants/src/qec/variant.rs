//! QEC as an omnichess [`Variant`].

use cozy_chess::{Board, Color};
use omnichess_core::{
    DecisionError, GameRecord, Notation, Outcome, Player, PositionError, Presentation, RecordError,
    Records, TurnNumber, Variant,
};

use super::links::file_mapping;
use super::state::{Core, Phase, Qec, QecDecision};
use super::{record, record_reader};

impl Variant for Qec {
    const NAME: &'static str = "qec";
    const TITLE: &'static str = "Quantum entangled chess";
    const GUIDE: omnichess_core::Guide = super::guide::GUIDE;
    const CLAIMED_VALUES: &'static [omnichess_core::ClaimedValue] = super::claimed_values::CLAIMED;
    const DESCRIPTION: &'static str =
        "Quantum Entanglement Chess: entangled pawn/piece pairs, forced replies, reactive check";

    /// The standard start with the file mapping (docs/rules/qec.md, §3.1).
    fn start() -> Qec {
        let board = Board::default();
        let links = file_mapping(&board);
        Qec {
            now: Core {
                board,
                links,
                phase: Phase::Move,
                entangled: true,
                mover: cozy_chess::Color::White,
                clock_reset: false,
                reacted: false,
                halfmoves: 0,
                fullmoves: 1,
                turn: 0,
                seed: None,
            },
            earlier: Vec::new(),
        }
    }
}

impl Notation for Qec {
    fn from_position_text(text: &str) -> Result<Qec, PositionError> {
        Qec::from_text(text)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn parse_decision(&self, text: &str) -> Result<QecDecision, DecisionError> {
        self.parse_notation(text)
    }

    fn decision_text(&self, decision: QecDecision) -> String {
        self.notation(decision)
    }

    /// SAN (`Nf3`, `exd5`, `O-O`), which reads back: the move list and the computer's moves
    /// are shown in the notation players type.
    fn display_text(&self, decision: QecDecision) -> String {
        self.san(decision)
    }
}

impl Presentation for Qec {
    const NOTATION_HELP: &'static str = "Type a move as e2-e4 (SAN and UCI read too); when your entangled partner must reply,\ntype the forced reply as a plain move (b8-c6).";

    fn diagram(&self) -> String {
        self.draw()
    }

    fn view(&self) -> omnichess_core::View {
        self.draw_view()
    }

    /// The FEN edited square by square, the links of edited squares dropped, the turn
    /// starting afresh; validated as any position text is.
    fn edited(
        &self,
        edits: &[omnichess_core::SquareEdit],
        to_move: omnichess_core::Player,
    ) -> Option<Result<Qec, omnichess_core::PositionError>> {
        Some(
            self.edited_text(edits, to_move)
                .and_then(|text| Qec::from_text(&text)),
        )
    }

    /// The FEN's move number and the turn's mover (in a forced reply the partner's owner
    /// acts, in the mover's turn): a position text starts its turns from 0.
    fn turn_number(&self) -> TurnNumber {
        TurnNumber {
            number: u64::from(self.now.fullmoves.max(1)),
            player: match self.now.mover {
                Color::White => Player::White,
                Color::Black => Player::Black,
            },
        }
    }
}

impl Records for Qec {
    const RECORD_EXTENSION: &'static str = "pgn";

    fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
        record_reader::parse(text)
    }

    fn record_text(start: &Qec, decisions: &[QecDecision], outcome: Option<Outcome>) -> String {
        record::write(start, decisions, outcome)
    }
}
