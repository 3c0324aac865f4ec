//! Accounts over HTTP: signing up, in and out with a session cookie; the rules for names and
//! passwords, a name taken, a wrong password; sessions stored in the database (another server
//! on it knows them); signing in rate-limited.

use axum::http::StatusCode;
use omnichess_server::rate_limit::RateLimit;
use omnichess_server::router;
use serde_json::json;

use crate::common::{app, app_at, call_as, database, sign_up};

#[tokio::test]
async fn sign_up_sign_out_and_sign_in_again_with_a_session_cookie() {
    let app = app(&database("accounts-cycle")).await;
    let (status, none, me) = call_as(&app, None, "GET", "/api/account", None).await;
    assert_eq!((status, none), (StatusCode::OK, None));
    assert_eq!(me, json!({"account": null}));

    let cookie = sign_up(&app, "Ann_Lee").await;
    let (_, _, me) = call_as(&app, Some(&cookie), "GET", "/api/account", None).await;
    assert_eq!(me["account"]["name"], "Ann_Lee", "{me}");

    let (status, removed, me) =
        call_as(&app, Some(&cookie), "POST", "/api/account/signout", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        removed.as_deref(),
        Some("omnichess_session="),
        "the cookie is removed"
    );
    assert_eq!(me, json!({"account": null}));
    let (_, _, me) = call_as(&app, Some(&cookie), "GET", "/api/account", None).await;
    assert_eq!(
        me,
        json!({"account": null}),
        "the old cookie signs no one in"
    );

    // The name in another case, the right password.
    let body = json!({"name": "ann_lee", "password": "password-of-Ann_Lee"});
    let (status, cookie, me) = call_as(&app, None, "POST", "/api/account/signin", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["account"]["name"], "Ann_Lee");
    let (_, _, me) = call_as(&app, cookie.as_deref(), "GET", "/api/account", None).await;
    assert_eq!(me["account"]["name"], "Ann_Lee");
}

#[tokio::test]
async fn names_taken_bad_passwords_and_limits_are_refused_in_words() {
    let app = app(&database("accounts-refusals")).await;
    sign_up(&app, "bob").await;
    let attempt = |path: &'static str, name: &'static str, password: String| {
        let app = app.clone();
        async move {
            let body = json!({"name": name, "password": password});
            let (status, cookie, answer) = call_as(&app, None, "POST", path, Some(body)).await;
            assert!(cookie.is_none(), "no session for a refusal");
            (
                status,
                answer["error"].as_str().unwrap_or_default().to_owned(),
            )
        }
    };
    let signup = "/api/account/signup";
    let (status, error) = attempt(signup, "BOB", "another-password".to_owned()).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error, "the name `BOB` is taken: choose another");
    let (status, error) = attempt(signup, "b", "long enough".to_owned()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error, "a name has 2 to 20 characters, not 1");
    let (status, error) = attempt(signup, "bo b", "long enough".to_owned()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error, "a name has only letters, digits, `_` and `-`");
    let (status, error) = attempt(signup, "carol", "short".to_owned()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error, "a password has 8 to 128 characters, not 5");
    let (status, error) = attempt(signup, "carol", "x".repeat(129)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error, "a password has 8 to 128 characters, not 129");

    let signin = "/api/account/signin";
    let (status, error) = attempt(signin, "bob", "password-of-bo".to_owned()).await;
    assert_eq!(
        (status, error.as_str()),
        (StatusCode::UNAUTHORIZED, "wrong name or password")
    );
    let (status, error) = attempt(signin, "nobody", "password-of-bob".to_owned()).await;
    assert_eq!(
        (status, error.as_str()),
        (StatusCode::UNAUTHORIZED, "wrong name or password"),
        "an unknown name is refused as a wrong password is"
    );
    let (status, _, answer) = call_as(&app, None, "POST", signin, Some(json!({"name": 3}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
}

#[tokio::test]
async fn a_session_made_on_one_server_is_known_to_another_on_the_database() {
    let url = database("accounts-shared");
    let first = app(&url).await;
    let second = app(&url).await;
    let cookie = sign_up(&first, "dana").await;
    let (_, _, me) = call_as(&second, Some(&cookie), "GET", "/api/account", None).await;
    assert_eq!(me["account"]["name"], "dana", "{me}");
    call_as(&second, Some(&cookie), "POST", "/api/account/signout", None).await;
    let (_, _, me) = call_as(&first, Some(&cookie), "GET", "/api/account", None).await;
    assert_eq!(me, json!({"account": null}));
}

#[tokio::test]
async fn signing_in_is_rate_limited_per_client() {
    let url = database("accounts-limit");
    let limit = RateLimit {
        burst: 3,
        every: std::time::Duration::from_secs(60),
    };
    let app = router(app_at(&url).await.with_sign_in_limit(Some(limit)));
    let body = json!({"name": "eve", "password": "guess-guess"});
    for _ in 0..3 {
        let (status, _, _) = call_as(
            &app,
            None,
            "POST",
            "/api/account/signin",
            Some(body.clone()),
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let (status, _, answer) = call_as(&app, None, "POST", "/api/account/signin", Some(body)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    let error = answer["error"].as_str().unwrap_or_default();
    assert!(
        error.starts_with("too many attempts to sign up or in from you: try again in"),
        "{error}"
    );
    // Other routes are not limited by it.
    let (status, _, _) = call_as(&app, None, "GET", "/api/account", None).await;
    assert_eq!(status, StatusCode::OK);
}

/// The game's record as text.
async fn record(app: &axum::Router, id: &str) -> String {
    let (status, text) =
        crate::common::raw(app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    text
}

#[tokio::test]
async fn seats_taken_signed_in_carry_the_accounts_names_into_the_record() {
    let app = app(&database("accounts-seats")).await;
    let ann = sign_up(&app, "Ann").await;
    let bob = sign_up(&app, "Bob").await;
    // A seek by Ann for the second seat, accepted by Bob.
    let seek = json!({"variant": "classic", "seat": 1});
    let (status, _, made) = call_as(&app, Some(&ann), "POST", "/api/seeks", Some(seek)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let accept = format!(
        "/api/seeks/{}/accept",
        made["id"].as_str().unwrap_or_default()
    );
    let (status, _, accepted) = call_as(&app, Some(&bob), "POST", &accept, None).await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let id = accepted["game"].as_str().unwrap_or_default().to_owned();
    let text = record(&app, &id).await;
    assert!(
        text.contains("[White \"Bob\"]\n") && text.contains("[Black \"Ann\"]\n"),
        "{text}"
    );

    // Against the engine, signed in: the player's seat is the account's.
    let game = json!({"variant": "classic", "engine": {"seat": 0, "level": 1}});
    let (status, _, created) = call_as(&app, Some(&ann), "POST", "/api/games", Some(game)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let text = record(&app, created["id"].as_str().unwrap_or_default()).await;
    assert!(
        text.contains("[White \"Engine level 1\"]\n") && text.contains("[Black \"Ann\"]\n"),
        "{text}"
    );

    // Without an account, as before.
    let (status, _, created) = call_as(
        &app,
        None,
        "POST",
        "/api/games",
        Some(json!({"variant": "classic"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let text = record(&app, created["id"].as_str().unwrap_or_default()).await;
    assert!(
        text.contains("[White \"Anonymous\"]\n[Black \"Anonymous\"]\n"),
        "{text}"
    );
}
