//! The end of the game: checkmate, stalemate, dead positions, the 75-move rule, fivefold
//! repetition, and the draws a player may claim (threefold repetition, fifty-move rule).
//! Rulings: docs/rules/classic.md.

use omnichess_core::ToAct;

use super::Classic;
use super::state::player;
use crate::common::fide_end::{FideEnd, claimable, dead_by_material, fide_to_act};

impl Classic {
    pub(super) fn rules_to_act(&self) -> ToAct {
        fide_to_act(&FideEnd {
            mover: player(self.board.side_to_move()),
            has_move: self.has_legal_move(),
            in_check: || !self.board.checkers().is_empty(),
            insufficient: || self.insufficient_material(),
            halfmoves: self.halfmoves,
            repetitions: || self.repetitions(),
        })
    }

    pub(super) fn rules_claimable_draw(&self) -> Option<&'static str> {
        // The claim first: whether the game is still open costs a move generation, and the
        // engine asks at every node.
        claimable(true, || self.repetitions(), self.halfmoves)
            .filter(|_| !matches!(self.rules_to_act(), ToAct::Nobody(_)))
    }

    /// How often the current position has occurred in this game, counting itself, by FIDE's
    /// definition (same pieces, side to move, castling rights, and en passant only where a
    /// capture is legal). Only positions since the last capture or pawn move can repeat.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let key = self.board.hash_without_ep();
        let reversible = usize::from(self.halfmoves).min(self.earlier.len());
        let recent = &self.earlier[self.earlier.len() - reversible..];
        1 + recent
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|s| s.board.hash_without_ep() == key && s.board.same_position(&self.board))
            .count()
    }

    /// FIDE's dead positions that material alone decides: no pawn, rook or queen, and either
    /// at most one minor piece or only bishops, all on squares of one colour.
    #[must_use]
    pub fn insufficient_material(&self) -> bool {
        dead_by_material(&self.board)
    }
}
