//! [`Topology`]: which square a step from a square reaches, if any.

use super::bounds::Bounds;
use super::coord::Coord;

/// How the squares of a board (or of many boards) connect: the square reached from `from` by
/// the vector `by`, if there is one.
///
/// [`Bounds`] is the plain topology: `from + by` if it lies inside the box. Other
/// topologies answer differently without the walkers ([`ray`](super::ray),
/// [`leaps`](super::leaps)) changing:
///
/// * **5D chess**: boards exist only at some `(time, timeline)` pairs, so the variant's
///   topology checks the box *and* that the target board exists.
/// * **DMChess portals**: stepping off one board's edge lands on another board; the
///   topology translates the coordinate (and, through [`advance`](Self::advance), may turn
///   a ray whose board is glued rotated).
///
/// A topology whose portals form a cycle can make a ray endless; such a topology must stop
/// rays itself (return `None`) or the caller bounds the walk (e.g. `.take(n)`).
pub trait Topology<const N: usize> {
    /// The square reached from `from` by the vector `by`, or `None` if that leaves the
    /// playing area (off every board, onto a missing board, or arithmetic overflow).
    fn step(&self, from: Coord<N>, by: Coord<N>) -> Option<Coord<N>>;

    /// One step of a ray going from `from` in `direction`: the square reached and the
    /// direction in which the ray continues from there.
    ///
    /// The default keeps the direction: `step(from, direction)`. Override it when a portal
    /// turns rays (a board glued at an angle).
    #[inline]
    fn advance(&self, from: Coord<N>, direction: Coord<N>) -> Option<(Coord<N>, Coord<N>)> {
        self.step(from, direction).map(|to| (to, direction))
    }
}

impl<const N: usize> Topology<N> for Bounds<N> {
    /// `from + by` if it lies inside the box (and does not overflow).
    #[inline]
    fn step(&self, from: Coord<N>, by: Coord<N>) -> Option<Coord<N>> {
        match from.checked_add(by) {
            Some(to) if self.contains(to) => Some(to),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Bounds, Coord, Topology};

    #[test]
    fn box_topology_is_a_bounds_check() {
        let board = Bounds::from_size([8, 8]);
        assert_eq!(
            board.step(Coord::new([6, 6]), Coord::new([1, 1])),
            Some(Coord::new([7, 7]))
        );
        assert_eq!(board.step(Coord::new([7, 7]), Coord::new([1, 0])), None);
        assert_eq!(
            board.advance(Coord::new([0, 0]), Coord::new([0, 1])),
            Some((Coord::new([0, 1]), Coord::new([0, 1])))
        );
        let huge = Bounds::new(Coord::new([i32::MIN]), Coord::new([i32::MAX]));
        assert_eq!(huge.step(Coord::new([i32::MAX - 1]), Coord::new([5])), None);
    }
}
