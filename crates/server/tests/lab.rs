//! The balance lab over HTTP: a study created, played by the server's own worker, reported
//! with figures that agree with each other and with its CSV; bad studies refused.

use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{app, call, database, raw};

/// Polls study `id` until it is finished (every batch done or skipped).
async fn finished(app: &Router, id: &str) -> Value {
    for _ in 0..600 {
        let (status, body) = call(app, "GET", &format!("/api/studies/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        if body["finished"] == json!(true) {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("study {id} did not finish");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_study_is_played_by_the_server_and_reported() {
    let app = app(&database("lab-study")).await;
    let request = json!({"kind": "balance", "variant": "dice", "player": "greedy",
                         "games": 6, "seed": 3, "max_turns": 80});
    let (status, created) = call(&app, "POST", "/api/studies", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    assert_eq!(created["games"], 6);
    assert_eq!(created["spec"]["variant"], "dice");

    let report = finished(&app, &id).await;
    assert_eq!(report["batches_open"], 0);
    assert_eq!(report["batches_claimed"], json!([]));
    let results = &report["balance"]["results"];
    let sum = |v: &Value| v.as_u64().expect("a count");
    assert_eq!(
        sum(&results["first"]) + sum(&results["second"]) + sum(&results["drawn"]),
        6
    );
    let by_cause: u64 = report["balance"]["causes"]
        .as_object()
        .expect("causes")
        .values()
        .map(|r| sum(&r["first"]) + sum(&r["second"]) + sum(&r["drawn"]))
        .sum();
    assert_eq!(by_cause, 6);
    let score = report["score"].as_array().expect("the score series");
    assert_eq!(score.len(), 6);
    let last = &score[5];
    assert_eq!(last["games"], 6);
    let whole = sum(&results["first"]) as f64 + sum(&results["drawn"]) as f64 / 2.0;
    assert!((last["score"].as_f64().expect("a score") - whole / 6.0).abs() < 1e-12);
    assert_eq!(last["low"], report["balance"]["first_player_score"]["low"]);
    for point in score {
        let (low, mid, high) = (&point["low"], &point["score"], &point["high"]);
        assert!(
            low.as_f64() <= mid.as_f64() && mid.as_f64() <= high.as_f64(),
            "{point}"
        );
    }
    let binned: u64 = report["balance"]["lengths"]["histogram"]
        .as_array()
        .expect("a histogram")
        .iter()
        .map(|bin| sum(&bin[2]))
        .sum();
    assert_eq!(binned, 6);
    // Die Chess's events, described, with its forfeits by turn.
    let events = report["balance"]["events"].as_array().expect("the events");
    let names: Vec<&str> = events.iter().filter_map(|e| e["name"].as_str()).collect();
    assert_eq!(names, ["forfeit", "king without rolling"]);
    assert!(
        events[0]["description"]
            .as_str()
            .is_some_and(|d| d.contains("§1")),
        "{events:?}"
    );
    let by_turn = events[0]["by_turn"].as_array().expect("forfeits by turn");
    let forfeits: u64 = by_turn.iter().map(|t| sum(&t["events"])).sum();
    assert_eq!(forfeits, sum(&events[0]["total"]));
    assert_eq!(by_turn[0]["games"], 6, "every game plays its first turn");
    assert_eq!(events[1]["by_turn"], Value::Null);
    let (status, csv) = raw(&app, "GET", &format!("/api/studies/{id}/csv/events"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        csv.lines().next(),
        Some("event,total,per_game,games_with"),
        "{csv}"
    );
    assert!(
        csv.contains(&format!("\nforfeit,{},", sum(&events[0]["total"]))),
        "{csv}"
    );
    let (_, turns) = raw(
        &app,
        "GET",
        &format!("/api/studies/{id}/csv/event-turns"),
        None,
    )
    .await;
    assert_eq!(turns.lines().count(), by_turn.len() + 1, "{turns}");

    let (status, list) = call(&app, "GET", "/api/studies", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        list,
        json!([{"id": id, "kind": "balance", "variant": "dice", "player": "greedy",
                "games_done": 6, "games": 6}])
    );

    let (status, games) = raw(&app, "GET", &format!("/api/studies/{id}/csv/games"), None).await;
    assert_eq!(status, StatusCode::OK);
    let lines: Vec<&str> = games.lines().collect();
    assert_eq!(
        lines[0],
        "game,winner,cause,both_lose,turns,first_decisions"
    );
    assert_eq!(lines.len(), 7, "{games}");
    let numbers: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap_or_default())
        .collect();
    assert_eq!(numbers, ["0", "1", "2", "3", "4", "5"]);
    let (_, over_time) = raw(
        &app,
        "GET",
        &format!("/api/studies/{id}/csv/score-over-time"),
        None,
    )
    .await;
    let rows: Vec<&str> = over_time.lines().collect();
    assert_eq!(rows.len(), 7, "{over_time}");
    assert_eq!(rows[0], "games,score,low,high");
    assert!(rows[6].starts_with("6,"), "{over_time}");
    let (status, _) = raw(&app, "GET", &format!("/api/studies/{id}/csv/values"), None).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "a balance study has no values"
    );
    let (status, _) = raw(&app, "GET", &format!("/api/studies/{id}/csv/nothing"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&app, "GET", "/api/studies/000000000000", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_values_study_fits_values_with_intervals() {
    let app = app(&database("lab-values")).await;
    let request = json!({"kind": "values", "variant": "dice", "player": "random",
                         "games": 8, "seed": 5, "max_turns": 60, "every": 4});
    let (status, created) = call(&app, "POST", "/api/studies", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    let report = finished(&app, &id).await;
    assert_eq!(report["spec"]["material_every"], 4);
    let values = report["values"]["values"].as_array();
    let (status, csv) = raw(&app, "GET", &format!("/api/studies/{id}/csv/values"), None).await;
    match values {
        Some(values) => {
            assert_eq!(status, StatusCode::OK);
            assert_eq!(csv.lines().count(), values.len() + 1, "{csv}");
            for v in values {
                assert!(
                    v["log_odds_low"].as_f64() <= v["log_odds_high"].as_f64(),
                    "{v}"
                );
            }
        }
        None => {
            assert!(report["values_note"].is_string(), "{report}");
            assert_eq!(status, StatusCode::BAD_REQUEST);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_comparison_plays_both_starts_alike_and_a_test_stops_when_it_decides() {
    let app = app(&database("lab-jobs")).await;
    let request = json!({"kind": "compare", "variant": "classic", "player": "greedy",
                         "games": 3, "max_turns": 20,
                         "b_position": "4k3/8/8/8/8/8/8/4K2R w K - 0 1"});
    let (status, created) = call(&app, "POST", "/api/studies", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["games"], 6, "each start's games");
    let report = finished(&app, created["id"].as_str().expect("an id")).await;
    let comparison = &report["comparison"];
    assert_eq!(comparison["a"]["games"], 3, "{report}");
    assert_eq!(comparison["b"]["games"], 3, "{report}");
    assert_eq!(
        comparison["a"]["lengths"]["max"], 20,
        "the standard start plays to the cap"
    );
    assert!(report["sprt"].is_null());

    // Greedy against random, as `lab sprt` plays it: decided (H1) after 20 of 60 games.
    let request = json!({"kind": "sprt", "variant": "classic", "player": "greedy",
                         "b_player": "random", "elo1": 100, "games": 60, "max_turns": 60});
    let (status, created) = call(&app, "POST", "/api/studies", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let report = finished(&app, created["id"].as_str().expect("an id")).await;
    let sprt = &report["sprt"];
    assert_eq!(sprt["verdict"], "H1", "{report}");
    let done = report["games_done"].as_u64().expect("a count");
    assert!((20..60).contains(&done), "{report}");
    assert!(report["batches_skipped"].as_u64() > Some(0), "{report}");
    assert_eq!(sprt["games"].as_u64(), Some(done));
    let count = |k: &str| sprt[k].as_u64().expect("a count");
    assert_eq!(count("wins") + count("draws") + count("losses"), done);
}

#[tokio::test]
async fn bad_studies_are_refused_with_one_line() {
    let app = app(&database("lab-bad")).await;
    let good = json!({"kind": "balance", "variant": "dice", "player": "greedy", "games": 6});
    let with = |key: &str, value: Value| {
        let mut request = good.clone();
        request[key] = value;
        request
    };
    for (request, says) in [
        (with("variant", json!("nonesuch")), "unknown variant"),
        (with("player", json!("wizard")), "wizard"),
        (with("player", json!("uci:/bin/sh")), "uci"),
        (with("player", json!("engine:depth=40")), "depth"),
        (with("player", json!("engine:nodes=1000000000")), "nodes"),
        (with("games", json!(0)), "games"),
        (with("games", json!(10_001)), "games"),
        (with("kind", json!("duel")), "kind"),
        (with("kind", json!("sprt")), "b_player"),
        (with("kind", json!("compare")), "two different starts"),
        (
            json!({"kind": "sprt", "variant": "dice", "player": "greedy", "games": 6,
                   "b_player": "random", "elo0": 10, "elo1": 0}),
            "elo0 < elo1",
        ),
        (
            json!({"kind": "sprt", "variant": "dice", "player": "greedy", "games": 6,
                   "b_player": "uci:/bin/sh"}),
            "b_player",
        ),
        (with("max_turns", json!(0)), "max_turns"),
        (with("position", json!("not a position")), ""),
        (
            json!({"kind": "values", "variant": "classic", "player": "greedy", "games": 2,
                   "max_turns": 100, "every": 9_223_372_036_854_775_808_u64}),
            "every: 1 to the turn cap (100)",
        ),
        (
            json!({"kind": "values", "variant": "classic", "player": "greedy", "games": 2,
                   "every": 0}),
            "every: 1 to the turn cap",
        ),
        (
            json!({"kind": "values", "variant": "multiverse", "player": "greedy", "games": 2}),
            "material",
        ),
    ] {
        let (status, body) = call(&app, "POST", "/api/studies", Some(request.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{request}: {body}");
        let error = body["error"].as_str().expect("an error");
        assert!(
            !error.contains('\n') && error.contains(says),
            "{request}: {error}"
        );
    }
    let (_, list) = call(&app, "GET", "/api/studies", None).await;
    assert_eq!(list, json!([]), "nothing stored");
}

/// A balance study of `games` games of Die Chess, greedy against itself, seed 9.
pub fn dice_greedy(games: u32) -> omnichess_lab::study::StudySpec {
    omnichess_lab::study::StudySpec {
        variant: "dice".to_owned(),
        player: "greedy".to_owned(),
        games,
        seed: 9,
        opening: 0,
        max_turns: 60,
        adjudication: omnichess_engine::adjudication::Adjudication::NONE,
        start: None,
        material_every: 0,
        versus: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_plays_a_study_stored_by_the_cli_when_woken() {
    let url = database("lab-woken");
    let app = crate::common::app_at(&url).await;
    let spec = dice_greedy(5);
    app.store
        .create_study("cli000000001", "balance", &spec, 2)
        .await
        .expect("stored");
    app.lab.wake(&app.store, "server-test");
    let router = omnichess_server::router(app.clone());
    let report = finished(&router, "cli000000001").await;
    assert_eq!(report["batches_done"], 3);
    let mut alone = spec.play(0, 5, 1, &mut |_| {}).expect("played here");
    alone.sort_by_key(|g| g.number);
    let stored = app.store.study_games("cli000000001").await.expect("games");
    assert_eq!(stored, alone, "the server's games are the CLI's");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_whose_lease_ran_out_is_played_again_with_no_new_study() {
    let url = database("lab-expired");
    let app = crate::common::app_at(&url).await;
    app.store
        .create_study("dead00000001", "balance", &dice_greedy(2), 2)
        .await
        .expect("stored");
    // A server claimed the batch for 300 ms and was killed.
    let claim = app
        .store
        .claim_batch("killed", 300, None)
        .await
        .expect("claims");
    assert!(claim.is_some());
    app.lab.keep_awake(
        &app.store,
        "server-test",
        std::time::Duration::from_millis(100),
    );
    let router = omnichess_server::router(app.clone());
    let report = finished(&router, "dead00000001").await;
    assert_eq!(report["batches_done"], 1);
    assert_eq!(report["games_done"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn studies_share_the_workers_a_long_one_never_starves_a_newer_one() {
    let store = crate::common::app_at(&database("lab-fair")).await.store;
    // A long study stored first (ids sort it first too), then a short one.
    store
        .create_study("aaaa00000001", "balance", &dice_greedy(20), 2)
        .await
        .expect("stored");
    store
        .create_study("zzzz00000001", "balance", &dice_greedy(4), 2)
        .await
        .expect("stored");
    let mut claims = Vec::new();
    for worker in ["w1", "w2", "w3", "w4"] {
        let claim = store
            .claim_batch(worker, 60_000, None)
            .await
            .expect("claims")
            .expect("a batch");
        claims.push((claim.study.id.clone(), claim.batch));
    }
    // One each in turn: the study with fewer batches held goes next.
    assert_eq!(
        claims,
        [
            ("aaaa00000001".to_owned(), 0),
            ("zzzz00000001".to_owned(), 0),
            ("aaaa00000001".to_owned(), 1),
            ("zzzz00000001".to_owned(), 1),
        ]
    );
}

/// Many workers of two servers on one SQLite file claim together: every claim succeeds (none
/// fails with "database is locked" because another committed between its read and its
/// write) and every batch is claimed once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn workers_of_two_servers_on_one_sqlite_file_claim_every_batch_once() {
    let url = database("lab-claims");
    let first = omnichess_server::Store::open(&url).await.expect("opens");
    let second = omnichess_server::Store::open(&url).await.expect("opens");
    first
        .create_study("cccc00000001", "balance", &dice_greedy(60), 1)
        .await
        .expect("stored");
    let mut workers = Vec::new();
    for worker in 0..12 {
        let store = if worker % 2 == 0 { &first } else { &second }.clone();
        workers.push(tokio::spawn(async move {
            let mut claimed = Vec::new();
            while let Some(claim) = store
                .claim_batch(&format!("w{worker}"), 60_000, None)
                .await
                .map_err(|e| e.to_string())?
            {
                claimed.push(claim.batch);
            }
            Ok::<_, String>(claimed)
        }));
    }
    let mut batches = Vec::new();
    for worker in workers {
        batches.extend(worker.await.expect("joins").expect("every claim succeeds"));
    }
    batches.sort_unstable();
    assert_eq!(batches, (0..60).collect::<Vec<_>>());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_studies_is_rate_limited_like_creating_games() {
    let app = crate::common::app_at(&database("lab-rate"))
        .await
        .with_rate_limit(Some(omnichess_server::rate_limit::RateLimit {
            burst: 1,
            every: Duration::from_secs(60),
        }));
    let routes = omnichess_server::router(app);
    let request = json!({"kind": "balance", "variant": "dice", "player": "greedy", "games": 1});
    let (status, body) = call(&routes, "POST", "/api/studies", Some(request.clone())).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = call(&routes, "POST", "/api/studies", Some(request)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let (status, _) = call(&routes, "GET", "/api/studies", None).await;
    assert_eq!(status, StatusCode::OK, "reading is not limited");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_renewed_keeps_the_batch_from_other_workers() {
    let app = crate::common::app_at(&database("lab-lease")).await;
    let spec = dice_greedy(2);
    let store = &app.store;
    store
        .create_study("lease0000001", "balance", &spec, 2)
        .await
        .expect("stored");
    // Claimed with a lease already run out: another worker could take it ...
    let claim = store
        .claim_batch("w1", -1, None)
        .await
        .expect("claimed")
        .expect("a batch");
    // ... but w1 renews it for a minute while it plays: nobody else can.
    assert!(
        store
            .renew_lease(&claim, "w1", 60_000)
            .await
            .expect("renewed")
    );
    assert!(
        store
            .claim_batch("w2", 60_000, None)
            .await
            .expect("read")
            .is_none(),
        "the renewed batch is w1's"
    );
    // Another worker cannot renew what it does not hold; a done batch is renewed by nobody.
    assert!(!store.renew_lease(&claim, "w2", 60_000).await.expect("read"));
    store.finish_batch(&claim).await.expect("done");
    assert!(!store.renew_lease(&claim, "w1", 60_000).await.expect("read"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_stops_or_deletes_a_study_and_nobody_else_can() {
    let app = crate::common::app_at(&database("lab-owner")).await;
    let routes = omnichess_server::router(app.clone());
    let request = json!({"kind": "balance", "variant": "dice", "player": "greedy", "games": 400});
    let (status, made) = call(&routes, "POST", "/api/studies", Some(request.clone())).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let id = made["id"].as_str().unwrap_or_default().to_owned();
    let token = made["owner_token"].as_str().unwrap_or_default().to_owned();
    assert!(!token.is_empty(), "{made}");
    // Only the creator's answer carries the token; the report anyone reads does not.
    let (_, shown) = call(&routes, "GET", &format!("/api/studies/{id}"), None).await;
    assert_eq!(shown.get("owner_token"), None, "{shown}");
    let stop = format!("/api/studies/{id}/stop");
    let wrong = json!({"token": "not-the-owner"});
    let (status, _) = call(&routes, "POST", &stop, Some(wrong.clone())).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, stopped) = call(&routes, "POST", &stop, Some(json!({"token": token}))).await;
    assert_eq!(status, StatusCode::OK, "{stopped}");
    assert_eq!(stopped["batches_open"], 0, "{stopped}");
    assert!(
        stopped["batches_skipped"].as_u64().unwrap_or(0) > 0,
        "{stopped}"
    );
    // Stopped, it finishes with the games played so far, far short of 400.
    let report = finished(&routes, &id).await;
    assert!(
        report["games_done"].as_u64().unwrap_or(400) < 400,
        "{report}"
    );
    let delete = format!("/api/studies/{id}/delete");
    let (status, _) = call(&routes, "POST", &delete, Some(wrong)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(&routes, "POST", &delete, Some(json!({"token": token}))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = call(&routes, "GET", &format!("/api/studies/{id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&routes, "POST", &stop, Some(json!({"token": token}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A study the CLI stored has no owner: nobody stops it over HTTP.
    app.store
        .create_study("cliowner0001", "balance", &dice_greedy(2), 2)
        .await
        .expect("stored");
    let (status, _) = call(
        &routes,
        "POST",
        "/api/studies/cliowner0001/stop",
        Some(json!({"token": ""})),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
