//! The movement of every kind, player and square compiled once into tables: leap targets as
//! square sets, rider rays as square lists, and the reverse tables the attack test reads.
//! Built from [`super::movement`] at first use (about 1 MB; a few milliseconds).

use std::sync::LazyLock;

use omnichess_core::Player;
use omnichess_core::geometry::{Coord, DirectionSet, leaps, ray};

use super::bits::Bits;
use super::movement::{Mode, profile};
use super::piece::{KINDS, Kind};
use super::square::{self, BOX, Realm, SQUARES};

/// The ride directions of every profile: the 26 unit directions, then the 8 (2,1) vectors of
/// the knight's heavenly ride.
const UNIT: DirectionSet<3> = DirectionSet::all();
/// Number of ride directions.
pub const DIRECTIONS: usize = 34;

/// The rides of one kind, player and realm: direction indices and whether they only move.
#[derive(Clone, Debug, Default)]
pub struct Rides {
    /// Indices into the ray table.
    pub dirs: Vec<u8>,
    /// Rides that may not capture (the knight's in the heavens).
    pub passive: bool,
}

/// The compiled tables.
pub struct Tables {
    /// `(kind, player, square)`: squares a leap may move to when empty.
    push: Vec<Bits>,
    /// `(kind, player, square)`: squares a leap may capture on (and so attacks).
    take: Vec<Bits>,
    /// `(kind, player, square)`: squares a capturing ride reaches on an empty board.
    ride_reach: Vec<Bits>,
    /// `(kind, player, target)`: squares from which a leap takes on the target.
    rev_take: Vec<Bits>,
    /// `(kind, player, target)`: squares from which a capturing ride reaches the target on an
    /// empty board.
    rev_ride: Vec<Bits>,
    /// `(kind, player, level)`: the rides.
    rides: Vec<Rides>,
    /// `(square, direction)`: `(start, len)` of the ray in `ray_squares`.
    rays: Vec<(u16, u8)>,
    ray_squares: Vec<u8>,
    /// `square`: every square on a unit line from it (where a pinned piece or a checking
    /// rider can stand).
    lines: Vec<Bits>,
}

#[inline]
fn idx(kind: Kind, player: Player, sq: u8) -> usize {
    ((kind as usize * 2 + player as usize) * SQUARES) + sq as usize
}

impl Tables {
    fn build() -> Tables {
        let n = KINDS * 2 * SQUARES;
        let mut t = Tables {
            push: vec![Bits::EMPTY; n],
            take: vec![Bits::EMPTY; n],
            ride_reach: vec![Bits::EMPTY; n],
            rev_take: vec![Bits::EMPTY; n],
            rev_ride: vec![Bits::EMPTY; n],
            rides: vec![Rides::default(); KINDS * 2 * 3],
            rays: Vec::with_capacity(SQUARES * DIRECTIONS),
            ray_squares: Vec::new(),
            lines: vec![Bits::EMPTY; SQUARES],
        };
        let mut directions: Vec<Coord<3>> = UNIT.iter().copied().collect();
        directions.extend(
            DirectionSet::<3>::leaper(1, 2)
                .iter()
                .copied()
                .filter(|v| v[2] == 0),
        );
        assert_eq!(directions.len(), DIRECTIONS);
        for sq in 0..SQUARES as u8 {
            for (d, &v) in directions.iter().enumerate() {
                let start = t.ray_squares.len() as u16;
                for c in ray(&BOX, square::coord(sq), v) {
                    let to = square::from_coord(c).unwrap_or_else(|| unreachable!("in the box"));
                    t.ray_squares.push(to);
                    if d < UNIT.len() {
                        t.lines[sq as usize].set(to);
                    }
                }
                t.rays
                    .push((start, (t.ray_squares.len() - start as usize) as u8));
            }
        }
        for kind in Kind::ALL {
            for player in Player::BOTH {
                for realm in Realm::ALL {
                    let p = profile(kind, player, realm);
                    let rides =
                        &mut t.rides[(kind as usize * 2 + player as usize) * 3 + realm as usize];
                    rides.passive = p.ride_mode == Some(Mode::Passive);
                    rides.dirs = p
                        .rides
                        .iter()
                        .map(|v| {
                            directions.iter().position(|d| d == v).unwrap_or_else(|| {
                                unreachable!("every ride is a unit or (2,1) direction")
                            }) as u8
                        })
                        .collect();
                    for sq in (0..SQUARES as u8).filter(|&s| square::realm(s) == realm) {
                        let i = idx(kind, player, sq);
                        for &(v, mode) in &p.leaps {
                            for c in leaps(&BOX, square::coord(sq), std::slice::from_ref(&v)) {
                                let to = square::from_coord(c)
                                    .unwrap_or_else(|| unreachable!("in the box"));
                                if mode != Mode::Capture {
                                    t.push[i].set(to);
                                }
                                if mode != Mode::Passive {
                                    t.take[i].set(to);
                                    t.rev_take[idx(kind, player, to)].set(sq);
                                }
                            }
                        }
                        if !rides.passive {
                            for &d in &rides.dirs {
                                let (start, len) = t.rays[sq as usize * DIRECTIONS + d as usize];
                                for k in 0..len as usize {
                                    let to = t.ray_squares[start as usize + k];
                                    t.ride_reach[i].set(to);
                                    t.rev_ride[idx(kind, player, to)].set(sq);
                                }
                            }
                        }
                    }
                }
            }
        }
        t
    }

    /// Squares `kind` of `player` on `sq` may leap to when they are empty.
    #[inline]
    pub fn push(&self, kind: Kind, player: Player, sq: u8) -> Bits {
        self.push[idx(kind, player, sq)]
    }

    /// Squares `kind` of `player` on `sq` may capture on by a leap.
    #[inline]
    pub fn take(&self, kind: Kind, player: Player, sq: u8) -> Bits {
        self.take[idx(kind, player, sq)]
    }

    /// Squares a capturing ride of `kind` of `player` on `sq` reaches on an empty board.
    #[inline]
    pub fn ride_reach(&self, kind: Kind, player: Player, sq: u8) -> Bits {
        self.ride_reach[idx(kind, player, sq)]
    }

    /// Squares from which `kind` of `player` captures on `target` by a leap.
    #[inline]
    pub fn rev_take(&self, kind: Kind, player: Player, target: u8) -> Bits {
        self.rev_take[idx(kind, player, target)]
    }

    /// Squares from which a capturing ride of `kind` of `player` reaches `target` on an
    /// empty board.
    #[inline]
    pub fn rev_ride(&self, kind: Kind, player: Player, target: u8) -> Bits {
        self.rev_ride[idx(kind, player, target)]
    }

    /// The rides of `kind` of `player` on a square of `level`.
    #[inline]
    pub fn rides(&self, kind: Kind, player: Player, level: usize) -> &Rides {
        &self.rides[(kind as usize * 2 + player as usize) * 3 + level]
    }

    /// The squares of the ray from `sq` in direction `dir`, nearest first.
    #[inline]
    pub fn ray(&self, sq: u8, dir: u8) -> &[u8] {
        let (start, len) = self.rays[sq as usize * DIRECTIONS + dir as usize];
        &self.ray_squares[start as usize..start as usize + len as usize]
    }

    /// Every square on a unit line from `sq`.
    #[inline]
    pub fn lines(&self, sq: u8) -> Bits {
        self.lines[sq as usize]
    }
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The tables, built at first use.
#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}

/// Whether every square strictly between `from` and `to`, which lie on one unit line, is
/// empty in `occupied`.
#[inline]
pub fn line_clear(from: u8, to: u8, occupied: Bits) -> bool {
    let delta = |a: usize, b: usize| b as i32 - a as i32;
    let (df, dr, dl) = (
        delta(square::file(from), square::file(to)),
        delta(square::rank(from), square::rank(to)),
        delta(square::level(from), square::level(to)),
    );
    let n = df.abs().max(dr.abs()).max(dl.abs());
    let step = df.signum() + 8 * dr.signum() + 64 * dl.signum();
    let mut sq = from as i32;
    for _ in 1..n {
        sq += step;
        if occupied.has(sq as u8) {
            return false;
        }
    }
    true
}
