//! The engine's errors. Each prints as one clear line.

use omnichess_core::{DecisionError, Outcome, PositionError, excerpt, shorten_quotes};
use thiserror::Error;

/// Why the engine could not do what it was asked.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum EngineError {
    /// No engine is registered for the variant.
    #[error(
        "no engine for variant `{}` (engines exist for: {known})",
        excerpt(name)
    )]
    UnknownVariant {
        /// The name asked for.
        name: String,
        /// The names with an engine, comma-separated.
        known: String,
    },
    /// The position text is invalid.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A decision given after the position cannot be played.
    #[error("decision {index} (`{}`): {source}", excerpt(text))]
    Decision {
        /// Its 1-based number among the decisions given.
        index: usize,
        /// The decision as given.
        text: String,
        /// Why it cannot be played.
        source: DecisionError,
    },
    /// The game is over: there is nothing to decide.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// The search found no whole legal turn within its limits, though the game is not known
    /// to be over (5D Chess: every line it tried ended in a dead end, and the bounded search
    /// for any legal action gave up).
    #[error(
        "no whole legal turn found within the limits (the game is not over: more time or a \
         larger --search-memory may find one)"
    )]
    NoTurnFound,
    /// Chance acts next (a die roll): a player's decision is not due.
    #[error("chance acts next, not a player: give the chance outcome (e.g. the roll) first")]
    ChanceActs,
    /// An agent specification cannot be read.
    #[error("bad agent `{}`: {}", excerpt(spec), shorten_quotes(reason))]
    Spec {
        /// The specification as given.
        spec: String,
        /// What is wrong, and what is expected.
        reason: String,
    },
    /// A match setting is out of range.
    #[error("bad match setting: {}", shorten_quotes(.0))]
    Match(String),
    /// An agent produced a decision that is not legal (a bug in the agent).
    #[error("agent `{agent}` chose an illegal decision {decision} in position `{position}`")]
    IllegalChoice {
        /// The agent's specification.
        agent: String,
        /// The decision, as the variant's debug form.
        decision: String,
        /// The position text.
        position: String,
    },
}
