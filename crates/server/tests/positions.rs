//! `POST /api/positions`: any position of any variant after some decisions, drawn for the
//! analysis board; nothing stored.

use crate::common::{app, call, database};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_position_after_some_decisions_is_drawn_with_its_moves() {
    let app = app(&database("positions")).await;
    let body = json!({"variant": "classic", "after": ["e2e4", "e7e5", "g1f3"]});
    let (status, shown) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(
        shown["position"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(shown["to_act_index"], 1);
    assert_eq!(shown["moves"], json!(["e4", "e5", "Nf3"]));
    assert_eq!(shown["view"]["boards"][0]["squares"][21]["kind"], "N");
    // The last move's squares: g1 and f3.
    assert_eq!(
        shown["view"]["last"],
        json!([{"board": 0, "square": 6}, {"board": 0, "square": 21}])
    );
    assert!(
        shown["view"]["moves"]
            .as_array()
            .is_some_and(|m| m.iter().any(|m| m["text"] == "b8c6"))
    );

    // Mate: no moves, the outcome.
    let body = json!({"variant": "classic", "after": ["f2f3", "e7e5", "g2g4", "d8h4"]});
    let (_, mate) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(mate["outcome"]["result"], "0-1");
    assert_eq!(mate["view"]["moves"], json!([]));

    // Another variant, from its own position text: its boards.
    let body = json!({"variant": "realms"});
    let (_, realms) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(realms["view"]["boards"].as_array().map(Vec::len), Some(3));

    // Errors: an illegal decision named, a bad variant, a bad position.
    let body = json!({"variant": "classic", "after": ["e2e4", "e2e4"]});
    let (status, error) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error["error"]
            .as_str()
            .is_some_and(|e| e.contains("decision 2 (`e2e4`)")),
        "{error}"
    );
    let (status, _) = call(
        &app,
        "POST",
        "/api/positions",
        Some(json!({"variant": "nope"})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let body = json!({"variant": "classic", "position": "not a fen"});
    let (status, _) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
