//! Every request bounded: an import or a rebuild that runs past the server's work limit is
//! answered (422 or 503) with the reason and frees its thread, while the other games go on at
//! their usual speed; each client's costly requests are rate-limited (429 with Retry-After).

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use omnichess_server::rate_limit::RateLimit;
use omnichess_server::{App, router};
use serde_json::json;

use crate::common::{app_at, call, create, database, decide, raw_with_headers};

/// A game of two random agents, 233 timelines at its end (crates/variants/tests/data/NOTICE.md):
/// checking it means deciding, at each of its turns, whether a legal turn exists among them.
const MANY_TIMELINES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../variants/tests/data/multiverse/random-233-timelines.5dpgn"
));

/// Plays the knights out and back in a new classic game: the time of each of its requests.
async fn knight_moves(app: &axum::Router) -> Vec<Duration> {
    let (id, white, black) = create(app, "classic").await;
    let mut times = Vec::new();
    for (i, mv) in ["Nf3", "Nf6", "Ng1", "Ng8"].iter().enumerate() {
        let token = if i % 2 == 0 { &white } else { &black };
        let start = Instant::now();
        let (status, body) = decide(app, &id, token, mv, None).await;
        times.push(start.elapsed());
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    times
}

/// Polls until no request works on a rebuilt game (at most `seconds`): the number left.
async fn idle(app: &App, seconds: u64) -> usize {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while app.busy() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    app.busy()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_too_costly_to_check_is_refused_while_other_games_go_on() {
    let app = app_at(&database("bounded-import"))
        .await
        .with_work_limit(Duration::from_millis(200));
    let routes = router(app.clone());
    let normal: Vec<Duration> = knight_moves(&routes).await;
    let normal_worst = normal.iter().max().copied().unwrap_or_default();

    let imports: Vec<_> = (0..4)
        .map(|_| {
            let routes = routes.clone();
            tokio::spawn(async move {
                let start = Instant::now();
                let request = json!({"variant": "multiverse", "record": MANY_TIMELINES});
                let (status, body) = call(&routes, "POST", "/api/games", Some(request)).await;
                (status, body, start.elapsed())
            })
        })
        .collect();
    let during = knight_moves(&routes).await;
    for import in imports {
        let (status, body, took) = import.await.expect("the import's task");
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let error = body["error"].as_str().unwrap_or_default();
        assert!(
            error.contains("too costly to check") && error.contains("0.1 s"),
            "{error}"
        );
        assert!(took < Duration::from_secs(5), "answered after {took:?}");
    }
    let worst = during.iter().max().copied().unwrap_or_default();
    assert!(
        worst < normal_worst * 10 + Duration::from_millis(500),
        "a move took {worst:?} beside the imports, {normal_worst:?} alone"
    );
    assert_eq!(
        idle(&app, 2).await,
        0,
        "every import's thread is free again"
    );
}

#[tokio::test]
async fn a_client_past_its_rate_limit_is_answered_429_with_retry_after() {
    let app = app_at(&database("bounded-rate"))
        .await
        .with_rate_limit(Some(RateLimit {
            burst: 2,
            every: Duration::from_secs(30),
        }));
    let routes = router(app);
    for _ in 0..2 {
        let (status, body) = call(
            &routes,
            "POST",
            "/api/games",
            Some(json!({"variant": "classic"})),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let body = json!({"variant": "classic"}).to_string();
    let (status, headers, text) = raw_with_headers(&routes, "POST", "/api/games", Some(body)).await;
    let retry = headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{text}");
    assert!(text.contains("try again in"), "{text}");
    // The next request is let through a little under 30 s after the second: 30 s, rounded up.
    assert_eq!(retry, Some(30), "Retry-After");
    let (status, _) = call(&routes, "GET", "/api/variants", None).await;
    assert_eq!(status, StatusCode::OK, "only costly requests are limited");
}
