//! `omnichess serve` as a process: killed with SIGKILL mid-game and started again on the same
//! database, it has every acknowledged move, and the clock of the side to move has kept
//! running from the last stored move.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// Starts the server on a free port: the process and its address.
fn start(database: &str) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omnichess"))
        .args(["serve", "--listen", "127.0.0.1:0", "--database", database])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the server says where it listens");
    let address = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("an address")
        .to_owned();
    (child, address)
}

/// One HTTP request; the status and the JSON body.
fn request(address: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut stream = TcpStream::connect(address).expect("connect");
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let json = response.split("\r\n\r\n").nth(1).unwrap_or_default();
    (status, serde_json::from_str(json).unwrap_or(Value::Null))
}

fn decide(address: &str, id: &str, token: &Value, decision: &str) -> (u16, Value) {
    let body = json!({"token": token, "decision": decision});
    request(
        address,
        "POST",
        &format!("/api/games/{id}/decisions"),
        Some(&body),
    )
}

#[test]
fn a_killed_server_restarts_with_every_move_and_the_running_clock() {
    let path = std::env::temp_dir().join(format!("omnichess-kill-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let database = format!("sqlite://{}", path.display());
    let (mut server, address) = start(&database);
    let clock = json!({"base_ms": 600_000, "increment_ms": 0});
    let (status, created) = request(
        &address,
        "POST",
        "/api/games",
        Some(&json!({"variant": "classic", "clock": clock})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    let (white, black) = (&created["tokens"]["white"], &created["tokens"]["black"]);
    for (token, mv) in [(white, "e4"), (black, "e5"), (white, "Nf3")] {
        assert_eq!(decide(&address, &id, token, mv).0, 200, "{mv}");
    }
    let before = request(&address, "GET", &format!("/api/games/{id}"), None).1;
    server.kill().expect("SIGKILL");
    server.wait().expect("it ends");
    std::thread::sleep(Duration::from_millis(600));

    let (mut server, address) = start(&database);
    let (status, game) = request(&address, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["history"], json!(["e2e4", "e7e5", "g1f3"]));
    assert_eq!(game["clock"]["running"], 1);
    let left = |g: &Value| g["clock"]["remaining_ms"][1].as_i64().unwrap_or(0);
    assert!(
        left(&game) <= left(&before) - 600,
        "Black's clock ran while the server was down: {} then {}",
        left(&before),
        left(&game)
    );
    assert_eq!(decide(&address, &id, black, "Nc6").0, 200);
    server.kill().expect("stopped");
    let _ = server.wait();
    let _ = std::fs::remove_file(&path);
}

#[test]
fn an_interrupted_server_exits_within_seconds_though_a_study_and_a_connection_run() {
    let path = std::env::temp_dir().join(format!("omnichess-sigint-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let (mut server, address) = start(&format!("sqlite://{}", path.display()));
    let study = json!({"kind": "balance", "variant": "classic", "player": "engine:nodes=2000",
                       "games": 200});
    let (status, body) = request(&address, "POST", "/api/studies", Some(&study));
    assert_eq!(status, 201, "{body}");
    // A connection that never finishes its request.
    let mut idle = TcpStream::connect(&address).expect("connect");
    write!(idle, "GET /api/variants HTTP/1.1\r\n").expect("write");
    std::thread::sleep(Duration::from_secs(1));
    let interrupted = Command::new("kill")
        .args(["-INT", &server.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupted.success());
    let asked = std::time::Instant::now();
    let exited = loop {
        if let Some(status) = server.try_wait().expect("waits") {
            break status;
        }
        assert!(
            asked.elapsed() < Duration::from_secs(8),
            "still running 8 s after SIGINT"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exited.success(), "{exited:?}");
    let _ = std::fs::remove_file(&path);
}
