//! The decisions open in each phase, without allocation.

use cozy_chess::{BitBoard, Color, Piece};

use super::draft::for_each_pick;
use super::state::{Phase, Qec, QecDecision};

impl Qec {
    /// The board squares whose pieces may move in the current phase.
    fn movable(&self) -> BitBoard {
        let b = &self.now.board;
        match self.now.phase {
            Phase::Move => BitBoard::FULL,
            Phase::Reply(partner) => partner.bitboard(),
            Phase::Reactive => b.colored_pieces(b.side_to_move(), Piece::King),
            Phase::Draft => BitBoard::EMPTY,
        }
    }

    pub(super) fn legal_decisions(&self, out: &mut Vec<QecDecision>) {
        out.clear();
        if self.now.phase == Phase::Draft {
            if let Some(picker) = self.now.draft_picker() {
                self.draft_picks(picker, out);
            }
            return;
        }
        self.now.board.generate_moves_for(self.movable(), |moves| {
            out.extend(moves.into_iter().map(QecDecision::Move));
            false
        });
    }

    /// Every open pick: an own pawn in no link with an enemy officer in no link (`draft.rs`).
    fn draft_picks(&self, picker: Color, out: &mut Vec<QecDecision>) {
        for_each_pick(&self.now.board, &self.now.links, picker, |pawn, partner| {
            out.push(QecDecision::Link { pawn, partner });
        });
    }

    /// Whether the actor has any decision.
    pub(super) fn has_decision(&self) -> bool {
        match self.now.phase {
            Phase::Draft => self.now.draft_picker().is_some(),
            _ => self.now.board.generate_moves_for(self.movable(), |_| true),
        }
    }
}
