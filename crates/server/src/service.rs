//! The server's state and the one path every change of a game takes: load, check
//! ([`crate::game::commands::plan`]), store, then tell the game's sockets, wake the engine if it is
//! to move, and set a timer for the running clock.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::error::ApiError;
use crate::game::broadcast::Broadcast;
use crate::game::captured::Captured;
use crate::game::commands::{Command, plan};
use crate::game::engine_pool::EnginePool;
use crate::game::hub::Hub;
use crate::game::loaded::Loaded;
use crate::game::snapshot_cache::SnapshotCache;
use crate::game::snapshot_parts::{Shown, SnapshotParts};
use crate::protocol::game_socket::GameEvent;
use crate::protocol::snapshot::Snapshot;
use crate::rate_limit::RateLimit;
use crate::ratings::speed::speed;
use crate::ratings::store::RatedEnd;
use crate::store::{Event, GameRow, Store, now_ms};
use omnichess_core::work_limit;

/// Everything the handlers share.
#[derive(Clone, Debug)]
pub struct App {
    /// The games.
    pub store: Store,
    /// The sockets watching them.
    pub hub: Hub,
    /// The engine's workers.
    pub engines: EnginePool,
    /// The lab's worker, playing the studies of the store.
    pub lab: crate::lab::runner::LabRunner,
    /// The lobby's open seeks.
    pub seeks: crate::lobby::seeks::Seeks,
    /// The lobby's list of games being played, computed at most once a moment.
    pub playing: crate::lobby::games::PlayingCache,
    /// One flag timer per game whose clock runs.
    timers: Arc<Mutex<HashMap<String, tokio::task::AbortHandle>>>,
    /// This server's name among the servers sharing a PostgreSQL database.
    server_id: Arc<str>,
    /// How long one request may rebuild and judge a game ([`App::with_game`]).
    work_limit: Duration,
    /// Requests working on a rebuilt game off the async threads now.
    busy: Arc<AtomicUsize>,
    /// The limit on each client's costly requests, if any.
    rate_limit: Option<RateLimit>,
    /// The limit on each client's attempts to sign up or in, if any.
    sign_in_limit: Option<RateLimit>,
    /// The captured pieces last counted in each game, to count on from.
    captured: Arc<Mutex<HashMap<String, Captured>>>,
    /// Each game's state after the last request on it, to play on from.
    kept: crate::game::kept_games::KeptGames,
    /// Each game's last snapshot, to answer readers from and patch the next change from.
    snapshots: SnapshotCache,
    /// When WebSockets are pinged and when a silent one is closed.
    socket_idle: crate::socket_idle::SocketIdle,
}

/// The rated ending that `events`, just planned on `loaded`, bring to its rated game, if they
/// end it with a result that is rated. Decisions and rolls are already played on
/// `loaded.game` and end the game by its rules alone, so its own finish tells; an action
/// (a resignation, an agreed draw, a flag) ends it through the log: the game is rebuilt with
/// the events.
fn rated_end(loaded: &Loaded, events: &[Event]) -> Result<Option<RatedEnd>, ApiError> {
    let row = &loaded.stored.row;
    let [Some(first), Some(second)] = &row.players else {
        return Ok(None);
    };
    if !row.options.rated {
        return Ok(None);
    }
    let played_only = events
        .iter()
        .all(|e| matches!(e.kind.as_str(), "decision" | "chance"));
    let finish = if played_only {
        loaded.finish()
    } else {
        let mut after = loaded.stored.clone();
        after.events.extend_from_slice(events);
        Loaded::build(after)?.finish()
    };
    let Some(finish) = finish else {
        return Ok(None);
    };
    Ok(RatedEnd::score_of(&finish.result).map(|score| RatedEnd {
        accounts: [first.id.clone(), second.id.clone()],
        variant: row.variant.clone(),
        speed: speed(row.options.clock.as_ref()),
        score,
    }))
}

/// Games whose captured pieces are kept to count on from; past it the memory starts afresh.
const CAPTURED_KEPT: usize = 4096;

/// The default limit on the work of one request ([`App::with_work_limit`]).
pub const DEFAULT_WORK_LIMIT: Duration = Duration::from_secs(10);

impl App {
    /// The app over `store`, with `engine_workers` engine threads and at most `engine_queue`
    /// engine jobs waiting.
    #[must_use]
    pub fn new(store: Store, engine_workers: usize, engine_queue: usize) -> App {
        App {
            seeks: crate::lobby::seeks::Seeks::new(
                store.clone(),
                crate::lobby::seeks::DEFAULT_SEEK_TIMEOUT,
            ),
            store,
            hub: Hub::default(),
            engines: EnginePool::new(engine_workers, engine_queue),
            lab: crate::lab::runner::LabRunner::new(engine_workers),
            playing: crate::lobby::games::PlayingCache::default(),
            timers: Arc::default(),
            server_id: Arc::from(crate::game::routes::new_id()),
            work_limit: DEFAULT_WORK_LIMIT,
            busy: Arc::default(),
            rate_limit: None,
            sign_in_limit: None,
            captured: Arc::default(),
            kept: crate::game::kept_games::KeptGames::default(),
            snapshots: SnapshotCache::default(),
            socket_idle: crate::socket_idle::SocketIdle::default(),
        }
    }

    /// This app with WebSockets pinged and closed when silent as `idle` says (default
    /// [`crate::socket_idle::SocketIdle::default`]).
    #[must_use]
    pub fn with_socket_idle(mut self, idle: crate::socket_idle::SocketIdle) -> App {
        self.socket_idle = idle;
        self
    }

    /// A liveness watch for a WebSocket just opened ([`crate::socket_idle`]).
    #[must_use]
    pub fn liveness(&self) -> crate::socket_idle::Liveness {
        crate::socket_idle::Liveness::new(self.socket_idle)
    }

    /// This app with `limit` on each client's costly requests (creating games, opening
    /// analyses): [`crate::rate_limit`]. `None` (the default of [`App::new`]): no limit.
    #[must_use]
    pub fn with_rate_limit(mut self, limit: Option<RateLimit>) -> App {
        self.rate_limit = limit;
        self
    }

    /// This app with seeks that live `timeout` without their seeker polling them
    /// ([`crate::lobby::seeks`]; default [`crate::lobby::seeks::DEFAULT_SEEK_TIMEOUT`]).
    #[must_use]
    pub fn with_seek_timeout(mut self, timeout: Duration) -> App {
        self.seeks = crate::lobby::seeks::Seeks::new(self.store.clone(), timeout);
        self
    }

    /// This app with `limit` on each client's attempts to sign up or in
    /// ([`crate::rate_limit::SIGN_IN_PER_MINUTE`] under `omnichess serve`). `None` (the
    /// default of [`App::new`]): no limit.
    #[must_use]
    pub fn with_sign_in_limit(mut self, limit: Option<RateLimit>) -> App {
        self.sign_in_limit = limit;
        self
    }

    /// The limit on each client's attempts to sign up or in, if any.
    #[must_use]
    pub fn sign_in_limit(&self) -> Option<RateLimit> {
        self.sign_in_limit
    }

    /// The limit on each client's costly requests, if any.
    #[must_use]
    pub fn rate_limit(&self) -> Option<RateLimit> {
        self.rate_limit
    }

    /// This app with `limit` on the work of one request: rebuilding a game and judging its
    /// position ([`App::with_game`]); an import may take half of it.
    #[must_use]
    pub fn with_work_limit(mut self, limit: Duration) -> App {
        self.work_limit = limit;
        self
    }

    /// The limit on the work of one request.
    #[must_use]
    pub fn work_limit(&self) -> Duration {
        self.work_limit
    }

    /// Requests working on a rebuilt game off the async threads now: 0 when the server is
    /// idle, whatever requests ran past their limit before.
    #[must_use]
    pub fn busy(&self) -> usize {
        self.busy.load(Ordering::Relaxed)
    }

    /// Runs `work` off the async threads within `limit`
    /// ([`omnichess_core::work_limit::within`]): a long replay, or deciding whether a large
    /// 5D position is mate, must not hold up other requests, and one that runs past the limit
    /// stops soon after it and frees its thread. `over` is the error to answer then.
    pub async fn off_thread<T: Send + 'static>(
        &self,
        limit: Duration,
        over: fn(String) -> ApiError,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let busy = Arc::clone(&self.busy);
        busy.fetch_add(1, Ordering::Relaxed);
        let joined = tokio::task::spawn_blocking(move || {
            let result = work_limit::within(limit, work);
            busy.fetch_sub(1, Ordering::Relaxed);
            result
        })
        .await
        .map_err(|e| ApiError::Engine(e.to_string()))?;
        joined.map_err(|e| over(e.to_string()))?
    }

    /// Runs `work` on the game `stored` rebuilt, within the request's work limit: past it,
    /// [`ApiError::OverLimit`].
    pub async fn with_game<T: Send + 'static>(
        &self,
        stored: crate::store::StoredGame,
        work: impl FnOnce(&mut Loaded) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        Ok(self.with_game_back(stored, work).await?.0)
    }

    /// [`App::with_game`], with `stored` given back: a caller that stores more events reads
    /// only those ([`crate::Store::load_newer`]), not the whole game again.
    pub async fn with_game_back<T: Send + 'static>(
        &self,
        stored: crate::store::StoredGame,
        work: impl FnOnce(&mut Loaded) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<(T, crate::store::StoredGame), ApiError> {
        let slot = self.kept.slot(&stored.row.id);
        self.off_thread(self.work_limit, ApiError::OverLimit, move || {
            // Requests on one game take turns with its kept state.
            let mut kept = slot.lock().unwrap_or_else(|e| e.into_inner());
            let mut loaded = Loaded::build_from(stored, kept.take())?;
            let answer = work(&mut loaded);
            let (state, stored) = loaded.into_kept();
            *kept = Some(state);
            Ok((answer?, stored))
        })
        .await
    }

    /// The captured pieces last counted in game `id`.
    fn known_captured(&self, id: &str) -> Option<Captured> {
        let known = self.captured.lock().unwrap_or_else(|e| e.into_inner());
        known.get(id).cloned()
    }

    /// Keeps the captured pieces counted in game `id`.
    fn keep_captured(&self, id: &str, captured: Captured) {
        let mut known = self.captured.lock().unwrap_or_else(|e| e.into_inner());
        if known.len() >= CAPTURED_KEPT {
            known.clear();
        }
        known.insert(id.to_owned(), captured);
    }

    /// This server's name among the servers sharing a PostgreSQL database.
    #[must_use]
    pub fn server_id(&self) -> &str {
        &self.server_id
    }

    /// The snapshot of game `id` now.
    pub async fn snapshot(&self, id: &str) -> Result<Snapshot, ApiError> {
        let stored = self.store.load(id).await?;
        let known = self.known_captured(id);
        let (snapshot, captured) = self
            .with_game(stored, move |loaded| {
                Ok(loaded.snapshot_after(now_ms(), known.as_ref()))
            })
            .await?;
        self.keep_captured(id, captured);
        Ok(snapshot)
    }

    /// The snapshot of game `id` now as it is sent: the one kept for its version, with the
    /// clocks as of now, or else made and kept.
    pub async fn shown(&self, id: &str) -> Result<Shown, ApiError> {
        let stored = self.store.load(id).await?;
        let known = self.known_captured(id);
        let (cache, key) = (self.snapshots.clone(), id.to_owned());
        let (shown, captured) = self
            .with_game(stored, move |loaded| {
                let now = now_ms();
                if let Some(parts) = cache.get(&key).filter(|p| p.version == loaded.version()) {
                    let clock = Some(loaded.clock_state(now));
                    return Ok((
                        Shown {
                            parts,
                            clock,
                            patch: None,
                        },
                        None,
                    ));
                }
                let (mut snapshot, captured) = loaded.snapshot_after(now, known.as_ref());
                let parts = Arc::new(SnapshotParts::of(&mut snapshot, cache.get(&key).as_deref()));
                cache.put(&key, Arc::clone(&parts));
                Ok((
                    Shown {
                        parts,
                        clock: None,
                        patch: None,
                    },
                    Some(captured),
                ))
            })
            .await?;
        if let Some(captured) = captured {
            self.keep_captured(id, captured);
        }
        Ok(shown)
    }

    /// The seat of `token` in game `stored`: `None` for no token, an error for a token that is
    /// no seat of it.
    pub fn seat(tokens: &[String; 2], token: Option<&str>) -> Result<Option<u8>, ApiError> {
        match token {
            None | Some("") => Ok(None),
            Some(t) => tokens
                .iter()
                .position(|s| s == t)
                .map(|p| Some(u8::from(p == 1)))
                .ok_or_else(|| {
                    ApiError::Forbidden("this token is no seat of this game".to_owned())
                }),
        }
    }

    /// Carries out `command` by the holder of `token` on game `id`: the new snapshot, or why
    /// not. The game's sockets hear of every stored change.
    pub async fn execute(
        &self,
        id: &str,
        token: Option<&str>,
        command: Command,
    ) -> Result<Shown, ApiError> {
        if command == Command::Action("rematch".to_owned()) {
            return self.rematch(id, token).await;
        }
        if command == Command::Action("decline-rematch".to_owned()) {
            return self.decline_rematch(id, token).await;
        }
        let stored = self.store.load(id).await?;
        let seat = App::seat(&stored.row.tokens, token)?;
        let ((planned, rated), stored) = self
            .with_game_back(stored, move |loaded| {
                let running = loaded.finish().is_none();
                let planned = plan(loaded, seat, &command, now_ms())?;
                let rated = if running && !planned.events.is_empty() {
                    rated_end(loaded, &planned.events)?
                } else {
                    None
                };
                Ok((planned, rated))
            })
            .await?;
        self.store
            .append_ending(id, &planned.events, rated.as_ref())
            .await?;
        let stored = self.store.load_newer(stored).await?;
        let shown = self.changed_from(stored, &planned.events).await?;
        match planned.refusal {
            Some(refusal) => Err(refusal),
            None => Ok(shown),
        }
    }

    /// After events were stored: the update to the game's sockets (a patch for those that
    /// take one), the engine woken if it is to move, the flag timer reset. The new snapshot.
    pub async fn changed(&self, id: &str, events: &[Event]) -> Result<Shown, ApiError> {
        let stored = self.store.load(id).await?;
        self.changed_from(stored, events).await
    }

    /// [`App::changed`] on game `stored` as the store holds it after `events`.
    async fn changed_from(
        &self,
        stored: crate::store::StoredGame,
        events: &[Event],
    ) -> Result<Shown, ApiError> {
        let game_id = stored.row.id.clone();
        let id = game_id.as_str();
        let engine = stored.row.options.engine;
        let known = self.known_captured(id);
        let offered = events.iter().any(|e| e.kind == "offer-draw");
        let (cache, key) = (self.snapshots.clone(), id.to_owned());
        let (shown, captured, engine_to_move, offer_to_engine, expiry) = self
            .with_game(stored, move |loaded| {
                let now = now_ms();
                let engine_to_move = engine.is_some_and(|e| loaded.actor() == Some(e.seat));
                let offer_to_engine = offered
                    && loaded.finish().is_none()
                    && engine.is_some_and(|e| loaded.log.draw_offer.is_some_and(|by| by != e.seat));
                let expiry = loaded.clocks(now).and_then(|c| c.until_expiry_ms);
                let (mut snapshot, captured) = loaded.snapshot_after(now, known.as_ref());
                let before = cache.before(&key, loaded.version());
                let parts = Arc::new(SnapshotParts::of(&mut snapshot, before.as_deref()));
                let patch = before.map(|b| Arc::new(parts.patch_from(&b)));
                cache.put(&key, Arc::clone(&parts));
                let shown = Shown {
                    parts,
                    clock: None,
                    patch,
                };
                Ok((shown, captured, engine_to_move, offer_to_engine, expiry))
            })
            .await?;
        self.keep_captured(id, captured);
        let change = Broadcast::of_change(
            GameEvent::all(events),
            Arc::clone(&shown.parts),
            shown.patch.clone(),
        );
        self.hub.publish(id, Arc::new(change));
        if let Some(first) = events.first() {
            let told = crate::store::peers::announcement(&self.server_id, id, first.seq);
            if let Err(e) = self.store.notify(&told).await {
                eprintln!("omnichess serve: could not tell the other servers of game {id}: {e}");
            }
        }
        if offer_to_engine {
            crate::game::engine_offers::answer(self.clone(), id.to_owned());
        }
        if engine_to_move {
            self.engines.schedule(self.clone(), id.to_owned());
        }
        self.set_flag_timer(id, expiry);
        Ok(shown)
    }

    /// Wakes the server when the running clock runs out, to store the flag and tell the
    /// sockets; replaces the game's earlier timer.
    fn set_flag_timer(&self, id: &str, expiry: Option<i64>) {
        let mut timers = self.timers.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = timers.remove(id) {
            old.abort();
        }
        let Some(ms) = expiry else { return };
        let app = self.clone();
        let game = id.to_owned();
        let wait = Duration::from_millis(u64::try_from(ms).unwrap_or(0) + 50);
        let task = tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = app
                .execute(&game, None, Command::Action("flag".to_owned()))
                .await;
        });
        timers.insert(id.to_owned(), task.abort_handle());
    }

    /// Stores a new game and its first events (the die's first roll, imported decisions),
    /// and wakes the engine if it moves first.
    pub async fn create(&self, row: &GameRow, events: &[Event]) -> Result<Shown, ApiError> {
        self.store.create(row).await?;
        self.store.append(&row.id, events).await?;
        self.changed(&row.id, events).await
    }

    /// A rematch of game `id`: a new game from the same start with the seats swapped (each
    /// player keeps their token), stored once: asking again gives the same game.
    async fn rematch(&self, id: &str, token: Option<&str>) -> Result<Shown, ApiError> {
        let stored = self.store.load(id).await?;
        let Some(seat) = App::seat(&stored.row.tokens, token)? else {
            return Err(ApiError::Forbidden(
                "only a player can ask for a rematch".to_owned(),
            ));
        };
        let (existing, new, version, consent) = self
            .with_game(stored, move |loaded| {
                let existing = loaded.log.rematch.clone();
                if existing.is_none() && loaded.finish().is_none() {
                    return Err(ApiError::Conflict("the game is not over yet".to_owned()));
                }
                // The other player's offer, or the engine (which always plays on), consents.
                let consent = loaded.log.rematch_offer == Some(1 - seat)
                    || loaded.stored.row.options.engine.is_some();
                let row = &loaded.stored.row;
                let mut options = row.options.clone();
                options.rematch_of = Some(row.id.clone());
                if let Some(engine) = options.engine.as_mut() {
                    engine.seat = 1 - engine.seat;
                }
                let new = GameRow {
                    id: crate::game::routes::new_id(),
                    variant: row.variant.clone(),
                    start: row.start.clone(),
                    tokens: [row.tokens[1].clone(), row.tokens[0].clone()],
                    options,
                    created_ms: now_ms(),
                    players: [row.players[1].clone(), row.players[0].clone()],
                };
                let offer =
                    (!consent && loaded.log.rematch_offer != Some(seat)).then(|| loaded.version());
                Ok((
                    existing,
                    new,
                    loaded.version(),
                    consent.then_some(()).ok_or(offer),
                ))
            })
            .await?;
        if let Some(existing) = existing {
            return self.shown(&existing).await;
        }
        match consent {
            Ok(()) => {}
            // Asked again before the other answers: the offer stands, as it is.
            Err(None) => return self.shown(id).await,
            Err(Some(seq)) => {
                let offer = Event {
                    seq,
                    kind: "offer-rematch".to_owned(),
                    player: Some(seat),
                    text: String::new(),
                    at_ms: now_ms(),
                };
                match self.store.append(id, std::slice::from_ref(&offer)).await {
                    Ok(()) => return self.changed(id, &[offer]).await,
                    // The other asked at the same moment: theirs stands, and this accepts it.
                    Err(ApiError::Conflict(_)) => return Box::pin(self.rematch(id, token)).await,
                    Err(e) => return Err(e),
                }
            }
        }
        let first = crate::game::routes::first_events(&new, &[])?;
        // The new game first, then the event that points to it: a rematch event never names a
        // game that is not stored. Of two asking at once, the one whose event is stored wins;
        // the other's game stays unnamed and the winner's is answered.
        let snapshot = self.create(&new, &first).await?;
        let event = Event {
            seq: version,
            kind: "rematch".to_owned(),
            player: Some(seat),
            text: new.id.clone(),
            at_ms: now_ms(),
        };
        match self.store.append(id, std::slice::from_ref(&event)).await {
            Ok(()) => {}
            Err(ApiError::Conflict(_)) => return Box::pin(self.rematch(id, token)).await,
            Err(e) => return Err(e),
        }
        self.changed(id, &[event]).await?;
        Ok(snapshot)
    }

    /// `decline-rematch`: a player turns down the other's offer of a rematch.
    async fn decline_rematch(&self, id: &str, token: Option<&str>) -> Result<Shown, ApiError> {
        let stored = self.store.load(id).await?;
        let Some(seat) = App::seat(&stored.row.tokens, token)? else {
            return Err(ApiError::Forbidden(
                "only a player can answer a rematch offer".to_owned(),
            ));
        };
        let version = self
            .with_game(stored, move |loaded| {
                if loaded.log.rematch_offer != Some(1 - seat) || loaded.log.rematch.is_some() {
                    return Err(ApiError::Illegal(
                        "there is no rematch offer to answer".to_owned(),
                    ));
                }
                Ok(loaded.version())
            })
            .await?;
        let event = Event {
            seq: version,
            kind: "decline-rematch".to_owned(),
            player: Some(seat),
            text: String::new(),
            at_ms: now_ms(),
        };
        self.store.append(id, std::slice::from_ref(&event)).await?;
        self.changed(id, &[event]).await
    }
}
