//! The sockets watching each game: a broadcast channel per game with watchers, dropped when
//! the last one leaves, so that nothing grows with games no one watches.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use super::broadcast::Broadcast;

/// Messages a lagging socket may fall behind before it is sent a fresh snapshot instead.
const BACKLOG: usize = 64;

/// The games' broadcast channels.
#[derive(Clone, Debug, Default)]
pub struct Hub {
    channels: Arc<Mutex<HashMap<String, broadcast::Sender<Arc<Broadcast>>>>>,
}

impl Hub {
    /// Starts watching game `id`.
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Arc<Broadcast>> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels
            .entry(id.to_owned())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe()
    }

    /// Sends `message` to every socket watching game `id`.
    pub fn publish(&self, id: &str, message: Arc<Broadcast>) {
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = channels.get(id) {
            let _ = sender.send(message);
        }
    }

    /// Forgets game `id`'s channel if no socket watches it any more.
    pub fn prune(&self, id: &str) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if channels.get(id).is_some_and(|s| s.receiver_count() == 0) {
            channels.remove(id);
        }
    }

    /// Whether a socket on this server watches game `id`.
    #[must_use]
    pub fn is_watched(&self, id: &str) -> bool {
        self.channels.lock().is_ok_and(|c| c.contains_key(id))
    }

    /// Games with a channel (watched by at least one socket, or about to be pruned).
    #[must_use]
    pub fn watched(&self) -> usize {
        self.channels.lock().map_or(0, |c| c.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_lives_while_watched() {
        let hub = Hub::default();
        let mut watcher = hub.subscribe("g1");
        let change = Broadcast::of_text(Vec::new(), 3, "{}".to_owned());
        hub.publish("g1", Arc::new(change));
        assert_eq!(watcher.try_recv().map(|b| b.version).ok(), Some(3));
        hub.prune("g1");
        assert_eq!(hub.watched(), 1);
        drop(watcher);
        hub.prune("g1");
        assert_eq!(hub.watched(), 0);
    }
}
