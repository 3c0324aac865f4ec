//! A playable variant: its rules and texts gathered, with its name and capabilities.

use crate::{
    BoardLayout, ClaimedValue, Counting, EngineProtocol, Events, Guide, Hooks, NamedStart,
    Notation, Presentation, Records, RulesTimeControl,
};

/// A playable variant: a [`crate::Game`] with its counts ([`Counting`]), hooks ([`Hooks`]),
/// events ([`Events`]),
/// texts ([`Notation`]), records ([`Records`]) and drawings ([`Presentation`]), and here its
/// name, its starts and the capabilities generic callers ask for instead of testing the name.
/// Everything the CLI and the server do with a variant goes through this trait (behind
/// [`crate::DynGame`]).
pub trait Variant:
    Counting + Hooks + Events + Notation + Records + Presentation + Send + 'static
{
    /// The name used on the command line (`classic`, `qec`, …).
    const NAME: &'static str;
    /// One line saying what the variant is.
    const DESCRIPTION: &'static str;
    /// The name players know it by, as a graphical client titles it (`Classic chess`,
    /// `Three Realms`); by default [`Variant::NAME`].
    const TITLE: &'static str = Self::NAME;
    /// The players' names, first mover first, as `omnichess moves` prints them after
    /// `to-act:` (DMChess: `light`, `dark`).
    const PLAYER_NAMES: [&'static str; 2] = ["white", "black"];
    /// How a client lays out the boards of the variant's [`crate::View`]; by default
    /// [`BoardLayout::Grid`].
    const LAYOUT: BoardLayout = BoardLayout::Grid;
    /// The protocol `omnichess uci` speaks for the variant; by default
    /// [`EngineProtocol::Uci`] (another one is written by [`Notation::engine_position`] and
    /// read by [`Notation::from_engine_position`]). The engine's entry for the variant runs the
    /// protocol declared here.
    const ENGINE_PROTOCOL: EngineProtocol = EngineProtocol::Uci;
    /// Its rules in short and the meaning of the signs on its boards, for a client's help
    /// panel; by default none ([`Guide::NONE`]).
    const GUIDE: Guide = Guide::NONE;
    /// The piece values its rule text claims, for the balance lab to set beside the values
    /// it fits; by default none.
    const CLAIMED_VALUES: &'static [ClaimedValue] = &[];

    /// The standard starting state.
    fn start() -> Self;

    /// The starts the variant offers by name, its standard start first; by default that one
    /// alone ([`NamedStart::standard`]).
    fn starts() -> Vec<NamedStart> {
        vec![NamedStart::standard()]
    }

    /// The time controls the variant's rules define, empty where they set none; by default
    /// the per-decision clock of [`Hooks::decision_time_limit`] at the start, where there is
    /// one ([`RulesTimeControl::per_move`]).
    fn time_controls() -> Vec<RulesTimeControl> {
        Self::start()
            .decision_time_limit()
            .map(RulesTimeControl::per_move)
            .into_iter()
            .collect()
    }
}
