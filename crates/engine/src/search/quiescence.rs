//! Quiescence: past the horizon, the acting player stands pat or tries tactical decisions
//! (every decision in check), and chance nodes near the horizon are averaged exactly.

use omnichess_core::{Game, Hooks, Player, ToAct};

use super::node::better;
use super::{INF, Search};
use crate::eval::Evaluator;
use crate::ordering::pick;
use crate::score::{self, MAX_PLY, Score};

/// Player decisions searched past the horizon at most (captures and check evasions).
pub const MAX_QUIESCENCE: usize = 8;

/// Past the horizon, chance nodes are averaged only within this many player decisions; a
/// chance node deeper in quiescence stands at its static evaluation. (Each chance node
/// multiplies the tree by its outcomes; unbounded, Die Chess's quiescence explodes.)
pub const QUIESCENCE_CHANCE: usize = 2;

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// Quiescence at a player's node: stand pat or a tactical decision; in check, any decision.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiet_player(
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
    pub(super) fn quiesce(
        &mut self,
        g: &mut G,
        ply: usize,
        alpha: Score,
        beta: Score,
        qply: usize,
    ) -> Score {
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
}
