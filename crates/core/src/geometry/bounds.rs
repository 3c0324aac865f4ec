//! [`Bounds`]: an axis-aligned box of coordinates.

use super::coord::Coord;

/// An axis-aligned box: on every axis, `min` is **inclusive** and `max` is **exclusive**, as
/// in a Rust range `min..max`.
///
/// An 8×8 board is `Bounds::from_size([8, 8])`: files and ranks `0..8`. A box whose `max` is
/// not above its `min` on some axis is empty and contains nothing; that is allowed, not an
/// error.
///
/// `Bounds` is also the plain [`Topology`](super::Topology): a step is legal when it lands
/// inside the box.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bounds<const N: usize> {
    min: Coord<N>,
    max: Coord<N>,
}

impl<const N: usize> Bounds<N> {
    /// The box `min..max` on every axis (`min` inclusive, `max` exclusive).
    #[inline]
    pub const fn new(min: Coord<N>, max: Coord<N>) -> Self {
        Self { min, max }
    }

    /// The box `0..size[axis]` on every axis.
    #[inline]
    pub const fn from_size(size: [i32; N]) -> Self {
        Self {
            min: Coord::ZERO,
            max: Coord::new(size),
        }
    }

    /// The inclusive lower corner.
    #[inline]
    pub const fn min(&self) -> Coord<N> {
        self.min
    }

    /// The exclusive upper corner.
    #[inline]
    pub const fn max(&self) -> Coord<N> {
        self.max
    }

    /// Whether `coord` lies inside the box: `min[axis] <= coord[axis] < max[axis]` on every
    /// axis.
    #[inline]
    pub const fn contains(&self, coord: Coord<N>) -> bool {
        let mut axis = 0;
        while axis < N {
            let component = coord.0[axis];
            if component < self.min.0[axis] || component >= self.max.0[axis] {
                return false;
            }
            axis += 1;
        }
        true
    }

    /// Whether the box contains no coordinate at all.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        let mut axis = 0;
        while axis < N {
            if self.max.0[axis] <= self.min.0[axis] {
                return true;
            }
            axis += 1;
        }
        false
    }

    /// The number of coordinates in the box, or `None` if it does not fit in a `usize`.
    pub fn volume(&self) -> Option<usize> {
        let mut volume: usize = 1;
        for axis in 0..N {
            volume = volume.checked_mul(self.extent(axis)?)?;
        }
        Some(volume)
    }

    /// The dense index of `coord` in the box, for storing one value per square in a flat
    /// array of [`volume`](Self::volume) entries. Axis 0 varies fastest (on an 8×8 board,
    /// `[file, rank]` has index `file + 8 * rank`).
    ///
    /// `None` if `coord` is outside the box or the box's volume does not fit in a `usize`.
    pub fn index_of(&self, coord: Coord<N>) -> Option<usize> {
        if !self.contains(coord) {
            return None;
        }
        let mut index: usize = 0;
        let mut stride: usize = 1;
        for axis in 0..N {
            let offset = i64::from(coord.0[axis]) - i64::from(self.min.0[axis]);
            let offset = usize::try_from(offset).ok()?;
            index = index.checked_add(offset.checked_mul(stride)?)?;
            stride = stride.checked_mul(self.extent(axis)?)?;
        }
        Some(index)
    }

    /// The coordinate whose [`index_of`](Self::index_of) is `index`, or `None` if `index` is
    /// not below the box's volume.
    pub fn coord_of(&self, index: usize) -> Option<Coord<N>> {
        if index >= self.volume()? {
            return None;
        }
        let mut rest = index;
        let mut coord = self.min;
        for axis in 0..N {
            let extent = self.extent(axis)?;
            let offset = i64::try_from(rest % extent).ok()?;
            coord.0[axis] = i32::try_from(i64::from(self.min.0[axis]) + offset).ok()?;
            rest /= extent;
        }
        Some(coord)
    }

    /// The number of coordinates along `axis` (0 if the box is empty on that axis), or `None`
    /// if it does not fit in a `usize`.
    fn extent(&self, axis: usize) -> Option<usize> {
        let extent = i64::from(self.max.0[axis]) - i64::from(self.min.0[axis]);
        usize::try_from(extent.max(0)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::{Bounds, Coord};
    use proptest::prelude::*;

    #[test]
    fn min_inclusive_max_exclusive() {
        let board = Bounds::from_size([8, 8]);
        assert!(board.contains(Coord::new([0, 0])));
        assert!(board.contains(Coord::new([7, 7])));
        assert!(!board.contains(Coord::new([8, 0])));
        assert!(!board.contains(Coord::new([0, -1])));
        assert_eq!(board.volume(), Some(64));
        assert!(!board.is_empty());
    }

    #[test]
    fn negative_minimum_and_empty_boxes() {
        // 5D-style: timelines -2..=2, times 0..10.
        let multiverse = Bounds::new(Coord::new([0, 0, 0, -2]), Coord::new([8, 8, 10, 3]));
        assert!(multiverse.contains(Coord::new([3, 4, 9, -2])));
        assert!(!multiverse.contains(Coord::new([3, 4, 9, -3])));
        assert_eq!(multiverse.volume(), Some(8 * 8 * 10 * 5));

        let empty = Bounds::new(Coord::new([0, 5]), Coord::new([8, 5]));
        assert!(empty.is_empty());
        assert!(!empty.contains(Coord::new([0, 5])));
        assert_eq!(empty.volume(), Some(0));
        assert_eq!(empty.coord_of(0), None);
    }

    #[test]
    fn dense_index_axis_zero_fastest() {
        let board = Bounds::from_size([8, 8]);
        assert_eq!(board.index_of(Coord::new([0, 0])), Some(0));
        assert_eq!(board.index_of(Coord::new([1, 0])), Some(1));
        assert_eq!(board.index_of(Coord::new([3, 2])), Some(19));
        assert_eq!(board.index_of(Coord::new([7, 7])), Some(63));
        assert_eq!(board.index_of(Coord::new([8, 7])), None);
        assert_eq!(board.coord_of(63), Some(Coord::new([7, 7])));
        assert_eq!(board.coord_of(64), None);

        // Three Realms: 3 boards of 8x8.
        let realms = Bounds::from_size([8, 8, 3]);
        assert_eq!(realms.volume(), Some(192));
        assert_eq!(realms.index_of(Coord::new([7, 7, 2])), Some(191));
    }

    #[test]
    fn huge_boxes_do_not_panic() {
        let huge = Bounds::new(Coord::new([i32::MIN; 4]), Coord::new([i32::MAX; 4]));
        assert_eq!(huge.volume(), None);
        assert_eq!(huge.index_of(Coord::ZERO), None);
        assert_eq!(huge.coord_of(0), None);
        assert!(huge.contains(Coord::ZERO));
    }

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn index_round_trips(
            min in prop::array::uniform3(-20i32..20),
            size in prop::array::uniform3(1i32..12),
            pick in any::<prop::sample::Index>(),
        ) {
            let max = Coord::new(core::array::from_fn(|axis| min[axis] + size[axis]));
            let bounds = Bounds::new(Coord::new(min), max);
            let volume = bounds.volume().unwrap_or(0);
            prop_assert_eq!(volume, size.iter().map(|&s| s as usize).product::<usize>());
            let index = pick.index(volume);
            let coord = bounds.coord_of(index);
            prop_assert!(coord.is_some_and(|c| bounds.contains(c)));
            prop_assert_eq!(coord.and_then(|c| bounds.index_of(c)), Some(index));
        }
    }
}
