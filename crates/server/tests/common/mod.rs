//! What the server's tests share: a fresh database, requests through the router, a real server
//! on a loopback port for the WebSocket tests.
#![allow(dead_code)]

pub mod ws;

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use omnichess_server::{App, Store, router};
use serde_json::{Value, json};
use tower::ServiceExt;

/// A fresh SQLite database file for one test.
pub fn database(name: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("omnichess-server-{}-{name}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    format!("sqlite://{}", path.display())
}

/// The PostgreSQL database of the tests, from `OMNICHESS_TEST_POSTGRES`; CI sets it. Says so
/// loudly when it is not set.
pub fn postgres() -> Option<String> {
    let url = std::env::var("OMNICHESS_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty());
    if url.is_none() {
        eprintln!(
            "WARNING: OMNICHESS_TEST_POSTGRES is not set: the PostgreSQL path is NOT tested \
             here (CI sets it; see .ci/run)."
        );
    }
    url
}

/// The app over the database at `url`.
pub async fn app_at(url: &str) -> App {
    App::new(Store::open(url).await.expect("the database opens"), 1, 8)
}

/// The router over the database at `url`.
pub async fn app(url: &str) -> Router {
    router(app_at(url).await)
}

/// Sends a request; the status and the body as text.
pub async fn raw(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<String>,
) -> (StatusCode, String) {
    let (status, _, text) = raw_with_headers(app, method, uri, body).await;
    (status, text)
}

/// Sends a request; the status, the response's headers and the body as text.
pub async fn raw_with_headers(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<String>,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut request = Request::builder().method(method).uri(uri);
    if body.is_some() {
        request = request.header("content-type", "application/json");
    }
    let request = request
        .body(body.map_or_else(Body::empty, Body::from))
        .expect("request");
    let (status, headers, bytes) = respond(app, request).await;
    (
        status,
        headers,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

/// Sends `request` through the router: the status, the headers and the whole body.
async fn respond(
    app: &Router,
    request: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, axum::body::Bytes) {
    let response = app.clone().oneshot(request).await.expect("a response");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (status, headers, bytes)
}

/// Sends a request; the status and the body as JSON (`null` if it is not JSON).
pub async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let (status, text) = raw(app, method, uri, body.map(|b| b.to_string())).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Creates a game from `request`: its id and the two seat tokens.
pub async fn create_with(app: &Router, request: Value) -> (String, String, String) {
    let (status, body) = call(app, "POST", "/api/games", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let s = |v: &Value| v.as_str().expect("a string").to_owned();
    (
        s(&body["id"]),
        s(&body["tokens"]["white"]),
        s(&body["tokens"]["black"]),
    )
}

/// Creates a game of `variant` from its start.
pub async fn create(app: &Router, variant: &str) -> (String, String, String) {
    create_with(app, json!({"variant": variant})).await
}

/// Creates a classic game with `clock` on the database at `url` and plays `moves` (White's
/// first) through a server that is gone when this returns, as before a restart: the game's id
/// and the two seat tokens.
pub async fn timed_game_before_restart(
    url: &str,
    clock: Value,
    moves: &[&str],
) -> (String, String, String) {
    let app = app(url).await;
    let (id, white, black) = create_with(&app, json!({"variant": "classic", "clock": clock})).await;
    for (i, text) in moves.iter().enumerate() {
        let token = if i % 2 == 0 { &white } else { &black };
        let (status, body) = decide(&app, &id, token, text, None).await;
        assert_eq!(status, StatusCode::OK, "{text}: {body}");
    }
    (id, white, black)
}

/// Plays `decision` with `token`, at `version` if given.
pub async fn decide(
    app: &Router,
    id: &str,
    token: &str,
    decision: &str,
    version: Option<i64>,
) -> (StatusCode, Value) {
    let body = json!({"token": token, "decision": decision, "version": version});
    call(
        app,
        "POST",
        &format!("/api/games/{id}/decisions"),
        Some(body),
    )
    .await
}

/// Does `action` with `token`.
pub async fn act(app: &Router, id: &str, token: &str, action: &str) -> (StatusCode, Value) {
    let body = json!({"token": token, "action": action});
    call(app, "POST", &format!("/api/games/{id}/actions"), Some(body)).await
}

/// The game's snapshot.
pub async fn show(app: &Router, id: &str) -> Value {
    let (status, game) = call(app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game
}

/// Polls the game until `done` holds of it (at most `seconds`).
pub async fn wait_for(
    app: &Router,
    id: &str,
    seconds: u64,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(seconds);
    loop {
        let game = show(app, id).await;
        if done(&game) || std::time::Instant::now() > deadline {
            return game;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A real server on a loopback port: its address.
pub async fn serve(url: &str) -> String {
    serve_app(app_at(url).await).await
}

/// A real server of `app` on a loopback port, listening to the other servers on its database:
/// its address.
pub async fn serve_app(app: App) -> String {
    serve_app_with(app, omnichess_server::listen::ConnectionLimits::default()).await
}

/// [`serve_app`] with the connection `limits` given.
pub async fn serve_app_with(
    app: App,
    limits: omnichess_server::listen::ConnectionLimits,
) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let address = listener.local_addr().expect("an address").to_string();
    tokio::spawn(omnichess_server::store::peers::listen(app.clone()));
    tokio::spawn(omnichess_server::listen::serve(
        listener,
        router(app),
        limits,
        std::future::pending(),
    ));
    address
}

/// Sends a request with the session cookie `cookie` (`omnichess_session=…`) if given: the
/// status, the session cookie the answer sets (`omnichess_session=…`, empty when it removes
/// it) if any, and the body as JSON (`null` if it is not JSON).
pub async fn call_as(
    app: &Router,
    cookie: Option<&str>,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Option<String>, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    if body.is_some() {
        request = request.header("content-type", "application/json");
    }
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let request = request
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .expect("request");
    let (status, headers, bytes) = respond(app, request).await;
    let set = headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("omnichess_session="))
        .map(|v| v.split(';').next().unwrap_or_default().to_owned());
    (
        status,
        set,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Signs up `name` (password `password-of-NAME`): its session cookie.
pub async fn sign_up(app: &Router, name: &str) -> String {
    let body = json!({"name": name, "password": format!("password-of-{name}")});
    let (status, cookie, answer) =
        call_as(app, None, "POST", "/api/account/signup", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    cookie.expect("a session cookie")
}
