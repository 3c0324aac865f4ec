//! The errors of the model's text interfaces. Each prints as one clear line.

use thiserror::Error;

/// The most characters of a user's text an error message quotes (see [`excerpt`]).
pub const EXCERPT_CHARS: usize = 40;

/// A user's text as an error message quotes it: whole when it is at most [`EXCERPT_CHARS`]
/// characters, else its first [`EXCERPT_CHARS`] characters and `…` (a malformed megabyte
/// token is not echoed whole).
#[must_use]
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// `n` and a noun in the number `n` calls for: `counted(1, "decision", "decisions")` is
/// "1 decision", `counted(2, …)` "2 decisions".
#[must_use]
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `message` with every `` `quoted` `` span longer than [`EXCERPT_CHARS`] cut to its
/// [`excerpt`]: position, record and decision messages quote the user's text in backticks.
#[must_use]
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&excerpt(part));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// A position text that does not describe a valid position, with what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position: {}", shorten_quotes(.0))]
pub struct PositionError(pub String);

/// A decision text that cannot be played in the current state.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DecisionError {
    /// The text is not in the variant's notation.
    #[error("cannot read decision `{}`: {}", excerpt(text), shorten_quotes(reason))]
    Unparsable {
        /// The text as given.
        text: String,
        /// What the notation expected.
        reason: String,
    },
    /// The text is well formed but names no legal decision here.
    #[error("illegal decision `{}`: {}", excerpt(text), shorten_quotes(reason))]
    Illegal {
        /// The text as given.
        text: String,
        /// Why it is not legal.
        reason: String,
    },
}

impl DecisionError {
    /// An [`DecisionError::Unparsable`] error (the text is quoted by its [`excerpt`]).
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
#[error("game record, line {line}: {}", shorten_quotes(message))]
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
    #[error(
        "decision {index} (`{}`, record line {line}) in position `{position}`: {source}",
        excerpt(text)
    )]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_user_text_is_quoted_by_a_short_prefix() {
        let token = "x".repeat(1 << 20);
        assert_eq!(excerpt("e2e4"), "e2e4");
        assert_eq!(excerpt(&token), format!("{}…", "x".repeat(EXCERPT_CHARS)));
        assert_eq!(excerpt(&"é".repeat(50)).chars().count(), EXCERPT_CHARS + 1);
        let e = DecisionError::unparsable(&token, format!("`{token}` is not a move"));
        assert!(e.to_string().len() < 200, "{}", e.to_string().len());
        let p = PositionError(format!("rank `{token}` describes 9 squares"));
        assert!(p.to_string().len() < 200);
        assert!(p.to_string().ends_with("…` describes 9 squares"));
        let r = ReplayError::Decision {
            index: 3,
            text: token.clone(),
            line: 1,
            position: "start".into(),
            source: e,
        };
        assert!(r.to_string().len() < 300);
    }
}
