//! # omnichess-server
//!
//! `omnichess serve`: the web platform. Games of every variant in the browser, against the
//! engine or a friend by link, stored in SQLite (one file, the default) or PostgreSQL through
//! one code path. The server is the only judge of legality; each player holds a seat token.
//! The protocol (HTTP and WebSocket, versioned) is docs/PROTOCOL.md; the UI is the folder
//! `assets/`, built into the binary.
#![deny(missing_docs)]

pub mod accounts;
pub mod analysis;
pub mod assets;
pub mod error;
pub mod game;
pub mod lab;
pub mod listen;
pub mod lobby;
pub mod players;
pub mod protocol;
pub mod rate_limit;
pub mod ratings;
pub mod service;
pub mod socket_idle;
pub mod store;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use rate_limit::RateLimit;
use tower_http::compression::CompressionLayer;

pub use error::ApiError;
pub use service::App;
pub use store::Store;

/// Engine jobs that may wait for a worker before the server answers 503.
pub const ENGINE_QUEUE: usize = 64;

/// The routes of `app`.
pub fn router(app: App) -> Router {
    let costly = Router::new()
        .route("/api/games", post(game::routes::create))
        .route("/api/seeks", post(lobby::routes::create))
        .route("/api/seeks/{id}/accept", post(lobby::routes::accept))
        .route("/api/analysis/ws", get(analysis::socket::upgrade))
        .route("/api/studies", post(lab::routes::create));
    let signing_in = Router::new()
        .route("/api/account/signup", post(accounts::routes::sign_up))
        .route("/api/account/signin", post(accounts::routes::sign_in));
    Router::new()
        .merge(rate_limit::limited(
            costly,
            app.rate_limit(),
            "new games, seeks, analyses or studies",
        ))
        .merge(rate_limit::limited(
            signing_in,
            app.sign_in_limit(),
            "attempts to sign up or in",
        ))
        .route("/api/account", get(accounts::routes::show))
        .route("/api/account/signout", post(accounts::routes::sign_out))
        .route("/", get(assets::page))
        .route("/game/{id}", get(assets::page))
        .route("/analysis", get(assets::page))
        .route("/lab", get(assets::page))
        .route("/account", get(assets::page))
        .route("/player/{name}", get(assets::page))
        .route("/leaderboard", get(assets::page))
        .route("/api/players/{name}", get(players::routes::profile))
        .route(
            "/api/leaderboard/{variant}",
            get(players::routes::leaderboard),
        )
        .route("/assets/{*path}", get(assets::file))
        .route("/api/variants", get(lobby::variants::list))
        .route("/api/studies", get(lab::routes::list))
        .route("/api/studies/{id}", get(lab::routes::show))
        .route("/api/studies/{id}/csv/{figure}", get(lab::routes::csv))
        .route("/api/studies/{id}/stop", post(lab::routes::stop))
        .route("/api/studies/{id}/delete", post(lab::routes::delete))
        .route("/api/games", get(lobby::games::playing))
        .route("/api/games/turns", post(lobby::games::turns))
        .route("/api/seeks", get(lobby::routes::list))
        .route("/api/seeks/{id}/poll", post(lobby::routes::poll))
        .route("/api/seeks/{id}/cancel", post(lobby::routes::cancel))
        .route("/api/games/{id}", get(game::routes::show))
        .route("/api/games/{id}/decisions", post(game::routes::decide))
        .route("/api/games/{id}/actions", post(game::routes::act))
        .route("/api/games/{id}/record", get(game::routes::record))
        .route("/api/games/{id}/views/{ply}", get(game::routes::view_at))
        .route("/api/positions", post(analysis::positions::show))
        .route("/api/games/{id}/ws", get(game::socket::upgrade))
        .layer(DefaultBodyLimit::max(game::routes::MAX_BODY))
        .layer(CompressionLayer::new())
        .with_state(app)
}

/// Where and on what the server runs.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (`127.0.0.1:8080`).
    pub listen: String,
    /// The database URL (`sqlite://omnichess.db` or `postgres://…`).
    pub database: String,
    /// Engine searches run at once (0: one per core).
    pub engine_workers: usize,
    /// The longest one request may spend rebuilding and judging a game
    /// ([`service::DEFAULT_WORK_LIMIT`]).
    pub work_limit: std::time::Duration,
    /// Games created and analyses opened per client and minute
    /// ([`rate_limit::DEFAULT_PER_MINUTE`]); 0: no limit.
    pub per_minute: u32,
    /// The header timeout and the connections per client ([`listen::ConnectionLimits`]).
    pub connections: listen::ConnectionLimits,
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened.
    #[error("database {url}: {source}")]
    Database {
        /// The URL.
        url: String,
        /// Why.
        source: sqlx::Error,
    },
    /// The address could not be listened on, or serving failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Games created or changed within this many milliseconds are looked at on start, to resume
/// the engine's turns and the flag timers in them: 8 days, past the longest per-move time
/// (7 days, correspondence).
const RESUME_WINDOW_MS: i64 = 8 * 24 * 3_600_000;

/// Runs the server until interrupted, calling `ready` with the address once it listens.
pub fn run(config: &ServeConfig, ready: impl FnOnce(&str)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Runtime::new()?;
    let served = runtime.block_on(async {
        let store = Store::open(&config.database)
            .await
            .map_err(|source| ServeError::Database {
                url: config.database.clone(),
                source,
            })?;
        let workers = match config.engine_workers {
            0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            n => n,
        };
        let limit = (config.per_minute > 0).then(|| RateLimit::per_minute(config.per_minute));
        let sign_in =
            (config.per_minute > 0).then(|| RateLimit::per_minute(rate_limit::SIGN_IN_PER_MINUTE));
        let app = App::new(store, workers, ENGINE_QUEUE)
            .with_work_limit(config.work_limit)
            .with_rate_limit(limit)
            .with_sign_in_limit(sign_in);
        let listener = tokio::net::TcpListener::bind(&config.listen).await?;
        resume(&app).await;
        app.lab.keep_awake(
            &app.store,
            &format!("server-{}", app.server_id()),
            lab::runner::WAKE_EVERY,
        );
        tokio::spawn(store::peers::listen(app.clone()));
        ready(&listener.local_addr()?.to_string());
        let serving = listen::serve(listener, router(app), config.connections, async {
            let _ = tokio::signal::ctrl_c().await;
        });
        // Requests in flight finish; sockets still open (games, analyses) are closed after
        // the grace period rather than waited for.
        tokio::select! {
            served = serving => served?,
            () = async {
                let _ = tokio::signal::ctrl_c().await;
                tokio::time::sleep(SHUTDOWN_GRACE).await;
            } => {}
        }
        Ok::<(), ServeError>(())
    });
    // The lab's games and the engine's searches on blocking threads are left, not waited for:
    // a batch not stored is played again once its lease runs out, an engine turn when the
    // server starts again.
    runtime.shutdown_timeout(SHUTDOWN_GRACE);
    served
}

/// How long an interrupted server waits for open connections, then for its searches, before
/// it exits.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// After a restart: the engine moves where it is to move, and the running clocks get their
/// flag timers again (a clock that ran out while the server was down flags at once).
pub async fn resume(app: &App) {
    let since = store::now_ms() - RESUME_WINDOW_MS;
    if let Ok(ids) = app.store.timed_or_engine_games(since).await {
        for id in ids {
            let _ = app.changed(&id, &[]).await;
        }
    }
}
