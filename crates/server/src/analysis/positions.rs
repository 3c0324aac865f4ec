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
use crate::protocol::http::{ChanceOutcome, PositionShown, ShowPosition};
use crate::protocol::snapshot::{GameView, Outcome};
use crate::service::App;

/// The most decisions a position request may play.
pub const MAX_AFTER: usize = 2000;

/// The position `request` asks for, or why not (400 a bad variant or position, 422 an
/// illegal decision, naming it).
fn shown(request: &ShowPosition) -> Result<PositionShown, ApiError> {
    let entry = variant(&request.variant)?;
    let (start, after) = start_and_decisions(entry, request)?;
    let mut game =
        (entry.open)(start.as_deref()).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    if after.len() > MAX_AFTER {
        return Err(ApiError::BadRequest(format!(
            "at most {MAX_AFTER} decisions after the position"
        )));
    }
    for (i, text) in after.iter().enumerate() {
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
    let chance = if matches!(to_act, ToAct::Chance) {
        let outcomes = game.decisions();
        let uniform = 1.0 / outcomes.len().max(1) as f64;
        outcomes
            .into_iter()
            .map(|(text, p)| ChanceOutcome {
                text,
                probability: p.unwrap_or(uniform),
            })
            .collect()
    } else {
        Vec::new()
    };
    let last = after
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
        start,
        after: game.history(),
        chance,
    })
}

/// The start and the decisions `request` asks for: its `record` read as a game record of the
/// variant with moves (its start, its decisions, then `after`), or else as a position text;
/// without one, `position` and `after`.
fn start_and_decisions(
    entry: &omnichess_core::VariantEntry,
    request: &ShowPosition,
) -> Result<(Option<String>, Vec<String>), ApiError> {
    let Some(record) = request
        .record
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    else {
        let start = request.position.clone().filter(|p| !p.trim().is_empty());
        return Ok((start, request.after.clone()));
    };
    // A record with moves is one, even where the variant's position text would read its
    // start alone (5DPGN's headers are a 5D position); else a position; else a bare record.
    let parsed = (entry.parse_record)(record);
    let from_record = |parsed: omnichess_core::GameRecord| {
        let mut after: Vec<String> = parsed.decisions.into_iter().map(|d| d.text).collect();
        after.extend(request.after.iter().cloned());
        (parsed.start, after)
    };
    match parsed {
        Ok(parsed) if !parsed.decisions.is_empty() => Ok(from_record(parsed)),
        parsed => match ((entry.open)(Some(record)), parsed) {
            (Ok(_), _) => Ok((Some(record.to_owned()), request.after.clone())),
            (Err(_), Ok(parsed)) => Ok(from_record(parsed)),
            (Err(position), Err(e)) => Err(ApiError::BadRequest(format!(
                "neither a position ({position}) nor a record ({e})"
            ))),
        },
    }
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
