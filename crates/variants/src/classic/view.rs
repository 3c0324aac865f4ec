//! Classic chess as the browser draws it: one 8×8 board, the legal moves with their squares,
//! the king in check. QEC and Die Chess draw their boards with the same functions.

use cozy_chess::{Board, Color, Move, Piece, Square};
use omnichess_core::{BoardView, Cell, DecisionInfo, Game, MoveView, PieceView, View};

use super::Classic;
use super::notation::landing;

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

impl Classic {
    /// The view of the state (see [`omnichess_core::Presentation::view`]).
    pub(super) fn draw_view(&self) -> View {
        let mut moves = Vec::new();
        if self.to_act().outcome().is_none() {
            self.decisions(&mut moves);
        }
        View {
            boards: vec![board_view(&self.board)],
            moves: moves
                .into_iter()
                .map(|mv| move_view(&self.board, mv, self.uci(mv)))
                .collect(),
            checks: checks(&self.board),
            counts_material: true,
            layout_turns: true,
            ..View::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Notation, Presentation, Variant};

    use super::*;

    #[test]
    fn the_start_has_twenty_moves_and_thirty_two_pieces() {
        let view = Classic::start().view();
        assert_eq!(view.moves.len(), 20);
        let board = &view.boards[0];
        assert_eq!(board.squares.iter().flatten().count(), 32);
        // e1 (square 4) holds the white king; e8 (60) the black king.
        assert_eq!(
            board.squares[4].as_ref().map(|p| (p.player, p.kind)),
            Some((0, 'K'))
        );
        assert_eq!(
            board.squares[60].as_ref().map(|p| (p.player, p.kind)),
            Some((1, 'K'))
        );
        let e4 = view.find_move(
            Cell {
                board: 0,
                square: 12,
            },
            Cell {
                board: 0,
                square: 28,
            },
            None,
        );
        assert_eq!(e4.map(|m| m.text.as_str()), Some("e2e4"));
        assert!(view.moves.iter().all(|m| m.info == DecisionInfo::MOVE));
        let value = |square: usize| board.squares[square].as_ref().map(|p| p.value);
        assert_eq!(
            [0, 1, 2, 3, 4, 8].map(value),
            [5.0, 3.2, 3.3, 9.0, 0.0, 1.0].map(Some)
        );
    }

    #[test]
    fn the_move_list_starts_at_the_fen_s_move_number_and_side() {
        let black = Classic::from_position_text("4k3/8/8/8/8/8/8/4K2R b K - 0 12").unwrap();
        assert_eq!(
            black.turn_number(),
            omnichess_core::TurnNumber {
                number: 12,
                player: omnichess_core::Player::Black
            }
        );
    }

    #[test]
    fn castling_goes_to_the_kings_square_and_check_is_marked() {
        let castle = Classic::from_position_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let view = castle.view();
        let o_o = view.moves.iter().find(|m| m.text == "e1g1").unwrap();
        assert_eq!(
            o_o.to,
            Some(Cell {
                board: 0,
                square: 6
            })
        );
        let check = Classic::from_position_text("4k3/8/8/8/8/8/8/4K2R b K - 0 1").unwrap();
        assert!(check.view().checks.is_empty());
        let check = Classic::from_position_text("4k3/8/8/8/8/8/8/4R2K b - - 0 1").unwrap();
        assert_eq!(
            check.view().checks,
            vec![Cell {
                board: 0,
                square: 60
            }]
        );
    }

    #[test]
    fn promotions_carry_their_kind_and_a_finished_game_has_no_moves() {
        let promote = Classic::from_position_text("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let kinds: Vec<char> = promote
            .view()
            .moves
            .iter()
            .filter_map(|m| m.promotion)
            .collect();
        assert_eq!(kinds.len(), 4);
        assert!(kinds.contains(&'N') && kinds.contains(&'Q'));
        let mated = Classic::from_position_text("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert!(mated.view().moves.is_empty());
    }
}
