//! How each kind moves in each realm, by the seed's paragraph (section "Pieces"), written with
//! core's geometry: vectors are `[file, rank, level]`, forwards is `+rank` for White and
//! `-rank` for Black, up is `+level`. Clause numbers refer to docs/rules/realms.md.
//!
//! A kind in a realm is a [`Profile`]: leaps (single vectors, ignoring anything in between)
//! and rides (a vector repeated until a piece or the edge), each with a [`Mode`]. The pawn's
//! double step and en passant, castling, the fallen angel's imitation and promotion are
//! played by the move generator on top of these.

use omnichess_core::Player;
use omnichess_core::geometry::{Coord, DirectionSet};

use super::piece::Kind;
use super::square::Realm;

/// What a leap or ride may do on a square it reaches (seed, "Definition of terms").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Move there if it is empty or capture an enemy there.
    Move,
    /// Move there only if it is empty.
    Passive,
    /// Only capture an enemy there.
    Capture,
}

/// The movement of one kind of one player in one realm.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// Single jumps, each with its mode.
    pub leaps: Vec<(Coord<3>, Mode)>,
    /// Rider vectors, repeated until blocked.
    pub rides: Vec<Coord<3>>,
    /// What the rides may do (`Move` or `Passive`).
    pub ride_mode: Option<Mode>,
}

const ORTHOGONAL: DirectionSet<3> = DirectionSet::orthogonal();
const DIAGONAL: DirectionSet<3> = DirectionSet::diagonal();
const TRIAGONAL: DirectionSet<3> = DirectionSet::triagonal();
const ALL: DirectionSet<3> = DirectionSet::all();
/// The (2,1,0) leaper in three dimensions: the pegasus (clause P.10).
const KNIGHT_3D: DirectionSet<3> = DirectionSet::leaper(1, 2);

fn vectors(set: &DirectionSet<3>) -> impl Iterator<Item = Coord<3>> + '_ {
    set.iter().copied()
}

/// The (2,1) leaper of the seed: two non-opposite cardinal directions that are not up or
/// down, so it stays in its realm.
fn planar_knight() -> impl Iterator<Item = Coord<3>> {
    vectors(&KNIGHT_3D).filter(|v| v[2] == 0)
}

/// The (a,b,c) leaper with `a` on one axis and `b` on each other axis, `a ≠ b`: every
/// triagonal vector with one axis scaled by `a` and the others by `b` (24 vectors).
fn leaper3(a: i32, b: i32) -> impl Iterator<Item = Coord<3>> {
    vectors(&TRIAGONAL).flat_map(move |t| {
        (0..3).map(move |axis| {
            let mut v = t * b;
            v[axis] = t[axis] * a;
            v
        })
    })
}

/// `set` once and twice: "up to 2 spaces …, leaping over any piece in its way".
fn up_to_two(set: &DirectionSet<3>) -> impl Iterator<Item = Coord<3>> + '_ {
    vectors(set).flat_map(|v| [v, v * 2])
}

/// The profile of `kind` of `player` standing in `realm`.
#[must_use]
pub fn profile(kind: Kind, player: Player, realm: Realm) -> Profile {
    let f = player.sign(); // forwards on the rank axis
    let forward = Coord::new([0, f, 0]);
    let is_forward = move |v: &Coord<3>| v[1] == f;
    let mut p = Profile::default();
    let mut leap = |it: &mut dyn Iterator<Item = Coord<3>>, mode: Mode| {
        p.leaps.extend(it.map(|v| (v, mode)));
    };
    let mut rides = None;
    use Realm::{Earth, Heavens, Underworld};
    match (kind, realm) {
        // P.1: one forward passively, diagonally forward to capture, in every realm.
        (Kind::Pawn, _) => {
            leap(&mut std::iter::once(forward), Mode::Passive);
            leap(&mut vectors(&DIAGONAL).filter(is_forward), Mode::Capture);
        }
        // P.2: any distance orthogonally, up and down included, in every realm.
        (Kind::Rook, _) => rides = Some((vectors(&ORTHOGONAL).collect(), Mode::Move)),
        // P.3: on Earth the (2,1) leaper, the 9 squares below, one square up.
        (Kind::Knight, Earth) => {
            leap(&mut planar_knight(), Mode::Move);
            leap(&mut vectors(&ALL).filter(|v| v[2] == -1), Mode::Move);
            leap(&mut std::iter::once(Coord::new([0, 0, 1])), Mode::Move);
        }
        (Kind::Knight, Underworld) => {
            leap(&mut std::iter::once(Coord::new([0, 0, 1])), Mode::Move);
        }
        (Kind::Knight, Heavens) => {
            rides = Some((planar_knight().collect(), Mode::Passive));
            leap(&mut leaper3(2, 1), Mode::Move);
        }
        // P.4: diagonal rider on Earth and in the heavens, one triagonal step below.
        (Kind::Bishop, Underworld) => leap(&mut vectors(&TRIAGONAL), Mode::Move),
        (Kind::Bishop, _) => rides = Some((vectors(&DIAGONAL).collect(), Mode::Move)),
        // P.5 and P.7: the queen rides all 26 directions on Earth and steps once elsewhere;
        // the grandmaster rides them everywhere.
        (Kind::Queen, Earth) | (Kind::Grandmaster, _) => {
            rides = Some((vectors(&ALL).collect(), Mode::Move));
        }
        (Kind::Queen, _) => leap(&mut vectors(&ALL), Mode::Move),
        // P.6: one step in 26 directions on Earth, orthogonally elsewhere.
        (Kind::King, Earth) => leap(&mut vectors(&ALL), Mode::Move),
        (Kind::King, _) => leap(&mut vectors(&ORTHOGONAL), Mode::Move),
        // P.8: forward then diagonally forward, over the square in front.
        (Kind::Horse, _) => {
            leap(
                &mut vectors(&DIAGONAL).filter(is_forward).map(|d| d + forward),
                Mode::Move,
            );
        }
        // P.9: one diagonal step, or one step orthogonally or triagonally forwards.
        (Kind::Silver, _) => {
            leap(&mut vectors(&DIAGONAL), Mode::Move);
            leap(&mut std::iter::once(forward), Mode::Move);
            leap(&mut vectors(&TRIAGONAL).filter(is_forward), Mode::Move);
        }
        // P.10: the (2,1,0) leaper in all realms.
        (Kind::Pegasus, _) => leap(&mut vectors(&KNIGHT_3D), Mode::Move),
        // P.11: diagonal rider plus one orthogonal or triagonal step in the heavens, diagonal
        // rider on Earth; it never stands in the underworld (it falls on entering).
        (Kind::Angel, Heavens) => {
            rides = Some((vectors(&DIAGONAL).collect(), Mode::Move));
            leap(&mut vectors(&ORTHOGONAL), Mode::Move);
            leap(&mut vectors(&TRIAGONAL), Mode::Move);
        }
        (Kind::Angel, Earth) => rides = Some((vectors(&DIAGONAL).collect(), Mode::Move)),
        (Kind::Angel, Underworld) => {}
        // P.12: forward or triagonally forward below, one step down on Earth, nothing above.
        (Kind::Imp, Underworld) => {
            leap(&mut std::iter::once(forward), Mode::Move);
            leap(&mut vectors(&TRIAGONAL).filter(is_forward), Mode::Move);
        }
        (Kind::Imp, Earth) => leap(&mut std::iter::once(Coord::new([0, 0, -1])), Mode::Move),
        (Kind::Imp, Heavens) => {}
        // P.13: a rook below, up to two orthogonal leaping steps above.
        (Kind::Warmachine, Underworld) => {
            rides = Some((vectors(&ORTHOGONAL).collect(), Mode::Move));
        }
        (Kind::Warmachine, _) => leap(&mut up_to_two(&ORTHOGONAL), Mode::Move),
        // P.14: triagonal leaps of any distance (at most two levels exist) or a (2,2,1) leap.
        (Kind::Scholar, _) => {
            leap(&mut up_to_two(&TRIAGONAL), Mode::Move);
            leap(&mut leaper3(1, 2), Mode::Move);
        }
        // P.15: a diagonal rider below, up to two diagonal leaping steps above.
        (Kind::Elephant, Underworld) => {
            rides = Some((vectors(&DIAGONAL).collect(), Mode::Move));
        }
        (Kind::Elephant, _) => leap(&mut up_to_two(&DIAGONAL), Mode::Move),
        // P.16: the fallen angel has no movement of its own (ruling X.3): it imitates.
        (Kind::Fallen, _) => {}
        // P.17: up to two steps in any of the 26 directions, leaping.
        (Kind::Fiend, _) => leap(&mut up_to_two(&ALL), Mode::Move),
    }
    if let Some((r, mode)) = rides {
        p.rides = r;
        p.ride_mode = Some(mode);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_counts() {
        assert_eq!(planar_knight().count(), 8);
        assert_eq!(leaper3(2, 1).count(), 24);
        assert_eq!(leaper3(1, 2).count(), 24);
        let w = Player::White;
        assert_eq!(profile(Kind::Silver, w, Realm::Earth).leaps.len(), 17);
        assert_eq!(profile(Kind::Knight, w, Realm::Earth).leaps.len(), 18);
        assert_eq!(profile(Kind::Scholar, w, Realm::Earth).leaps.len(), 40);
        assert_eq!(profile(Kind::Fiend, w, Realm::Earth).leaps.len(), 52);
        assert_eq!(profile(Kind::Horse, w, Realm::Earth).leaps.len(), 4);
    }
}
