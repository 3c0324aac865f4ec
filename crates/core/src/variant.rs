//! The text side of a variant: its name, position text, decision notation, record format and
//! board drawing.

use crate::{
    BoardLayout, DecisionError, EngineProtocol, Game, GameRecord, Guide, NamedStart, Outcome,
    PositionError, RecordError, ReplayError, RulesTimeControl,
};

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

/// A playable variant: a [`Game`] with a name and text formats. Everything the CLI does with a
/// variant goes through this trait (behind [`crate::DynGame`]).
///
/// Text round-trips: `from_position_text(position_text(s))` is `s` again, and
/// `parse_decision(decision_text(d))` is `d` for every legal `d`.
pub trait Variant: Game + Sized + 'static {
    /// The name used on the command line (`classic`, `qec`, …).
    const NAME: &'static str;
    /// One line saying what the variant is.
    const DESCRIPTION: &'static str;
    /// The file extension of its records, without the dot (`pgn`, `5dpgn`).
    const RECORD_EXTENSION: &'static str;
    /// The name players know it by, as a graphical client titles it (`Classic chess`,
    /// `Three Realms`); by default [`Variant::NAME`].
    const TITLE: &'static str = Self::NAME;
    /// The players' names, first mover first, as `omnichess moves` prints them after
    /// `to-act:` (DMChess: `light`, `dark`).
    const PLAYER_NAMES: [&'static str; 2] = ["white", "black"];
    /// How a player types a decision, with examples: the first paragraph of `play`'s `help`.
    const NOTATION_HELP: &'static str = "Type a decision in the variant's notation.";

    /// Terminal commands of the variant's own, one line each for `play`'s help (DMChess:
    /// `del SQUARE`); empty where it has none.
    const COMMANDS_HELP: &'static str = "";
    /// Runs one of the variant's own terminal commands ([`Variant::COMMANDS_HELP`]): `None`
    /// when `name` is not one, else the text to show (an error as a line too).
    fn command(&self, name: &str, argument: &str) -> Option<String> {
        let _ = (name, argument);
        None
    }
    /// How a client lays out the boards of the variant's [`crate::View`]; by default
    /// [`BoardLayout::Grid`].
    const LAYOUT: BoardLayout = BoardLayout::Grid;
    /// The protocol `omnichess uci` speaks for the variant; by default
    /// [`EngineProtocol::Uci`].
    const ENGINE_PROTOCOL: EngineProtocol = EngineProtocol::Uci;
    /// Its rules in short and the meaning of the signs on its boards, for a client's help
    /// panel; by default none ([`Guide::NONE`]).
    const GUIDE: Guide = Guide::NONE;

    /// The starts the variant offers by name, its standard start first; by default that one
    /// alone ([`NamedStart::standard`]).
    fn starts() -> Vec<NamedStart> {
        vec![NamedStart::standard()]
    }

    /// The time controls the variant's rules define, empty where they set none; by default
    /// the per-decision clock of [`Game::decision_time_limit`] at the start, where there is
    /// one ([`RulesTimeControl::per_move`]).
    fn time_controls() -> Vec<RulesTimeControl> {
        Self::start()
            .decision_time_limit()
            .map(RulesTimeControl::per_move)
            .into_iter()
            .collect()
    }

    /// The standard starting state.
    fn start() -> Self;

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
    /// by default [`Variant::decision_text`]. It must read back through
    /// [`Variant::parse_decision`].
    fn display_text(&self, decision: Self::Decision) -> String {
        self.decision_text(decision)
    }

    /// This state in the variant's own engine protocol, where it has one besides UCI's (5D
    /// Chess: 5DUCI). The error says why not: no such protocol (the default), or a state the
    /// protocol cannot write.
    fn engine_position(&self) -> Result<EnginePosition, String> {
        Err(format!(
            "{} has no engine protocol besides UCI's FEN form",
            Self::NAME
        ))
    }

    /// A decision of this state in that protocol's notation; by default
    /// [`Variant::decision_text`].
    fn engine_decision_text(&self, decision: Self::Decision) -> String {
        self.decision_text(decision)
    }

    /// A word of that protocol's answer as a decision open now; by default
    /// [`Variant::parse_decision`].
    fn parse_engine_decision(&self, word: &str) -> Result<Self::Decision, DecisionError> {
        self.parse_decision(word)
    }

    /// Draws the state for a terminal: the board with coordinates and whatever else a player
    /// must see.
    fn diagram(&self) -> String;

    /// The diagram as `viewer` sees it, where a variant draws the board from a player's side
    /// (Three Realms: the heavens on White's left and Black's right); `None` leaves the choice
    /// to the variant. By default [`Variant::diagram`].
    fn diagram_for(&self, viewer: Option<crate::Player>) -> String {
        let _ = viewer;
        self.diagram()
    }

    /// The state as a graphical client draws it: boards, pieces, marks and every legal
    /// decision with its squares (see [`crate::View`]).
    fn view(&self) -> crate::View;

    /// Reads a game record in the variant's record format.
    fn parse_record(text: &str) -> Result<GameRecord, RecordError>;

    /// The texts of `decisions` played one after another from this state, each in the
    /// notation of the state it is played in.
    fn decision_texts(&self, decisions: &[Self::Decision]) -> Vec<String> {
        let mut replay = self.clone();
        decisions
            .iter()
            .map(|&d| {
                let text = replay.decision_text(d);
                replay.apply(d);
                text
            })
            .collect()
    }

    /// The state at the end of `record`: its start position (the standard start when it names
    /// none) with every decision played. Stops at the first decision that cannot be played,
    /// naming it and its position.
    fn after_record(record: &GameRecord) -> Result<Self, ReplayError> {
        let mut game = match record.start.as_deref() {
            Some(text) => Self::from_position_text(text)?,
            None => Self::start(),
        };
        for (i, d) in record.decisions.iter().enumerate() {
            let decision =
                game.parse_decision(&d.text)
                    .map_err(|source| ReplayError::Decision {
                        index: i + 1,
                        text: d.text.clone(),
                        line: d.line,
                        position: game.position_text(),
                        source,
                    })?;
            game.apply(decision);
        }
        Ok(game)
    }

    /// Writes the game played from `start` through `decisions` in the variant's record format,
    /// with `outcome` as its result when the game is over.
    fn record_text(start: &Self, decisions: &[Self::Decision], outcome: Option<Outcome>) -> String;
}
