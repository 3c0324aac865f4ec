//! Move ordering: the hash move, then tactical decisions by the evaluator's score, then the
//! killers of the ply, then quiet decisions by history, and in a selective search the
//! tactical decisions that lose material last. Decisions are picked lazily (one selection
//! step per decision tried), since most nodes cut off after the first few.

use omnichess_core::Player;

use crate::score::MAX_PLY;

/// Ordering score of the transposition table's decision.
pub const HASH_MOVE: i32 = i32::MAX;
/// Base ordering score of a tactical decision (its evaluator score is added).
pub const TACTICAL: i32 = 1 << 28;
/// Ordering score of the first killer (the second scores one less).
pub const KILLER: i32 = 1 << 27;
/// Base ordering score of a tactical decision that loses material (its evaluator score is
/// added, below [`LOSING_CEILING`]): below every quiet decision's history.
pub const LOSING: i32 = -(1 << 28);
/// The scores from [`LOSING`] up to this one are losing tactical decisions'.
pub const LOSING_CEILING: i32 = LOSING + (1 << 26);

/// The ordering score of a tactical decision that loses material, from its tactical `rank`
/// (at least [`TACTICAL`]): below every quiet decision, the better captures first.
#[must_use]
pub fn losing(rank: i32) -> i32 {
    LOSING + (rank - TACTICAL).min(LOSING_CEILING - LOSING - 1)
}

/// Whether an ordering score is a quiet decision's (a killer or a history score; not the hash
/// decision nor a tactical one).
#[must_use]
pub fn is_quiet(order: i32) -> bool {
    (LOSING_CEILING..TACTICAL).contains(&order)
}

/// Whether an ordering score is a quiet decision that failed more often than it cut off
/// (history below zero) or a losing capture: the decisions reduced one more.
#[must_use]
pub fn is_failing(order: i32) -> bool {
    (LOSING..0).contains(&order)
}

const HISTORY_KEYS: usize = 1 << 16;
const HISTORY_MAX: i32 = 1 << 24;

/// Killers per ply and the history table, kept across the iterations of a search.
#[derive(Clone, Debug)]
pub struct Heuristics<D> {
    killers: Vec<[Option<D>; 2]>,
    /// Cut-off counts of quiet decisions, by player and decision key.
    history: Vec<i32>,
}

impl<D: Copy + Eq> Heuristics<D> {
    /// Empty killers and history.
    #[must_use]
    pub fn new() -> Heuristics<D> {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_KEYS],
        }
    }

    /// The killers of `ply`.
    #[must_use]
    pub fn killers(&self, ply: usize) -> [Option<D>; 2] {
        self.killers[ply]
    }

    /// The history score of a quiet decision with `key` by `player`.
    #[must_use]
    pub fn history(&self, player: Player, key: u16) -> i32 {
        self.history[player as usize * HISTORY_KEYS + usize::from(key)]
    }

    /// Records that quiet `decision` (with `key`) by `player` caused a cut-off at `ply` with
    /// `depth` left to search.
    pub fn cut_off(&mut self, ply: usize, player: Player, decision: D, key: u16, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(decision) {
            killers[1] = killers[0];
            killers[0] = Some(decision);
        }
        let slot = &mut self.history[player as usize * HISTORY_KEYS + usize::from(key)];
        *slot += depth * depth;
        if *slot > HISTORY_MAX {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// Records that quiet `key` by `player`, tried at a node with `depth` left, did not cut
    /// off where a later decision did (its history falls).
    pub fn punish(&mut self, player: Player, key: u16, depth: i32) {
        let slot = &mut self.history[player as usize * HISTORY_KEYS + usize::from(key)];
        *slot -= depth * depth;
        if *slot < -HISTORY_MAX {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// Between searches: forgets the killers (their positions are gone) and halves history.
    pub fn age(&mut self) {
        self.killers.fill([None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 2);
    }
}

impl<D: Copy + Eq> Default for Heuristics<D> {
    fn default() -> Self {
        Heuristics::new()
    }
}

/// How many decisions [`pick`] selects one at a time before it sorts the rest at once: most
/// nodes cut off after the first few, and a node that tries them all would otherwise scan
/// the rest again for each one (late move pruning passes over most of them).
const LAZY_PICKS: usize = 3;

/// Moves the highest-scoring decision of `decisions[from..]` to `from` (with its score). Called
/// with `from` = 0, 1, 2, … in turn: the first `LAZY_PICKS` calls select one decision each,
/// the next sorts all the rest (best first, equal scores in the order they stand), and the
/// later ones find theirs in place.
pub fn pick<D>(decisions: &mut [D], scores: &mut [i32], from: usize) {
    if from > LAZY_PICKS {
        return;
    }
    if from == LAZY_PICKS {
        for i in from + 1..scores.len() {
            let mut j = i;
            while j > from && scores[j - 1] < scores[j] {
                scores.swap(j - 1, j);
                decisions.swap(j - 1, j);
                j -= 1;
            }
        }
        return;
    }
    let mut best = from;
    for i in from + 1..scores.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    decisions.swap(from, best);
    scores.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picking_yields_decisions_best_first_and_killers_shift() {
        let mut d = ['a', 'b', 'c', 'd'];
        let mut s = [3, 9, 1, 9];
        let mut order = Vec::new();
        for i in 0..d.len() {
            pick(&mut d, &mut s, i);
            order.push(d[i]);
        }
        assert_eq!(order, ['b', 'd', 'a', 'c']);
        // Past the lazy picks the rest is sorted at once, equal scores kept in order.
        let mut d = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
        let mut s = [1, 8, 2, 7, 5, 5, 9, 3];
        let mut order = Vec::new();
        for i in 0..d.len() {
            pick(&mut d, &mut s, i);
            order.push(d[i]);
        }
        assert_eq!(order, ['g', 'b', 'd', 'e', 'f', 'h', 'c', 'a']);
        let mut h = Heuristics::new();
        h.cut_off(3, Player::White, 'x', 7, 2);
        h.cut_off(3, Player::White, 'y', 8, 3);
        h.cut_off(3, Player::White, 'y', 8, 1);
        assert_eq!(h.killers(3), [Some('y'), Some('x')]);
        assert_eq!(h.history(Player::White, 8), 10);
        assert_eq!(h.history(Player::Black, 8), 0);
        h.punish(Player::White, 8, 4);
        assert_eq!(h.history(Player::White, 8), -6);
    }

    #[test]
    fn score_classes_quiet_failing_and_losing_do_not_overlap() {
        let capture = TACTICAL + 300;
        assert!(is_quiet(KILLER) && is_quiet(0) && is_quiet(-HISTORY_MAX));
        assert!(!is_quiet(capture) && !is_quiet(HASH_MOVE));
        assert!(!is_quiet(losing(capture)));
        assert!(losing(capture) < -HISTORY_MAX && losing(capture) > losing(TACTICAL));
        assert!(losing(HASH_MOVE - 1) < LOSING_CEILING);
        assert!(is_failing(-1) && is_failing(losing(capture)));
        assert!(!is_failing(0) && !is_failing(KILLER));
    }
}
