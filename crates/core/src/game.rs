//! The game model: the rules every variant implements.

use std::fmt::Debug;

use crate::ToAct;

/// A game state that knows who acts next, which decisions are open to them, and how to apply
/// and take back a decision: the rules, and nothing else.
///
/// The model is deliberately small (the `Position` lesson of shakmaty): a variant implements
/// these methods, and perft, turn counting, replay, the CLI and the engine are written once
/// above it. What one variant or another adds lives beside it, each with defaults: faster
/// counts ([`crate::Counting`]), the hooks of a search, a referee or a clock
/// ([`crate::Hooks`]), and the texts ([`crate::Variant`] and the traits it gathers).
///
/// * A **decision** is one choice by one actor: a move, a submit, a forced reply chosen by the
///   opponent, a setup choice, or one outcome of chance. A *turn* may hold several decisions,
///   by one actor or by several; [`Game::turn_index`] tells where turns end.
/// * **Chance** acts when [`Game::to_act`] is [`ToAct::Chance`]; its decisions are the
///   outcomes, each with the probability [`Game::probability`] gives.
/// * States are changed in place by [`Game::apply`] and restored by [`Game::undo`]; a variant
///   may implement these as copy-make over an internal stack. Neither may allocate once the
///   stack has grown to the depth in use, so perft and search allocate nothing per node.
pub trait Game: Clone {
    /// One decision. Small and `Copy`, so that buffers of them are cheap.
    type Decision: Copy + Eq + Debug + Send;

    /// Who acts next, or the outcome if the game is over (by the rules of movement or by an
    /// adjudication rule such as a draw by insufficient material).
    fn to_act(&self) -> ToAct;

    /// Clears `out` and fills it with the decisions the rules of movement open to the actor:
    /// a player's legal moves, or chance's outcomes.
    ///
    /// This list does not look at adjudication rules that end a game while moves remain
    /// (insufficient material, the 75-move rule, fivefold repetition): as in every perft
    /// reference, those end the game in [`Game::to_act`] but do not prune the move tree.
    fn decisions(&self, out: &mut Vec<Self::Decision>);

    /// The probability of `decision` when chance acts; `None` when a player acts.
    fn probability(&self, _decision: Self::Decision) -> Option<f64> {
        None
    }

    /// Applies `decision`, which must be one of [`Game::decisions`]. Applying anything else is
    /// a logic error: callers with untrusted input parse it against the decision list first.
    fn apply(&mut self, decision: Self::Decision);

    /// Takes back the most recent [`Game::apply`] (or [`crate::Hooks::pass`]). Returns
    /// `false`, changing nothing, when no decision has been applied since the state was
    /// created.
    fn undo(&mut self) -> bool;

    /// A hash of everything that decides the future of the game (pieces, actor, rights), for
    /// repetition and for the engine's transposition table. Where the history decides it too,
    /// the hash holds that part (Die Chess: how often the turn's position has stood, since
    /// the fifth time is a draw), so equal hashes mean equal futures, not only equal boards.
    fn hash(&self) -> u64;

    /// The number of complete turns played so far. It grows by exactly one when a turn ends,
    /// so a turn is the run of decisions between two changes of this number.
    fn turn_index(&self) -> u64;
}
