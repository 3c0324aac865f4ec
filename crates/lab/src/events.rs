//! The events of a variant's rules over a study's games ([`omnichess_core::Events`]): how
//! many in all, how many a game, and for events counted by turn (Die Chess's forfeits) how
//! often they fell on each turn of the games that reached it.

use std::fmt::Write as _;

use omnichess_core::EventKind;
use serde::Serialize;

use super::summary::GameSummary;

/// The turns [`EventFigures::report`] lists for an event counted by turn (the JSON holds
/// every turn).
pub const TURNS_SHOWN: usize = 10;

/// How often one event fell on one turn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TurnRate {
    /// The turn, from 1 (the game's first).
    pub turn: u64,
    /// The events on that turn, over all games.
    pub events: u64,
    /// The games that played that turn.
    pub games: u32,
    /// Events per game that played the turn.
    pub rate: f64,
}

/// One event's figures over a study's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventFigures {
    /// Its name.
    pub name: String,
    /// What one event is (from the variant, [`EventFigures::describe`]); empty where unknown.
    pub description: String,
    /// Events in all.
    pub total: u64,
    /// Events per game.
    pub per_game: f64,
    /// The games with at least one.
    pub games_with: u32,
    /// For an event counted by turn: by turn, from the first to the last turn any game
    /// played; `None` for the others.
    pub by_turn: Option<Vec<TurnRate>>,
}

impl EventFigures {
    /// The figures of every event the games counted, in the order of their first game's
    /// counts (the variant's order).
    #[must_use]
    pub fn of(games: &[GameSummary]) -> Vec<EventFigures> {
        let mut names: Vec<(&str, bool)> = Vec::new();
        for count in games.iter().flat_map(|g| &g.events) {
            if !names.iter().any(|(n, _)| *n == count.name) {
                names.push((&count.name, count.turns.is_some()));
            }
        }
        let n = games.len().max(1) as f64;
        names
            .into_iter()
            .map(|(name, by_turn)| {
                let counts = || {
                    games
                        .iter()
                        .flat_map(|g| g.events.iter().filter(|c| c.name == name))
                };
                let total: u64 = counts().map(|c| c.count).sum();
                #[allow(clippy::cast_precision_loss)]
                let per_game = total as f64 / n;
                EventFigures {
                    name: name.to_owned(),
                    description: String::new(),
                    total,
                    per_game,
                    games_with: u32::try_from(counts().filter(|c| c.count > 0).count())
                        .unwrap_or(u32::MAX),
                    by_turn: by_turn.then(|| by_turns(games, name)),
                }
            })
            .collect()
    }

    /// Sets the descriptions of `figures` from the variant's event kinds.
    pub fn describe(figures: &mut [EventFigures], kinds: &[EventKind]) {
        for figure in figures {
            if let Some(kind) = kinds.iter().find(|k| k.name == figure.name) {
                kind.description.clone_into(&mut figure.description);
            }
        }
    }

    /// The lines of a report for people: one per event, and one with its first
    /// [`TURNS_SHOWN`] turns for an event counted by turn.
    #[must_use]
    pub fn report(figures: &[EventFigures]) -> String {
        let mut out = String::new();
        if figures.is_empty() {
            return out;
        }
        let _ = writeln!(out, "events:");
        for e in figures {
            let _ = writeln!(
                out,
                "  {}: {} in all, {:.2} a game (in {})",
                e.name,
                e.total,
                e.per_game,
                omnichess_core::counted(e.games_with, "game", "games")
            );
            if let Some(turns) = &e.by_turn {
                let shown: Vec<String> = turns
                    .iter()
                    .take(TURNS_SHOWN)
                    .map(|t| format!("{} {:.2} ({}/{})", t.turn, t.rate, t.events, t.games))
                    .collect();
                let _ = writeln!(out, "    by turn: {}", shown.join(", "));
            }
        }
        out
    }
}

/// The rate of event `name` on every turn some game played.
fn by_turns(games: &[GameSummary], name: &str) -> Vec<TurnRate> {
    let last = games.iter().map(|g| g.turns).max().unwrap_or(0);
    let mut events = vec![0u64; usize::try_from(last).unwrap_or(0)];
    for turns in games
        .iter()
        .flat_map(|g| g.events.iter().filter(|c| c.name == name))
        .filter_map(|c| c.turns.as_ref())
    {
        for &t in turns {
            if let Some(slot) = usize::try_from(t).ok().and_then(|t| events.get_mut(t)) {
                *slot += 1;
            }
        }
    }
    events
        .into_iter()
        .enumerate()
        .map(|(t, events)| {
            let played = games.iter().filter(|g| g.turns > t as u64).count();
            let games = u32::try_from(played).unwrap_or(u32::MAX);
            #[allow(clippy::cast_precision_loss)]
            let rate = events as f64 / f64::from(games.max(1));
            TurnRate {
                turn: t as u64 + 1,
                events,
                games,
                rate,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use omnichess_core::EventCount;

    use super::*;
    use crate::summary::tests::game;

    fn with(turns: u64, forfeits: &[u64], crossings: u64) -> GameSummary {
        let mut g = game(None, "turn cap", turns, &[]);
        g.events = vec![
            EventCount {
                name: "forfeit".to_owned(),
                count: forfeits.len() as u64,
                turns: Some(forfeits.to_vec()),
            },
            EventCount {
                name: "crossing".to_owned(),
                count: crossings,
                turns: None,
            },
        ];
        g
    }

    #[test]
    fn events_are_summed_per_game_and_by_the_turn_of_the_games_that_reached_it() {
        let games = [with(3, &[0, 2], 4), with(1, &[0], 0), with(2, &[], 2)];
        let mut figures = EventFigures::of(&games);
        EventFigures::describe(
            &mut figures,
            &[EventKind {
                name: "forfeit",
                description: "a turn lost",
                by_turn: true,
            }],
        );
        let [forfeit, crossing] = &figures[..] else {
            panic!("two events: {figures:?}");
        };
        assert_eq!((forfeit.total, forfeit.games_with), (3, 2));
        assert!((forfeit.per_game - 1.0).abs() < 1e-12);
        assert_eq!(forfeit.description, "a turn lost");
        let turns = forfeit.by_turn.as_ref().expect("by turn");
        let rows: Vec<(u64, u64, u32)> =
            turns.iter().map(|t| (t.turn, t.events, t.games)).collect();
        // Turn 1: all three games, two forfeits; turn 2: two games, none; turn 3: one, one.
        assert_eq!(rows, [(1, 2, 3), (2, 0, 2), (3, 1, 1)]);
        assert_eq!(
            (
                crossing.total,
                crossing.games_with,
                crossing.by_turn.clone()
            ),
            (6, 2, None)
        );
        assert_eq!(
            EventFigures::report(&figures),
            "events:\n  forfeit: 3 in all, 1.00 a game (in 2 games)\n    by turn: 1 0.67 (2/3), \
             2 0.00 (0/2), 3 1.00 (1/1)\n  crossing: 6 in all, 2.00 a game (in 2 games)\n"
        );
        assert_eq!(EventFigures::report(&[]), "");
    }
}
