//! Leapers: the `(a, b)` jump vectors (knight, camel, zebra, …) as a [`DirectionSet`].

use super::coord::Coord;
use super::directions::DirectionSet;

impl<const N: usize> DirectionSet<N> {
    /// The `(a, b)` leaper: every vector with one axis `±a`, a different axis `±b` and every
    /// other axis 0. The knight is `leaper(1, 2)`: 8 vectors in 2D, 24 in 3D, 48 in 4D
    /// (`N·(N-1)` ordered axis pairs × 4 signs).
    ///
    /// * Signs of `a` and `b` do not matter, and `leaper(a, b) == leaper(b, a)` as sets.
    /// * `a == b` (ferz, alfil, …) gives each vector once: `2·N·(N-1)` vectors.
    /// * `b == 0` (or `a == 0`) gives the single-axis jumps `±a` (wazir, dabbaba, …): `2·N`
    ///   vectors, also in one dimension; `leaper(0, 0)` is empty.
    /// * Otherwise a pair of distinct axes is needed, so in one dimension the set is empty.
    ///
    /// Magnitudes saturate at `i32::MAX` (so `i32::MIN` is read as `i32::MAX`); nothing
    /// panics.
    ///
    /// Order: by the axis holding `±a` (axis 0 first), then the axis holding `±b`, then signs
    /// (`+a` before `-a`, `+b` before `-b`); a vector already produced is skipped.
    pub const fn leaper(a: i32, b: i32) -> Self {
        const SIGNS: [i32; 2] = [1, -1];
        let a = a.saturating_abs();
        let b = b.saturating_abs();
        let mut set = Self::empty();
        if a == 0 || b == 0 {
            let length = if a == 0 { b } else { a };
            if length == 0 {
                return set;
            }
            let mut axis = 0;
            while axis < N {
                let mut vector = [0; N];
                vector[axis] = length;
                set.insert(Coord::new(vector));
                vector[axis] = -length;
                set.insert(Coord::new(vector));
                axis += 1;
            }
            return set;
        }
        let mut first = 0;
        while first < N {
            let mut second = 0;
            while second < N {
                if second != first {
                    let mut sa = 0;
                    while sa < 2 {
                        let mut sb = 0;
                        while sb < 2 {
                            let mut vector = [0; N];
                            vector[first] = SIGNS[sa] * a;
                            vector[second] = SIGNS[sb] * b;
                            // Cannot fail: at most 4·N·(N-1) <= 48 <= CAPACITY vectors.
                            set.insert(Coord::new(vector));
                            sb += 1;
                        }
                        sa += 1;
                    }
                }
                second += 1;
            }
            first += 1;
        }
        set
    }

    /// The knight: [`leaper(1, 2)`](Self::leaper).
    pub const fn knight() -> Self {
        Self::leaper(1, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::super::directions::tests::assert_well_formed;
    use super::{Coord, DirectionSet};
    use proptest::prelude::*;
    use std::collections::HashSet;

    #[test]
    fn knight_counts() {
        const KNIGHT_2D: DirectionSet<2> = DirectionSet::knight();
        const KNIGHT_3D: DirectionSet<3> = DirectionSet::knight();
        const KNIGHT_4D: DirectionSet<4> = DirectionSet::knight();
        assert_eq!(KNIGHT_2D.len(), 8);
        assert_eq!(KNIGHT_3D.len(), 24);
        assert_eq!(KNIGHT_4D.len(), 48);
        assert_well_formed(&KNIGHT_2D);
        assert_well_formed(&KNIGHT_3D);
        assert_well_formed(&KNIGHT_4D);
        assert!(KNIGHT_4D.contains(Coord::new([0, 0, 2, -1])));
        assert!(!KNIGHT_4D.contains(Coord::new([1, 2, 0, 1])));
        let two_d: HashSet<_> = KNIGHT_2D.iter().copied().collect();
        let expected: HashSet<_> = [
            [1, 2],
            [1, -2],
            [-1, 2],
            [-1, -2],
            [2, 1],
            [2, -1],
            [-2, 1],
            [-2, -1],
        ]
        .into_iter()
        .map(Coord::new)
        .collect();
        assert_eq!(two_d, expected);
    }

    #[test]
    fn equal_and_zero_lengths() {
        // Ferz = (1, 1) = the bishop's steps, without duplicates.
        assert_eq!(DirectionSet::<2>::leaper(1, 1).len(), 4);
        assert_eq!(DirectionSet::<4>::leaper(1, 1).len(), 24);
        let ferz: HashSet<_> = DirectionSet::<4>::leaper(1, 1).iter().copied().collect();
        let bishop: HashSet<_> = DirectionSet::<4>::diagonal().iter().copied().collect();
        assert_eq!(ferz, bishop);
        // Wazir, dabbaba.
        assert_eq!(DirectionSet::<2>::leaper(1, 0).len(), 4);
        assert_eq!(DirectionSet::<4>::leaper(0, 2).len(), 8);
        assert_eq!(DirectionSet::<1>::leaper(3, 0).len(), 2);
        assert!(DirectionSet::<4>::leaper(0, 0).is_empty());
        assert!(DirectionSet::<1>::leaper(1, 2).is_empty());
        assert_well_formed(&DirectionSet::<4>::leaper(i32::MIN, 1));
    }

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn leaper_sets_are_exact(a in -5i32..=5, b in -5i32..=5) {
            let set = DirectionSet::<4>::leaper(a, b);
            let (a, b) = (a.abs(), b.abs());
            let expected = match (a, b) {
                (0, 0) => 0,
                (0, _) | (_, 0) => 8,
                _ if a == b => 24,
                _ => 48,
            };
            prop_assert_eq!(set.len(), expected);
            let distinct: HashSet<_> = set.iter().collect();
            prop_assert_eq!(distinct.len(), set.len());
            for v in &set {
                prop_assert!(!v.is_zero());
                prop_assert!(set.contains(-*v));
                let mut magnitudes: Vec<i32> =
                    v.0.iter().map(|c| c.abs()).filter(|&c| c != 0).collect();
                magnitudes.sort_unstable();
                let mut want: Vec<i32> = [a, b].into_iter().filter(|&c| c != 0).collect();
                want.sort_unstable();
                prop_assert_eq!(magnitudes, want);
            }
            let swapped: HashSet<_> = DirectionSet::<4>::leaper(b, a).iter().copied().collect();
            let this: HashSet<_> = set.iter().copied().collect();
            prop_assert_eq!(this, swapped);
        }
    }
}
