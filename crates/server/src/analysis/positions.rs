//! `POST /api/positions`: the boards and legal moves of any position of any variant, after
//! some decisions, for the analysis board. Nothing is stored; the replay is bounded by the
//! server's work limit.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use omnichess_core::{Cell, Player, SquareEdit, ToAct, work_limit};

use crate::error::ApiError;
use crate::game::loaded::{seat_player, variant};
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
    let (start, after) = if request.edits.is_empty() && request.to_move.is_none() {
        (start, after)
    } else {
        game = edited(entry, game.as_ref(), request)?;
        (Some(game.position_text()), Vec::new())
    };
    let palette = editor_palette(entry, game.as_ref());
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
        turn_index: game.turn_number().player as u8,
        outcome,
        moves: game.move_list(),
        view: GameView { view, last },
        start,
        after: game.history(),
        chance,
        editable: palette.is_some(),
        palette: palette.unwrap_or_default(),
    })
}

/// `game`'s position with the board editor's changes of `request`, opened as a new start.
fn edited(
    entry: &omnichess_core::VariantEntry,
    game: &dyn omnichess_core::DynGame,
    request: &ShowPosition,
) -> Result<Box<dyn omnichess_core::DynGame>, ApiError> {
    let edits: Vec<SquareEdit> = request
        .edits
        .iter()
        .map(|e| SquareEdit {
            cell: Cell {
                board: e.board,
                square: e.square,
            },
            piece: e.piece.map(|p| (seat_player(p.player), p.kind)),
        })
        .collect();
    // Unasked, the player whose turn it is, also where chance acts (Die Chess's roll).
    let to_move = request
        .to_move
        .map(seat_player)
        .unwrap_or_else(|| game.turn_number().player);
    let text = game
        .edited(&edits, to_move)
        .ok_or_else(|| ApiError::BadRequest("this variant has no board editor".to_owned()))?
        .map_err(|e| ApiError::BadRequest(format!("the edited position is refused: {e}")))?;
    (entry.open)(Some(&text)).map_err(|e| ApiError::BadRequest(e.to_string()))
}

/// The editor's pieces, where `game`'s variant has an editor: every kind of both players on
/// its standard start, once.
fn editor_palette(
    entry: &omnichess_core::VariantEntry,
    game: &dyn omnichess_core::DynGame,
) -> Option<Vec<omnichess_core::PieceView>> {
    let to_move = game.to_act().player().unwrap_or(Player::White);
    // Whether there is an editor; the unchanged position's own validity does not matter.
    let _unchanged = game.edited(&[], to_move)?;
    let start = (entry.open)(None).ok()?;
    let mut pieces: Vec<omnichess_core::PieceView> = Vec::new();
    for piece in start
        .view()
        .boards
        .iter()
        .flat_map(|b| b.squares.iter().flatten())
    {
        if !pieces
            .iter()
            .any(|p| p.player == piece.player && p.kind == piece.kind)
        {
            let mut piece = piece.clone();
            piece.tag = None;
            pieces.push(piece);
        }
    }
    pieces.sort_by_key(|p| (p.player, std::cmp::Reverse((p.value * 100.0) as i32)));
    Some(pieces)
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
    // start alone (5DPGN's headers are a 5D position); else a position; else a record.
    let parsed = (entry.parse_record)(record);
    let from_record = |parsed: omnichess_core::GameRecord| {
        let mut after: Vec<String> = parsed.decisions.into_iter().map(|d| d.text).collect();
        after.extend(request.after.iter().cloned());
        (parsed.start, after)
    };
    // A FEN reads as a "record" of odd moves too: a record wins only when its moves replay.
    let replays = |parsed: &omnichess_core::GameRecord| {
        (entry.open)(parsed.start.as_deref())
            .is_ok_and(|mut game| parsed.decisions.iter().all(|d| game.play(&d.text).is_ok()))
    };
    match parsed {
        Ok(parsed) if !parsed.decisions.is_empty() && replays(&parsed) => Ok(from_record(parsed)),
        parsed => match ((entry.open)(Some(record)), parsed) {
            (Ok(_), _) => Ok((Some(record.to_owned()), request.after.clone())),
            // Not a position: a record, whose refused move the replay names.
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
