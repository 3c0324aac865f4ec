//! Movement on one 8×8 board (4.1), compiled once from core geometry: leaper targets and
//! rider rays as 64-bit square sets, read with the classical first-blocker method.

use std::sync::LazyLock;

use omnichess_core::Player;
use omnichess_core::geometry::{Bounds, Coord, DirectionSet, leaps, ray};

/// One board as a box of core geometry.
const BOARD: Bounds<2> = Bounds::from_size([8, 8]);
const ROOK: DirectionSet<2> = DirectionSet::orthogonal();
const BISHOP: DirectionSet<2> = DirectionSet::diagonal();
const KING: DirectionSet<2> = DirectionSet::all();
const KNIGHT: DirectionSet<2> = DirectionSet::knight();

/// The compiled tables.
pub(super) struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    /// `[player][square]`: the squares a pawn on the square captures on.
    pawn_takes: [[u64; 64]; 2],
    /// `[square][direction]`: the ray on an empty board; directions 0–3 orthogonal, 4–7
    /// diagonal.
    rays: [[u64; 8]; 64],
    /// Whether a direction runs to higher square numbers.
    rising: [bool; 8],
    /// `[square]`: every square a piece on it could reach on an empty board (lines, knight).
    pub(super) near: [u64; 64],
}

fn coord(sq: u8) -> Coord<2> {
    Coord::new([i32::from(sq & 7), i32::from(sq >> 3)])
}

fn index(c: Coord<2>) -> u8 {
    (c[1] * 8 + c[0]) as u8
}

fn leap_set(sq: u8, set: &DirectionSet<2>) -> u64 {
    leaps(&BOARD, coord(sq), set).fold(0, |acc, c| acc | 1 << index(c))
}

pub(super) static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let directions: Vec<Coord<2>> = ROOK.iter().chain(BISHOP.iter()).copied().collect();
    let mut t = Tables {
        knight: [0; 64],
        king: [0; 64],
        pawn_takes: [[0; 64]; 2],
        rays: [[0; 8]; 64],
        rising: [false; 8],
        near: [0; 64],
    };
    for (d, v) in directions.iter().enumerate() {
        t.rising[d] = v[1] > 0 || (v[1] == 0 && v[0] > 0);
    }
    for sq in 0..64u8 {
        let s = sq as usize;
        t.knight[s] = leap_set(sq, &KNIGHT);
        t.king[s] = leap_set(sq, &KING);
        for (player, forward) in [(Player::White, 1), (Player::Black, -1)] {
            let takes = [Coord::new([-1, forward]), Coord::new([1, forward])];
            t.pawn_takes[player as usize][s] =
                leaps(&BOARD, coord(sq), &takes[..]).fold(0, |acc, c| acc | 1 << index(c));
        }
        for (d, &v) in directions.iter().enumerate() {
            t.rays[s][d] = ray(&BOARD, coord(sq), v).fold(0, |acc, c| acc | 1 << index(c));
        }
        t.near[s] = t.rays[s].iter().fold(t.knight[s], |a, r| a | r);
    }
    t
});

impl Tables {
    #[inline]
    fn slide(&self, sq: u8, occupied: u64, dirs: core::ops::Range<usize>) -> u64 {
        let mut out = 0;
        for d in dirs {
            let mut r = self.rays[sq as usize][d];
            let blockers = r & occupied;
            if blockers != 0 {
                let first = if self.rising[d] {
                    blockers.trailing_zeros()
                } else {
                    63 - blockers.leading_zeros()
                };
                r ^= self.rays[first as usize][d];
            }
            out |= r;
        }
        out
    }

    /// The first square of `occupied` on the ray from `sq` in direction `dir` (0–3
    /// orthogonal, 4–7 diagonal), and the squares beyond it up to and including the next.
    #[inline]
    pub(super) fn first_blocker(&self, sq: u8, dir: usize, occupied: u64) -> Option<(u8, u64)> {
        let blockers = self.rays[sq as usize][dir] & occupied;
        let first = |b: u64| {
            if self.rising[dir] {
                b.trailing_zeros() as u8
            } else {
                63 - b.leading_zeros() as u8
            }
        };
        if blockers == 0 {
            return None;
        }
        let b = first(blockers);
        let beyond = self.rays[b as usize][dir];
        let next = beyond & occupied;
        let segment = if next == 0 {
            beyond
        } else {
            beyond ^ self.rays[first(next) as usize][dir]
        };
        Some((b, segment))
    }

    /// A rook's reach from `sq` (blockers included).
    #[inline]
    pub(super) fn rook(&self, sq: u8, occupied: u64) -> u64 {
        self.slide(sq, occupied, 0..4)
    }

    /// A bishop's reach from `sq` (blockers included).
    #[inline]
    pub(super) fn bishop(&self, sq: u8, occupied: u64) -> u64 {
        self.slide(sq, occupied, 4..8)
    }

    /// A knight's targets.
    #[inline]
    pub(super) fn knight(&self, sq: u8) -> u64 {
        self.knight[sq as usize]
    }

    /// A king's targets.
    #[inline]
    pub(super) fn king(&self, sq: u8) -> u64 {
        self.king[sq as usize]
    }

    /// The squares a `player` pawn on `sq` captures on.
    #[inline]
    pub(super) fn pawn_takes(&self, player: Player, sq: u8) -> u64 {
        self.pawn_takes[player as usize][sq as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::TABLES;
    use omnichess_core::Player;

    #[test]
    fn reach_on_an_empty_and_a_blocked_board() {
        let t = &*TABLES;
        // 4.1.4: a rook on d4 reaches 14 squares on an empty board.
        assert_eq!(t.rook(27, 0).count_ones(), 14);
        // 4.1.5: a bishop on a1 reaches 7; blocked on c3 it reaches b2 and c3.
        assert_eq!(t.bishop(0, 0).count_ones(), 7);
        assert_eq!(t.bishop(0, 1 << 18), 1 << 9 | 1 << 18);
        // 4.1.6, 4.1.2: knight and king in a corner.
        assert_eq!(t.knight(0), 1 << 10 | 1 << 17);
        assert_eq!(t.king(0).count_ones(), 3);
        // 4.1.7: a Light pawn on e4 captures on d5 and f5; a Dark one on d4 and f4... of e5.
        assert_eq!(t.pawn_takes(Player::White, 28), 1 << 35 | 1 << 37);
        assert_eq!(t.pawn_takes(Player::Black, 36), 1 << 27 | 1 << 29);
    }
}
