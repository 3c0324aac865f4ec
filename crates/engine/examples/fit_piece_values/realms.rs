//! Three Realms: each kind's count, White's minus Black's, in [`KINDS`] order.

use omnichess_core::Player;
use omnichess_variants::realms::{Kind, Realms};

use super::{Row, SLOTS, WEIGHTS};

/// The kinds measured: all but the king, in table order.
pub const KINDS: [Kind; SLOTS] = [
    Kind::Pawn,
    Kind::Rook,
    Kind::Knight,
    Kind::Bishop,
    Kind::Queen,
    Kind::Grandmaster,
    Kind::Horse,
    Kind::Silver,
    Kind::Pegasus,
    Kind::Angel,
    Kind::Imp,
    Kind::Warmachine,
    Kind::Scholar,
    Kind::Elephant,
    Kind::Fallen,
    Kind::Fiend,
];

/// A Three Realms position's balances, then the intercept's and the side to move's inputs.
pub fn balances(game: &Realms) -> Row {
    let board = game.board();
    let mut row = [0.0; WEIGHTS];
    for (i, &kind) in KINDS.iter().enumerate() {
        let count = |p| f64::from(board.of(p, kind).len());
        row[i] = count(Player::White) - count(Player::Black);
    }
    row[SLOTS] = 1.0;
    row[SLOTS + 1] = if game.side_to_move() == Player::White {
        1.0
    } else {
        -1.0
    };
    row
}
