//! Classic chess: the shared board core, nothing more.

use cozy_chess::{Board, Move, Piece};
use omnichess_variants::classic::Classic;

use super::Evaluator;
use super::material::{self, Pieces};

/// The evaluation of classic chess: [`material::score`] of the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicEval;

/// The shared view of a cozy-chess board.
pub(crate) fn pieces(board: &Board) -> Pieces {
    Pieces::new(|c, p| board.colored_pieces(c, p))
}

/// The piece `mv` captures on a cozy-chess board whose side to move makes it (en passant
/// included; castling, written king-takes-rook, is not a capture).
pub(crate) fn victim(board: &Board, mv: Move) -> Option<Piece> {
    let them = !board.side_to_move();
    if board.colors(them).has(mv.to) {
        board.piece_on(mv.to)
    } else if board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file() {
        Some(Piece::Pawn)
    } else {
        None
    }
}

/// Whether `mv` captures or promotes.
pub(crate) fn tactical(board: &Board, mv: Move) -> bool {
    mv.promotion.is_some() || victim(board, mv).is_some()
}

/// MVV-LVA for captures, plus the promoted piece's value.
pub(crate) fn order(board: &Board, mv: Move) -> i32 {
    let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let capture = victim(board, mv).map_or(0, |v| material::mvv_lva(v, attacker));
    capture + mv.promotion.map_or(0, material::value)
}

/// From-square × 64 + to-square.
pub(crate) fn key(mv: Move) -> u16 {
    (mv.from as u16) * 64 + mv.to as u16
}

impl Evaluator<Classic> for ClassicEval {
    fn evaluate(&self, state: &Classic) -> i32 {
        material::score(&pieces(state.board()), &material::VALUES)
    }

    fn material(&self, state: &Classic) -> i32 {
        material::material(&pieces(state.board()), &material::VALUES)
    }

    fn is_tactical(&self, state: &Classic, decision: Move) -> bool {
        tactical(state.board(), decision)
    }

    fn order_score(&self, state: &Classic, decision: Move) -> i32 {
        order(state.board(), decision)
    }

    fn decision_key(&self, _state: &Classic, decision: Move) -> u16 {
        key(decision)
    }

    fn in_check(&self, state: &Classic) -> bool {
        !state.board().checkers().is_empty()
    }
}
