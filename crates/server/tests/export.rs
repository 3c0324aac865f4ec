//! The exported record: the variant's record format with the server's facts in its tags.

use crate::common::{act, app, create_with, database, decide, raw, show, wait_for};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_resigned_game_exports_its_result_and_reads_back() {
    let app = app(&database("export")).await;
    for variant in ["classic", "qec", "dice", "multiverse", "realms", "dmchess"] {
        let clock = json!({"base_ms": 180_000, "increment_ms": 2_000});
        let (id, white, black) = create_with(
            &app,
            json!({"variant": variant, "clock": clock, "engine": null}),
        )
        .await;
        let game = show(&app, &id).await;
        let first = game["decisions"][0].as_str().unwrap_or_default().to_owned();
        assert_eq!(
            decide(&app, &id, &white, &first, None).await.0,
            StatusCode::OK
        );
        let (status, game) = act(&app, &id, &black, "resign").await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let (status, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
        assert_eq!(status, StatusCode::OK);
        for tag in [
            "[Result \"1-0\"]",
            "[Termination \"normal\"]",
            "[Reason \"resignation\"]",
            "[White \"Anonymous\"]",
            "[Black \"Anonymous\"]",
            "[TimeControl \"180+2\"]",
        ] {
            assert!(record.contains(tag), "{variant}: no {tag} in\n{record}");
        }
        assert!(!record.contains("[Date \"????"), "{variant}:\n{record}");
        assert!(record.contains("[Variant \""), "{variant}:\n{record}");
        assert!(
            !record.contains('{') || variant == "multiverse",
            "{variant}:\n{record}"
        );
        assert!(
            !record.contains(" *"),
            "{variant}: still unfinished\n{record}"
        );
        // The record reads back: the same decisions.
        let (copy, _, _) = create_with(&app, json!({"variant": variant, "record": record})).await;
        assert_eq!(
            show(&app, &copy).await["history"],
            show(&app, &id).await["history"],
            "{variant}"
        );
    }
}

#[tokio::test]
async fn the_engine_is_named_by_its_level_and_a_classic_record_ends_with_the_result() {
    let app = app(&database("export-engine")).await;
    let (id, white, _) = create_with(
        &app,
        json!({"variant": "classic", "engine": {"seat": 1, "level": 3}}),
    )
    .await;
    decide(&app, &id, &white, "e4", None).await;
    // Resign once the engine has answered: a resignation sent while its reply is being stored
    // may meet that reply's version and be refused (409), as any command may.
    let game = wait_for(&app, &id, 30, |g| g["ply"] == 2).await;
    assert_eq!(game["ply"], 2, "the engine answered: {game}");
    let (status, body) = act(&app, &id, &white, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(
        record.contains("[White \"Anonymous\"]\n[Black \"Engine level 3\"]\n[Result \"0-1\"]\n"),
        "{record}"
    );
    assert!(record.contains("[TimeControl \"-\"]"), "{record}");
    assert!(record.trim_end().ends_with(" 0-1"), "{record}");
}
