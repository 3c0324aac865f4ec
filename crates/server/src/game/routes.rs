//! The game routes over HTTP (docs/PROTOCOL.md): create a game (from the start, a position or
//! an imported record; against a friend or the engine; with a clock), see it, make a decision
//! or an action with a seat token, export its record.
//!
//! A body that is not the JSON asked for gets `400 {"error"}`; one over [`MAX_BODY`] bytes
//! `413`. Errors never change a game.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use omnichess_core::ToAct;
use rand::Rng;

use crate::accounts::sessions::Viewer;
use crate::error::ApiError;
use crate::game::commands::{Command, roll_chance};
use crate::game::export::{Facts, complete};
use crate::game::loaded::variant;
use crate::game::options::GameOptions;
use crate::game::snapshot_parts::Shown;
use crate::protocol::http::{Created, Tokens};
use crate::protocol::snapshot::GameView;
use crate::protocol::{JsonText, Reply};
use crate::service::App;
use crate::store::{Event, GameRow, SeatAccount, now_ms};
use omnichess_core::work_limit;

pub use crate::protocol::http::{CreateGame, MakeAction, MakeDecision};

/// A day in milliseconds: the longest base time and increment of a clock.
pub const DAY_MS: i64 = 24 * 3_600_000;

/// The longest per-move time of a clock: 7 days, the longest correspondence control.
pub const MAX_PER_MOVE_MS: i64 = 7 * DAY_MS;
/// The most turns before a clock's period adds its extra time (FIDE's classical controls
/// add it after move 40 or 60).
pub const MAX_PERIOD_TURNS: i64 = 1_000;

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// A JSON body, or the reason it is not one as `{"error"}` with the rejection's status (400
/// not JSON, 413 too large, 415 not declared JSON, 422 JSON of the wrong shape).
pub(crate) fn body<T>(json: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    json.map(|Json(t)| t)
        .map_err(|e| ApiError::Rejected(e.status(), e.body_text()))
}

/// A new secret: 32 hexadecimal digits (seat tokens, seek tokens).
pub(crate) fn token() -> String {
    format!("{:032x}", rand::thread_rng().r#gen::<u128>())
}

/// A new game id: 12 hexadecimal digits.
#[must_use]
pub fn new_id() -> String {
    format!("{:012x}", rand::thread_rng().r#gen::<u64>() >> 16)
}

/// The events a new game starts with: `imported` decisions (each by whoever acted) and the
/// die's rolls until a player acts.
pub fn first_events(row: &GameRow, imported: &[String]) -> Result<Vec<Event>, ApiError> {
    let entry = variant(&row.variant)?;
    let mut game =
        (entry.open)(row.start.as_deref()).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let now = now_ms();
    let mut events = Vec::new();
    let push = |kind: &str, player: Option<u8>, text: String, events: &mut Vec<Event>| {
        events.push(Event {
            seq: i64::try_from(events.len()).unwrap_or(i64::MAX),
            kind: kind.to_owned(),
            player,
            text,
            at_ms: now,
        });
    };
    for (i, text) in imported.iter().enumerate() {
        if work_limit::expired() {
            return Err(ApiError::Unverifiable(format!(
                "stopped at decision {}",
                i + 1
            )));
        }
        let player = game.to_act().player().map(|p| p as u8);
        game.play(text).map_err(|e| {
            ApiError::BadRequest(format!("the record's decision {} (`{text}`): {e}", i + 1))
        })?;
        let kind = if player.is_some() {
            "decision"
        } else {
            "chance"
        };
        push(
            kind,
            player,
            game.history().pop().unwrap_or_default(),
            &mut events,
        );
    }
    if !matches!(game.to_act(), ToAct::Nobody(_)) {
        for roll in roll_chance(game.as_mut())? {
            push("chance", None, roll, &mut events);
        }
    }
    Ok(events)
}

/// The start and decisions of a record or a position.
fn start_of(request: &CreateGame) -> Result<(Option<String>, Vec<String>), ApiError> {
    let entry = variant(&request.variant)?;
    if let Some(record) = request.record.as_deref().filter(|r| !r.trim().is_empty()) {
        let parsed =
            (entry.parse_record)(record).map_err(|e| ApiError::BadRequest(e.to_string()))?;
        let decisions = parsed.decisions.into_iter().map(|d| d.text).collect();
        return Ok((parsed.start, decisions));
    }
    let position = request.position.clone().filter(|p| !p.trim().is_empty());
    if let Some(text) = &position {
        (entry.open)(Some(text)).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    }
    Ok((position, Vec::new()))
}

/// Checks a `POST /api/games` body (the variant, the clock, the engine seat, the position or
/// record): the start position and the record's decisions to import, or why not. Pure: the
/// fuzz target `server_http` calls it.
pub fn check(request: &CreateGame) -> Result<(Option<String>, Vec<String>), ApiError> {
    variant(&request.variant)?;
    if let Some(clock) = request.clock {
        let within = |ms: i64, most: i64| (0..=most).contains(&ms);
        if !(within(clock.base_ms, DAY_MS)
            && within(clock.increment_ms, DAY_MS)
            && within(clock.per_move_ms, MAX_PER_MOVE_MS))
            || clock.base_ms == 0 && clock.per_move_ms == 0
        {
            return Err(ApiError::BadRequest(
                "a clock has a base time (up to 24 hours, with an increment up to 24 hours) \
                 or a per-move time (up to 7 days)"
                    .to_owned(),
            ));
        }
        if let Some([turns, extra_ms]) = clock.period
            && !(within(turns, MAX_PERIOD_TURNS) && turns > 0 && within(extra_ms, DAY_MS))
        {
            return Err(ApiError::BadRequest(format!(
                "a clock's period is [turns, extra_ms]: after 1 to {MAX_PERIOD_TURNS} turns, \
                 0 to 24 hours added"
            )));
        }
    }
    if let Some(engine) = request.engine
        && (engine.seat > 1 || !(1..=8).contains(&engine.level))
    {
        return Err(ApiError::BadRequest(
            "engine: seat 0 or 1, level 1 to 8".to_owned(),
        ));
    }
    if request.engine.is_some() {
        omnichess_engine::find(&request.variant)
            .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    }
    start_of(request)
}

/// `POST /api/games`.
///
/// Against the engine, the player's seat is bound to the account signed in, if any.
pub async fn create(
    State(app): State<App>,
    Viewer(account): Viewer,
    request: Result<Json<CreateGame>, JsonRejection>,
) -> Result<(StatusCode, Reply<Created>), ApiError> {
    let request = body(request)?;
    let mut players = [None, None];
    if let (Some(engine), Some(account)) = (request.engine, account)
        && engine.seat <= 1
    {
        players[usize::from(1 - engine.seat)] = Some(SeatAccount {
            id: account.id,
            name: account.name,
        });
    }
    let created = start_game(&app, &request, players).await?;
    Ok((StatusCode::CREATED, Reply(created)))
}

/// Checks `request`, then stores the new game and its first events (a game created with
/// `POST /api/games`, or by accepting a seek), its seats held by `players`.
pub async fn start_game(
    app: &App,
    request: &CreateGame,
    players: [Option<SeatAccount>; 2],
) -> Result<Created, ApiError> {
    let (start, imported) = check(request)?;
    let entry = variant(&request.variant)?;
    let casual = request.casual.unwrap_or(true);
    let rated = match &players {
        [Some(a), Some(b)] => !casual && request.engine.is_none() && a.id != b.id,
        _ => false,
    };
    let row = GameRow {
        id: new_id(),
        variant: entry.name.to_owned(),
        start,
        tokens: [token(), token()],
        options: GameOptions {
            clock: request.clock,
            casual,
            engine: request.engine,
            rematch_of: None,
            rated,
        },
        created_ms: now_ms(),
        players,
    };
    // Checking a record replays it: off the async threads, within half the work limit so
    // that every later request can rebuild the game within the whole.
    let (row, events) = app
        .off_thread(app.work_limit() / 2, ApiError::Unverifiable, move || {
            let events = first_events(&row, &imported)?;
            Ok((row, events))
        })
        .await?;
    let shown = app.create(&row, &events).await?;
    let game = serde_json::from_str(&shown.text())
        .map_err(|e| ApiError::Engine(format!("the new game's snapshot: {e}")))?;
    let [white, black] = row.tokens;
    Ok(Created {
        id: row.id,
        tokens: Tokens { white, black },
        game,
    })
}

/// `GET /api/games/{id}`: the snapshot kept for the game's version (with the clocks as of
/// now), or else made.
pub async fn show(State(app): State<App>, Path(id): Path<String>) -> Result<Shown, ApiError> {
    app.shown(&id).await
}

/// `GET /api/games/{id}/views/{ply}`: the boards after the first `ply` decisions, for a
/// player stepping through the game; 400 past the decisions played.
pub async fn view_at(
    State(app): State<App>,
    Path((id, ply)): Path<(String, usize)>,
) -> Result<Reply<GameView>, ApiError> {
    let stored = app.store.load(&id).await?;
    let view = app
        .with_game(stored, move |loaded| {
            loaded
                .view_at(ply)
                .ok_or_else(|| ApiError::BadRequest(format!("the game has no decision {ply}")))
        })
        .await?;
    Ok(Reply(view))
}

/// `POST /api/games/{id}/decisions`: the new snapshot, or with `patch` and `version` what
/// changed since that version (a `DecisionPatch`), where the server kept it.
pub async fn decide(
    State(app): State<App>,
    Path(id): Path<String>,
    request: Result<Json<MakeDecision>, JsonRejection>,
) -> Result<JsonText, ApiError> {
    let request = body(request)?;
    let (patch, from) = (request.patch, request.version);
    let command = Command::Decision {
        text: request.decision,
        version: request.version,
    };
    let shown = app.execute(&id, Some(&request.token), command).await?;
    let patched = from
        .filter(|_| patch)
        .and_then(|from| shown.patch_text(from));
    Ok(JsonText(patched.unwrap_or_else(|| shown.text())))
}

/// `POST /api/games/{id}/actions`.
pub async fn act(
    State(app): State<App>,
    Path(id): Path<String>,
    request: Result<Json<MakeAction>, JsonRejection>,
) -> Result<Shown, ApiError> {
    let request = body(request)?;
    let command = Command::Action(request.action);
    app.execute(&id, Some(&request.token), command).await
}

/// `GET /api/games/{id}/record`: the game in the variant's record format, its tags filled in
/// by the server ([`crate::game::export`]).
pub async fn record(State(app): State<App>, Path(id): Path<String>) -> Result<String, ApiError> {
    let stored = app.store.load(&id).await?;
    app.with_game(stored, |loaded| {
        let row = &loaded.stored.row;
        let result = loaded.finish().map(|f| f.result).unwrap_or_default();
        let facts = Facts {
            created_ms: row.created_ms,
            options: &row.options,
            players: [
                row.players[0].as_ref().map(|p| p.name.as_str()),
                row.players[1].as_ref().map(|p| p.name.as_str()),
            ],
            title: variant(&row.variant)?.title,
            ending: loaded
                .ending_reason()
                .map(|reason| (result.as_str(), reason)),
        };
        Ok(complete(&loaded.game.record_text(), &facts))
    })
    .await
}
