//! The registry entry through which dynamic callers find a variant by name.

use crate::{
    BoardLayout, ClaimedValue, DynGame, EngineProtocol, EventKind, GameRecord, Guide, NamedStart,
    PositionError, RecordError, RulesTimeControl, Session, Variant,
};

/// Opens a game at a position text, or at the standard start for `None`.
pub type OpenFn = fn(Option<&str>) -> Result<Box<dyn DynGame>, PositionError>;

/// Reads a game record in a variant's record format.
pub type ParseRecordFn = fn(&str) -> Result<GameRecord, RecordError>;

/// What the registry knows of one variant: its name, description, and how to open a game of
/// it. Built by [`VariantEntry::of`], so adding a variant to a registry is one line.
#[derive(Clone, Copy, Debug)]
pub struct VariantEntry {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line saying what the variant is.
    pub description: &'static str,
    /// Opens a game at the given position text, or at the standard start for `None`.
    pub open: OpenFn,
    /// Reads a game record in the variant's record format.
    pub parse_record: ParseRecordFn,
    /// The file extension of its records, without the dot.
    pub record_extension: &'static str,
    /// The name players know it by (see [`Variant::TITLE`]).
    pub title: &'static str,
    /// The players' names, first mover first (see [`Variant::PLAYER_NAMES`]).
    pub players: [&'static str; 2],
    /// How a client lays out its boards (see [`Variant::LAYOUT`]).
    pub layout: BoardLayout,
    /// The protocol `omnichess uci` speaks for it (see [`Variant::ENGINE_PROTOCOL`]).
    pub engine_protocol: EngineProtocol,
    /// Its named starts, the standard start first (see [`Variant::starts`]).
    pub starts: fn() -> Vec<NamedStart>,
    /// The time controls its rules define (see [`Variant::time_controls`]).
    pub time_controls: fn() -> Vec<RulesTimeControl>,
    /// Its rules in short and its boards' signs (see [`Variant::GUIDE`]).
    pub guide: Guide,
    /// The events of its rules a balance study counts (see [`crate::Events::EVENTS`]).
    pub events: &'static [EventKind],
    /// The piece values its rule text claims (see [`Variant::CLAIMED_VALUES`]).
    pub claimed_values: &'static [ClaimedValue],
}

impl VariantEntry {
    /// The entry for variant `V`.
    #[must_use]
    pub const fn of<V: Variant>() -> VariantEntry {
        VariantEntry {
            name: V::NAME,
            description: V::DESCRIPTION,
            open: open::<V>,
            parse_record: V::parse_record,
            record_extension: V::RECORD_EXTENSION,
            title: V::TITLE,
            players: V::PLAYER_NAMES,
            layout: V::LAYOUT,
            engine_protocol: V::ENGINE_PROTOCOL,
            starts: V::starts,
            time_controls: V::time_controls,
            guide: V::GUIDE,
            events: V::EVENTS,
            claimed_values: V::CLAIMED_VALUES,
        }
    }
}

fn open<V: Variant>(position: Option<&str>) -> Result<Box<dyn DynGame>, PositionError> {
    let state = match position {
        Some(text) => V::from_position_text(text)?,
        None => V::start(),
    };
    Ok(Box::new(Session::new(state)))
}

/// The entry named `name` in `registry`.
#[must_use]
pub fn find<'a>(registry: &'a [VariantEntry], name: &str) -> Option<&'a VariantEntry> {
    registry.iter().find(|e| e.name == name)
}
