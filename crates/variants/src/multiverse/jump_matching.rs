//! The point of a hypercuboid the action search tests next, chosen so that jumps land and
//! leave in pairs (the idea of penteract's cwmtt, `takePoint` in `FastCheckmate.lhs`, and of
//! ftxi's `HC_info::take_point`, written anew here). In an action every piece that leaves a
//! board lands exactly once and every landing piece has left: the axes holding a jump's
//! departure and its landing form a pair, and the axes whose chosen value is a jump's form a
//! matching of the graph linking the axes of each departure and landing. An axis that allows
//! no value other than a jump's must be matched. When no matching covers those axes (proven:
//! Kuhn's algorithm for the new-timeline axes, whose graph is bipartite, else a bounded
//! search of every way), the hypercuboid holds no action and is dropped whole.
//!
//! Before choosing, the hypercuboid loses the values no action in it can take: a landing whose
//! departure it does not allow, a departure none of whose landings it allows (cwmtt's and
//! ftxi's "ghost" arrivals). In a multiverse of many timelines where most boards can only
//! jump, testing matched points spares the search the regions of stray landings and lost
//! pieces, which multiply with the axes.

use super::action_space::{ActionSpace, NEW_PASS, What};
use super::hypercuboid::Cuboid;

/// Which values are a jump's departure or landing, and their partners, with the buffers
/// [`JumpLinks::choose`] reuses from one point to the next.
pub(super) struct JumpLinks {
    /// For each playable axis, then one list shared by the new-timeline axes: for each value
    /// that lands a piece, the playable axis it leaves and the value of its departure there.
    sources: Vec<Vec<Option<(usize, usize)>>>,
    /// Where each playable axis's departures start in [`JumpLinks::starts`]: departure value
    /// `l` of playable axis `s` is entry `base[s] + l`.
    base: Vec<usize>,
    /// For each entry, where its landings start in [`JumpLinks::landings`] (one more entry
    /// closes the last).
    starts: Vec<usize>,
    /// The landings of each departure, as (class, value), the class being the playable axis
    /// or, for the new-timeline axes, the number of playable axes.
    landings: Vec<(usize, usize)>,
    /// For each playable axis: the bitset of the new-timeline values that land a piece from
    /// it (the new-timeline axes share their values; only the pass is not a landing).
    new_from: Vec<Vec<u64>>,
    /// For each playable axis, bitsets of its values: the departures, the landings whose
    /// piece leaves another playable axis, and the others but departures (moves within the
    /// board and the pass).
    leaves: Vec<Vec<u64>>,
    arrivals: Vec<Vec<u64>>,
    frees: Vec<Vec<u64>>,
    /// Buffers: values to take out, the graph linking the axes (each axis's neighbours and,
    /// alongside, its own value of the jump linking them), the axes that must be matched, the
    /// matching, and marks.
    drop: Vec<usize>,
    neighbours: Vec<Vec<usize>>,
    ends: Vec<Vec<usize>>,
    must: Vec<usize>,
    mate: Vec<Option<usize>>,
    needed: Vec<bool>,
    seen: Vec<bool>,
    linked: Vec<usize>,
    /// Buffers for the new-timeline axes: the values any of them allows, the landings whose
    /// departure is not allowed, and each source's first landing on one of them.
    new_union: Vec<u64>,
    ghosts: Vec<u64>,
    firsts: Vec<(usize, usize)>,
}

impl JumpLinks {
    /// The links of `space`'s values.
    pub(super) fn new(space: &ActionSpace) -> JumpLinks {
        let first_new = space.playable.len();
        let n = space.shape.axes();
        let departures = space.departures();
        let classes = first_new + usize::from(n > first_new);
        let mut base = Vec::with_capacity(first_new + 1);
        let mut total = 0;
        for axis in 0..first_new {
            base.push(total);
            total += space.values(axis).len();
        }
        let mut pairs: Vec<(usize, (usize, usize))> = Vec::new();
        let mut sources = Vec::with_capacity(classes);
        for class in 0..classes {
            let list: Vec<Option<(usize, usize)>> = space
                .values(class)
                .iter()
                .enumerate()
                .map(|(i, loc)| {
                    let What::Arrive(m) = loc.what else {
                        return None;
                    };
                    let source = space.axis_of_line(m.from.line)?;
                    let leave = departures[source][(m.from.y * 8 + m.from.x) as usize];
                    if leave == usize::MAX {
                        return None;
                    }
                    pairs.push((base[source] + leave, (class, i)));
                    Some((source, leave))
                })
                .collect();
            sources.push(list);
        }
        // Stable: each departure's landings keep the order in which they were found.
        pairs.sort_by_key(|&(entry, _)| entry);
        let mut starts = vec![0; total + 1];
        for &(entry, _) in &pairs {
            starts[entry + 1] += 1;
        }
        for e in 0..total {
            starts[e + 1] += starts[e];
        }
        let new_words = if n > first_new {
            space.values(first_new).len().div_ceil(64)
        } else {
            0
        };
        let mut new_from = vec![vec![0u64; new_words]; first_new];
        if let Some(list) = sources.get(first_new) {
            for (i, source) in list.iter().enumerate() {
                if let Some((s, _)) = source {
                    new_from[*s][i / 64] |= 1 << (i % 64);
                }
            }
        }
        let bits = |axis: usize, keep: &dyn Fn(usize, &What) -> bool| {
            let values = space.values(axis);
            let mut words = vec![0u64; values.len().div_ceil(64)];
            for (i, loc) in values.iter().enumerate() {
                if keep(i, &loc.what) {
                    words[i / 64] |= 1 << (i % 64);
                }
            }
            words
        };
        let leaves = (0..first_new)
            .map(|a| bits(a, &|_, w| matches!(w, What::Leave { .. })))
            .collect();
        let arrivals = (0..first_new)
            .map(|a| bits(a, &|i, _| sources[a][i].is_some_and(|(s, _)| s != a)))
            .collect();
        let frees = (0..first_new)
            .map(|a| bits(a, &|_, w| matches!(w, What::Physical(_) | What::Pass)))
            .collect();
        JumpLinks {
            leaves,
            arrivals,
            frees,
            new_from,
            new_union: vec![0; new_words],
            ghosts: vec![0; new_words],
            firsts: Vec::new(),
            sources,
            base,
            starts,
            landings: pairs.into_iter().map(|(_, landing)| landing).collect(),
            drop: Vec::new(),
            neighbours: vec![Vec::new(); n],
            ends: vec![Vec::new(); n],
            must: Vec::new(),
            mate: vec![None; n],
            needed: vec![false; n],
            seen: vec![false; n],
            linked: vec![usize::MAX; n],
        }
    }

    /// The landings of departure value `l` of playable axis `source` (none for a value that
    /// is not a departure).
    fn landings_of(&self, source: usize, l: usize) -> &[(usize, usize)] {
        let entry = self.base[source] + l;
        &self.landings[self.starts[entry]..self.starts[entry + 1]]
    }

    /// Takes from `c` the jump values no action in it can take, then sets `point` to a point
    /// of `c`: on each axis not matched, its lowest value that is not a jump's (a move within
    /// the board or the pass), or its lowest value when it has none; on matched axes, the
    /// pair's departure and landing.
    pub(super) fn choose(
        &mut self,
        space: &ActionSpace,
        c: &mut Cuboid,
        point: &mut [usize],
    ) -> Choice {
        self.union_new_values(space, c);
        if !self.drop_lost_departures(space, c)
            || !self.drop_stray_landings(space, c)
            || !self.drop_new_ghosts(space, c)
        {
            return Choice::Nothing;
        }
        self.link_axes(space, c, point);
        if self.must.is_empty() {
            return Choice::Matched;
        }
        self.match_needed_axes(space, point)
    }

    /// Sets [`JumpLinks::new_union`] to the values some new-timeline axis of `c` allows.
    fn union_new_values(&mut self, space: &ActionSpace, c: &Cuboid) {
        let shape = &space.shape;
        self.new_union.fill(0);
        for a in space.playable.len()..shape.axes() {
            for (u, w) in self.new_union.iter_mut().zip(shape.words(c, a)) {
                *u |= w;
            }
        }
    }

    /// Takes from `c` the departures none of whose landings it allows (the new-timeline
    /// axes' by [`JumpLinks::new_union`]); false when an axis is left with no value.
    fn drop_lost_departures(&mut self, space: &ActionSpace, c: &mut Cuboid) -> bool {
        let shape = &space.shape;
        let first_new = space.playable.len();
        let mut drop = std::mem::take(&mut self.drop);
        let mut kept = true;
        'sources: for source in 0..first_new {
            drop.clear();
            drop.extend(
                and_bits(shape.words(c, source), &self.leaves[source]).filter(|&l| {
                    let list = self.landings_of(source, l);
                    !list.is_empty()
                        && !list.iter().any(|&(k, v)| {
                            if k < first_new {
                                shape.allows(c, k, v)
                            } else {
                                self.new_union[v / 64] & (1 << (v % 64)) != 0
                            }
                        })
                }),
            );
            for &l in &drop {
                if !shape.remove_value(c, source, l) {
                    kept = false;
                    break 'sources;
                }
            }
        }
        self.drop = drop;
        kept
    }

    /// Takes from each playable axis of `c` the landings whose departure `c` does not allow;
    /// false when an axis is left with no value.
    fn drop_stray_landings(&mut self, space: &ActionSpace, c: &mut Cuboid) -> bool {
        let shape = &space.shape;
        let mut drop = std::mem::take(&mut self.drop);
        let mut kept = true;
        'axes: for axis in 0..space.playable.len() {
            let sources = &self.sources[axis];
            drop.clear();
            drop.extend(
                and_bits(shape.words(c, axis), &self.arrivals[axis])
                    .filter(|&i| sources[i].is_some_and(|(s, l)| !shape.allows(c, s, l))),
            );
            for &i in &drop {
                if !shape.remove_value(c, axis, i) {
                    kept = false;
                    break 'axes;
                }
            }
        }
        self.drop = drop;
        kept
    }

    /// Takes from the new-timeline axes of `c`, which share their values, all at once the
    /// landings whose departure `c` does not allow; false when an axis is left with no value.
    fn drop_new_ghosts(&mut self, space: &ActionSpace, c: &mut Cuboid) -> bool {
        let shape = &space.shape;
        let n = shape.axes();
        let first_new = space.playable.len();
        if n <= first_new {
            return true;
        }
        let sources = &self.sources[first_new];
        self.ghosts.fill(0);
        for s in 0..first_new {
            // By source: none of its departures allowed, all of them, or some.
            let words = shape.words(c, s);
            let leaves = &self.leaves[s];
            if words.iter().zip(leaves).all(|(w, l)| w & l == *l) {
                continue;
            }
            let from = &self.new_from[s];
            if words.iter().zip(leaves).all(|(w, l)| w & l == 0) {
                for (g, f) in self.ghosts.iter_mut().zip(from) {
                    *g |= f;
                }
                continue;
            }
            let maybe: Vec<usize> = and_bits(&self.new_union, from).collect();
            for i in maybe {
                if sources[i].is_some_and(|(s, l)| !shape.allows(c, s, l)) {
                    self.ghosts[i / 64] |= 1 << (i % 64);
                }
            }
        }
        if self.ghosts.iter().any(|&g| g != 0) {
            for a in first_new..n {
                if !shape.restrict_words(c, a, &self.ghosts, false) {
                    return false;
                }
            }
        }
        true
    }

    /// Builds the graph linking the axes of `c` (for each pair of axes, the first departure
    /// and landing linking them) and sets `point` on each axis to its value when it is not
    /// matched; the axes that allow no value but a jump's go in [`JumpLinks::must`].
    fn link_axes(&mut self, space: &ActionSpace, c: &Cuboid, point: &mut [usize]) {
        let shape = &space.shape;
        let n = shape.axes();
        let first_new = space.playable.len();
        for list in self.neighbours.iter_mut().chain(self.ends.iter_mut()) {
            list.clear();
        }
        self.linked.fill(usize::MAX);
        self.must.clear();
        // A new timeline is created only after the ones before it: of the new-timeline axes
        // that may pass, only the first may take a jump.
        let optional_new = (first_new..n).find(|&a| shape.allows(c, a, NEW_PASS));
        for (axis, value) in point.iter_mut().enumerate().take(n) {
            if optional_new.is_some_and(|o| axis > o) {
                *value = NEW_PASS;
                continue;
            }
            // The axes already linked to this one (by the jumps of the axes before it).
            for &b in &self.neighbours[axis] {
                self.linked[b] = axis;
            }
            *value = if axis >= first_new {
                self.link_new_axis(space, c, axis)
            } else {
                self.link_playable_axis(space, c, axis)
            };
        }
    }

    /// Links new-timeline axis `axis` to the playable axes it lands a piece from, each
    /// source's first landing, in the order of their values; its value when not matched: its
    /// pass, else (it must be matched) its lowest value.
    fn link_new_axis(&mut self, space: &ActionSpace, c: &Cuboid, axis: usize) -> usize {
        let shape = &space.shape;
        let first_new = space.playable.len();
        let words = shape.words(c, axis);
        self.firsts.clear();
        for (s, from) in self.new_from.iter().enumerate() {
            if let Some(k) = words.iter().zip(from).position(|(w, f)| w & f != 0) {
                let i = k * 64 + (words[k] & from[k]).trailing_zeros() as usize;
                self.firsts.push((i, s));
            }
        }
        self.firsts.sort_unstable();
        for &(i, s) in &self.firsts {
            if self.linked[s] != axis
                && let Some((_, l)) = self.sources[first_new][i]
            {
                self.linked[s] = axis;
                self.neighbours[s].push(axis);
                self.ends[s].push(l);
                self.neighbours[axis].push(s);
                self.ends[axis].push(i);
            }
        }
        if shape.allows(c, axis, NEW_PASS) {
            NEW_PASS
        } else {
            self.must.push(axis);
            shape.first(c, axis).unwrap_or(0)
        }
    }

    /// Links playable axis `axis` to the playable axes it lands a piece from, each source's
    /// first landing; its value when not matched: its lowest value that is not a jump's, else
    /// (it must be matched) its lowest value.
    fn link_playable_axis(&mut self, space: &ActionSpace, c: &Cuboid, axis: usize) -> usize {
        let shape = &space.shape;
        let sources = &self.sources[axis];
        let words = shape.words(c, axis);
        for i in and_bits(words, &self.arrivals[axis]) {
            if let Some((s, l)) = sources[i]
                && self.linked[s] != axis
            {
                self.linked[s] = axis;
                self.neighbours[s].push(axis);
                self.ends[s].push(l);
                self.neighbours[axis].push(s);
                self.ends[axis].push(i);
            }
        }
        match and_bits(words, &self.frees[axis]).next() {
            Some(i) => i,
            None => {
                self.must.push(axis);
                shape.first(c, axis).unwrap_or(0)
            }
        }
    }

    /// Matches every axis of [`JumpLinks::must`] with a neighbour in the graph
    /// ([`augment`]; when it fails, [`branches_matchable`] and [`cover`]) and sets `point` on
    /// each matched axis to its end of the pair's jump.
    fn match_needed_axes(&mut self, space: &ActionSpace, point: &mut [usize]) -> Choice {
        let first_new = space.playable.len();
        let (must, neighbours, mate, needed, seen) = (
            &self.must,
            &self.neighbours,
            &mut self.mate,
            &mut self.needed,
            &mut self.seen,
        );
        mate.fill(None);
        needed.fill(false);
        for &a in must {
            needed[a] = true;
        }
        for &a in must {
            if mate[a].is_some() {
                continue;
            }
            seen.fill(false);
            seen[a] = true;
            if !augment(a, neighbours, needed, mate, seen) {
                if !branches_matchable(must, first_new, neighbours) {
                    return Choice::Nothing;
                }
                mate.fill(None);
                let mut steps = COVER_STEPS;
                match cover(must, neighbours, mate, &mut steps) {
                    Some(true) => break,
                    Some(false) => return Choice::Nothing,
                    None => return Choice::Unmatched,
                }
            }
        }
        for a in 0..space.shape.axes() {
            if let Some(b) = mate[a] {
                let k = neighbours[a].iter().position(|&x| x == b).unwrap_or(0);
                point[a] = self.ends[a][k];
            }
        }
        Choice::Matched
    }
}

/// The values in both bitsets `a` and `b`, lowest first.
fn and_bits<'a>(a: &'a [u64], b: &'a [u64]) -> impl Iterator<Item = usize> + 'a {
    a.iter().zip(b).enumerate().flat_map(|(k, (&x, &y))| {
        let mut w = x & y;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                k * 64 + bit
            })
        })
    })
}

/// What [`JumpLinks::choose`] found.
pub(super) enum Choice {
    /// No legal action lies in the hypercuboid.
    Nothing,
    /// A point of the hypercuboid whose jumps are matched.
    Matched,
    /// A point of the hypercuboid whose jumps could not all be matched (the search's problem
    /// tests find why it fails).
    Unmatched,
}

/// Whether each new-timeline axis in `must` can land a piece from a board of its own: a
/// matching of those axes into the playable axes (Kuhn's augmenting paths, exact here: a
/// new-timeline axis neighbours only playable ones, so the graph is bipartite). When it
/// fails, no action lies in the hypercuboid: every jump pairs one departure with one landing.
fn branches_matchable(must: &[usize], first_new: usize, neighbours: &[Vec<usize>]) -> bool {
    let mut owner: Vec<Option<usize>> = vec![None; first_new];
    must.iter().filter(|&&a| a >= first_new).all(|&a| {
        let mut seen = vec![false; first_new];
        kuhn(a, neighbours, &mut owner, &mut seen)
    })
}

/// One augmenting path of Kuhn's algorithm from new-timeline axis `a` into the playable axes.
fn kuhn(
    a: usize,
    neighbours: &[Vec<usize>],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &p in &neighbours[a] {
        if seen[p] {
            continue;
        }
        seen[p] = true;
        if owner[p].is_none_or(|b| kuhn(b, neighbours, owner, seen)) {
            owner[p] = Some(a);
            return true;
        }
    }
    false
}

/// The partial matchings [`cover`] may try before it gives up.
const COVER_STEPS: u32 = 2_000;

/// A matching covering every axis of `must`, put in `mate`, found by trying every way (the
/// axis with the fewest free neighbours first): `Some(false)` when there is none, `None` when
/// `steps` ran out first. Exact where [`augment`], which follows no odd cycle, may miss one.
fn cover(
    must: &[usize],
    neighbours: &[Vec<usize>],
    mate: &mut [Option<usize>],
    steps: &mut u32,
) -> Option<bool> {
    let free = |b: &usize| mate[*b].is_none();
    let next = must
        .iter()
        .filter(|&&a| mate[a].is_none())
        .min_by_key(|&&a| neighbours[a].iter().filter(|b| free(b)).count());
    let Some(&a) = next else {
        return Some(true);
    };
    let options: Vec<usize> = neighbours[a].iter().copied().filter(|b| free(b)).collect();
    for b in options {
        if *steps == 0 {
            return None;
        }
        *steps -= 1;
        mate[a] = Some(b);
        mate[b] = Some(a);
        match cover(must, neighbours, mate, steps) {
            Some(false) => {
                mate[a] = None;
                mate[b] = None;
            }
            done => return done,
        }
    }
    Some(false)
}

/// Matches `a` with a neighbour, freeing a neighbour matched to an axis that need not be
/// matched, or rematching along an alternating path; false when none is found this way.
fn augment(
    a: usize,
    neighbours: &[Vec<usize>],
    needed: &[bool],
    mate: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &b in &neighbours[a] {
        if seen[b] {
            continue;
        }
        seen[b] = true;
        let taken = match mate[b] {
            None => true,
            Some(x) if !needed[x] => {
                mate[x] = None;
                true
            }
            Some(x) => {
                seen[x] = true;
                mate[x] = None;
                mate[b] = None;
                if augment(x, neighbours, needed, mate, seen) {
                    true
                } else {
                    mate[x] = Some(b);
                    mate[b] = Some(x);
                    false
                }
            }
        };
        if taken {
            mate[a] = Some(b);
            mate[b] = Some(a);
            return true;
        }
    }
    false
}
