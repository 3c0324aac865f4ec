//! `GET /api/games/{id}/views/{ply}`: the boards after the first decisions of a game, for a
//! player stepping through it.

use crate::common::{app, call, create, database, decide};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The piece on square `square` of the first board: `[player, kind]`, or null.
fn piece(view: &Value, square: usize) -> Value {
    let p = &view["boards"][0]["squares"][square];
    if p.is_null() {
        Value::Null
    } else {
        json!([p["player"], p["kind"]])
    }
}

#[tokio::test]
async fn every_earlier_position_is_shown_with_its_last_move() {
    let app = app(&database("views")).await;
    let (id, white, black) = create(&app, "classic").await;
    for (token, mv) in [(&white, "e4"), (&black, "e5"), (&white, "Nf3")] {
        assert_eq!(decide(&app, &id, token, mv, None).await.0, StatusCode::OK);
    }
    let (e2, e4, g1, f3) = (12, 28, 6, 21);
    let (status, start) = call(&app, "GET", &format!("/api/games/{id}/views/0"), None).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(piece(&start, e2), json!([0, "P"]));
    assert_eq!(piece(&start, e4), Value::Null);
    assert_eq!(start["last"], json!([]));
    assert_eq!(start["moves"], json!([]), "no moves in an earlier position");

    let (_, first) = call(&app, "GET", &format!("/api/games/{id}/views/1"), None).await;
    assert_eq!(piece(&first, e2), Value::Null);
    assert_eq!(piece(&first, e4), json!([0, "P"]));
    assert_eq!(piece(&first, g1), json!([0, "N"]));
    assert_eq!(
        first["last"],
        json!([{"board": 0, "square": e2}, {"board": 0, "square": e4}])
    );

    // The last ply is the live position, with its moves.
    let (_, now) = call(&app, "GET", &format!("/api/games/{id}/views/3"), None).await;
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(now, game["view"]);
    assert_eq!(piece(&now, f3), json!([0, "N"]));
    assert!(!game["decisions"].as_array().is_some_and(Vec::is_empty));
    assert_eq!(
        now["moves"].as_array().map(Vec::len),
        game["decisions"].as_array().map(Vec::len)
    );

    let (status, body) = call(&app, "GET", &format!("/api/games/{id}/views/4"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = call(&app, "GET", "/api/games/000000000000/views/0", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
