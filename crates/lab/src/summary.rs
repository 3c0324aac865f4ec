//! A finished game as the lab keeps it: what its figures are made of, small enough to store
//! one row a game and to read back (the lab's jobs in a database).

use omnichess_core::{EventCount, Player};
use serde::{Deserialize, Serialize};

use omnichess_engine::match_play::PlayedGame;

/// The material at the start of one turn: each kind's pieces, first player's minus second's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Material {
    /// The turn, counted from the game's first.
    pub turn: u64,
    /// `(kind, first player's pieces minus the second's)`, by kind name.
    pub balance: Vec<(String, i32)>,
}

/// One finished game of a study. Two summaries are equal when they are the same game: the
/// time it took ([`GameSummary::micros`]) is the machine's, not the game's, and is not
/// compared.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's number in its study, from 0 (its seed and colours come from it).
    pub number: u32,
    /// The winner: 0 the first player, 1 the second; `None` for a draw of any kind.
    pub winner: Option<u8>,
    /// What ended it (`checkmate`, `turn cap`, …).
    pub cause: String,
    /// Whether both players lost (an ending where the rules make both lose, as two bare kings).
    pub both_lose: bool,
    /// Complete turns played.
    pub turns: u64,
    /// The players' first decisions, in the variant's notation.
    pub first_decisions: Vec<String>,
    /// The material noted through the game, if the study asked for it.
    pub material: Vec<Material>,
    /// Whether the study's player A moved first (in an `sprt` study, A against B).
    #[serde(default)]
    pub a_first: bool,
    /// The events of the variant's rules in the game, one count per kind it names
    /// ([`omnichess_core::Events`]); empty in games stored before events were counted.
    #[serde(default)]
    pub events: Vec<EventCount>,
    /// The microseconds the game took on the thread that played it
    /// ([`PlayedGame::elapsed`]): what a study's games per CPU-second are counted from; 0 in
    /// games stored before it was kept.
    #[serde(default)]
    pub micros: u64,
    /// The game's fingerprint ([`PlayedGame::fingerprint`]): equal in two games that are the
    /// same game; 0 in games stored before it was kept (each counted as a game of its own).
    #[serde(default)]
    pub fingerprint: u64,
}

/// What a study's games cost: the time their threads took.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Cost {
    /// Games counted (those that kept their time).
    pub games: usize,
    /// The seconds their threads took, in all: CPU-seconds where no more games ran at once
    /// than there were cores.
    pub cpu_seconds: f64,
    /// Games per CPU-second (0 when no time was kept).
    pub games_per_cpu_second: f64,
}

impl Cost {
    /// The cost of `games` (games stored before their time was kept are left out).
    #[must_use]
    pub fn of(games: &[GameSummary]) -> Cost {
        let timed: Vec<u64> = games.iter().map(|g| g.micros).filter(|&m| m > 0).collect();
        #[allow(clippy::cast_precision_loss)]
        let cpu_seconds = timed.iter().sum::<u64>() as f64 / 1e6;
        #[allow(clippy::cast_precision_loss)]
        let games_per_cpu_second = if cpu_seconds > 0.0 {
            timed.len() as f64 / cpu_seconds
        } else {
            0.0
        };
        Cost {
            games: timed.len(),
            cpu_seconds,
            games_per_cpu_second,
        }
    }

    /// `cost: 1000 games in 812.4 CPU-seconds (1.23 games per CPU-second)`.
    #[must_use]
    pub fn line(&self) -> String {
        format!(
            "cost: {} games in {:.1} CPU-seconds ({:.3} games per CPU-second)",
            self.games, self.cpu_seconds, self.games_per_cpu_second
        )
    }
}

impl PartialEq for GameSummary {
    fn eq(&self, other: &GameSummary) -> bool {
        let GameSummary {
            number,
            winner,
            cause,
            both_lose,
            turns,
            first_decisions,
            material,
            a_first,
            events,
            micros: _,
            fingerprint,
        } = self;
        (number, winner, cause, both_lose, turns)
            == (
                &other.number,
                &other.winner,
                &other.cause,
                &other.both_lose,
                &other.turns,
            )
            && (first_decisions, material, a_first, events, fingerprint)
                == (
                    &other.first_decisions,
                    &other.material,
                    &other.a_first,
                    &other.events,
                    &other.fingerprint,
                )
    }
}

impl Eq for GameSummary {}

impl From<&PlayedGame> for GameSummary {
    fn from(game: &PlayedGame) -> GameSummary {
        GameSummary {
            number: game.number.saturating_sub(1),
            winner: game.winner.map(|p| u8::from(p == Player::Black)),
            cause: game.cause.clone(),
            both_lose: game.both_lose,
            turns: game.turns,
            first_decisions: game.first_decisions.clone(),
            material: game
                .material
                .iter()
                .map(|m| Material {
                    turn: m.turn,
                    balance: m.balance.iter().map(|&(k, n)| (k.to_owned(), n)).collect(),
                })
                .collect(),
            a_first: game.a_white,
            events: game.events.clone(),
            micros: u64::try_from(game.elapsed.as_micros()).unwrap_or(u64::MAX),
            fingerprint: game.fingerprint,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A finished game for the lab's tests: `winner` 0 or 1, `None` a draw.
    pub(crate) fn game(winner: Option<u8>, cause: &str, turns: u64, first: &[&str]) -> GameSummary {
        GameSummary {
            number: 0,
            winner,
            cause: cause.to_owned(),
            both_lose: false,
            turns,
            first_decisions: first.iter().map(|s| (*s).to_owned()).collect(),
            material: Vec::new(),
            a_first: true,
            events: Vec::new(),
            micros: 0,
            fingerprint: 0,
        }
    }

    #[test]
    fn a_studys_cost_sums_its_games_threads_time() {
        let mut games = vec![game(Some(0), "checkmate", 3, &[]); 3];
        games[0].micros = 1_500_000;
        games[1].micros = 500_000;
        let cost = Cost::of(&games);
        assert_eq!(
            (cost.games, cost.cpu_seconds),
            (2, 2.0),
            "the untimed game left out"
        );
        assert_eq!(
            cost.line(),
            "cost: 2 games in 2.0 CPU-seconds (1.000 games per CPU-second)"
        );
        assert_eq!(Cost::of(&[]).games_per_cpu_second, 0.0);
    }

    #[test]
    fn a_summary_reads_back_as_it_was_written() {
        let mut g = game(Some(1), "checkmate", 31, &["e4", "e5"]);
        g.material = vec![Material {
            turn: 4,
            balance: vec![("pawn".to_owned(), -1)],
        }];
        g.events = vec![EventCount {
            name: "forfeit".to_owned(),
            count: 2,
            turns: Some(vec![0, 7]),
        }];
        g.micros = 1234;
        let text = serde_json::to_string(&g).expect("JSON");
        let back = serde_json::from_str::<GameSummary>(&text).expect("back");
        assert_eq!((&back, back.micros), (&g, 1234));
        let mut other = g.clone();
        other.micros = 99;
        assert_eq!(other, g, "the same game, whatever its time");
        other.turns += 1;
        assert_ne!(other, g);
        // A game stored before events were counted reads back with none.
        let mut old = serde_json::to_value(&g).expect("JSON");
        old.as_object_mut().map(|o| o.remove("events"));
        let old: GameSummary = serde_json::from_value(old).expect("an old row");
        assert!(old.events.is_empty());
    }
}
