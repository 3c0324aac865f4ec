//! [`Coord`]: a point or a vector with `N` integer components.

use core::ops::{Add, AddAssign, Index, IndexMut, Mul, Neg, Sub, SubAssign};

/// A point or a vector in `N` dimensions with `i32` components.
///
/// The same type serves as a square (a point) and as a step between squares (a vector); the
/// meaning of each axis is the variant's convention (5D chess, for instance, may use
/// `[file, rank, time, timeline]`).
///
/// The arithmetic operators follow `i32` semantics, overflow included (a panic in debug
/// builds, wrapping in release builds), exactly as the operators on `i32` do; use
/// [`Coord::checked_add`] where the operands are not known to be small. The walkers of this
/// module only use checked arithmetic.
///
/// Ordering ([`Ord`]) is lexicographic on the components, axis 0 first; it exists to sort
/// and deduplicate, not as a geometric order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Coord<const N: usize>(pub [i32; N]);

impl<const N: usize> Coord<N> {
    /// The origin / the zero vector.
    pub const ZERO: Self = Self([0; N]);

    /// A coordinate from its components, axis 0 first.
    #[inline]
    pub const fn new(components: [i32; N]) -> Self {
        Self(components)
    }

    /// The components, axis 0 first.
    #[inline]
    pub const fn components(self) -> [i32; N] {
        self.0
    }

    /// The component on `axis`, or `None` if `axis >= N`.
    #[inline]
    pub const fn get(self, axis: usize) -> Option<i32> {
        if axis < N { Some(self.0[axis]) } else { None }
    }

    /// Whether every component is zero.
    #[inline]
    pub const fn is_zero(self) -> bool {
        self.nonzero_axes() == 0
    }

    /// How many components are nonzero: 1 for a rook step, 2 for a bishop step, and so on.
    #[inline]
    pub const fn nonzero_axes(self) -> usize {
        let mut count = 0;
        let mut axis = 0;
        while axis < N {
            if self.0[axis] != 0 {
                count += 1;
            }
            axis += 1;
        }
        count
    }

    /// `self + other`, or `None` if a component overflows `i32`.
    #[inline]
    pub const fn checked_add(self, other: Self) -> Option<Self> {
        let mut out = self.0;
        let mut axis = 0;
        while axis < N {
            match out[axis].checked_add(other.0[axis]) {
                Some(sum) => out[axis] = sum,
                None => return None,
            }
            axis += 1;
        }
        Some(Self(out))
    }
}

impl<const N: usize> Default for Coord<N> {
    /// The zero vector.
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> From<[i32; N]> for Coord<N> {
    fn from(components: [i32; N]) -> Self {
        Self(components)
    }
}

impl<const N: usize> From<Coord<N>> for [i32; N] {
    fn from(coord: Coord<N>) -> Self {
        coord.0
    }
}

impl<const N: usize> Index<usize> for Coord<N> {
    type Output = i32;

    /// The component on `axis`.
    ///
    /// # Panics
    ///
    /// If `axis >= N`, as array indexing does; use [`Coord::get`] for a checked read.
    #[inline]
    fn index(&self, axis: usize) -> &i32 {
        &self.0[axis]
    }
}

impl<const N: usize> IndexMut<usize> for Coord<N> {
    /// The component on `axis`.
    ///
    /// # Panics
    ///
    /// If `axis >= N`, as array indexing does.
    #[inline]
    fn index_mut(&mut self, axis: usize) -> &mut i32 {
        &mut self.0[axis]
    }
}

impl<const N: usize> Add for Coord<N> {
    type Output = Self;

    #[inline]
    fn add(self, other: Self) -> Self {
        Self(core::array::from_fn(|axis| self.0[axis] + other.0[axis]))
    }
}

impl<const N: usize> Sub for Coord<N> {
    type Output = Self;

    #[inline]
    fn sub(self, other: Self) -> Self {
        Self(core::array::from_fn(|axis| self.0[axis] - other.0[axis]))
    }
}

impl<const N: usize> Neg for Coord<N> {
    type Output = Self;

    #[inline]
    fn neg(self) -> Self {
        Self(self.0.map(|component| -component))
    }
}

impl<const N: usize> Mul<i32> for Coord<N> {
    type Output = Self;

    /// Scales every component by `factor`.
    #[inline]
    fn mul(self, factor: i32) -> Self {
        Self(self.0.map(|component| component * factor))
    }
}

impl<const N: usize> Mul<Coord<N>> for i32 {
    type Output = Coord<N>;

    /// Scales every component of `coord` by `self`.
    #[inline]
    fn mul(self, coord: Coord<N>) -> Coord<N> {
        coord * self
    }
}

impl<const N: usize> AddAssign for Coord<N> {
    #[inline]
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl<const N: usize> SubAssign for Coord<N> {
    #[inline]
    fn sub_assign(&mut self, other: Self) {
        *self = *self - other;
    }
}

#[cfg(test)]
mod tests {
    use super::Coord;

    #[test]
    fn arithmetic() {
        let a = Coord::new([1, 2, -3, 0]);
        let b = Coord::new([4, -1, 0, 2]);
        assert_eq!(a + b, Coord::new([5, 1, -3, 2]));
        assert_eq!(a - b, Coord::new([-3, 3, -3, -2]));
        assert_eq!(-a, Coord::new([-1, -2, 3, 0]));
        assert_eq!(a * 3, Coord::new([3, 6, -9, 0]));
        assert_eq!(3 * a, a * 3);
        let mut c = a;
        c += b;
        c -= b;
        assert_eq!(c, a);
        assert_eq!(a[2], -3);
        assert_eq!(a.get(3), Some(0));
        assert_eq!(a.get(4), None);
    }

    #[test]
    fn zero_and_nonzero_axes() {
        assert!(Coord::<4>::ZERO.is_zero());
        assert!(Coord::<3>::default().is_zero());
        assert_eq!(Coord::new([1, 0, -1, 0]).nonzero_axes(), 2);
        assert_eq!(Coord::new([5, 5, 5]).nonzero_axes(), 3);
        assert!(!Coord::new([0, 0, 1]).is_zero());
    }

    #[test]
    fn checked_add_reports_overflow() {
        let big = Coord::new([i32::MAX, 0]);
        assert_eq!(big.checked_add(Coord::new([1, 0])), None);
        assert_eq!(
            big.checked_add(Coord::new([-1, 7])),
            Some(Coord::new([i32::MAX - 1, 7]))
        );
    }
}
