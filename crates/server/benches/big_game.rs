//! The server's cost on a long 5D game (issue: a 233-timeline game, each request replaying
//! it): the snapshot a client asks for, and a move answered whole or as a patch, with the
//! game's state kept between requests ([`omnichess_server::game::kept_games`]) and its last
//! snapshots kept in parts ([`omnichess_server::game::snapshot_cache`]), beside the reference
//! of rebuilding the game from its stored events as every request did before. `cargo bench -p
//! omnichess-server --bench big_game`; the figures and the machine are in
//! docs/PERFORMANCE.md.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use http_body_util::BodyExt;
use omnichess_server::game::loaded::Loaded;
use omnichess_server::{App, Store, router};
use serde_json::{Value, json};
use tower::ServiceExt;

const RECORD: &str =
    include_str!("../../variants/tests/data/multiverse/random-233-timelines.5dpgn");

async fn send(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (u16, String) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status().as_u16();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// The imported game: its id, the token of the seat to move, a decision it may play, and its
/// version.
async fn imported(app: &Router) -> (String, String, String, i64) {
    let (status, text) = send(
        app,
        "POST",
        "/api/games",
        Some(json!({"variant": "multiverse", "record": RECORD})),
    )
    .await;
    assert_eq!(status, 201, "{text}");
    let created: Value = serde_json::from_str(&text).expect("json");
    let game = &created["game"];
    let token = if game["to_act_index"] == 0 {
        "white"
    } else {
        "black"
    };
    let decision = game["decisions"][0]
        .as_str()
        .expect("a decision")
        .to_owned();
    (
        created["id"].as_str().expect("an id").to_owned(),
        created["tokens"][token]
            .as_str()
            .expect("a token")
            .to_owned(),
        decision,
        game["version"].as_i64().expect("a version"),
    )
}

fn big_game(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let path = std::env::temp_dir().join(format!("omnichess-bench-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let url = format!("sqlite://{}", path.display());
    let (app, store) = runtime.block_on(async {
        let store = Store::open(&url).await.expect("the database opens");
        let app = App::new(store.clone(), 1, 8);
        (router(app), store)
    });
    let (id, ..) = runtime.block_on(imported(&app));
    let uri = format!("/api/games/{id}");
    let (_, snapshot) = runtime.block_on(send(&app, "GET", &uri, None));
    eprintln!(
        "the snapshot of the 233-timeline game: {} bytes",
        snapshot.len()
    );

    let mut group = c.benchmark_group("big 5D game");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("rebuilt from the store (reference)", |b| {
        b.iter(|| {
            runtime.block_on(async {
                let stored = store.load(&id).await.expect("stored");
                Loaded::build(stored).expect("rebuilt").version()
            })
        });
    });
    group.bench_function("GET the snapshot, state kept", |b| {
        b.iter(|| runtime.block_on(send(&app, "GET", &uri, None)).1.len());
    });
    for patch in [false, true] {
        let name = if patch {
            "a move answered with a patch, state kept"
        } else {
            "a move answered whole, state kept"
        };
        let mut answered = 0;
        group.bench_function(name, |b| {
            b.iter_batched(
                || {
                    let game = runtime.block_on(imported(&app));
                    runtime.block_on(send(&app, "GET", &format!("/api/games/{}", game.0), None));
                    game
                },
                |(id, token, decision, version)| {
                    let body = json!({"token": token, "decision": decision, "version": version, "patch": patch});
                    let (status, text) = runtime.block_on(send(
                        &app,
                        "POST",
                        &format!("/api/games/{id}/decisions"),
                        Some(body),
                    ));
                    assert_eq!(status, 200, "{text}");
                    answered = text.len();
                },
                BatchSize::PerIteration,
            );
        });
        eprintln!("{name}: {answered} bytes");
    }
    group.finish();
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, big_game);
criterion_main!(benches);
