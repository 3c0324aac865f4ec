//! Chance nodes: the exact expectation of the outcomes, pruned by Star2 (Ballard's
//! \*-minimax; Hauk, Buro and Schaeffer, "Rediscovering \*-Minimax Search", 2004): each
//! outcome's bounds narrowed by the table, then by a probe, then by its search with Star1's
//! window.

use omnichess_core::{Game, Hooks, Player, ToAct};

use super::node::Entered;
use super::quiescence::MAX_QUIESCENCE;
use super::{EPS, Ply, Search};
use crate::eval::Evaluator;
use crate::ordering::pick;
use crate::score::{DECAY, MATE, MAX_PLY, Score};
use crate::tt::Bound;

/// An outcome of a chance node less likely than this is searched one decision shallower,
/// where the evaluator opts in ([`Evaluator::selective_at_chance`]). With Die Chess's die, a
/// bishop, rook, queen or king roll (15, 12, 8 and 10 %); a fair die's sixths are all kept.
pub const UNLIKELY_OUTCOME: f64 = 0.16;

/// The least depth at which [`Evaluator::selective_at_chance`] reduces: an unlikely outcome
/// keeps a decision to search (the probe that bounds it needs one), and a late quiet decision
/// after a chance outcome may go straight to quiescence.
pub(super) const CHANCE_REDUCTION_DEPTH: i32 = 2;

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// Star2's probe of the chance outcome just applied (Ballard's *-minimax; Hauk, Buro and
    /// Schaeffer, "Rediscovering *-Minimax Search", 2004): its acting player's first decision
    /// in move order, alone, searched as the whole search would search it. The player's value
    /// is at least that decision's when White acts and at most it when Black does, so the
    /// outcome's value (seen from the chance node) gets a bound: `Lower`, `Upper`, or `Exact`
    /// where the node needs no search ([`Search::entered`]); `None` when the probe gives none
    /// (it failed on the useless side of its window, or the outcome is not a player's node
    /// above the horizon).
    fn probe(
        &mut self,
        g: &mut G,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Option<(Score, Bound)> {
        let (alpha, beta) = (alpha / DECAY - EPS, beta / DECAY + EPS);
        let (player, depth) = match self.entered(g, depth, ply) {
            Entered::Value(v) => return Some((DECAY * v, Bound::Exact)),
            Entered::Player(player, extended, _) if extended > 0 => (player, extended),
            _ => return None,
        };
        let hash_move = self.tt.probe(g.hash()).and_then(|e| e.best);
        let mut buf = self.ordered(g, player, ply, hash_move, false);
        if buf.decisions.is_empty() {
            self.plies[ply] = buf;
            return None;
        }
        pick(&mut buf.decisions, &mut buf.order, 0);
        let d = buf.decisions[0];
        self.plies[ply] = buf;
        self.deciders[ply] = Some(player);
        self.passed[ply] = false;
        g.apply(d);
        let v = self.child(g, depth - 1, ply + 1, alpha, beta);
        g.undo();
        if self.aborted {
            return None;
        }
        match player {
            Player::White if v > alpha => Some((DECAY * v, Bound::Lower)),
            Player::Black if v < beta => Some((DECAY * v, Bound::Upper)),
            _ => None,
        }
    }

    /// Star2's probe past the horizon: the chance outcome just applied is a quiescence node
    /// `qply` deep whose player may stand on the static evaluation (not in check), so the
    /// outcome's value is at least that when White acts and at most it when Black does.
    fn stand_pat_bound(&mut self, g: &G, ply: usize, qply: usize) -> Option<(Score, Bound)> {
        let ToAct::Player(player) = g.to_act_bounded(crate::limits::QUIESCENCE_TEST_EFFORT) else {
            return None;
        };
        if self.evaluator.in_check(g) {
            return None;
        }
        let stand = DECAY * Score::from(self.evaluator.evaluate(g));
        if qply >= MAX_QUIESCENCE || ply >= MAX_PLY {
            return Some((stand, Bound::Exact));
        }
        Some((
            stand,
            if player == Player::White {
                Bound::Lower
            } else {
                Bound::Upper
            },
        ))
    }

    /// A chance node: the expectation of its outcomes, pruned by Star2 with per-outcome bounds
    /// (see the module documentation). `quiescence` is the quiescence ply below the horizon,
    /// `None` in the main search.
    pub(super) fn chance(
        &mut self,
        g: &mut G,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        quiescence: Option<usize>,
    ) -> Score {
        self.deciders[ply] = None;
        let key = g.hash();
        let main = quiescence.is_none();
        if main && let Some(v) = self.table_value(key, depth, (alpha, beta)) {
            return v;
        }
        let mut buf = std::mem::take(&mut self.plies[ply]);
        list_outcomes(g, &mut buf);
        if main {
            self.bound_by_table(g, &mut buf, depth);
        }
        let mut bounds = (
            expectation(&buf.probability, &buf.low),
            expectation(&buf.probability, &buf.high),
        );
        // Star2: first each outcome's probe (its first decision alone; past the horizon, the
        // static evaluation the player may stand on), then each open outcome's search.
        let phases: &[Phase] = if !main || depth >= 1 {
            &[Phase::Probe, Phase::Search]
        } else {
            &[Phase::Search]
        };
        for &phase in phases {
            let node = Outcomes {
                phase,
                depth,
                ply,
                quiescence,
            };
            bounds = self.narrow_outcomes(g, &mut buf, &node, bounds, (alpha, beta));
            if self.aborted {
                self.plies[ply] = buf;
                return 0.0;
            }
        }
        let (low, high) = bounds;
        self.plies[ply] = buf;
        self.pv[ply].clear();
        let (value, bound) = if low >= beta {
            (low, Bound::Lower)
        } else if high <= alpha {
            (high, Bound::Upper)
        } else if low == high {
            (low, Bound::Exact)
        } else {
            (low, Bound::Lower)
        };
        if main {
            self.tt.store(key, depth as i16, bound, value, None);
        }
        value
    }
}

/// Which pass over a chance node's outcomes, at what depth and ply, in the main search or in
/// quiescence (its ply below the horizon).
struct Outcomes {
    phase: Phase,
    depth: i32,
    ply: usize,
    quiescence: Option<usize>,
}

/// Lists the outcomes of the chance node `g` into `buf`, with their probabilities and the
/// bounds every value starts within, [−MATE, MATE].
fn list_outcomes<G: Game>(g: &G, buf: &mut Ply<G::Decision>) {
    g.decisions(&mut buf.decisions);
    let n = buf.decisions.len();
    buf.probability.clear();
    buf.probability.extend(
        buf.decisions
            .iter()
            .map(|&d| g.probability(d).unwrap_or(0.0)),
    );
    buf.low.clear();
    buf.low.resize(n, -MATE);
    buf.high.clear();
    buf.high.resize(n, MATE);
}

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// Narrows the bounds of the outcomes already in the table to `depth`: bounds that cost no
    /// search. Their hashes first, then the table's entries: the reads (mostly cache misses)
    /// then overlap instead of each waiting for the one before.
    fn bound_by_table(&self, g: &mut G, buf: &mut Ply<G::Decision>, depth: i32) {
        buf.keys.clear();
        for &d in &buf.decisions {
            g.apply(d);
            buf.keys.push(g.hash());
            g.undo();
        }
        for i in 0..buf.decisions.len() {
            if let Some(e) = self.tt.probe(buf.keys[i])
                && i32::from(e.depth) >= depth
            {
                narrow(buf, i, DECAY * e.score, e.bound);
            }
        }
    }

    /// One Star2 pass over the open outcomes (a probe or a search each, with Star1's window),
    /// until the expectation's bounds, `(low, high)` before it, prove it outside
    /// `(alpha, beta)`; the bounds after it (meaningless once the search stopped).
    fn narrow_outcomes(
        &mut self,
        g: &mut G,
        buf: &mut Ply<G::Decision>,
        node: &Outcomes,
        (mut low, mut high): (Score, Score),
        (alpha, beta): (Score, Score),
    ) -> (Score, Score) {
        let ply = node.ply;
        for i in 0..buf.decisions.len() {
            if low >= beta || high <= alpha {
                break;
            }
            if buf.low[i] == buf.high[i] || buf.probability[i] <= 0.0 {
                continue;
            }
            let (a, b) = outcome_window(buf, i, (low, high), (alpha, beta));
            // An unlikely outcome is searched one decision shallower (its share of the
            // expectation is small), where the probe still bounds it.
            let depth = if self.chance_selective
                && node.depth >= CHANCE_REDUCTION_DEPTH
                && buf.probability[i] < UNLIKELY_OUTCOME
            {
                node.depth - 1
            } else {
                node.depth
            };
            g.apply(buf.decisions[i]);
            let found = match (node.phase, node.quiescence) {
                (Phase::Probe, None) => self.probe(g, depth, ply + 1, a, b),
                (Phase::Probe, Some(q)) => self.stand_pat_bound(g, ply + 1, q),
                (Phase::Search, None) => {
                    Some(searched(self.child(g, depth, ply + 1, a, b), (a, b)))
                }
                (Phase::Search, Some(q)) => {
                    Some(searched(self.quiet_child(g, ply + 1, a, b, q), (a, b)))
                }
            };
            g.undo();
            if self.aborted {
                break;
            }
            if let Some((v, bound)) = found {
                narrow(buf, i, v, bound);
                low = expectation(&buf.probability, &buf.low);
                high = expectation(&buf.probability, &buf.high);
            }
        }
        (low, high)
    }
}

/// The window for outcome `i` of a chance node whose expectation lies in `(low, high)`: the
/// values of the outcome below `a` keep the expectation below `alpha` whatever the other
/// outcomes turn out to be within their bounds, those above `b` lift it above `beta` (Star1).
fn outcome_window<D>(
    buf: &Ply<D>,
    i: usize,
    (low, high): (Score, Score),
    (alpha, beta): (Score, Score),
) -> (Score, Score) {
    let p = buf.probability[i];
    let rest_low = low - p * buf.low[i];
    let rest_high = high - p * buf.high[i];
    let a = ((alpha - rest_high) / p - EPS).max(buf.low[i]);
    let b = ((beta - rest_low) / p + EPS).min(buf.high[i]);
    (a, b)
}
/// The two passes over a chance node's outcomes (Star2): probes, then searches.
#[derive(Clone, Copy)]
enum Phase {
    Probe,
    Search,
}

/// What a search of an outcome with the window `(a, b)` that returned `v` tells (fail-soft).
fn searched(v: Score, (a, b): (Score, Score)) -> (Score, Bound) {
    if v <= a {
        (v, Bound::Upper)
    } else if v >= b {
        (v, Bound::Lower)
    } else {
        (v, Bound::Exact)
    }
}

/// Narrows outcome `i`'s bounds by `v`, which bounds its value as `bound` says; the bounds stay
/// ordered (a fail-soft value may lie outside a bound known before).
fn narrow<D>(buf: &mut Ply<D>, i: usize, v: Score, bound: Bound) {
    let (low, high) = (&mut buf.low[i], &mut buf.high[i]);
    match bound {
        Bound::Exact => (*low, *high) = (v, v),
        Bound::Lower => {
            *low = low.max(v);
            *high = high.max(*low);
        }
        Bound::Upper => {
            *high = high.min(v);
            *low = low.min(*high);
        }
    }
}

/// Σ pᵢ·vᵢ in order (so the same outcomes always sum to the same bits).
fn expectation(probability: &[f64], values: &[Score]) -> Score {
    probability.iter().zip(values).map(|(p, v)| p * v).sum()
}
