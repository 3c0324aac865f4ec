//! The decisions open in each phase, without allocation.

use cozy_chess::{BitBoard, Color, Piece};

use super::links::{officers, pawns};
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

    /// Every (own free pawn, enemy free officer) pair, keeping at least one own pawn free.
    fn draft_picks(&self, picker: Color, out: &mut Vec<QecDecision>) {
        let links = &self.now.links;
        let board = &self.now.board;
        for pawn in pawns(board, picker) {
            if links.partner(pawn).is_some() {
                continue;
            }
            for partner in officers(board, !picker) {
                if links.partner(partner).is_none() {
                    out.push(QecDecision::Link { pawn, partner });
                }
            }
        }
    }

    /// Whether the actor has any decision.
    pub(super) fn has_decision(&self) -> bool {
        match self.now.phase {
            Phase::Draft => self.now.draft_picker().is_some(),
            _ => self.now.board.generate_moves_for(self.movable(), |_| true),
        }
    }
}
