//! The queries of players' pages, over the accounts, ratings, rating changes and games tables.

use sqlx::Row;

use crate::error::ApiError;
use crate::protocol::players::{LeaderboardRow, PlayerRating, RatingPoint};
use crate::ratings::glicko::PROVISIONAL_DEVIATION;
use crate::store::Store;

/// Rating changes a profile's graph shows at most: the latest.
pub const HISTORY_POINTS: i64 = 500;

/// Lines of a leaderboard, per speed.
pub const LEADERBOARD_LINES: i64 = 50;

impl Store {
    /// The ratings of account `id`, by variant then speed.
    pub async fn ratings_of_account(&self, id: &str) -> Result<Vec<PlayerRating>, ApiError> {
        let rows = sqlx::query(
            "SELECT variant, speed, rating, deviation, games FROM ratings
             WHERE account_id = $1 ORDER BY variant, speed",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                let deviation: f64 = r.try_get("deviation")?;
                Ok(PlayerRating {
                    variant: r.try_get("variant")?,
                    speed: r.try_get("speed")?,
                    rating: round(r.try_get("rating")?),
                    deviation: round(deviation),
                    provisional: deviation > PROVISIONAL_DEVIATION,
                    games: r.try_get("games")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(ApiError::from)
    }

    /// Account `id`'s rating after each of its latest [`HISTORY_POINTS`] rated games, oldest
    /// first.
    pub async fn rating_history(&self, id: &str) -> Result<Vec<RatingPoint>, ApiError> {
        let rows = sqlx::query(
            "SELECT at_ms, variant, speed, rating_after FROM rating_changes
             WHERE account_id = $1 ORDER BY at_ms DESC, game_id DESC LIMIT $2",
        )
        .bind(id)
        .bind(HISTORY_POINTS)
        .fetch_all(self.pool())
        .await?;
        let mut points = rows
            .iter()
            .map(|r| {
                Ok(RatingPoint {
                    at_ms: r.try_get("at_ms")?,
                    variant: r.try_get("variant")?,
                    speed: r.try_get("speed")?,
                    rating: round(r.try_get("rating_after")?),
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        points.reverse();
        Ok(points)
    }

    /// The ids of account `id`'s latest `limit` games, newest first.
    pub async fn games_of_account(&self, id: &str, limit: i64) -> Result<Vec<String>, ApiError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE white_account = $1 OR black_account = $1
             ORDER BY created_ms DESC, id LIMIT $2",
        )
        .bind(id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(ApiError::from)
    }

    /// The leaderboard of `variant`: for each speed, its [`LEADERBOARD_LINES`] best
    /// established ratings (provisional ones are not ranked), best first.
    pub async fn leaderboard(&self, variant: &str) -> Result<Vec<LeaderboardRow>, ApiError> {
        let rows = sqlx::query(
            "SELECT a.name, r.speed, r.rating, r.deviation, r.games FROM ratings r
             JOIN accounts a ON a.id = r.account_id
             WHERE r.variant = $1 AND r.deviation <= $2
             ORDER BY r.speed, r.rating DESC, a.name_key",
        )
        .bind(variant)
        .bind(PROVISIONAL_DEVIATION)
        .fetch_all(self.pool())
        .await?;
        let mut board: Vec<LeaderboardRow> = Vec::new();
        let mut rank = 0;
        for r in &rows {
            let speed: String = r.try_get("speed")?;
            rank = match board.last() {
                Some(last) if last.speed == speed => rank + 1,
                _ => 1,
            };
            if i64::from(rank) > LEADERBOARD_LINES {
                continue;
            }
            board.push(LeaderboardRow {
                rank,
                name: r.try_get("name")?,
                speed,
                rating: round(r.try_get("rating")?),
                deviation: round(r.try_get("deviation")?),
                games: r.try_get("games")?,
            });
        }
        Ok(board)
    }
}

/// A rating or deviation as shown: the nearest whole number.
fn round(value: f64) -> i64 {
    value.round() as i64
}
