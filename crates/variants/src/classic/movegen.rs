//! Legal moves, from cozy-chess's generator, without allocation.

use cozy_chess::Move;

use super::Classic;

impl Classic {
    /// Clears `out` and fills it with the legal moves (castling as king-takes-rook, the
    /// cozy-chess encoding; notation converts it).
    #[inline]
    pub(super) fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.board.generate_moves(|piece_moves| {
            out.extend(piece_moves);
            false
        });
    }

    /// The number of legal moves, counted per piece without listing them.
    #[inline]
    pub(super) fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.board.generate_moves(|piece_moves| {
            n += piece_moves.len();
            false
        });
        n
    }

    /// Whether the side to move has any legal move.
    pub(super) fn has_legal_move(&self) -> bool {
        self.board.generate_moves(|_| true)
    }
}
