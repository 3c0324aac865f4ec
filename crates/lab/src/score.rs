//! The first player's score as the games come in: each game's points and the running score
//! with its interval, for a study's progress and its `score-over-time` figure.

use serde::{Deserialize, Serialize};

use crate::stats::Estimate;
use crate::summary::GameSummary;
use crate::trinomial::Trinomial;

/// The first player's score over the first `games` games (in game-number order).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ScorePoint {
    /// Games counted.
    pub games: u32,
    /// The first player's points per game over them.
    pub score: f64,
    /// The 95 % interval's low end (the trinomial score interval, [`Estimate::score`]).
    pub low: f64,
    /// Its high end.
    pub high: f64,
}

/// The points the first player scored in `game`: 1 for a win, ½ for a draw, 0 for a loss.
#[must_use]
pub fn points(game: &GameSummary) -> f64 {
    match game.winner {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The first player's score and its interval after each of `games` (by number).
#[must_use]
pub fn score_over_time(games: &[GameSummary]) -> Vec<ScorePoint> {
    let mut counts = Trinomial::default();
    games
        .iter()
        .zip(1_u32..)
        .map(|(game, n)| {
            counts.add(points(game));
            let e = Estimate::score(counts);
            ScorePoint {
                games: n,
                score: e.mean,
                low: e.low,
                high: e.high,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::tests::game;

    #[test]
    fn the_score_runs_over_the_games_with_its_interval() {
        let games = [
            game(Some(0), "checkmate", 10, &[]),
            game(None, "turn cap", 10, &[]),
            game(Some(1), "checkmate", 10, &[]),
        ];
        let score = score_over_time(&games);
        assert_eq!(
            score.iter().map(|p| (p.games, p.score)).collect::<Vec<_>>(),
            [(1, 1.0), (2, 0.75), (3, 0.5)]
        );
        for p in &score {
            assert!(0.0 <= p.low && p.low <= p.score, "{p:?}");
            assert!(p.score <= p.high && p.high <= 1.0, "{p:?}");
        }
        let width = |p: &ScorePoint| p.high - p.low;
        assert!(
            width(&score[2]) < width(&score[0]),
            "more games, a narrower interval"
        );
    }
}
