//! DMChess as an omnichess [`Variant`].

use omnichess_core::{
    DecisionError, DecisionInfo, DecisionKind, GameRecord, Notation, Outcome, Player,
    PositionError, Presentation, RecordError, Records, RulesTimeControl, Variant,
};

use super::position::{Move, Special};
use super::position_text::start_position;
use super::profile::Profile;
use super::record;
use super::state::DmChess;

impl Variant for DmChess {
    const NAME: &'static str = "dmchess";
    const TITLE: &'static str = "Dimensional chess (DMChess)";
    const GUIDE: omnichess_core::Guide = super::guide::GUIDE;
    const DESCRIPTION: &'static str =
        "DMChess: eight 8x8 boards D1-D8 joined by portals, energy levels (DEL), several kings";
    const PLAYER_NAMES: [&'static str; 2] = ["light", "dark"];

    fn time_controls() -> Vec<RulesTimeControl> {
        super::time_controls::rules_time_controls()
    }

    fn start() -> DmChess {
        DmChess::new(start_position(), Profile::default_profile())
    }
}

impl Notation for DmChess {
    fn from_position_text(text: &str) -> Result<DmChess, PositionError> {
        DmChess::from_text(text)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn parse_decision(&self, text: &str) -> Result<Move, DecisionError> {
        self.parse_move(text)
    }

    fn decision_text(&self, mv: Move) -> String {
        self.edan(mv)
    }
}

impl Presentation for DmChess {
    const NOTATION_HELP: &'static str = "Type a move in EDAN: piece letter (K Q R B N, P or nothing for a pawn), origin dimension\nand square, `-`, destination dimension and square: Pd1a2-d1a4 (or d1a2-d1a4), Nd1g1-d1f3.\nA dimensional move enters a portal (@N on the boards: it leads to DN) and moves on from the\nsame square of DN: Qd2e4-d5f6 needs DEL >= |2-5|. No move ends on a portal. Promotion: =Q.\nCastling is the king's move: Kd1e1-d1g1, or Kd1e1-d3g1 to castle with D3's rook.";

    const COMMANDS_HELP: &'static str =
        "  del SQUARE   the piece on a square (d2e4), its DEL and the boards it can cross to";

    fn command(&self, name: &str, argument: &str) -> Option<String> {
        (name == "del").then(|| self.describe(argument))
    }

    fn diagram(&self) -> String {
        self.draw(self.pos.side)
    }

    /// From `viewer`'s side (the human's against the computer), else the side to move's.
    fn diagram_for(&self, viewer: Option<Player>) -> String {
        self.draw(viewer.unwrap_or(self.pos.side))
    }

    fn view(&self) -> omnichess_core::View {
        self.draw_view()
    }

    fn edited(
        &self,
        edits: &[omnichess_core::SquareEdit],
        to_move: Player,
    ) -> Option<Result<DmChess, PositionError>> {
        Some(self.with_edits(edits, to_move))
    }

    /// 5.1.3 (ruling K.5): `done` ends a player's distribution of kings.
    fn decision_info(&self, mv: Move) -> DecisionInfo {
        if mv.special == Special::Done {
            DecisionInfo::labelled(DecisionKind::Done, "Done")
        } else {
            DecisionInfo::MOVE
        }
    }
}

impl Records for DmChess {
    const RECORD_EXTENSION: &'static str = "pgn";

    fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
        record::parse(text)
    }

    fn record_text(start: &DmChess, moves: &[Move], outcome: Option<Outcome>) -> String {
        record::write(start, moves, outcome)
    }
}
