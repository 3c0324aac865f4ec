//! The server's accept loop: HTTP/1.1 connections (WebSockets are upgrades of them) served by
//! hyper with a timeout on request headers, which also closes a keep-alive connection that
//! sends no next request, and a cap on the connections one client address holds at once.
//! A slow client (headers a byte at a time, or nothing at all) is closed after
//! [`ConnectionLimits::header_timeout`]; a client at [`ConnectionLimits::per_client`]
//! connections (a WebSocket counts until it closes) gets `429 Too Many Requests` on the next
//! and it is closed.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// How long a client may take to send a request's headers, and how long a kept-alive
/// connection may wait for its next request, by default.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections one client address may hold at once by default: a browser's six per host
/// with room for a game's, a spectator's and an analysis's sockets in several tabs.
pub const CONNECTIONS_PER_CLIENT: usize = 64;

/// The limits every connection is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// The time for a request's headers, and for the next request on a kept-alive
    /// connection ([`HEADER_TIMEOUT`]).
    pub header_timeout: Duration,
    /// Open connections (WebSockets among them) per client address
    /// ([`CONNECTIONS_PER_CLIENT`]).
    pub per_client: usize,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            header_timeout: HEADER_TIMEOUT,
            per_client: CONNECTIONS_PER_CLIENT,
        }
    }
}

/// The open connections of each client address; an address with none has no entry.
type Open = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One connection counted against its address until it is dropped.
struct Counted {
    open: Open,
    address: IpAddr,
}

impl Counted {
    /// Counts a new connection from `address`, unless it already holds `cap`.
    fn take(open: &Open, address: IpAddr, cap: usize) -> Option<Counted> {
        let mut table = open.lock().unwrap_or_else(PoisonError::into_inner);
        let held = table.entry(address).or_insert(0);
        if *held >= cap {
            return None;
        }
        *held += 1;
        Some(Counted {
            open: Arc::clone(open),
            address,
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut table = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(held) = table.get_mut(&self.address) {
            *held -= 1;
            if *held == 0 {
                table.remove(&self.address);
            }
        }
    }
}

/// A connection's stream, counted against its address for as long as it is open: through
/// an upgrade too, since a WebSocket keeps the stream it was upgraded from.
struct CountedStream {
    stream: TcpStream,
    _counted: Counted,
}

impl AsyncRead for CountedStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for CountedStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// The answer to a connection over its address's cap, written before it is closed.
const TOO_MANY: &[u8] = b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n\
Retry-After: 10\r\nConnection: close\r\nContent-Length: 55\r\n\r\n\
{\"error\":\"too many open connections from your address\"}";

/// Serves `router` on `listener` until `shutdown` resolves; then stops accepting, lets each
/// connection finish the request it is answering, closes idle ones and returns once all are
/// closed (a caller that will not wait for open WebSockets bounds this with a timeout).
///
/// # Errors
/// None today: a failed accept (the process out of file descriptors, say) is waited out and
/// retried rather than ending the server.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let open: Open = Arc::default();
    let (stop, stopped) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(counted) = Counted::take(&open, peer.ip(), limits.per_client) else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let stream = CountedStream {
            stream,
            _counted: counted,
        };
        tokio::spawn(connection(
            stream,
            peer,
            router.clone(),
            limits.header_timeout,
            stopped.clone(),
        ));
    }
    let _ = stop.send(true);
    while !open
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .is_empty()
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// Answers a connection over its address's cap with 429 and closes it.
async fn refuse(mut stream: TcpStream) {
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(TOO_MANY).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// Serves one connection until it closes, or closes it gracefully once `stopped` turns true.
async fn connection(
    stream: CountedStream,
    peer: SocketAddr,
    router: Router,
    header_timeout: Duration,
    mut stopped: watch::Receiver<bool>,
) {
    let service = router.map_request(move |mut request: axum::extract::Request<_>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    let served = builder
        .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
        .with_upgrades();
    tokio::pin!(served);
    loop {
        tokio::select! {
            _ = served.as_mut() => break,
            changed = stopped.changed() => {
                if changed.is_err() || *stopped.borrow() {
                    served.as_mut().graceful_shutdown();
                    let _ = served.as_mut().await;
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_cap_and_a_closed_connection_frees_its_place() {
        let open: Open = Arc::default();
        let a: IpAddr = [127, 0, 0, 1].into();
        let b: IpAddr = [127, 0, 0, 2].into();
        let first = Counted::take(&open, a, 2).expect("first");
        let second = Counted::take(&open, a, 2).expect("second");
        assert!(Counted::take(&open, a, 2).is_none(), "a third from a");
        assert!(Counted::take(&open, b, 2).is_some(), "b has its own places");
        drop(first);
        let third = Counted::take(&open, a, 2).expect("a place freed");
        drop((second, third));
        assert!(
            open.lock().expect("lock").is_empty(),
            "no entry stays behind"
        );
    }

    #[test]
    fn the_refusal_is_a_complete_response() {
        let text = std::str::from_utf8(TOO_MANY).expect("ascii");
        let (head, body) = text.split_once("\r\n\r\n").expect("head and body");
        assert!(head.starts_with("HTTP/1.1 429 "));
        assert!(head.contains(&format!("Content-Length: {}", body.len())));
        assert!(
            serde_json::from_str::<serde_json::Value>(body).is_ok(),
            "{body}"
        );
    }
}
