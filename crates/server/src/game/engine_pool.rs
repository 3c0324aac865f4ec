//! The engine's workers: searches run on tokio's blocking threads. Analyses run at most
//! `workers` at once, with at most `queue` more waiting; past that the server says it is busy
//! (503) rather than fall behind without bound. The engine's turns in games have `workers`
//! threads of their own and wait for them without a limit (one job per game at a time, so
//! the wait is bounded by the games): no number of analyses can keep an engine game from
//! moving, and a turn that fails (storage, a search past its limit) is tried again.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::Rng;
use tokio::sync::Semaphore;

use crate::error::ApiError;
use crate::game::commands::Command;
use crate::service::App;
use crate::store::now_ms;

/// The engine's levels, 1 to 8, as agent specifications (see `omnichess match --help`).
const LEVELS: [&str; 8] = [
    "random",
    "greedy",
    "engine:depth=1",
    "engine:depth=2",
    "engine:time=0.2",
    "engine:time=0.5",
    "engine:time=1",
    "engine:time=2",
];

/// The agent specification of engine level `level` (clamped to 1–8). In a timed game, a level
/// that thinks for a time thinks at most a thirtieth of what its clock has left.
#[must_use]
pub fn level_spec(level: u8, clock_left_ms: Option<i64>) -> String {
    let spec = LEVELS[usize::from(level.clamp(1, 8)) - 1];
    match (spec.strip_prefix("engine:time="), clock_left_ms) {
        (Some(seconds), Some(left)) => {
            let wanted = seconds.parse::<f64>().unwrap_or(1.0);
            #[allow(clippy::cast_precision_loss)]
            let share = (left as f64 / 30_000.0).max(0.02);
            format!("engine:time={:.3}", wanted.min(share))
        }
        _ => spec.to_owned(),
    }
}

/// The longest an engine level thinks by its clock (level 8: `engine:time=2`): with the
/// server's work limit, the bound on one engine turn.
pub const ENGINE_TURN_TIME: Duration = Duration::from_secs(2);

/// The first wait before an engine turn that failed is tried again; each next one doubles.
const RETRY_FIRST: Duration = Duration::from_secs(1);
/// The longest wait between tries of an engine turn.
const RETRY_LAST: Duration = Duration::from_secs(30);

/// The engine's workers and queue.
#[derive(Clone, Debug)]
pub struct EnginePool {
    permits: Arc<Semaphore>,
    game_permits: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    queue: usize,
    busy: Arc<Mutex<HashSet<String>>>,
}

impl EnginePool {
    /// A pool of `workers` threads (at least 1) for analyses with `queue` waiting jobs, and as
    /// many for the engine's turns in games.
    #[must_use]
    pub fn new(workers: usize, queue: usize) -> EnginePool {
        EnginePool {
            permits: Arc::new(Semaphore::new(workers.max(1))),
            game_permits: Arc::new(Semaphore::new(workers.max(1))),
            waiting: Arc::default(),
            queue,
            busy: Arc::default(),
        }
    }

    /// Runs `job` on a worker when one is free: `Err` (503) when the queue is full.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::Busy);
        }
        let permit = Arc::clone(&self.permits).acquire_owned().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let _permit = permit.map_err(|_| ApiError::Busy)?;
        tokio::task::spawn_blocking(job)
            .await
            .map_err(|e| ApiError::Engine(e.to_string()))
    }

    /// [`EnginePool::run`] within `limit` ([`omnichess_core::work_limit::within`]): a job
    /// whose rules searches run past it stops soon after and is answered
    /// [`ApiError::OverLimit`].
    pub async fn run_within<T: Send + 'static>(
        &self,
        limit: Duration,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.run(move || omnichess_core::work_limit::within(limit, job))
            .await?
            .map_err(|e| ApiError::OverLimit(e.to_string()))
    }

    /// An engine turn of a game's, within `limit`, on the games' own threads: it waits for
    /// one however long analyses keep the others busy.
    pub(crate) async fn run_game_turn<T: Send + 'static>(
        &self,
        limit: Duration,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = Arc::clone(&self.game_permits)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::Busy)?;
        tokio::task::spawn_blocking(move || omnichess_core::work_limit::within(limit, job))
            .await
            .map_err(|e| ApiError::Engine(e.to_string()))?
            .map_err(|e| ApiError::OverLimit(e.to_string()))
    }

    /// Lets the engine play in game `id`, unless it is already thinking there: its turns
    /// until it is no longer to act (after a forced reply it made, QEC's engine still has its
    /// own move to make; the wake-up its reply sent found it busy).
    pub fn schedule(&self, app: App, id: String) {
        {
            let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
            if !busy.insert(id.clone()) {
                return;
            }
        }
        let pool = self.clone();
        tokio::spawn(async move {
            let mut wait = RETRY_FIRST;
            loop {
                match pool.play_turn(&app, &id).await {
                    Ok(true) => wait = RETRY_FIRST,
                    Ok(false) => break,
                    Err(e) => {
                        eprintln!(
                            "omnichess serve: the engine could not move in game {id} ({e}); \
                             trying again in {} s",
                            wait.as_secs()
                        );
                        tokio::time::sleep(wait).await;
                        wait = (wait * 2).min(RETRY_LAST);
                    }
                }
            }
            pool.busy
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&id);
        });
    }

    /// Plays one turn of the engine's in game `id`, if it is to act: whether it played and is
    /// still to act.
    async fn play_turn(&self, app: &App, id: &str) -> Result<bool, ApiError> {
        let stored = app.store.load(id).await?;
        let Some(engine) = stored.row.options.engine else {
            return Ok(false);
        };
        let token = stored.row.tokens[usize::from(engine.seat & 1)].clone();
        let prepared = app
            .with_game(stored, move |loaded| {
                if loaded.actor() != Some(engine.seat) {
                    return Ok(None);
                }
                let left = loaded
                    .clocks(now_ms())
                    .filter(|_| {
                        loaded
                            .stored
                            .row
                            .options
                            .clock
                            .is_some_and(|s| s.base_ms > 0)
                    })
                    .map(|c| c.remaining_ms[usize::from(engine.seat & 1)]);
                Ok(Some((
                    loaded.stored.row.variant.clone(),
                    loaded.stored.row.start.clone(),
                    loaded.log.texts(),
                    loaded.version(),
                    level_spec(engine.level, left),
                )))
            })
            .await?;
        let Some((variant, start, played, version, spec)) = prepared else {
            return Ok(false);
        };
        let seed: u64 = rand::thread_rng().r#gen();
        // The engine's own clock ends its search; the limit catches rules searches (5D:
        // "is there a legal turn?") that no clock reaches.
        let limit = app.work_limit() + ENGINE_TURN_TIME;
        let turn = self
            .run_game_turn(limit, move || {
                let entry = omnichess_engine::find(&variant)?;
                let mut agent = (entry.agent)(&spec, seed, Duration::from_secs(1))?;
                agent.choose(start.as_deref(), &played, &mut |_| {})
            })
            .await?
            .map_err(|e| ApiError::Engine(e.to_string()))?;
        let mut seen = Some(version);
        let mut still_to_act = false;
        for text in turn {
            let game = app
                .execute(
                    id,
                    Some(&token),
                    Command::Decision {
                        text,
                        version: seen.take(),
                    },
                )
                .await?;
            still_to_act = game.parts.to_act_index == Some(engine.seat);
            if !still_to_act {
                break;
            }
        }
        Ok(still_to_act)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_map_to_agents_and_a_clock_caps_the_time() {
        assert_eq!(level_spec(1, None), "random");
        assert_eq!(level_spec(0, None), "random");
        assert_eq!(level_spec(4, None), "engine:depth=2");
        assert_eq!(level_spec(8, None), "engine:time=2");
        assert_eq!(level_spec(99, Some(600_000)), "engine:time=2.000");
        assert_eq!(level_spec(8, Some(30_000)), "engine:time=1.000");
        assert_eq!(level_spec(3, Some(1_000)), "engine:depth=1");
    }
}
