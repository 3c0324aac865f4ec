//! Rated games: a seek without takebacks accepted between two accounts is rated, and its
//! result changes both players' Glicko-2 ratings once, in the transaction that stores it; a
//! casual game changes nothing.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{act, app_at, call_as, database, sign_up};

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
