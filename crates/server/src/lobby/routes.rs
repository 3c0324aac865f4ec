//! The lobby's seek routes (docs/PROTOCOL.md, "The lobby"): make a seek, list the open ones,
//! the seeker's poll and cancel, and accepting one, which creates the game. The seeks
//! themselves are [`crate::lobby::seeks`]; the lists of games, [`crate::lobby::games`].
//!
//! The seeker learns of its game by polling (`POST /api/seeks/{id}/poll` every few seconds):
//! the poll is also the heartbeat that keeps the seek alive, so one plain request does both,
//! through any proxy, and a seeker whose page is gone stops polling and its seek goes.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use rand::Rng;

use crate::accounts::sessions::Viewer;
use crate::error::ApiError;
use crate::game::loaded::variant;
use crate::game::routes::{body, check, new_id, start_game, token};
use crate::protocol::Reply;
use crate::protocol::http::CreateGame;
use crate::protocol::lobby::{
    CreateSeek, SeekAccepted, SeekCreated, SeekItem, SeekStatus, SeekToken,
};
use crate::service::App;
use crate::store::SeatAccount;
use crate::store::now_ms;

/// The highest rating a seek's range may name.
pub const MAX_RATING: i64 = 4000;

/// The rating a seek's range is checked against before an account's first rated game in the
/// variant and speed: Glicko-2's start.
const UNRATED: i64 = 1500;

/// Whether the accepter may take `seek` by its rating range: anyone when it has none;
/// otherwise an account whose rating in the seek's variant and speed is within it (403
/// signed out, 409 outside it).
async fn check_range(
    app: &App,
    seek: &SeekItem,
    accepter: Option<&crate::accounts::store::Account>,
) -> Result<(), ApiError> {
    let Some([low, high]) = seek.rating_range else {
        return Ok(());
    };
    let Some(account) = accepter else {
        return Err(ApiError::Forbidden(format!(
            "this seek is for ratings {low} to {high}: sign in to accept it"
        )));
    };
    let speed = crate::ratings::speed::speed(seek.clock.as_ref());
    let rating = app
        .store
        .rating_of(&account.name, &seek.variant, speed)
        .await?
        .map_or(UNRATED, |(r, _)| r.rating.round() as i64);
    if (low..=high).contains(&rating) {
        Ok(())
    } else {
        Err(ApiError::Conflict(format!(
            "this seek is for ratings {low} to {high}; yours in {} {speed} is {rating}",
            seek.variant
        )))
    }
}

/// The game a seek asks for, as `POST /api/games` would take it.
fn game_of(seek: &SeekItem) -> CreateGame {
    CreateGame {
        variant: seek.variant.clone(),
        position: seek.position.clone(),
        clock: seek.clock,
        casual: Some(seek.casual),
        ..CreateGame::default()
    }
}

/// Checks a `POST /api/seeks` body: the seek it makes (its id new), or the one reason it is
/// wrong (400).
pub fn check_seek(request: &CreateSeek) -> Result<SeekItem, ApiError> {
    if request.seat.is_some_and(|s| s > 1) {
        return Err(ApiError::BadRequest(
            "seat: 0, 1, or null for a seat drawn when the seek is accepted".to_owned(),
        ));
    }
    if let Some([low, high]) = request.rating_range
        && !(0 <= low && low <= high && high <= MAX_RATING)
    {
        return Err(ApiError::BadRequest(format!(
            "rating_range: [low, high] with 0 ≤ low ≤ high ≤ {MAX_RATING}"
        )));
    }
    let entry = variant(&request.variant)?;
    let item = SeekItem {
        id: new_id(),
        variant: entry.name.to_owned(),
        position: request.position.clone().filter(|p| !p.trim().is_empty()),
        clock: request.clock,
        casual: request.casual.unwrap_or(true),
        seat: request.seat,
        rating_range: request.rating_range,
        created_ms: now_ms(),
    };
    check(&game_of(&item))?;
    Ok(item)
}

/// `POST /api/seeks`.
///
/// The seeker's seat is bound to the account signed in, if any.
pub async fn create(
    State(app): State<App>,
    extensions: axum::http::Extensions,
    Viewer(account): Viewer,
    request: Result<Json<CreateSeek>, JsonRejection>,
) -> Result<(StatusCode, Reply<SeekCreated>), ApiError> {
    let seek = check_seek(&body(request)?)?;
    let token = token();
    let client = extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|info| info.ip());
    let account = account.map(|a| SeatAccount {
        id: a.id,
        name: a.name,
    });
    app.seeks.add(seek.clone(), &token, client, account).await?;
    let created = SeekCreated {
        id: seek.id.clone(),
        token,
        seek,
    };
    Ok((StatusCode::CREATED, Reply(created)))
}

/// `GET /api/seeks`: the open seeks, newest first.
pub async fn list(State(app): State<App>) -> Result<Reply<Vec<SeekItem>>, ApiError> {
    Ok(Reply(app.seeks.open().await?))
}

/// `POST /api/seeks/{id}/poll`: the seeker keeps its seek alive and learns its game.
pub async fn poll(
    State(app): State<App>,
    Path(id): Path<String>,
    request: Result<Json<SeekToken>, JsonRejection>,
) -> Result<Reply<SeekStatus>, ApiError> {
    let request = body(request)?;
    Ok(Reply(app.seeks.poll(&id, &request.token).await?))
}

/// `POST /api/seeks/{id}/cancel`: the seeker withdraws an open seek (204).
pub async fn cancel(
    State(app): State<App>,
    Path(id): Path<String>,
    request: Result<Json<SeekToken>, JsonRejection>,
) -> Result<StatusCode, ApiError> {
    let request = body(request)?;
    app.seeks.cancel(&id, &request.token).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/seeks/{id}/accept`: creates the seek's game; the accepter gets its seat, the
/// seeker's poll the other. The game is made on a task of its own, so that an accepter who
/// hangs up leaves no seek half accepted.
/// The accepter's seat is bound to the account signed in, if any.
///
/// A seeker cannot accept its own seek (409): a seek made while signed in is refused to the
/// same account, and a body `{"token": …}` holding the seek's own token (a page that made
/// the seek sends it) is refused too.
pub async fn accept(
    State(app): State<App>,
    Viewer(account): Viewer,
    Path(id): Path<String>,
    request: Option<Json<SeekToken>>,
) -> Result<(StatusCode, Reply<SeekAccepted>), ApiError> {
    let token = request.map(|Json(r)| r.token);
    if let Some(seek) = app.seeks.item(&id).await? {
        check_range(&app, &seek, account.as_ref()).await?;
    }
    let (seek, seeker_account) = app
        .seeks
        .claim(
            &id,
            account.as_ref().map(|a| a.id.as_str()),
            token.as_deref(),
        )
        .await?;
    let accepter_account = account.map(|a| SeatAccount {
        id: a.id,
        name: a.name,
    });
    let task = tokio::spawn(async move {
        let seeker = seek
            .seat
            .unwrap_or_else(|| rand::thread_rng().gen_range(0..2));
        let mut players = [None, None];
        players[usize::from(seeker)] = seeker_account;
        players[usize::from(1 - seeker)] = accepter_account;
        let created = match start_game(&app, &game_of(&seek), players).await {
            Ok(created) => created,
            Err(e) => {
                // The seek is open again; a failure to say so leaves it to time out.
                let _ = app.seeks.reopen(&id).await;
                return Err(e);
            }
        };
        let mut tokens = [created.tokens.white, created.tokens.black];
        let accepter = 1 - seeker;
        let seekers = std::mem::take(&mut tokens[usize::from(seeker)]);
        app.seeks
            .accepted(&id, &created.id, seeker, &seekers)
            .await?;
        Ok(SeekAccepted {
            game: created.id,
            seat: accepter,
            game_token: std::mem::take(&mut tokens[usize::from(accepter)]),
        })
    });
    let accepted = task.await.map_err(|e| ApiError::Engine(e.to_string()))??;
    Ok((StatusCode::CREATED, Reply(accepted)))
}
