//! The server's state and the one path every change of a game takes: load, check
//! ([`crate::commands::plan`]), store, then tell the game's sockets, wake the engine if it is
//! to move, and set a timer for the running clock.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::commands::{Command, plan};
use crate::engine_pool::EnginePool;
use crate::error::ApiError;
use crate::hub::Hub;
use crate::loaded::Loaded;
use crate::protocol::Versioned;
use crate::protocol::game_socket::{GameEvent, ServerMessage};
use crate::protocol::snapshot::Snapshot;
use crate::store::{Event, GameRow, Store, now_ms};

/// Everything the handlers share.
#[derive(Clone, Debug)]
pub struct App {
    /// The games.
    pub store: Store,
    /// The sockets watching them.
    pub hub: Hub,
    /// The engine's workers.
    pub engines: EnginePool,
    /// One flag timer per game whose clock runs.
    timers: Arc<Mutex<HashMap<String, tokio::task::AbortHandle>>>,
    /// This server's name among the servers sharing a PostgreSQL database.
    server_id: Arc<str>,
}

/// Runs `work` on a rebuilt game off the async threads: replaying a long game, or deciding
/// whether a large 5D position is mate, must not hold up other requests.
pub async fn with_game<T: Send + 'static>(
    stored: crate::store::StoredGame,
    work: impl FnOnce(&mut Loaded) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(move || work(&mut Loaded::build(stored)?))
        .await
        .map_err(|e| ApiError::Engine(e.to_string()))?
}

impl App {
    /// The app over `store`, with `engine_workers` engine threads and at most `engine_queue`
    /// engine jobs waiting.
    #[must_use]
    pub fn new(store: Store, engine_workers: usize, engine_queue: usize) -> App {
        App {
            store,
            hub: Hub::default(),
            engines: EnginePool::new(engine_workers, engine_queue),
            timers: Arc::default(),
            server_id: Arc::from(crate::games::new_id()),
        }
    }

    /// This server's name among the servers sharing a PostgreSQL database.
    #[must_use]
    pub fn server_id(&self) -> &str {
        &self.server_id
    }

    /// The snapshot of game `id` now.
    pub async fn snapshot(&self, id: &str) -> Result<Snapshot, ApiError> {
        let stored = self.store.load(id).await?;
        with_game(stored, |loaded| Ok(loaded.snapshot(now_ms()))).await
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
    ) -> Result<Snapshot, ApiError> {
        if command == Command::Action("rematch".to_owned()) {
            return self.rematch(id, token).await;
        }
        let stored = self.store.load(id).await?;
        let seat = App::seat(&stored.row.tokens, token)?;
        let planned =
            with_game(stored, move |loaded| plan(loaded, seat, &command, now_ms())).await?;
        self.store.append(id, &planned.events).await?;
        let snapshot = self.changed(id, &planned.events).await?;
        match planned.refusal {
            Some(refusal) => Err(refusal),
            None => Ok(snapshot),
        }
    }

    /// After events were stored: the update to the game's sockets, the engine woken if it is
    /// to move, the flag timer reset. The new snapshot.
    pub async fn changed(&self, id: &str, events: &[Event]) -> Result<Snapshot, ApiError> {
        let stored = self.store.load(id).await?;
        let engine = stored.row.options.engine;
        let (snapshot, engine_to_move, expiry) = with_game(stored, move |loaded| {
            let now = now_ms();
            let engine_to_move = engine.is_some_and(|e| loaded.actor() == Some(e.seat));
            let expiry = loaded.clocks(now).and_then(|c| c.until_expiry_ms);
            Ok((loaded.snapshot(now), engine_to_move, expiry))
        })
        .await?;
        let message = Versioned::text(ServerMessage::Update {
            events: GameEvent::all(events),
            game: snapshot.clone(),
        });
        self.hub.publish(id, Arc::from(message));
        if let Some(first) = events.first() {
            let told = crate::peers::announcement(&self.server_id, id, first.seq);
            if let Err(e) = self.store.notify(&told).await {
                eprintln!("omnichess serve: could not tell the other servers of game {id}: {e}");
            }
        }
        if engine_to_move {
            self.engines.schedule(self.clone(), id.to_owned());
        }
        self.set_flag_timer(id, expiry);
        Ok(snapshot)
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
    pub async fn create(&self, row: &GameRow, events: &[Event]) -> Result<Snapshot, ApiError> {
        self.store.create(row).await?;
        self.store.append(&row.id, events).await?;
        self.changed(&row.id, events).await
    }

    /// A rematch of game `id`: a new game from the same start with the seats swapped (each
    /// player keeps their token), stored once: asking again gives the same game.
    async fn rematch(&self, id: &str, token: Option<&str>) -> Result<Snapshot, ApiError> {
        let stored = self.store.load(id).await?;
        let Some(seat) = App::seat(&stored.row.tokens, token)? else {
            return Err(ApiError::Forbidden(
                "only a player can ask for a rematch".to_owned(),
            ));
        };
        let (existing, new, version) = with_game(stored, |loaded| {
            let existing = loaded.log.rematch.clone();
            if existing.is_none() && loaded.finish().is_none() {
                return Err(ApiError::Conflict("the game is not over yet".to_owned()));
            }
            let row = &loaded.stored.row;
            let mut options = row.options.clone();
            options.rematch_of = Some(row.id.clone());
            if let Some(engine) = options.engine.as_mut() {
                engine.seat = 1 - engine.seat;
            }
            let new = GameRow {
                id: crate::games::new_id(),
                variant: row.variant.clone(),
                start: row.start.clone(),
                tokens: [row.tokens[1].clone(), row.tokens[0].clone()],
                options,
                created_ms: now_ms(),
            };
            Ok((existing, new, loaded.version()))
        })
        .await?;
        if let Some(existing) = existing {
            return self.snapshot(&existing).await;
        }
        let first = crate::games::first_events(&new, &[])?;
        let event = Event {
            seq: version,
            kind: "rematch".to_owned(),
            player: Some(seat),
            text: new.id.clone(),
            at_ms: now_ms(),
        };
        self.store.append(id, std::slice::from_ref(&event)).await?;
        let snapshot = self.create(&new, &first).await?;
        self.changed(id, &[event]).await?;
        Ok(snapshot)
    }
}
