//! The time manager: the deadline a search's limits set, and when the search looks at the
//! clock and stops (docs/ENGINE.md, "Limits").

use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks};

use super::Search;
use crate::eval::Evaluator;
use crate::limits::Limits;

/// The most nodes between two looks at the clock.
const CHECK_NODES: u128 = 64;

/// The time a search aims to leave between two looks at the clock: what it may overrun its
/// deadline by, a node's time aside.
const CHECK_INTERVAL: Duration = Duration::from_micros(250);

/// The most a search using its whole time ([`Limits::whole_time`]) leaves of it unused (a
/// fiftieth of the time where that is less).
const WHOLE_TIME_MARGIN: Duration = Duration::from_millis(2);

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// Starts a search within `limits`: no nodes yet, the deadline from now, the table and
    /// history aged.
    pub(super) fn begin(&mut self, limits: &Limits) {
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.started = Instant::now();
        self.deadline = limits.time.map(|t| {
            // A search that uses its whole time ends a little before it, for what follows the
            // search (the answer's bookkeeping, the referee's test of the next state).
            let margin = if limits.whole_time {
                (t / 50).min(WHOLE_TIME_MARGIN)
            } else {
                Duration::ZERO
            };
            self.started + t - margin
        });
        self.stop = limits.stop.clone();
        self.aborted = false;
        self.next_check = 0;
        self.checked_at = 0;
        self.last_check = self.started;
        self.node_reserve = Duration::ZERO;
        self.longest_wait = Duration::ZERO;
        self.tt.new_search();
        self.heuristics.age();
    }

    /// Whether the search must stop now. Nodes are checked every node; time and the stop flag
    /// every [`CHECK_NODES`] nodes at most, fewer where nodes are slow (a 5D Chess node with
    /// many timelines can take milliseconds, a DMChess node a tenth of one): the next check
    /// comes after the nodes that the last ones' pace fits in [`CHECK_INTERVAL`]. The search
    /// stops when its deadline would pass before that next check ([`late_by_next_check`],
    /// [`look_ahead`]).
    pub(super) fn out_of_budget(&mut self) -> bool {
        if !self.aborted {
            if self.nodes >= self.node_limit {
                self.aborted = true;
            } else if self.nodes >= self.next_check {
                let now = Instant::now();
                let window = now.duration_since(self.last_check);
                let nodes = self.nodes.saturating_sub(self.checked_at).max(1);
                let fit = CHECK_INTERVAL.as_nanos() * u128::from(nodes) / window.as_nanos().max(1);
                let gap = u64::try_from(fit.clamp(1, CHECK_NODES)).unwrap_or(1);
                self.next_check = self.nodes + gap;
                self.checked_at = self.nodes;
                self.last_check = now;
                self.longest_wait = self.longest_wait.max(window);
                let ahead = look_ahead(
                    per_node(window, nodes),
                    gap,
                    self.node_reserve,
                    self.longest_wait,
                );
                let late = self
                    .deadline
                    .is_some_and(|d| late_by_next_check(now, d, ahead));
                let stopped = self
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(AtomicOrdering::Relaxed));
                self.aborted = late || stopped;
            }
        }
        self.aborted
    }
}

/// The time of one node at the pace of `nodes` nodes in `window`.
fn per_node(window: Duration, nodes: u64) -> Duration {
    let nanos = window.as_nanos() / u128::from(nodes.max(1));
    Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
}

/// How far from now the search's next look at the clock may come: after `gap` nodes at
/// `per_node` each, after one node as long as the root's listing (`node_reserve`), or as late
/// as the longest wait between two looks so far (`longest_wait`): a process that shares its
/// core waits whenever the scheduler switches it out (10–15 ms with three others on the
/// core), and may again before its next look. On a core of its own the waits are the pace's.
fn look_ahead(
    per_node: Duration,
    gap: u64,
    node_reserve: Duration,
    longest_wait: Duration,
) -> Duration {
    per_node
        .saturating_mul(u32::try_from(gap).unwrap_or(u32::MAX))
        .max(node_reserve)
        .max(longest_wait)
}

/// Whether a search looking at the clock at `now` is past its `deadline`, or would be past it
/// by more than [`CHECK_INTERVAL`] at its next look, `ahead` from now. Waiting for the
/// deadline itself would pass it by the nodes before the next look: in a 5D multiverse of
/// hundreds of timelines a single node lists ten thousand decisions (tens of milliseconds), as
/// long as a whole decision's budget. Where the next look is at most [`CHECK_INTERVAL`] away
/// (every variant's usual pace) the search runs to the deadline, as without the look ahead.
fn late_by_next_check(now: Instant, deadline: Instant, ahead: Duration) -> bool {
    now.checked_add(ahead.saturating_sub(CHECK_INTERVAL))
        .is_none_or(|then| then >= deadline)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_stops_when_its_next_look_at_the_clock_would_be_late() {
        let now = Instant::now();
        let deadline = now + Duration::from_millis(10);
        // A node of a wide 5D multiverse, 30 ms, before the next look: stop before it.
        assert!(late_by_next_check(now, deadline, Duration::from_millis(30)));
        // 64 nodes of 4 µs (classic's pace): go on, to the deadline itself.
        let just_before = deadline - Duration::from_micros(1);
        assert!(!late_by_next_check(just_before, deadline, CHECK_INTERVAL));
        assert!(late_by_next_check(
            just_before,
            deadline,
            2 * CHECK_INTERVAL
        ));
        assert!(!late_by_next_check(
            now,
            deadline,
            Duration::from_micros(256)
        ));
        assert!(late_by_next_check(deadline, deadline, Duration::ZERO));
        assert!(late_by_next_check(now, deadline, Duration::MAX));
        assert_eq!(
            per_node(Duration::from_millis(30), 0),
            Duration::from_millis(30)
        );
        assert_eq!(
            per_node(Duration::from_micros(256), 64),
            Duration::from_micros(4)
        );
    }

    #[test]
    fn the_next_look_may_come_as_late_as_the_longest_wait_so_far() {
        let micros = Duration::from_micros;
        // Classic's pace, 64 nodes of 4 µs, waits of 256 µs: the pace decides.
        assert_eq!(
            look_ahead(micros(4), 64, micros(50), micros(256)),
            micros(256)
        );
        assert_eq!(
            look_ahead(micros(5), 64, micros(50), micros(256)),
            micros(320)
        );
        // A 5D root listing of 9 ms: one node may take as long.
        assert_eq!(
            look_ahead(micros(4), 1, micros(9_000), micros(300)),
            micros(9_000)
        );
        // Switched out once for 12 ms: the search stops 12 ms before its deadline, not at it.
        let ahead = look_ahead(micros(4), 64, micros(50), micros(12_000));
        let now = Instant::now();
        assert!(late_by_next_check(now, now + micros(10_000), ahead));
        assert!(!late_by_next_check(now, now + micros(12_000), ahead));
        assert!(!late_by_next_check(now, now + micros(10_000), micros(256)));
    }
}
