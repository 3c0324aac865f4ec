//! Per-client limits on the requests that start costly work: creating a game (an import is
//! checked, an engine game wakes the engine), making or accepting a seek (which creates a
//! game) and opening an analysis socket; and, under a limit of their own, signing up and
//! signing in (against guessing passwords). A client past
//! its limit is answered 429 with `Retry-After` and the JSON error body of every refusal.
//!
//! A client is its peer address (the connection's `ConnectInfo`); requests that carry none
//! (in-process tests) share one key. Behind a reverse proxy every client has the proxy's
//! address: give the proxy its own limits there.

use std::net::{IpAddr, SocketAddr};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use axum::response::IntoResponse;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::{GovernorError, GovernorLayer};

use crate::protocol::Reply;
use crate::protocol::http::ErrorBody;

/// How many costly requests a client may make: `burst` at once, then one every `every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests a client may make at once.
    pub burst: u32,
    /// Then one more each this often.
    pub every: std::time::Duration,
}

impl RateLimit {
    /// `per_minute` requests a minute, all of them at once if the client has been quiet.
    #[must_use]
    pub fn per_minute(per_minute: u32) -> RateLimit {
        let per_minute = per_minute.max(1);
        RateLimit {
            burst: per_minute,
            every: std::time::Duration::from_secs(60) / per_minute,
        }
    }
}

/// The default: 30 costly requests a minute per client.
pub const DEFAULT_PER_MINUTE: u32 = 30;

/// The default limit on signing up and in: 10 attempts a minute per client.
pub const SIGN_IN_PER_MINUTE: u32 = 10;

/// The key a client is counted under: its peer address, or none.
#[derive(Clone, Copy, Debug)]
pub struct ClientKey;

impl KeyExtractor for ClientKey {
    type Key = Option<IpAddr>;

    fn extract<T>(&self, request: &Request<T>) -> Result<Self::Key, GovernorError> {
        Ok(request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|info| info.ip()))
    }
}

/// `routes` with `limit` on each client, or unchanged when `limit` is `None`; a refusal says
/// there were too many `what`.
pub fn limited<S: Clone + Send + Sync + 'static>(
    routes: Router<S>,
    limit: Option<RateLimit>,
    what: &'static str,
) -> Router<S> {
    let Some(limit) = limit else {
        return routes;
    };
    let config = GovernorConfigBuilder::default()
        .period(limit.every.max(std::time::Duration::from_millis(1)))
        .burst_size(limit.burst.max(1))
        .key_extractor(ClientKey)
        .finish();
    match config {
        Some(config) => {
            // Forget, every minute or so, the clients whose limit is full again (they count
            // as new): the table holds only recent clients. Ends with the routes' limiter.
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                let limiter = std::sync::Arc::downgrade(config.limiter());
                let every = limit.every.max(PRUNE_EVERY);
                runtime.spawn(async move {
                    loop {
                        tokio::time::sleep(every).await;
                        let Some(limiter) = limiter.upgrade() else {
                            return;
                        };
                        limiter.retain_recent();
                        limiter.shrink_to_fit();
                    }
                });
            }
            routes.layer(GovernorLayer::new(config).error_handler(move |e| refusal(e, what)))
        }
        None => routes,
    }
}

/// The least time between two prunings of the clients' counts.
const PRUNE_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// The answer to a refused request: 429 with `Retry-After`, the body every refusal has.
fn refusal(error: GovernorError, what: &str) -> Response<Body> {
    match error {
        GovernorError::TooManyRequests { wait_time, .. } => {
            // The governor's wait is in whole seconds, rounded down: one more is the first
            // whole second at which a retry is let through.
            let wait = wait_time.saturating_add(1);
            let body = ErrorBody {
                error: format!("too many {what} from you: try again in {wait} s"),
            };
            let mut response = (StatusCode::TOO_MANY_REQUESTS, Reply(body)).into_response();
            if let Ok(value) = HeaderValue::from_str(&wait.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            response
        }
        other => {
            let body = ErrorBody {
                error: format!("rate limit: {other}"),
            };
            (StatusCode::INTERNAL_SERVER_ERROR, Reply(body)).into_response()
        }
    }
}
