//! The ratings' tables (migration 5 of [`crate::store`]): a rated game's result changes both
//! players' ratings in the transaction that stores the result, so it happens exactly once
//! whichever server stores it, and never without the result.

use sqlx::Row;

use crate::ratings::glicko::{Rating, Score, after_game};

/// A rated game that the events being stored end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedEnd {
    /// The accounts holding the seats, first player then second.
    pub accounts: [String; 2],
    /// The variant's name.
    pub variant: String,
    /// Its speed ([`crate::ratings::speed::speed`]).
    pub speed: &'static str,
    /// The first player's score.
    pub score: Score,
}

impl RatedEnd {
    /// The first player's score in `result` (`1-0`, `0-1`, `1/2-1/2`); `None` for a result
    /// that is rated as nothing (an aborted game's `*`, both losing's `0-0`).
    #[must_use]
    pub fn score_of(result: &str) -> Option<Score> {
        match result {
            "1-0" => Some(Score::Win),
            "0-1" => Some(Score::Loss),
            "1/2-1/2" => Some(Score::Draw),
            _ => None,
        }
    }
}

/// Applies `end` of game `game` inside `tx`, at `now_ms`: reads both ratings (on PostgreSQL
/// locked, in the order of the accounts' ids, so two games ending at once wait for each
/// other), stores the new ones and what changed.
pub async fn apply(
    tx: &mut sqlx::AnyConnection,
    postgres: bool,
    game: &str,
    end: &RatedEnd,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let select = if postgres {
        "SELECT rating, deviation, volatility, games FROM ratings
         WHERE account_id = $1 AND variant = $2 AND speed = $3 FOR UPDATE"
    } else {
        "SELECT rating, deviation, volatility, games FROM ratings
         WHERE account_id = $1 AND variant = $2 AND speed = $3"
    };
    let mut order = [0usize, 1];
    order.sort_by(|a, b| end.accounts[*a].cmp(&end.accounts[*b]));
    let mut before = [Rating::default(); 2];
    let mut games = [0i64; 2];
    for seat in order {
        let row = sqlx::query(select)
            .bind(&end.accounts[seat])
            .bind(&end.variant)
            .bind(end.speed)
            .fetch_optional(&mut *tx)
            .await?;
        if let Some(row) = row {
            before[seat] = Rating {
                rating: row.try_get(0)?,
                deviation: row.try_get(1)?,
                volatility: row.try_get(2)?,
            };
            games[seat] = row.try_get(3)?;
        }
    }
    let (first, second) = after_game(before[0], before[1], end.score);
    for (seat, after) in [first, second].into_iter().enumerate() {
        sqlx::query(
            "INSERT INTO ratings
                 (account_id, variant, speed, rating, deviation, volatility, games, updated_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (account_id, variant, speed) DO UPDATE SET
                 rating = excluded.rating, deviation = excluded.deviation,
                 volatility = excluded.volatility, games = excluded.games,
                 updated_ms = excluded.updated_ms",
        )
        .bind(&end.accounts[seat])
        .bind(&end.variant)
        .bind(end.speed)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(games[seat] + 1)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO rating_changes (game_id, account_id, variant, speed, rating_before,
                 rating_after, deviation_after, at_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(game)
        .bind(&end.accounts[seat])
        .bind(&end.variant)
        .bind(end.speed)
        .bind(before[seat].rating)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

impl crate::store::Store {
    /// The rating of the account named `name` in `variant` at `speed`, and its rated games;
    /// `None` before its first rated game there.
    pub async fn rating_of(
        &self,
        name: &str,
        variant: &str,
        speed: &str,
    ) -> Result<Option<(Rating, i64)>, crate::error::ApiError> {
        let row = sqlx::query(
            "SELECT r.rating, r.deviation, r.volatility, r.games FROM ratings r
             JOIN accounts a ON a.id = r.account_id
             WHERE a.name_key = $1 AND r.variant = $2 AND r.speed = $3",
        )
        .bind(crate::accounts::credentials::name_key(name))
        .bind(variant)
        .bind(speed)
        .fetch_optional(self.pool())
        .await?;
        let read = |r: &sqlx::any::AnyRow| -> Result<(Rating, i64), sqlx::Error> {
            Ok((
                Rating {
                    rating: r.try_get(0)?,
                    deviation: r.try_get(1)?,
                    volatility: r.try_get(2)?,
                },
                r.try_get(3)?,
            ))
        };
        Ok(row.as_ref().map(read).transpose()?)
    }
}
