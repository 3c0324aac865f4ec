//! The game WebSocket `GET /api/games/{id}/ws`: the client's messages ([`ClientMessage`]) and
//! the server's ([`ServerMessage`]), each sent inside [`super::Versioned`] (`"v": 1`).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::snapshot::Snapshot;
use crate::store::Event;

/// A client's message.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ClientMessage {
    /// Take a seat (with its token) and ask for the events since a version.
    Hello {
        /// The seat token; none for a spectator.
        token: Option<String>,
        /// The first event the client has not seen.
        since: Option<i64>,
        /// Whether the client applies `patch` messages (docs/PROTOCOL.md, "Patches"): then a
        /// change is sent as what changed since the version it last had, where the server can.
        #[serde(default)]
        patches: bool,
    },
    /// Play a decision.
    Decision {
        /// The decision in the variant's notation.
        decision: String,
        /// The version the client saw.
        version: Option<i64>,
        /// Echoed in the `ack` or `error`.
        #[serde(rename = "ref")]
        reference: Option<Value>,
    },
    /// Resign, offer a draw, … (`crate::game::commands::ACTIONS`).
    Action {
        /// The action's name.
        action: String,
        /// Echoed in the `ack` or `error`.
        #[serde(rename = "ref")]
        reference: Option<Value>,
    },
    /// Answered with `pong`.
    Ping,
}

/// A message of the server on a game's socket. `Serialize` only, as the snapshot it carries
/// ([`super::snapshot`]).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage {
    /// The answer to `hello`.
    Welcome {
        /// The seat the token holds (0 or 1); `null` for a spectator.
        seat: Option<u8>,
        /// The events from the client's `since` on.
        missed: Vec<GameEvent>,
        /// The game now.
        game: Snapshot,
    },
    /// A stored change, sent to every socket of the game.
    Update {
        /// The events stored.
        events: Vec<GameEvent>,
        /// The game after them.
        game: Snapshot,
    },
    /// A stored change, to a socket that said `patches` and had the version it applies to.
    Patch {
        /// The events stored.
        events: Vec<GameEvent>,
        /// The version the patch applies to: the client's last.
        from: i64,
        /// The patch of the snapshot (docs/PROTOCOL.md, "Patches").
        patch: Value,
        /// The version the patch makes.
        version: i64,
    },
    /// A decision or action carried out, to its sender when it gave a `ref`.
    Ack {
        /// The sender's `ref`.
        #[serde(rename = "ref")]
        reference: Value,
    },
    /// A message refused, to its sender only.
    Error {
        /// The HTTP status the same refusal has over HTTP.
        status: u16,
        /// What is wrong, in one line.
        error: String,
        /// The sender's `ref`, if it gave one.
        #[serde(rename = "ref")]
        reference: Option<Value>,
    },
    /// The answer to `ping`.
    Pong,
}

/// One stored event of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEvent {
    /// Its number in the game, from 0.
    pub seq: i64,
    /// What happened: `decision`, `chance`, `resign`, `offer-draw`, … (docs/PROTOCOL.md).
    pub kind: String,
    /// Who did it: 0 or 1; `null` for the server (a die roll).
    pub player: Option<u8>,
    /// The decision's text, a draw's reason, a rematch's game id; empty when nothing.
    pub text: String,
    /// When it was stored (milliseconds since the Unix epoch).
    pub at_ms: i64,
}

impl GameEvent {
    /// The events `events` as the protocol sends them.
    #[must_use]
    pub fn all(events: &[Event]) -> Vec<GameEvent> {
        events
            .iter()
            .map(|e| GameEvent {
                seq: e.seq,
                kind: e.kind.clone(),
                player: e.player,
                text: e.text.clone(),
                at_ms: e.at_ms,
            })
            .collect()
    }
}
