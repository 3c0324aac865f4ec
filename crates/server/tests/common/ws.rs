//! A WebSocket client for the tests, and game creation over a plain TCP connection.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A client socket.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens a socket on `path`.
pub async fn connect(address: &str, path: &str) -> Socket {
    tokio_tungstenite::connect_async(format!("ws://{address}{path}"))
        .await
        .expect("the socket opens")
        .0
}

/// Sends a JSON message.
pub async fn send(socket: &mut Socket, message: Value) {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .expect("sent");
}

/// Every message that arrives within `ms` milliseconds.
pub async fn gather(socket: &mut Socket, ms: u64) -> Vec<Value> {
    let mut all = Vec::new();
    let _ = tokio::time::timeout(Duration::from_millis(ms), async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message {
                all.push(serde_json::from_str(&text).expect("JSON"));
            }
        }
    })
    .await;
    all
}

/// The next JSON message of type `kind` (others are skipped), within 10 s.
pub async fn next(socket: &mut Socket, kind: &str) -> Value {
    let wait = async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).expect("JSON");
                if value["type"] == kind {
                    return value;
                }
            }
        }
        Value::Null
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .unwrap_or(Value::Null)
}

/// Creates a game over HTTP: its id and tokens.
pub async fn create(address: &str, variant: &str) -> (String, String, String) {
    let client = reqwest_free_post(address, &json!({"variant": variant})).await;
    let s = |v: &Value| v.as_str().expect("a string").to_owned();
    (
        s(&client["id"]),
        s(&client["tokens"]["white"]),
        s(&client["tokens"]["black"]),
    )
}

/// A POST over a plain TCP connection (no HTTP client crate needed).
/// POSTs a game over a plain TCP connection.
pub async fn reqwest_free_post(address: &str, body: &Value) -> Value {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    let body = body.to_string();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("read");
    let json = response.split("\r\n\r\n").nth(1).unwrap_or_default();
    serde_json::from_str(json).expect("a JSON body")
}
