//! A player's node: fail-soft alpha-beta with the transposition table, in named steps — the
//! table's verdict, the cuts on the static score and the singular extension
//! (`selectivity.rs`), then the decisions in move order, each pruned, reduced or searched.

use omnichess_core::{Game, Hooks, Player};

use super::chance::CHANCE_REDUCTION_DEPTH;
use super::node::{better, bound_of};
use super::selectivity::{FUTILITY_DEPTH, FUTILITY_MARGIN, Singular};
use super::{INF, Ply, Search};
use crate::eval::Evaluator;
use crate::ordering::{HASH_MOVE, KILLER, TACTICAL, is_failing, is_quiet, pick};
use crate::score::{self, Score};
use crate::tt::Entry;

/// The width of a zero window (principal variation search, null move): a child searched
/// with it says only whether its value is above or below the bound.
pub(super) const NULL_WINDOW: Score = 0.01;

/// A window wider than this is a principal variation node's: no pruning there.
const PV_WINDOW: Score = 1.0;

/// Depth left at or below which a late decision that loses material by static exchange is
/// pruned.
const EXCHANGE_DEPTH: i32 = 3;

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

/// What a player's node knows once the table has not decided it: who acts where, the depths,
/// the table's entry, and which of the selective steps apply.
#[derive(Clone, Copy)]
pub(super) struct PlayerNode<D> {
    pub(super) player: Player,
    pub(super) ply: usize,
    /// The depth asked for: what the table records.
    pub(super) asked: i32,
    /// The depth searched: one more in check.
    pub(super) depth: i32,
    /// The position's hash.
    key: u64,
    /// The table's entry for the position, and its decision.
    pub(super) entry: Option<Entry<D>>,
    pub(super) hash_move: Option<D>,
    /// The decision left out (a singular extension's test searches the node without its table
    /// decision): the node is then not the one the table holds.
    pub(super) excluded: Option<D>,
    /// Whether White acts, and the sign that turns White's view into the player's.
    pub(super) maximise: bool,
    pub(super) sign: Score,
    /// A selective node: a player's own turn of one decision (not 5D's moves inside a turn),
    /// below the root, not in check.
    pub(super) selective: bool,
    /// A player's move after a chance outcome (Die Chess: after the roll), the turn's first
    /// decision: its late quiet decisions are reduced (`chance_selective`).
    after_chance: bool,
    pub(super) pv_node: bool,
    /// The acting player's view of the window: what it has (`floor`) and what would be too
    /// good (`roof`).
    pub(super) floor: Score,
    pub(super) roof: Score,
    /// The acting player's static score (taken at a selective node only, else 0), and whether
    /// it is above what it was at the player's last node on this line.
    pub(super) own_eval: Score,
    pub(super) improving: bool,
}

impl<G: Game + Hooks, E: Evaluator<G>> Search<G, E> {
    /// A player's node. `depth` is the depth asked for (what the table records) and the
    /// depth searched (one more in check). In a selective search ([`Search::set_selective`])
    /// the node may be cut by reverse futility or a null move, and its later decisions are
    /// searched with a zero window, reduced when quiet (docs/ENGINE.md, "Search").
    pub(super) fn player(
        &mut self,
        g: &mut G,
        player: Player,
        (asked, depth): (i32, i32),
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let key = g.hash();
        if self.selective {
            if self.repeats(key, ply) {
                return 0.0;
            }
            self.path[ply] = key;
        }
        let entry = self.tt.probe(key).copied();
        let excluded = self.excluded[ply];
        if excluded.is_none()
            && let Some(v) = entry.and_then(|e| e.decides(asked, (alpha, beta)))
        {
            return v;
        }
        let mut node = self.player_node(player, (asked, depth), ply, key, entry, (alpha, beta));
        if let Some(v) = self.static_cuts(g, &mut node, (alpha, beta)) {
            return v;
        }
        let extend_hash = match self.singular(g, &node) {
            Singular::Cut(v) => return v,
            Singular::Extend => true,
            Singular::No => false,
        };
        node.reduce_without_table_decision();
        self.decisions(g, &node, (alpha, beta), extend_hash)
    }

    /// What the player's node `ply` below the root is, before its static score is taken.
    fn player_node(
        &self,
        player: Player,
        (asked, depth): (i32, i32),
        ply: usize,
        key: u64,
        entry: Option<Entry<G::Decision>>,
        (alpha, beta): (Score, Score),
    ) -> PlayerNode<G::Decision> {
        let maximise = player == Player::White;
        let in_check = depth > asked;
        let (floor, roof) = if maximise {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        PlayerNode {
            player,
            ply,
            asked,
            depth,
            key,
            entry,
            hash_move: entry.and_then(|e| e.best),
            excluded: self.excluded[ply],
            maximise,
            sign: if maximise { 1.0 } else { -1.0 },
            selective: self.selective
                && ply > 0
                && !in_check
                && self.deciders[ply - 1] != Some(player)
                && self.deciders[ply - 1].is_some(),
            after_chance: self.chance_selective
                && ply >= 2
                && !in_check
                && self.deciders[ply - 1].is_none()
                && self.deciders[ply - 2] == Some(player.opponent()),
            pv_node: beta - alpha > PV_WINDOW,
            floor,
            roof,
            own_eval: 0.0,
            improving: false,
        }
    }

    /// Searches the node's decisions in move order within `(alpha, beta)`, stores the result
    /// in the table (unless a decision was left out) and returns it. A player with nothing to
    /// do is a dead end inside a turn (5D Chess: moves after which the turn can neither go on
    /// nor be submitted; a finished game is `Nobody`): scored as a loss, so the search takes
    /// another way.
    fn decisions(
        &mut self,
        g: &mut G,
        node: &PlayerNode<G::Decision>,
        (mut alpha, mut beta): (Score, Score),
        extend_hash: bool,
    ) -> Score {
        let (player, ply, depth) = (node.player, node.ply, node.depth);
        let mut buf = self.ordered(g, player, ply, node.hash_move, false);
        if buf.decisions.is_empty() {
            self.plies[ply] = buf;
            return score::terminal(omnichess_core::Outcome::win(player.opponent(), "dead end"));
        }
        let window = (alpha, beta);
        let mut best = if node.maximise { -INF } else { INF };
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
        let futile = node.selective
            && !node.pv_node
            && depth <= FUTILITY_DEPTH
            && node.own_eval + FUTILITY_MARGIN * Score::from(depth) <= node.floor
            && node.floor.abs() < score::MATE_BOUND;
        let steps = Steps {
            child_depth,
            futile,
            extend_hash,
        };
        for i in 0..buf.decisions.len() {
            pick(&mut buf.decisions, &mut buf.order, i);
            let d = buf.decisions[i];
            if Some(d) == node.excluded {
                continue;
            }
            let Some(v) = self.decision_value(g, node, &steps, (&buf, i), (alpha, beta)) else {
                continue;
            };
            if self.aborted {
                break;
            }
            if better(node.maximise, v, best) {
                best = v;
                best_decision = Some(d);
                self.set_pv(ply, d);
                if node.maximise {
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
        if node.excluded.is_none() {
            let bound = bound_of(best, window);
            self.tt
                .store(node.key, node.asked as i16, bound, best, best_decision);
        }
        best
    }

    /// The value of `buf`'s `i`-th decision: `None` where it is pruned unsearched (futility,
    /// late move pruning, a losing exchange near the horizon; never a decision that checks),
    /// else its search, reduced or with a zero window where the node allows.
    fn decision_value(
        &mut self,
        g: &mut G,
        node: &PlayerNode<G::Decision>,
        steps: &Steps,
        (buf, i): (&Ply<G::Decision>, usize),
        (alpha, beta): (Score, Score),
    ) -> Option<Score> {
        let (depth, d, order) = (node.depth, buf.decisions[i], buf.order[i]);
        // Quiet and not a killer: the decisions a selective search reduces or prunes.
        let late = node.selective && i > 0 && order < KILLER - 1;
        // Futility and late move pruning (unless the decision checks).
        let beyond = depth <= FUTILITY_DEPTH && i >= late_move_count(depth, node.improving);
        let prunable = late && (steps.futile || (!node.pv_node && beyond));
        // Near the horizon, away from the principal variation: one that loses material by
        // static exchange on its square is not searched either (unless it checks). The
        // exchange is only counted where it decides.
        let loses = late
            && !prunable
            && !node.pv_node
            && depth <= EXCHANGE_DEPTH
            && self.evaluator.losing(g, d);
        g.apply(d);
        let checks = late && self.evaluator.in_check(g);
        if (prunable || loses) && !checks {
            g.undo();
            return None;
        }
        let v = if (node.selective || node.after_chance) && i > 0 {
            let reduction =
                self.reduction_of(g, node, steps.child_depth, (order, i), late && !checks);
            self.zero_window_child(
                g,
                (steps.child_depth, reduction),
                node.ply,
                (alpha, beta),
                node.maximise,
            )
        } else {
            let singular = steps.extend_hash && Some(d) == node.hash_move;
            self.child(
                g,
                steps.child_depth + i32::from(singular),
                node.ply + 1,
                alpha,
                beta,
            )
        };
        g.undo();
        Some(v)
    }

    /// How many decisions shallower the decision just applied (the `i`-th, with ordering score
    /// `order`) is first searched: after a roll, a quiet one that does not check, down to
    /// quiescence; elsewhere a late one that does not check (`late_quiet`), by late move
    /// reductions, one more for a decision whose history is below zero (it failed more often
    /// than it cut off) and for a losing capture.
    fn reduction_of(
        &self,
        g: &G,
        node: &PlayerNode<G::Decision>,
        child_depth: i32,
        (order, i): (i32, usize),
        late_quiet: bool,
    ) -> i32 {
        let depth = node.depth;
        if node.after_chance {
            let quiet = order < KILLER - 1 && !self.evaluator.in_check(g);
            if quiet && depth >= CHANCE_REDUCTION_DEPTH {
                reduction(depth, i, false).min(child_depth)
            } else {
                0
            }
        } else if late_quiet && depth >= 3 {
            let failing = i32::from(is_failing(order));
            (reduction(depth, i, node.pv_node) + failing).min(child_depth - 1)
        } else {
            0
        }
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

    /// Searches the decision just applied (not the first of its node) with a zero window at
    /// the bound the acting player must beat, `reduction` decisions shallower; again at full
    /// depth if it beats the bound; and with the whole window if it does so inside it.
    pub(super) fn zero_window_child(
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
}

/// What a node's decisions share once they are listed: the depth each child is searched to,
/// whether quiet decisions are futile, and whether the table's decision is extended.
struct Steps {
    child_depth: i32,
    futile: bool,
    extend_hash: bool,
}
