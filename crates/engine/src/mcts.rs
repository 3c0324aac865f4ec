//! Monte-Carlo tree search (UCT), the second strategy, for games whose branching explodes
//! (5D Chess with many timelines, where alpha-beta sees only a few decisions deep).
//!
//! Each iteration walks down the tree from the root — at a player's node the child with the
//! best upper confidence bound for that player, at a chance node an outcome drawn by its
//! probability — expands the first node it reaches that has not been expanded, and values it
//! by the evaluator (a logistic of the static score, `1 / (1 + 10^(−score / 400))`, from White's
//! side; a finished game is 1, ½ or 0) instead of a random playout: playouts in 5D are costly and
//! say little. The value is added along the path. The tree lives in one arena of a fixed
//! capacity; once it is full, iterations value the leaf they reach without expanding it, so
//! memory never grows past the capacity.

use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks, Player, ToAct};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::error::EngineError;
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::score;
use crate::search::MAX_TURN;

/// The weight of exploration in the upper confidence bound (√2 is UCB1's).
pub const EXPLORATION: f64 = 1.4;

/// The tree's capacity when none is given: half a million nodes (about 32 MiB in 5D Chess).
pub const DEFAULT_CAPACITY: usize = 500_000;

/// One node of the tree: the decision that led to it and what the iterations through it found.
#[derive(Clone, Copy, Debug)]
struct Node<D> {
    decision: Option<D>,
    /// Children: `first..first + count` in the arena (`count == 0` and not expanded: a leaf).
    first: u32,
    count: u32,
    expanded: bool,
    visits: u32,
    /// The sum of the values found through this node, from White's side, each in 0..=1.
    white_value: f64,
}

/// The tree search: an arena of nodes reused from one search to the next.
#[derive(Debug)]
pub struct Mcts<G: Game, E> {
    evaluator: E,
    nodes: Vec<Node<G::Decision>>,
    capacity: usize,
    rng: StdRng,
    buffer: Vec<G::Decision>,
}

/// What one search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<D> {
    /// The most visited decision at the root.
    pub best: D,
    /// The root's value from White's side (0..=1).
    pub white_value: f64,
    /// Iterations run.
    pub iterations: u64,
    /// The line of most visited decisions from the root.
    pub line: Vec<D>,
}

impl<G: Game + Hooks, E: Evaluator<G>> Mcts<G, E> {
    /// A tree search with room for `capacity` nodes (at least 2), seeded with `seed` (chance
    /// outcomes are drawn from it, so a search limited by iterations is reproducible).
    #[must_use]
    pub fn new(evaluator: E, capacity: usize, seed: u64) -> Self {
        Mcts {
            evaluator,
            nodes: Vec::with_capacity(capacity.max(2)),
            capacity: capacity.max(2),
            rng: StdRng::seed_from_u64(seed),
            buffer: Vec::new(),
        }
    }

    /// Draws the chance outcomes of later searches from `seed`.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }

    /// Searches `state` within `limits` (`nodes` counts iterations; `depth` is not used).
    pub fn search(
        &mut self,
        state: &G,
        limits: &Limits,
    ) -> Result<MctsResult<G::Decision>, EngineError> {
        // The time counts from here: the test of who acts is the decision's time too.
        let started = Instant::now();
        match state.to_act_bounded(crate::limits::REFEREE_TEST_EFFORT) {
            ToAct::Player(_) => {}
            ToAct::Chance => return Err(EngineError::ChanceActs),
            ToAct::Nobody(outcome) => return Err(EngineError::GameOver(outcome)),
        }
        self.nodes.clear();
        self.nodes.push(leaf(None));
        let mut game = state.clone();
        let mut path: Vec<usize> = Vec::with_capacity(64);
        let mut iterations = 0u64;
        let mut longest = Duration::ZERO;
        loop {
            let elapsed = started.elapsed();
            let out_of_time = limits
                .time
                .is_some_and(|t| no_time_for_another(elapsed, longest, t));
            let stopped = limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
            let enough = limits.nodes.is_some_and(|n| iterations >= n);
            let unbounded = !limits.is_bounded() && iterations >= 10_000;
            if iterations > 0 && (out_of_time || stopped || enough || unbounded) {
                break;
            }
            self.iterate(&mut game, &mut path);
            iterations += 1;
            longest = longest.max(started.elapsed().saturating_sub(elapsed));
        }
        let root = self.nodes[0];
        let line = self.principal_line();
        let best = line.first().copied().ok_or(EngineError::ChanceActs)?;
        Ok(MctsResult {
            best,
            white_value: root.white_value / f64::from(root.visits.max(1)),
            iterations,
            line,
        })
    }

    /// The acting player's whole turn: the most visited line while the same player acts in the
    /// same turn, searching again where the tree runs out.
    pub fn best_turn(
        &mut self,
        state: &G,
        limits: &Limits,
    ) -> Result<Vec<G::Decision>, EngineError> {
        let ToAct::Player(player) = state.to_act_bounded(crate::limits::REFEREE_TEST_EFFORT) else {
            return Err(EngineError::ChanceActs);
        };
        let turn = state.turn_index();
        let mut game = state.clone();
        let mut decisions = Vec::new();
        let same_turn = |g: &G| {
            g.turn_index() == turn
                && g.to_act_bounded(crate::limits::REFEREE_TEST_EFFORT) == ToAct::Player(player)
        };
        while decisions.len() < MAX_TURN && same_turn(&game) {
            let result = self.search(&game, limits)?;
            for &d in &result.line {
                if !same_turn(&game) || decisions.len() >= MAX_TURN {
                    break;
                }
                decisions.push(d);
                game.apply(d);
            }
        }
        Ok(decisions)
    }

    /// One iteration: select, expand, value, add the value along the path.
    fn iterate(&mut self, game: &mut G, path: &mut Vec<usize>) {
        path.clear();
        path.push(0);
        let mut node = 0;
        let value = loop {
            let to_act = game.to_act_bounded(crate::limits::NODE_TEST_EFFORT);
            if let ToAct::Nobody(outcome) = to_act {
                break self.evaluator.white_share(score::terminal(outcome));
            }
            if !self.nodes[node].expanded {
                self.expand(game, node);
                break self
                    .evaluator
                    .white_share(f64::from(self.evaluator.evaluate(game)));
            }
            let Some(child) = self.select(game, node, to_act) else {
                // A player with nothing to do: a dead end inside a turn, a loss for them.
                let loser = to_act.player().unwrap_or(Player::White);
                break if loser == Player::White { 0.0 } else { 1.0 };
            };
            if let Some(d) = self.nodes[child].decision {
                game.apply(d);
            }
            path.push(child);
            node = child;
        };
        for &n in path.iter() {
            self.nodes[n].visits += 1;
            self.nodes[n].white_value += value;
        }
        for _ in 1..path.len() {
            game.undo();
        }
    }

    /// Adds the children of `node`, if the arena has room for them.
    fn expand(&mut self, game: &G, node: usize) {
        game.decisions(&mut self.buffer);
        if self.nodes.len() + self.buffer.len() > self.capacity {
            return;
        }
        let first = self.nodes.len();
        self.nodes
            .extend(self.buffer.iter().map(|&d| leaf(Some(d))));
        let n = &mut self.nodes[node];
        n.first = first as u32;
        n.count = self.buffer.len() as u32;
        n.expanded = true;
    }

    /// The child to descend to: by probability at a chance node, by the upper confidence bound
    /// of the acting player at a player's node (unvisited children first).
    fn select(&mut self, game: &G, node: usize, to_act: ToAct) -> Option<usize> {
        let Node {
            first,
            count,
            visits,
            ..
        } = self.nodes[node];
        let children = first as usize..(first + count) as usize;
        if children.is_empty() {
            return None;
        }
        match to_act {
            ToAct::Chance => {
                let mut u: f64 = self.rng.r#gen();
                for c in children.clone() {
                    let p = self.nodes[c]
                        .decision
                        .and_then(|d| game.probability(d))
                        .unwrap_or(0.0);
                    if u < p {
                        return Some(c);
                    }
                    u -= p;
                }
                children.last()
            }
            _ => {
                let sign = if to_act.player() == Some(Player::Black) {
                    -1.0
                } else {
                    1.0
                };
                let log_n = f64::from(visits.max(1)).ln();
                children.max_by(|&a, &b| {
                    let ucb = |c: usize| {
                        let n = self.nodes[c];
                        if n.visits == 0 {
                            return f64::INFINITY;
                        }
                        let mean = n.white_value / f64::from(n.visits);
                        let own = if sign > 0.0 { mean } else { 1.0 - mean };
                        own + EXPLORATION * (log_n / f64::from(n.visits)).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
                })
            }
        }
    }

    /// The most visited child at every level from the root while the tree goes on.
    fn principal_line(&self) -> Vec<G::Decision> {
        let mut line = Vec::new();
        let mut node = 0;
        while self.nodes[node].count > 0 {
            let Node { first, count, .. } = self.nodes[node];
            let Some(best) =
                (first as usize..(first + count) as usize).max_by_key(|&c| self.nodes[c].visits)
            else {
                break;
            };
            if self.nodes[best].visits == 0 {
                break;
            }
            if let Some(d) = self.nodes[best].decision {
                line.push(d);
            }
            node = best;
        }
        line
    }
}

/// Whether a search `elapsed` into its `limit` has no time for another iteration, its
/// longest so far taking `longest` (an iteration that expands a node of a 5D multiverse of
/// hundreds of timelines lists ten thousand decisions: tens of milliseconds).
fn no_time_for_another(elapsed: Duration, longest: Duration, limit: Duration) -> bool {
    elapsed.saturating_add(longest) >= limit
}

fn leaf<D>(decision: Option<D>) -> Node<D> {
    Node {
        decision,
        first: 0,
        count: 0,
        expanded: false,
        visits: 0,
        white_value: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{ClassicEval, DiceEval, Evaluator};
    use omnichess_core::Notation;

    use omnichess_variants::classic::Classic;
    use omnichess_variants::dice::Dice;

    #[test]
    fn no_iteration_starts_that_would_end_past_the_time() {
        let ms = Duration::from_millis;
        assert!(!no_time_for_another(ms(50), ms(30), ms(100)));
        assert!(no_time_for_another(ms(70), ms(30), ms(100)));
        assert!(no_time_for_another(ms(100), Duration::ZERO, ms(100)));
        assert!(no_time_for_another(ms(1), Duration::MAX, ms(100)));
    }

    #[test]
    fn finds_a_mate_in_one_and_stays_within_its_arena() {
        let game = Classic::from_position_text(
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        )
        .expect("position");
        let mut mcts = Mcts::new(ClassicEval, 5_000, 1);
        let result = mcts.search(&game, &Limits::nodes(3_000)).expect("search");
        assert_eq!(game.decision_text(result.best), "h5f7");
        // The root mean rises towards 1 as the visits gather on the mate.
        assert!(result.white_value > 0.6, "{}", result.white_value);
        assert!(mcts.nodes.len() <= 5_000);
        assert_eq!(result.iterations, 3_000);
    }

    #[test]
    fn the_share_of_a_score_is_logistic_in_centipawns_and_linear_on_the_win_scale() {
        let share = |s| Evaluator::<Classic>::white_share(&ClassicEval, s);
        assert!((share(0.0) - 0.5).abs() < 1e-12);
        assert!((share(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!(share(score::MATE) > 0.999_999);
        let dice = |s| Evaluator::<Dice>::white_share(&DiceEval, s);
        assert!((dice(0.0) - 0.5).abs() < 1e-12);
        assert!((dice(score::MATE) - 1.0).abs() < 1e-12);
        assert!((dice(-score::MATE / 2.0) - 0.25).abs() < 1e-12);
    }
}
