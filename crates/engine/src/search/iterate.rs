//! Iterative deepening: the root's decisions listed and ordered, one iteration per depth
//! (within an aspiration window in a selective search), each reported, and the best decision
//! kept when the limits cut an iteration short.

use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks, Player, ToAct};

use super::node::{better, bound_of, tactical_rank};
use super::{INF, Report, Search, SearchResult};
use crate::error::EngineError;
use crate::eval::Evaluator;
use crate::limits::{Limits, MAX_DEPTH};
use crate::score::{self, Score};

/// The half-width of a selective search's aspiration window around the last iteration's
/// score, in centipawns.
const ASPIRATION: Score = 40.0;

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// Searches `state`, where a player must act, within `limits`; calls `progress` after
    /// every completed iteration.
    pub fn search(
        &mut self,
        state: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) -> Result<SearchResult<G::Decision>, EngineError> {
        // The time counts from here: the test of who acts is the decision's time too (in a
        // wide 5D multiverse, up to the referee's effort).
        self.begin(limits);
        let player = acting_player(state)?;
        let mut game = state.clone();
        let listed = self.list_root(&game);
        let Some(&first) = self.root.first() else {
            return Err(EngineError::GameOver(omnichess_core::Outcome::draw(
                "no legal decision",
            )));
        };
        let mut result = SearchResult {
            best: first,
            score: Score::from(self.evaluator.evaluate(&game)),
            pv: vec![first],
            nodes: 0,
            depth: 0,
            elapsed: Duration::ZERO,
        };
        // A listing cut short, or a single decision where only the first of the line is
        // taken: nothing to search.
        let forced = self.root.len() == 1 && limits.each_decision && !limits.analysis;
        let max_depth = if listed && !forced {
            limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
        } else {
            0
        };
        for depth in 1..=max_depth {
            let Some((score, best)) = self.aspirated(&mut game, player, depth, result.score) else {
                break;
            };
            if self.aborted {
                self.keep_unfinished(&mut result, (depth, score, best), progress);
                break;
            }
            result.best = best;
            result.score = score;
            result.pv.clear();
            result.pv.extend_from_slice(&self.pv[0]);
            result.depth = depth;
            result.nodes = self.nodes;
            result.elapsed = self.started.elapsed();
            progress(&Report {
                depth,
                score,
                nodes: self.nodes,
                elapsed: result.elapsed,
                pv: &result.pv,
                complete: true,
            });
            let proven = score::mate_distance(score).is_some_and(|n| n.unsigned_abs() <= depth);
            let half_time =
                !limits.whole_time && limits.time.is_some_and(|t| result.elapsed * 2 >= t);
            let forced = self.root.len() == 1 && !limits.analysis;
            if forced || proven || half_time {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.started.elapsed();
        Ok(result)
    }

    /// Lists the root's decisions in the order the first iteration searches them (the table's
    /// decision, then captures by victim), and what the listing took as the reserve a node may
    /// take. Past the deadline, a listing that could go on (5D Chess at hundreds of timelines)
    /// stops with what it holds, and the first of them in that order is the answer: `false`.
    fn list_root(&mut self, game: &G) -> bool {
        let listing = Instant::now();
        let listed = match self.deadline {
            Some(deadline) => self
                .evaluator
                .decisions_until(game, &mut self.root, deadline),
            None => {
                game.decisions(&mut self.root);
                true
            }
        };
        // Captures first, the best victim first: what an unfinished first iteration sees.
        let eval = &self.evaluator;
        self.root
            .sort_by_key(|&d| std::cmp::Reverse(tactical_rank(eval, game, d).unwrap_or(0)));
        self.node_reserve = listing.elapsed();
        // The waits between looks at the clock count from here (the listing is the reserve).
        self.last_check = Instant::now();
        // Hashed once: a wide 5D multiverse takes most of a millisecond.
        self.root_key = game.hash();
        if let Some(best) = self.tt.probe(self.root_key).and_then(|e| e.best)
            && let Some(i) = self.root.iter().position(|&d| d == best)
        {
            self.root[..=i].rotate_right(1);
        }
        listed
    }

    /// The iteration of `depth`. Aspiration: a selective search looks first within a window
    /// around the last score, and again with the whole window when the score falls outside it.
    fn aspirated(
        &mut self,
        game: &mut G,
        player: Player,
        depth: u32,
        last: Score,
    ) -> Option<(Score, G::Decision)> {
        let around = self.selective && depth >= 4 && last.abs() < score::MATE_BOUND;
        let window = if around {
            (last - ASPIRATION, last + ASPIRATION)
        } else {
            (-INF, INF)
        };
        let iteration = self.root_iteration(game, player, depth, window);
        if let Some((score, _)) = iteration
            && around
            && !self.aborted
            && (score <= window.0 || score >= window.1)
        {
            // Stopped before its first decision was searched again, the search keeps what the
            // window proved: a decision above it beats the previous best.
            return self
                .root_iteration(game, player, depth, (-INF, INF))
                .or(iteration);
        }
        iteration
    }

    /// An unfinished iteration of `depth`: its best is kept (and reported, as a bound) only
    /// when it beat the previous best, which it searched first (in the first iteration, the
    /// best of those searched beats the unsearched first decision).
    fn keep_unfinished(
        &self,
        result: &mut SearchResult<G::Decision>,
        (depth, score, best): (u32, Score, G::Decision),
        progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) {
        if best != result.best || depth == 1 {
            result.best = best;
            result.score = score;
            result.pv.clear();
            result.pv.extend_from_slice(&self.pv[0]);
            progress(&Report {
                depth,
                score,
                nodes: self.nodes,
                elapsed: self.started.elapsed(),
                pv: &result.pv,
                complete: false,
            });
        }
    }

    /// One iteration over the root decisions within `window` (the whole window, or an
    /// aspiration window: a score outside it is only a bound). `None` if the budget ran out
    /// before it finished.
    fn root_iteration(
        &mut self,
        game: &mut G,
        player: Player,
        depth: u32,
        window: (Score, Score),
    ) -> Option<(Score, G::Decision)> {
        let maximise = player == Player::White;
        let (mut alpha, mut beta) = window;
        let mut best: Option<(Score, usize)> = None;
        self.iteration = depth;
        self.deciders[0] = Some(player);
        self.path[0] = self.root_key;
        self.nodes += 1;
        for i in 0..self.root.len() {
            let d = self.root[i];
            game.apply(d);
            let v = if self.selective && i > 0 {
                self.zero_window_child(game, (depth as i32 - 1, 0), 0, (alpha, beta), maximise)
            } else {
                self.child(game, depth as i32 - 1, 1, alpha, beta)
            };
            game.undo();
            if self.aborted {
                break;
            }
            // A later decision replaces the best only when it beats the window's bound for
            // the player: below it (a first decision that failed low under an aspiration
            // window) fail-soft values are upper bounds, and a higher one proves nothing.
            let proven = best.is_none() || better(maximise, v, if maximise { alpha } else { beta });
            if proven {
                best = Some((v, i));
                if maximise {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
                self.set_pv(0, d);
                if alpha >= beta {
                    // Above an aspiration window: searched again with the whole window.
                    break;
                }
            }
        }
        let (score, i) = best?;
        self.root[..=i].rotate_right(1);
        if self.aborted {
            return Some((score, self.root[0]));
        }
        let best = self.root[0];
        let bound = bound_of(score, window);
        self.tt
            .store(self.root_key, depth as i16, bound, score, Some(best));
        Some((score, best))
    }
}

/// The player who acts in `state`, or why none does.
pub(super) fn acting_player<G: Game + Hooks>(state: &G) -> Result<Player, EngineError> {
    match state.to_act_bounded(crate::limits::REFEREE_TEST_EFFORT) {
        ToAct::Player(p) => Ok(p),
        ToAct::Chance => Err(EngineError::ChanceActs),
        ToAct::Nobody(outcome) => Err(EngineError::GameOver(outcome)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MultiverseEval;
    use omnichess_core::{Notation, Variant};
    use omnichess_variants::multiverse::{Decision5, Multiverse};

    #[test]
    fn a_root_listing_past_the_deadline_answers_with_its_first_decision() {
        // 77 timelines, 73 playable boards: a search whose deadline has come by the listing's
        // second board (a time of 1 ns) lists the first board with legal moves only.
        let text = include_str!("../../../variants/tests/data/multiverse/many-boards.txt");
        let state = Multiverse::from_position_text(text).expect("the position reads");
        let mut full = Vec::new();
        state.decisions(&mut full);
        let mut search = Search::new(MultiverseEval, 1);
        let result = search
            .search(&state, &Limits::time(Duration::from_nanos(1)), &mut |_| {})
            .expect("a decision");
        assert!(search.root.len() < full.len(), "the listing was cut");
        assert!(search.root.iter().all(|d| full.contains(d)), "all legal");
        assert_eq!(result.best, search.root[0], "the first in order");
        assert_eq!((result.depth, result.nodes), (0, 0), "nothing searched");
        // Within its time, the same search lists them all.
        let result = search
            .search(&state, &Limits::nodes(50), &mut |_| {})
            .expect("a decision");
        assert_eq!(search.root.len(), full.len());
        assert!(result.nodes > 0);
    }

    #[test]
    fn a_single_decision_is_played_unsearched_where_only_the_first_is_taken() {
        let mut state = Multiverse::start();
        let e4 = state.parse_decision("(0T1)e2e4").expect("a move");
        state.apply(e4);
        let mut search = Search::new(MultiverseEval, 1);
        let each = Limits {
            each_decision: true,
            ..Limits::depth(3)
        };
        let result = search
            .search(&state, &each, &mut |_| {})
            .expect("a decision");
        assert_eq!(result.best, Decision5::Submit, "the only decision");
        assert_eq!((result.depth, result.nodes), (0, 0));
        // A line to follow, or an analysis: searched (one iteration, nothing to choose).
        let analysis = Limits {
            analysis: true,
            ..each.clone()
        };
        for limits in [Limits::depth(3), analysis] {
            let result = search
                .search(&state, &limits, &mut |_| {})
                .expect("a decision");
            assert_eq!(result.best, Decision5::Submit);
            assert!(result.depth >= 1 && result.nodes > 0, "{limits:?}");
        }
    }
}
