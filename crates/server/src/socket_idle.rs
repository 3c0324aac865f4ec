//! Idle WebSockets: the server pings every socket every [`SocketIdle::ping_every`] and closes
//! one that has sent nothing, not even the pong a browser answers a ping with, for
//! [`SocketIdle::limit`]. A client gone without closing (a laptop shut, a network lost)
//! holds no socket for long.

use std::time::Duration;

use axum::extract::ws::Message;
use tokio::time::{Instant, Interval, MissedTickBehavior};

/// How often a socket is pinged, by default.
pub const PING_EVERY: Duration = Duration::from_secs(30);

/// How long a socket may stay silent before it is closed, by default: two pings unanswered.
pub const IDLE_LIMIT: Duration = Duration::from_secs(75);

/// When sockets are pinged and when a silent one is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SocketIdle {
    /// The time between pings ([`PING_EVERY`]).
    pub ping_every: Duration,
    /// The silence after which a socket is closed ([`IDLE_LIMIT`]).
    pub limit: Duration,
}

impl Default for SocketIdle {
    fn default() -> SocketIdle {
        SocketIdle {
            ping_every: PING_EVERY,
            limit: IDLE_LIMIT,
        }
    }
}

/// One socket's pings and the last time its client was heard.
pub struct Liveness {
    ticks: Interval,
    heard: Instant,
    limit: Duration,
}

impl Liveness {
    /// A socket just opened, under `idle`.
    #[must_use]
    pub fn new(idle: SocketIdle) -> Liveness {
        let mut ticks = tokio::time::interval_at(Instant::now() + idle.ping_every, idle.ping_every);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        Liveness {
            ticks,
            heard: Instant::now(),
            limit: idle.limit,
        }
    }

    /// The client sent something (any frame).
    pub fn heard(&mut self) {
        self.heard = Instant::now();
    }

    /// Waits for the next ping: the ping to send, or `None` when the client has been silent
    /// past the limit and the socket is to be closed.
    pub async fn tick(&mut self) -> Option<Message> {
        self.ticks.tick().await;
        (self.heard.elapsed() < self.limit).then(|| Message::Ping(Vec::new().into()))
    }
}
