//! Walkers: [`ray`] (riders) and [`leaps`] (leapers), lazy and allocation-free.

use core::iter::FusedIterator;

use super::coord::Coord;
use super::directions::DirectionSet;
use super::topology::Topology;

/// The squares a rider passes going from `from` in `direction`, nearest first, `from`
/// itself excluded, for as long as the topology allows (with a [`Bounds`](super::Bounds):
/// until the edge of the box).
///
/// The ray does not know about pieces: to stop at a blocker, the caller inspects each square
/// and `break`s (after keeping the square, for a capture). A zero `direction` yields
/// nothing.
///
/// ```
/// use omnichess_core::geometry::{Bounds, Coord, ray};
///
/// let board = Bounds::from_size([8, 8]);
/// let squares: Vec<_> = ray(&board, Coord::new([0, 0]), Coord::new([1, 1])).collect();
/// assert_eq!(squares.len(), 7);
/// assert_eq!(squares.last(), Some(&Coord::new([7, 7])));
/// ```
#[inline]
pub fn ray<T, const N: usize>(topology: &T, from: Coord<N>, direction: Coord<N>) -> Ray<'_, T, N>
where
    T: Topology<N> + ?Sized,
{
    Ray {
        topology,
        at: from,
        direction,
        done: direction.is_zero(),
    }
}

/// The targets of a leaper at `from`: `from + v` for each vector `v` of `vectors` (in that
/// order) that the topology allows (with a [`Bounds`](super::Bounds): that lands inside
/// the box).
///
/// `vectors` is a [`DirectionSet`] or any slice of vectors.
///
/// ```
/// use omnichess_core::geometry::{Bounds, Coord, DirectionSet, leaps};
///
/// const KNIGHT: DirectionSet<2> = DirectionSet::knight();
/// let board = Bounds::from_size([8, 8]);
/// assert_eq!(leaps(&board, Coord::new([0, 0]), &KNIGHT).count(), 2);
/// ```
#[inline]
pub fn leaps<'a, T, V, const N: usize>(
    topology: &'a T,
    from: Coord<N>,
    vectors: &'a V,
) -> Leaps<'a, T, N>
where
    T: Topology<N> + ?Sized,
    V: AsRef<[Coord<N>]> + ?Sized,
{
    Leaps {
        topology,
        from,
        vectors: vectors.as_ref().iter(),
    }
}

/// The iterator of [`ray`].
#[derive(Clone, Debug)]
pub struct Ray<'t, T: ?Sized, const N: usize> {
    topology: &'t T,
    at: Coord<N>,
    direction: Coord<N>,
    done: bool,
}

impl<T: ?Sized, const N: usize> Ray<'_, T, N> {
    /// The direction of the next step (it changes only when a topology turns the ray).
    #[inline]
    pub fn direction(&self) -> Coord<N> {
        self.direction
    }
}

impl<T: Topology<N> + ?Sized, const N: usize> Iterator for Ray<'_, T, N> {
    type Item = Coord<N>;

    #[inline]
    fn next(&mut self) -> Option<Coord<N>> {
        if self.done {
            return None;
        }
        match self.topology.advance(self.at, self.direction) {
            Some((to, direction)) => {
                self.at = to;
                self.direction = direction;
                Some(to)
            }
            None => {
                self.done = true;
                None
            }
        }
    }
}

impl<T: Topology<N> + ?Sized, const N: usize> FusedIterator for Ray<'_, T, N> {}

/// The iterator of [`leaps`].
#[derive(Clone, Debug)]
pub struct Leaps<'a, T: ?Sized, const N: usize> {
    topology: &'a T,
    from: Coord<N>,
    vectors: core::slice::Iter<'a, Coord<N>>,
}

impl<T: Topology<N> + ?Sized, const N: usize> Iterator for Leaps<'_, T, N> {
    type Item = Coord<N>;

    #[inline]
    fn next(&mut self) -> Option<Coord<N>> {
        let (topology, from) = (self.topology, self.from);
        self.vectors.find_map(|&by| topology.step(from, by))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, self.vectors.size_hint().1)
    }
}

impl<T: Topology<N> + ?Sized, const N: usize> FusedIterator for Leaps<'_, T, N> {}

impl<const N: usize> AsRef<[Coord<N>]> for DirectionSet<N> {
    #[inline]
    fn as_ref(&self) -> &[Coord<N>] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::super::bounds::Bounds;
    use super::{Coord, DirectionSet, Topology, leaps, ray};
    use proptest::prelude::*;

    const BOARD: Bounds<2> = Bounds::from_size([8, 8]);

    #[test]
    fn diagonal_from_a_corner_has_seven_squares() {
        let squares: Vec<_> = ray(&BOARD, Coord::new([0, 0]), Coord::new([1, 1])).collect();
        let expected: Vec<_> = (1..8).map(|i| Coord::new([i, i])).collect();
        assert_eq!(squares, expected);
        // Away from the board: nothing.
        assert_eq!(
            ray(&BOARD, Coord::new([0, 0]), Coord::new([-1, 1])).count(),
            0
        );
        // Zero direction: nothing, not an endless ray.
        assert_eq!(ray(&BOARD, Coord::new([3, 3]), Coord::ZERO).count(), 0);
    }

    #[test]
    fn rook_from_a_corner_sees_fourteen_squares_and_queen_twenty_one() {
        let from = Coord::new([0, 0]);
        let rook: usize = DirectionSet::<2>::orthogonal()
            .iter()
            .map(|&d| ray(&BOARD, from, d).count())
            .sum();
        assert_eq!(rook, 14);
        let queen: usize = DirectionSet::<2>::all()
            .iter()
            .map(|&d| ray(&BOARD, from, d).count())
            .sum();
        assert_eq!(queen, 21);
    }

    #[test]
    fn caller_stops_at_a_blocker() {
        let blocker = Coord::new([0, 4]);
        let mut reached = Vec::new();
        for square in ray(&BOARD, Coord::new([0, 0]), Coord::new([0, 1])) {
            reached.push(square);
            if square == blocker {
                break;
            }
        }
        assert_eq!(reached.len(), 4);
        assert_eq!(reached.last(), Some(&blocker));
    }

    #[test]
    fn knight_targets() {
        const KNIGHT: DirectionSet<2> = DirectionSet::knight();
        let mut corner: Vec<_> = leaps(&BOARD, Coord::new([0, 0]), &KNIGHT).collect();
        corner.sort();
        assert_eq!(corner, vec![Coord::new([1, 2]), Coord::new([2, 1])]);
        assert_eq!(leaps(&BOARD, Coord::new([4, 4]), &KNIGHT).count(), 8);
        assert_eq!(leaps(&BOARD, Coord::new([0, 1]), &KNIGHT).count(), 3);
        // A plain slice works too (e.g. white pawn captures).
        let captures = [Coord::new([-1, 1]), Coord::new([1, 1])];
        assert_eq!(leaps(&BOARD, Coord::new([0, 1]), &captures[..]).count(), 1);
    }

    #[test]
    fn four_dimensional_walks() {
        // 8x8 boards, 4 times, 3 timelines.
        let multiverse = Bounds::from_size([8, 8, 4, 3]);
        let from = Coord::new([0, 0, 0, 0]);
        // Dragon (quadragonal) from the origin corner: limited by the 3 timelines.
        let dragon: Vec<_> = ray(&multiverse, from, Coord::new([1, 1, 1, 1])).collect();
        assert_eq!(
            dragon,
            vec![Coord::new([1, 1, 1, 1]), Coord::new([2, 2, 2, 2])]
        );
        // Along time only: 3 more boards.
        assert_eq!(ray(&multiverse, from, Coord::new([0, 0, 1, 0])).count(), 3);
        // Rook from the corner: 7 + 7 + 3 + 2.
        let rook: usize = DirectionSet::<4>::orthogonal()
            .iter()
            .map(|&d| ray(&multiverse, from, d).count())
            .sum();
        assert_eq!(rook, 19);
        // Knight from the corner: positive (1,2) pairs whose "2" axis has room for 2.
        // Axes with room >= 2: file, rank, time, timeline (all sizes >= 3): 4·3 = 12.
        const KNIGHT: DirectionSet<4> = DirectionSet::knight();
        assert_eq!(leaps(&multiverse, from, &KNIGHT).count(), 12);
        // From the centre-ish square every one of the 48 knight jumps that stays in the box.
        let centre = Coord::new([4, 4, 2, 1]);
        let inside = KNIGHT
            .iter()
            .filter(|&&v| multiverse.contains(centre + v))
            .count();
        assert_eq!(leaps(&multiverse, centre, &KNIGHT).count(), inside);
    }

    /// Two 8x8 boards as `[file, rank, board]`, glued so that leaving board 0 past file 7
    /// enters board 1 at file 0 (a DMChess-style portal).
    struct Glued;

    impl Topology<3> for Glued {
        fn step(&self, from: Coord<3>, by: Coord<3>) -> Option<Coord<3>> {
            const BOARDS: Bounds<3> = Bounds::from_size([8, 8, 2]);
            let to = from.checked_add(by)?;
            if BOARDS.contains(to) {
                return Some(to);
            }
            let through = Coord::new([to[0] - 8, to[1], to[2] + 1]);
            (from[2] == 0 && by[2] == 0 && to[0] >= 8 && BOARDS.contains(through))
                .then_some(through)
        }
    }

    #[test]
    fn rays_pass_through_portals() {
        let squares: Vec<_> = ray(&Glued, Coord::new([5, 3, 0]), Coord::new([1, 0, 0])).collect();
        assert_eq!(squares.len(), 2 + 8);
        assert_eq!(squares[2], Coord::new([0, 3, 1]));
        assert_eq!(squares.last(), Some(&Coord::new([7, 3, 1])));
        // Leaping through the portal too.
        let knight = DirectionSet::<3>::knight();
        assert!(leaps(&Glued, Coord::new([7, 3, 0]), &knight).any(|c| c == Coord::new([0, 5, 1])));
    }

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn rays_stay_inside_and_end_at_the_edge(
            size in prop::array::uniform4(1i32..9),
            pick in prop::array::uniform4(any::<prop::sample::Index>()),
            which in any::<prop::sample::Index>(),
        ) {
            let bounds = Bounds::from_size(size);
            let from = Coord::new(core::array::from_fn(|axis| {
                pick[axis].index(size[axis] as usize) as i32
            }));
            let queen = DirectionSet::<4>::all();
            let direction = queen.as_slice()[which.index(queen.len())];
            let squares: Vec<_> = ray(&bounds, from, direction).collect();
            // Exactly as many squares as the tightest axis allows.
            let room = (0..4)
                .filter_map(|axis| match direction[axis] {
                    1 => Some(size[axis] - 1 - from[axis]),
                    -1 => Some(from[axis]),
                    _ => None,
                })
                .min()
                .unwrap_or(0);
            prop_assert_eq!(squares.len(), room as usize);
            for (i, square) in squares.iter().enumerate() {
                prop_assert!(bounds.contains(*square));
                prop_assert_eq!(*square, from + direction * (i as i32 + 1));
            }
            let last = squares.last().copied().unwrap_or(from);
            prop_assert!(!bounds.contains(last + direction));
        }
    }
}
