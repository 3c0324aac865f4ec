//! Game review on the analysis socket: the positions planned where the one to act changes,
//! each evaluated with its best line in the variant's notation and its arrow, a lost queen
//! judged a blunder, chance valued over its outcomes, a 5D turn one step, and a record the
//! variant refuses named (docs/PROTOCOL.md, "Game review").

use crate::common::ws::{Socket, connect, next, send};
use crate::common::{database, serve};
use serde_json::{Value, json};

async fn review(socket: &mut Socket, variant: &str, after: &[&str]) -> (Value, Vec<Value>) {
    send(
        socket,
        json!({"v": 1, "type": "review", "variant": variant, "after": after, "seconds": 0.1}),
    )
    .await;
    let plan = next(socket, "plan").await;
    let count = plan["plies"].as_array().map_or(0, Vec::len);
    let mut points = Vec::new();
    for _ in 0..count {
        points.push(next(socket, "point").await);
    }
    assert_eq!(next(socket, "reviewed").await["points"], count);
    (plan, points)
}

#[tokio::test]
async fn a_lost_queen_is_a_blunder_and_lines_read_as_san() {
    let address = serve(&database("review")).await;
    let mut socket = connect(&address, "/api/analysis/ws").await;
    // 3. Qxf7+?? Kxf7: white gives the queen for a pawn.
    let game = ["e2e4", "e7e5", "d1h5", "b8c6", "h5f7", "e8f7"];
    let (plan, points) = review(&mut socket, "classic", &game).await;
    assert_eq!(plan["plies"], json!([0, 1, 2, 3, 4, 5, 6]));
    let blunder = &points[5]["judgement"];
    assert_eq!(blunder["kind"], "blunder", "{}", points[5]);
    assert_eq!(
        (blunder["index"].as_u64(), blunder["player"].as_u64()),
        (Some(4), Some(0))
    );
    assert!(
        points[5]["value"].as_f64().is_some_and(|v| v < 0.2),
        "{}",
        points[5]
    );
    // Black to act after 3. Qxf7+: the only move is Kxf7, in SAN, with its arrow e8 to f7.
    assert_eq!(points[5]["to_act"], 1);
    assert_eq!(points[5]["best"][0], "e8f7");
    assert_eq!(points[5]["shown"][0], "Kxf7");
    assert_eq!(
        points[5]["arrow"],
        json!([{"board": 0, "square": 60}, {"board": 0, "square": 53}])
    );
    for point in &points {
        let shown = point["shown"].as_array().cloned().unwrap_or_default();
        assert!(
            shown
                .iter()
                .filter_map(Value::as_str)
                .all(|m| !m.contains("e2e4")),
            "{point}"
        );
        assert!(
            point["score"]
                .as_str()
                .is_some_and(|s| s.starts_with("cp ") || s.starts_with("mate ")),
            "{point}"
        );
    }
    assert_eq!(points[0]["judgement"], Value::Null);
}

#[tokio::test]
async fn chance_is_valued_over_its_outcomes_and_a_5d_turn_is_one_step() {
    let address = serve(&database("review-chance")).await;
    let mut socket = connect(&address, "/api/analysis/ws").await;
    let (plan, points) = review(&mut socket, "dice", &["[N]", "Nb1c3"]).await;
    assert_eq!(plan["plies"], json!([0, 1, 2]));
    for chance in [&points[0], &points[2]] {
        assert_eq!(chance["to_act"], Value::Null, "{chance}");
        assert_eq!(chance["score"], Value::Null, "{chance}");
        assert!(
            chance["value"].as_f64().is_some_and(|v| v > 0.0 && v < 1.0),
            "{chance}"
        );
    }
    assert_eq!(points[1]["to_act"], 0);

    let (plan, points) = review(&mut socket, "multiverse", &["(0T1)Nb1c3", "submit"]).await;
    assert_eq!(plan["plies"], json!([0, 2]));
    let shown = points[0]["shown"].as_array().cloned().unwrap_or_default();
    assert!(!shown.is_empty(), "{}", points[0]);
    assert!(
        shown
            .iter()
            .filter_map(Value::as_str)
            .all(|t| !t.contains("submit")),
        "{}",
        points[0]
    );
}

#[tokio::test]
async fn a_decision_the_variant_refuses_is_named() {
    let address = serve(&database("review-refused")).await;
    let mut socket = connect(&address, "/api/analysis/ws").await;
    send(
        &mut socket,
        json!({"v": 1, "type": "review", "variant": "classic", "after": ["e2e4", "e2e4"]}),
    )
    .await;
    let error = next(&mut socket, "error").await;
    assert_eq!(error["status"], 422);
    assert!(
        error["error"]
            .as_str()
            .is_some_and(|e| e.contains("decision 2")),
        "{error}"
    );
    // The analysis of a line speaks the move list's notation too.
    send(
        &mut socket,
        json!({"v": 1, "type": "analyse", "variant": "classic", "after": ["e2e4"], "seconds": 0.2}),
    )
    .await;
    let done = next(&mut socket, "done").await;
    let (best, shown) = (done["best"][0].as_str(), done["shown"][0].as_str());
    assert!(
        best.is_some_and(|b| b.len() == 4) && shown.is_some_and(|s| s.len() < 4),
        "{done}"
    );
}
