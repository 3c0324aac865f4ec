//! What a search tells: a report after each iteration, its result, a whole turn.

use std::time::Duration;

use crate::score::Score;

/// The state of a search after one completed iteration, for progress display.
#[derive(Clone, Copy, Debug)]
pub struct Report<'a, D> {
    /// The depth completed, in player decisions.
    pub depth: u32,
    /// The score from White's point of view.
    pub score: Score,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation: the best decision and the expected replies, up to the first
    /// chance node.
    pub pv: &'a [D],
    /// Whether the iteration of `depth` finished. `false` for an iteration the limits cut
    /// short whose best decision so far replaces the previous best: the search returns that
    /// decision, and reports it so that the last line reported always starts with the decision
    /// returned. Its score is then a bound: the acting player gets at least that much.
    pub complete: bool,
}

impl<D> Report<'_, D> {
    /// Nodes per second so far.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

/// The result of a search: the deepest completed iteration's best decision.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<D> {
    /// The decision to make.
    pub best: D,
    /// Its score from White's point of view.
    pub score: Score,
    /// The principal variation, starting with `best`.
    pub pv: Vec<D>,
    /// Nodes visited.
    pub nodes: u64,
    /// The depth of the last completed iteration (0 when stopped before the first finished;
    /// `best` is then the best of the root decisions searched, or the first in move order,
    /// captures first, when none was: of those listed by the deadline, when it came during
    /// the root's listing, [`Evaluator::decisions_until`](crate::Evaluator::decisions_until)). Also 0 when the root has a
    /// single decision and only the first decision of the line is taken
    /// ([`Limits::each_decision`](crate::Limits::each_decision), not an analysis): it is played unsearched, `score` the
    /// static one.
    pub depth: u32,
    /// Time taken.
    pub elapsed: Duration,
}

impl<D> SearchResult<D> {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

/// A whole turn: the acting player's decisions until the turn ends or another actor acts.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn<D> {
    /// The decisions, in order.
    pub decisions: Vec<D>,
    /// The search that chose the first decision.
    pub first: SearchResult<D>,
    /// The wall time of each decision, from the end of the one before (the first from the
    /// turn's start): its search and the test whether the turn goes on after it. Decisions
    /// taken together (a principal variation followed, a dead end's way round) share their
    /// time, all of it counted on the first of them; a way round also counts the time of the
    /// decisions it took back.
    pub times: Vec<Duration>,
}
