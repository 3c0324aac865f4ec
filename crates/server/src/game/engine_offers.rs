//! The engine's answer to a draw offered to it: a short search of the position (the value a
//! game review gives it, [`crate::analysis::review::evaluate`]: expected points, the mean over
//! chance's outcomes where chance acts) and an acceptance when the engine's own expected points
//! are below [`ACCEPT_BELOW`] — an even or worse position for it — else a decline. Its answer
//! is stored as the player's would be (`accept-draw`, `decline-draw`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::commands::Command;
use crate::analysis::review;
use crate::service::App;

/// The engine accepts a draw when its expected points are below this: about +50 centipawns
/// for it by lichess's win chance, so an even position, or a worse one, is drawn.
pub const ACCEPT_BELOW: f64 = 0.57;
/// How long the engine thinks about an offer.
pub const THINK_SECONDS: f64 = 0.3;

/// Whether the engine in `seat` accepts a draw where the first player's expected points are
/// `value` (`None`: not found; it declines).
#[must_use]
pub fn accepts(value: Option<f64>, seat: u8) -> bool {
    value.is_some_and(|v| review::seat_value(v, seat) < ACCEPT_BELOW)
}

/// Answers the draw offered to the engine in game `id`, if one still stands, on a task of its
/// own (a plain function, as [`super::engine_pool::EnginePool::schedule`] is: the answer is
/// stored by [`App::execute`], whose future holds this call).
pub fn answer(app: App, id: String) {
    tokio::spawn(answer_now(app, id));
}

async fn answer_now(app: App, id: String) {
    let Ok(stored) = app.store.load(&id).await else {
        return;
    };
    let Some(engine) = stored.row.options.engine else {
        return;
    };
    let token = stored.row.tokens[usize::from(engine.seat & 1)].clone();
    let asked = app
        .with_game(stored, move |loaded| {
            let standing = loaded.finish().is_none()
                && loaded.log.draw_offer.is_some_and(|by| by != engine.seat);
            Ok(standing.then(|| {
                (
                    loaded.stored.row.variant.clone(),
                    loaded.stored.row.start.clone(),
                    loaded.log.texts(),
                )
            }))
        })
        .await;
    let Ok(Some((variant, start, played))) = asked else {
        return;
    };
    let limit = app.work_limit() + Duration::from_secs_f64(THINK_SECONDS * 8.0);
    let value = app
        .engines
        .run_game_turn(limit, move || {
            let entry = crate::game::loaded::variant(&variant).ok()?;
            let engine = omnichess_engine::find(&variant).ok()?;
            let stop = Arc::new(AtomicBool::new(false));
            review::evaluate(
                entry,
                engine,
                start.as_deref(),
                &played,
                THINK_SECONDS,
                &stop,
            )
            .ok()?
            .value
        })
        .await
        .ok()
        .flatten();
    let action = if accepts(value, engine.seat) {
        "accept-draw"
    } else {
        "decline-draw"
    };
    // The offer may have been taken back meanwhile (a move declines it): nothing to answer.
    let _ = app
        .execute(&id, Some(&token), Command::Action(action.to_owned()))
        .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_accepts_an_even_or_worse_position_and_declines_a_better_one() {
        assert!(accepts(Some(0.5), 1));
        assert!(accepts(Some(0.9), 1), "black's engine, white far ahead");
        assert!(!accepts(Some(0.9), 0), "white's engine far ahead");
        assert!(!accepts(Some(0.2), 1), "black's engine far ahead");
        assert!(accepts(Some(0.56), 0));
        assert!(!accepts(None, 0), "no value: declined");
    }
}
