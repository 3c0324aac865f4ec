//! [`DirectionSet`]: a fixed-capacity set of step vectors, and the unit-vector families
//! (orthogonal, diagonal, triagonal, quadragonal and their unions).

use core::fmt;

use super::coord::Coord;

/// The largest dimension a [`DirectionSet`] supports.
pub const MAX_DIMENSIONS: usize = 4;

/// How many vectors a [`DirectionSet`] holds at most: `3^4 - 1 = 80`, every nonzero vector of
/// `{-1, 0, 1}^4`. That also covers every leaper of [`DirectionSet::leaper`] up to four
/// dimensions (at most `4·3·4 = 48` vectors).
pub const CAPACITY: usize = 80;

/// A set of distinct nonzero step vectors, stored inline (no heap), in a fixed order.
///
/// The same type holds rider directions (rook, bishop, unicorn, dragon, queen: walk them
/// with [`ray`](super::ray)) and leaper jumps (knight, camel, …: jump them with
/// [`leaps`](super::leaps)); a nightrider is a leaper set walked as rays.
///
/// Sets are built once, by `const fn` constructors, so they can be `const` items evaluated
/// at compile time, and are iterated as a slice ([`as_slice`](Self::as_slice), `&set` in a
/// `for` loop) without allocating.
///
/// # Dimension limit
///
/// The storage is a `[Coord<N>; 80]` plus a length, enough for every nonzero vector of
/// `{-1, 0, 1}^N` when `N <= 4` ([`MAX_DIMENSIONS`]). Calling a constructor with `N > 4` is
/// rejected at **compile time** (a failed `const` assertion when the constructor is
/// instantiated), never at run time.
///
/// The order of the vectors is deterministic (documented per constructor); equality (`==`)
/// compares the vectors in order.
#[derive(Clone)]
pub struct DirectionSet<const N: usize> {
    vectors: [Coord<N>; CAPACITY],
    len: usize,
}

impl<const N: usize> DirectionSet<N> {
    /// The empty set. Every constructor starts here, so this holds the dimension check.
    pub(super) const fn empty() -> Self {
        const {
            assert!(
                N <= MAX_DIMENSIONS,
                "DirectionSet supports at most 4 dimensions"
            )
        };
        Self {
            vectors: [Coord::ZERO; CAPACITY],
            len: 0,
        }
    }

    /// Adds `vector` unless it is zero or already present. Returns `false` only when the set
    /// is full and `vector` is new and nonzero (then nothing is added).
    pub(super) const fn insert(&mut self, vector: Coord<N>) -> bool {
        if vector.is_zero() || self.contains(vector) {
            return true;
        }
        if self.len >= CAPACITY {
            return false;
        }
        self.vectors[self.len] = vector;
        self.len += 1;
        true
    }

    /// The unit vectors with exactly `k` nonzero axes: every vector of `{-1, 0, 1}^N` with `k`
    /// components equal to ±1 and the rest 0. There are `C(N, k) · 2^k` of them.
    ///
    /// `k = 1` is orthogonal (rook), 2 diagonal (bishop), 3 triagonal (unicorn),
    /// 4 quadragonal (dragon). `k = 0` and `k > N` give the empty set.
    ///
    /// Order: lexicographic on the components, axis 0 first, −1 before 0 before 1.
    pub const fn exactly(k: usize) -> Self {
        Self::any_of(&[k])
    }

    /// The union of [`exactly(k)`](Self::exactly) over every `k` in `ks` (duplicates in
    /// `ks` are ignored). `any_of(&[1, 2])` is the 5D princess (rook + bishop).
    ///
    /// Order: by the first position of a vector's `k` in `ks`, then as in
    /// [`exactly`](Self::exactly).
    pub const fn any_of(ks: &[usize]) -> Self {
        let mut set = Self::empty();
        // 3^N codes, one per vector of {-1, 0, 1}^N; N <= 4 keeps this at most 81.
        let mut codes = 1;
        let mut axis = 0;
        while axis < N {
            codes *= 3;
            axis += 1;
        }
        let mut which = 0;
        while which < ks.len() {
            let k = ks[which];
            let mut code = 0;
            while code < codes {
                let vector = unit_vector_from_code::<N>(code);
                if vector.nonzero_axes() == k {
                    // Cannot fail: there are at most 3^N - 1 <= CAPACITY nonzero vectors.
                    set.insert(vector);
                }
                code += 1;
            }
            which += 1;
        }
        set
    }

    /// Orthogonal steps (rook): `exactly(1)`, `2N` vectors.
    pub const fn orthogonal() -> Self {
        Self::exactly(1)
    }

    /// Diagonal steps (bishop): `exactly(2)`.
    pub const fn diagonal() -> Self {
        Self::exactly(2)
    }

    /// Triagonal steps (5D unicorn): `exactly(3)`.
    pub const fn triagonal() -> Self {
        Self::exactly(3)
    }

    /// Quadragonal steps (5D dragon): `exactly(4)`.
    pub const fn quadragonal() -> Self {
        Self::exactly(4)
    }

    /// Every nonzero vector of `{-1, 0, 1}^N`, `3^N - 1` of them: the queen's directions as a
    /// rider, the king's steps as a leaper. Ordered by number of nonzero axes (orthogonal
    /// first), then as in [`exactly`](Self::exactly).
    pub const fn all() -> Self {
        Self::any_of(&[1, 2, 3, 4])
    }

    /// The vectors of this set that move along `axis` (nonzero there), in the set's order;
    /// empty when `axis` is `N` or more. 5D Chess: a queen's directions that change timeline.
    pub const fn moving_along(&self, axis: usize) -> Self {
        let mut set = Self::empty();
        let vectors = self.as_slice();
        let mut i = 0;
        while i < vectors.len() {
            if let Some(c) = vectors[i].get(axis)
                && c != 0
            {
                // Cannot fail: a subset of a set that fits.
                set.insert(vectors[i]);
            }
            i += 1;
        }
        set
    }

    /// A set of arbitrary vectors, in the order given, zero vectors and repeats dropped.
    /// `None` if more than [`CAPACITY`] distinct nonzero vectors are given.
    pub const fn from_vectors(vectors: &[Coord<N>]) -> Option<Self> {
        let mut set = Self::empty();
        let mut i = 0;
        while i < vectors.len() {
            if !set.insert(vectors[i]) {
                return None;
            }
            i += 1;
        }
        Some(set)
    }

    /// The vectors, in the set's order.
    #[inline]
    pub const fn as_slice(&self) -> &[Coord<N>] {
        match self.vectors.split_at_checked(self.len) {
            Some((vectors, _)) => vectors,
            // Unreachable: `len <= CAPACITY` is an invariant of every constructor.
            None => &[],
        }
    }

    /// An iterator over the vectors, in the set's order.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Coord<N>> {
        self.as_slice().iter()
    }

    /// How many vectors the set holds.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the set holds no vector.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `vector` is in the set.
    pub const fn contains(&self, vector: Coord<N>) -> bool {
        let vectors = self.as_slice();
        let mut i = 0;
        while i < vectors.len() {
            if same(&vectors[i], &vector) {
                return true;
            }
            i += 1;
        }
        false
    }
}

/// The vector of `{-1, 0, 1}^N` whose base-3 digits (axis 0 most significant) are `code`,
/// digit `d` standing for `d - 1`.
const fn unit_vector_from_code<const N: usize>(code: usize) -> Coord<N> {
    let mut components = [0; N];
    let mut rest = code;
    let mut axis = N;
    while axis > 0 {
        axis -= 1;
        components[axis] = (rest % 3) as i32 - 1;
        rest /= 3;
    }
    Coord::new(components)
}

/// `a == b` in a `const fn`.
const fn same<const N: usize>(a: &Coord<N>, b: &Coord<N>) -> bool {
    let mut axis = 0;
    while axis < N {
        if a.0[axis] != b.0[axis] {
            return false;
        }
        axis += 1;
    }
    true
}

impl<const N: usize> PartialEq for DirectionSet<N> {
    /// The same vectors in the same order.
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<const N: usize> Eq for DirectionSet<N> {}

impl<const N: usize> fmt::Debug for DirectionSet<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a, const N: usize> IntoIterator for &'a DirectionSet<N> {
    type Item = &'a Coord<N>;
    type IntoIter = core::slice::Iter<'a, Coord<N>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::{CAPACITY, Coord, DirectionSet};
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// No zero vector, no duplicate, closed under negation.
    pub(in crate::geometry) fn assert_well_formed<const N: usize>(set: &DirectionSet<N>) {
        let distinct: HashSet<_> = set.iter().copied().collect();
        assert_eq!(distinct.len(), set.len(), "duplicates in {set:?}");
        assert!(set.iter().all(|v| !v.is_zero()), "zero vector in {set:?}");
        assert!(
            set.iter().all(|&v| set.contains(-v)),
            "not symmetric: {set:?}"
        );
    }

    #[test]
    fn two_dimensional_counts() {
        assert_eq!(DirectionSet::<2>::orthogonal().len(), 4);
        assert_eq!(DirectionSet::<2>::diagonal().len(), 4);
        assert_eq!(DirectionSet::<2>::all().len(), 8);
        assert!(DirectionSet::<2>::triagonal().is_empty());
        assert!(DirectionSet::<2>::exactly(0).is_empty());
        assert_eq!(
            DirectionSet::<2>::orthogonal().as_slice(),
            &[
                Coord::new([-1, 0]),
                Coord::new([0, -1]),
                Coord::new([0, 1]),
                Coord::new([1, 0]),
            ]
        );
    }

    #[test]
    fn three_dimensional_counts() {
        assert_eq!(DirectionSet::<3>::orthogonal().len(), 6);
        assert_eq!(DirectionSet::<3>::diagonal().len(), 12);
        assert_eq!(DirectionSet::<3>::triagonal().len(), 8);
        assert_eq!(DirectionSet::<3>::all().len(), 26);
    }

    #[test]
    fn four_dimensional_counts() {
        const ROOK: DirectionSet<4> = DirectionSet::orthogonal();
        const BISHOP: DirectionSet<4> = DirectionSet::diagonal();
        const UNICORN: DirectionSet<4> = DirectionSet::triagonal();
        const DRAGON: DirectionSet<4> = DirectionSet::quadragonal();
        const QUEEN: DirectionSet<4> = DirectionSet::all();
        assert_eq!(ROOK.len(), 8);
        assert_eq!(BISHOP.len(), 24);
        assert_eq!(UNICORN.len(), 32);
        assert_eq!(DRAGON.len(), 16);
        assert_eq!(QUEEN.len(), 80);
        assert_eq!(QUEEN.len(), CAPACITY);
        for set in [&ROOK, &BISHOP, &UNICORN, &DRAGON, &QUEEN] {
            assert_well_formed(set);
        }
        // The queen is the union, orthogonal first.
        let union: Vec<_> = [ROOK, BISHOP, UNICORN, DRAGON]
            .iter()
            .flat_map(|set| set.iter().copied())
            .collect();
        assert_eq!(QUEEN.as_slice(), union.as_slice());
    }

    #[test]
    fn any_of_is_a_union() {
        let princess = DirectionSet::<4>::any_of(&[1, 2, 1]);
        assert_eq!(princess.len(), 8 + 24);
        assert!(princess.contains(Coord::new([0, 1, 0, 0])));
        assert!(princess.contains(Coord::new([0, 1, -1, 0])));
        assert!(!princess.contains(Coord::new([1, 1, 1, 0])));
        assert_eq!(DirectionSet::<4>::any_of(&[]).len(), 0);
        assert_eq!(DirectionSet::<4>::any_of(&[5, 0]).len(), 0);
    }

    #[test]
    fn moving_along_keeps_the_vectors_nonzero_on_the_axis_in_order() {
        const ACROSS: DirectionSet<4> = DirectionSet::all().moving_along(3);
        // 80 queen directions, 26 of them zero on the last axis.
        assert_eq!(ACROSS.len(), 54);
        assert!(ACROSS.iter().all(|v| v.get(3) != Some(0)));
        let kept: Vec<_> = DirectionSet::<4>::all()
            .iter()
            .copied()
            .filter(|v| v.get(3) != Some(0))
            .collect();
        assert_eq!(ACROSS.as_slice(), kept.as_slice());
        let rook = DirectionSet::<2>::orthogonal();
        assert_eq!(
            rook.moving_along(0).as_slice(),
            &[Coord::new([-1, 0]), Coord::new([1, 0])]
        );
        assert!(rook.moving_along(2).is_empty());
    }

    #[test]
    fn from_vectors_drops_zero_and_repeats_and_respects_capacity() {
        let set = DirectionSet::from_vectors(&[
            Coord::new([1, 0]),
            Coord::ZERO,
            Coord::new([1, 0]),
            Coord::new([0, 1]),
        ]);
        assert_eq!(
            set.as_ref().map(DirectionSet::as_slice),
            Some(&[Coord::new([1, 0]), Coord::new([0, 1])][..])
        );
        let too_many: Vec<Coord<2>> = (1..=81).map(|i| Coord::new([i, 0])).collect();
        assert!(DirectionSet::from_vectors(&too_many).is_none());
        assert!(DirectionSet::from_vectors(&too_many[..80]).is_some());
    }

    #[test]
    fn iterates_as_a_slice() {
        let rook = DirectionSet::<3>::orthogonal();
        let mut sum = Coord::ZERO;
        for &step in &rook {
            sum += step;
        }
        assert_eq!(sum, Coord::ZERO);
        assert_eq!(
            format!("{:?}", DirectionSet::<1>::all()),
            "[Coord([-1]), Coord([1])]"
        );
    }

    /// Every vector has exactly `k` components of magnitude 1, no repeats, closed under
    /// negation, `C(N, k) · 2^k` vectors.
    fn check_family<const N: usize>(k: usize) {
        let set = DirectionSet::<N>::exactly(k);
        for v in &set {
            assert_eq!(v.nonzero_axes(), k);
            assert!(v.0.iter().all(|c| c.abs() <= 1));
            assert!(set.contains(-*v));
        }
        let distinct: HashSet<_> = set.iter().collect();
        assert_eq!(distinct.len(), set.len());
        let expected = if k == 0 || k > N {
            0
        } else {
            let binomial = (0..k).fold(1usize, |acc, i| acc * (N - i) / (i + 1));
            binomial << k
        };
        assert_eq!(set.len(), expected, "N = {N}, k = {k}");
    }

    #[test]
    fn unit_families_are_exact_and_symmetric() {
        for k in 0..6 {
            check_family::<1>(k);
            check_family::<2>(k);
            check_family::<3>(k);
            check_family::<4>(k);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn membership_matches_definition(v in prop::array::uniform4(-2i32..=2), k in 0usize..5) {
            let v = Coord::new(v);
            let expected = k > 0 && v.nonzero_axes() == k && v.0.iter().all(|c| c.abs() <= 1);
            prop_assert_eq!(DirectionSet::<4>::exactly(k).contains(v), expected);
        }
    }
}
