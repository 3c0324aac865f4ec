//! Legal moves, from cozy-chess's generator, without allocation.

use cozy_chess::{Board, Move};

use super::Classic;

/// The number of legal moves on `board`, counted per piece without listing them.
#[inline]
fn count_legal_moves(board: &Board) -> usize {
    let mut n = 0;
    board.generate_moves(|piece_moves| {
        n += piece_moves.len();
        false
    });
    n
}

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
        count_legal_moves(&self.board)
    }

    /// The number of legal moves after `mv`, counted on a copy of the board (perft's ply
    /// above the leaves: the history is left as it is).
    #[inline]
    pub(super) fn count_legal_moves_after(&self, mv: Move) -> usize {
        let mut child = self.board.clone();
        child.play_unchecked(mv);
        count_legal_moves(&child)
    }

    /// The number of legal two-move sequences from here, each first move played on a copy
    /// of the board as cozy-chess's move sets give it (perft's last two plies: nothing is
    /// listed, the history is left as it is).
    #[inline]
    pub(super) fn count_legal_moves_two_plies(&self) -> u64 {
        plies_on_copies(&self.board, 2)
    }

    /// The number of legal three-move sequences from here, counted as
    /// [`Classic::count_legal_moves_two_plies`] counts two (perft's last three plies).
    #[inline]
    pub(super) fn count_legal_moves_three_plies(&self) -> u64 {
        plies_on_copies(&self.board, 3)
    }

    /// Whether the side to move has any legal move.
    pub(super) fn has_legal_move(&self) -> bool {
        self.board.generate_moves(|_| true)
    }
}

/// The number of legal move sequences `plies` long (at least 1) on `board`, each move played on
/// a copy of the board as cozy-chess's move sets give it, the last ply counted per set.
/// Recursive, with closures of its own (not `count_legal_moves`'s): the generator's copies
/// for them have this caller only, so the compiler inlines them, as in a plain cozy-chess
/// perft (PERFORMANCE.md, "Classic perft").
fn plies_on_copies(board: &Board, plies: u32) -> u64 {
    let mut n = 0;
    if plies <= 1 {
        board.generate_moves(|leaves| {
            n += leaves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|piece_moves| {
            for mv in piece_moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                n += plies_on_copies(&child, plies - 1);
            }
            false
        });
    }
    n
}
