//! A variant's texts for states and decisions: position text, decision notation, and the
//! forms an outside engine protocol needs.

use crate::{DecisionError, EnginePositionError, Game, PositionError, PositionErrorKind, Variant};

/// A turn's start as told to an outside engine that speaks the variant's own protocol
/// (5D Chess: 5DUCI, which the `uci:PATH,protocol=5duci` agent speaks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnginePosition {
    /// The protocol's `position` arguments.
    pub text: String,
    /// The most decisions the player may still make before the turn can end (5D Chess: the
    /// boards still to move on); an agent gives the engine its time per decision that many
    /// times.
    pub decisions: u32,
}

/// States and decisions as text.
///
/// Text round-trips: `from_position_text(position_text(s))` is `s` again, and
/// `parse_decision(decision_text(d))` is `d` for every legal `d`.
pub trait Notation: Game {
    /// Reads a position in the variant's position text (FEN for classic chess). Never panics;
    /// the error says what is wrong.
    fn from_position_text(text: &str) -> Result<Self, PositionError>;

    /// Writes the state as position text.
    fn position_text(&self) -> String;

    /// Reads one decision in the variant's notation and checks that it is legal here.
    fn parse_decision(&self, text: &str) -> Result<Self::Decision, DecisionError>;

    /// Writes a decision of this state in the variant's canonical notation (the form
    /// `omnichess moves` prints).
    fn decision_text(&self, decision: Self::Decision) -> String;

    /// A decision of this state as a move list shows it to players (classic: SAN, `Nf3`);
    /// by default [`Notation::decision_text`]. It must read back through
    /// [`Notation::parse_decision`].
    fn display_text(&self, decision: Self::Decision) -> String {
        self.decision_text(decision)
    }

    /// This state in the variant's own engine protocol, where it has one besides UCI's (5D
    /// Chess: 5DUCI; see [`Variant::ENGINE_PROTOCOL`]). The error says why not: no such
    /// protocol (the default), or a state the protocol cannot write.
    fn engine_position(&self) -> Result<EnginePosition, EnginePositionError>
    where
        Self: Variant,
    {
        Err(EnginePositionError::NoProtocol {
            variant: Self::NAME,
        })
    }

    /// Reads a state from that protocol's `position` arguments before `moves` (5D Chess:
    /// 5DUCI's `startpos`, the protocol's own start, or `[size MxN] [odd|even] fen BLOCKS`, the
    /// text [`Notation::engine_position`] writes). The error says why not: no such protocol (the
    /// default), or a text the protocol does not read.
    fn from_engine_position(text: &str) -> Result<Self, PositionError>
    where
        Self: Variant,
    {
        let _ = text;
        Err(PositionError::new(
            PositionErrorKind::Unsupported,
            format!(
                "{} has no engine protocol besides UCI's FEN form",
                Self::NAME
            ),
        ))
    }

    /// A decision of this state in that protocol's notation; by default
    /// [`Notation::decision_text`].
    fn engine_decision_text(&self, decision: Self::Decision) -> String {
        self.decision_text(decision)
    }

    /// A word of that protocol's answer as a decision open now; by default
    /// [`Notation::parse_decision`].
    fn parse_engine_decision(&self, word: &str) -> Result<Self::Decision, DecisionError> {
        self.parse_decision(word)
    }
}
