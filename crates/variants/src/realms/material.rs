//! Rule R.5: the draw by insufficient material. Both kings must stand on Earth, and the
//! material left must be unable to mate a king held on Earth or force it off Earth. Which
//! single pieces can is decided by the retrograde analysis of [`super::endgame`] (the table
//! below is its verdict, checked by a release-mode test); docs/rules/realms.md compares it
//! with the seed's stars.

use omnichess_core::Player;

use super::board::Board;
use super::piece::Kind;
use super::square;

/// Whether a lone `kind` with its king can never force a win against a bare king on Earth
/// (ruling R.5.2, from the retrograde analysis). Kinds that promote are never insufficient.
#[must_use]
pub const fn insufficient_alone(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Silver
            | Kind::Fallen
            | Kind::Warmachine
            | Kind::Elephant
            | Kind::Bishop
            | Kind::Knight
            | Kind::Scholar
            | Kind::Pegasus
    )
}

/// Whether the position is drawn by insufficient material (ruling R.5): both kings on
/// Earth, and either nothing else on the board, or one other piece of a kind that is
/// insufficient alone.
#[must_use]
pub fn insufficient(board: &Board) -> bool {
    let on_earth = |p: Player| board.king(p).is_some_and(|k| square::level(k) == 1);
    if !on_earth(Player::White) || !on_earth(Player::Black) {
        return false;
    }
    let others = board.occupied().len();
    match others {
        2 => true,
        3 => board
            .pieces()
            .any(|(_, p)| p.kind != Kind::King && insufficient_alone(p.kind)),
        _ => false,
    }
}
