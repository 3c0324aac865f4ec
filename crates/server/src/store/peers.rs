//! Several `omnichess serve` processes on one PostgreSQL database: each holds the sockets it
//! accepted, so a change stored by one must reach the sockets of the others. After storing
//! events a server announces `SERVER GAME FIRST_SEQ` on the channel [`crate::store::CHANNEL`]
//! (`pg_notify`); every server listens, and one that has sockets on that game sends them the
//! update. SQLite has one server, and nothing to announce.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::game::broadcast::Broadcast;
use crate::protocol::game_socket::GameEvent;
use crate::service::App;
use crate::store::CHANNEL;

/// The announcement of events from `first_seq` on in game `id` by server `server`.
#[must_use]
pub fn announcement(server: &str, id: &str, first_seq: i64) -> String {
    format!("{server} {id} {first_seq}")
}

/// Listens for the other servers' announcements until the process ends, reconnecting after a
/// lost connection. Returns at once on SQLite.
pub async fn listen(app: App) {
    let Some(url) = app.store.postgres_url().map(str::to_owned) else {
        return;
    };
    loop {
        if let Err(e) = relay(&app, &url).await {
            eprintln!("omnichess serve: listening to the other servers failed ({e}); retrying");
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn relay(app: &App, url: &str) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    loop {
        let notification = listener.recv().await?;
        let mut words = notification.payload().split(' ');
        let (Some(server), Some(id), Some(first)) = (words.next(), words.next(), words.next())
        else {
            continue;
        };
        if server == app.server_id() || !app.hub.is_watched(id) {
            continue;
        }
        let first: i64 = first.parse().unwrap_or(0);
        let Ok(stored) = app.store.load(id).await else {
            continue;
        };
        let events: Vec<_> = stored
            .events
            .iter()
            .filter(|e| e.seq >= first)
            .cloned()
            .collect();
        if let Ok(shown) = app.shown(id).await {
            let change =
                Broadcast::of_text(GameEvent::all(&events), shown.parts.version, shown.text());
            app.hub.publish(id, Arc::new(change));
        }
    }
}
