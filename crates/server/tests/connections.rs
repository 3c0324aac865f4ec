//! The accept loop over real loopback connections (issue: slow clients and socket floods):
//! a silent or slow client is closed after the header timeout, so is a kept-alive
//! connection that sends no next request, and one address holds at most its cap of
//! connections; requests keep their peer address (the rate limits key on it); a WebSocket
//! that answers no ping is closed.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use omnichess_server::listen::ConnectionLimits;
use omnichess_server::rate_limit::RateLimit;
use omnichess_server::socket_idle::SocketIdle;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{app_at, database, serve_app_with, ws};

/// A server on a loopback port with `limits`, one game a minute per client; its address.
async fn serve(name: &str, limits: ConnectionLimits) -> String {
    let app = app_at(&database(name))
        .await
        .with_rate_limit(Some(RateLimit::per_minute(1)));
    serve_app_with(app, limits).await
}

/// Reads until the server closes the connection (or 5 s pass); what it sent and how long
/// it took.
async fn until_closed(stream: &mut TcpStream) -> (String, Duration) {
    let started = Instant::now();
    let mut text = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut text)).await;
    (
        String::from_utf8_lossy(&text).into_owned(),
        started.elapsed(),
    )
}

const QUICK: ConnectionLimits = ConnectionLimits {
    header_timeout: Duration::from_millis(300),
    per_client: 64,
};

#[tokio::test]
async fn a_silent_or_slow_client_is_closed_after_the_header_timeout() {
    let address = serve("conn-slow", QUICK).await;
    let mut silent = TcpStream::connect(&address).await.expect("connects");
    let (_, waited) = until_closed(&mut silent).await;
    assert!(waited < Duration::from_secs(3), "silent: open {waited:?}");
    let mut slow = TcpStream::connect(&address).await.expect("connects");
    slow.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("writes");
    let (_, waited) = until_closed(&mut slow).await;
    assert!(waited < Duration::from_secs(3), "slow: open {waited:?}");
}

#[tokio::test]
async fn a_kept_alive_connection_without_a_next_request_is_closed() {
    let address = serve("conn-idle", QUICK).await;
    let mut stream = TcpStream::connect(&address).await.expect("connects");
    stream
        .write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("writes");
    let (text, waited) = until_closed(&mut stream).await;
    assert!(text.starts_with("HTTP/1.1 200 "), "{text}");
    assert!(text.contains("\"classic\""), "{text}");
    assert!(waited < Duration::from_secs(3), "idle: open {waited:?}");
}

#[tokio::test]
async fn one_address_holds_at_most_its_cap_of_connections() {
    let limits = ConnectionLimits {
        header_timeout: Duration::from_secs(30),
        per_client: 3,
    };
    let address = serve("conn-cap", limits).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(&address).await.expect("connects"));
    }
    // The fourth is answered 429 and closed at once.
    let mut fourth = TcpStream::connect(&address).await.expect("connects");
    let (text, waited) = until_closed(&mut fourth).await;
    assert!(text.starts_with("HTTP/1.1 429 "), "{text}");
    assert!(text.contains("Retry-After: "), "{text}");
    assert!(waited < Duration::from_secs(2), "{waited:?}");
    // A connection closed frees its place.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = TcpStream::connect(&address).await.expect("connects");
    again
        .write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .expect("writes");
    let (text, _) = until_closed(&mut again).await;
    assert!(text.starts_with("HTTP/1.1 200 "), "{text}");
}

#[tokio::test]
async fn requests_carry_their_peer_address_to_the_rate_limit() {
    let address = serve("conn-peer", QUICK).await;
    let body = r#"{"variant":"classic","engine":null}"#;
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut statuses = Vec::new();
    for _ in 0..2 {
        let mut stream = TcpStream::connect(&address).await.expect("connects");
        stream.write_all(request.as_bytes()).await.expect("writes");
        let (text, _) = until_closed(&mut stream).await;
        statuses.push(text.split(' ').nth(1).unwrap_or_default().to_owned());
    }
    // One game a minute for this address: the first is created, the second refused.
    assert_eq!(statuses, ["201", "429"]);
}

#[tokio::test]
async fn an_open_websocket_counts_against_its_address_until_it_closes() {
    let limits = ConnectionLimits {
        header_timeout: Duration::from_secs(30),
        per_client: 2,
    };
    let address = serve("conn-ws", limits).await;
    let (id, _, _) = ws::create(&address, "classic").await;
    let path = format!("/api/games/{id}/ws");
    let first = ws::connect(&address, &path).await;
    let second = ws::connect(&address, &path).await;
    let mut third = TcpStream::connect(&address).await.expect("connects");
    let (text, _) = until_closed(&mut third).await;
    assert!(text.starts_with("HTTP/1.1 429 "), "{text}");
    drop((first, second));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let again = tokio_tungstenite::connect_async(format!("ws://{address}{path}")).await;
    assert!(again.is_ok(), "a closed socket frees its place: {again:?}");
}

/// A server whose sockets are pinged every 100 ms and closed after 300 ms of silence.
async fn serve_pinging(name: &str) -> String {
    let idle = SocketIdle {
        ping_every: Duration::from_millis(100),
        limit: Duration::from_millis(300),
    };
    serve_app_with(
        app_at(&database(name)).await.with_socket_idle(idle),
        ConnectionLimits::default(),
    )
    .await
}

/// Reads a socket for `time`: the pings it got, and whether it ended (closed or failed).
async fn read_for(socket: &mut ws::Socket, time: Duration) -> (usize, bool) {
    let mut pings = 0;
    let read = tokio::time::timeout(time, async {
        while let Some(Ok(message)) = socket.next().await {
            match message {
                Message::Ping(_) => pings += 1,
                Message::Close(_) => break,
                _ => {}
            }
        }
    })
    .await;
    (pings, read.is_ok())
}

#[tokio::test]
async fn a_socket_that_answers_pings_stays_open_and_a_silent_one_is_closed() {
    let address = serve_pinging("conn-ping").await;
    let (id, _, _) = ws::create(&address, "classic").await;
    let path = format!("/api/games/{id}/ws");
    // Reading answers each ping with a pong (tungstenite does): the socket stays open.
    let mut answering = ws::connect(&address, &path).await;
    let (pings, ended) = read_for(&mut answering, Duration::from_millis(1_000)).await;
    assert!(!ended && pings >= 5, "pings {pings}, ended {ended}");
    // A client that reads nothing for a second answers no ping: it is closed.
    let mut silent = ws::connect(&address, &path).await;
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    let (_, ended) = read_for(&mut silent, Duration::from_secs(3)).await;
    assert!(ended, "the silent socket was left open");
    // The same holds for the analysis socket.
    let mut analysis = ws::connect(&address, "/api/analysis/ws").await;
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    let (_, ended) = read_for(&mut analysis, Duration::from_secs(3)).await;
    assert!(ended, "the silent analysis socket was left open");
}
