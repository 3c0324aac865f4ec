//! Three Realms Chess as an omnichess [`Variant`].

use omnichess_core::{
    DecisionError, GameRecord, Notation, Outcome, PositionError, Presentation, RecordError,
    Records, Variant,
};

use super::position_text::STANDARD_START;
use super::record;
use super::state::{Move, Realms};

impl Variant for Realms {
    const NAME: &'static str = "realms";
    const TITLE: &'static str = "Three Realms";
    const GUIDE: omnichess_core::Guide = super::guide::GUIDE;
    const CLAIMED_VALUES: &'static [omnichess_core::ClaimedValue] = super::claimed_values::CLAIMED;
    const DESCRIPTION: &'static str = "Three Realms Chess: heavens, Earth and underworld boards, 17 kinds of piece (11 of them fairy) that change with the realm";

    fn start() -> Realms {
        Realms::from_text(STANDARD_START).unwrap_or_else(|e| unreachable!("standard start: {e}"))
    }
}

impl Notation for Realms {
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

    /// SAN with the seed's letters (`Nl3`, `exw5`, `O-O`), which reads back (R.6).
    fn display_text(&self, mv: Move) -> String {
        self.san(mv)
    }
}

impl Presentation for Realms {
    const NOTATION_HELP: &'static str = "Type a move in long algebraic, origin then target: n2n4, e4w5 (heavens a-h, Earth j-q,\nunderworld s-z, ranks 1-8; a file keeps its index across realms: e, n and w are fifth files);\ncastling as the king's move n1p1 or O-O / O-O-O, or as a rook move q1n1 (the rook takes its own\nking; the opponent's fallen angels then imitate the rook).\nSAN reads too, with the seed's letters: Nn3, Hm6, exw5 (pawn: no letter or W), C scholar,\nD warmachine, E elephant, X fallen angel, I or M imp, A angel, S silver general, P pegasus,\nG grandmaster, F fiend. Promotions are automatic. Your fallen angels move as the kind your\nopponent moved last (the line under the boards says which).";

    fn diagram(&self) -> String {
        self.draw_for(self.side)
    }

    /// From `viewer`'s side (the human's against the computer), else the side to move's.
    fn diagram_for(&self, viewer: Option<omnichess_core::Player>) -> String {
        self.draw_for(viewer.unwrap_or(self.side))
    }

    fn view(&self) -> omnichess_core::View {
        self.draw_view()
    }

    fn edited(
        &self,
        edits: &[omnichess_core::SquareEdit],
        to_move: omnichess_core::Player,
    ) -> Option<Result<Realms, omnichess_core::PositionError>> {
        Some(self.with_edits(edits, to_move))
    }
}

impl Records for Realms {
    const RECORD_EXTENSION: &'static str = "pgn";

    fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
        record::parse(text)
    }

    fn record_text(start: &Realms, moves: &[Move], outcome: Option<Outcome>) -> String {
        record::write(start, moves, outcome)
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::Variant;

    use super::Realms;
    use crate::realms::{KINDS, Kind};

    /// The description counts the kinds: all of them, and those not FIDE's six.
    #[test]
    fn the_description_counts_the_kinds() {
        let fide = [
            Kind::Pawn,
            Kind::Rook,
            Kind::Knight,
            Kind::Bishop,
            Kind::Queen,
            Kind::King,
        ];
        let fairy = Kind::ALL.iter().filter(|k| !fide.contains(k)).count();
        let counted = format!("{KINDS} kinds of piece ({fairy} of them fairy)");
        assert!(
            Realms::DESCRIPTION.contains(&counted),
            "{}",
            Realms::DESCRIPTION
        );
    }
}
