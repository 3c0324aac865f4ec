//! Classic chess (the control), QEC and Die Chess, whose pieces are the classical ones:
//! each kind's count, White's minus Black's.

use cozy_chess::{BitBoard, Color, Piece};
use omnichess_variants::classic::Classic;
use omnichess_variants::dice::Dice;
use omnichess_variants::qec::Qec;

use super::Row;

/// The classical kinds in the order of [`KINDS`](super::KINDS) (pawn, knight, bishop, rook, queen).
const PIECES: [Piece; 5] = [
    Piece::Pawn,
    Piece::Knight,
    Piece::Bishop,
    Piece::Rook,
    Piece::Queen,
];

/// Each classical kind's count, White's minus Black's, from `colored(colour, piece)`, then
/// the intercept's and the side to move's inputs.
fn counts(colored: impl Fn(Color, Piece) -> BitBoard, white_to_move: bool) -> Row {
    let mut row = [0.0; super::WEIGHTS];
    for (i, &piece) in PIECES.iter().enumerate() {
        let count = |c| f64::from(colored(c, piece).len());
        row[i] = count(Color::White) - count(Color::Black);
    }
    row[super::SLOTS] = 1.0;
    row[super::SLOTS + 1] = if white_to_move { 1.0 } else { -1.0 };
    row
}

/// A classic position's balances.
pub fn classic_balances(game: &Classic) -> Row {
    let board = game.board();
    counts(
        |c, p| board.colored_pieces(c, p),
        board.side_to_move() == Color::White,
    )
}

/// A QEC position's balances.
pub fn qec_balances(game: &Qec) -> Row {
    let board = game.board();
    counts(
        |c, p| board.colored_pieces(c, p),
        board.side_to_move() == Color::White,
    )
}

/// A Die Chess position's balances.
pub fn dice_balances(game: &Dice) -> Row {
    let board = game.board();
    counts(|c, p| board.colored(c, p), board.side() == Color::White)
}
