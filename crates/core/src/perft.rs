//! Perft: the number of decision sequences of a given length, the standard test of move
//! generation. A ply is one decision, chance outcomes included.

use crate::{Counting, Game};

/// Reusable decision buffers, one per ply, so that perft allocates nothing per node.
fn buffers<G: Game>(depth: u32) -> Vec<Vec<G::Decision>> {
    (0..depth).map(|_| Vec::with_capacity(256)).collect()
}

/// The number of leaf nodes of the decision tree `depth` plies deep (1 at depth 0).
///
/// As in every perft reference, a state without decisions contributes no leaves below it, and
/// adjudication rules (see [`Game::decisions`]) do not prune the tree.
pub fn perft<G: Counting>(game: &mut G, depth: u32) -> u64 {
    let mut bufs = buffers::<G>(depth);
    count(game, depth, &mut bufs)
}

/// Perft split by first decision: calls `each` with the state, each of its decisions in the
/// order of [`Game::decisions`], and the perft of `depth - 1` below it, as soon as that count
/// is known (so a caller can stream the lines or show progress). Returns the total. At depth 0
/// it calls nothing and returns 1.
pub fn divide<G: Counting>(
    game: &mut G,
    depth: u32,
    mut each: impl FnMut(&G, G::Decision, u64),
) -> u64 {
    let mut bufs = buffers::<G>(depth);
    let Some((first, rest)) = bufs.split_first_mut() else {
        return 1;
    };
    game.decisions(first);
    let mut total = 0;
    for &decision in first.iter() {
        game.apply(decision);
        let n = count(game, depth - 1, rest);
        game.undo();
        total += n;
        each(game, decision, n);
    }
    total
}

fn count<G: Counting>(game: &mut G, depth: u32, bufs: &mut [Vec<G::Decision>]) -> u64 {
    let Some((buf, rest)) = bufs.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return game.count_decisions(buf) as u64;
    }
    if depth == 3
        && let Some(n) = game.count_three_plies()
    {
        return n;
    }
    if depth == 2
        && let Some((scratch, _)) = rest.split_first_mut()
    {
        return game.count_two_plies(buf, scratch);
    }
    game.decisions(buf);
    let mut nodes = 0;
    for &decision in buf.iter() {
        game.apply(decision);
        nodes += count(game, depth - 1, rest);
        game.undo();
    }
    nodes
}
