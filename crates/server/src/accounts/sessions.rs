//! The session cookie: `omnichess_session` holds a random token (128 bits, hexadecimal); the
//! database holds only its BLAKE2b-256 hash with the account and an expiry, so every server on
//! the database knows the session and a copy of the table signs no one in.
//!
//! The cookie is `HttpOnly` (no script reads it), `SameSite=Lax` (another site's page cannot
//! send it with a POST), `Path=/`, and lives [`SESSION_DAYS`] days, as its row does.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use blake2::digest::consts::U32;
use blake2::{Blake2b, Digest};

use crate::accounts::store::Account;
use crate::error::ApiError;
use crate::service::App;

/// The cookie's name.
pub const COOKIE: &str = "omnichess_session";

/// How long a session lasts, in days.
pub const SESSION_DAYS: i64 = 30;

/// A session's life in milliseconds.
pub const SESSION_MS: i64 = SESSION_DAYS * 24 * 3_600_000;

/// The hash a session token is stored under: BLAKE2b-256, hexadecimal.
#[must_use]
pub fn token_hash(token: &str) -> String {
    let digest = Blake2b::<U32>::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The cookie that holds `token`.
#[must_use]
pub fn cookie(token: String) -> Cookie<'static> {
    Cookie::build((COOKIE, token))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .max_age(cookie::time::Duration::days(SESSION_DAYS))
        .build()
}

/// `jar` with the session cookie removed (signed out).
pub fn removed(jar: CookieJar) -> CookieJar {
    jar.remove(Cookie::build(COOKIE).path("/"))
}

/// The account signed in on the request, if any: read from the session cookie. A cookie
/// whose session is unknown or expired is no one.
#[derive(Clone, Debug, Default)]
pub struct Viewer(pub Option<Account>);

impl FromRequestParts<App> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Viewer, ApiError> {
        let jar = CookieJar::from_headers(&parts.headers);
        let Some(cookie) = jar.get(COOKIE) else {
            return Ok(Viewer(None));
        };
        Ok(Viewer(app.store.session_account(cookie.value()).await?))
    }
}
