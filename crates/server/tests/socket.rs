//! The game WebSocket on a real server: welcome with the seat, updates to every socket, error
//! events that leave the socket and the game alive, two moves at once, a reconnect that gets
//! what it missed, and the analysis socket streaming the engine's lines.

use crate::common::ws::{connect, create, gather, next, send};
use crate::common::{database, serve};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn moves_reach_every_socket_and_errors_leave_it_open() {
    let address = serve(&database("ws")).await;
    let (id, white, black) = create(&address, "classic").await;
    let path = format!("/api/games/{id}/ws");
    let mut player = connect(&address, &path).await;
    let mut watcher = connect(&address, &path).await;
    send(
        &mut player,
        json!({"v": 1, "type": "hello", "token": white}),
    )
    .await;
    let welcome = next(&mut player, "welcome").await;
    assert_eq!(welcome["seat"], 0);
    assert_eq!(welcome["game"]["version"], 0);
    send(&mut watcher, json!({"v": 1, "type": "hello"})).await;
    assert_eq!(next(&mut watcher, "welcome").await["seat"], Value::Null);

    send(
        &mut player,
        json!({"v": 1, "type": "decision", "decision": "e4", "ref": 1}),
    )
    .await;
    let update = next(&mut watcher, "update").await;
    assert_eq!(update["game"]["history"], json!(["e2e4"]));
    assert_eq!(update["events"][0]["kind"], "decision");
    // The sender gets its ack, then the update like every socket.
    assert_eq!(next(&mut player, "ack").await["ref"], 1);
    assert_eq!(next(&mut player, "update").await["game"]["ply"], 1);

    // A spectator cannot move; malformed, versionless, oversized and illegal messages are
    // errors, and the socket answers afterwards.
    send(
        &mut watcher,
        json!({"v": 1, "type": "decision", "decision": "e5"}),
    )
    .await;
    assert_eq!(next(&mut watcher, "error").await["status"], 403);
    watcher
        .send(Message::Text("{not json".into()))
        .await
        .expect("sent");
    assert_eq!(next(&mut watcher, "error").await["status"], 400);
    send(&mut watcher, json!({"type": "ping"})).await;
    assert_eq!(next(&mut watcher, "error").await["status"], 400);
    let huge = json!({"v": 1, "type": "decision", "decision": "x".repeat(20_000)});
    send(&mut watcher, huge).await;
    assert_eq!(next(&mut watcher, "error").await["status"], 413);
    send(
        &mut watcher,
        json!({"v": 1, "type": "hello", "token": black}),
    )
    .await;
    assert_eq!(next(&mut watcher, "welcome").await["seat"], 1);
    send(
        &mut watcher,
        json!({"v": 1, "type": "decision", "decision": "e4e5", "ref": "x"}),
    )
    .await;
    let illegal = next(&mut watcher, "error").await;
    assert_eq!(
        (illegal["status"].clone(), illegal["ref"].clone()),
        (json!(422), json!("x"))
    );
    send(&mut watcher, json!({"v": 1, "type": "ping"})).await;
    assert_eq!(next(&mut watcher, "pong").await["type"], "pong");
    send(
        &mut watcher,
        json!({"v": 1, "type": "decision", "decision": "e5"}),
    )
    .await;
    let update = next(&mut player, "update").await;
    assert_eq!(update["game"]["history"], json!(["e2e4", "e7e5"]));
}

#[tokio::test]
async fn a_failed_hello_leaves_the_socket_no_seat() {
    let address = serve(&database("ws-hello")).await;
    let (id, white, _) = create(&address, "classic").await;
    let mut socket = connect(&address, &format!("/api/games/{id}/ws")).await;
    send(
        &mut socket,
        json!({"v": 1, "type": "hello", "token": white}),
    )
    .await;
    assert_eq!(next(&mut socket, "welcome").await["seat"], 0);
    send(
        &mut socket,
        json!({"v": 1, "type": "hello", "token": "not-a-seat"}),
    )
    .await;
    assert_eq!(next(&mut socket, "error").await["status"], 403);
    send(
        &mut socket,
        json!({"v": 1, "type": "decision", "decision": "e4", "ref": 1}),
    )
    .await;
    let refused = next(&mut socket, "error").await;
    assert_eq!(
        refused["status"], 403,
        "White's seat was given up: {refused}"
    );
}

#[tokio::test]
async fn two_moves_at_once_one_is_applied_the_other_told_why() {
    let address = serve(&database("ws-race")).await;
    let (id, white, _) = create(&address, "classic").await;
    let path = format!("/api/games/{id}/ws");
    let mut a = connect(&address, &path).await;
    let mut b = connect(&address, &path).await;
    for socket in [&mut a, &mut b] {
        send(socket, json!({"v": 1, "type": "hello", "token": white})).await;
        next(socket, "welcome").await;
    }
    let (ra, rb) = tokio::join!(
        send(
            &mut a,
            json!({"v": 1, "type": "decision", "decision": "e4", "version": 0, "ref": "a"})
        ),
        send(
            &mut b,
            json!({"v": 1, "type": "decision", "decision": "d4", "version": 0, "ref": "b"})
        ),
    );
    let ((), ()) = (ra, rb);
    let (got_a, got_b) = tokio::join!(gather(&mut a, 1500), gather(&mut b, 1500));
    let all: Vec<&Value> = got_a.iter().chain(&got_b).collect();
    let of = |kind: &str| {
        all.iter()
            .filter(|m| m["type"] == kind)
            .copied()
            .collect::<Vec<_>>()
    };
    let updates = of("update");
    assert_eq!(
        updates.len(),
        2,
        "one update, seen by both sockets: {all:?}"
    );
    assert_eq!(updates[0]["game"]["ply"], 1);
    assert_eq!(updates[0]["game"]["history"], updates[1]["game"]["history"]);
    let errors = of("error");
    assert_eq!(errors.len(), 1, "{all:?}");
    assert_eq!(errors[0]["status"], 409);
    assert!(
        errors[0]["error"]
            .as_str()
            .is_some_and(|e| e.contains("moved on")),
        "{all:?}"
    );
}

#[tokio::test]
async fn a_reconnecting_client_gets_what_it_missed() {
    let address = serve(&database("ws-since")).await;
    let (id, white, black) = create(&address, "classic").await;
    let path = format!("/api/games/{id}/ws");
    let mut w = connect(&address, &path).await;
    send(&mut w, json!({"v": 1, "type": "hello", "token": white})).await;
    next(&mut w, "welcome").await;
    send(
        &mut w,
        json!({"v": 1, "type": "decision", "decision": "e4"}),
    )
    .await;
    next(&mut w, "update").await;
    drop(w);
    let mut b = connect(&address, &path).await;
    send(&mut b, json!({"v": 1, "type": "hello", "token": black})).await;
    next(&mut b, "welcome").await;
    send(
        &mut b,
        json!({"v": 1, "type": "decision", "decision": "c5"}),
    )
    .await;
    next(&mut b, "update").await;
    send(
        &mut b,
        json!({"v": 1, "type": "action", "action": "offer-draw"}),
    )
    .await;
    next(&mut b, "update").await;
    // White comes back having seen version 1: it gets c5 and the offer.
    let mut w = connect(&address, &path).await;
    send(
        &mut w,
        json!({"v": 1, "type": "hello", "token": white, "since": 1}),
    )
    .await;
    let welcome = next(&mut w, "welcome").await;
    let kinds: Vec<&str> = welcome["missed"].as_array().map_or(Vec::new(), |m| {
        m.iter().filter_map(|e| e["kind"].as_str()).collect()
    });
    assert_eq!(kinds, ["decision", "offer-draw"]);
    assert_eq!(welcome["game"]["version"], 3);
    assert_eq!(welcome["game"]["offers"]["draw"], 1);
}

#[tokio::test]
async fn analysis_streams_the_engines_lines() {
    let address = serve(&database("analysis")).await;
    let mut socket = connect(&address, "/api/analysis/ws").await;
    let mate_in_one = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    send(
        &mut socket,
        json!({"v": 1, "type": "analyse", "variant": "classic", "position": mate_in_one, "seconds": 0.5}),
    )
    .await;
    let info = next(&mut socket, "info").await;
    assert!(info["depth"].as_f64().is_some_and(|d| d >= 1.0), "{info}");
    let done = next(&mut socket, "done").await;
    assert_eq!(done["best"], json!(["a1a8"]));
    send(
        &mut socket,
        json!({"v": 1, "type": "analyse", "variant": "go"}),
    )
    .await;
    assert_eq!(next(&mut socket, "error").await["status"], 400);
}
