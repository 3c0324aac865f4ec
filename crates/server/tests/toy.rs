//! The toy variant (6×6 chess, `omnichess-variants`' and `omnichess-engine`'s `toy` features,
//! on for these tests only) played end to end through the server: listed by the lobby with
//! its engine, created, moved, seen, ended by checkmate, exported and played against the
//! engine, with no line of the server naming it.

use crate::common::{app, call, create, create_with, database, decide, raw, show, wait_for};
use axum::http::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn the_lobby_lists_the_toy_from_its_registry_entry() {
    let app = app(&database("toy-list")).await;
    let (_, list) = call(&app, "GET", "/api/variants", None).await;
    let toy = list
        .as_array()
        .and_then(|l| l.iter().find(|v| v["name"] == "toy"))
        .cloned()
        .expect("the toy is listed");
    assert_eq!(toy["title"], "Toy chess (6×6)");
    assert_eq!(toy["players"], json!(["white", "black"]));
    assert_eq!(toy["layout"], "grid");
    assert_eq!(toy["record_extension"], "pgn");
    assert_eq!(
        toy["starts"],
        json!([{"name": "Standard", "position": null}])
    );
    assert_eq!(toy["time_controls"][0]["name"], "bullet 1+0");
    // The toy's engine line in the engine's registry is what the flag reads.
    assert_eq!(toy["has_engine"], true);
}

#[tokio::test]
async fn a_toy_game_is_created_played_seen_and_recorded() {
    let app = app(&database("toy-play")).await;
    let (id, white, black) = create(&app, "toy").await;
    let game = show(&app, &id).await;
    assert_eq!(
        game["view"]["boards"][0]["files"].as_array().map(Vec::len),
        Some(6)
    );
    assert_eq!(
        game["view"]["boards"][0]["ranks"].as_array().map(Vec::len),
        Some(6)
    );
    assert!(
        game["decisions"]
            .as_array()
            .is_some_and(|d| d.contains(&json!("c2c3"))),
        "{}",
        game["decisions"]
    );
    let (status, game) = decide(&app, &id, &white, "c2c3", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    // Not white's turn any more; an illegal move is refused.
    assert_eq!(
        decide(&app, &id, &white, "d2d3", None).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        decide(&app, &id, &black, "c5c2", None).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (_, game) = decide(&app, &id, &black, "d5d4", None).await;
    assert_eq!(game["history"], json!(["c2c3", "d5d4"]));
    assert_eq!(game["turns"], json!([0, 1]));
    assert_eq!(game["to_act"], "white");
    let (status, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(record.contains("1. c2c3 d5d4"), "{record}");
}

#[tokio::test]
async fn a_toy_game_from_a_position_ends_in_checkmate() {
    let app = app(&database("toy-mate")).await;
    let (id, white, _) = create_with(
        &app,
        json!({"variant": "toy", "position": "k5/6/2K3/6/6/1Q4 w"}),
    )
    .await;
    let (status, game) = decide(&app, &id, &white, "b1b5", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["outcome"]["text"], "1-0 white wins by checkmate");
    assert_eq!(game["decisions"], json!([]));
    assert_eq!(game["to_act_index"], Value::Null);
    let (_, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(record.contains("1-0"), "{record}");
}

#[tokio::test]
async fn the_engine_answers_a_toy_move_and_takes_a_mate_in_one() {
    let app = app(&database("toy-engine")).await;
    let (id, white, _) = create_with(
        &app,
        json!({"variant": "toy", "engine": {"level": 3, "seat": 1}}),
    )
    .await;
    let (status, game) = decide(&app, &id, &white, "c2c3", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let game = wait_for(&app, &id, 20, |g| g["to_act_index"] == 0).await;
    let history = game["history"].as_array().cloned().unwrap_or_default();
    assert_eq!(history.len(), 2, "c2c3 and the engine's reply: {game}");
    assert_eq!(game["actors"], json!([0, 1]), "{game}");
    // The engine's reply was legal: White now has its moves to choose from.
    assert!(
        game["decisions"].as_array().is_some_and(|d| !d.is_empty()),
        "{game}"
    );

    // Playing White from a position with a mate in one, the engine mates at once.
    let (id, _, _) = create_with(
        &app,
        json!({
            "variant": "toy",
            "position": "k5/6/2K3/6/6/1Q4 w",
            "engine": {"level": 4, "seat": 0}
        }),
    )
    .await;
    let game = wait_for(&app, &id, 20, |g| !g["outcome"].is_null()).await;
    assert_eq!(game["history"], json!(["b1b5"]), "{game}");
    assert_eq!(game["outcome"]["text"], "1-0 white wins by checkmate");
}
