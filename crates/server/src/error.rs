//! What a request can do wrong, as an HTTP status and a one-line JSON error.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::protocol::Reply;
use crate::protocol::http::ErrorBody;

/// A request that cannot be carried out.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// No game has this id.
    #[error("no game `{0}`")]
    UnknownGame(String),
    /// No seek has this id (never made, cancelled, or gone with its seeker).
    #[error("no seek `{0}`: it was cancelled, or its seeker left")]
    UnknownSeek(String),
    /// The server holds as much of something as it may (open seeks).
    #[error("{0}")]
    Full(String),
    /// The client holds as much of something as one client may (open seeks): 429.
    #[error("{0}")]
    TooMany(String),
    /// No study has this id.
    #[error("no study `{0}`")]
    UnknownStudy(String),
    /// No account has this name.
    #[error("no player `{0}`")]
    UnknownPlayer(String),
    /// A study has no figure of this name.
    #[error("{0}")]
    UnknownFigure(String),
    /// No variant has this name.
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    /// The request's content is wrong (a bad position text, say).
    #[error("{0}")]
    BadRequest(String),
    /// The body was refused before it was read (too large: 413, not JSON: 400, …).
    #[error("{1}")]
    Rejected(StatusCode, String),
    /// Signing in failed: an unknown name or a wrong password; or the request needs an
    /// account and none is signed in.
    #[error("{0}")]
    Unauthorized(String),
    /// The token is not the seat of the player to act.
    #[error("{0}")]
    Forbidden(String),
    /// The game has moved on (another move was applied first) or is over.
    #[error("{0}")]
    Conflict(String),
    /// The move is not legal here.
    #[error("{0}")]
    Illegal(String),
    /// The engine's queue is full.
    #[error("the engine is busy: try again in a moment")]
    Busy,
    /// Rebuilding or judging the game ran past the server's limit on one request's work.
    #[error("the position is too costly to judge: {0} (the server's --work-limit)")]
    OverLimit(String),
    /// An imported record could not be checked within its part of the work limit.
    #[error("the record is too costly to check: {0} (half the server's --work-limit)")]
    Unverifiable(String),
    /// The engine failed.
    #[error("engine: {0}")]
    Engine(String),
    /// The store failed.
    #[error("storage: {0}")]
    Storage(#[from] sqlx::Error),
    /// The SQLite database's file was removed while the server ran: a write would go to a
    /// file no one can open again.
    #[error(
        "storage: the database file {0} is gone, so nothing can be stored; restart the server \
         on a database"
    )]
    StoreGone(String),
}

impl ApiError {
    /// The HTTP status of this error.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::UnknownGame(_)
            | ApiError::UnknownSeek(_)
            | ApiError::UnknownStudy(_)
            | ApiError::UnknownPlayer(_)
            | ApiError::UnknownFigure(_) => StatusCode::NOT_FOUND,
            ApiError::UnknownVariant(_) | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Rejected(status, _) => *status,
            ApiError::Busy | ApiError::OverLimit(_) | ApiError::Full(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::Unverifiable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Storage(_) | ApiError::StoreGone(_) | ApiError::Engine(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.to_string(),
        };
        (self.status(), Reply(body)).into_response()
    }
}
