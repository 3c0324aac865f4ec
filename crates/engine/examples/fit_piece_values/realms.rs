//! Three Realms: each kind's count, White's minus Black's, in [`kinds`] order.

use omnichess_core::Player;
use omnichess_variants::realms::{Kind, Realms};

use super::{Row, SLOTS, WEIGHTS};

/// The kinds measured: all but the king, in table order (16, the row's slots).
pub fn kinds() -> impl Iterator<Item = Kind> {
    Kind::ALL.into_iter().filter(|&k| k != Kind::King)
}

/// A Three Realms position's balances, then the intercept's and the side to move's inputs.
pub fn balances(game: &Realms) -> Row {
    let board = game.board();
    let mut row = [0.0; WEIGHTS];
    for (i, kind) in kinds().enumerate() {
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
