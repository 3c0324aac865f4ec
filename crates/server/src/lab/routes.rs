//! The balance lab over HTTP (docs/LAB.md, "In the browser"): `POST /api/studies` checks a
//! study like `omnichess lab` does, stores it in the server's database and wakes the server's
//! own worker ([`crate::lab::runner`]); `GET /api/studies` lists the studies, `GET
//! /api/studies/{id}` reports one from the games stored so far, and
//! `GET /api/studies/{id}/csv/{figure}` gives each figure as CSV.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use omnichess_core::RulesTimeControl;
use omnichess_engine::agents::AgentSpec;
use omnichess_lab::balance::Balance;
use omnichess_lab::compare::Comparison;
use omnichess_lab::csv::{FigureError, figure as csv_figure};
use omnichess_lab::events::EventFigures;
use omnichess_lab::score::score_over_time;
use omnichess_lab::sprt::{SprtBounds, SprtResult};
use omnichess_lab::study::{StudySpec, Versus};
use omnichess_lab::values::Values;

use crate::error::ApiError;
use crate::game::loaded::variant;
use crate::lab::store::LabStoreError;
use crate::protocol::Reply;
use crate::protocol::lab::{CreateStudy, OwnerToken, StudyItem, StudyReport};
use crate::service::App;

/// The most games one study may have.
pub const MAX_GAMES: u32 = 10_000;
/// The longest turn cap a study may set.
pub const MAX_TURNS: u64 = 10_000;
/// The deepest search a study's player may ask of the server.
pub const MAX_DEPTH: u32 = 6;
/// The most nodes a study's player may search a decision on the server.
pub const MAX_NODES: u64 = 1_000_000;
/// The longest a study's player may search a decision on the server.
pub const MAX_TIME: std::time::Duration = std::time::Duration::from_secs(10);
/// How often a values study notes the material when the request does not say.
pub const DEFAULT_EVERY: u64 = 4;
/// The studies `GET /api/studies` lists, newest first.
pub const LISTED: i64 = 100;

impl From<LabStoreError> for ApiError {
    fn from(e: LabStoreError) -> ApiError {
        match e {
            LabStoreError::Unknown(id) => ApiError::UnknownStudy(id),
            LabStoreError::Database(e) => ApiError::Storage(e),
            LabStoreError::Corrupt(text) => ApiError::Engine(format!("a stored study: {text}")),
        }
    }
}

fn bad(text: impl Into<String>) -> ApiError {
    ApiError::BadRequest(text.into())
}

/// Checks a `POST /api/studies` body as `omnichess lab` checks its arguments: the study it
/// asks for, or why not. Pure.
pub fn check(request: &CreateStudy) -> Result<StudySpec, ApiError> {
    let kind = request.kind.as_str();
    if !["balance", "values", "compare", "sprt"].contains(&kind) {
        return Err(bad(format!(
            "kind: `balance`, `values`, `compare` or `sprt`, not `{}`",
            kind.chars().take(40).collect::<String>()
        )));
    }
    let values = kind == "values";
    let entry = variant(&request.variant)?;
    let engine = omnichess_engine::find(entry.name).map_err(|e| bad(e.to_string()))?;
    let controls = (entry.time_controls)();
    check_player("player", &request.player, &controls)?;
    if !(1..=MAX_GAMES).contains(&request.games) {
        return Err(bad(format!("games: 1 to {MAX_GAMES}")));
    }
    let max_turns = request
        .max_turns
        .unwrap_or(omnichess_lab::study::DEFAULT_MAX_TURNS);
    if !(1..=MAX_TURNS).contains(&max_turns) {
        return Err(bad(format!("max_turns: 1 to {MAX_TURNS}")));
    }
    let every = if values {
        request.every.unwrap_or(DEFAULT_EVERY)
    } else {
        0
    };
    if values && !(1..=max_turns).contains(&every) {
        return Err(bad(format!(
            "every: 1 to the turn cap ({max_turns}): the material is noted every this many turns"
        )));
    }
    let given = |text: &Option<String>| text.clone().filter(|p| !p.trim().is_empty());
    let start = given(&request.position);
    let game = (entry.open)(start.as_deref()).map_err(|e| bad(e.to_string()))?;
    if values && !game.view().counts_material {
        return Err(bad(format!(
            "{}'s boards do not count material (pieces repeat through time): no values to fit",
            entry.name
        )));
    }
    let versus = match kind {
        "compare" => {
            let b = given(&request.b_position);
            (entry.open)(b.as_deref()).map_err(|e| bad(format!("b_position: {e}")))?;
            if b == start {
                return Err(bad("b_position: a comparison needs two different starts"));
            }
            Some(Versus::Start(b))
        }
        "sprt" => {
            let b = request
                .b_player
                .clone()
                .ok_or_else(|| bad("b_player: an SPRT study needs player B"))?;
            check_player("b_player", &b, &controls)?;
            let bounds = SprtBounds::new(
                request.elo0.unwrap_or(0.0),
                request.elo1.unwrap_or(10.0),
                request.alpha.unwrap_or(0.05),
                request.beta.unwrap_or(0.05),
            )
            .map_err(|e| bad(e.to_string()))?;
            Some(Versus::Player { player: b, bounds })
        }
        _ => None,
    };
    Ok(StudySpec {
        variant: entry.name.to_owned(),
        player: request.player.clone(),
        games: request.games,
        seed: request.seed,
        opening: request.opening,
        max_turns,
        adjudication: engine.adjudication,
        start,
        material_every: every,
        versus,
    })
}

/// Checks a player setting the server would run for a study (`field` names it), its named
/// clocks read among the variant's `controls`.
fn check_player(field: &str, text: &str, controls: &[RulesTimeControl]) -> Result<(), ApiError> {
    let player = AgentSpec::read(text, controls).map_err(|e| bad(format!("{field}: {e}")))?;
    match &player {
        AgentSpec::Uci(_) => Err(bad(format!(
            "{field}: the server does not run outside engines (uci:)"
        ))),
        AgentSpec::Engine(level) | AgentSpec::Mcts(level)
            if level.depth.is_some_and(|d| d > MAX_DEPTH)
                || level.nodes.is_some_and(|n| n > MAX_NODES)
                || level.time.is_some_and(|t| t > MAX_TIME) =>
        {
            Err(bad(format!(
                "{field}: the server searches at most depth {MAX_DEPTH}, {MAX_NODES} nodes or {} s a decision",
                MAX_TIME.as_secs()
            )))
        }
        _ => Ok(()),
    }
}

/// `POST /api/studies`.
pub async fn create(
    State(app): State<App>,
    request: Result<Json<CreateStudy>, JsonRejection>,
) -> Result<(StatusCode, Reply<StudyReport>), ApiError> {
    let request = request
        .map(|Json(r)| r)
        .map_err(|e| ApiError::Rejected(e.status(), e.body_text()))?;
    let spec = check(&request)?;
    let id = crate::game::routes::new_id();
    let batch = u32::try_from(app.lab.jobs() * 2).unwrap_or(10).clamp(2, 10);
    app.store
        .create_study(&id, &request.kind, &spec, batch)
        .await?;
    let token = crate::game::routes::token();
    app.store.own_study(&id, &token).await?;
    app.lab
        .wake(&app.store, &format!("server-{}", app.server_id()));
    let mut created = report(&app, &id).await?;
    created.owner_token = Some(token);
    Ok((StatusCode::CREATED, Reply(created)))
}

/// The owner's token of a stop or delete request, checked against study `id`: 404 for no
/// such study, 403 for another token (or a study stored by the CLI, which has no owner).
async fn owner(
    app: &App,
    id: &str,
    request: Result<Json<OwnerToken>, JsonRejection>,
) -> Result<(), ApiError> {
    let request = request
        .map(|Json(r)| r)
        .map_err(|e| ApiError::Rejected(e.status(), e.body_text()))?;
    if app.store.owns_study(id, &request.token).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden(
            "only the study's owner stops or deletes it (its owner_token)".to_owned(),
        ))
    }
}

/// `POST /api/studies/{id}/stop`: the owner ends the study where it is; batches not yet
/// played are skipped (one a worker is playing is stored when done). The report.
pub async fn stop(
    State(app): State<App>,
    Path(id): Path<String>,
    request: Result<Json<OwnerToken>, JsonRejection>,
) -> Result<Reply<StudyReport>, ApiError> {
    owner(&app, &id, request).await?;
    app.store.close_study(&id).await?;
    Ok(Reply(report(&app, &id).await?))
}

/// `POST /api/studies/{id}/delete`: the owner deletes the study and its games (204).
pub async fn delete(
    State(app): State<App>,
    Path(id): Path<String>,
    request: Result<Json<OwnerToken>, JsonRejection>,
) -> Result<StatusCode, ApiError> {
    owner(&app, &id, request).await?;
    app.store.delete_study(&id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/studies`.
pub async fn list(State(app): State<App>) -> Result<Reply<Vec<StudyItem>>, ApiError> {
    let rows = app.store.studies(LISTED).await?;
    Ok(Reply(
        rows.into_iter()
            .map(|(study, games_done)| StudyItem {
                games: u64::from(study.spec.total_games()),
                id: study.id,
                kind: study.kind,
                variant: study.spec.variant,
                player: study.spec.player,
                games_done,
            })
            .collect(),
    ))
}

/// `GET /api/studies/{id}`.
pub async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Reply<StudyReport>, ApiError> {
    Ok(Reply(report(&app, &id).await?))
}

/// Study `id`'s report from the games stored so far.
async fn report(app: &App, id: &str) -> Result<StudyReport, ApiError> {
    let study = app.store.study(id).await?;
    // How far the study is, first: games are only added, so the games read after it hold
    // every game of the batches it counts as done (a report that says finished is whole).
    let progress = app.store.study_progress(id).await?;
    let games = app.store.study_games(id).await?;
    let json = |v: Result<serde_json::Value, serde_json::Error>| {
        v.map_err(|e| ApiError::Engine(format!("the figures as JSON: {e}")))
    };
    let entry = omnichess_core::find(omnichess_variants::REGISTRY, &study.spec.variant);
    let mut figures = Balance::of(&games);
    if let Some(entry) = entry {
        EventFigures::describe(&mut figures.events, entry.events);
    }
    let balance = json(serde_json::to_value(figures))?;
    let (values, values_note) = if study.kind == "values" {
        match Values::fit(&games) {
            Ok(mut fit) => {
                if let Some(entry) = entry {
                    fit.check_claims(entry.claimed_values);
                }
                (Some(json(serde_json::to_value(fit))?), None)
            }
            Err(e) => (None, Some(e.to_string())),
        }
    } else {
        (None, None)
    };
    let (comparison, sprt) = match &study.spec.versus {
        Some(Versus::Start(_)) => {
            let figures = Comparison::of_study(&games, study.spec.games);
            (Some(json(serde_json::to_value(figures))?), None)
        }
        Some(Versus::Player { bounds, .. }) => {
            let result = SprtResult::of(*bounds, &games);
            (None, Some(json(serde_json::to_value(result))?))
        }
        None => (None, None),
    };
    let finished = progress.open == 0 && progress.claimed.is_empty();
    Ok(StudyReport {
        id: study.id,
        kind: study.kind,
        spec: study.spec,
        // The games read, not the count: the figures and the progress agree.
        games_done: u64::try_from(games.len()).unwrap_or(u64::MAX),
        games: progress.games,
        batches_done: progress.done,
        batches_open: progress.open,
        batches_claimed: progress.claimed,
        batches_skipped: progress.skipped,
        finished,
        balance,
        values,
        values_note,
        score: score_over_time(&games),
        comparison,
        sprt,
        owner_token: None,
    })
}

/// `GET /api/studies/{id}/csv/{figure}`: `games`, `score-over-time`, `lengths`, `causes`,
/// `events`, `event-turns` or `values`, as `text/csv` with a header line.
pub async fn csv(
    State(app): State<App>,
    Path((id, figure)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let study = app.store.study(&id).await?;
    let games = app.store.study_games(&id).await?;
    let text = csv_figure(&figure, &study.kind, &games).map_err(|e| match e {
        FigureError::Unknown(_) => ApiError::UnknownFigure(e.to_string()),
        FigureError::NotValues | FigureError::Fit(_) => ApiError::BadRequest(e.to_string()),
    })?;
    let name = format!("attachment; filename=\"study-{}-{figure}.csv\"", study.id);
    Ok((
        [
            (CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (CONTENT_DISPOSITION, name),
        ],
        text,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn study(variant: &str, player: &str) -> CreateStudy {
        CreateStudy {
            kind: "balance".into(),
            variant: variant.into(),
            player: player.into(),
            games: 2,
            ..CreateStudy::default()
        }
    }

    #[test]
    fn a_named_clock_is_read_among_the_study_variant_s_own_controls() {
        let (first, key) = omnichess_variants::REGISTRY
            .iter()
            .find_map(|e| Some((e, (e.time_controls)().into_iter().find_map(|c| c.key)?)))
            .expect("a variant whose rules name a time control");
        assert!(check(&study(first.name, &format!("engine:clock={key}"))).is_ok());
        let without = omnichess_variants::REGISTRY
            .iter()
            .find(|e| {
                (e.time_controls)()
                    .iter()
                    .all(|c| c.key.as_ref() != Some(&key))
            })
            .expect("a variant without that control");
        let refused = check(&study(without.name, &format!("engine:clock={key}")));
        assert!(refused.is_err(), "{refused:?}");
    }
}
