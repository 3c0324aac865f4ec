//! The game WebSocket `GET /api/games/{id}/ws` (docs/PROTOCOL.md): `hello` (with a seat token
//! and the last version seen) is answered with `welcome` (the seat, the events missed, the
//! snapshot); `decision` and `action` go through the same checks as HTTP; every stored change
//! reaches every socket of the game as `update`, or as `patch` for a socket that said
//! `patches` in its hello and has the version the patch applies to. A bad message gets an
//! `error`; the socket stays open.

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::game::broadcast::Broadcast;
use crate::game::commands::Command;
use crate::protocol::Versioned;
pub use crate::protocol::game_socket::ClientMessage;
use crate::protocol::game_socket::{GameEvent, ServerMessage};
use crate::protocol::read::{self, MessageError};
use crate::service::App;

/// The largest message a client may send, in bytes. Larger ones (up to the transport's own
/// limit of [`FRAME_LIMIT`]) are answered with an error.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// Frames past this size close the socket (the transport refuses to buffer them).
pub const FRAME_LIMIT: usize = 1024 * 1024;

/// Reads one client message, or why it is not one (too large, not JSON, not version 1, not a
/// known message), which is answered with an `error` message. Pure: the fuzz target
/// `server_ws` calls it.
///
/// # Errors
/// A text that is not a client message of version 1.
pub fn read_message(text: &str) -> Result<ClientMessage, MessageError> {
    read::message(text, MAX_MESSAGE, "a message of version 1")
}

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(app): State<App>,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    app.store.load(&id).await?;
    Ok(ws
        .max_message_size(FRAME_LIMIT)
        .on_upgrade(move |socket| serve(app, id, socket)))
}

fn text_message(text: String) -> Message {
    Message::Text(text.into())
}

fn error(status: u16, text: &str, reference: Option<Value>) -> String {
    Versioned::text(ServerMessage::Error {
        status,
        error: text.to_owned(),
        reference,
    })
}

fn api_error(e: &ApiError, reference: Option<Value>) -> String {
    error(e.status().as_u16(), &e.to_string(), reference)
}

/// What one socket holds: its seat's token, whether it takes patches, and the version of the
/// last snapshot it was sent.
#[derive(Debug, Default)]
struct Peer {
    token: Option<String>,
    patches: bool,
    seen: Option<i64>,
}

async fn serve(app: App, id: String, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let mut updates = app.hub.subscribe(&id);
    let mut peer = Peer::default();
    let mut liveness = app.liveness();
    loop {
        let reply = tokio::select! {
            incoming = stream.next() => {
                liveness.heard();
                match incoming {
                    Some(Ok(Message::Text(text))) => handle(&app, &id, &mut peer, text.as_str()).await.map(text_message),
                    Some(Ok(Message::Binary(_))) => Some(text_message(error(400, "messages are JSON text", None))),
                    Some(Ok(_)) => None,
                    Some(Err(_)) | None => break,
                }
            },
            update = updates.recv() => match update {
                Ok(change) => {
                    let text = match change.patch_for(peer.seen.filter(|_| peer.patches)) {
                        Some(patch) => patch.to_owned(),
                        None => change.update().to_owned(),
                    };
                    peer.seen = Some(change.version);
                    Some(text_message(text))
                }
                Err(RecvError::Lagged(_)) => Some(text_message(match app.shown(&id).await {
                    Ok(shown) => {
                        peer.seen = Some(shown.parts.version);
                        Broadcast::of_text(Vec::new(), shown.parts.version, shown.text()).update().to_owned()
                    }
                    Err(e) => api_error(&e, None),
                })),
                Err(RecvError::Closed) => break,
            },
            ping = liveness.tick() => match ping {
                Some(ping) => Some(ping),
                None => break,
            },
        };
        if let Some(reply) = reply
            && sink.send(reply).await.is_err()
        {
            break;
        }
    }
    drop(updates);
    app.hub.prune(&id);
}

/// The answer to one client message, if it has one (a successful move is answered by the
/// update every socket receives).
async fn handle(app: &App, id: &str, peer: &mut Peer, text: &str) -> Option<String> {
    let message = match read_message(text) {
        Ok(m) => m,
        Err(e) => {
            let status = if matches!(e, MessageError::TooLarge(_)) {
                413
            } else {
                400
            };
            return Some(error(status, &e.to_string(), None));
        }
    };
    match message {
        ClientMessage::Ping => Some(Versioned::text(ServerMessage::Pong)),
        ClientMessage::Hello {
            token,
            since,
            patches,
        } => {
            peer.patches = patches;
            Some(welcome(app, id, peer, token, since).await)
        }
        ClientMessage::Decision {
            decision,
            version,
            reference,
        } => {
            let command = Command::Decision {
                text: decision,
                version,
            };
            run(app, id, peer.token.as_deref(), command, reference).await
        }
        ClientMessage::Action { action, reference } => {
            run(
                app,
                id,
                peer.token.as_deref(),
                Command::Action(action),
                reference,
            )
            .await
        }
    }
}

async fn run(
    app: &App,
    id: &str,
    token: Option<&str>,
    command: Command,
    reference: Option<Value>,
) -> Option<String> {
    match app.execute(id, token, command).await {
        Ok(_) => reference.map(|reference| Versioned::text(ServerMessage::Ack { reference })),
        Err(e) => Some(api_error(&e, reference)),
    }
}

async fn welcome(
    app: &App,
    id: &str,
    peer: &mut Peer,
    offered: Option<String>,
    since: Option<i64>,
) -> String {
    // A hello that fails leaves the socket a spectator's: no earlier seat carries over.
    peer.token = None;
    let stored = match app.store.load(id).await {
        Ok(s) => s,
        Err(e) => return api_error(&e, None),
    };
    let seat = match App::seat(&stored.row.tokens, offered.as_deref()) {
        Ok(seat) => seat,
        Err(e) => return api_error(&e, None),
    };
    peer.token = offered.filter(|_| seat.is_some());
    let missed: Vec<_> = stored
        .events
        .iter()
        .filter(|e| since.is_some_and(|s| e.seq >= s))
        .cloned()
        .collect();
    match app.shown(id).await {
        Ok(shown) => {
            peer.seen = Some(shown.parts.version);
            format!(
                r#"{{"game":{},"missed":{},"seat":{},"type":"welcome","v":{}}}"#,
                shown.text(),
                crate::protocol::to_text(&GameEvent::all(&missed)),
                crate::protocol::to_text(&seat),
                crate::protocol::VERSION
            )
        }
        Err(e) => api_error(&e, None),
    }
}
