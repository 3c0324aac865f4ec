//! Die Chess as an omnichess [`Variant`].

use cozy_chess::Color;
use omnichess_core::{
    DecisionError, DecisionInfo, DecisionKind, GameRecord, Notation, Outcome, Player,
    PositionError, Presentation, RecordError, Records, TurnNumber, Variant,
};

use super::record;
use super::state::{Dice, DiceDecision};
use crate::common::fen::STANDARD_START;

impl Variant for Dice {
    const NAME: &'static str = "dice";
    const TITLE: &'static str = "Die chess";
    const GUIDE: omnichess_core::Guide = super::guide::GUIDE;
    const DESCRIPTION: &'static str = "Die Chess: a die picks the piece type you must move; check, castling and promotion by roll";

    fn start() -> Dice {
        // The standard FEN always reads.
        Dice::from_text(STANDARD_START).unwrap_or_else(|e| unreachable!("standard start: {e}"))
    }
}

impl Notation for Dice {
    fn from_position_text(text: &str) -> Result<Dice, PositionError> {
        Dice::from_text(text)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn parse_decision(&self, text: &str) -> Result<DiceDecision, DecisionError> {
        self.parse_notation(text)
    }

    fn decision_text(&self, decision: DiceDecision) -> String {
        self.notation(decision)
    }
}

impl Presentation for Dice {
    const NOTATION_HELP: &'static str = "The program rolls the die; type a move of the rolled type in SAN (Nf3, exd5, O-O), `--`\nto forfeit when no piece of that type can move, and `[K!]` (move the king without rolling)\nor `roll` when in check. A draw by threefold repetition or fifty moves is claimed with\n`draw` after the roll, before you move (the line above the prompt says when one is open).";

    fn diagram(&self) -> String {
        self.draw()
    }

    fn view(&self) -> omnichess_core::View {
        self.draw_view()
    }

    /// The FEN edited square by square, the die kept, the turn starting with its roll.
    fn edited(
        &self,
        edits: &[omnichess_core::SquareEdit],
        to_move: omnichess_core::Player,
    ) -> Option<Result<Dice, omnichess_core::PositionError>> {
        Some(
            self.edited_text(edits, to_move)
                .and_then(|text| Dice::from_text(&text)),
        )
    }

    /// §1's forfeit `--` passes; §4's checked player claims `[K!]` or asks for the `roll`.
    fn decision_info(&self, decision: DiceDecision) -> DecisionInfo {
        match decision {
            DiceDecision::Forfeit => {
                DecisionInfo::labelled(DecisionKind::Pass, "Pass (forfeit the turn)")
            }
            DiceDecision::KingWithoutRolling => {
                DecisionInfo::labelled(DecisionKind::Claim, "Move the king without rolling [K!]")
            }
            DiceDecision::ChooseRoll => DecisionInfo::labelled(DecisionKind::Roll, "Roll the die"),
            DiceDecision::Roll(_) | DiceDecision::Promote(_) | DiceDecision::Move(_) => {
                DecisionInfo::MOVE
            }
        }
    }

    /// The FEN's move number and side: a position text starts its turns from 0.
    fn turn_number(&self) -> TurnNumber {
        TurnNumber {
            number: u64::from(self.now.fullmoves.max(1)),
            player: match self.now.board.side() {
                Color::White => Player::White,
                Color::Black => Player::Black,
            },
        }
    }
}

impl Records for Dice {
    const RECORD_EXTENSION: &'static str = "pgn";

    fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
        record::parse(text)
    }

    fn record_text(start: &Dice, decisions: &[DiceDecision], outcome: Option<Outcome>) -> String {
        record::write(start, decisions, outcome)
    }
}
