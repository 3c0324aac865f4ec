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

/// Positions up to this length are quoted whole in an error (a FEN, a Three Realms position);
/// longer ones (DMChess's eight boards, about 800 characters) by their start.
pub const WHOLE_POSITION_CHARS: usize = 256;

/// A position text as an error quotes it: whole when it is at most [`WHOLE_POSITION_CHARS`]
/// characters, else as [`excerpt`] cuts it.
#[must_use]
pub fn quoted_position(position: &str) -> String {
    match position.chars().nth(WHOLE_POSITION_CHARS) {
        Some(_) => excerpt(position),
        None => position.to_owned(),
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

/// What kind of fault makes a position text invalid, for code that reacts to one kind (a
/// client marking the field, a test naming the rule) rather than reading the message. Modelled
/// on shakmaty's `PositionErrorKinds`: the text's form first ([`PositionErrorKind::Syntax`]),
/// then the rules a readable position can break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    /// The text is malformed: a field missing or left over, a token not of its field's form
    /// (a letter that names no piece, a side that is neither player, an unknown field).
    Syntax,
    /// The boards do not have the variant's shape: a board, rank or timeline with too many or
    /// too few squares, ranks or boards, or boards that do not follow one another.
    Board,
    /// A side has no king where the variant needs one.
    MissingKing,
    /// A side has more kings than the variant allows.
    TooManyKings,
    /// A pawn stands on a first or last rank.
    PawnOnBackRank,
    /// A piece stands where the variant's rules never let it stand or is marked as it cannot
    /// be: a piece that only moves forwards on its own back rank, a piece on a square its kind
    /// never reaches, a promoted mark on a piece that cannot have been a pawn.
    Placement,
    /// The side not to move is in check (its opponent could take the king).
    OppositeCheck,
    /// The checks on the side to move could not have been given by the last move.
    ImpossibleCheck,
    /// A castling right, or a mark that a king or rook has not moved, without the king and
    /// rook it needs on their squares.
    Castling,
    /// An en passant square that no double step of the side not to move explains.
    EnPassant,
    /// A move counter that is not a whole number in its range (the halfmove clock, the
    /// fullmove number from 1, the turns left until a scheduled change).
    Counters,
    /// The step of a turn in progress that the text names does not fit the position (a reply
    /// owed by a piece that cannot move, an answer to a check that is not there).
    Phase,
    /// A rule of the variant's own that no other kind names: the pieces it links, the squares
    /// and boards its profile lays out, the faces of its die.
    VariantRule,
    /// A readable position that omnichess does not play: an unknown named start, boards larger
    /// than it handles, more pieces than its board can hold.
    Unsupported,
}

/// A position text that does not describe a valid position: its [`PositionErrorKind`] and a
/// message saying what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position: {}", shorten_quotes(message))]
pub struct PositionError {
    kind: PositionErrorKind,
    message: String,
}

impl PositionError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: PositionErrorKind, message: impl Into<String>) -> Self {
        PositionError {
            kind,
            message: message.into(),
        }
    }

    /// A [`PositionErrorKind::Syntax`] error: the text is malformed.
    pub fn syntax(message: impl Into<String>) -> Self {
        PositionError::new(PositionErrorKind::Syntax, message)
    }

    /// What kind of fault this is.
    #[must_use]
    pub fn kind(&self) -> PositionErrorKind {
        self.kind
    }

    /// What is wrong, as the error prints it after `invalid position: ` (before long quotes
    /// are shortened).
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// Why a state cannot be told to an outside engine in the variant's own protocol
/// ([`crate::Notation::engine_position`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EnginePositionError {
    /// The variant has no protocol besides UCI's.
    #[error("{variant} has no engine protocol besides UCI's FEN form")]
    NoProtocol {
        /// The variant's name.
        variant: &'static str,
    },
    /// The protocol cannot write this state; the reason says why.
    #[error("{0}")]
    Unwritable(String),
}

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
        "decision {index} (`{}`, record line {line}) in position `{}`: {source}",
        excerpt(text),
        quoted_position(position)
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
    fn a_position_error_keeps_its_kind_and_prints_its_message() {
        let e = PositionError::syntax("side `x` is not `w` or `b`");
        assert_eq!(e.kind(), PositionErrorKind::Syntax);
        assert_eq!(e.message(), "side `x` is not `w` or `b`");
        assert_eq!(
            e.to_string(),
            "invalid position: side `x` is not `w` or `b`"
        );
        let kings = PositionError::new(PositionErrorKind::TooManyKings, "white has 2 kings");
        assert_eq!(kings.kind(), PositionErrorKind::TooManyKings);
        assert_eq!(kings.to_string(), "invalid position: white has 2 kings");
    }

    #[test]
    fn long_user_text_is_quoted_by_a_short_prefix() {
        let token = "x".repeat(1 << 20);
        assert_eq!(excerpt("e2e4"), "e2e4");
        assert_eq!(excerpt(&token), format!("{}…", "x".repeat(EXCERPT_CHARS)));
        assert_eq!(excerpt(&"é".repeat(50)).chars().count(), EXCERPT_CHARS + 1);
        let e = DecisionError::unparsable(&token, format!("`{token}` is not a move"));
        assert!(e.to_string().len() < 200, "{}", e.to_string().len());
        let p = PositionError::new(
            PositionErrorKind::Board,
            format!("rank `{token}` describes 9 squares"),
        );
        assert_eq!(p.kind(), PositionErrorKind::Board);
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
