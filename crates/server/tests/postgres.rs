//! The same server on PostgreSQL (`OMNICHESS_TEST_POSTGRES=postgres://…`, which CI sets after
//! starting a real PostgreSQL server): the migrations run once when several servers start
//! together, moves are stored and survive a restart, two moves at once store one.

use crate::common::ws::{connect, next, send};
use crate::common::{act, app, app_at, create, create_with, decide, postgres, serve_app, show};
use axum::http::StatusCode;
use omnichess_server::{Store, router};
use serde_json::json;

#[tokio::test]
async fn the_server_runs_on_postgresql() {
    let Some(url) = postgres() else { return };
    // Two servers starting at once on one database: both come up, the schema made once.
    let (a, b) = tokio::join!(Store::open(&url), Store::open(&url));
    a.expect("the first server opens the database");
    b.expect("the second server opens the database");

    let (id, white, black) = {
        let app = app(&url).await;
        let (id, white, black) = create(&app, "classic").await;
        assert_eq!(
            decide(&app, &id, &white, "e4", Some(0)).await.0,
            StatusCode::OK
        );
        (id, white, black)
    };
    // Another server process on the same database sees the move and takes the reply.
    let app = app(&url).await;
    assert_eq!(show(&app, &id).await["history"], json!(["e2e4"]));
    let (x, y) = tokio::join!(
        decide(&app, &id, &black, "e5", Some(1)),
        decide(&app, &id, &black, "c5", Some(1)),
    );
    let mut statuses = [x.0, y.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{x:?} {y:?}"
    );
    assert_eq!(show(&app, &id).await["ply"], 2);
    let (_, game) = act(&app, &id, &white, "resign").await;
    assert_eq!(game["outcome"]["text"], "0-1 black wins by resignation");

    let (dice, _, _) = create_with(
        &app,
        json!({"variant": "dice", "clock": {"base_ms": 60000}}),
    )
    .await;
    let game = show(&app, &dice).await;
    assert_eq!(game["to_act"], "white");
    assert_eq!(game["clock"]["remaining_ms"], json!([60000, 60000]));
}

#[tokio::test]
async fn a_move_stored_by_one_server_reaches_the_sockets_of_another() {
    let Some(url) = postgres() else { return };
    let first = app(&url).await;
    let second = serve_app(app_at(&url).await).await;
    let (id, white, _) = create(&first, "classic").await;
    let mut watcher = connect(&second, &format!("/api/games/{id}/ws")).await;
    send(&mut watcher, json!({"v": 1, "type": "hello", "since": 0})).await;
    assert_eq!(next(&mut watcher, "welcome").await["game"]["version"], 0);
    // Give the second server's listener a moment to subscribe.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        decide(&first, &id, &white, "e4", None).await.0,
        StatusCode::OK
    );
    let update = next(&mut watcher, "update").await;
    assert_eq!(update["game"]["history"], json!(["e2e4"]), "{update}");
    assert_eq!(update["events"][0]["text"], "e2e4");
}

#[tokio::test]
async fn seeks_are_shared_by_the_servers_on_postgresql() {
    let Some(url) = postgres() else { return };
    crate::lobby::seeks_are_shared_by_the_servers_on_one_database(&url).await;
}

#[tokio::test]
async fn the_lobby_runs_on_postgresql() {
    let Some(url) = postgres() else { return };
    let routes = app(&url).await;
    let (status, made) = crate::common::call(
        &routes,
        "POST",
        "/api/seeks",
        Some(json!({"variant": "qec", "clock": {"per_move_ms": 86_400_000}})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let seek = made["id"].as_str().unwrap_or_default();
    let accept = format!("/api/seeks/{seek}/accept");
    let (status, accepted) = crate::common::call(&routes, "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let game = accepted["game"].as_str().unwrap_or_default();
    let uri = "/api/games?status=playing&limit=50";
    let (status, playing) = crate::common::call(&routes, "GET", uri, None).await;
    assert_eq!(status, StatusCode::OK, "{playing}");
    let listed = playing.as_array().expect("a list");
    assert!(listed.iter().any(|g| g["id"] == game), "{playing}");
    let asked = json!({"games": [{"id": game, "seat": 0}]});
    let (_, turns) = crate::common::call(&routes, "POST", "/api/games/turns", Some(asked)).await;
    assert_eq!(turns[0]["your_turn"], true, "{turns}");
    // A server starting on this database resumes the clocks of the games changed lately.
    let restarted = app_at(&url).await;
    omnichess_server::resume(&restarted).await;
    assert_eq!(
        show(&router(restarted), game).await["clock"]["per_move_ms"],
        86_400_000
    );
}

#[tokio::test]
async fn batches_are_claimed_in_turn_on_postgresql() {
    let Some(url) = postgres() else { return };
    let store = app_at(&url).await.store;
    let id = format!("pg{:010}", std::process::id());
    let spec = crate::lab::dice_greedy(6);
    store
        .create_study(&id, "balance", &spec, 2)
        .await
        .expect("stored");
    // The fair-share claim (its counting subquery, `FOR UPDATE OF … SKIP LOCKED`) runs here.
    let mut batches = Vec::new();
    for worker in ["w1", "w2"] {
        let claim = store
            .claim_batch(worker, 60_000, Some(&id))
            .await
            .expect("claims")
            .expect("a batch");
        batches.push(claim.batch);
    }
    assert_eq!(batches, [0, 1]);
}
