//! Game review on the analysis socket (`review`): the game's positions where the one to act
//! changes are evaluated one after the other, each a bounded job of the engine's analysis
//! workers, and each answered with a `point`: the first player's expected points, the best
//! line in the variant's notation, the arrow of its first decision, and the judgement of the
//! decisions that led there (docs/PROTOCOL.md, "Game review").
//!
//! Where chance acts (Die Chess's roll), the value is the mean over its outcomes, each weighed
//! by its probability and searched for a share of the time. A decision's loss is the drop in
//! its player's expected points from the position before it to the one after: 0.05 or more an
//! inaccuracy, 0.10 a mistake, 0.15 a blunder (lichess's thresholds, read on a 0-to-1 scale).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use omnichess_core::{Cell, DynGame, Player, ToAct, VariantEntry, Verdict};
use omnichess_engine::Limits;
use omnichess_engine::registry::{AnalysisRequest, EngineEntry};
use tokio::sync::mpsc;

use super::notation::shown_line;
use super::socket::info;
use crate::protocol::Versioned;
use crate::protocol::analysis_socket::{AnalysisReply, Judgement, ReviewPoint};
use crate::service::App;

/// Seconds a position is searched unless the request says.
pub const DEFAULT_SECONDS: f64 = 0.3;
/// The longest search a review gives one position.
pub const MAX_SECONDS: f64 = 2.0;
/// The most positions one review evaluates.
pub const MAX_POINTS: usize = 600;
/// Chance's outcomes searched in one position, nested (a roll after a roll) at most this deep.
const CHANCE_DEPTH: u32 = 2;

/// What a review asks for.
pub struct Request {
    /// The variant's name.
    pub variant: String,
    /// The game's start.
    pub position: Option<String>,
    /// The game's decisions.
    pub after: Vec<String>,
    /// Seconds a position, as asked.
    pub seconds: Option<f64>,
}

/// The positions a review evaluates: the start, the end, and every position whose one to act
/// is not the one of the position before it (a player's whole turn of several moves is one
/// step; Die Chess's roll and the move it allows are two). `actors[p]` is who acts after `p`
/// decisions, for every `p` from 0 to the game's end.
#[must_use]
pub fn plies(actors: &[ToAct]) -> Vec<usize> {
    let last = actors.len().saturating_sub(1);
    (0..actors.len())
        .filter(|&p| p == 0 || p == last || !same_actor(actors[p], actors[p - 1]))
        .collect()
}

fn same_actor(a: ToAct, b: ToAct) -> bool {
    match (a, b) {
        (ToAct::Player(x), ToAct::Player(y)) => x == y,
        (ToAct::Chance, ToAct::Chance) => true,
        _ => false,
    }
}

/// The judgement of the decisions from `before` to `after`, the last of them `index`: where
/// one player acted at `before` and lost at least an inaccuracy's share of expected points.
#[must_use]
pub fn judge(before: &ReviewPoint, after: &ReviewPoint, index: usize) -> Option<Judgement> {
    let player = before.to_act?;
    let (from, to) = (before.value?, after.value?);
    let loss = seat_value(from, player) - seat_value(to, player);
    let kind = if loss >= 0.15 {
        "blunder"
    } else if loss >= 0.10 {
        "mistake"
    } else if loss >= 0.05 {
        "inaccuracy"
    } else {
        return None;
    };
    Some(Judgement {
        index,
        player,
        loss,
        kind,
    })
}

/// An engine score (`cp N`, `mate N`, from the acting player's view) as that player's
/// expected points: lichess's win chance 1 / (1 + e^(−0.00368208 cp)), a mate 1 or 0.
#[must_use]
pub fn win_chance(score: &str) -> Option<f64> {
    let mut words = score.split_whitespace();
    let kind = words.next()?;
    let n: f64 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(1.0 / (1.0 + (-0.003_682_08 * n).exp())),
        "mate" => Some(if n > 0.0 { 1.0 } else { 0.0 }),
        _ => None,
    }
}

/// The expected points of the player in `seat` (0 the first) where the first player's are
/// `value`; the same turn takes a player's value to the first player's.
#[must_use]
pub fn seat_value(value: f64, seat: u8) -> f64 {
    if seat == 0 { value } else { 1.0 - value }
}

/// The first player's expected points by `score`, an engine score from `player`'s view.
fn first_players_value(score: &str, player: Player) -> Option<f64> {
    win_chance(score).map(|v| seat_value(v, player as u8))
}

/// `score` (from `player`'s view) from the first player's view.
fn first_players_score(score: &str, player: Player) -> String {
    if player == Player::White {
        return score.to_owned();
    }
    let mut words = score.split_whitespace();
    match (
        words.next(),
        words.next().and_then(|n| n.parse::<i64>().ok()),
    ) {
        (Some(kind), Some(n)) => format!("{kind} {}", -n),
        _ => score.to_owned(),
    }
}

/// A finished game's result as the first player's points (both losing counts as even).
fn result_value(verdict: Verdict) -> f64 {
    match verdict {
        Verdict::Win(Player::White) => 1.0,
        Verdict::Win(Player::Black) => 0.0,
        Verdict::Draw | Verdict::BothLose => 0.5,
    }
}

/// Who acts after each number of decisions of the game, from the start to its end.
///
/// # Errors
/// A start or a decision the variant refuses, named.
fn actors(variant: &VariantEntry, request: &Request) -> Result<Vec<ToAct>, String> {
    let mut game = open(variant, request.position.as_deref(), &[])?;
    let mut actors = vec![game.to_act()];
    for (i, text) in request.after.iter().enumerate() {
        game.play(text)
            .map_err(|e| format!("decision {} (`{text}`): {e}", i + 1))?;
        actors.push(game.to_act());
    }
    Ok(actors)
}

fn open(
    variant: &VariantEntry,
    position: Option<&str>,
    after: &[String],
) -> Result<Box<dyn DynGame>, String> {
    let mut game =
        (variant.open)(position.filter(|p| !p.trim().is_empty())).map_err(|e| e.to_string())?;
    for (i, text) in after.iter().enumerate() {
        game.play(text)
            .map_err(|e| format!("decision {} (`{text}`): {e}", i + 1))?;
    }
    Ok(game)
}

/// One position evaluated: the point without its judgement (its `value`: the first
/// player's expected points, which the engine's answer to a draw offer reads too).
///
/// # Errors
/// A start or decision the variant refuses, or an engine that fails.
pub fn evaluate(
    variant: &VariantEntry,
    engine: &EngineEntry,
    position: Option<&str>,
    after: &[String],
    seconds: f64,
    stop: &Arc<AtomicBool>,
) -> Result<ReviewPoint, String> {
    let mut game = open(variant, position, after)?;
    let mut point = ReviewPoint {
        ply: after.len(),
        to_act: game.to_act().player().map(|p| p as u8),
        ..ReviewPoint::default()
    };
    match game.to_act() {
        ToAct::Nobody(outcome) => {
            point.value = Some(result_value(outcome.verdict));
            point.score = Some(outcome.score_text().to_owned());
        }
        ToAct::Chance => {
            point.value = chance_value(variant, engine, position, after, seconds, stop, 1)?;
        }
        ToAct::Player(player) => {
            let (score, best) = search(engine, position, after, seconds, stop)?;
            point.value = score
                .as_deref()
                .and_then(|s| first_players_value(s, player));
            point.score = score.map(|s| first_players_score(&s, player));
            point.shown = shown_line(game.as_mut(), &best);
            point.arrow = arrow(game.as_ref(), best.first());
            point.best = best;
        }
    }
    Ok(point)
}

/// The mean of the first player's expected points over chance's outcomes.
fn chance_value(
    variant: &VariantEntry,
    engine: &EngineEntry,
    position: Option<&str>,
    after: &[String],
    seconds: f64,
    stop: &Arc<AtomicBool>,
    depth: u32,
) -> Result<Option<f64>, String> {
    if depth > CHANCE_DEPTH {
        return Ok(None);
    }
    let game = open(variant, position, after)?;
    let outcomes = game.decisions();
    let share = seconds / outcomes.len().max(1) as f64;
    let uniform = 1.0 / outcomes.len().max(1) as f64;
    let mut total = 0.0;
    for (text, probability) in outcomes {
        let mut next = after.to_vec();
        next.push(text);
        let then = open(variant, position, &next)?;
        let value = match then.to_act() {
            ToAct::Nobody(outcome) => Some(result_value(outcome.verdict)),
            ToAct::Chance => {
                chance_value(variant, engine, position, &next, share, stop, depth + 1)?
            }
            ToAct::Player(player) => {
                let (score, _) = search(engine, position, &next, share, stop)?;
                score
                    .as_deref()
                    .and_then(|s| first_players_value(s, player))
            }
        };
        let Some(value) = value else { return Ok(None) };
        total += probability.unwrap_or(uniform) * value;
    }
    Ok(Some(total))
}

/// The engine's last score and best line at a position where a player acts.
fn search(
    engine: &EngineEntry,
    position: Option<&str>,
    after: &[String],
    seconds: f64,
    stop: &Arc<AtomicBool>,
) -> Result<(Option<String>, Vec<String>), String> {
    let request = AnalysisRequest {
        position: position.filter(|p| !p.trim().is_empty()),
        after,
        limits: Limits {
            time: Some(Duration::from_secs_f64(seconds.max(0.02))),
            stop: Some(Arc::clone(stop)),
            analysis: true,
            ..Limits::default()
        },
        hash_mib: Some(16),
    };
    let mut last = None;
    let best = (engine.analyze)(&request, &mut |line| last = Some(info(line)))
        .map_err(|e| e.to_string())?;
    let Some(last) = last else {
        return Ok((None, best));
    };
    // The reported line goes further than the turn returned, which starts it.
    let line = if last.pv.starts_with(&best) && !best.is_empty() {
        last.pv
    } else {
        best
    };
    Ok((last.score, line))
}

/// The from and to squares of `decision` in `game`'s position, where it moves a piece.
fn arrow(game: &dyn DynGame, decision: Option<&String>) -> Vec<Cell> {
    let Some(decision) = decision else {
        return Vec::new();
    };
    game.view()
        .moves
        .iter()
        .find(|m| &m.text == decision)
        .and_then(|m| Some(vec![m.from?, m.to?]))
        .unwrap_or_default()
}

/// A job's answer, or the `error` message that ends the review: 422 for what the variant
/// refused, the worker's status (503 a full queue, the work limit) otherwise.
fn answered<T>(job: Result<Result<T, String>, crate::error::ApiError>) -> Result<T, String> {
    let error =
        |status: u16, error: String| Versioned::text(AnalysisReply::Error { status, error });
    match job {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(e)) => Err(error(422, e)),
        Err(e) => Err(error(e.status().as_u16(), e.to_string())),
    }
}

/// Runs the review of `request` on `app`'s analysis workers, sending its messages to `out`
/// until it ends or `stop` is set.
pub async fn run(app: App, request: Request, stop: Arc<AtomicBool>, out: mpsc::Sender<String>) {
    let error =
        |status: u16, error: String| Versioned::text(AnalysisReply::Error { status, error });
    let (Ok(variant), Ok(engine)) = (
        crate::game::loaded::variant(&request.variant),
        omnichess_engine::find(&request.variant),
    ) else {
        let name: String = request.variant.chars().take(40).collect();
        let _ = out
            .send(error(
                400,
                format!("no engine reviews the variant `{name}`"),
            ))
            .await;
        return;
    };
    if request.after.len() > super::positions::MAX_AFTER {
        let max = super::positions::MAX_AFTER;
        let _ = out
            .send(error(400, format!("at most {max} decisions to review")))
            .await;
        return;
    }
    let seconds = request
        .seconds
        .unwrap_or(DEFAULT_SECONDS)
        .clamp(0.05, MAX_SECONDS);
    let request = Arc::new(request);
    let limit = app.work_limit();
    let asked = Arc::clone(&request);
    let planned = app
        .engines
        .run_within(limit, move || actors(variant, &asked))
        .await;
    let plies = match answered(planned) {
        Ok(actors) => {
            let mut plies = plies(&actors);
            plies.truncate(MAX_POINTS);
            plies
        }
        Err(message) => {
            let _ = out.send(message).await;
            return;
        }
    };
    if out
        .send(Versioned::text(AnalysisReply::Plan {
            plies: plies.clone(),
        }))
        .await
        .is_err()
    {
        return;
    }
    let mut previous: Option<ReviewPoint> = None;
    let mut points = 0;
    for ply in plies {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let (asked, flag) = (Arc::clone(&request), Arc::clone(&stop));
        let evaluated = app
            .engines
            .run_within(limit + Duration::from_secs_f64(seconds), move || {
                let after = &asked.after[..ply];
                evaluate(
                    variant,
                    engine,
                    asked.position.as_deref(),
                    after,
                    seconds,
                    &flag,
                )
            })
            .await;
        let mut point = match answered(evaluated) {
            Ok(point) => point,
            Err(message) => {
                let _ = out.send(message).await;
                return;
            }
        };
        if let Some(before) = &previous {
            point.judgement = judge(before, &point, ply - 1);
        }
        points += 1;
        previous = Some(point.clone());
        if out
            .send(Versioned::text(AnalysisReply::Point(point)))
            .await
            .is_err()
        {
            return;
        }
    }
    let _ = out
        .send(Versioned::text(AnalysisReply::Reviewed { points }))
        .await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use omnichess_core::Outcome;

    #[test]
    fn a_review_steps_where_the_one_to_act_changes() {
        let (w, b, c) = (
            ToAct::Player(Player::White),
            ToAct::Player(Player::Black),
            ToAct::Chance,
        );
        let over = ToAct::Nobody(Outcome::draw("stalemate"));
        // Classic: every decision.
        assert_eq!(plies(&[w, b, w, over]), vec![0, 1, 2, 3]);
        // 5D: a turn of two moves and a submit is one step.
        assert_eq!(plies(&[w, w, w, b, b, w]), vec![0, 3, 5]);
        // Die Chess: the roll, then the move it allows.
        assert_eq!(plies(&[c, w, c, b, c]), vec![0, 1, 2, 3, 4]);
        assert_eq!(plies(&[w]), vec![0]);
    }

    #[test]
    fn a_loss_of_expected_points_is_judged_by_lichess_s_thresholds() {
        let point = |to_act, value| ReviewPoint {
            to_act,
            value: Some(value),
            ..ReviewPoint::default()
        };
        let kind = |before: f64, after: f64, player: u8| {
            judge(&point(Some(player), before), &point(None, after), 4).map(|j| j.kind)
        };
        assert_eq!(kind(0.60, 0.56, 0), None);
        assert_eq!(kind(0.60, 0.545, 0), Some("inaccuracy"));
        assert_eq!(kind(0.60, 0.49, 0), Some("mistake"));
        assert_eq!(kind(0.60, 0.40, 0), Some("blunder"));
        // The second player loses when the first player's value rises.
        assert_eq!(kind(0.40, 0.60, 1), Some("blunder"));
        assert_eq!(kind(0.60, 0.40, 1), None);
        assert_eq!(
            judge(&point(None, 0.9), &point(None, 0.1), 0),
            None,
            "chance"
        );
        let j = judge(&point(Some(1), 0.5), &point(Some(0), 0.62), 7).expect("judged");
        assert_eq!((j.index, j.player, j.kind), (7, 1, "mistake"));
        assert!((j.loss - 0.12).abs() < 1e-9);
    }

    #[test]
    fn scores_become_win_chances_and_turn_to_the_first_player_s_view() {
        assert_eq!(win_chance("cp 0"), Some(0.5));
        let pawn = win_chance("cp 100").expect("cp");
        assert!((pawn - 0.591_0).abs() < 1e-3, "{pawn}");
        assert_eq!(win_chance("mate 3"), Some(1.0));
        assert_eq!(win_chance("mate -1"), Some(0.0));
        assert_eq!(win_chance("lowerbound"), None);
        assert_eq!(first_players_score("cp 31", Player::Black), "cp -31");
        assert_eq!(first_players_score("mate -2", Player::Black), "mate 2");
        assert_eq!(first_players_score("cp 31", Player::White), "cp 31");
        assert_eq!(result_value(Verdict::Win(Player::Black)), 0.0);
        assert_eq!(result_value(Verdict::BothLose), 0.5);
    }
}
