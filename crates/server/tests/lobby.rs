//! The lobby over HTTP: seeks made, listed, accepted, cancelled and gone with their seeker;
//! rate-limited like games; the games being played; whose turn it is in a list of games;
//! correspondence clocks across a restart and past their day; seeks shared by the servers on
//! one database.

use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use omnichess_server::rate_limit::RateLimit;
use omnichess_server::store::{Event, GameRow, now_ms};
use omnichess_server::{Store, router};
use serde_json::{Value, json};

use crate::common::{
    app, app_at, call, create, create_with, database, decide, show, timed_game_before_restart,
    wait_for,
};

const DAY: i64 = 24 * 3_600_000;

/// Makes a seek: its id and the seeker's token.
async fn seek(app: &Router, body: Value) -> (String, String) {
    let (status, made) = call(app, "POST", "/api/seeks", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let s = |v: &Value| v.as_str().expect("a string").to_owned();
    (s(&made["id"]), s(&made["token"]))
}

async fn open_ids(app: &Router) -> Vec<String> {
    let (status, list) = call(app, "GET", "/api/seeks", None).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list.as_array()
        .expect("a list")
        .iter()
        .map(|s| s["id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn poll(app: &Router, id: &str, token: &str) -> (StatusCode, Value) {
    let uri = format!("/api/seeks/{id}/poll");
    call(app, "POST", &uri, Some(json!({ "token": token }))).await
}

/// Two servers on the database at `url`: a seek made on one is listed by the other, accepted
/// there once (the two accepts at once: one wins), and its seeker, polling the first, learns
/// the game; a server started after it lists it too (seeks are stored, not held in memory).
pub async fn seeks_are_shared_by_the_servers_on_one_database(url: &str) {
    let (first, second) = (app(url).await, app(url).await);
    let (id, token) = seek(&first, json!({"variant": "classic", "seat": 0})).await;
    assert!(open_ids(&second).await.contains(&id), "listed by the other");
    let accept = format!("/api/seeks/{id}/accept");
    let (a, b) = tokio::join!(
        call(&second, "POST", &accept, None),
        call(&first, "POST", &accept, None)
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::CREATED, StatusCode::CONFLICT],
        "{a:?} {b:?}"
    );
    let accepted = if a.0 == StatusCode::CREATED { a.1 } else { b.1 };
    let (status, learned) = poll(&first, &id, &token).await;
    assert_eq!(status, StatusCode::OK, "{learned}");
    assert_eq!(learned["game"], accepted["game"]);
    assert_eq!(learned["seat"], 0);
    let (id, _) = seek(&second, json!({"variant": "dice"})).await;
    assert!(
        open_ids(&app(url).await).await.contains(&id),
        "after a restart"
    );
}

#[tokio::test]
async fn seeks_are_shared_by_two_servers_on_one_sqlite_file() {
    seeks_are_shared_by_the_servers_on_one_database(&database("lobby-shared")).await;
}

#[tokio::test]
async fn a_seek_is_listed_accepted_once_and_both_players_get_their_seats() {
    let app = app(&database("lobby-accept")).await;
    let clock = json!({"base_ms": 180_000, "increment_ms": 2_000});
    let body = json!({"variant": "dmchess", "clock": clock, "seat": 1, "casual": false});
    let (id, token) = seek(&app, body).await;
    let (_, list) = call(&app, "GET", "/api/seeks", None).await;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
    assert_eq!(list[0]["variant"], "dmchess");
    assert_eq!(list[0]["seat"], 1);
    assert_eq!(list[0]["clock"]["base_ms"], 180_000);
    assert!(list[0].get("token").is_none(), "the secret is not listed");
    let (status, waiting) = poll(&app, &id, &token).await;
    assert_eq!(status, StatusCode::OK, "{waiting}");
    assert_eq!(waiting["game"], Value::Null);

    let accept = format!("/api/seeks/{id}/accept");
    let (status, accepted) = call(&app, "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    assert_eq!(accepted["seat"], 0, "the seeker wanted seat 1");
    let (status, again) = call(&app, "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert!(
        open_ids(&app).await.is_empty(),
        "an accepted seek is not listed"
    );

    let (_, learned) = poll(&app, &id, &token).await;
    let game = accepted["game"].as_str().expect("the game's id");
    assert_eq!(learned["game"], game);
    assert_eq!(learned["seat"], 1);
    let seeker = learned["game_token"].as_str().expect("the seeker's seat");
    let accepter = accepted["game_token"]
        .as_str()
        .expect("the accepter's seat");
    assert_ne!(seeker, accepter);
    // The accepter is light and moves first; the seeker's token is dark's.
    let (status, played) = decide(&app, game, accepter, "Pd1a2-d1a4", None).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["clock"]["base_ms"], 180_000);
    assert_eq!(played["casual"], false);
    let (status, _) = decide(&app, game, seeker, "Pd1a7-d1a5", None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/seeks/{id}/cancel"),
        Some(json!({ "token": token })),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "an accepted seek cannot be cancelled"
    );
}

#[tokio::test]
async fn a_random_seat_is_drawn_at_acceptance_and_the_start_is_kept() {
    let app = app(&database("lobby-random")).await;
    let start = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let (id, token) = seek(&app, json!({"variant": "classic", "position": start})).await;
    let (_, accepted) = call(&app, "POST", &format!("/api/seeks/{id}/accept"), None).await;
    let (_, learned) = poll(&app, &id, &token).await;
    let seats = [accepted["seat"].as_u64(), learned["seat"].as_u64()];
    assert!(
        seats == [Some(0), Some(1)] || seats == [Some(1), Some(0)],
        "{seats:?}"
    );
    let game = show(&app, accepted["game"].as_str().unwrap_or_default()).await;
    assert_eq!(game["start"], start);
    assert_eq!(game["clock"], Value::Null, "untimed");
}

#[tokio::test]
async fn the_seeker_cancels_and_only_with_its_token() {
    let app = app(&database("lobby-cancel")).await;
    let (id, token) = seek(&app, json!({"variant": "qec"})).await;
    let cancel = format!("/api/seeks/{id}/cancel");
    let wrong = json!({"token": "not-it"});
    let (status, body) = call(&app, "POST", &cancel, Some(wrong.clone())).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(poll(&app, &id, "not-it").await.0, StatusCode::FORBIDDEN);
    let (status, _) = call(&app, "POST", &cancel, Some(json!({ "token": token }))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(open_ids(&app).await.is_empty());
    let (status, body) = call(&app, "POST", &format!("/api/seeks/{id}/accept"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(poll(&app, &id, &token).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_seek_whose_seeker_stops_polling_expires() {
    let app = app_at(&database("lobby-expire"))
        .await
        .with_seek_timeout(Duration::from_millis(1000));
    let app = router(app);
    let (kept, kept_token) = seek(&app, json!({"variant": "realms"})).await;
    let (left, _) = seek(&app, json!({"variant": "dice"})).await;
    // Polled every 250 ms for 1.5 s: kept alive, while the other expires.
    for _ in 0..6 {
        tokio::time::sleep(Duration::from_millis(250)).await;
        assert_eq!(poll(&app, &kept, &kept_token).await.0, StatusCode::OK);
    }
    assert_eq!(
        open_ids(&app).await,
        std::slice::from_ref(&kept),
        "{left} expired"
    );
    let (status, _) = call(&app, "POST", &format!("/api/seeks/{left}/accept"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert!(open_ids(&app).await.is_empty(), "{kept} expired too");
}

#[tokio::test]
async fn bad_seeks_are_refused_with_one_reason() {
    let app = app(&database("lobby-bad")).await;
    let cases = [
        (json!({"variant": "nosuch"}), "unknown variant"),
        (json!({"variant": "classic", "seat": 2}), "seat: 0, 1"),
        (
            json!({"variant": "classic", "clock": {"per_move_ms": 8 * DAY}}),
            "per-move time (up to 7 days)",
        ),
        (json!({"variant": "classic", "position": "not a fen"}), ""),
        (
            json!({"variant": "classic", "clock": {"base_ms": 60_000, "period": [1, -1_000_000_000_000_i64]}}),
            "period is [turns, extra_ms]",
        ),
        (
            json!({"variant": "classic", "clock": {"base_ms": 60_000, "period": [1, i64::MAX]}}),
            "0 to 24 hours added",
        ),
        (
            json!({"variant": "classic", "clock": {"base_ms": 60_000, "period": [0, 1_000]}}),
            "after 1 to 1000 turns",
        ),
    ];
    for (body, reason) in cases {
        let (status, answer) = call(&app, "POST", "/api/seeks", Some(body.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        let error = answer["error"].as_str().expect("one error line");
        assert!(error.contains(reason) && !error.contains('\n'), "{error}");
    }
    assert!(open_ids(&app).await.is_empty());
    let (status, answer) = call(&app, "GET", "/api/games?status=finished", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or_default()
            .contains("status=playing")
    );
    let (status, _) = call(&app, "GET", "/api/games?status=playing&limit=0", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call(&app, "GET", "/api/games?status=playing&limit=51", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let many: Vec<Value> = (0..31).map(|i| json!({"id": format!("{i}")})).collect();
    let (status, answer) = call(
        &app,
        "POST",
        "/api/games/turns",
        Some(json!({ "games": many })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or_default()
            .contains("at most 30")
    );
    let bad_seat = json!({"games": [{"id": "x", "seat": 3}]});
    let (status, _) = call(&app, "POST", "/api/games/turns", Some(bad_seat)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn seeks_and_accepts_are_rate_limited_like_games() {
    let app = app_at(&database("lobby-rate"))
        .await
        .with_rate_limit(Some(RateLimit {
            burst: 2,
            every: Duration::from_secs(60),
        }));
    let routes = router(app);
    let (id, _) = seek(&routes, json!({"variant": "classic"})).await;
    let accept = format!("/api/seeks/{id}/accept");
    assert_eq!(
        call(&routes, "POST", &accept, None).await.0,
        StatusCode::CREATED
    );
    let (status, answer) = call(
        &routes,
        "POST",
        "/api/seeks",
        Some(json!({"variant": "classic"})),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    let (status, _) = call(
        &routes,
        "POST",
        "/api/games",
        Some(json!({"variant": "classic"})),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "one budget for games and seeks"
    );
    assert_eq!(
        call(&routes, "GET", "/api/seeks", None).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_games_being_played_are_listed_latest_first_without_finished_ones() {
    let app = app(&database("lobby-playing")).await;
    let (first, white, _) = create(&app, "classic").await;
    let engine = json!({"variant": "realms", "engine": {"seat": 1, "level": 1}});
    let (second, _, _) = create_with(&app, engine).await;
    let (over, over_white, _) = create(&app, "classic").await;
    decide(&app, &over, &over_white, "e4", None).await;
    crate::common::act(&app, &over, &over_white, "resign").await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (status, _) = decide(&app, &first, &white, "e4", None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, list) = call(&app, "GET", "/api/games?status=playing", None).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let ids: Vec<&str> = list
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|g| g["id"].as_str())
        .collect();
    assert_eq!(ids, [first.as_str(), second.as_str()], "{list}");
    assert_eq!(list[0]["moves"], 1);
    assert_eq!(list[0]["to_act_index"], 1);
    assert_eq!(list[0]["player_names"], json!(["white", "black"]));
    assert_eq!(list[1]["engine"], json!({"seat": 1, "level": 1}));
    assert_eq!(list[1]["variant"], "realms");
    let (_, one) = call(&app, "GET", "/api/games?status=playing&limit=1", None).await;
    assert_eq!(one.as_array().map(Vec::len), Some(1), "{one}");
}

#[tokio::test]
async fn the_turns_of_a_browsers_games_come_in_one_request() {
    let app = app(&database("lobby-turns")).await;
    let (a, a_white, _) = create(&app, "classic").await;
    let (b, _, _) = create(&app, "qec").await;
    let (c, c_white, _) = create(&app, "classic").await;
    decide(&app, &a, &a_white, "e4", None).await;
    crate::common::act(&app, &c, &c_white, "abort").await;
    let asked = json!({"games": [
        {"id": a, "seat": 0}, {"id": b, "seat": 0}, {"id": c, "seat": 1},
        {"id": "nosuchgame00", "seat": 0}, {"id": a, "seat": null}
    ]});
    let (status, turns) = call(&app, "POST", "/api/games/turns", Some(asked)).await;
    assert_eq!(status, StatusCode::OK, "{turns}");
    let facts: Vec<(bool, bool, bool, Value)> = turns
        .as_array()
        .expect("a list")
        .iter()
        .map(|t| {
            let flag = |k: &str| t[k].as_bool().unwrap_or_default();
            (
                flag("found"),
                flag("your_turn"),
                flag("over"),
                t["to_act_index"].clone(),
            )
        })
        .collect();
    assert_eq!(
        facts,
        [
            (true, false, false, json!(1)),
            (true, true, false, json!(0)),
            (true, false, true, Value::Null),
            (false, false, false, Value::Null),
            (true, false, false, json!(1)),
        ]
    );
    assert_eq!(turns[0]["moves"], 1);
    assert_eq!(turns[1]["variant"], "qec");
}

#[tokio::test]
async fn every_variant_offers_correspondence_and_its_clock_survives_a_restart() {
    let url = database("lobby-correspondence");
    let (_, variants) = call(&app(&url).await, "GET", "/api/variants", None).await;
    for variant in variants.as_array().expect("a list") {
        let days: Vec<i64> = variant["time_controls"]
            .as_array()
            .expect("controls")
            .iter()
            .filter(|tc| tc["base_ms"] == 0)
            .filter_map(|tc| tc["per_move_ms"].as_i64())
            .filter(|ms| *ms >= DAY)
            .collect();
        assert_eq!(days, [DAY, 3 * DAY, 7 * DAY], "{}", variant["name"]);
    }
    let clock = json!({"per_move_ms": 3 * DAY});
    let (id, _, black) = timed_game_before_restart(&url, clock, &["e4", "e5", "Nf3"]).await;
    // A new server on the same database: Black's three days run from White's last move.
    let restarted = app_at(&url).await;
    omnichess_server::resume(&restarted).await;
    let app = router(restarted);
    let game = show(&app, &id).await;
    assert_eq!(game["clock"]["running"], 1, "{game}");
    let left = game["clock"]["move_left_ms"].as_i64().unwrap_or(0);
    assert!((3 * DAY - 60_000..=3 * DAY).contains(&left), "{left}");
    assert_eq!(game["outcome"], Value::Null);
    let (status, game) = decide(&app, &id, &black, "Nc6", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
}

#[tokio::test]
async fn a_correspondence_game_past_its_day_is_lost_on_time_when_the_server_starts() {
    let url = database("lobby-day");
    let store = Store::open(&url).await.expect("the database opens");
    // A 1-day-a-move game created ten days ago: White's last move was 25 hours ago.
    let now = now_ms();
    let row = GameRow {
        id: "c0ffee000001".to_owned(),
        variant: "classic".to_owned(),
        start: None,
        tokens: ["w".repeat(32), "b".repeat(32)],
        options: omnichess_server::game::options::GameOptions::from_json(
            r#"{"clock":{"per_move_ms":86400000},"casual":true}"#,
        ),
        created_ms: now - 10 * DAY,
        players: [None, None],
    };
    let moves = [
        ("e4", 0, 9 * DAY),
        ("e5", 1, 5 * DAY),
        ("Nf3", 0, DAY + 3_600_000),
    ];
    let events: Vec<Event> = moves
        .iter()
        .enumerate()
        .map(|(seq, (text, player, ago))| Event {
            seq: i64::try_from(seq).unwrap_or_default(),
            kind: "decision".to_owned(),
            player: Some(*player),
            text: (*text).to_owned(),
            at_ms: now - ago,
        })
        .collect();
    store.create(&row).await.expect("stored");
    store.append(&row.id, &events).await.expect("stored");
    drop(store);
    // The server starts: nobody asks, and the flag is stored.
    let started = app_at(&url).await;
    omnichess_server::resume(&started).await;
    let app = router(started);
    let game = wait_for(&app, &row.id, 5, |g| !g["outcome"].is_null()).await;
    assert_eq!(
        game["outcome"]["text"], "1-0 white wins by time forfeit",
        "{game}"
    );
    assert_eq!(game["clock"]["move_left_ms"], 0);
    let (status, _) = decide(&app, &row.id, &row.tokens[1], "Nc6", None).await;
    assert_eq!(status, StatusCode::CONFLICT);
}
