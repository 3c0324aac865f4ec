//! Evaluation: the only per-variant part of the engine.
//!
//! The search knows a variant only through [`omnichess_core::Game`] and an [`Evaluator`]:
//! a static score, and a few facts about decisions it uses to order and prune. The evaluators
//! of QEC and Die Chess share one board core ([`material`]): material, piece-square tables,
//! mobility and king safety; each adds its variant's own terms. Classic chess has a network
//! trained on Stockfish's static evaluations ([`classic_net`]); the weighted terms it replaced
//! ([`classic_terms`]) stay as the baseline the tuning tool measures against.
//! 5D Chess ([`multiverse`]), Three Realms ([`realms`]) and DMChess ([`dmchess`]) have their own. See docs/ENGINE.md.
//! The test-only toy variant has a small one (`toy`, built with the `toy` feature).

pub mod classic;
mod classic_accumulator;
pub mod classic_net;
pub mod classic_terms;
pub mod classic_weights;
pub mod dice;
pub mod dmchess;
pub mod material;
pub mod multiverse;
pub mod qec;
pub mod realms;
#[cfg(any(test, feature = "toy"))]
pub mod toy;

use std::time::Instant;

use omnichess_core::Game;

use crate::adjudication::Adjudication;

pub use classic::ClassicEval;
pub use dice::DiceEval;
pub use dmchess::DmChessEval;
pub use multiverse::MultiverseEval;
pub use qec::QecEval;
pub use realms::RealmsEval;
#[cfg(any(test, feature = "toy"))]
pub use toy::ToyEval;

/// What the search asks of a variant beyond the rules.
///
/// Scores are absolute, **from White's point of view** (positive favours White), in
/// centipawn-like units (a pawn is 100). The search is expectiminimax in those terms: White
/// maximises, Black minimises, chance averages by probability. So a state may be evaluated
/// whoever acts in it — a player, chance, or the same player for the second time in a turn.
pub trait Evaluator<G: Game> {
    /// The adjudication the lab plays this evaluator's games with unless told otherwise
    /// (`lab --resign`, `--draw`): [`Adjudication::LAB`] where a score of many pawns
    /// foretells the result, as a resignation assumes; none where it does not (measured by the
    /// example `adjudication_check`, docs/LAB.md "Adjudication").
    const ADJUDICATION: Adjudication = Adjudication::LAB;

    /// The static score of `state` from White's point of view. Called wherever the search
    /// stops (a player's node at the horizon, or the quiescence limit); never at a finished
    /// game, which the search scores itself.
    fn evaluate(&self, state: &G) -> i32;

    /// The material balance alone, from White's point of view: what the `greedy` agent
    /// maximises.
    fn material(&self, state: &G) -> i32;

    /// The share of a win (0 to 1) that White can expect from `score`, a value of
    /// [`Evaluator::evaluate`]: what Monte-Carlo tree search averages. By default a logistic
    /// of centipawns (400 per factor of ten in the odds); an evaluation already on the
    /// terminals' scale (Die Chess's win expectancy) reads it linearly.
    fn white_share(&self, score: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf(-score / 400.0))
    }

    /// `score`, a search value from either side's view, in centipawns for a reader (the
    /// `cp` of `analyze` and UCI): the value itself where the evaluation counts centipawns;
    /// Die Chess maps its win scale back.
    fn centipawns(&self, score: f64) -> f64 {
        score
    }

    /// Whether `decision` (open in `state`) changes material: a capture or a promotion. Only
    /// these are searched past the horizon (quiescence), and they are tried first.
    fn is_tactical(&self, state: &G, decision: G::Decision) -> bool;

    /// Replaces `out` with the tactical decisions of `state` (those [`Evaluator::is_tactical`]
    /// accepts): what quiescence searches. By default all decisions, filtered; a variant whose
    /// decisions are costly to list can list the tactical ones without the rest.
    fn tactical_decisions(&self, state: &G, out: &mut Vec<G::Decision>) {
        state.decisions(out);
        out.retain(|&d| self.is_tactical(state, d));
    }

    /// Replaces `out` with `state`'s decisions, or with those listed by `deadline`: what the
    /// search's root lists. True when `out` holds them all. By default all, whatever the
    /// deadline; a variant whose listing can take longer than a decision's time (5D Chess at
    /// hundreds of timelines) may stop at the deadline and list only some, every one of them
    /// open, and none only when no decision is.
    fn decisions_until(&self, state: &G, out: &mut Vec<G::Decision>, deadline: Instant) -> bool {
        let _ = deadline;
        state.decisions(out);
        true
    }

    /// The decision that ends the acting player's turn at once, if one is open (5D Chess:
    /// `submit`). Where a turn goes on past the search's horizon, the player stands by ending
    /// it (so the opponent's replies are seen) rather than by the static score, and makes at
    /// most one tactical decision before. Variants whose turns are one decision never ask.
    fn turn_end(&self, _state: &G) -> Option<G::Decision> {
        None
    }

    /// How promising `decision` looks before searching it, higher first: most valuable victim
    /// first, least valuable attacker first among equal victims. Used among tactical decisions.
    fn order_score(&self, state: &G, decision: G::Decision) -> i32;

    /// A small key for `decision` (for chess-like games: from-square × 64 + to-square) that
    /// indexes the history table of quiet decisions that caused cut-offs. Different decisions
    /// may share a key; that only blurs the ordering.
    fn decision_key(&self, state: &G, decision: G::Decision) -> u16;

    /// Whether the search may be *selective* in this variant: principal variation search,
    /// late move reductions, null-move and futility pruning (docs/ENGINE.md, "Search").
    /// Such a search no longer gives the exact minimax value at a depth, only a better guess
    /// sooner. By default `false`: the search is exact to its depth, as the brute-force tests
    /// require; [`crate::Search::set_selective`] can switch an opted-in variant back.
    fn selective(&self) -> bool {
        false
    }

    /// Whether the search may be selective around chance nodes (Die Chess: the rolls): an
    /// outcome less likely than [`crate::search::UNLIKELY_OUTCOME`] is searched one decision
    /// shallower, and at a player's node whose parent is a chance node and whose last player
    /// decision was the opponent's (the move a roll allows), not in check, the decisions after
    /// the first are searched with a zero window, the quiet ones that are neither killers nor
    /// checks shallower (down to quiescence), searched again in full when they beat the window
    /// (docs/ENGINE.md, "Search"). Like
    /// [`Evaluator::selective`], the value at a depth is then no longer exact, and
    /// [`crate::Search::set_selective`] switches it off. By default `false`.
    fn selective_at_chance(&self) -> bool {
        false
    }

    /// Whether a selective search may try a null move ([`omnichess_core::Hooks::pass`]) for
    /// the player acting in `state`: when passing is unlikely to be the best choice there
    /// (chess: the player has a piece besides pawns and king, so zugzwang is rare). Asked only
    /// when [`Evaluator::selective`]; by default `false`.
    fn may_pass(&self, _state: &G) -> bool {
        false
    }

    /// Whether `decision` (open in `state`; a capture, or a quiet decision whose piece can be
    /// taken) loses material by a static exchange on its square: a selective search's
    /// quiescence does not try it (outside check), and near the horizon its main search
    /// prunes it among the late decisions. By default `false`.
    fn losing(&self, _state: &G, _decision: G::Decision) -> bool {
        false
    }

    /// Whether the player acting in `state` is in check. A node in check is searched one
    /// decision deeper (check extension), and in quiescence all its decisions are tried (no
    /// standing pat while in check), so mates at the horizon are seen.
    fn in_check(&self, state: &G) -> bool;
}
