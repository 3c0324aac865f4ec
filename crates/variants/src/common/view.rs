//! A cozy-chess board as the browser draws it: one 8×8 board with its pieces, a move from its
//! square to its landing square, the king in check. Classic chess, QEC and Die Chess draw
//! their boards with these functions.

use cozy_chess::{Board, Color, Move, Piece, Square};
use omnichess_core::{BoardView, Cell, DecisionInfo, MoveView, PieceView};

use super::san::landing;

/// The piece's letter and name.
pub(crate) fn piece_name(piece: Piece) -> (char, &'static str) {
    match piece {
        Piece::Pawn => ('P', "pawn"),
        Piece::Knight => ('N', "knight"),
        Piece::Bishop => ('B', "bishop"),
        Piece::Rook => ('R', "rook"),
        Piece::Queen => ('Q', "queen"),
        Piece::King => ('K', "king"),
    }
}

/// The piece's material in pawns: Tomasz Michniewski's values (a knight 3.2, a bishop 3.3), the
/// engine's material on these boards; the king, never traded, 0.
pub(crate) const fn piece_value(piece: Piece) -> f32 {
    match piece {
        Piece::Pawn => 1.0,
        Piece::Knight => 3.2,
        Piece::Bishop => 3.3,
        Piece::Rook => 5.0,
        Piece::Queen => 9.0,
        Piece::King => 0.0,
    }
}

/// The piece of `color` and `piece` as the view draws it.
pub(crate) fn piece_view(color: Color, piece: Piece) -> PieceView {
    let (kind, name) = piece_name(piece);
    PieceView {
        player: u8::from(color == Color::Black),
        kind,
        name,
        tag: None,
        value: piece_value(piece),
    }
}

/// The view's number of a square (`rank * 8 + file`, which is cozy-chess's own).
pub(crate) fn cell(square: Square) -> Cell {
    Cell {
        board: 0,
        square: square as u16,
    }
}

/// The board with its pieces.
pub(crate) fn board_view(board: &Board) -> BoardView {
    let mut view = BoardView::empty("board", 8, 8, 'a');
    for square in board.occupied() {
        if let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) {
            view.squares[square as usize] = Some(piece_view(color, piece));
        }
    }
    view
}

/// A move drawn from its square to its landing square (castling: the king's).
pub(crate) fn move_view(board: &Board, mv: Move, text: String) -> MoveView {
    MoveView {
        text,
        from: Some(cell(mv.from)),
        to: Some(cell(landing(board, mv))),
        promotion: mv.promotion.map(|p| piece_name(p).0),
        info: DecisionInfo::MOVE,
    }
}

/// The square of the side to move's king when it is in check.
pub(crate) fn checks(board: &Board) -> Vec<Cell> {
    if board.checkers().is_empty() {
        return Vec::new();
    }
    let king = board.king(board.side_to_move());
    vec![cell(king)]
}
