//! The events of a variant's rules that its designer wants counted (QEC's forced replies, Die
//! Chess's forfeits, 5D Chess's new timelines…): named by the variant, counted by the balance
//! lab over played games. Nothing here runs during perft or a search.

use serde::{Deserialize, Serialize};

use crate::Game;

/// One kind of event a variant names: what its counts are called and what they count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EventKind {
    /// Its name (`forfeit`, `timeline created`).
    pub name: &'static str,
    /// What one event is, with the rule it comes from.
    pub description: &'static str,
    /// Whether the lab reports it by turn too (Die Chess's forfeits, by the turn they fall
    /// on).
    pub by_turn: bool,
}

/// The events a decision causes, as far as a variant's rules name any ([`EventKind`]). Every
/// method has a default (no events), so a variant without any writes `impl Events for Type {}`.
pub trait Events: Game {
    /// The kinds of events [`Events::events`] reports, in the order a report lists them.
    const EVENTS: &'static [EventKind] = &[];

    /// Adds to `out` the events that `decision` (one of [`Game::decisions`] here) causes when
    /// played from this state: `(name, how many)`, each name one of [`Events::EVENTS`]. By
    /// default none.
    fn events(&self, decision: Self::Decision, out: &mut Vec<(&'static str, u32)>) {
        let _ = (decision, out);
    }
}

/// How often one kind of event happened in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventCount {
    /// The event's name ([`EventKind::name`]).
    pub name: String,
    /// How many times it happened.
    pub count: u64,
    /// For an event counted by turn ([`EventKind::by_turn`]), the turn (counted from the
    /// game's first, from 0) of each occurrence, in order; `None` for the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<Vec<u64>>,
}

/// The events of the game played by `decisions` from `start`: one count for every kind the
/// variant names ([`Events::EVENTS`]), in that order, zero where none happened.
pub fn count_events<G: Events>(start: &G, decisions: &[G::Decision]) -> Vec<EventCount> {
    let mut counts: Vec<EventCount> = G::EVENTS
        .iter()
        .map(|kind| EventCount {
            name: kind.name.to_owned(),
            count: 0,
            turns: kind.by_turn.then(Vec::new),
        })
        .collect();
    if counts.is_empty() {
        return counts;
    }
    let mut game = start.clone();
    let first = game.turn_index();
    let mut seen = Vec::new();
    for &decision in decisions {
        seen.clear();
        game.events(decision, &mut seen);
        let turn = game.turn_index() - first;
        for &(name, n) in &seen {
            if let Some(count) = counts.iter_mut().find(|c| c.name == name) {
                count.count += u64::from(n);
                if let Some(turns) = &mut count.turns {
                    turns.extend(std::iter::repeat_n(turn, n as usize));
                }
            }
        }
        game.apply(decision);
    }
    counts
}
