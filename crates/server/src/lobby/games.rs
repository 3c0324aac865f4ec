//! The lobby's lists of games (docs/PROTOCOL.md, "The lobby"): the games being played now,
//! to watch (`GET /api/games?status=playing`), and whose turn it is in the games a browser
//! holds seats in (`POST /api/games/turns`), so that its lobby lists "your turn" first.
//!
//! Both rebuild each game they tell about, within the request's work limit. The list of games
//! being played is computed at most once every [`PLAYING_FRESH`] for all visitors (the
//! lobby refreshes it every few seconds), from at most three times the games it lists.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Query, State};

use crate::error::ApiError;
use crate::game::export::seat_name;
use crate::game::routes::body;
use crate::protocol::Reply;
use crate::protocol::lobby::{PlayingGame, TurnItem, TurnsRequest};
use crate::service::App;
use crate::store::now_ms;

/// Games `POST /api/games/turns` tells about at once.
pub const MAX_TURNS: usize = 30;

/// Games `GET /api/games?status=playing` lists at most (`limit`); the default is 20.
pub const MAX_PLAYING: usize = 50;

const DEFAULT_PLAYING: usize = 20;

/// A game is listed as being played when it was created or changed within this window (7
/// days: a correspondence game's longest move).
pub const PLAYING_WINDOW_MS: i64 = 7 * 24 * 3_600_000;

/// How long a computed list of games being played is answered again.
pub const PLAYING_FRESH: Duration = Duration::from_secs(2);

/// A computed list of games being played: when, for which limit, what.
type Computed = (Instant, usize, Vec<PlayingGame>);

/// The last list of games being played; its lock is held while one is computed, so that
/// visitors asking at once wait for the one computation.
#[derive(Clone, Debug, Default)]
pub struct PlayingCache(Arc<tokio::sync::Mutex<Option<Computed>>>);

/// The `limit` of a query, 1 to [`MAX_PLAYING`] (default 20), or why not.
fn limit_of(query: &HashMap<String, String>) -> Result<usize, ApiError> {
    let Some(text) = query.get("limit") else {
        return Ok(DEFAULT_PLAYING);
    };
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_PLAYING).contains(n))
        .ok_or_else(|| ApiError::BadRequest(format!("limit: a number from 1 to {MAX_PLAYING}")))
}

/// `GET /api/games?status=playing&limit=N`: the games not over, the latest changed first.
pub async fn playing(
    State(app): State<App>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Reply<Vec<PlayingGame>>, ApiError> {
    match query.get("status").map(String::as_str) {
        Some("playing") => {}
        _ => {
            return Err(ApiError::BadRequest(
                "status: only `status=playing` (the games being played now) is listed".to_owned(),
            ));
        }
    }
    let limit = limit_of(&query)?;
    let mut cached = app.playing.0.lock().await;
    if let Some((at, for_limit, list)) = cached.as_ref()
        && *for_limit == limit
        && at.elapsed() < PLAYING_FRESH
    {
        return Ok(Reply(list.clone()));
    }
    let list = games_being_played(&app, limit).await?;
    *cached = Some((Instant::now(), limit, list.clone()));
    Ok(Reply(list))
}

/// At most `limit` games not over, from the `3 × limit` changed last.
async fn games_being_played(app: &App, limit: usize) -> Result<Vec<PlayingGame>, ApiError> {
    let since = now_ms() - PLAYING_WINDOW_MS;
    let mut list = Vec::new();
    for (id, last_ms) in app.store.recent_games(since, limit * 3).await? {
        if list.len() == limit {
            break;
        }
        let stored = match app.store.load(&id).await {
            Ok(stored) => stored,
            Err(ApiError::UnknownGame(_)) => continue,
            Err(e) => return Err(e),
        };
        let summary = app
            .with_game(stored, move |loaded| {
                if loaded.finish().is_some() {
                    return Ok(None);
                }
                let row = &loaded.stored.row;
                Ok(Some(PlayingGame {
                    id: row.id.clone(),
                    variant: row.variant.clone(),
                    player_names: [loaded.name(0).to_owned(), loaded.name(1).to_owned()],
                    engine: row.options.engine,
                    moves: loaded.log.decisions.len(),
                    to_act_index: loaded.actor(),
                    clock: loaded.clock_state(now_ms()),
                    last_ms,
                }))
            })
            .await;
        match summary {
            Ok(Some(game)) => list.push(game),
            // Over, or too costly to judge now: not listed.
            Ok(None) | Err(ApiError::OverLimit(_) | ApiError::Conflict(_)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(list)
}

/// `POST /api/games/turns`: for each game asked about, whether it is the asker's turn.
pub async fn turns(
    State(app): State<App>,
    request: Result<Json<TurnsRequest>, JsonRejection>,
) -> Result<Reply<Vec<TurnItem>>, ApiError> {
    let request = body(request)?;
    if request.games.len() > MAX_TURNS {
        return Err(ApiError::BadRequest(format!(
            "games: at most {MAX_TURNS} at once"
        )));
    }
    if request.games.iter().any(|g| g.seat.is_some_and(|s| s > 1)) {
        return Err(ApiError::BadRequest(
            "seat: 0, 1, or null when not known".to_owned(),
        ));
    }
    let mut items = Vec::with_capacity(request.games.len());
    for asked in request.games {
        let stored = match app.store.load(&asked.id).await {
            Ok(stored) => stored,
            Err(ApiError::UnknownGame(_)) => {
                items.push(TurnItem {
                    id: asked.id,
                    ..TurnItem::default()
                });
                continue;
            }
            Err(e) => return Err(e),
        };
        let seat = asked.seat;
        let item = app
            .with_game(stored, move |loaded| {
                let to_act = loaded.actor();
                let row = &loaded.stored.row;
                let opponent = seat.and_then(|mine| {
                    let other = 1 - mine.min(1);
                    let account = row.players[usize::from(other)].as_ref();
                    seat_name(row.options.engine, account.map(|a| a.name.as_str()), other)
                });
                let finish = loaded.finish();
                Ok(TurnItem {
                    id: loaded.stored.row.id.clone(),
                    found: true,
                    variant: Some(loaded.stored.row.variant.clone()),
                    over: finish.is_some(),
                    to_act_index: to_act,
                    your_turn: seat.is_some() && to_act == seat,
                    moves: loaded.log.decisions.len(),
                    opponent,
                    result: finish.map(|f| f.text),
                })
            })
            .await?;
        items.push(item);
    }
    Ok(Reply(items))
}
