//! Rated games: a seek without takebacks accepted between two accounts is rated, and its
//! result changes both players' Glicko-2 ratings once, in the transaction that stores it; a
//! casual game changes nothing.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{act, app_at, call_as, database, decide, sign_up};

/// A seek by `seeker` (first seat) accepted by `accepter`: the game's id and both tokens.
async fn seek_game(
    app: &axum::Router,
    seeker: &str,
    accepter: &str,
    body: Value,
) -> (String, String, String) {
    let (status, _, made) = call_as(app, Some(seeker), "POST", "/api/seeks", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let id = made["id"].as_str().unwrap_or_default().to_owned();
    let token = made["token"].as_str().unwrap_or_default().to_owned();
    let accept = format!("/api/seeks/{id}/accept");
    let (status, _, accepted) = call_as(app, Some(accepter), "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let poll = format!("/api/seeks/{id}/poll");
    let (_, _, status) = call_as(app, None, "POST", &poll, Some(json!({ "token": token }))).await;
    let s = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    (
        s(&accepted["game"]),
        s(&status["game_token"]),
        s(&accepted["game_token"]),
    )
}

#[tokio::test]
async fn a_seeker_cannot_accept_its_own_seek() {
    let app = omnichess_server::router(app_at(&database("ratings-own-seek")).await);
    let ann = sign_up(&app, "ann").await;
    let bob = sign_up(&app, "bob").await;
    let body = json!({"variant": "classic", "casual": false});
    let (status, _, made) = call_as(&app, Some(&ann), "POST", "/api/seeks", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let accept = format!(
        "/api/seeks/{}/accept",
        made["id"].as_str().unwrap_or_default()
    );
    // The same account (another tab, another browser) is refused.
    let (status, _, refused) = call_as(&app, Some(&ann), "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap_or_default()
            .contains("your own seek")
    );
    // Signed out, with the seek's own token: refused too.
    let own = json!({ "token": made["token"] });
    let (status, _, refused) = call_as(&app, None, "POST", &accept, Some(own)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    // The seek is still open, and another player accepts it.
    let (status, _, accepted) = call_as(&app, Some(&bob), "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
}

#[tokio::test]
async fn a_rated_result_changes_both_ratings_once_and_a_casual_one_none() {
    let url = database("ratings-once");
    let app_state = app_at(&url).await;
    let store = app_state.store.clone();
    let app = omnichess_server::router(app_state);
    let ann = sign_up(&app, "ann").await;
    let bob = sign_up(&app, "bob").await;
    let clock = json!({"base_ms": 300_000, "increment_ms": 0});
    let body = json!({"variant": "classic", "seat": 0, "casual": false, "clock": clock});
    let (id, ann_token, _) = seek_game(&app, &ann, &bob, body).await;
    let (status, game) = act(&app, &id, &ann_token, "resign").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let (status, _) = act(&app, &id, &ann_token, "resign").await;
    assert_eq!(status, StatusCode::CONFLICT, "the game is over");

    let (ann_rating, ann_games) = store
        .rating_of("ann", "classic", "blitz")
        .await
        .expect("read")
        .expect("ann is rated in classic blitz");
    let (bob_rating, bob_games) = store
        .rating_of("bob", "classic", "blitz")
        .await
        .expect("read")
        .expect("bob is rated");
    assert_eq!(
        (ann_games, bob_games),
        (1, 1),
        "one rated game each, counted once"
    );
    // Two new players, one game: the winner gains what the loser loses (about 162).
    assert!((bob_rating.rating - 1662.31).abs() < 0.01, "{bob_rating:?}");
    assert!((ann_rating.rating - 1337.69).abs() < 0.01, "{ann_rating:?}");
    assert!(ann_rating.provisional());

    // A casual game between the same accounts, in another speed: no rating.
    let body = json!({"variant": "classic", "seat": 0, "casual": true});
    let (id, ann_token, _) = seek_game(&app, &ann, &bob, body).await;
    let (status, _) = act(&app, &id, &ann_token, "resign").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        store
            .rating_of("ann", "classic", "untimed")
            .await
            .expect("read")
            .is_none()
    );
    // A game without takebacks against a visitor without an account: not rated either.
    let body = json!({"variant": "classic", "seat": 0, "casual": false, "clock": clock});
    let (status, _, made) = call_as(&app, Some(&ann), "POST", "/api/seeks", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED);
    let accept = format!(
        "/api/seeks/{}/accept",
        made["id"].as_str().unwrap_or_default()
    );
    let (status, _, accepted) = call_as(&app, None, "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CREATED);
    let game = accepted["game"].as_str().unwrap_or_default();
    let token = accepted["game_token"].as_str().unwrap_or_default();
    let (status, _) = act(&app, game, token, "resign").await;
    assert_eq!(status, StatusCode::OK);
    let (_, games) = store
        .rating_of("ann", "classic", "blitz")
        .await
        .expect("read")
        .expect("rated");
    assert_eq!(games, 1, "the game against a visitor was not rated");
}

/// A rated game ended by the rules (a checkmate, decided from the state the move was played
/// on, not a rebuilt game) is rated as one ended by resignation.
#[tokio::test]
async fn a_rated_game_ended_by_checkmate_changes_both_ratings() {
    let url = database("ratings-mate");
    let app_state = app_at(&url).await;
    let store = app_state.store.clone();
    let app = omnichess_server::router(app_state);
    let ann = sign_up(&app, "ann").await;
    let bob = sign_up(&app, "bob").await;
    let clock = json!({"base_ms": 300_000, "increment_ms": 0});
    let body = json!({"variant": "classic", "seat": 0, "casual": false, "clock": clock});
    let (id, ann_token, bob_token) = seek_game(&app, &ann, &bob, body).await;
    for (token, text) in [
        (&ann_token, "f2f3"),
        (&bob_token, "e7e5"),
        (&ann_token, "g2g4"),
    ] {
        let (status, game) = decide(&app, &id, token, text, None).await;
        assert_eq!(status, StatusCode::OK, "{text}: {game}");
        assert!(
            store
                .rating_of("bob", "classic", "blitz")
                .await
                .expect("read")
                .is_none(),
            "not rated while the game runs"
        );
    }
    let (status, game) = decide(&app, &id, &bob_token, "d8h4", None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["outcome"]["result"], "0-1", "{game}");
    let rating = |name: &'static str| {
        let store = store.clone();
        async move {
            store
                .rating_of(name, "classic", "blitz")
                .await
                .expect("read")
                .expect("rated")
        }
    };
    let ((bob_rating, bob_games), (ann_rating, ann_games)) =
        (rating("bob").await, rating("ann").await);
    assert_eq!((ann_games, bob_games), (1, 1));
    assert!((bob_rating.rating - 1662.31).abs() < 0.01, "{bob_rating:?}");
    assert!((ann_rating.rating - 1337.69).abs() < 0.01, "{ann_rating:?}");
}

#[tokio::test]
async fn a_profile_shows_ratings_the_graph_and_games_and_the_leaderboard_ranks_established_ones() {
    let app = omnichess_server::router(app_at(&database("ratings-profile")).await);
    let ann = sign_up(&app, "Ann").await;
    let bob = sign_up(&app, "bob").await;
    let clock = json!({"base_ms": 300_000, "increment_ms": 0});
    // Twenty rated blitz games, won in turn (Ann resigns the first), then one casual game.
    for n in 0..20 {
        let body = json!({"variant": "classic", "seat": 0, "casual": false, "clock": clock});
        let (id, ann_token, bob_token) = seek_game(&app, &ann, &bob, body).await;
        let loser = if n % 2 == 0 { ann_token } else { bob_token };
        assert_eq!(act(&app, &id, &loser, "resign").await.0, StatusCode::OK);
    }
    // (A moment later, so that it is the newest by its creation time.)
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let body = json!({"variant": "dice", "seat": 1, "casual": true});
    let (casual, _, _) = seek_game(&app, &ann, &bob, body).await;
    let (status, _, profile) = call_as(&app, None, "GET", "/api/players/ann", None).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(
        profile["name"], "Ann",
        "the name as typed, found in any case"
    );
    let ratings = profile["ratings"].as_array().cloned().unwrap_or_default();
    assert_eq!(ratings.len(), 1, "{profile}");
    assert_eq!(
        (&ratings[0]["variant"], &ratings[0]["speed"]),
        (&json!("classic"), &json!("blitz"))
    );
    assert_eq!(ratings[0]["games"], 20);
    assert_eq!(ratings[0]["provisional"], false, "{ratings:?}");
    let history = profile["history"].as_array().cloned().unwrap_or_default();
    assert_eq!(history.len(), 20, "one point a rated game");
    let rating = |n: usize| history[n]["rating"].as_i64().unwrap_or_default();
    assert_eq!(rating(0), 1338, "oldest first: after the first loss");
    assert!(rating(1) > rating(0), "then a win raises it");
    let games = profile["games"].as_array().cloned().unwrap_or_default();
    assert_eq!(games.len(), 21);
    // Newest first: the casual game, running, Ann in the second seat.
    assert_eq!(games[0]["id"], json!(casual));
    assert_eq!(
        (&games[0]["seat"], &games[0]["outcome"], &games[0]["rated"]),
        (&json!(1), &Value::Null, &json!(false))
    );
    let rated = &games[1..];
    assert!(
        rated
            .iter()
            .all(|g| g["opponent"] == "bob" && g["rated"] == true)
    );
    let count = |result: &str, outcome: &str| {
        rated
            .iter()
            .filter(|g| g["result"] == result && g["outcome"] == outcome)
            .count()
    };
    assert_eq!(
        (count("1-0", "win"), count("0-1", "loss")),
        (10, 10),
        "{rated:?}"
    );
    // The lobby's "Your games" names the opponent and says how a game ended.
    let won = rated.iter().find(|g| g["outcome"] == "win").expect("a win");
    let last = won["id"].as_str().unwrap_or_default();
    let asked = json!({"games": [{"id": last, "seat": 0}, {"id": casual, "seat": 1}]});
    let (status, _, turns) = call_as(&app, None, "POST", "/api/games/turns", Some(asked)).await;
    assert_eq!(status, StatusCode::OK, "{turns}");
    assert_eq!(turns[0]["opponent"], "bob", "{turns}");
    assert_eq!(
        turns[0]["result"], "1-0 white wins by resignation",
        "{turns}"
    );
    assert_eq!(
        (&turns[1]["opponent"], &turns[1]["result"]),
        (&json!("bob"), &Value::Null)
    );
    let (status, _, _) = call_as(&app, None, "GET", "/api/players/nobody", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // After twenty games both ratings are established: both ranked, the better first.
    let (status, _, board) = call_as(&app, None, "GET", "/api/leaderboard/classic", None).await;
    assert_eq!(status, StatusCode::OK, "{board}");
    let names: Vec<&str> = board
        .as_array()
        .map(|rows| rows.iter().filter_map(|r| r["name"].as_str()).collect())
        .unwrap_or_default();
    // Ann won the last game, so she leads: 1511 against 1489.
    assert_eq!(names, ["Ann", "bob"], "{board}");
    assert_eq!(
        (&board[0]["rank"], &board[1]["rank"]),
        (&json!(1), &json!(2))
    );
    assert_eq!(
        (&board[0]["rating"], &board[0]["speed"]),
        (&json!(1511), &json!("blitz"))
    );
    let (_, _, empty) = call_as(&app, None, "GET", "/api/leaderboard/dice", None).await;
    assert_eq!(empty, json!([]), "no rated Die Chess games");
    let (status, _, _) = call_as(&app, None, "GET", "/api/leaderboard/nope", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_seek_with_a_rating_range_is_accepted_only_within_it() {
    let app = omnichess_server::router(app_at(&database("ratings-range")).await);
    let ann = sign_up(&app, "ann").await;
    let bob = sign_up(&app, "bob").await;
    let clock = json!({"base_ms": 300_000, "increment_ms": 0});
    let seek = |range: Value| json!({"variant": "classic", "clock": clock, "rating_range": range});
    let (status, _, made) = call_as(
        &app,
        Some(&ann),
        "POST",
        "/api/seeks",
        Some(seek(json!([1600, 2000]))),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["seek"]["rating_range"], json!([1600, 2000]));
    let accept = format!(
        "/api/seeks/{}/accept",
        made["id"].as_str().unwrap_or_default()
    );
    // Bob has no classic blitz rating yet: 1500, outside; signed out, nobody's rating.
    let (status, _, refused) = call_as(&app, Some(&bob), "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap_or_default()
            .contains("is 1500"),
        "{refused}"
    );
    let (status, _, _) = call_as(&app, None, "POST", &accept, None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Within the range: accepted.
    let (_, _, made) = call_as(
        &app,
        Some(&ann),
        "POST",
        "/api/seeks",
        Some(seek(json!([1400, 1600]))),
    )
    .await;
    let accept = format!(
        "/api/seeks/{}/accept",
        made["id"].as_str().unwrap_or_default()
    );
    let (status, _, accepted) = call_as(&app, Some(&bob), "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    // A range upside down or out of bounds is refused in one line.
    for range in [json!([1800, 1600]), json!([-1, 100]), json!([0, 5000])] {
        let (status, _, refused) =
            call_as(&app, Some(&ann), "POST", "/api/seeks", Some(seek(range))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    }
}
