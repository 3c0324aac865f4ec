//! The engine's seat: it plays every decision that falls to it, also several in a row.

use crate::common::{app, create_with, database, decide, wait_for};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn the_engine_makes_a_forced_reply_and_then_its_own_move() {
    let app = app(&database("engine-twice")).await;
    let (id, white, _) = create_with(
        &app,
        json!({"variant": "qec", "engine": {"level": 1, "seat": 1}}),
    )
    .await;
    // b2-b3 moves White's b-pawn, entangled with Black's b8 knight: Black's forced reply
    // first, then Black's own move, both the engine's.
    let (status, game) = decide(&app, &id, &white, "b2-b3", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let game = wait_for(&app, &id, 20, |g| g["to_act_index"] == 0).await;
    assert_eq!(game["to_act"], "white", "{game}");
    let history = game["history"].as_array().map_or(0, Vec::len);
    assert_eq!(
        history, 3,
        "b2-b3, the forced reply and Black's move: {game}"
    );
    assert_eq!(game["turns"], json!([0, 0, 1]), "{game}");
}

#[tokio::test]
async fn the_engine_plays_a_whole_5d_turn_up_to_its_submit() {
    let app = app(&database("engine-5d")).await;
    let (id, _, _) = create_with(
        &app,
        json!({"variant": "multiverse", "engine": {"level": 1, "seat": 0}}),
    )
    .await;
    let game = wait_for(&app, &id, 20, |g| g["to_act_index"] == 1).await;
    assert_eq!(game["to_act"], "black", "{game}");
    let history: Vec<&str> = game["history"].as_array().map_or(Vec::new(), |h| {
        h.iter().filter_map(|d| d.as_str()).collect()
    });
    assert_eq!(history.last(), Some(&"submit"), "{game}");
    assert!(history.len() >= 2, "a move and its submit: {history:?}");
}

#[tokio::test]
async fn the_engine_makes_its_whole_dmchess_setup() {
    let app = app(&database("engine-setup")).await;
    let (id, white, _) = create_with(
        &app,
        json!({"variant": "dmchess", "position": "start setup=ld", "engine": {"level": 1, "seat": 1}}),
    )
    .await;
    // Ruling K.5: Light's setup ends at once; Dark's transfers, as many as the engine makes,
    // end with its own `done`, and then Light moves.
    assert_eq!(
        decide(&app, &id, &white, "done", None).await.0,
        StatusCode::OK
    );
    let game = wait_for(&app, &id, 20, |g| g["to_act_index"] == 0).await;
    assert_eq!(game["to_act"], "light", "{game}");
    let history = game["history"].as_array().cloned().unwrap_or_default();
    assert_eq!(history.last(), Some(&json!("done")), "{game}");
    let actors = game["actors"].as_array().cloned().unwrap_or_default();
    assert_eq!(actors.len(), history.len());
    assert!(
        actors[1..].iter().all(|a| a == 1),
        "Dark's setup, all the engine's: {game}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_analysis_queue_never_stalls_an_engine_game() {
    let app_state = crate::common::app_at(&database("engine-starved")).await;
    // One analysis thread busy and the queue of 8 full: a ninth analysis is refused (503).
    let mut analyses = Vec::new();
    for _ in 0..9 {
        let pool = app_state.engines.clone();
        analyses.push(tokio::spawn(async move {
            pool.run(|| std::thread::sleep(std::time::Duration::from_secs(1)))
                .await
        }));
    }
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let refused = app_state.engines.run(|| ()).await;
    assert!(refused.is_err(), "the analysis queue is full");
    let app = omnichess_server::router(app_state);
    let (id, _, _) = create_with(
        &app,
        json!({"variant": "classic", "engine": {"level": 1, "seat": 0}}),
    )
    .await;
    let game = wait_for(&app, &id, 3, |g| g["to_act_index"] == 1).await;
    assert_eq!(game["to_act"], "black", "the engine moved at once: {game}");
    for analysis in analyses {
        assert!(analysis.await.expect("joins").is_ok());
    }
}

#[tokio::test]
async fn the_engine_accepts_a_draw_when_it_stands_worse_and_declines_when_it_stands_better() {
    let app = app(&database("engine-draws")).await;
    // White offers on its own turn; Black's engine answers by its evaluation.
    for (position, accepted) in [
        ("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", true),
        ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", false),
    ] {
        let (id, white, _) = create_with(
            &app,
            json!({"variant": "classic", "position": position, "engine": {"level": 1, "seat": 1}}),
        )
        .await;
        let (status, game) = crate::common::act(&app, &id, &white, "offer-draw").await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let game = wait_for(&app, &id, 20, |g| g["offers"]["draw"].is_null()).await;
        if accepted {
            assert_eq!(
                game["outcome"]["text"], "1/2-1/2 draw by agreement",
                "{game}"
            );
        } else {
            assert_eq!(game["outcome"], serde_json::Value::Null, "{game}");
            assert_eq!(game["to_act_index"], 0, "still white's move: {game}");
        }
    }
}
