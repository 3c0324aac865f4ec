//! The game API: create a game, see it, make a decision with a seat token. The server is the
//! only judge of legality: every request rebuilds the game from the store through the
//! variant registry and checks the decision with the variant's own parser.
//!
//! | route | does |
//! |---|---|
//! | `POST /api/games` `{"variant", "position"?}` | creates a game: `201 {"id", "tokens": {"white", "black"}, "game"}` |
//! | `GET /api/games/{id}` | the game: position text, who acts, legal decisions, history, outcome |
//! | `POST /api/games/{id}/decisions` `{"token", "decision", "ply"?}` | plays a decision for the seat whose token it is: `200 {game}`; `403` not that seat's turn, `409` the game moved on (`ply` is not the current one) or is over, `422` illegal |
//! | `GET /api/games/{id}/record` | the game in the variant's record format (PGN, 5DPGN, …) |
//!
//! A body that is not the JSON asked for gets `400 {"error"}`; one over [`MAX_BODY`] bytes
//! `413`. Errors never change a game.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use omnichess_core::{DynGame, ToAct, VariantEntry};
use rand::Rng;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::store::{Store, StoredGame};

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
pub struct CreateGame {
    /// The variant's name (`classic`, `dmchess`, …).
    pub variant: String,
    /// A start position in the variant's position text; the standard start if absent.
    pub position: Option<String>,
}

/// `POST /api/games/{id}/decisions`.
#[derive(Debug, Deserialize)]
pub struct MakeDecision {
    /// The seat token of the player making it.
    pub token: String,
    /// The decision in the variant's notation.
    pub decision: String,
    /// The number of decisions the client has seen (optional): if the game has moved on
    /// since, the decision is refused with 409 rather than applied to another position.
    pub ply: Option<usize>,
}

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// A JSON body, or the reason it is not one, as `400 {"error"}`.
fn body<T>(json: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    json.map(|Json(t)| t)
        .map_err(|e| ApiError::BadRequest(e.body_text()))
}

fn variant(name: &str) -> Result<&'static VariantEntry, ApiError> {
    omnichess_variants::REGISTRY
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| ApiError::UnknownVariant(name.chars().take(40).collect()))
}

/// The game rebuilt from its stored decisions.
fn rebuild(stored: &StoredGame) -> Result<Box<dyn DynGame>, ApiError> {
    let entry = variant(&stored.variant)?;
    let mut game =
        (entry.open)(stored.start.as_deref()).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    for text in &stored.decisions {
        game.play(text).map_err(|e| {
            ApiError::Conflict(format!("stored decision `{text}` no longer plays: {e}"))
        })?;
    }
    Ok(game)
}

/// Chance's decisions (a die roll) drawn by their probabilities until a player acts.
fn roll_chance(game: &mut dyn DynGame, played: &mut Vec<String>) -> Result<(), ApiError> {
    let mut rng = rand::thread_rng();
    while game.to_act() == ToAct::Chance {
        let open = game.decisions();
        let mut left: f64 = rng.r#gen();
        let pick = open
            .iter()
            .find(|(_, p)| {
                left -= p.unwrap_or(0.0);
                left < 0.0
            })
            .or(open.last())
            .map(|(t, _)| t.clone())
            .ok_or_else(|| ApiError::Conflict("chance has no outcome".to_owned()))?;
        game.play(&pick)
            .map_err(|e| ApiError::Illegal(e.to_string()))?;
        played.push(pick);
    }
    Ok(())
}

/// The game as the API shows it.
fn view(id: &str, game: &dyn DynGame) -> Value {
    let outcome = game.to_act().outcome().map(|o| game.outcome_text(o));
    let decisions: Vec<String> = match game.to_act() {
        ToAct::Nobody(_) => Vec::new(),
        _ => game.decisions().into_iter().map(|(t, _)| t).collect(),
    };
    let history = game.history();
    let mut view = serde_json::to_value(game.view()).unwrap_or(Value::Null);
    let last = game.view_before_last().and_then(|before| {
        let text = history.last()?;
        let played = before.moves.iter().find(|m| &m.text == text)?;
        Some(
            [played.from, played.to]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>(),
        )
    });
    if let Some(object) = view.as_object_mut() {
        object.insert("last".to_owned(), json!(last.unwrap_or_default()));
    }
    json!({
        "id": id,
        "variant": game.variant_name(),
        "position": game.position_text(),
        "to_act": game.to_act_text(),
        "outcome": outcome,
        "decisions": decisions,
        "history": history,
        "moves": game.move_list(),
        "ply": history.len(),
        "view": view,
    })
}

fn token() -> String {
    format!("{:032x}", rand::thread_rng().r#gen::<u128>())
}

/// `POST /api/games`.
pub async fn create(
    State(store): State<Store>,
    request: Result<Json<CreateGame>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let request = body(request)?;
    let entry = variant(&request.variant)?;
    let start = request.position.filter(|p| !p.trim().is_empty());
    let id: String = format!("{:012x}", rand::thread_rng().r#gen::<u64>() >> 16);
    let stored = StoredGame {
        variant: entry.name.to_owned(),
        start,
        tokens: [token(), token()],
        decisions: Vec::new(),
    };
    let (rolls, shown) = {
        let mut game = rebuild(&stored)?;
        let mut rolls = Vec::new();
        roll_chance(game.as_mut(), &mut rolls)?;
        (rolls, view(&id, game.as_ref()))
    };
    store.create(&id, &stored).await?;
    store.append(&id, 0, &rolls).await?;
    let body = json!({
        "id": id,
        "tokens": { "white": stored.tokens[0], "black": stored.tokens[1] },
        "game": shown,
    });
    Ok((StatusCode::CREATED, Json(body)))
}

/// `GET /api/games/{id}`.
pub async fn show(
    State(store): State<Store>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let stored = store.load(&id).await?;
    let game = rebuild(&stored)?;
    Ok(Json(view(&id, game.as_ref())))
}

/// `POST /api/games/{id}/decisions`.
pub async fn decide(
    State(store): State<Store>,
    Path(id): Path<String>,
    request: Result<Json<MakeDecision>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let request = body(request)?;
    let stored = store.load(&id).await?;
    let ply = stored.decisions.len();
    let (played, shown) = {
        let mut game = rebuild(&stored)?;
        if request.ply.is_some_and(|p| p != ply) {
            return Err(ApiError::Conflict(format!(
                "the game has moved on: it is at decision {ply}"
            )));
        }
        let actor = match game.to_act() {
            ToAct::Player(p) => p,
            ToAct::Nobody(o) => {
                return Err(ApiError::Conflict(format!(
                    "the game is over: {}",
                    game.outcome_text(o)
                )));
            }
            ToAct::Chance => return Err(ApiError::Conflict("chance acts first".to_owned())),
        };
        if stored.tokens[actor as usize] != request.token {
            return Err(ApiError::Forbidden(format!(
                "this token is not the seat of {}, who acts",
                game.player_name(actor)
            )));
        }
        game.play(&request.decision)
            .map_err(|e| ApiError::Illegal(e.to_string()))?;
        let mut played = game.history().split_off(ply);
        roll_chance(game.as_mut(), &mut played)?;
        (played, view(&id, game.as_ref()))
    };
    store.append(&id, ply, &played).await?;
    Ok(Json(shown))
}

/// `GET /api/games/{id}/record`: the game in the variant's record format.
pub async fn record(
    State(store): State<Store>,
    Path(id): Path<String>,
) -> Result<String, ApiError> {
    let stored = store.load(&id).await?;
    Ok(rebuild(&stored)?.record_text())
}
