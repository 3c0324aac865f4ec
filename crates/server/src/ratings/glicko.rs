//! Glicko-2 ratings. A new player starts at 1500, deviation 350, volatility 0.06; the system
//! constant τ is 0.5 (Glickman's example; "reasonable choices are between 0.3 and 1.2").
//! Each rated game is one rating period of one game for each player.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// A rating over this deviation is provisional: shown with `?`, as lichess does.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The system constant τ.
pub const TAU: f64 = 0.5;

/// A player's Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 to start).
    pub rating: f64,
    /// Its deviation (350 to start).
    pub deviation: f64,
    /// Its volatility (0.06 to start).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

impl Rating {
    /// Whether the rating is provisional (its deviation over [`PROVISIONAL_DEVIATION`]).
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// A game's score for one player: 1 a win, ½ a draw, 0 a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A win.
    Win,
    /// A draw.
    Draw,
    /// A loss.
    Loss,
}

/// `player`'s rating after one rating period of `results` (each an opponent's rating before
/// the period and the player's score against it).
#[must_use]
pub fn after_period(player: Rating, results: &[(Rating, Score)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(opponent, score)| {
            let outcome = match score {
                Score::Win => Outcomes::WIN,
                Score::Draw => Outcomes::DRAW,
                Score::Loss => Outcomes::LOSS,
            };
            (opponent.glicko(), outcome)
        })
        .collect();
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::default()
    };
    let after = glicko2_rating_period(&player.glicko(), &results, &config);
    Rating {
        rating: after.rating,
        deviation: after.deviation,
        volatility: after.volatility,
    }
}

/// Both players' ratings after one game between them: `first` scored `score`.
#[must_use]
pub fn after_game(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let reverse = match score {
        Score::Win => Score::Loss,
        Score::Draw => Score::Draw,
        Score::Loss => Score::Win,
    };
    (
        after_period(first, &[(second, score)]),
        after_period(second, &[(first, reverse)]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        // Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to
        // 1550/100 and to 1700/300, τ = 0.5: 1464.06, 151.52, 0.05999.
        let after = after_period(
            rated(1500.0, 200.0),
            &[
                (rated(1400.0, 30.0), Score::Win),
                (rated(1550.0, 100.0), Score::Loss),
                (rated(1700.0, 300.0), Score::Loss),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn one_game_moves_both_new_players_the_same_way_apart() {
        let (winner, loser) = after_game(Rating::default(), Rating::default(), Score::Win);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!((winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-9);
        assert!(winner.provisional() && winner.deviation < 350.0);
        let (a, b) = after_game(Rating::default(), Rating::default(), Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(!rated(1500.0, 110.0).provisional() && rated(1500.0, 110.1).provisional());
    }
}
