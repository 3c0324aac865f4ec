//! Storage of games: the variant, the start position, the players' seat tokens and every
//! decision with its time, in SQLite or PostgreSQL through one code path (sqlx's `Any`
//! driver: `$1` placeholders, integer timestamps in milliseconds). A decision is stored
//! under its number in the game, which is unique: of two moves sent for the same position,
//! exactly one is stored.

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};

use crate::error::ApiError;

/// The schema, created if missing (migration 1).
const SCHEMA: [&str; 2] = [
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        start TEXT,
        white_token TEXT NOT NULL,
        black_token TEXT NOT NULL,
        created_ms BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS decisions (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        text TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply))",
];

/// A stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The variant's name.
    pub variant: String,
    /// The start position text (`None`: the variant's standard start).
    pub start: Option<String>,
    /// The seat tokens, first player then second.
    pub tokens: [String; 2],
    /// The decisions played, in order.
    pub decisions: Vec<String>,
}

/// The store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
}

/// Milliseconds since the Unix epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Store {
    /// Opens the database at `url` (`sqlite://PATH` — created if missing — or
    /// `postgres://…`) and creates the schema.
    pub async fn open(url: &str) -> Result<Store, sqlx::Error> {
        install_default_drivers();
        let url = if url.starts_with("sqlite:") && !url.contains('?') {
            format!("{url}?mode=rwc")
        } else {
            url.to_owned()
        };
        let pool = AnyPoolOptions::new()
            .max_connections(8)
            .connect(&url)
            .await?;
        for statement in SCHEMA {
            sqlx::query(statement).execute(&pool).await?;
        }
        Ok(Store { pool })
    }

    /// Stores a new game.
    pub async fn create(&self, id: &str, game: &StoredGame) -> Result<(), ApiError> {
        sqlx::query(
            "INSERT INTO games (id, variant, start, white_token, black_token, created_ms)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(&game.variant)
        .bind(game.start.as_deref())
        .bind(&game.tokens[0])
        .bind(&game.tokens[1])
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The game `id` with its decisions.
    pub async fn load(&self, id: &str) -> Result<StoredGame, ApiError> {
        let row =
            sqlx::query("SELECT variant, start, white_token, black_token FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
                .ok_or_else(|| ApiError::UnknownGame(id.to_owned()))?;
        let decisions = sqlx::query("SELECT text FROM decisions WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>(0))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(StoredGame {
            variant: row.try_get(0)?,
            start: row.try_get(1)?,
            tokens: [row.try_get(2)?, row.try_get(3)?],
            decisions,
        })
    }

    /// Appends `texts` as decisions `ply`, `ply + 1`, … of game `id`, all or none. Fails
    /// with [`ApiError::Conflict`] when a decision with one of those numbers is already
    /// stored (another request was first).
    pub async fn append(&self, id: &str, ply: usize, texts: &[String]) -> Result<(), ApiError> {
        let mut tx = self.pool.begin().await?;
        for (i, text) in texts.iter().enumerate() {
            let number = i64::try_from(ply + i).unwrap_or(i64::MAX);
            let inserted = sqlx::query(
                "INSERT INTO decisions (game_id, ply, text, at_ms) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(number)
            .bind(text)
            .bind(now_ms())
            .execute(&mut *tx)
            .await;
            if let Err(e) = inserted {
                return Err(match &e {
                    sqlx::Error::Database(d) if d.is_unique_violation() => ApiError::Conflict(
                        "the game has moved on: another decision was stored first".to_owned(),
                    ),
                    _ => ApiError::Storage(e),
                });
            }
        }
        tx.commit().await?;
        Ok(())
    }
}
