//! A WebSocket message read from a client's text: at most so many bytes, JSON, version 1, and
//! one of the messages the socket takes. Each socket answers a [`MessageError`] with its
//! `error` message and stays open.

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::VERSION;

/// Why a client's text is not a message the socket takes.
#[derive(Debug, thiserror::Error)]
pub enum MessageError {
    /// The text is longer than the socket's limit.
    #[error("a message is at most {0} bytes")]
    TooLarge(usize),
    /// The text is not JSON.
    #[error("not JSON: {0}")]
    NotJson(serde_json::Error),
    /// The message does not carry `"v": 1`.
    #[error("protocol version: send \"v\": 1")]
    Version,
    /// The JSON is none of the socket's messages (`what` names them).
    #[error("not {what}: {source}")]
    Unknown {
        /// What the socket takes (`a message of version 1`, `an analysis message`).
        what: &'static str,
        /// Why serde refused it.
        source: serde_json::Error,
    },
}

/// Reads `text` as one of the messages `M` (`what` names them), at most `limit` bytes.
///
/// # Errors
/// Too long, not JSON, not version 1, or not one of `M`.
pub fn message<M: DeserializeOwned>(
    text: &str,
    limit: usize,
    what: &'static str,
) -> Result<M, MessageError> {
    if text.len() > limit {
        return Err(MessageError::TooLarge(limit));
    }
    let value: Value = serde_json::from_str(text).map_err(MessageError::NotJson)?;
    if value.get("v").and_then(Value::as_u64) != Some(u64::from(VERSION)) {
        return Err(MessageError::Version);
    }
    serde_json::from_value(value).map_err(|source| MessageError::Unknown { what, source })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::game_socket::ClientMessage;

    #[test]
    fn each_refusal_names_its_reason() {
        let read = |text: &str| {
            message::<ClientMessage>(text, 24, "a message of version 1")
                .expect_err("refused")
                .to_string()
        };
        assert_eq!(read(&" ".repeat(25)), "a message is at most 24 bytes");
        assert!(read("{").starts_with("not JSON: "), "{}", read("{"));
        assert_eq!(read(r#"{"v":2}"#), "protocol version: send \"v\": 1");
        assert!(
            read(r#"{"v":1,"type":"x"}"#).starts_with("not a message of version 1: "),
            "{}",
            read(r#"{"v":1,"type":"x"}"#)
        );
        assert!(matches!(
            message::<ClientMessage>(r#"{"v":1,"type":"ping"}"#, 64, "a message"),
            Ok(ClientMessage::Ping)
        ));
    }
}
