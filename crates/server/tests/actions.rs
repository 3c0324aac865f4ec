//! Game actions over HTTP: resignation, draw offers, takebacks, undo within a 5D turn,
//! rematch, importing a record, the engine's seat, clocks that survive a restart and flag.

use crate::common;

use std::time::Duration;

use crate::common::{
    act, app, app_at, call, create, create_with, database, decide, raw, show,
    timed_game_before_restart, wait_for,
};
use axum::http::StatusCode;
use omnichess_server::router;
use serde_json::json;

#[tokio::test]
async fn resignation_and_a_draw_by_agreement_end_the_game() {
    let app = app(&database("resign")).await;
    let (id, white, black) = create(&app, "classic").await;
    assert_eq!(
        act(&app, &id, "nobody", "resign").await.0,
        StatusCode::FORBIDDEN
    );
    let (status, game) = act(&app, &id, &black, "resign").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["outcome"]["text"], "1-0 white wins by resignation");
    assert_eq!(game["decisions"], json!([]));
    assert_eq!(
        decide(&app, &id, &white, "e4", None).await.0,
        StatusCode::CONFLICT
    );

    let (id, white, black) = create(&app, "dmchess").await;
    assert_eq!(
        act(&app, &id, &white, "accept-draw").await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (_, game) = act(&app, &id, &white, "offer-draw").await;
    assert_eq!(game["offers"]["draw"], 0);
    let (_, game) = act(&app, &id, &black, "accept-draw").await;
    assert_eq!(game["outcome"]["text"], "1/2-1/2 draw by agreement");
    let (_, record) = common::raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(
        record.contains("[Result \"1/2-1/2\"]")
            && record.contains("[Termination \"normal\"]")
            && record.contains("[Reason \"agreement\"]"),
        "{record}"
    );
    assert!(record.trim_end().ends_with("\n1/2-1/2"), "{record}");
}

#[tokio::test]
async fn a_takeback_in_a_casual_game_and_none_in_a_rated_one() {
    let app = app(&database("takeback")).await;
    let (id, white, black) = create(&app, "classic").await;
    decide(&app, &id, &white, "e4", None).await;
    decide(&app, &id, &black, "e5", None).await;
    let (_, game) = act(&app, &id, &white, "takeback").await;
    assert_eq!(game["offers"]["takeback"], 0);
    let (status, game) = act(&app, &id, &black, "accept-takeback").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        game["history"],
        json!([]),
        "White's move and the reply are taken back"
    );
    assert_eq!(game["to_act"], "white");

    let (rated, white, _) = create_with(&app, json!({"variant": "classic", "casual": false})).await;
    decide(&app, &rated, &white, "e4", None).await;
    let (status, body) = act(&app, &rated, &white, "takeback").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "takebacks are for casual games");
}

#[tokio::test]
async fn undo_takes_back_a_5d_move_before_submit_only() {
    let app = app(&database("undo")).await;
    let (id, white, _) = create(&app, "multiverse").await;
    let (status, game) = decide(&app, &id, &white, "(0T1)Ng1f3", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        game["to_act"], "white",
        "the turn is not over before submit"
    );
    let (status, game) = act(&app, &id, &white, "undo").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["history"], json!([]));
    decide(&app, &id, &white, "(0T1)Ng1f3", None).await;
    let submit = show(&app, &id).await["decisions"]
        .as_array()
        .and_then(|d| {
            d.iter()
                .find(|t| t.as_str().is_some_and(|t| !t.starts_with('(')))
                .cloned()
        })
        .expect("submit is offered");
    let (status, game) = decide(&app, &id, &white, submit.as_str().unwrap_or_default(), None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["to_act"], "black");
    assert_eq!(
        act(&app, &id, &white, "undo").await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_asking_for_a_rematch_at_once_get_one_stored_game() {
    let app = app(&database("rematch-race")).await;
    let (id, white, black) = create(&app, "classic").await;
    act(&app, &id, &white, "resign").await;
    let (a, b) = tokio::join!(
        act(&app, &id, &white, "rematch"),
        act(&app, &id, &black, "rematch")
    );
    assert_eq!((a.0, b.0), (StatusCode::OK, StatusCode::OK), "{a:?} {b:?}");
    // One asked first (its answer the old game, the offer standing), the other accepted
    // (its answer the new game); a third ask gives that game.
    let named = show(&app, &id).await["rematch"].clone();
    assert!(a.1["id"] == named || b.1["id"] == named, "{a:?} {b:?}");
    assert_eq!(act(&app, &id, &white, "rematch").await.1["id"], named);
    // The game named is stored.
    let named = named.as_str().unwrap_or_default().to_owned();
    assert_eq!(show(&app, &named).await["id"], named.as_str());
}

#[tokio::test]
async fn a_rematch_is_an_offer_the_other_accepts_and_swaps_the_seats_once() {
    let app = app(&database("rematch")).await;
    let (id, white, black) = create(&app, "classic").await;
    assert_eq!(
        act(&app, &id, &white, "rematch").await.0,
        StatusCode::CONFLICT,
        "not over yet"
    );
    act(&app, &id, &white, "resign").await;
    // Black offers; asking again leaves the offer as it is; White declines it.
    for _ in 0..2 {
        let (status, offered) = act(&app, &id, &black, "rematch").await;
        assert_eq!(status, StatusCode::OK, "{offered}");
        assert_eq!(
            (offered["id"].as_str(), &offered["offers"]["rematch"]),
            (Some(id.as_str()), &json!(1))
        );
        assert_eq!(
            offered["rematch"],
            serde_json::Value::Null,
            "no game without White's consent"
        );
    }
    assert_eq!(
        act(&app, &id, &black, "decline-rematch").await.0,
        StatusCode::UNPROCESSABLE_ENTITY,
        "one's own offer"
    );
    let (_, declined) = act(&app, &id, &white, "decline-rematch").await;
    assert_eq!(
        declined["offers"]["rematch"],
        serde_json::Value::Null,
        "{declined}"
    );
    // Offered again, and accepted: the new game.
    act(&app, &id, &black, "rematch").await;
    let (status, first) = act(&app, &id, &white, "rematch").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_ne!(first["id"].as_str(), Some(id.as_str()));
    let (_, again) = act(&app, &id, &black, "rematch").await;
    assert_eq!(first["id"], again["id"], "asking again gives the same game");
    assert_eq!(show(&app, &id).await["rematch"], first["id"]);
    let new = first["id"].as_str().unwrap_or_default().to_owned();
    // Black of the first game is White now.
    assert_eq!(
        decide(&app, &new, &white, "e4", None).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        decide(&app, &new, &black, "e4", None).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_engine_consents_to_a_rematch_at_once() {
    let app = app(&database("rematch-engine")).await;
    let (id, white, _) = create_with(
        &app,
        json!({"variant": "classic", "engine": {"level": 1, "seat": 1}}),
    )
    .await;
    act(&app, &id, &white, "resign").await;
    let (status, new) = act(&app, &id, &white, "rematch").await;
    assert_eq!(status, StatusCode::OK, "{new}");
    assert_ne!(new["id"].as_str(), Some(id.as_str()), "{new}");
    assert_eq!(
        new["engine"]["seat"], 0,
        "the engine has the other seat: {new}"
    );
}

#[tokio::test]
async fn an_imported_record_continues_where_it_stopped() {
    let app = app(&database("import")).await;
    let pgn = "[Event \"t\"]\n\n1. e4 e5 2. Nf3 *\n";
    let (id, _, black) = create_with(&app, json!({"variant": "classic", "record": pgn})).await;
    let game = show(&app, &id).await;
    assert_eq!(game["history"], json!(["e2e4", "e7e5", "g1f3"]));
    assert_eq!(game["moves"], json!(["e4", "e5", "Nf3"]));
    assert_eq!(
        decide(&app, &id, &black, "Nc6", None).await.0,
        StatusCode::OK
    );
    let (status, body) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({"variant": "classic", "record": "1. e4 e4 *"})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().is_some_and(|e| e.contains("e4")),
        "{body}"
    );
}

#[tokio::test]
async fn a_first_move_earns_no_increment_and_a_game_aborts_before_both_have_moved() {
    let app = app(&database("abort")).await;
    let clock = json!({"base_ms": 180_000, "increment_ms": 2_000});
    let (id, white, black) = create_with(&app, json!({"variant": "classic", "clock": clock})).await;
    assert_eq!(show(&app, &id).await["abortable"], true);
    let (_, game) = decide(&app, &id, &white, "e4", None).await;
    // 3+2: White's clock shows 3:00 after its first move, not 3:02.
    assert_eq!(
        game["clock"]["remaining_ms"],
        json!([180_000, 180_000]),
        "{game}"
    );
    assert_eq!(game["abortable"], true, "Black has not moved");
    let (status, game) = act(&app, &id, &black, "abort").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        game["outcome"],
        json!({"result": "*", "text": "* game aborted"})
    );
    assert_eq!(game["abortable"], false);
    assert_eq!(
        decide(&app, &id, &black, "e5", None).await.0,
        StatusCode::CONFLICT
    );

    let (id, white, black) = create_with(&app, json!({"variant": "classic", "clock": clock})).await;
    decide(&app, &id, &white, "e4", None).await;
    let (_, game) = decide(&app, &id, &black, "e5", None).await;
    assert_eq!(game["abortable"], false, "both have moved");
    assert_eq!(
        act(&app, &id, &white, "abort").await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

#[tokio::test]
async fn the_engine_takes_its_seat() {
    let app = app(&database("engine")).await;
    // The engine plays White: it moves first, by itself.
    let (id, _, black) = create_with(
        &app,
        json!({"variant": "classic", "engine": {"seat": 0, "level": 3}}),
    )
    .await;
    let game = wait_for(&app, &id, 20, |g| g["ply"] == 1).await;
    assert_eq!(game["to_act"], "black", "{game}");
    assert_eq!(game["engine"], json!({"seat": 0, "level": 3}));
    let reply = game["decisions"][0].as_str().unwrap_or_default().to_owned();
    assert_eq!(
        decide(&app, &id, &black, &reply, None).await.0,
        StatusCode::OK
    );
    let game = wait_for(&app, &id, 20, |g| g["ply"] == 3).await;
    assert_eq!(game["to_act"], "black", "{game}");
    // A takeback against the engine is granted at once.
    let (_, game) = act(&app, &id, &black, "takeback").await;
    assert_eq!(game["ply"], 1, "{game}");
}

#[tokio::test]
async fn clocks_run_from_the_stored_times_across_a_restart() {
    let url = database("clock");
    let clock = json!({"base_ms": 60_000, "increment_ms": 1_000});
    let (id, white, _) = timed_game_before_restart(&url, clock, &["e4", "e5"]).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    // A new server on the same database: White's clock has been running since e5 was stored.
    let app = router(app_at(&url).await);
    let game = show(&app, &id).await;
    assert_eq!(game["clock"]["running"], 0, "{game}");
    let white_left = game["clock"]["remaining_ms"][0].as_i64().unwrap_or(0);
    assert!((55_000..=60_600).contains(&white_left), "{white_left}");
    assert_eq!(
        game["clock"]["remaining_ms"][1], 60_000,
        "Black's first move is free"
    );
    let (_, game) = decide(&app, &id, &white, "Nf3", None).await;
    let white_after = game["clock"]["remaining_ms"][0].as_i64().unwrap_or(0);
    assert!(
        white_after <= 61_000 - 400 + 1_000,
        "the 400 ms were charged: {white_after}"
    );
    assert_eq!(game["clock"]["running"], 1);
}

#[tokio::test]
async fn the_server_flags_a_player_whose_time_runs_out() {
    let app = app(&database("flag")).await;
    let clock = json!({"per_move_ms": 300});
    let (id, white, black) = create_with(&app, json!({"variant": "classic", "clock": clock})).await;
    decide(&app, &id, &white, "e4", None).await;
    decide(&app, &id, &black, "e5", None).await;
    let (status, _) = decide(&app, &id, &white, "Nf3", None).await;
    assert_eq!(status, StatusCode::OK);
    // Black's 300 ms run out with nobody asking: the server's timer stores the flag.
    let game = wait_for(&app, &id, 5, |g| !g["outcome"].is_null()).await;
    assert_eq!(
        game["outcome"]["text"], "1-0 white wins by time forfeit",
        "{game}"
    );
    assert_eq!(
        decide(&app, &id, &black, "Nc6", None).await.0,
        StatusCode::CONFLICT
    );
}

#[tokio::test]
async fn a_flag_fall_is_scored_by_the_variant_s_rules() {
    // Three Realms ruling R.5.2 (docs/rules/realms.md): a flag fall is a draw when the
    // opponent could never win. White's king and queen on Earth against Black's bare king.
    let app = app(&database("flag-realms")).await;
    let queen = "8/8/8/8/8/8/8/8|7k/8/8/8/8/3Q4/8/K7|8/8/8/8/8/8/8/8 w - - 0 1";
    let clock = json!({"per_move_ms": 300});
    for (flagged, text, termination) in [
        (
            "white",
            "1/2-1/2 draw by timeout vs insufficient material",
            "timeout vs insufficient material",
        ),
        ("black", "1-0 white wins by time forfeit", "time forfeit"),
    ] {
        let body = json!({"variant": "realms", "position": queen, "clock": clock, "engine": null});
        let (id, white, black) = create_with(&app, body).await;
        assert_eq!(
            decide(&app, &id, &white, "m3m4", None).await.0,
            StatusCode::OK
        );
        assert_eq!(
            decide(&app, &id, &black, "q8q7", None).await.0,
            StatusCode::OK
        );
        if flagged == "black" {
            assert_eq!(
                decide(&app, &id, &white, "m4m3", None).await.0,
                StatusCode::OK
            );
        }
        let game = wait_for(&app, &id, 5, |g| !g["outcome"].is_null()).await;
        assert_eq!(game["outcome"]["text"], text, "{flagged}: {game}");
        let seat = usize::from(flagged == "black");
        assert_eq!(game["clock"]["remaining_ms"][seat], 0, "{game}");
        let (_, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
        // The standard's value for both; the variant's ruling beside it.
        for tag in [
            "[Termination \"time forfeit\"]".to_owned(),
            format!("[Reason \"{termination}\"]"),
        ] {
            assert!(record.contains(&tag), "{flagged}: no {tag} in\n{record}");
        }
    }
}

#[tokio::test]
async fn the_lobby_lists_each_variants_controls_and_starts() {
    let app = app(&database("variants")).await;
    let (status, list) = call(&app, "GET", "/api/variants", None).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = list.as_array().map_or(Vec::new(), |l| {
        l.iter().filter_map(|v| v["name"].as_str()).collect()
    });
    // Every registered variant, in the registry's order: the six, then the test-only toy
    // where a test build of the workspace turns its feature on.
    let registered: Vec<&str> = omnichess_variants::REGISTRY
        .iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, registered);
    assert_eq!(
        names[..6],
        ["classic", "qec", "dice", "multiverse", "realms", "dmchess"]
    );
    let dmchess = &list[5];
    assert_eq!(dmchess["players"], json!(["light", "dark"]));
    assert_eq!(dmchess["time_controls"][0]["base_ms"], 90 * 60_000);
    assert_eq!(
        dmchess["time_controls"][0]["period"],
        json!([40, 30 * 60_000])
    );
    let starts = list[3]["starts"].as_array().map_or(0, Vec::len);
    assert!(starts > 10, "5D's named variants: {starts}");
    let qec_first = &list[1]["time_controls"][0];
    assert!(
        qec_first["per_move_ms"].as_i64().is_some_and(|ms| ms > 0),
        "{qec_first}"
    );
}

#[tokio::test]
async fn the_last_move_is_marked_after_a_roll_and_on_the_board_a_5d_move_made() {
    let app = app(&database("last")).await;
    let (id, white, _) = create(&app, "classic").await;
    let (_, game) = decide(&app, &id, &white, "e4", None).await;
    assert_eq!(
        game["view"]["last"],
        json!([{"board": 0, "square": 12}, {"board": 0, "square": 28}])
    );

    // Die Chess: the server's roll follows the move, and the move is still marked. (A new
    // game until the first roll gives a move: the king or the pawn.)
    let mut checked = false;
    for _ in 0..40 {
        let start = json!({"variant": "dice", "position": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"});
        let (id, white, _) = create_with(&app, start).await;
        let game = show(&app, &id).await;
        let Some(first) = game["view"]["moves"]
            .as_array()
            .and_then(|m| m.iter().find(|m| !m["from"].is_null()))
            .cloned()
        else {
            continue;
        };
        let text = first["text"].as_str().unwrap_or_default();
        let (_, game) = decide(&app, &id, &white, text, None).await;
        assert_eq!(
            game["view"]["last"],
            json!([first["from"], first["to"]]),
            "{game}"
        );
        checked = true;
        break;
    }
    assert!(checked, "forty rolls gave no king or pawn move");

    // 5D: (0T1)Ng1f3 is made on board 0 and shows on the board it created, board 1.
    let (id, white, _) = create(&app, "multiverse").await;
    decide(&app, &id, &white, "(0T1)Ng1f3", None).await;
    let (_, game) = decide(&app, &id, &white, "submit", None).await;
    assert_eq!(
        game["view"]["last"],
        json!([{"board": 1, "square": 6}, {"board": 1, "square": 21}]),
        "{}",
        game["view"]["last"]
    );
}
