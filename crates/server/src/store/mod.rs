//! Storage of games, in SQLite or PostgreSQL through one code path (sqlx's `Any` driver: `$1`
//! placeholders, integer timestamps in milliseconds).
//!
//! A game is a row (variant, start position, the seat tokens, its options as JSON) and an
//! append-only log of events: decisions, the server's die rolls, resignations, offers,
//! takebacks, flags. An event is stored under its number in the game, which is unique: of two
//! moves sent for the same position, exactly one is stored. Nothing is ever updated in place,
//! so a server killed at any moment loses nothing it acknowledged. Several servers may share
//! one PostgreSQL database: [`peers`] relays each one's changes to the others' sockets.

pub mod peers;
mod write;

pub(crate) use write::Write;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};

use crate::error::ApiError;
use crate::game::options::GameOptions;

/// The migrations, in order: each runs once per database, recorded in `schema_migrations`
/// (see [`Store::migrate`]).
const MIGRATIONS: &[(i64, &[&str])] = &[
    (
        1,
        &[
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
        ],
    ),
    (
        2,
        &[
            "ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}'",
            "CREATE TABLE events (
                game_id TEXT NOT NULL REFERENCES games(id),
                seq BIGINT NOT NULL,
                kind TEXT NOT NULL,
                player BIGINT,
                text TEXT NOT NULL,
                at_ms BIGINT NOT NULL,
                PRIMARY KEY (game_id, seq))",
            "INSERT INTO events (game_id, seq, kind, player, text, at_ms)
                SELECT game_id, ply, 'decision', NULL, text, at_ms FROM decisions",
            "DROP TABLE decisions",
        ],
    ),
    (
        3,
        &[
            // The balance lab's jobs (crate::lab::store): a study, its batches of games that
            // workers claim under a lease, and each game's summary once, by its number.
            "CREATE TABLE studies (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                spec TEXT NOT NULL,
                games BIGINT NOT NULL,
                created_ms BIGINT NOT NULL)",
            "CREATE TABLE study_batches (
                study_id TEXT NOT NULL REFERENCES studies(id),
                batch BIGINT NOT NULL,
                first_game BIGINT NOT NULL,
                games BIGINT NOT NULL,
                state TEXT NOT NULL,
                worker TEXT,
                lease_until_ms BIGINT NOT NULL,
                PRIMARY KEY (study_id, batch))",
            "CREATE TABLE study_games (
                study_id TEXT NOT NULL REFERENCES studies(id),
                game BIGINT NOT NULL,
                summary TEXT NOT NULL,
                worker TEXT NOT NULL,
                PRIMARY KEY (study_id, game))",
        ],
    ),
    (
        4,
        &[
            // The lobby's list of games being played (Store::recent_games) and the resume
            // after a restart look games up by their last event's time and their creation.
            "CREATE INDEX events_at ON events (at_ms)",
            "CREATE INDEX games_created ON games (created_ms)",
        ],
    ),
    (
        5,
        &[
            // Accounts (crate::accounts): a name kept as typed and its lower-case key, unique;
            // the Argon2id hash of the password in PHC form.
            "CREATE TABLE accounts (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                password_hash TEXT NOT NULL,
                created_ms BIGINT NOT NULL)",
            // Signed-in browsers: the BLAKE2b hash of each session cookie's token, so that
            // every server on the database knows every session and the table holds no
            // usable secret.
            "CREATE TABLE sessions (
                token_hash TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES accounts(id),
                created_ms BIGINT NOT NULL,
                expires_ms BIGINT NOT NULL)",
            "CREATE INDEX sessions_account ON sessions (account_id)",
            // The account holding each seat of a game, if any.
            "ALTER TABLE games ADD COLUMN white_account TEXT REFERENCES accounts(id)",
            "ALTER TABLE games ADD COLUMN black_account TEXT REFERENCES accounts(id)",
            "CREATE INDEX games_white_account ON games (white_account)",
            "CREATE INDEX games_black_account ON games (black_account)",
            // Glicko-2 ratings (crate::ratings), one per account, variant and speed.
            "CREATE TABLE ratings (
                account_id TEXT NOT NULL REFERENCES accounts(id),
                variant TEXT NOT NULL,
                speed TEXT NOT NULL,
                rating DOUBLE PRECISION NOT NULL,
                deviation DOUBLE PRECISION NOT NULL,
                volatility DOUBLE PRECISION NOT NULL,
                games BIGINT NOT NULL,
                updated_ms BIGINT NOT NULL,
                PRIMARY KEY (account_id, variant, speed))",
            "CREATE INDEX ratings_board ON ratings (variant, speed, rating)",
            // What each rated game did to each player's rating: stored once per game and
            // player, in the transaction that stores the game's result.
            "CREATE TABLE rating_changes (
                game_id TEXT NOT NULL REFERENCES games(id),
                account_id TEXT NOT NULL REFERENCES accounts(id),
                variant TEXT NOT NULL,
                speed TEXT NOT NULL,
                rating_before DOUBLE PRECISION NOT NULL,
                rating_after DOUBLE PRECISION NOT NULL,
                deviation_after DOUBLE PRECISION NOT NULL,
                at_ms BIGINT NOT NULL,
                PRIMARY KEY (game_id, account_id))",
            "CREATE INDEX rating_changes_account ON rating_changes (account_id, at_ms)",
        ],
    ),
    (
        6,
        &[
            // The secret of the client that created a study over HTTP, which may stop or
            // delete it (crate::lab::routes); none for a study the CLI stored.
            "ALTER TABLE studies ADD COLUMN owner_token TEXT",
        ],
    ),
    (
        7,
        &[
            // The lobby's open seeks (crate::lobby::seeks), shared by every server: the seek
            // as listed (JSON), the hash of its seeker's token, the seeker's address and
            // account, and once accepted the game with the seeker's seat and token in it.
            "CREATE TABLE seeks (
                id TEXT PRIMARY KEY,
                item TEXT NOT NULL,
                token_hash TEXT NOT NULL,
                client TEXT,
                account_id TEXT,
                account_name TEXT,
                state TEXT NOT NULL,
                game_id TEXT,
                seat BIGINT,
                game_token TEXT,
                created_ms BIGINT NOT NULL,
                polled_ms BIGINT NOT NULL,
                polls_left BIGINT NOT NULL)",
            "CREATE INDEX seeks_polled ON seeks (polled_ms)",
        ],
    ),
];

/// A game's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Its id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// The start position text (`None`: the variant's standard start).
    pub start: Option<String>,
    /// The seat tokens, first player then second.
    pub tokens: [String; 2],
    /// Clock, casual, engine seat, rematch origin.
    pub options: GameOptions,
    /// When it was created (milliseconds since the Unix epoch).
    pub created_ms: i64,
    /// The account holding each seat, first player then second; `None`: a seat held by its
    /// token alone (a visitor without an account, or the engine).
    pub players: [Option<SeatAccount>; 2],
}

/// The account holding a seat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatAccount {
    /// The account's id.
    pub id: String,
    /// Its name, as its owner typed it.
    pub name: String,
}

/// One stored event of a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Its number in the game, from 0.
    pub seq: i64,
    /// What happened: `decision`, `chance`, `resign`, `offer-draw`, … (see
    /// [`crate::game::log::Log::apply`]).
    pub kind: String,
    /// Who did it: 0 or 1; `None` for the server (a die roll).
    pub player: Option<u8>,
    /// The decision's text, a draw's reason, a rematch's game id; empty when nothing.
    pub text: String,
    /// When it was stored (milliseconds since the Unix epoch).
    pub at_ms: i64,
}

/// A game with its whole log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The row.
    pub row: GameRow,
    /// The events, in order.
    pub events: Vec<Event>,
}

/// The store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// The PostgreSQL URL, for the listener of other servers' changes (`None` on SQLite).
    postgres: Option<String>,
    /// The SQLite database's file and its inode at opening, looked for before each read of a
    /// game and each write (`None` on PostgreSQL): a file removed, or replaced by one a new
    /// connection created, is not the database.
    sqlite_file: Option<(std::path::PathBuf, u64)>,
}

/// The PostgreSQL channel on which servers sharing a database announce stored changes.
pub const CHANNEL: &str = "omnichess_games";

/// How long the first connection to a database server may take before the server is
/// reported out of reach.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Milliseconds since the Unix epoch.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

pub(crate) fn unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

impl Store {
    /// The connection pool, for the other stores on the same database (the lab's).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Whether the database is PostgreSQL.
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        self.postgres.is_some()
    }

    /// Opens the database at `url` (`sqlite://PATH` — created if missing — or
    /// `postgres://…`) and brings its schema up to date.
    pub async fn open(url: &str) -> Result<Store, sqlx::Error> {
        install_default_drivers();
        let url = if url.starts_with("sqlite:") && !url.contains('?') {
            format!("{url}?mode=rwc")
        } else {
            url.to_owned()
        };
        let sqlite = url.starts_with("sqlite:");
        if !sqlite {
            // One connection first, so that a server out of reach is said at once: the pool
            // would try again and again for its acquire timeout (30 s) before failing.
            use sqlx::Connection as _;
            let first = tokio::time::timeout(CONNECT_TIMEOUT, sqlx::AnyConnection::connect(&url))
                .await
                .map_err(|_| sqlx::Error::PoolTimedOut)??;
            first.close().await?;
        }
        let pool = AnyPoolOptions::new()
            .max_connections(8)
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if sqlite {
                        // Write-ahead logging: readers never wait for the writer, and a commit
                        // is one append to the log. `synchronous = NORMAL` keeps every commit
                        // through a crash or kill -9 of the server (not through a power cut).
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA synchronous = NORMAL",
                            "PRAGMA busy_timeout = 5000",
                        ] {
                            sqlx::query(pragma).execute(&mut *connection).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        let postgres = url.starts_with("postgres").then(|| url.clone());
        let sqlite_file = url
            .strip_prefix("sqlite://")
            .and_then(|rest| rest.split('?').next())
            .filter(|path| !path.is_empty() && !path.starts_with(':'))
            .map(std::path::PathBuf::from)
            .and_then(|path| {
                use std::os::unix::fs::MetadataExt as _;
                let inode = std::fs::metadata(&path).ok()?.ino();
                Some((path, inode))
            });
        let store = Store {
            pool,
            postgres,
            sqlite_file,
        };
        store.migrate(store.postgres.is_some()).await?;
        Ok(store)
    }

    /// Runs the migrations not yet run, all in one transaction. On PostgreSQL the transaction
    /// first takes an advisory lock, so that servers starting together on one database run
    /// them one after another (the second finds them done).
    async fn migrate(&self, postgres: bool) -> Result<(), sqlx::Error> {
        let mut tx = Write::begin(&self.pool).await?;
        if postgres {
            sqlx::query("SELECT pg_advisory_xact_lock(5000020)")
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)",
        )
        .execute(&mut *tx)
        .await?;
        for &(version, statements) in MIGRATIONS {
            let done = sqlx::query("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await?;
            if done.is_some() {
                continue;
            }
            for statement in statements {
                sqlx::query(*statement).execute(&mut *tx).await?;
            }
            sqlx::query("INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)")
                .bind(version)
                .bind(now_ms())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    /// Fails when the SQLite database's file was removed (or replaced) while the server ran: its
    /// connections would go on writing to a file no one can open again (said on stderr too).
    pub(crate) fn file_present(&self) -> Result<(), ApiError> {
        use std::os::unix::fs::MetadataExt as _;
        match &self.sqlite_file {
            Some((path, inode)) if std::fs::metadata(path).map_or(true, |m| m.ino() != *inode) => {
                let shown = path.display().to_string();
                eprintln!("omnichess serve: the database file {shown} is gone: writes refused");
                Err(ApiError::StoreGone(shown))
            }
            _ => Ok(()),
        }
    }

    /// Stores a new game.
    pub async fn create(&self, game: &GameRow) -> Result<(), ApiError> {
        self.file_present()?;
        sqlx::query(
            "INSERT INTO games (id, variant, start, white_token, black_token, created_ms, options,
                 white_account, black_account)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&game.id)
        .bind(&game.variant)
        .bind(game.start.as_deref())
        .bind(&game.tokens[0])
        .bind(&game.tokens[1])
        .bind(game.created_ms)
        .bind(game.options.to_json())
        .bind(game.players[0].as_ref().map(|p| p.id.clone()))
        .bind(game.players[1].as_ref().map(|p| p.id.clone()))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The game `id` with its log.
    pub async fn load(&self, id: &str) -> Result<StoredGame, ApiError> {
        self.file_present()?;
        let row = sqlx::query(
            "SELECT g.variant, g.start, g.white_token, g.black_token, g.created_ms, g.options,
                    g.white_account, w.name, g.black_account, b.name
             FROM games g
             LEFT JOIN accounts w ON w.id = g.white_account
             LEFT JOIN accounts b ON b.id = g.black_account
             WHERE g.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| ApiError::UnknownGame(id.chars().take(40).collect()))?;
        let events = self.events_after(id, i64::MIN).await?;
        let options: String = row.try_get(5)?;
        let seat = |at: usize| -> Result<Option<SeatAccount>, sqlx::Error> {
            let id: Option<String> = row.try_get(at)?;
            let name: Option<String> = row.try_get(at + 1)?;
            Ok(id.zip(name).map(|(id, name)| SeatAccount { id, name }))
        };
        let players = [seat(6)?, seat(8)?];
        Ok(StoredGame {
            row: GameRow {
                id: id.to_owned(),
                variant: row.try_get(0)?,
                start: row.try_get(1)?,
                tokens: [row.try_get(2)?, row.try_get(3)?],
                options: GameOptions::from_json(&options),
                created_ms: row.try_get(4)?,
                players,
            },
            events,
        })
    }

    /// `stored` brought up to date: the events stored after its last one read and added (a
    /// game's row never changes once it is made, and events are only ever appended).
    pub async fn load_newer(&self, mut stored: StoredGame) -> Result<StoredGame, ApiError> {
        self.file_present()?;
        let last = stored.events.last().map_or(i64::MIN, |e| e.seq);
        let newer = self.events_after(&stored.row.id, last).await?;
        stored.events.extend(newer);
        Ok(stored)
    }

    /// The events of game `id` numbered after `seq`, in order.
    async fn events_after(&self, id: &str, seq: i64) -> Result<Vec<Event>, ApiError> {
        let events = sqlx::query(
            "SELECT seq, kind, player, text, at_ms FROM events
             WHERE game_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(Event {
                seq: r.try_get(0)?,
                kind: r.try_get(1)?,
                player: r
                    .try_get::<Option<i64>, _>(2)?
                    .and_then(|p| u8::try_from(p).ok()),
                text: r.try_get(3)?,
                at_ms: r.try_get(4)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(events)
    }

    /// Appends `events` (numbered from the game's current length `seq`, which they carry) to
    /// game `id`, all or none. Fails with [`ApiError::Conflict`] when an event with one of
    /// those numbers is already stored (another request was first).
    pub async fn append(&self, id: &str, events: &[Event]) -> Result<(), ApiError> {
        self.append_ending(id, events, None).await
    }

    /// [`Store::append`], and when the events end a rated game, its change of both players'
    /// ratings in the same transaction ([`crate::ratings::store::apply`]).
    pub async fn append_ending(
        &self,
        id: &str,
        events: &[Event],
        rated: Option<&crate::ratings::store::RatedEnd>,
    ) -> Result<(), ApiError> {
        self.file_present()?;
        let mut tx = Write::begin(&self.pool).await?;
        for event in events {
            let inserted = sqlx::query(
                "INSERT INTO events (game_id, seq, kind, player, text, at_ms)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(event.seq)
            .bind(&event.kind)
            .bind(event.player.map(i64::from))
            .bind(&event.text)
            .bind(event.at_ms)
            .execute(&mut *tx)
            .await;
            if let Err(e) = inserted {
                return Err(if unique_violation(&e) {
                    ApiError::Conflict(
                        "the game has moved on: another move or action was stored first".to_owned(),
                    )
                } else {
                    ApiError::Storage(e)
                });
            }
        }
        if let Some(end) = rated {
            crate::ratings::store::apply(&mut tx, self.is_postgres(), id, end, now_ms()).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The PostgreSQL URL, when the store is on PostgreSQL.
    #[must_use]
    pub fn postgres_url(&self) -> Option<&str> {
        self.postgres.as_deref()
    }

    /// Tells the other servers on this PostgreSQL database that `message` happened (a no-op on
    /// SQLite, which one server owns).
    pub async fn notify(&self, message: &str) -> Result<(), ApiError> {
        if self.postgres.is_some() {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(message)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// The ids of games with an engine seat or a clock created or changed since `since_ms`:
    /// the server looks at them when it starts, to resume the engine's turns and the flag
    /// timers (a correspondence game may be weeks old, its last move days).
    pub async fn timed_or_engine_games(&self, since_ms: i64) -> Result<Vec<String>, ApiError> {
        let rows = sqlx::query(
            "SELECT id FROM games
             WHERE (created_ms >= $1
                    OR id IN (SELECT DISTINCT game_id FROM events WHERE at_ms >= $1))
             AND (options LIKE '%\"engine\":{%' OR options LIKE '%\"clock\":{%')",
        )
        .bind(since_ms)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .filter_map(|r| r.try_get::<String, _>(0).ok())
            .collect())
    }

    /// The games created or changed since `since_ms`, the latest first, at most `limit`:
    /// `(id, when it last changed)`.
    pub async fn recent_games(
        &self,
        since_ms: i64,
        limit: usize,
    ) -> Result<Vec<(String, i64)>, ApiError> {
        let rows = sqlx::query(
            "SELECT id, MAX(at) AS latest FROM (
                 SELECT game_id AS id, at_ms AS at FROM events WHERE at_ms >= $1
                 UNION ALL
                 SELECT id, created_ms AS at FROM games WHERE created_ms >= $1
             ) AS recent GROUP BY id ORDER BY latest DESC, id LIMIT $2",
        )
        .bind(since_ms)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(ApiError::Storage)
    }
}
