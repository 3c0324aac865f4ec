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
    /// No variant has this name.
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    /// The request's content is wrong (a bad position text, say).
    #[error("{0}")]
    BadRequest(String),
    /// The body was refused before it was read (too large: 413, not JSON: 400, …).
    #[error("{1}")]
    Rejected(StatusCode, String),
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
    /// The engine failed.
    #[error("engine: {0}")]
    Engine(String),
    /// The store failed.
    #[error("storage: {0}")]
    Storage(#[from] sqlx::Error),
}

impl ApiError {
    /// The HTTP status of this error.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::UnknownGame(_) => StatusCode::NOT_FOUND,
            ApiError::UnknownVariant(_) | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Rejected(status, _) => *status,
            ApiError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Storage(_) | ApiError::Engine(_) => StatusCode::INTERNAL_SERVER_ERROR,
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
