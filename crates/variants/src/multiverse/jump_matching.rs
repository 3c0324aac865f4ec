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

use std::collections::HashMap;

use super::action_space::{ActionSpace, NEW_PASS, What};
use super::hypercuboid::Cuboid;

/// Which values are a jump's departure or landing, and their partners.
pub(super) struct JumpLinks {
    /// For each playable axis, then one list shared by the new-timeline axes: for each value
    /// that lands a piece, the playable axis it leaves and the value of its departure there.
    sources: Vec<Vec<Option<(usize, usize)>>>,
    /// For each playable axis and departure value on it: the values landing that piece, as
    /// (class, value), the class being the playable axis or, for the new-timeline axes,
    /// the number of playable axes.
    landings: HashMap<(usize, usize), Vec<(usize, usize)>>,
}

impl JumpLinks {
    /// The links of `space`'s values.
    pub(super) fn new(space: &ActionSpace) -> JumpLinks {
        let first_new = space.playable.len();
        let departures = space.departures();
        let classes = first_new + usize::from(space.shape.axes() > first_new);
        let mut sources = Vec::with_capacity(classes);
        let mut landings: HashMap<(usize, usize), Vec<(usize, usize)>> = HashMap::new();
        for class in 0..classes {
            let list = space
                .values(class)
                .iter()
                .enumerate()
                .map(|(i, loc)| {
                    let What::Arrive(m) = loc.what else {
                        return None;
                    };
                    let source = space.axis_of_line(m.from.line)?;
                    let leave = *departures.get(&(m.from.line, m.from.x, m.from.y))?;
                    landings
                        .entry((source, leave))
                        .or_default()
                        .push((class, i));
                    Some((source, leave))
                })
                .collect();
            sources.push(list);
        }
        JumpLinks { sources, landings }
    }
}

/// What [`choose`] found.
pub(super) enum Choice {
    /// No legal action lies in the hypercuboid.
    Nothing,
    /// A point of the hypercuboid whose jumps are matched.
    Matched,
    /// A point of the hypercuboid whose jumps could not all be matched (the search's problem
    /// tests find why it fails).
    Unmatched,
}

/// Takes from `c` the jump values no action in it can take, then sets `point` to a point of
/// `c`: on each axis not matched, its lowest value that is not a jump's (a move within the
/// board or the pass), or its lowest value when it has none; on matched axes, the pair's
/// departure and landing.
pub(super) fn choose(
    space: &ActionSpace,
    links: &JumpLinks,
    c: &mut Cuboid,
    point: &mut [usize],
) -> Choice {
    let shape = &space.shape;
    let n = shape.axes();
    let first_new = space.playable.len();
    let class = |axis: usize| axis.min(first_new);
    // Departures none of whose landings `c` allows.
    for source in 0..first_new {
        let lost: Vec<usize> = shape
            .values_in(c, source)
            .filter(|&l| {
                links.landings.get(&(source, l)).is_some_and(|list| {
                    !list.iter().any(|&(k, v)| {
                        if k < first_new {
                            shape.allows(c, k, v)
                        } else {
                            (first_new..n).any(|a| shape.allows(c, a, v))
                        }
                    })
                })
            })
            .collect();
        for l in lost {
            if !shape.remove_value(c, source, l) {
                return Choice::Nothing;
            }
        }
    }
    // Landings whose departure `c` does not allow.
    for axis in 0..n {
        let sources = &links.sources[class(axis)];
        let ghosts: Vec<usize> = shape
            .values_in(c, axis)
            .filter(|&i| sources[i].is_some_and(|(s, l)| !shape.allows(c, s, l)))
            .collect();
        for i in ghosts {
            if !shape.remove_value(c, axis, i) {
                return Choice::Nothing;
            }
        }
    }
    // The graph: for each pair of axes, the first departure and landing linking them.
    let mut edges: HashMap<(usize, usize), (usize, usize)> = HashMap::new();
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut must = Vec::new();
    // A new timeline is created only after the ones before it: of the new-timeline axes that
    // may pass, only the first may take a jump.
    let optional_new = (first_new..n).find(|&a| shape.allows(c, a, NEW_PASS));
    for axis in 0..n {
        if optional_new.is_some_and(|o| axis > o) {
            point[axis] = NEW_PASS;
            continue;
        }
        let values = space.values(axis);
        let sources = &links.sources[class(axis)];
        let mut free = None;
        for i in shape.values_in(c, axis) {
            match values[i].what {
                What::Physical(_) | What::Pass => {
                    free = free.or(Some(i));
                }
                What::Arrive(_) => {
                    if let Some((s, l)) = sources[i]
                        && s != axis
                        && !edges.contains_key(&(s, axis))
                    {
                        edges.insert((s, axis), (l, i));
                        edges.insert((axis, s), (i, l));
                        neighbours[s].push(axis);
                        neighbours[axis].push(s);
                    }
                }
                What::Leave { .. } => {}
            }
        }
        match free {
            Some(i) => point[axis] = i,
            None => {
                point[axis] = shape.first(c, axis).unwrap_or(0);
                must.push(axis);
            }
        }
    }
    if must.is_empty() {
        return Choice::Matched;
    }
    let mut mate: Vec<Option<usize>> = vec![None; n];
    let mut needed = vec![false; n];
    for &a in &must {
        needed[a] = true;
    }
    for &a in &must {
        if mate[a].is_some() {
            continue;
        }
        let mut seen = vec![false; n];
        seen[a] = true;
        if !augment(a, &neighbours, &needed, &mut mate, &mut seen) {
            if !branches_matchable(&must, first_new, &neighbours) {
                return Choice::Nothing;
            }
            mate.fill(None);
            let mut steps = COVER_STEPS;
            match cover(&must, &neighbours, &mut mate, &mut steps) {
                Some(true) => break,
                Some(false) => return Choice::Nothing,
                None => return Choice::Unmatched,
            }
        }
    }
    for a in 0..n {
        if let Some(b) = mate[a] {
            point[a] = edges[&(a, b)].0;
        }
    }
    Choice::Matched
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
