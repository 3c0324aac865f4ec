//! The errors of the model's text interfaces. Each prints as one clear line.

use thiserror::Error;

/// A position text that does not describe a valid position, with what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position: {0}")]
pub struct PositionError(pub String);

/// A decision text that cannot be played in the current state.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DecisionError {
    /// The text is not in the variant's notation.
    #[error("cannot read decision `{text}`: {reason}")]
    Unparsable {
        /// The text as given.
        text: String,
        /// What the notation expected.
        reason: String,
    },
    /// The text is well formed but names no legal decision here.
    #[error("illegal decision `{text}`: {reason}")]
    Illegal {
        /// The text as given.
        text: String,
        /// Why it is not legal.
        reason: String,
    },
}

impl DecisionError {
    /// An [`DecisionError::Unparsable`] error.
    pub fn unparsable(text: &str, reason: impl Into<String>) -> Self {
        DecisionError::Unparsable {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }

    /// An [`DecisionError::Illegal`] error.
    pub fn illegal(text: &str, reason: impl Into<String>) -> Self {
        DecisionError::Illegal {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }
}

/// A game record that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game record, line {line}: {message}")]
pub struct RecordError {
    /// The 1-based line of the record where reading failed.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A game record whose decisions cannot all be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The record's start position is invalid.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A decision of the record is illegal or unreadable in the position it is played from.
    #[error("decision {index} (`{text}`, record line {line}) in position `{position}`: {source}")]
    Decision {
        /// The 1-based number of the decision in the record.
        index: usize,
        /// The decision as written.
        text: String,
        /// The record line it stands on.
        line: usize,
        /// The position text of the state it was played from.
        position: String,
        /// Why it could not be played.
        source: DecisionError,
    },
}
