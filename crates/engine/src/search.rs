//! The search: iterative-deepening alpha-beta over any [`Game`], in absolute terms
//! (expectiminimax: White maximises, Black minimises, chance averages by probability).
//!
//! * **Depth** counts player decisions; chance outcomes do not consume depth. A player in
//!   check is searched one decision deeper.
//! * **Player nodes**: fail-soft alpha-beta with the transposition table, ordering by
//!   [`crate::ordering`], killers and history.
//! * **Selectivity**, where the evaluator opts in ([`Evaluator::selective`]: classic chess):
//!   principal variation search with aspiration windows at the root, late move reductions,
//!   null move ([`Hooks::pass`]), reverse futility, futility and late move pruning near the
//!   horizon, razoring (within 2 decisions of the horizon, a static score far below the
//!   window is tested by quiescence alone), singular extensions of the table's decision (with
//!   multi-cut), and quiescence without the captures that lose by static exchange. Only at a
//!   player's node whose decision before was the opponent's (never at chance nodes, never
//!   inside a turn of several decisions). [`Search::set_selective`] switches it off: the
//!   value at a depth is then the exact expectiminimax value.
//! * **Selectivity around chance nodes**, where the evaluator opts in
//!   ([`Evaluator::selective_at_chance`]: Die Chess): an outcome less likely than
//!   [`UNLIKELY_OUTCOME`] is searched one decision shallower, and the late quiet decisions of
//!   the player's node a chance outcome leads to are reduced; [`Search::set_selective`]
//!   switches it off too.
//! * **Chance nodes**: the exact expectation, pruned by Star2 with per-outcome bounds: every
//!   outcome's value starts within [−MATE, MATE] and is narrowed by the table, then by a probe
//!   (the acting player's first decision alone bounds the outcome from one side; past the
//!   horizon, the static evaluation the player may stand on), then by each outcome's search
//!   (Star1): an outcome is searched with the window that would let the whole expectation leave
//!   the parent's window, and the node is cut as soon as the bounds prove it has. No sampling.
//! * **Quiescence**: the table's value where it decides the node (a selective search); else
//!   at the horizon the acting player may stand pat (the static evaluation) or
//!   try tactical decisions; in check every decision is tried; chance nodes are averaged
//!   exactly within [`QUIESCENCE_CHANCE`] player decisions of the horizon and take the static
//!   evaluation deeper. It stops after [`MAX_QUIESCENCE`] player decisions.
//! * **Draws** the acting player could claim (threefold repetition, fifty moves) are that
//!   player's option below the root: the node is worth at least a draw to it, and more where
//!   playing on is (docs/ENGINE.md, "Search").
//! * **Limits** ([`Limits`]): depth, nodes (checked every node, so reproducible), time and a
//!   stop flag (checked every 1024 nodes). There is no randomness: a search limited by depth or
//!   nodes gives the same result every time.

use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks, Player, ToAct};

use crate::error::EngineError;
use crate::eval::Evaluator;
use crate::limits::{Limits, MAX_DEPTH};
use crate::ordering::{
    HASH_MOVE, Heuristics, KILLER, TACTICAL, is_failing, is_quiet, losing, pick,
};
use crate::score::{self, DECAY, MATE, MAX_PLY, Score};
use crate::tt::{Bound, Table};
use crate::turn_walk::{WalkBudget, any_complete_turn, complete_turn, ending_first};

/// Player decisions searched past the horizon at most (captures and check evasions).
pub const MAX_QUIESCENCE: usize = 8;

/// Past the horizon, chance nodes are averaged only within this many player decisions; a
/// chance node deeper in quiescence stands at its static evaluation. (Each chance node
/// multiplies the tree by its outcomes; unbounded, Die Chess's quiescence explodes.)
pub const QUIESCENCE_CHANCE: usize = 2;

/// An outcome of a chance node less likely than this is searched one decision shallower,
/// where the evaluator opts in ([`Evaluator::selective_at_chance`]). With Die Chess's die, a
/// bishop, rook, queen or king roll (15, 12, 8 and 10 %); a fair die's sixths are all kept.
pub const UNLIKELY_OUTCOME: f64 = 0.16;

/// The least depth at which [`Evaluator::selective_at_chance`] reduces: an unlikely outcome
/// keeps a decision to search (the probe that bounds it needs one), and a late quiet decision
/// after a chance outcome may go straight to quiescence.
const CHANCE_REDUCTION_DEPTH: i32 = 2;

/// The width of a zero window (principal variation search, null move): a child searched
/// with it says only whether its value is above or below the bound.
const NULL_WINDOW: Score = 0.01;

/// A window wider than this is a principal variation node's: no pruning there.
const PV_WINDOW: Score = 1.0;

/// Reverse futility and futility pruning apply within this many decisions of the horizon.
const FUTILITY_DEPTH: i32 = 3;

/// The margin per decision left of (reverse) futility pruning, in centipawns.
const FUTILITY_MARGIN: Score = 120.0;

/// The least depth at which a node without a table decision is searched one shallower
/// (internal iterative reduction).
const IIR_DEPTH: i32 = 4;

/// Depth left at or below which a late decision that loses material by static exchange is
/// pruned.
const EXCHANGE_DEPTH: i32 = 3;

/// The least depth at which the table's decision is tested for being singular.
const SINGULAR_DEPTH: i32 = 6;

/// How far below the table's score, in centipawns per decision of depth, every other decision
/// must stay for the table's decision to be singular.
const SINGULAR_MARGIN: Score = 2.0;

/// Razoring applies within this many decisions of the horizon.
const RAZOR_DEPTH: i32 = 2;

/// How far below the window, in centipawns per decision left, a static score sends a node to
/// razoring's quiescence test.
const RAZOR_MARGIN: Score = 300.0;

/// The least depth at which a null move is tried.
const NULL_MOVE_DEPTH: i32 = 3;

/// How many decisions shallower the null move's reply is searched (besides the pass itself),
/// with the static score `surplus` centipawns above the bound: one more per 200, up to 2.
fn null_move_reduction(depth: i32, surplus: Score) -> i32 {
    2 + depth / 4 + (surplus / 200.0).clamp(0.0, 2.0) as i32
}

/// How many decisions shallower the `i`-th decision (from 0) of a node with `depth` left is
/// first searched when it is late and quiet (late move reductions): about
/// ln(depth)·ln(i) / 2, one less at a principal variation node.
fn reduction(depth: i32, i: usize, pv_node: bool) -> i32 {
    let r = 0.75 + f64::from(depth).ln() * (i as f64 + 1.0).ln() / 2.25;
    (r as i32 - i32::from(pv_node)).max(0)
}

/// Near the horizon, a node's quiet decisions after this many are not searched (late move
/// pruning): half as many where the player's static score is not improving.
fn late_move_count(depth: i32, improving: bool) -> usize {
    (3 + (depth * depth) as usize) / if improving { 1 } else { 2 }
}

/// The most nodes between two looks at the clock.
const CHECK_NODES: u128 = 64;

/// The time a search aims to leave between two looks at the clock: what it may overrun its
/// deadline by, a node's time aside.
const CHECK_INTERVAL: Duration = Duration::from_micros(250);

/// The most a search using its whole time ([`Limits::whole_time`]) leaves of it unused (a
/// fiftieth of the time where that is less).
const WHOLE_TIME_MARGIN: Duration = Duration::from_millis(2);

/// The half-width of a selective search's aspiration window around the last iteration's
/// score, in centipawns.
const ASPIRATION: Score = 40.0;

/// Larger than any score: the open ends of a window.
const INF: Score = 2.0 * MATE;

/// How far a child's window is widened (chance outcomes, and the discount of every decision),
/// so that rounding never turns a bound into what looks like an exact value.
const EPS: Score = 1e-6;

/// The most decisions [`Search::best_turn`] returns (a guard; no variant's turn is longer).
pub const MAX_TURN: usize = 256;

/// The least time a walk that completes a turn from a dead end may take, however short the
/// search's time: a few listings of a wide 5D multiverse.
const WALK_TIME_FLOOR: Duration = Duration::from_millis(50);

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
    /// the root's listing, [`Evaluator::decisions_until`]). Also 0 when the root has a
    /// single decision and only the first decision of the line is taken
    /// ([`Limits::each_decision`], not an analysis): it is played unsearched, `score` the
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

/// Reused buffers of one ply.
#[derive(Clone, Debug)]
struct Ply<D> {
    decisions: Vec<D>,
    order: Vec<i32>,
    probability: Vec<f64>,
    low: Vec<Score>,
    high: Vec<Score>,
    /// A chance node's outcomes' hashes.
    keys: Vec<u64>,
}

impl<D> Default for Ply<D> {
    fn default() -> Self {
        Ply {
            decisions: Vec::new(),
            order: Vec::new(),
            probability: Vec::new(),
            low: Vec::new(),
            high: Vec::new(),
            keys: Vec::new(),
        }
    }
}

/// A search for game `G` with evaluator `E`. Keep one per player and reuse it: the
/// transposition table, history and buffers survive from one search to the next, and nothing
/// is allocated per node.
#[derive(Debug)]
pub struct Search<G: Game, E> {
    evaluator: E,
    tt: Table<G::Decision>,
    heuristics: Heuristics<G::Decision>,
    plies: Vec<Ply<G::Decision>>,
    /// Who decides at each ply of the current line (`None`: chance).
    deciders: Vec<Option<Player>>,
    /// Whether the player at each ply of the current line passed (a null move): no two in a
    /// row.
    passed: Vec<bool>,
    /// The hash of the position at each ply of the current line where a player acts (in a
    /// selective search): a position that comes back is a draw.
    path: Vec<u64>,
    /// The acting player's static score at each ply of the current line where a selective
    /// node took it (`None` elsewhere, and in check).
    evals: Vec<Option<Score>>,
    /// The decision left out at each ply of the current line (a singular extension's test
    /// searches the node without its table decision).
    excluded: Vec<Option<G::Decision>>,
    /// Whether the search may be selective (the evaluator's opt-in, unless switched off).
    selective: bool,
    /// Whether unlikely chance outcomes and late quiet decisions after one are reduced (the
    /// evaluator's opt-in, [`Evaluator::selective_at_chance`], unless switched off).
    chance_selective: bool,
    /// Whether players may claim draws ([`Search::set_claims`]).
    claims: bool,
    pv: Vec<Vec<G::Decision>>,
    root: Vec<G::Decision>,
    /// The root position's hash.
    root_key: u64,
    nodes: u64,
    node_limit: u64,
    started: Instant,
    deadline: Option<Instant>,
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    aborted: bool,
    /// The depth of the iteration under way: forced decisions are extended up to twice it.
    iteration: u32,
    /// The node count at which the clock is read next, and the count and reading before.
    next_check: u64,
    checked_at: u64,
    last_check: Instant,
    /// The time the root's decisions took to list and order: what one node of the position
    /// may take (a node lists its decisions), kept in hand before the deadline.
    node_reserve: Duration,
    /// The longest time between two looks at the clock in this search, the root's listing
    /// aside: the next look may come as late.
    longest_wait: Duration,
}

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// A search with a transposition table of `tt_mib` MiB (0 for none).
    #[must_use]
    pub fn new(evaluator: E, tt_mib: usize) -> Self {
        let selective = evaluator.selective();
        let chance_selective = evaluator.selective_at_chance();
        Search {
            evaluator,
            tt: Table::new(tt_mib),
            heuristics: Heuristics::new(),
            plies: (0..MAX_PLY + 2).map(|_| Ply::default()).collect(),
            deciders: vec![None; MAX_PLY + 2],
            passed: vec![false; MAX_PLY + 2],
            path: vec![0; MAX_PLY + 2],
            evals: vec![None; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            selective,
            chance_selective,
            claims: true,
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            root: Vec::new(),
            root_key: 0,
            nodes: 0,
            node_limit: u64::MAX,
            started: Instant::now(),
            deadline: None,
            stop: None,
            aborted: false,
            iteration: 0,
            next_check: 0,
            checked_at: 0,
            last_check: Instant::now(),
            node_reserve: Duration::ZERO,
            longest_wait: Duration::ZERO,
        }
    }

    /// Switches selectivity (principal variation search, reductions, null-move and futility
    /// pruning) off or back on, where the evaluator opts in ([`Evaluator::selective`],
    /// [`Evaluator::selective_at_chance`]). Off, the value at a depth is the exact
    /// expectiminimax value (what the brute-force tests compare); on, the search sees deeper
    /// in the same time.
    pub fn set_selective(&mut self, on: bool) {
        self.selective = on && self.evaluator.selective();
        self.chance_selective = on && self.evaluator.selective_at_chance();
    }

    /// Whether the players may claim the draws [`Hooks::claimable_draw`] offers (FIDE's
    /// threefold repetition and fifty moves). By default they may: such a position below the
    /// root is worth at least a draw to the player acting there. In a match's games nobody
    /// can (the referee ends games by the rules' automatic draws alone, fivefold repetition
    /// and 75 moves), and the search then plays on through them, as the game does. Set before
    /// a game: the table's values assume one setting.
    pub fn set_claims(&mut self, allowed: bool) {
        self.claims = allowed;
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Forgets the transposition table and history (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics = Heuristics::new();
    }

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
        let listing = Instant::now();
        // Past the deadline, a listing that could go on (5D Chess at hundreds of timelines)
        // stops with what it holds, and the first of them in the order below is the answer.
        let listed = match self.deadline {
            Some(deadline) => self
                .evaluator
                .decisions_until(&game, &mut self.root, deadline),
            None => {
                game.decisions(&mut self.root);
                true
            }
        };
        // Captures first, the best victim first: what an unfinished first iteration sees.
        let eval = &self.evaluator;
        self.root
            .sort_by_key(|&d| std::cmp::Reverse(tactical_rank(eval, &game, d).unwrap_or(0)));
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
            // Aspiration: a selective search looks first within a window around the last
            // score, and again with the whole window when the score falls outside it.
            let around = self.selective && depth >= 4 && result.score.abs() < score::MATE_BOUND;
            let window = if around {
                (result.score - ASPIRATION, result.score + ASPIRATION)
            } else {
                (-INF, INF)
            };
            let mut iteration = self.root_iteration(&mut game, player, depth, window);
            if let Some((score, _)) = iteration
                && around
                && !self.aborted
                && (score <= window.0 || score >= window.1)
            {
                // Stopped before its first decision was searched again, the search keeps
                // what the window proved: a decision above it beats the previous best.
                iteration = self
                    .root_iteration(&mut game, player, depth, (-INF, INF))
                    .or(iteration);
            }
            let Some((score, best)) = iteration else {
                break;
            };
            if self.aborted {
                // An unfinished iteration: its best is kept only when it beat the previous
                // best, which it searched first (in the first iteration, the best of those
                // searched beats the unsearched first decision).
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

    /// The acting player's whole turn: the decisions until the turn ends ([`Game::turn_index`]
    /// changes) or another actor (the opponent, chance) acts. It follows the principal
    /// variation while the same player acts in the same turn and searches again where it runs
    /// out, each search within what is left of `limits`' time. With
    /// [`Limits::each_decision`], every decision is searched anew within the whole `limits`
    /// and only the first of each line is taken.
    pub fn best_turn(
        &mut self,
        state: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&Report<'_, G::Decision>),
    ) -> Result<Turn<G::Decision>, EngineError> {
        let player = acting_player(state)?;
        let turn = state.turn_index();
        let started = Instant::now();
        let mut game = state.clone();
        let mut decisions = Vec::new();
        let mut times = Vec::new();
        let mut step = started;
        let mut first = None;
        let same_turn = |g: &G| {
            g.turn_index() == turn
                && g.to_act_bounded(crate::limits::REFEREE_TEST_EFFORT) == ToAct::Player(player)
        };
        while decisions.len() < MAX_TURN {
            let mut now = limits.clone();
            if !limits.each_decision {
                now.time = limits.time.map(|t| {
                    t.saturating_sub(started.elapsed())
                        .max(Duration::from_millis(1))
                });
            }
            let result = match self.search(&game, &now, progress) {
                Ok(result) => result,
                // A dead end inside the turn (the line came from an unfinished iteration):
                // take decisions back until some way on completes the turn. The walk may
                // take what is left of the turn's time (with limits for each decision: one
                // more decision's), at least WALK_TIME_FLOOR; past it, the variant's own
                // search finds a whole turn (in milliseconds where a walk through a wide 5D
                // multiverse lists decisions for seconds).
                Err(e) if !decisions.is_empty() => {
                    let now = Instant::now();
                    let until = limits.time.map(|t| {
                        let end = if limits.each_decision {
                            now + t
                        } else {
                            started + t
                        };
                        end.max(now + WALK_TIME_FLOOR)
                    });
                    let mut budget =
                        WalkBudget::listings(crate::limits::TURN_COMPLETION_EFFORT).until(until);
                    // The decisions kept from the line: the times of those after them go to
                    // the way round.
                    let mut kept = decisions.len();
                    while decisions.pop().is_some() {
                        game.undo();
                        kept = decisions.len();
                        let mut quickest = |g: &mut G, _: Player, open: &mut [G::Decision]| {
                            ending_first(g, open);
                        };
                        if complete_turn(
                            &mut game,
                            player,
                            turn,
                            &mut quickest,
                            &mut decisions,
                            &mut budget,
                        ) {
                            break;
                        }
                    }
                    if decisions.is_empty() {
                        // No way on from any of the line's decisions within the budget: any
                        // whole turn from the turn's start, as the match agent plays (the
                        // variant's own search, then a walk with a fresh budget).
                        decisions = any_complete_turn(state);
                        if decisions.is_empty() {
                            return Err(match e {
                                // The line's dead end, not the game's end.
                                EngineError::GameOver(_) => EngineError::NoTurnFound,
                                other => other,
                            });
                        }
                    }
                    let taken_back: Duration = times.drain(kept.min(times.len())..).sum();
                    count_time(&mut times, decisions.len(), &mut step, taken_back);
                    break;
                }
                Err(e) => return Err(e),
            };
            // Within limits per decision, only the first is taken: the next is searched anew.
            let taken = if limits.each_decision { 1 } else { MAX_TURN };
            for &d in result.pv.iter().take(taken) {
                if !same_turn(&game) || decisions.len() >= MAX_TURN {
                    break;
                }
                decisions.push(d);
                game.apply(d);
            }
            first.get_or_insert(result);
            let goes_on = same_turn(&game);
            count_time(&mut times, decisions.len(), &mut step, Duration::ZERO);
            if !goes_on {
                break;
            }
        }
        let first = first.ok_or(EngineError::ChanceActs)?;
        debug_assert_eq!(times.len(), decisions.len(), "a time per decision");
        Ok(Turn {
            decisions,
            first,
            times,
        })
    }

    fn begin(&mut self, limits: &Limits) {
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
    fn out_of_budget(&mut self) -> bool {
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

    /// `pv[ply]` = `d` followed by `pv[ply + 1]`.
    fn set_pv(&mut self, ply: usize, d: G::Decision) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(d);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The value of the child just applied, seen from its parent: the child's value discounted
    /// by [`DECAY`] (see [`crate::score`]).
    fn child(&mut self, g: &mut G, depth: i32, ply: usize, alpha: Score, beta: Score) -> Score {
        DECAY * self.node(g, depth, ply, alpha / DECAY - EPS, beta / DECAY + EPS)
    }

    /// [`Search::child`] below the horizon.
    fn quiet_child(
        &mut self,
        g: &mut G,
        ply: usize,
        alpha: Score,
        beta: Score,
        qply: usize,
    ) -> Score {
        DECAY * self.quiesce(g, ply, alpha / DECAY - EPS, beta / DECAY + EPS, qply)
    }

    /// Enters a node `ply` decisions below the root: clears its line and counts it; false
    /// (counting nothing) when the budget is spent.
    fn enter(&mut self, ply: usize) -> bool {
        self.pv[ply].clear();
        if self.out_of_budget() {
            return false;
        }
        self.nodes += 1;
        true
    }

    /// The value of the node `ply` decisions below the root with `depth` player decisions left.
    fn node(&mut self, g: &mut G, depth: i32, ply: usize, alpha: Score, beta: Score) -> Score {
        let (player, extended, in_check) = match self.entered(g, depth, ply) {
            Entered::Spent => return 0.0,
            Entered::Value(v) => return v,
            Entered::Chance => return self.chance(g, depth, ply, alpha, beta, None),
            Entered::Player(player, extended, in_check) => (player, extended, in_check),
            Entered::Claimable(player, extended, in_check) => {
                return self.claimable(g, (player, depth, extended, in_check), ply, alpha, beta);
            }
        };
        self.acting(g, (player, depth, extended, in_check), ply, alpha, beta)
    }

    /// A player's node: quiescence at the horizon (`extended` ≤ 0), else the full search.
    fn acting(
        &mut self,
        g: &mut G,
        (player, depth, extended, in_check): (Player, i32, i32, bool),
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if extended <= 0 {
            self.quiet_player(g, player, ply, alpha, beta, 0, in_check)
        } else {
            self.player(g, player, (depth, extended), ply, alpha, beta)
        }
    }

    /// A player's node where that player may claim a draw: worth the draw (0) or the value
    /// of playing on, whichever the player prefers. Searched in the part of the window above
    /// the draw for White, below it for Black; a window wholly on the draw's wrong side is
    /// cut by the claim alone.
    fn claimable(
        &mut self,
        g: &mut G,
        (player, depth, extended, in_check): (Player, i32, i32, bool),
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let white = player == Player::White;
        if (white && beta <= 0.0) || (!white && alpha >= 0.0) {
            return 0.0;
        }
        let (alpha, beta) = if white {
            (alpha.max(0.0), beta)
        } else {
            (alpha, beta.min(0.0))
        };
        let v = self.acting(g, (player, depth, extended, in_check), ply, alpha, beta);
        if white { v.max(0.0) } else { v.min(0.0) }
    }

    /// Enters the node `ply` decisions below the root with `depth` player decisions left
    /// ([`Search::enter`]) and says what it is: its value when it needs no search (a finished
    /// game, the deepest ply), a chance node, or a player's node with the depth it is searched
    /// to (one more in check) — claimable where that player may claim a draw.
    fn entered(&mut self, g: &G, depth: i32, ply: usize) -> Entered {
        if !self.enter(ply) {
            return Entered::Spent;
        }
        match g.to_act_bounded(crate::limits::NODE_TEST_EFFORT) {
            ToAct::Nobody(outcome) => Entered::Value(score::terminal(outcome)),
            ToAct::Chance => Entered::Chance,
            ToAct::Player(_) if ply >= MAX_PLY => {
                Entered::Value(Score::from(self.evaluator.evaluate(g)))
            }
            ToAct::Player(player) => {
                let in_check = self.evaluator.in_check(g);
                let extended = depth + i32::from(in_check);
                if self.claims && g.claimable_draw().is_some() {
                    Entered::Claimable(player, extended, in_check)
                } else {
                    Entered::Player(player, extended, in_check)
                }
            }
        }
    }

    /// Takes the buffers of `ply` and lists `g`'s decisions with their ordering scores; with
    /// `tactical_only`, only tactical decisions. A selective search puts the tactical
    /// decisions that lose material ([`Evaluator::losing`]) after the quiet ones.
    fn ordered(
        &mut self,
        g: &G,
        player: Player,
        ply: usize,
        hash_move: Option<G::Decision>,
        tactical_only: bool,
    ) -> Ply<G::Decision> {
        let mut buf = std::mem::take(&mut self.plies[ply]);
        let eval = &self.evaluator;
        if tactical_only {
            eval.tactical_decisions(g, &mut buf.decisions);
        } else {
            g.decisions(&mut buf.decisions);
        }
        let killers = self.heuristics.killers(ply);
        buf.order.clear();
        let heuristics = &self.heuristics;
        let demote = self.selective && !tactical_only;
        buf.order.extend(buf.decisions.iter().map(|&d| {
            if Some(d) == hash_move {
                HASH_MOVE
            } else if let Some(rank) = tactical_rank(eval, g, d) {
                if demote && eval.losing(g, d) {
                    losing(rank)
                } else {
                    rank
                }
            } else if Some(d) == killers[0] {
                KILLER
            } else if Some(d) == killers[1] {
                KILLER - 1
            } else {
                heuristics.history(player, eval.decision_key(g, d))
            }
        }));
        buf
    }

    /// A player's node. `depth` is the depth asked for (what the table records) and the
    /// depth searched (one more in check). In a selective search ([`Search::set_selective`])
    /// the node may be cut by reverse futility or a null move, and its later decisions are
    /// searched with a zero window, reduced when quiet (docs/ENGINE.md, "Search").
    fn player(
        &mut self,
        g: &mut G,
        player: Player,
        (asked, depth): (i32, i32),
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        let key = g.hash();
        if self.selective {
            if self.repeats(key, ply) {
                return 0.0;
            }
            self.path[ply] = key;
        }
        let entry = self.tt.probe(key).copied();
        let hash_move = entry.and_then(|e| e.best);
        // Searched without its table decision (a singular extension's test), the node is not
        // the one the table holds.
        let excluded = self.excluded[ply];
        if excluded.is_none()
            && let Some(v) = entry.and_then(|e| e.decides(asked, (alpha, beta)))
        {
            return v;
        }
        let maximise = player == Player::White;
        let sign = if maximise { 1.0 } else { -1.0 };
        // A selective node: a player's own turn of one decision (not 5D's moves inside a
        // turn), below the root, not in check.
        let in_check = depth > asked;
        let selective = self.selective
            && ply > 0
            && !in_check
            && self.deciders[ply - 1] != Some(player)
            && self.deciders[ply - 1].is_some();
        // A player's move after a chance outcome (Die Chess: after the roll), the turn's
        // first decision: its late quiet decisions are reduced ([`Self::chance_selective`]).
        let after_chance = self.chance_selective
            && ply >= 2
            && !in_check
            && self.deciders[ply - 1].is_none()
            && self.deciders[ply - 2] == Some(player.opponent());
        let pv_node = beta - alpha > PV_WINDOW;
        // The acting player's view: what it has (`floor`) and what would be too good (`roof`).
        let (floor, roof) = if maximise {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        let mut own_eval = 0.0;
        let mut improving = false;
        self.evals[ply] = None;
        if selective {
            own_eval = sign * Score::from(self.evaluator.evaluate(g));
            self.evals[ply] = Some(own_eval);
            // Improving: the player's static score is above what it was at its last node
            // on this line.
            improving = ply >= 2 && self.evals[ply - 2].is_some_and(|e| own_eval > e);
            let at = (depth, ply, improving);
            if excluded.is_none()
                && let Some(v) = self.prune_early(g, player, at, own_eval, roof, pv_node)
            {
                return v;
            }
            // Razoring: near the horizon, a static score far below the window is checked by
            // quiescence alone, and the node fails low when that agrees.
            if !pv_node
                && excluded.is_none()
                && depth <= RAZOR_DEPTH
                && floor.abs() < score::MATE_BOUND
                && own_eval + RAZOR_MARGIN * Score::from(depth) < floor
            {
                let v = self.quiet_player(g, player, ply, alpha, beta, 0, false);
                if self.aborted {
                    return 0.0;
                }
                if sign * v <= floor {
                    return v;
                }
            }
        }
        // Singular extension: the table's decision is searched one decision deeper when every
        // other decision, searched shallower, stays well below its score; when they do not,
        // and even the score less the margin is too good for the opponent, the node is cut
        // (multi-cut).
        let mut extend_hash = false;
        if selective
            && excluded.is_none()
            && depth >= SINGULAR_DEPTH
            && ply < 2 * self.iteration as usize
            && let (Some(e), Some(m)) = (entry, hash_move)
            && i32::from(e.depth) >= depth - 3
            && e.score.abs() < score::MATE_BOUND
            && matches!(
                (e.bound, maximise),
                (Bound::Exact, _) | (Bound::Lower, true) | (Bound::Upper, false)
            )
        {
            let target = sign * e.score - SINGULAR_MARGIN * Score::from(depth);
            let window = if maximise {
                (target - NULL_WINDOW, target)
            } else {
                (-target, -target + NULL_WINDOW)
            };
            self.excluded[ply] = Some(m);
            let half = (depth - 1) / 2;
            let v = self.player(g, player, (half, half), ply, window.0, window.1);
            self.excluded[ply] = None;
            if self.aborted {
                return 0.0;
            }
            if sign * v < target {
                extend_hash = true;
            } else if target >= roof {
                return sign * target;
            }
        }
        // Internal iterative reduction: a node the table holds no decision for, deep enough,
        // is searched one decision shallower (its next visit, deeper, has the decision).
        let (asked, depth) =
            if selective && excluded.is_none() && hash_move.is_none() && depth >= IIR_DEPTH {
                (asked - 1, depth - 1)
            } else {
                (asked, depth)
            };
        let mut buf = self.ordered(g, player, ply, hash_move, false);
        if buf.decisions.is_empty() {
            // A player to act with nothing to do is a dead end inside a turn (5D Chess: moves
            // after which the turn can neither go on nor be submitted; a finished game is
            // `Nobody`): scored as a loss, so the search takes another way.
            self.plies[ply] = buf;
            return score::terminal(omnichess_core::Outcome::win(player.opponent(), "dead end"));
        }
        let window = (alpha, beta);
        let mut best = if maximise { -INF } else { INF };
        let mut best_decision = None;
        // A forced decision that goes on with the same player's turn (5D Chess: the submit
        // after the turn's last move) is a formality of the turn, not a choice: it costs no
        // depth, down to twice the iteration's depth.
        self.deciders[ply] = Some(player);
        self.passed[ply] = false;
        let forced = buf.decisions.len() == 1
            && ply > 0
            && self.deciders[ply - 1] == Some(player)
            && ply < 2 * self.iteration as usize;
        let child_depth = depth - 1 + i32::from(forced);
        // Futility: near the horizon, quiet decisions cannot lift a position this far below
        // the window.
        let futile = selective
            && !pv_node
            && depth <= FUTILITY_DEPTH
            && own_eval + FUTILITY_MARGIN * Score::from(depth) <= floor
            && floor.abs() < score::MATE_BOUND;
        for i in 0..buf.decisions.len() {
            pick(&mut buf.decisions, &mut buf.order, i);
            let d = buf.decisions[i];
            if Some(d) == excluded {
                continue;
            }
            // Quiet and not a killer: the decisions a selective search reduces or prunes.
            let late = selective && i > 0 && buf.order[i] < KILLER - 1;
            // Futility and late move pruning (unless the decision checks).
            let beyond = depth <= FUTILITY_DEPTH && i >= late_move_count(depth, improving);
            let prunable = late && (futile || (!pv_node && beyond));
            // Near the horizon, away from the principal variation: one that loses material by
            // static exchange on its square is not searched either (unless it checks). The
            // exchange is only counted where it decides.
            let loses = late
                && !prunable
                && !pv_node
                && depth <= EXCHANGE_DEPTH
                && self.evaluator.losing(g, d);
            g.apply(d);
            let checks = late && self.evaluator.in_check(g);
            if (prunable || loses) && !checks {
                g.undo();
                continue;
            }
            let v = if (selective || after_chance) && i > 0 {
                let reduction = if after_chance {
                    // After a roll: quiet, not a killer and not a check, reduced down to
                    // quiescence.
                    let quiet = buf.order[i] < KILLER - 1 && !self.evaluator.in_check(g);
                    if quiet && depth >= CHANCE_REDUCTION_DEPTH {
                        reduction(depth, i, false).min(child_depth)
                    } else {
                        0
                    }
                } else if late && !checks && depth >= 3 {
                    // One more for a decision whose history is below zero (it failed more
                    // often than it cut off), and for a losing capture.
                    let failing = i32::from(is_failing(buf.order[i]));
                    (reduction(depth, i, pv_node) + failing).min(child_depth - 1)
                } else {
                    0
                };
                self.zero_window_child(g, (child_depth, reduction), ply, (alpha, beta), maximise)
            } else {
                let singular = extend_hash && Some(d) == hash_move;
                self.child(g, child_depth + i32::from(singular), ply + 1, alpha, beta)
            };
            g.undo();
            if self.aborted {
                break;
            }
            if better(maximise, v, best) {
                best = v;
                best_decision = Some(d);
                self.set_pv(ply, d);
                if maximise {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    self.record_cut_off(g, player, (ply, depth), &buf, i);
                    break;
                }
            }
        }
        self.plies[ply] = buf;
        if self.aborted {
            return 0.0;
        }
        if excluded.is_none() {
            let bound = bound_of(best, window);
            self.tt.store(key, asked as i16, bound, best, best_decision);
        }
        best
    }

    /// The table's value of the position with `key` when its entry decides the window
    /// ([`Entry::decides`](crate::tt::Entry::decides)).
    fn table_value(&self, key: u64, depth: i32, window: (Score, Score)) -> Option<Score> {
        self.tt.probe(key)?.decides(depth, window)
    }

    /// Whether the position with `key` at `ply` stood at an earlier ply of the current line
    /// with the same player to act (two, four … plies up, no null move between): the player
    /// who let it come back could repeat it again, so it counts as drawn (a draw by
    /// repetition seen once, where the game's rule needs three).
    fn repeats(&self, key: u64, ply: usize) -> bool {
        let mut j = ply;
        while j >= 2 && !self.passed[j - 1] && !self.passed[j - 2] {
            j -= 2;
            if self.path[j] == key {
                return true;
            }
        }
        false
    }

    /// Records that `buf`'s `i`-th decision cut off at the node `g` (`ply` below the root,
    /// `depth` left): a quiet decision becomes a killer and gains history; in a selective
    /// search, the quiet decisions tried before it lose history (those pruned without a search
    /// too), and a quiet hash decision counts too.
    fn record_cut_off(
        &mut self,
        g: &G,
        player: Player,
        (ply, depth): (usize, i32),
        buf: &Ply<G::Decision>,
        i: usize,
    ) {
        let d = buf.decisions[i];
        let counts = if self.selective {
            is_quiet(buf.order[i])
                || (buf.order[i] == HASH_MOVE && !self.evaluator.is_tactical(g, d))
        } else {
            buf.order[i] < TACTICAL
        };
        if !counts {
            return;
        }
        let k = self.evaluator.decision_key(g, d);
        self.heuristics.cut_off(ply, player, d, k, depth);
        if self.selective {
            for j in 0..i {
                if is_quiet(buf.order[j]) {
                    let k = self.evaluator.decision_key(g, buf.decisions[j]);
                    self.heuristics.punish(player, k, depth);
                }
            }
        }
    }

    /// The cuts a selective node tries before its decisions, from the acting player's view
    /// (`own_eval`, and `roof`, the window's bound that would be too good for it): reverse futility (near the horizon, a
    /// static score far above the window stands) and the null move (the player passes; if the
    /// opponent, searched shallower, still cannot bring the score below `roof`, neither could
    /// it after a real decision). The value to return, from White's view, or `None`.
    fn prune_early(
        &mut self,
        g: &mut G,
        player: Player,
        (depth, ply, improving): (i32, usize, bool),
        own_eval: Score,
        roof: Score,
        pv_node: bool,
    ) -> Option<Score> {
        if pv_node || roof.abs() >= score::MATE_BOUND {
            return None;
        }
        let sign = if player == Player::White { 1.0 } else { -1.0 };
        // The margin is one decision's less where the player is improving.
        let margin = FUTILITY_MARGIN * Score::from(depth - i32::from(improving));
        if depth <= FUTILITY_DEPTH && own_eval - margin >= roof {
            return Some(sign * own_eval);
        }
        if depth < NULL_MOVE_DEPTH
            || own_eval < roof
            || self.passed[ply - 1]
            || !self.evaluator.may_pass(g)
            || !g.pass()
        {
            return None;
        }
        self.deciders[ply] = Some(player);
        self.passed[ply] = true;
        let reduced = (depth - 1 - null_move_reduction(depth, own_eval - roof)).max(0);
        let (a, b) = if player == Player::White {
            (roof - NULL_WINDOW, roof)
        } else {
            (-roof, -roof + NULL_WINDOW)
        };
        let v = self.child(g, reduced, ply + 1, a, b);
        g.undo();
        self.passed[ply] = false;
        let own = sign * v;
        // A cut, but never a mate proven by a pass.
        (!self.aborted && own >= roof).then(|| sign * own.min(score::MATE_BOUND - 1.0))
    }

    /// Searches the decision just applied (not the first of its node) with a zero window at
    /// the bound the acting player must beat, `reduction` decisions shallower; again at full
    /// depth if it beats the bound; and with the whole window if it does so inside it.
    fn zero_window_child(
        &mut self,
        g: &mut G,
        (depth, reduction): (i32, i32),
        ply: usize,
        (alpha, beta): (Score, Score),
        maximise: bool,
    ) -> Score {
        let (a, b) = if maximise {
            (alpha, alpha + NULL_WINDOW)
        } else {
            (beta - NULL_WINDOW, beta)
        };
        let beats = |v: Score| if maximise { v > alpha } else { v < beta };
        let mut v = self.child(g, depth - reduction, ply + 1, a, b);
        if reduction > 0 && beats(v) && !self.aborted {
            v = self.child(g, depth, ply + 1, a, b);
        }
        let inside = if maximise { v < beta } else { v > alpha };
        if beats(v) && inside && beta - alpha > NULL_WINDOW * 2.0 && !self.aborted {
            v = self.child(g, depth, ply + 1, alpha, beta);
        }
        v
    }

    /// Quiescence at a player's node: stand pat or a tactical decision; in check, any decision.
    #[allow(clippy::too_many_arguments)]
    fn quiet_player(
        &mut self,
        g: &mut G,
        player: Player,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        qply: usize,
        in_check: bool,
    ) -> Score {
        // A selective search takes the table's value of any depth where it decides the node.
        let deep_enough = qply < MAX_QUIESCENCE && ply < MAX_PLY;
        if self.selective
            && deep_enough
            && let Some(v) = self.table_value(g.hash(), 0, (alpha, beta))
        {
            return v;
        }
        let mut stand = Score::from(self.evaluator.evaluate(g));
        if !deep_enough {
            return stand;
        }
        // A turn that goes on past the horizon (5D Chess) stands by ending at once where it
        // can, so that the opponent's replies are seen; and it makes at most one tactical
        // decision past the horizon.
        let continuing = ply > 0 && self.deciders[ply - 1] == Some(player) && !in_check;
        self.deciders[ply] = Some(player);
        if continuing {
            if let Some(end) = self.evaluator.turn_end(g) {
                g.apply(end);
                stand = self.quiet_child(g, ply + 1, alpha, beta, qply + 1);
                g.undo();
                if self.aborted {
                    return 0.0;
                }
                self.set_pv(ply, end);
            }
            if qply > 0 {
                return stand;
            }
        }
        let maximise = player == Player::White;
        let mut best = if maximise { -INF } else { INF };
        if !in_check {
            best = stand;
            if maximise {
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                if stand <= alpha {
                    return stand;
                }
                beta = beta.min(stand);
            }
        }
        let mut buf = self.ordered(g, player, ply, None, !in_check);
        let skip_losing = self.selective && !in_check;
        for i in 0..buf.decisions.len() {
            pick(&mut buf.decisions, &mut buf.order, i);
            let d = buf.decisions[i];
            if skip_losing && self.evaluator.losing(g, d) {
                continue;
            }
            g.apply(d);
            let v = self.quiet_child(g, ply + 1, alpha, beta, qply + 1);
            g.undo();
            if self.aborted {
                break;
            }
            if better(maximise, v, best) {
                best = v;
                self.set_pv(ply, d);
                if maximise {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.plies[ply] = buf;
        if self.aborted { 0.0 } else { best }
    }

    /// Quiescence at any node below the horizon.
    fn quiesce(&mut self, g: &mut G, ply: usize, alpha: Score, beta: Score, qply: usize) -> Score {
        if !self.enter(ply) {
            return 0.0;
        }
        match g.to_act_bounded(crate::limits::QUIESCENCE_TEST_EFFORT) {
            ToAct::Nobody(outcome) => score::terminal(outcome),
            ToAct::Chance if qply >= QUIESCENCE_CHANCE => Score::from(self.evaluator.evaluate(g)),
            ToAct::Chance => self.chance(g, 0, ply, alpha, beta, Some(qply)),
            ToAct::Player(player) => {
                let in_check = self.evaluator.in_check(g);
                self.quiet_player(g, player, ply, alpha, beta, qply, in_check)
            }
        }
    }

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
    fn chance(
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
        if main {
            // Outcomes already in the table, to the depth: bounds that cost no search. Their
            // hashes first, then the table's entries: the reads (mostly cache misses) then
            // overlap instead of each waiting for the one before.
            buf.keys.clear();
            for &d in &buf.decisions {
                g.apply(d);
                buf.keys.push(g.hash());
                g.undo();
            }
            for i in 0..n {
                if let Some(e) = self.tt.probe(buf.keys[i])
                    && i32::from(e.depth) >= depth
                {
                    narrow(&mut buf, i, DECAY * e.score, e.bound);
                }
            }
        }
        let mut low = expectation(&buf.probability, &buf.low);
        let mut high = expectation(&buf.probability, &buf.high);
        // Star2: first each outcome's probe (its first decision alone; past the horizon, the
        // static evaluation the player may stand on), then each open outcome's search.
        let phases: &[Phase] = if !main || depth >= 1 {
            &[Phase::Probe, Phase::Search]
        } else {
            &[Phase::Search]
        };
        for &phase in phases {
            for i in 0..n {
                if low >= beta || high <= alpha {
                    break;
                }
                if buf.low[i] == buf.high[i] || buf.probability[i] <= 0.0 {
                    continue;
                }
                let (a, b) = outcome_window(&buf, i, (low, high), (alpha, beta));
                // An unlikely outcome is searched one decision shallower (its share of the
                // expectation is small), where the probe still bounds it.
                let depth = if self.chance_selective
                    && depth >= CHANCE_REDUCTION_DEPTH
                    && buf.probability[i] < UNLIKELY_OUTCOME
                {
                    depth - 1
                } else {
                    depth
                };
                g.apply(buf.decisions[i]);
                let found = match (phase, quiescence) {
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
                    self.plies[ply] = buf;
                    return 0.0;
                }
                if let Some((v, bound)) = found {
                    narrow(&mut buf, i, v, bound);
                    low = expectation(&buf.probability, &buf.low);
                    high = expectation(&buf.probability, &buf.high);
                }
            }
        }
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

/// What a node is once entered ([`Search::entered`]).
enum Entered {
    /// The budget is spent: the search is stopping.
    Spent,
    /// The node's value, found without a search.
    Value(Score),
    /// Chance acts.
    Chance,
    /// A player acts: the depth the node is searched to, and whether the player is in check.
    Player(Player, i32, bool),
    /// As [`Entered::Player`], where the player may claim a draw ([`Hooks::claimable_draw`]).
    Claimable(Player, i32, bool),
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

/// Whether `v` is better than `best` for the maximiser (White) or the minimiser (Black).
/// A tactical decision's place in the move order: above every quiet decision (whose places
/// are below [`TACTICAL`]), the evaluator's most promising first. `None` for a quiet one.
fn tactical_rank<G: Game, E: Evaluator<G>>(eval: &E, g: &G, d: G::Decision) -> Option<i32> {
    eval.is_tactical(g, d)
        .then(|| TACTICAL + eval.order_score(g, d).clamp(0, TACTICAL - 1))
}

fn better(maximise: bool, v: Score, best: Score) -> bool {
    if maximise { v > best } else { v < best }
}

/// The bound a fail-soft value has against the window it was searched with.
fn bound_of(value: Score, (alpha, beta): (Score, Score)) -> Bound {
    if value <= alpha {
        Bound::Upper
    } else if value >= beta {
        Bound::Lower
    } else {
        Bound::Exact
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

/// Gives the decisions taken since the last count (up to `len`) the time since `step`, plus
/// `earlier`, all of it on the first of them, and starts the next step there. With none
/// taken, the time goes on to the next.
fn count_time(times: &mut Vec<Duration>, len: usize, step: &mut Instant, earlier: Duration) {
    if times.len() < len {
        let now = Instant::now();
        times.push(earlier + (now - *step));
        times.resize(len, Duration::ZERO);
        *step = now;
    } else if let Some(last) = times.last_mut() {
        *last += earlier;
    }
}

/// The player who acts in `state`, or why none does.
fn acting_player<G: Game + Hooks>(state: &G) -> Result<Player, EngineError> {
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
    use omnichess_core::{Notation, Records, Variant};
    use omnichess_variants::multiverse::{Decision5, Multiverse};

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

    #[test]
    fn a_root_listing_past_the_deadline_answers_with_its_first_decision() {
        // 77 timelines, 73 playable boards: a search whose deadline has come by the listing's
        // second board (a time of 1 ns) lists the first board with legal moves only.
        let text = include_str!("../../variants/tests/data/multiverse/many-boards.txt");
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

    #[test]
    fn decisions_taken_together_count_their_time_on_the_first() {
        let start = Instant::now();
        let (mut step, mut times) = (start, Vec::new());
        count_time(&mut times, 1, &mut step, Duration::ZERO);
        assert_eq!(times.len(), 1);
        assert!(step >= start);
        // Three at once, after a way round that took back decisions of 5 s.
        count_time(&mut times, 4, &mut step, Duration::from_secs(5));
        assert_eq!(times.len(), 4);
        assert!(times[1] >= Duration::from_secs(5));
        assert_eq!(times[2..], [Duration::ZERO; 2]);
        // None taken: the time goes on the last, and the step goes on.
        let before = step;
        count_time(&mut times, 4, &mut step, Duration::from_secs(1));
        assert_eq!((step, times[3]), (before, Duration::from_secs(1)));
    }

    #[test]
    fn a_turn_times_each_decision_and_the_table_keeps_its_size() {
        let text = include_str!("../../variants/tests/data/5d-chess-js/g40.5dpgn");
        let record = Multiverse::parse_record(text).expect("the record reads");
        let midgame = Multiverse::after_record(&record).expect("the record plays");
        let mut search = Search::new(MultiverseEval, 1);
        let slots = search.tt.capacity();
        let entry = std::mem::size_of::<Option<crate::tt::Entry<<Multiverse as Game>::Decision>>>();
        assert!(
            slots > 0 && slots * entry <= 1 << 20,
            "at most the 1 MiB asked"
        );
        let limits = Limits {
            each_decision: true,
            ..Limits::nodes(3_000)
        };
        for state in [Multiverse::start(), midgame] {
            for _ in 0..3 {
                let begun = Instant::now();
                let turn = search
                    .best_turn(&state, &limits, &mut |_| {})
                    .expect("a turn");
                let took = begun.elapsed();
                assert_eq!(turn.times.len(), turn.decisions.len());
                assert!(turn.times.iter().sum::<Duration>() <= took);
                assert!(turn.times[0] > Duration::ZERO);
            }
            search.clear();
        }
        assert_eq!(search.tt.capacity(), slots, "never grown");
        assert_eq!(
            search.plies.len(),
            MAX_PLY + 2,
            "one set of buffers per ply, no more"
        );
    }
}
