//! Rule R.5: the draw by insufficient material. Both kings must stand on Earth, and the
//! material left must be unable to mate a king held on Earth or force it off Earth. The
//! retrograde analysis of [`super::endgame`] decides it for a king and one piece against a
//! bare king: every kind that cannot promote wins most positions (by forcing the bare king
//! off Earth, or mating it) except the pegasus, which wins only 1 568 of 2 058 840
//! Black-to-move positions. So the draw is declared for bare kings and for a lone pegasus,
//! except in the positions the pegasus wins (`pegasus_wins.txt`, written by the analysis and
//! checked against it by an ignored test that CI runs). docs/rules/realms.md compares the verdicts
//! with the seed's stars.

use std::collections::HashSet;
use std::sync::LazyLock;

use omnichess_core::Player;

use super::board::Board;
use super::piece::Kind;
use super::square;

/// Whether a lone `kind` with its king cannot force a win against a bare king held on Earth
/// from most positions (ruling R.5.2, from the retrograde analysis). Kinds that promote are
/// never insufficient.
#[must_use]
pub const fn insufficient_alone(kind: Kind) -> bool {
    matches!(kind, Kind::Pegasus)
}

/// The positions a king and a pegasus win against a bare king on Earth: (White to move?,
/// pegasus, White's king, Black's king), the pegasus White's.
static PEGASUS_WINS: LazyLock<HashSet<(bool, u8, u8, u8)>> = LazyLock::new(|| {
    include_str!("pegasus_wins.txt")
        .lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                [side, x, wk, bk] => Some((
                    *side == "w",
                    square::parse(x)?,
                    square::parse(wk)?,
                    square::parse(bk)?,
                )),
                _ => None,
            }
        })
        .collect()
});

/// The number of positions in the pegasus's table (for its test).
#[must_use]
pub fn pegasus_wins() -> usize {
    PEGASUS_WINS.len()
}

/// `sq` seen from the other side: the rank mirrored.
const fn mirrored(sq: u8) -> u8 {
    square::square(square::file(sq), 7 - square::rank(sq), square::realm(sq))
}

/// Whether the position with `to_move` to move is drawn by insufficient material (ruling
/// R.5): both kings on Earth, and either nothing else on the board, or a lone pegasus in a
/// position it does not win.
#[must_use]
pub fn insufficient(board: &Board, to_move: Player) -> bool {
    let (Some(white), Some(black)) = (board.king(Player::White), board.king(Player::Black)) else {
        return false;
    };
    if square::level(white) != 1 || square::level(black) != 1 {
        return false;
    }
    match board.occupied().len() {
        2 => true,
        3 => board
            .pieces()
            .find(|(_, p)| p.kind != Kind::King)
            .is_some_and(|(x, piece)| {
                if !insufficient_alone(piece.kind) {
                    return false;
                }
                // The table has the pegasus White's: mirror a Black one.
                let key = match piece.player {
                    Player::White => (to_move == Player::White, x, white, black),
                    Player::Black => (
                        to_move == Player::Black,
                        mirrored(x),
                        mirrored(black),
                        mirrored(white),
                    ),
                };
                !PEGASUS_WINS.contains(&key)
            }),
        _ => false,
    }
}
