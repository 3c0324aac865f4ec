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

#[tokio::test]
async fn records_of_each_format_and_position_texts_are_imported() {
    let app = app(&database("positions-records")).await;
    let show = |body: serde_json::Value| {
        let app = app.clone();
        async move { call(&app, "POST", "/api/positions", Some(body)).await }
    };
    // A PGN (with its own start) read as the record it is; `after` goes on from it.
    let pgn = "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *";
    let (status, shown) =
        show(json!({"variant": "classic", "record": pgn, "after": ["e1d2"]})).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(shown["start"], "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(shown["after"], json!(["e2e4", "e8d7", "e1d2"]));
    assert_eq!(shown["moves"], json!(["e4", "Kd7", "Kd2"]));
    // A position text in the same field is a start with nothing played (also the standard
    // start's, which a PGN reader would take for eight odd moves).
    let start = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (status, shown) = show(json!({"variant": "classic", "record": start})).await;
    assert_eq!(
        (status, shown["start"].as_str()),
        (StatusCode::OK, Some(start)),
        "{shown}"
    );
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
    let (_, shown) = show(json!({"variant": "classic", "record": fen})).await;
    assert_eq!(
        (
            shown["start"].as_str(),
            shown["after"].as_array().map(Vec::len)
        ),
        (Some(fen), Some(0))
    );
    // 5DPGN and DMChess's EDAN record.
    let five_d = "[Board \"Standard\"]\n[Mode \"5D\"]\n1. (0T1)Nf3 / (0T1)Nf6\n2. (0T2)Nc3\n";
    let (status, shown) = show(json!({"variant": "multiverse", "record": five_d})).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(shown["to_act_index"], 1, "{shown}");
    let edan = "[Variant \"DMChess\"]\n\n1. Nd8g1-d8h3 Nd4g8-d4h6 *";
    let (status, shown) = show(json!({"variant": "dmchess", "record": edan})).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(shown["after"].as_array().map(Vec::len), Some(2));
    // A record whose move is illegal: named; neither a record nor a position: both reasons.
    let (status, error) = show(json!({"variant": "classic", "record": "1. e5 e4"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error["error"]
            .as_str()
            .is_some_and(|e| e.contains("decision 1 (`e5`)")),
        "{error}"
    );
    let (status, error) = show(json!({"variant": "classic", "record": "[Event \"x"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let text = error["error"].as_str().unwrap_or_default();
    assert!(
        text.starts_with("neither a position (") && text.contains("nor a record ("),
        "{error}"
    );
}

#[tokio::test]
async fn where_chance_acts_its_outcomes_come_with_their_probabilities() {
    let app = app(&database("positions-chance")).await;
    let body = json!({"variant": "dice"});
    let (_, shown) = call(&app, "POST", "/api/positions", Some(body)).await;
    let faces: Vec<(String, f64)> = shown["chance"]
        .as_array()
        .map(|c| {
            c.iter()
                .map(|o| {
                    (
                        o["text"].as_str().unwrap_or_default().to_owned(),
                        o["probability"].as_f64().unwrap_or(0.0),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let texts: Vec<&str> = faces.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(texts, ["[P]", "[N]", "[B]", "[R]", "[Q]", "[K]"]);
    let total: f64 = faces.iter().map(|(_, p)| p).sum();
    assert!(
        (total - 1.0).abs() < 1e-9 && (faces[0].1 - 0.3).abs() < 1e-9,
        "{faces:?}"
    );
    assert_eq!(shown["to_act_index"], serde_json::Value::Null);
    // After the roll a player acts: no outcomes.
    let body = json!({"variant": "dice", "after": ["[N]"]});
    let (_, shown) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(shown["chance"], json!([]));
}

/// Die Chess: an edit made while chance acts for Black's roll keeps Black to move (the side
/// whose turn it is), and the edited start begins with that roll.
#[tokio::test]
async fn an_edit_while_chance_acts_keeps_the_side_whose_turn_it_is() {
    let app = app(&database("positions-editor-chance")).await;
    let body = json!({"variant": "dice", "after": ["[N]", "b1c3"], "edits": [
        {"board": 0, "square": 6, "piece": null}]});
    let (status, shown) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    let start = shown["start"].as_str().unwrap_or("");
    assert!(
        start.starts_with("rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKB1R b "),
        "{start}"
    );
    assert_eq!(shown["to_act_index"], json!(null), "chance rolls first");
    assert_eq!(shown["turn_index"], 1, "Black's roll");
}

#[tokio::test]
async fn the_board_editor_makes_a_new_start_where_the_variant_has_one() {
    let app = app(&database("positions-editor")).await;
    // After 1. e4: the e4 pawn taken off, Black's d7 pawn (51) a queen on d4 (27).
    let body = json!({"variant": "classic", "after": ["e2e4"], "to_move": 0, "edits": [
        {"board": 0, "square": 28, "piece": null},
        {"board": 0, "square": 51, "piece": null},
        {"board": 0, "square": 27, "piece": {"player": 1, "kind": "Q"}}]});
    let (status, shown) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(
        shown["start"],
        "rnbqkbnr/ppp1pppp/8/8/3q4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(shown["after"], json!([]));
    assert_eq!(shown["editable"], true);
    let palette: Vec<String> = shown["palette"].as_array().map_or(Vec::new(), |p| {
        p.iter()
            .map(|p| format!("{}{}", p["player"], p["kind"].as_str().unwrap_or("?")))
            .collect()
    });
    assert_eq!(
        palette,
        [
            "0Q", "0R", "0B", "0N", "0P", "0K", "1Q", "1R", "1B", "1N", "1P", "1K"
        ]
    );
    // A refused edit says why; a variant without an editor says so.
    let body = json!({"variant": "classic", "edits": [{"board": 0, "square": 4, "piece": null}]});
    let (status, error) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("the edited position is refused")),
        "{error}"
    );
    let body =
        json!({"variant": "multiverse", "edits": [{"board": 0, "square": 4, "piece": null}]});
    let (status, error) = call(&app, "POST", "/api/positions", Some(body)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["error"], "this variant has no board editor");
    // The palettes: DMChess's 6 kinds and Three Realms' 14, each player's; 5D has none.
    for (variant, editor) in [
        ("dmchess", (Some(true), Some(12))),
        ("realms", (Some(true), Some(28))),
        ("multiverse", (Some(false), Some(0))),
    ] {
        let (_, shown) = call(
            &app,
            "POST",
            "/api/positions",
            Some(json!({"variant": variant})),
        )
        .await;
        let palette = shown["palette"].as_array().map(Vec::len);
        assert_eq!((shown["editable"].as_bool(), palette), editor, "{variant}");
    }
}
