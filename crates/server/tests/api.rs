//! The game API over a real SQLite file: games are created, seen and played with seat tokens;
//! the server refuses what it must (403, 404, 409, 422, 400) and the game survives; a second
//! server on the same database sees every stored decision.

use crate::common::{app, call, create, create_with, database, decide, raw};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_game_is_created_seen_and_played_with_seat_tokens() {
    let app = app(&database("play")).await;
    let (id, white, black) = create(&app, "classic").await;
    let (status, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["to_act"], "white");
    assert_eq!(game["decisions"].as_array().map(Vec::len), Some(20));
    // The other player's token, or a spectator's guess, cannot move for White.
    assert_eq!(
        decide(&app, &id, &black, "e2e4", None).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        decide(&app, &id, "guess", "e2e4", None).await.0,
        StatusCode::FORBIDDEN
    );
    let (status, game) = decide(&app, &id, &white, "e4", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["history"], json!(["e2e4"]));
    assert_eq!(game["to_act"], "black");
    // Illegal, and the game is still there and unchanged.
    let (status, body) = decide(&app, &id, &black, "e5e4", None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"].as_str().is_some_and(|e| e.contains("e5e4")),
        "{body}"
    );
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["ply"], 1);
    // Fool's mate: the game ends and refuses more.
    for (token, mv) in [
        (&black, "e5"),
        (&white, "Qh5"),
        (&black, "Nc6"),
        (&white, "Bc4"),
        (&black, "Nf6"),
        (&white, "Qxf7#"),
    ] {
        assert_eq!(
            decide(&app, &id, token, mv, None).await.0,
            StatusCode::OK,
            "{mv}"
        );
    }
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["outcome"]["text"], "1-0 white wins by checkmate");
    // The export is the variant's record format.
    let (status, pgn) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(pgn.contains("4. Qxf7# 1-0"), "{pgn}");
    assert_eq!(
        decide(&app, &id, &black, "Ke7", None).await.0,
        StatusCode::CONFLICT
    );
}

#[tokio::test]
async fn two_decisions_for_one_position_apply_once() {
    let app = app(&database("race")).await;
    let (id, white, _) = create(&app, "classic").await;
    let (a, b) = tokio::join!(
        decide(&app, &id, &white, "e4", Some(0)),
        decide(&app, &id, &white, "d4", Some(0)),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{a:?} {b:?}"
    );
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["ply"], 1);
}

#[tokio::test]
async fn bad_requests_get_a_4xx_and_a_reason() {
    let app = app(&database("bad")).await;
    assert_eq!(
        call(&app, "GET", "/api/games/nope", None).await.0,
        StatusCode::NOT_FOUND
    );
    let (status, body) = call(&app, "POST", "/api/games", Some(json!({"variant": "go"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "unknown variant `go`");
    let bad_position = json!({"variant": "classic", "position": "nonsense"});
    assert_eq!(
        call(&app, "POST", "/api/games", Some(bad_position)).await.0,
        StatusCode::BAD_REQUEST
    );
    let malformed = raw(&app, "POST", "/api/games", Some("{not json".to_owned()))
        .await
        .0;
    assert!(malformed.is_client_error(), "{malformed}");
    let huge = json!({"variant": "classic", "position": "x".repeat(20_000)}).to_string();
    let (status, body) = raw(&app, "POST", "/api/games", Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(body.contains("\"error\""), "a JSON error: {body}");
    let (id, white, _) = create(&app, "dmchess").await;
    assert_eq!(
        decide(&app, &id, &white, "Pd1a2-d1a4", Some(5)).await.0,
        StatusCode::CONFLICT
    );
    let (status, game) = decide(&app, &id, &white, "Pd1a2-d1a4", Some(0)).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["to_act"], "dark");
}

#[tokio::test]
async fn a_restarted_server_has_every_stored_decision() {
    let url = database("restart");
    let (id, white, black) = {
        let app = app(&url).await;
        let (id, white, black) = create(&app, "realms").await;
        assert_eq!(
            decide(&app, &id, &white, "n2n4", None).await.0,
            StatusCode::OK
        );
        (id, white, black)
    };
    let app = app(&url).await;
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["history"], json!(["n2n4"]));
    assert_eq!(
        decide(&app, &id, &black, "n7n5", None).await.0,
        StatusCode::OK
    );
    assert_eq!(
        decide(&app, &id, &black, "j2j4", None).await.0,
        StatusCode::FORBIDDEN
    );
    let (status, game) = decide(&app, &id, &white, "j2j4", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["history"], json!(["n2n4", "n7n5", "j2j4"]));
}

#[tokio::test]
async fn chance_is_rolled_by_the_server() {
    let app = app(&database("dice")).await;
    let (id, _, _) = create(&app, "dice").await;
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    // The first roll is stored with the game: a player, not chance, acts.
    assert_eq!(game["to_act"], "white");
    assert_eq!(game["ply"], 1);
}

#[tokio::test]
async fn a_promotion_loses_no_piece_and_a_capture_does() {
    let app = app(&database("captured")).await;
    let start = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let (id, white, _) = create_with(&app, json!({"variant": "classic", "position": start})).await;
    // b7xa8=Q takes the rook and promotes: Black has lost a rook, White no pawn.
    let (status, game) = decide(&app, &id, &white, "bxa8=Q", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        game["captured"],
        json!([[], [{"player": 1, "kind": "R", "name": "rook", "tag": null, "value": 5.0}]]),
        "{game}"
    );
}
