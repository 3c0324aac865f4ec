//! `POST /api/positions`: the boards and legal moves of any position of any variant, after
//! some decisions, for the analysis board. Nothing is stored; the replay is bounded by the
//! server's work limit.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use omnichess_core::{ToAct, work_limit};

use crate::error::ApiError;
use crate::game::loaded::variant;
use crate::protocol::Reply;
use crate::protocol::http::{PositionShown, ShowPosition};
use crate::protocol::snapshot::{GameView, Outcome};
use crate::service::App;

/// The most decisions a position request may play.
pub const MAX_AFTER: usize = 2000;

/// The position `request` asks for, or why not (400 a bad variant or position, 422 an
/// illegal decision, naming it).
fn shown(request: &ShowPosition) -> Result<PositionShown, ApiError> {
    let entry = variant(&request.variant)?;
    let start = request.position.as_deref().filter(|p| !p.trim().is_empty());
    let mut game = (entry.open)(start).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    if request.after.len() > MAX_AFTER {
        return Err(ApiError::BadRequest(format!(
            "at most {MAX_AFTER} decisions after the position"
        )));
    }
    for (i, text) in request.after.iter().enumerate() {
        if work_limit::expired() {
            return Err(ApiError::OverLimit(format!(
                "stopped at decision {}",
                i + 1
            )));
        }
        game.play(text)
            .map_err(|e| ApiError::Illegal(format!("decision {} (`{text}`): {e}", i + 1)))?;
    }
    let mut view = game.view();
    let to_act = game.to_act();
    let outcome = match to_act {
        ToAct::Nobody(outcome) => {
            view.moves.clear();
            Some(Outcome {
                result: outcome.score_text().to_owned(),
                text: game.outcome_text(outcome),
            })
        }
        _ => None,
    };
    let last = request
        .after
        .last()
        .and_then(|_| {
            let before = game.view_before(1)?;
            let played = game.history().pop()?;
            let mv = before.moves.into_iter().find(|m| m.text == played)?;
            Some([mv.from, mv.to].into_iter().flatten().collect())
        })
        .filter(|_| view.layout_turns)
        .unwrap_or_default();
    Ok(PositionShown {
        position: game.position_text(),
        to_act_index: to_act.player().map(|p| p as u8),
        outcome,
        moves: game.move_list(),
        view: GameView { view, last },
    })
}

/// `POST /api/positions`.
pub async fn show(
    State(app): State<App>,
    request: Result<Json<ShowPosition>, JsonRejection>,
) -> Result<Reply<PositionShown>, ApiError> {
    let request = crate::game::routes::body(request)?;
    let limit = app.work_limit();
    let shown = app
        .off_thread(limit, ApiError::OverLimit, move || shown(&request))
        .await?;
    Ok(Reply(shown))
}
