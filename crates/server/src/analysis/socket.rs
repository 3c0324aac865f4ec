//! The analysis WebSocket `GET /api/analysis/ws`: the engine's thinking on any position of any
//! variant, streamed line by line as each iteration completes, its lines in the variant's
//! notation (docs/PROTOCOL.md); and a game's review ([`super::review`]). Searches run on the
//! engine's workers; `stop` ends one early; a socket runs one search or review at a time.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use omnichess_engine::Limits;
use omnichess_engine::registry::AnalysisRequest;
use tokio::sync::mpsc;

use super::notation::shown_line;
use super::review;
use crate::game::socket::{FRAME_LIMIT, MAX_MESSAGE};
use crate::protocol::Versioned;
pub use crate::protocol::analysis_socket::AnalysisMessage;
use crate::protocol::analysis_socket::{AnalysisReply, Info};
use crate::protocol::read::{self, MessageError};
use crate::service::App;

/// The longest search a client may ask for.
pub const MAX_SECONDS: f64 = 30.0;

/// Reads one analysis message, or why it is not one, which is answered with an `error`
/// message. Pure: the fuzz target `server_ws` calls it.
///
/// # Errors
/// A text that is not an analysis message of version 1.
pub fn read_message(text: &str) -> Result<AnalysisMessage, MessageError> {
    read::message(text, MAX_MESSAGE, "an analysis message")
}

/// `GET /api/analysis/ws`.
pub async fn upgrade(State(app): State<App>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(FRAME_LIMIT)
        .on_upgrade(move |socket| serve(app, socket))
}

/// One `info …` line of the engine as the `info` message: depth, score, nodes, the best line.
#[must_use]
pub fn info(line: &str) -> Info {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| words.iter().position(|w| *w == key).map(|i| i + 1);
    let number = |key: &str| after(key).and_then(|i| words.get(i)?.parse::<f64>().ok());
    let score = after("score").map(|i| {
        words
            .iter()
            .skip(i)
            .take(2)
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    });
    let pv = after("pv")
        .map(|i| words[i..].iter().map(|w| (*w).to_owned()).collect())
        .unwrap_or_default();
    Info {
        depth: number("depth"),
        score,
        nodes: number("nodes"),
        nps: number("nps"),
        time: number("time"),
        pv,
        shown: Vec::new(),
        line: line.to_owned(),
    }
}

fn error(text: &str) -> String {
    failure(400, text)
}

fn failure(status: u16, text: &str) -> String {
    Versioned::text(AnalysisReply::Error {
        status,
        error: text.to_owned(),
    })
}

async fn serve(app: App, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (lines, mut outgoing) = mpsc::channel::<String>(64);
    let mut stop: Option<Arc<AtomicBool>> = None;
    let mut liveness = app.liveness();
    loop {
        let reply = tokio::select! {
            incoming = stream.next() => {
                liveness.heard();
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        handle(&app, text.as_str(), &lines, &mut stop).map(|t| Message::Text(t.into()))
                    }
                    Some(Ok(_)) => None,
                    Some(Err(_)) | None => break,
                }
            },
            Some(line) = outgoing.recv() => Some(Message::Text(line.into())),
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
    if let Some(flag) = stop {
        flag.store(true, Ordering::Relaxed);
    }
}

/// Stops the socket's running search or review, if any, and gives the flag of the next.
fn restart(stop: &mut Option<Arc<AtomicBool>>) -> Arc<AtomicBool> {
    if let Some(flag) = stop.take() {
        flag.store(true, Ordering::Relaxed);
    }
    let flag = Arc::new(AtomicBool::new(false));
    *stop = Some(Arc::clone(&flag));
    flag
}

fn handle(
    app: &App,
    text: &str,
    lines: &mpsc::Sender<String>,
    stop: &mut Option<Arc<AtomicBool>>,
) -> Option<String> {
    let message = match read_message(text) {
        Ok(m) => m,
        Err(e) => return Some(error(&e.to_string())),
    };
    match message {
        AnalysisMessage::Ping => Some(Versioned::text(AnalysisReply::Pong)),
        AnalysisMessage::Stop => {
            if let Some(flag) = stop.take() {
                flag.store(true, Ordering::Relaxed);
            }
            None
        }
        AnalysisMessage::Review {
            variant,
            position,
            after,
            seconds,
        } => {
            let flag = restart(stop);
            let request = review::Request {
                variant,
                position,
                after,
                seconds,
            };
            tokio::spawn(review::run(app.clone(), request, flag, lines.clone()));
            None
        }
        AnalysisMessage::Analyse {
            variant,
            position,
            after,
            seconds,
        } => {
            let flag = restart(stop);
            let Ok(engine) = omnichess_engine::find(&variant) else {
                return Some(error(&format!(
                    "unknown variant `{}`",
                    variant.chars().take(40).collect::<String>()
                )));
            };
            let seconds = seconds.unwrap_or(5.0).clamp(0.05, MAX_SECONDS);
            let (pool, lines) = (app.engines.clone(), lines.clone());
            let limit = app.work_limit() + Duration::from_secs_f64(seconds);
            tokio::spawn(async move {
                let progress = lines.clone();
                let outcome = pool
                    .run_within(limit, move || {
                        // The game at the position, to write the lines in its notation.
                        let mut game =
                            crate::game::loaded::variant(&variant)
                                .ok()
                                .and_then(|entry| {
                                    let start =
                                        position.as_deref().filter(|p| !p.trim().is_empty());
                                    let mut game = (entry.open)(start).ok()?;
                                    after.iter().all(|d| game.play(d).is_ok()).then_some(game)
                                });
                        let request = AnalysisRequest {
                            position: position.as_deref().filter(|p| !p.trim().is_empty()),
                            after: &after,
                            limits: Limits {
                                time: Some(Duration::from_secs_f64(seconds)),
                                stop: Some(flag),
                                analysis: true,
                                ..Limits::default()
                            },
                            hash_mib: None,
                        };
                        let best = (engine.analyze)(&request, &mut |line| {
                            let mut info = info(line);
                            if let Some(game) = game.as_mut() {
                                info.shown = shown_line(game.as_mut(), &info.pv);
                            }
                            let _ =
                                progress.blocking_send(Versioned::text(AnalysisReply::Info(info)));
                        })?;
                        let shown = game
                            .as_mut()
                            .map(|g| shown_line(g.as_mut(), &best))
                            .unwrap_or_default();
                        Ok::<_, omnichess_engine::EngineError>((best, shown))
                    })
                    .await;
                let last = match outcome {
                    Ok(Ok((best, shown))) => Versioned::text(AnalysisReply::Done { best, shown }),
                    Ok(Err(e)) => error(&e.to_string()),
                    Err(e) => failure(e.status().as_u16(), &e.to_string()),
                };
                let _ = lines.send(last).await;
            });
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_info_line_becomes_the_info_message() {
        let line = "info depth 6 score cp 31 nodes 12345 nps 99 time 0.125 pv e7e5 g1f3";
        let text = Versioned::text(AnalysisReply::Info(info(line)));
        assert_eq!(
            text,
            format!(
                "{{\"depth\":6.0,\"line\":\"{line}\",\"nodes\":12345.0,\"nps\":99.0,\
                 \"pv\":[\"e7e5\",\"g1f3\"],\"score\":\"cp 31\",\"shown\":[],\"time\":0.125,\
                 \"type\":\"info\",\"v\":1}}"
            )
        );
        let mate = info("info depth 3 score mate 2 nodes 10 nps 1 time 0.001 pv Qh5");
        assert_eq!(mate.score.as_deref(), Some("mate 2"));
    }
}
