//! The search: iterative-deepening alpha-beta over any [`Game`], in absolute terms
//! (expectiminimax: White maximises, Black minimises, chance averages by probability).
//!
//! * **Depth** counts player decisions; chance outcomes do not consume depth. A player in
//!   check is searched one decision deeper.
//! * **Player nodes** (`alpha_beta.rs`): fail-soft alpha-beta with the transposition table,
//!   ordering by [`crate::ordering`], killers and history.
//! * **Selectivity** (`selectivity.rs`), where the evaluator opts in ([`Evaluator::selective`]:
//!   classic chess): principal variation search with aspiration windows at the root, late move
//!   reductions, null move ([`omnichess_core::Hooks::pass`]), reverse futility, futility and
//!   late move pruning near the horizon, razoring (within 2 decisions of the horizon, a static
//!   score far below the window is tested by quiescence alone), singular extensions of the
//!   table's decision (with multi-cut), and quiescence without the captures that lose by static
//!   exchange. Only at a player's node whose decision before was the opponent's (never at
//!   chance nodes, never inside a turn of several decisions). [`Search::set_selective`]
//!   switches it off: the value at a depth is then the exact expectiminimax value.
//! * **Selectivity around chance nodes**, where the evaluator opts in
//!   ([`Evaluator::selective_at_chance`]: Die Chess): an outcome less likely than
//!   [`UNLIKELY_OUTCOME`] is searched one decision shallower, and the late quiet decisions of
//!   the player's node a chance outcome leads to are reduced; [`Search::set_selective`]
//!   switches it off too.
//! * **Chance nodes** (`chance.rs`): the exact expectation, pruned by Star2 with per-outcome
//!   bounds: every outcome's value starts within [−MATE, MATE] and is narrowed by the table,
//!   then by a probe (the acting player's first decision alone bounds the outcome from one
//!   side; past the horizon, the static evaluation the player may stand on), then by each
//!   outcome's search (Star1): an outcome is searched with the window that would let the whole
//!   expectation leave the parent's window, and the node is cut as soon as the bounds prove it
//!   has. No sampling.
//! * **Quiescence** (`quiescence.rs`): the table's value where it decides the node (a
//!   selective search); else at the horizon the acting player may stand pat (the static
//!   evaluation) or try tactical decisions; in check every decision is tried; chance nodes are
//!   averaged exactly within [`QUIESCENCE_CHANCE`] player decisions of the horizon and take the
//!   static evaluation deeper. It stops after [`MAX_QUIESCENCE`] player decisions.
//! * **Draws** the acting player could claim (threefold repetition, fifty moves) are that
//!   player's option below the root: the node is worth at least a draw to it, and more where
//!   playing on is (docs/ENGINE.md, "Search").
//! * **Limits** ([`Limits`](crate::Limits); the time manager, `time.rs`): depth, nodes
//!   (checked every node, so reproducible), time and a stop flag (checked every 1024 nodes).
//!   There is no randomness: a search limited by depth or nodes gives the same result every
//!   time.
//! * **Iterative deepening** (`iterate.rs`) drives the iterations at the root and reports
//!   each (`report.rs`); [`Search::best_turn`] (`turn.rs`) follows the principal variation to
//!   a whole turn.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use omnichess_core::{Game, Hooks, Player};

use crate::eval::Evaluator;
use crate::ordering::Heuristics;
use crate::score::{MATE, MAX_PLY, Score};
use crate::tt::Table;

mod alpha_beta;
mod chance;
mod iterate;
mod node;
mod quiescence;
mod report;
mod selectivity;
mod time;
mod turn;

pub use chance::UNLIKELY_OUTCOME;
pub use quiescence::{MAX_QUIESCENCE, QUIESCENCE_CHANCE};
pub use report::{Report, SearchResult, Turn};
pub use turn::MAX_TURN;

/// Larger than any score: the open ends of a window.
const INF: Score = 2.0 * MATE;

/// How far a child's window is widened (chance outcomes, and the discount of every decision),
/// so that rounding never turns a bound into what looks like an exact value.
const EPS: Score = 1e-6;

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
    stop: Option<Arc<AtomicBool>>,
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
}
