//! The analysis WebSocket `GET /api/analysis/ws`: the engine's thinking on any position of any
//! variant, streamed line by line as each iteration completes (docs/PROTOCOL.md). Searches
//! run on the engine's workers; `stop` ends one early; a socket runs one search at a time.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use omnichess_engine::Limits;
use omnichess_engine::registry::AnalysisRequest;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::service::App;
use crate::socket::{FRAME_LIMIT, MAX_MESSAGE};

/// The longest search a client may ask for.
pub const MAX_SECONDS: f64 = 30.0;

/// A message on the analysis socket.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AnalysisMessage {
    /// Analyse a position.
    Analyse {
        /// The variant's name.
        variant: String,
        /// Position text; the standard start if absent or blank.
        position: Option<String>,
        /// Decisions played from the position.
        #[serde(default)]
        after: Vec<String>,
        /// How long to search (clamped to 0.05..=[`MAX_SECONDS`]).
        seconds: Option<f64>,
    },
    /// Stop the running search.
    Stop,
    /// Answered with `pong`.
    Ping,
}

/// Reads one analysis message, or the `error` message to answer it with. Pure: the fuzz
/// target `server_ws` calls it.
pub fn read_message(text: &str) -> Result<AnalysisMessage, String> {
    if text.len() > MAX_MESSAGE {
        return Err(error(&format!("a message is at most {MAX_MESSAGE} bytes")));
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Err(error(&format!("not JSON: {e}"))),
    };
    if value.get("v") != Some(&json!(1)) {
        return Err(error("protocol version: send \"v\": 1"));
    }
    serde_json::from_value(value).map_err(|e| error(&format!("not an analysis message: {e}")))
}

/// `GET /api/analysis/ws`.
pub async fn upgrade(State(app): State<App>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(FRAME_LIMIT)
        .on_upgrade(move |socket| serve(app, socket))
}

/// One `info …` line of the engine as JSON: depth, score, nodes, the best line.
#[must_use]
pub fn info_json(line: &str) -> Value {
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
    let pv: Vec<&str> = after("pv").map(|i| words[i..].to_vec()).unwrap_or_default();
    json!({"v": 1, "type": "info", "depth": number("depth"), "score": score,
           "nodes": number("nodes"), "nps": number("nps"), "time": number("time"),
           "pv": pv, "line": line})
}

fn error(text: &str) -> String {
    json!({"v": 1, "type": "error", "status": 400, "error": text}).to_string()
}

async fn serve(app: App, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (lines, mut outgoing) = mpsc::channel::<String>(64);
    let mut stop: Option<Arc<AtomicBool>> = None;
    loop {
        let reply = tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    handle(&app, text.as_str(), &lines, &mut stop)
                }
                Some(Ok(_)) => None,
                Some(Err(_)) | None => break,
            },
            Some(line) = outgoing.recv() => Some(line),
        };
        if let Some(reply) = reply
            && sink.send(Message::Text(reply.into())).await.is_err()
        {
            break;
        }
    }
    if let Some(flag) = stop {
        flag.store(true, Ordering::Relaxed);
    }
}

fn handle(
    app: &App,
    text: &str,
    lines: &mpsc::Sender<String>,
    stop: &mut Option<Arc<AtomicBool>>,
) -> Option<String> {
    let message = match read_message(text) {
        Ok(m) => m,
        Err(e) => return Some(e),
    };
    match message {
        AnalysisMessage::Ping => Some(json!({"v": 1, "type": "pong"}).to_string()),
        AnalysisMessage::Stop => {
            if let Some(flag) = stop.take() {
                flag.store(true, Ordering::Relaxed);
            }
            None
        }
        AnalysisMessage::Analyse {
            variant,
            position,
            after,
            seconds,
        } => {
            if let Some(flag) = stop.take() {
                flag.store(true, Ordering::Relaxed);
            }
            let Ok(engine) = omnichess_engine::find(&variant) else {
                return Some(error(&format!(
                    "unknown variant `{}`",
                    variant.chars().take(40).collect::<String>()
                )));
            };
            let flag = Arc::new(AtomicBool::new(false));
            *stop = Some(Arc::clone(&flag));
            let seconds = seconds.unwrap_or(5.0).clamp(0.05, MAX_SECONDS);
            let (pool, lines) = (app.engines.clone(), lines.clone());
            tokio::spawn(async move {
                let progress = lines.clone();
                let outcome = pool
                    .run(move || {
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
                        (engine.analyze)(&request, &mut |line| {
                            let _ = progress.blocking_send(info_json(line).to_string());
                        })
                    })
                    .await;
                let last = match outcome {
                    Ok(Ok(best)) => json!({"v": 1, "type": "done", "best": best}).to_string(),
                    Ok(Err(e)) => error(&e.to_string()),
                    Err(e) => json!({"v": 1, "type": "error", "status": e.status().as_u16(),
                                     "error": e.to_string()})
                    .to_string(),
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
    fn an_info_line_becomes_json() {
        let info = info_json("info depth 6 score cp 31 nodes 12345 nps 99 time 0.125 pv e7e5 g1f3");
        assert_eq!(info["depth"], 6.0);
        assert_eq!(info["score"], "cp 31");
        assert_eq!(info["nodes"], 12345.0);
        assert_eq!(info["pv"], json!(["e7e5", "g1f3"]));
        let mate = info_json("info depth 3 score mate 2 nodes 10 nps 1 time 0.001 pv Qh5");
        assert_eq!(mate["score"], "mate 2");
    }
}
