//! A game's options, chosen when it is created and stored with it as JSON: the clock, casual
//! or rated, an engine seat, the game it is a rematch of.

use serde::{Deserialize, Serialize};

/// A time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    /// Each player's time for the game, in milliseconds (0: no game clock).
    #[serde(default)]
    pub base_ms: i64,
    /// Added to a player's time after each of their turns.
    #[serde(default)]
    pub increment_ms: i64,
    /// The time for each decision (QEC's per-move clock); 0: none.
    #[serde(default)]
    pub per_move_ms: i64,
    /// `[turns, extra_ms]`: after a player's `turns`-th turn, `extra_ms` is added once to
    /// their time (DMChess 8.1.1: 30 minutes after move 40).
    #[serde(default)]
    pub period: Option<[i64; 2]>,
}

/// Which seat the engine plays, and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineSeat {
    /// 0 or 1.
    pub seat: u8,
    /// 1 (random moves) to 8 (two seconds a turn); see [`crate::game::engine_pool::level_spec`].
    pub level: u8,
}

/// Everything chosen at creation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    /// The time control; `None`: untimed.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// Casual games allow takebacks.
    #[serde(default = "yes")]
    pub casual: bool,
    /// The engine's seat, in a game against the engine.
    #[serde(default)]
    pub engine: Option<EngineSeat>,
    /// The game this one is a rematch of.
    #[serde(default)]
    pub rematch_of: Option<String>,
    /// Whether the result changes the players' ratings: a game without takebacks between
    /// two accounts, made from a seek ([`crate::ratings`]).
    #[serde(default)]
    pub rated: bool,
}

fn yes() -> bool {
    true
}

impl GameOptions {
    /// As stored.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned())
    }

    /// As read back; a row written before options existed (`{}`) is an untimed casual game.
    #[must_use]
    pub fn from_json(text: &str) -> GameOptions {
        serde_json::from_str(text).unwrap_or(GameOptions {
            casual: true,
            ..GameOptions::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_and_old_rows_read_as_casual_untimed() {
        let options = GameOptions {
            clock: Some(ClockSpec {
                base_ms: 300_000,
                increment_ms: 3_000,
                ..ClockSpec::default()
            }),
            casual: false,
            engine: Some(EngineSeat { seat: 1, level: 4 }),
            rematch_of: None,
            rated: true,
        };
        assert_eq!(GameOptions::from_json(&options.to_json()), options);
        let old = GameOptions::from_json("{}");
        assert!(old.casual && old.clock.is_none() && old.engine.is_none() && !old.rated);
    }
}
