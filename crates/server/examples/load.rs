//! A load test of `omnichess serve` on loopback: many games at once, each with two WebSocket
//! clients that play random legal moves as fast as the server answers. Prints the games held,
//! moves per second, the latency from sending a move to seeing its update (p50, p99), and the
//! server's memory (its resident set, read from /proc when `--pid` is given).
//!
//! ```sh
//! cargo run --release -p omnichess-cli -- serve --database sqlite:///tmp/load.db &
//! cargo run --release -p omnichess-server --features tools --example load -- --games 200 --moves 40 --pid $!
//! ```

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::seq::SliceRandom;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// The command line.
struct Options {
    address: String,
    games: usize,
    moves: usize,
    variant: String,
    pid: Option<u32>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        address: "127.0.0.1:8080".to_owned(),
        games: 100,
        moves: 40,
        variant: "classic".to_owned(),
        pid: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<usize>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--address" => options.address = value.clone(),
            "--games" => options.games = number()?,
            "--moves" => options.moves = number()?,
            "--variant" => options.variant = value.clone(),
            "--pid" => options.pid = Some(u32::try_from(number()?).map_err(|e| e.to_string())?),
            _ => {
                return Err(format!(
                    "unknown option {flag}: --address --games --moves --variant --pid"
                ));
            }
        }
    }
    Ok(options)
}

/// POST /api/games over a plain connection.
async fn create(address: &str, variant: &str) -> Result<Value, String> {
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .map_err(|e| format!("connect {address}: {e}"))?;
    let body = json!({"variant": variant}).to_string();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut response = String::new();
    stream
        .read_to_string(&mut response)
        .await
        .map_err(|e| e.to_string())?;
    let json = response.split("\r\n\r\n").nth(1).unwrap_or_default();
    serde_json::from_str(json).map_err(|e| format!("create: {e}: {response}"))
}

/// Plays one game: the latency of each move in microseconds.
async fn play(address: String, variant: String, moves: usize) -> Result<Vec<u64>, String> {
    let created = create(&address, &variant).await?;
    let id = created["id"].as_str().ok_or("no id")?.to_owned();
    let url = format!("ws://{address}/api/games/{id}/ws");
    let mut sockets = Vec::new();
    for seat in ["white", "black"] {
        let (mut socket, _) = tokio_tungstenite::connect_async(&url)
            .await
            .map_err(|e| e.to_string())?;
        let hello = json!({"v": 1, "type": "hello", "token": created["tokens"][seat]});
        socket
            .send(Message::Text(hello.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        sockets.push(socket);
    }
    let mut game = created["game"].clone();
    let mut latencies = Vec::with_capacity(moves);
    for _ in 0..moves {
        let Some(seat) = game["to_act_index"].as_u64() else {
            break;
        };
        let decisions: Vec<&str> = game["decisions"]
            .as_array()
            .map_or(Vec::new(), |d| d.iter().filter_map(Value::as_str).collect());
        let Some(&choice) = decisions.choose(&mut rand::thread_rng()) else {
            break;
        };
        let version = game["version"].as_i64().unwrap_or(0);
        let socket = &mut sockets[usize::try_from(seat).unwrap_or(0)];
        let message = json!({"v": 1, "type": "decision", "decision": choice, "version": version});
        let sent = Instant::now();
        socket
            .send(Message::Text(message.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        loop {
            let next = tokio::time::timeout(Duration::from_secs(30), socket.next())
                .await
                .map_err(|_| "no update within 30 s".to_owned())?;
            let Some(Ok(Message::Text(text))) = next else {
                return Err("the socket closed".to_owned());
            };
            let value: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            match value["type"].as_str() {
                Some("update") if value["game"]["version"].as_i64() > Some(version) => {
                    latencies.push(u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX));
                    game = value["game"].clone();
                    break;
                }
                Some("error") => return Err(format!("refused: {value}")),
                _ => {}
            }
        }
    }
    Ok(latencies)
}

/// The server's resident memory in KiB.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let index = ((sorted.len() - 1) as f64 * p).round() as usize;
    #[allow(clippy::cast_precision_loss)]
    let ms = sorted[index] as f64 / 1000.0;
    ms
}

#[tokio::main]
async fn main() {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let before = options.pid.and_then(rss_kib);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..options.games {
        let (address, variant) = (options.address.clone(), options.variant.clone());
        tasks.push(tokio::spawn(play(address, variant, options.moves)));
    }
    let mut peak = before;
    let mut latencies = Vec::new();
    let mut failures = 0;
    for task in tasks {
        if let Some(pid) = options.pid {
            peak = peak.max(rss_kib(pid));
        }
        match task.await {
            Ok(Ok(game)) => latencies.extend(game),
            Ok(Err(e)) => {
                failures += 1;
                eprintln!("load: a game failed: {e}");
            }
            Err(e) => {
                failures += 1;
                eprintln!("load: a game panicked: {e}");
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    #[allow(clippy::cast_precision_loss)]
    let rate = latencies.len() as f64 / elapsed;
    println!(
        "games {} (failed {failures}), moves {}, {:.1} s, {rate:.0} moves/s, latency p50 {:.1} ms p99 {:.1} ms",
        options.games,
        latencies.len(),
        elapsed,
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
    );
    if let (Some(before), Some(peak)) = (before, peak) {
        println!(
            "server memory: {} MiB before, {} MiB at the peak",
            before / 1024,
            peak / 1024
        );
    }
}
