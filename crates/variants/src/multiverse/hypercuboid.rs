//! Sets of points of a finite product space — one value per axis — kept as unions of
//! hypercuboids (a hypercuboid allows, on each axis, a subset of its values). The action
//! search (actions.rs) starts from the whole space and cuts away the regions a problem rules
//! out, so one test can remove millions of combinations at once.

use std::rc::Rc;

/// The size of each axis.
pub(super) struct Shape {
    sizes: Vec<usize>,
    /// The words of all axes' bitsets together.
    words: usize,
}

/// The memory of hypercuboids on a search stack below which a cut is taken apart at once.
const EAGER_BYTES: usize = 16 << 20;

/// A hypercuboid: for each axis, the set of its values allowed. A copy shares each axis's
/// bitset with the original until one of them changes it (a search's pieces differ from the
/// hypercuboid they were cut from on a few axes of hundreds), and each axis keeps its lowest
/// and highest value, so that a search step need not read every bitset.
#[derive(Clone, Debug)]
pub(super) struct Cuboid {
    axes: Vec<Axis>,
    /// Whether some axis allows no value (the hypercuboid holds no point).
    empty: bool,
}

impl Cuboid {
    /// [`Axis::retain`] on `axis`, recording an emptied axis.
    fn retain(&mut self, axis: usize, keep: impl Fn(usize) -> u64) -> bool {
        let left = self.axes[axis].retain(keep);
        self.empty |= !left;
        left
    }
}

/// One axis of a [`Cuboid`]: its bitset (shared between copies) and its lowest and highest
/// allowed values ([`NONE`] when empty).
#[derive(Clone, Debug)]
struct Axis {
    words: Rc<[u64]>,
    first: u32,
    last: u32,
}

/// The `first` and `last` of an empty axis.
const NONE: u32 = u32::MAX;

impl Axis {
    fn new(words: Vec<u64>) -> Axis {
        let mut axis = Axis {
            words: words.into(),
            first: NONE,
            last: NONE,
        };
        axis.bounds();
        axis
    }

    /// Sets `first` and `last` from the bitset; returns whether any value is allowed.
    fn bounds(&mut self) -> bool {
        self.bounds_within(0..self.words.len())
    }

    /// [`Axis::bounds`] when every word outside `range` is zero.
    fn bounds_within(&mut self, range: std::ops::Range<usize>) -> bool {
        let words = &self.words[range.clone()];
        let first = words.iter().position(|&w| w != 0);
        let last = words.iter().rposition(|&w| w != 0);
        (self.first, self.last) = match (first, last) {
            (Some(f), Some(l)) => (
                ((range.start + f) * 64 + words[f].trailing_zeros() as usize) as u32,
                ((range.start + l) * 64 + 63 - words[l].leading_zeros() as usize) as u32,
            ),
            _ => (NONE, NONE),
        };
        self.first != NONE
    }

    /// The words that may hold an allowed value: those from `first`'s to `last`'s (none
    /// when the axis is empty).
    fn live(&self) -> std::ops::Range<usize> {
        if self.first == NONE {
            0..0
        } else {
            self.first as usize / 64..self.last as usize / 64 + 1
        }
    }

    /// Keeps only the bits of each word `keep` gives, copying the bitset only when it
    /// changes; returns whether any value is left. Only the live words are read.
    fn retain(&mut self, keep: impl Fn(usize) -> u64) -> bool {
        let live = self.live();
        let changes = live.clone().any(|i| {
            let w = self.words[i];
            w & keep(i) != w
        });
        if !changes {
            return self.first != NONE;
        }
        let words = Rc::make_mut(&mut self.words);
        for i in live.clone() {
            words[i] &= keep(i);
        }
        self.bounds_within(live)
    }
}

/// A set of values of one axis: the axis and its bitset.
pub(super) type AxisSet = (usize, Vec<u64>);

impl Shape {
    /// A space whose axis `i` has `sizes[i]` values.
    pub(super) fn new(sizes: Vec<usize>) -> Shape {
        let words = sizes.iter().map(|n| n.div_ceil(64)).sum();
        Shape { sizes, words }
    }

    /// The number of axes.
    pub(super) fn axes(&self) -> usize {
        self.sizes.len()
    }

    /// The memory of one hypercuboid's bitsets when none is shared, in bytes.
    pub(super) fn cuboid_bytes(&self) -> usize {
        self.words * std::mem::size_of::<u64>() + self.axes() * std::mem::size_of::<Axis>()
    }

    /// The hypercuboid of every point.
    pub(super) fn full(&self) -> Cuboid {
        let axes = (0..self.axes())
            .map(|axis| Axis::new(self.set_where(axis, |_| true).1))
            .collect();
        Cuboid { axes, empty: false }
    }

    /// The values of `axis` for which `keep` holds.
    pub(super) fn set_where(&self, axis: usize, mut keep: impl FnMut(usize) -> bool) -> AxisSet {
        let mut set = vec![0; self.sizes[axis].div_ceil(64)];
        for i in (0..self.sizes[axis]).filter(|&i| keep(i)) {
            set[i / 64] |= 1 << (i % 64);
        }
        (axis, set)
    }

    fn axis<'a>(&self, c: &'a Cuboid, axis: usize) -> &'a [u64] {
        &c.axes[axis].words
    }

    /// The lowest value `c` allows on `axis`.
    pub(super) fn first(&self, c: &Cuboid, axis: usize) -> Option<usize> {
        let first = c.axes[axis].first;
        (first != NONE).then_some(first as usize)
    }

    /// Whether `c` holds no point (some axis allows no value).
    pub(super) fn is_empty(&self, c: &Cuboid) -> bool {
        c.empty
    }

    /// Whether `c` allows `value` on `axis`.
    pub(super) fn allows(&self, c: &Cuboid, axis: usize, value: usize) -> bool {
        self.axis(c, axis)[value / 64] & (1 << (value % 64)) != 0
    }

    /// Takes `value` off `axis`. Returns whether any value is left on that axis.
    pub(super) fn remove_value(&self, c: &mut Cuboid, axis: usize, value: usize) -> bool {
        if !self.allows(c, axis, value) {
            return c.axes[axis].first != NONE;
        }
        let word = value / 64;
        let mask = !(1 << (value % 64));
        c.retain(axis, |i| if i == word { mask } else { !0 })
    }

    /// Keeps only `value` on `axis`. Returns whether it was allowed.
    pub(super) fn keep_only(&self, c: &mut Cuboid, axis: usize, value: usize) -> bool {
        let word = value / 64;
        let bit = 1 << (value % 64);
        c.retain(axis, |i| if i == word { bit } else { 0 })
    }

    /// Keeps on `set.0` only the values in `set` (or, with `inside` false, only those not in
    /// it). Returns whether any value is left on that axis.
    pub(super) fn restrict(&self, c: &mut Cuboid, set: &AxisSet, inside: bool) -> bool {
        self.restrict_words(c, set.0, &set.1, inside)
    }

    /// [`Shape::restrict`] by the set of `axis`'s values given as its bitset `words`.
    pub(super) fn restrict_words(
        &self,
        c: &mut Cuboid,
        axis: usize,
        words: &[u64],
        inside: bool,
    ) -> bool {
        c.retain(axis, |i| kept(words[i], inside))
    }

    /// The bitset of the values `c` allows on `axis` (only the words from its lowest to its
    /// highest value may be non-zero).
    pub(super) fn words<'a>(&self, c: &'a Cuboid, axis: usize) -> &'a [u64] {
        self.axis(c, axis)
    }

    /// Whether restricting `c` by `set` ([`Shape::restrict`]) would leave a value on its
    /// axis, read without a copy.
    fn meets(&self, c: &Cuboid, set: &AxisSet, inside: bool) -> bool {
        let axis = &c.axes[set.0];
        axis.live()
            .any(|i| axis.words[i] & kept(set.1[i], inside) != 0)
    }

    /// Cuts `section` out of `c` where that leaves one hypercuboid: when `c` lies inside the
    /// section on every axis but one, that axis loses the section's values (on every axis, `c`
    /// is emptied).
    pub(super) fn cut_if_one_axis(&self, c: &mut Cuboid, section: &[AxisSet]) {
        let mut outside = None;
        for set in section {
            if self.meets(c, set, false) {
                if outside.is_some() {
                    return;
                }
                outside = Some(set);
            }
        }
        match outside {
            None => c.empty = true,
            Some(set) => {
                self.restrict(c, set, false);
            }
        }
    }

    /// The piece `j` of cutting `section` out of `c`: the points in the first `j` sets and not
    /// in set `j`. Pieces `0..section.len()` are disjoint and together are `c` minus the
    /// section.
    fn cut_piece(&self, c: &Cuboid, section: &[AxisSet], j: usize) -> Option<Cuboid> {
        // Most pieces of a cut around one point are empty (the axes its cuboid already fixes):
        // they are told apart by the sets alone, before anything is copied.
        let possible = section[..j].iter().all(|set| self.meets(c, set, true))
            && self.meets(c, &section[j], false);
        if !possible {
            return None;
        }
        let mut piece = c.clone();
        let inside = section[..j]
            .iter()
            .all(|set| self.restrict(&mut piece, set, true));
        (inside && self.restrict(&mut piece, &section[j], false)).then_some(piece)
    }

    /// The piece `i` of keeping "exactly one of `subsets`" of `c`: the points in subset `i`
    /// and in none of the others.
    fn one_piece(&self, c: &Cuboid, subsets: &[AxisSet], i: usize) -> Option<Cuboid> {
        let possible = subsets
            .iter()
            .enumerate()
            .all(|(j, set)| self.meets(c, set, i == j));
        if !possible {
            return None;
        }
        let mut piece = c.clone();
        let nonempty = subsets
            .iter()
            .enumerate()
            .all(|(j, set)| self.restrict(&mut piece, set, i == j));
        nonempty.then_some(piece)
    }

    /// The layer `k` of `c` from axis `from` on: the points whose first `k` axes from `from`
    /// hold a value other than `value` and whose axes after those hold `value`.
    fn layer(&self, c: &Cuboid, from: usize, value: usize, k: usize) -> Option<Cuboid> {
        let mut piece = c.clone();
        let (split, n) = (from + k, self.axes());
        let differs = (from..split).all(|a| self.remove_value(&mut piece, a, value));
        (differs && (split..n).all(|a| self.keep_only(&mut piece, a, value))).then_some(piece)
    }

    /// The next hypercuboid to search from `stack`, taking pending pieces apart one at a time
    /// (a cut keeps one hypercuboid, not one per piece, so memory stays small however wide the
    /// cuts are).
    pub(super) fn pop(&self, stack: &mut Vec<Pending>) -> Option<Cuboid> {
        loop {
            let (piece, more) = match stack.pop()? {
                Pending::Whole(c) => return Some(c),
                Pending::Cut {
                    base,
                    section,
                    next,
                } => {
                    let piece = self.cut_piece(&base, &section, next);
                    let more = (next > 0).then(|| Pending::Cut {
                        base,
                        section,
                        next: next - 1,
                    });
                    (piece, more)
                }
                Pending::Layers {
                    base,
                    from,
                    value,
                    next,
                } => {
                    let piece = self.layer(&base, from, value, next);
                    let more = (from + next < self.axes()).then_some(Pending::Layers {
                        base,
                        from,
                        value,
                        next: next + 1,
                    });
                    (piece, more)
                }
                Pending::ExactlyOne {
                    base,
                    subsets,
                    next,
                } => {
                    let piece = self.one_piece(&base, &subsets, next);
                    let more = (next + 1 < subsets.len()).then(|| Pending::ExactlyOne {
                        base,
                        subsets,
                        next: next + 1,
                    });
                    (piece, more)
                }
            };
            stack.extend(more);
            if let Some(piece) = piece {
                return Some(piece);
            }
        }
    }

    /// Adds `pending` to `stack`: taken apart at once while the stack's hypercuboids, with
    /// the new pieces, fit in [`EAGER_BYTES`] (each piece's sets are then intersected once),
    /// kept whole for later otherwise, so that memory stays bounded in the widest searches.
    pub(super) fn push(&self, stack: &mut Vec<Pending>, pending: Option<Pending>) {
        let fits = |pieces: usize| (stack.len() + pieces) * self.cuboid_bytes() <= EAGER_BYTES;
        match pending {
            Some(Pending::Cut {
                mut base,
                section,
                next,
            }) if fits(next + 1) => {
                for set in &section[..=next] {
                    if self.meets(&base, set, false) {
                        let mut outside = base.clone();
                        self.restrict(&mut outside, set, false);
                        stack.push(Pending::Whole(outside));
                    }
                    if !self.restrict(&mut base, set, true) {
                        return;
                    }
                }
            }
            Some(Pending::ExactlyOne {
                base,
                subsets,
                next,
            }) if fits(subsets.len() - next) => {
                for i in (next..subsets.len()).rev() {
                    stack.extend(self.one_piece(&base, &subsets, i).map(Pending::Whole));
                }
            }
            other => stack.extend(other),
        }
    }

    /// Takes `set`'s values off its axis in every pending hypercuboid.
    pub(super) fn remove_everywhere(&self, stack: &mut [Pending], set: &AxisSet) {
        for pending in stack {
            let base = match pending {
                Pending::Whole(c) => c,
                Pending::Cut { base, .. }
                | Pending::ExactlyOne { base, .. }
                | Pending::Layers { base, .. } => base,
            };
            self.restrict(base, set, false);
        }
    }
}

/// The bits a restriction by the set word `m` keeps: those in it, or with `inside` false those
/// not in it.
fn kept(m: u64, inside: bool) -> u64 {
    if inside { m } else { !m }
}

/// Hypercuboids still to search: whole, or the pieces of a cut still to take apart.
pub(super) enum Pending {
    /// One hypercuboid.
    Whole(Cuboid),
    /// `base` minus `section`: pieces `next`, `next − 1`, …, 0 of the cut are still to come
    /// (the most constrained first).
    Cut {
        base: Cuboid,
        section: Rc<[AxisSet]>,
        next: usize,
    },
    /// The points of `base` in exactly one of `subsets`: pieces `next`, `next + 1`, … to come.
    ExactlyOne {
        base: Cuboid,
        subsets: Rc<[AxisSet]>,
        next: usize,
    },
    /// `base` by layers from axis `from` on ([`Shape::layer`]): layers `next`, `next + 1`, …
    /// to come, the one with the fewest axes other than `value` first.
    Layers {
        base: Cuboid,
        from: usize,
        value: usize,
        next: usize,
    },
}

impl Pending {
    /// `c` minus `section`, to be taken apart lazily.
    pub(super) fn cut(c: Cuboid, section: Vec<AxisSet>) -> Option<Pending> {
        let next = section.len().checked_sub(1)?;
        Some(Pending::Cut {
            base: c,
            section: section.into(),
            next,
        })
    }

    /// `c` by layers from axis `from` on, to be taken apart lazily: first the points whose
    /// axes from `from` all hold `value`, then those whose first such axis holds another value
    /// and the rest `value`, and so on.
    pub(super) fn layers(c: Cuboid, from: usize, value: usize) -> Pending {
        Pending::Layers {
            base: c,
            from,
            value,
            next: 0,
        }
    }

    /// The points of `c` in exactly one of `subsets`, to be taken apart lazily.
    pub(super) fn exactly_one(c: Cuboid, subsets: Vec<AxisSet>) -> Option<Pending> {
        (!subsets.is_empty()).then(|| Pending::ExactlyOne {
            base: c,
            subsets: subsets.into(),
            next: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every point of a small space, as value lists.
    fn points(shape: &Shape, cuboids: &[Cuboid]) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        for c in cuboids {
            let mut p = vec![0; shape.axes()];
            loop {
                if (0..shape.axes()).all(|a| shape.allows(c, a, p[a])) {
                    all.push(p.clone());
                }
                let Some(a) = (0..shape.axes()).find(|&a| p[a] + 1 < shape.sizes[a]) else {
                    break;
                };
                p[a] += 1;
                p[..a].iter_mut().for_each(|x| *x = 0);
            }
        }
        all.sort();
        all
    }

    /// Every piece a pending entry holds.
    fn drain(shape: &Shape, pending: Option<Pending>) -> Vec<Cuboid> {
        let mut stack: Vec<Pending> = Vec::new();
        shape.push(&mut stack, pending);
        std::iter::from_fn(|| shape.pop(&mut stack)).collect()
    }

    #[test]
    fn cutting_out_a_section_leaves_exactly_the_points_outside_it() {
        let shape = Shape::new(vec![3, 70, 2]);
        let section = [
            shape.set_where(0, |v| v != 1),
            shape.set_where(1, |v| v % 7 == 0),
        ];
        let got = points(
            &shape,
            &drain(&shape, Pending::cut(shape.full(), section.to_vec())),
        );
        let mut want = points(&shape, &[shape.full()]);
        want.retain(|p| !(p[0] != 1 && p[1] % 7 == 0));
        assert_eq!(got, want);
    }

    #[test]
    fn a_learned_section_cuts_a_hypercuboid_only_where_it_stays_one() {
        let shape = Shape::new(vec![3, 70, 2]);
        let section = [
            shape.set_where(0, |v| v != 1),
            shape.set_where(1, |v| v % 7 == 0),
        ];
        // Inside the section on axis 0 (values 0 and 2 only): axis 1 loses 0, 7, 14, ….
        let mut c = shape.full();
        shape.restrict(&mut c, &section[0], true);
        let mut want = points(&shape, &[c.clone()]);
        want.retain(|p| p[1] % 7 != 0);
        shape.cut_if_one_axis(&mut c, &section);
        assert_eq!(points(&shape, &[c.clone()]), want);
        // Inside on both axes: nothing is left.
        let mut inside = shape.full();
        shape.restrict(&mut inside, &section[0], true);
        shape.restrict(&mut inside, &section[1], true);
        shape.cut_if_one_axis(&mut inside, &section);
        assert!(shape.is_empty(&inside));
        // Outside on both axes somewhere: cutting would split it, so it stays whole.
        let mut whole = shape.full();
        shape.cut_if_one_axis(&mut whole, &section);
        assert_eq!(points(&shape, &[whole]), points(&shape, &[shape.full()]));
    }

    #[test]
    fn exactly_one_keeps_the_points_in_one_subset_only() {
        let shape = Shape::new(vec![3, 3, 3]);
        let subsets = [
            shape.set_where(0, |v| v == 0),
            shape.set_where(1, |v| v > 0),
            shape.set_where(2, |v| v == 2),
        ];
        let got = points(
            &shape,
            &drain(&shape, Pending::exactly_one(shape.full(), subsets.to_vec())),
        );
        let mut want = points(&shape, &[shape.full()]);
        want.retain(|p| u8::from(p[0] == 0) + u8::from(p[1] > 0) + u8::from(p[2] == 2) == 1);
        assert_eq!(got, want);
    }

    #[test]
    fn layers_hold_each_point_once_fewest_other_values_first() {
        let shape = Shape::new(vec![2, 3, 3, 3]);
        let mut stack = Vec::new();
        shape.push(&mut stack, Some(Pending::layers(shape.full(), 1, 0)));
        let layers: Vec<Vec<Vec<usize>>> = std::iter::from_fn(|| shape.pop(&mut stack))
            .map(|c| points(&shape, &[c]))
            .collect();
        let others = |p: &Vec<usize>| p[1..].iter().filter(|&&v| v != 0).count();
        assert_eq!(layers.len(), 4);
        for (k, layer) in layers.iter().enumerate() {
            assert!(
                layer
                    .iter()
                    .all(|p| others(p) == k && p[1..=k].iter().all(|&v| v != 0))
            );
        }
        let mut all: Vec<Vec<usize>> = layers.concat();
        all.sort();
        let mut want = points(&shape, &[shape.full()]);
        want.retain(|p| {
            let k = others(p);
            p[1 + k..].iter().all(|&v| v == 0)
        });
        assert_eq!(all, want);
    }

    #[test]
    fn first_reads_the_bitsets() {
        let shape = Shape::new(vec![130]);
        let mut c = shape.full();
        assert_eq!(shape.first(&c, 0), Some(0));
        assert!(shape.restrict(&mut c, &shape.set_where(0, |v| v == 129), true));
        assert_eq!(shape.first(&c, 0), Some(129));
        assert_eq!(shape.words(&c, 0), [0, 0, 1 << 1]);
        assert!(!shape.restrict(&mut c, &shape.set_where(0, |v| v == 129), false));
    }
}
