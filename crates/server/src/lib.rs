//! # omnichess-server
//!
//! `omnichess serve`: games of every variant over HTTP, stored in SQLite (one file, the
//! default) or PostgreSQL through one code path. The server is the only judge of legality;
//! each player holds a seat token. The API is described in [`games`]; the browser UI and the
//! WebSocket protocol are not built yet (issue 20).
#![deny(missing_docs)]

pub mod assets;
pub mod error;
pub mod games;
pub mod store;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

pub use error::ApiError;
pub use store::Store;

/// The routes over `store`.
pub fn router(store: Store) -> Router {
    Router::new()
        .route("/", get(assets::page))
        .route("/game/{id}", get(assets::page))
        .route("/analysis", get(assets::page))
        .route("/assets/{*path}", get(assets::file))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/decisions", post(games::decide))
        .route("/api/games/{id}/record", get(games::record))
        .layer(DefaultBodyLimit::max(games::MAX_BODY))
        .with_state(store)
}

/// Where and on what the server runs.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (`127.0.0.1:8080`).
    pub listen: String,
    /// The database URL (`sqlite://omnichess.db` or `postgres://…`).
    pub database: String,
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

/// Runs the server until interrupted, calling `ready` with the address once it listens.
pub fn run(config: &ServeConfig, ready: impl FnOnce(&str)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let store = Store::open(&config.database)
            .await
            .map_err(|source| ServeError::Database {
                url: config.database.clone(),
                source,
            })?;
        let listener = tokio::net::TcpListener::bind(&config.listen).await?;
        ready(&listener.local_addr()?.to_string());
        axum::serve(listener, router(store))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    })
}
