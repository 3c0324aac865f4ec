//! Entering a node: the budget checked, the node counted, and what it is (a finished game, a
//! chance node, a player's node, one where that player may claim a draw); a child's value
//! seen from its parent; the decisions listed in move order.

use omnichess_core::{Game, Hooks, Player, ToAct};

use super::{EPS, Ply, Search};
use crate::eval::Evaluator;
use crate::ordering::{HASH_MOVE, KILLER, TACTICAL, losing};
use crate::score::{self, DECAY, MAX_PLY, Score};
use crate::tt::Bound;

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// `pv[ply]` = `d` followed by `pv[ply + 1]`.
    pub(super) fn set_pv(&mut self, ply: usize, d: G::Decision) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(d);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The value of the child just applied, seen from its parent: the child's value discounted
    /// by [`DECAY`] (see [`crate::score`]).
    pub(super) fn child(
        &mut self,
        g: &mut G,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        DECAY * self.node(g, depth, ply, alpha / DECAY - EPS, beta / DECAY + EPS)
    }

    /// [`Search::child`] below the horizon.
    pub(super) fn quiet_child(
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
    pub(super) fn enter(&mut self, ply: usize) -> bool {
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
    pub(super) fn entered(&mut self, g: &G, depth: i32, ply: usize) -> Entered {
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
    pub(super) fn ordered(
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

    /// The table's value of the position with `key` when its entry decides the window
    /// ([`Entry::decides`](crate::tt::Entry::decides)).
    pub(super) fn table_value(
        &self,
        key: u64,
        depth: i32,
        window: (Score, Score),
    ) -> Option<Score> {
        self.tt.probe(key)?.decides(depth, window)
    }
}

/// What a node is once entered ([`Search::entered`]).
pub(super) enum Entered {
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

/// A tactical decision's place in the move order: above every quiet decision (whose places
/// are below [`TACTICAL`]), the evaluator's most promising first. `None` for a quiet one.
pub(super) fn tactical_rank<G: Game, E: Evaluator<G>>(
    eval: &E,
    g: &G,
    d: G::Decision,
) -> Option<i32> {
    eval.is_tactical(g, d)
        .then(|| TACTICAL + eval.order_score(g, d).clamp(0, TACTICAL - 1))
}

/// Whether `v` is better than `best` for the maximiser (White) or the minimiser (Black).
pub(super) fn better(maximise: bool, v: Score, best: Score) -> bool {
    if maximise { v > best } else { v < best }
}

/// The bound a fail-soft value has against the window it was searched with.
pub(super) fn bound_of(value: Score, (alpha, beta): (Score, Score)) -> Bound {
    if value <= alpha {
        Bound::Upper
    } else if value >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    }
}
