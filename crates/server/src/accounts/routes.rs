//! The account routes (docs/PROTOCOL.md, "Accounts"): sign up, sign in, sign out, and who is
//! signed in. Signing up and in are rate-limited per client ([`crate::rate_limit`]); the
//! password's hash is made and checked off the async threads (Argon2 takes tens of
//! milliseconds by design).

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum_extra::extract::cookie::CookieJar;

use crate::accounts::credentials::{self, check_name, check_password};
use crate::accounts::sessions::{COOKIE, Viewer, cookie, removed};
use crate::accounts::store::Account;
use crate::error::ApiError;
use crate::game::routes::{body, token};
use crate::protocol::Reply;
use crate::protocol::accounts::{AccountInfo, Credentials, SessionInfo};
use crate::service::App;

/// Who is signed in, as answered.
fn info(account: Option<&Account>) -> SessionInfo {
    SessionInfo {
        account: account.map(|a| AccountInfo {
            name: a.name.clone(),
            created_ms: a.created_ms,
        }),
    }
}

/// Runs a password hash or check off the async threads.
async fn hashing<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::Engine(e.to_string()))?
}

/// A new session of `account`: its cookie in `jar`.
async fn start_session(
    app: &App,
    jar: CookieJar,
    account: &Account,
) -> Result<CookieJar, ApiError> {
    let token = token();
    app.store.create_session(account, &token).await?;
    Ok(jar.add(cookie(token)))
}

/// `POST /api/account/signup`: a new account, signed in (201). 400 for a name or password
/// outside the rules, 409 for a name taken.
pub async fn sign_up(
    State(app): State<App>,
    jar: CookieJar,
    request: Result<Json<Credentials>, JsonRejection>,
) -> Result<(StatusCode, CookieJar, Reply<SessionInfo>), ApiError> {
    let request = body(request)?;
    let name = check_name(request.name.trim())?.to_owned();
    check_password(&request.password)?;
    let password = request.password;
    let hash = hashing(move || credentials::hash(&password)).await?;
    let account = app.store.create_account(&name, &hash).await?;
    let jar = start_session(&app, jar, &account).await?;
    Ok((StatusCode::CREATED, jar, Reply(info(Some(&account)))))
}

/// A hash no password matches, checked when the name is unknown so that an unknown name
/// takes as long to refuse as a wrong password.
const NO_ACCOUNT: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$\
    jBrXGk/lnGKbSr3sSnN8dN3NJNdz3fxsrDZJxzQ+dkE";

/// `POST /api/account/signin`: signed in. 401 for an unknown name or a wrong password (the
/// answer does not say which).
pub async fn sign_in(
    State(app): State<App>,
    jar: CookieJar,
    request: Result<Json<Credentials>, JsonRejection>,
) -> Result<(CookieJar, Reply<SessionInfo>), ApiError> {
    let request = body(request)?;
    let name = request.name.trim();
    let found = if check_name(name).is_ok() {
        app.store.account_by_name(name).await?
    } else {
        None
    };
    let (account, hash) = match found {
        Some((account, hash)) => (Some(account), hash),
        None => (None, NO_ACCOUNT.to_owned()),
    };
    let password = request.password;
    let matches = hashing(move || Ok(credentials::verify(&password, &hash))).await?;
    let Some(account) = account.filter(|_| matches) else {
        return Err(ApiError::Unauthorized("wrong name or password".to_owned()));
    };
    let jar = start_session(&app, jar, &account).await?;
    Ok((jar, Reply(info(Some(&account)))))
}

/// `POST /api/account/signout`: the session ended and its cookie removed.
pub async fn sign_out(
    State(app): State<App>,
    jar: CookieJar,
) -> Result<(CookieJar, Reply<SessionInfo>), ApiError> {
    if let Some(cookie) = jar.get(COOKIE) {
        app.store.delete_session(cookie.value()).await?;
    }
    Ok((removed(jar), Reply(info(None))))
}

/// `GET /api/account`: who is signed in (`account: null` for no one).
pub async fn show(Viewer(account): Viewer) -> Reply<SessionInfo> {
    Reply(info(account.as_ref()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_stand_in_hash_is_a_hash_that_is_checked() {
        // A text that is no PHC hash would be refused at once, and time would tell.
        assert!(argon2::password_hash::PasswordHash::new(super::NO_ACCOUNT).is_ok());
        assert!(!crate::accounts::credentials::verify("", super::NO_ACCOUNT));
    }
}
