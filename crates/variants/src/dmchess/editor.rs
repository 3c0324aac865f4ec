//! The analysis board's editor (ruling E.1 of docs/rules/dmchess.md): pieces put on and
//! taken off any of the eight boards.
//!
//! A piece put on a board takes that board's number as its DEL, as every piece has at the
//! start (4.3.1), and has never drawn energy nor been a pawn; a king on its e-square or a
//! rook in its corner of its own first rank is unmoved (it may castle), as at the start.
//! The edited position is a new start: no en passant, the halfmove clock at 0 and no
//! dominance streak (7.2.3 counts from the edit); the shift count-down, the recharge
//! counters and each board's flow stay as they were, since the editor moves no piece
//! through a portal. It is then checked as a position text is.

use omnichess_core::{Player, PositionError, SquareEdit};

use super::piece::{Kind, Piece};
use super::square::{self, DIMENSIONS};
use super::state::DmChess;

impl DmChess {
    /// This position with `edits` made (`cell.board` the dimension, 0 for D1;
    /// `cell.square` `rank * 8 + file` on it) and `to_move` to move, or why the rules
    /// refuse it.
    pub(super) fn with_edits(
        &self,
        edits: &[SquareEdit],
        to_move: Player,
    ) -> Result<DmChess, PositionError> {
        let mut game = self.clone();
        for edit in edits {
            let (board, at) = (usize::from(edit.cell.board), edit.cell.square);
            if board >= DIMENSIONS || at >= 64 {
                return Err(PositionError::syntax(format!(
                    "no square {board}:{at} on the eight boards"
                )));
            }
            let sq = square::at(board, at as u8);
            game.pos.remove(sq);
            if let Some((player, letter)) = edit.piece {
                let kind = Kind::from_letter(letter)
                    .ok_or_else(|| PositionError::syntax(format!("no DMChess piece `{letter}`")))?;
                let piece = Piece::new(player, kind, board as u8 + 1)
                    .with_unmoved(kind.castles_from(player, at as u8));
                game.pos.put(sq, piece);
            }
        }
        game.pos.side = to_move;
        game.pos.ep = None;
        game.pos.halfmoves = 0;
        game.pos.streak = 0;
        DmChess::from_text(&game.text())
    }
}
