//! The wire protocol, version 1 (docs/PROTOCOL.md): every message the server sends or reads over
//! HTTP and its two WebSockets, one Rust type each. docs/PROTOCOL.md lists each message's
//! fields in a table named after its type, and the UI's `assets/protocol.js` has a JSDoc
//! `@typedef` of the same name; a test (`doc_check`) holds the three to the same fields.
//!
//! Messages go out with each JSON object's keys in alphabetical order ([`to_text`]), as
//! version 1 has always sent them.

pub mod accounts;
pub mod analysis_socket;
pub mod game_socket;
pub mod http;
pub mod lab;
pub mod lobby;
pub mod patch;
pub mod players;
pub mod read;
pub mod snapshot;
pub mod variants;

#[cfg(test)]
mod doc_check;

use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

/// The protocol's version, sent as `"v"` in every WebSocket message.
pub const VERSION: u8 = 1;

/// A WebSocket message with its version: `{"v": 1, "type": …, …}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Versioned<M> {
    /// The protocol's version ([`VERSION`]).
    pub v: u8,
    /// The message, tagged by `type`.
    #[serde(flatten)]
    pub message: M,
}

impl<M: Serialize> Versioned<M> {
    /// `message` of this version, as sent.
    pub fn text(message: M) -> String {
        to_text(&Versioned {
            v: VERSION,
            message,
        })
    }
}

/// `message` as JSON text, each object's keys in alphabetical order (`null` if it had a map
/// with keys that are not text, which no message of the protocol has).
pub fn to_text<T: Serialize>(message: &T) -> String {
    serde_json::to_value(message)
        .unwrap_or(serde_json::Value::Null)
        .to_string()
}

/// An HTTP answer's body already written as JSON text.
#[derive(Clone, Debug)]
pub struct JsonText(pub String);

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        ([(CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

/// An HTTP answer's JSON body.
#[derive(Clone, Debug)]
pub struct Reply<T>(pub T);

impl<T: Serialize> IntoResponse for Reply<T> {
    fn into_response(self) -> Response {
        ([(CONTENT_TYPE, "application/json")], to_text(&self.0)).into_response()
    }
}
