//! The steps a selective player's node ([`Evaluator::selective`]: classic chess) takes before
//! its decisions: its static score, reverse futility and the null move, razoring, the singular
//! extension of the table's decision (with multi-cut), and internal iterative reduction.

use omnichess_core::{Game, Hooks, Player};

use super::Search;
use super::alpha_beta::{NULL_WINDOW, PlayerNode};
use crate::eval::Evaluator;
use crate::score::{self, Score};
use crate::tt::Bound;

/// Reverse futility and futility pruning apply within this many decisions of the horizon.
pub(super) const FUTILITY_DEPTH: i32 = 3;

/// The margin per decision left of (reverse) futility pruning, in centipawns.
pub(super) const FUTILITY_MARGIN: Score = 120.0;

/// The least depth at which a node without a table decision is searched one shallower
/// (internal iterative reduction).
const IIR_DEPTH: i32 = 4;

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

/// What the singular extension's test found.
pub(super) enum Singular {
    /// The node's value without a search of its decisions: a multi-cut, or 0 when the search
    /// stopped during the test.
    Cut(Score),
    /// The table's decision is singular: it is searched one decision deeper.
    Extend,
    /// No test, or the table's decision is not singular.
    No,
}

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// A selective node's static score (kept in the line's `evals`, and whether it is
    /// improving), then the cuts it allows: reverse futility or the null move (`prune_early`),
    /// then razoring. The value to return, or `None`; other nodes
    /// take no static score and are never cut here.
    pub(super) fn static_cuts(
        &mut self,
        g: &mut G,
        node: &mut PlayerNode<G::Decision>,
        (alpha, beta): (Score, Score),
    ) -> Option<Score> {
        let ply = node.ply;
        self.evals[ply] = None;
        if !node.selective {
            return None;
        }
        let own_eval = node.sign * Score::from(self.evaluator.evaluate(g));
        node.own_eval = own_eval;
        self.evals[ply] = Some(own_eval);
        // Improving: the player's static score is above what it was at its last node on this
        // line.
        node.improving = ply >= 2 && self.evals[ply - 2].is_some_and(|e| own_eval > e);
        if node.excluded.is_none()
            && let Some(v) = self.prune_early(g, node)
        {
            return Some(v);
        }
        self.razor(g, node, (alpha, beta))
    }

    /// The cuts a selective node tries before its decisions, from the acting player's view
    /// (its static score, and `roof`, the window's bound that would be too good for it):
    /// reverse futility (near the horizon, a static score far above the window stands) and the
    /// null move (the player passes; if the opponent, searched shallower, still cannot bring
    /// the score below `roof`, neither could it after a real decision). The value to return,
    /// from White's view, or `None`.
    fn prune_early(&mut self, g: &mut G, node: &PlayerNode<G::Decision>) -> Option<Score> {
        let (player, depth, ply) = (node.player, node.depth, node.ply);
        let (own_eval, roof) = (node.own_eval, node.roof);
        if node.pv_node || roof.abs() >= score::MATE_BOUND {
            return None;
        }
        let sign = if player == Player::White { 1.0 } else { -1.0 };
        // The margin is one decision's less where the player is improving.
        let margin = FUTILITY_MARGIN * Score::from(depth - i32::from(node.improving));
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

    /// Razoring: near the horizon, a static score far below the window is checked by
    /// quiescence alone, and the node fails low when that agrees. The value to return (0 when
    /// the search stopped), or `None`.
    fn razor(
        &mut self,
        g: &mut G,
        node: &PlayerNode<G::Decision>,
        (alpha, beta): (Score, Score),
    ) -> Option<Score> {
        let (depth, floor) = (node.depth, node.floor);
        let razored = !node.pv_node
            && node.excluded.is_none()
            && depth <= RAZOR_DEPTH
            && floor.abs() < score::MATE_BOUND
            && node.own_eval + RAZOR_MARGIN * Score::from(depth) < floor;
        if !razored {
            return None;
        }
        let v = self.quiet_player(g, node.player, node.ply, alpha, beta, 0, false);
        if self.aborted {
            return Some(0.0);
        }
        (node.sign * v <= floor).then_some(v)
    }

    /// Singular extension: the table's decision is searched one decision deeper when every
    /// other decision, searched shallower, stays well below its score; when they do not, and
    /// even the score less the margin is too good for the opponent, the node is cut
    /// (multi-cut).
    pub(super) fn singular(&mut self, g: &mut G, node: &PlayerNode<G::Decision>) -> Singular {
        let (depth, ply, maximise, sign) = (node.depth, node.ply, node.maximise, node.sign);
        let tested = node.selective
            && node.excluded.is_none()
            && depth >= SINGULAR_DEPTH
            && ply < 2 * self.iteration as usize;
        if !tested {
            return Singular::No;
        }
        let (Some(e), Some(m)) = (node.entry, node.hash_move) else {
            return Singular::No;
        };
        let trusted = i32::from(e.depth) >= depth - 3
            && e.score.abs() < score::MATE_BOUND
            && matches!(
                (e.bound, maximise),
                (Bound::Exact, _) | (Bound::Lower, true) | (Bound::Upper, false)
            );
        if !trusted {
            return Singular::No;
        }
        let target = sign * e.score - SINGULAR_MARGIN * Score::from(depth);
        let window = if maximise {
            (target - NULL_WINDOW, target)
        } else {
            (-target, -target + NULL_WINDOW)
        };
        self.excluded[ply] = Some(m);
        let half = (depth - 1) / 2;
        let v = self.player(g, node.player, (half, half), ply, window.0, window.1);
        self.excluded[ply] = None;
        if self.aborted {
            Singular::Cut(0.0)
        } else if sign * v < target {
            Singular::Extend
        } else if target >= node.roof {
            Singular::Cut(sign * target)
        } else {
            Singular::No
        }
    }
}

impl<D> PlayerNode<D> {
    /// Internal iterative reduction: a selective node the table holds no decision for, deep
    /// enough, is searched one decision shallower (its next visit, deeper, has the decision).
    pub(super) fn reduce_without_table_decision(&mut self) {
        if self.selective
            && self.excluded.is_none()
            && self.hash_move.is_none()
            && self.depth >= IIR_DEPTH
        {
            self.asked -= 1;
            self.depth -= 1;
        }
    }
}
