//! The browser UI: the files of `crates/server/assets/`, built into the binary. The page is one
//! HTML file for every UI route (`/`, `/game/{id}`, `/analysis`); it reads the path.
//!
//! While the UI is being worked on, `OMNICHESS_ASSETS=DIR` serves the files from `DIR` on
//! disk instead, so that a reload shows an edit without a rebuild.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// The UI's files.
#[derive(RustEmbed)]
#[folder = "assets/"]
struct Assets;

/// The bytes and content type of asset `path`.
fn asset(path: &str) -> Option<(Vec<u8>, String)> {
    if path.split('/').any(|part| part == ".." || part.is_empty()) {
        return None;
    }
    let mime = || Assets::get(path).map(|f| f.metadata.mimetype().to_owned());
    if let Some(dir) = std::env::var_os("OMNICHESS_ASSETS") {
        let bytes = std::fs::read(std::path::Path::new(&dir).join(path)).ok()?;
        let kind = mime().unwrap_or_else(|| guess(path).to_owned());
        return Some((bytes, kind));
    }
    Assets::get(path).map(|f| (f.data.into_owned(), f.metadata.mimetype().to_owned()))
}

/// The content type by extension, for files not (yet) embedded.
fn guess(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("js") => "text/javascript",
        Some("css") => "text/css",
        Some("html") => "text/html",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

fn respond(path: &str) -> Response {
    match asset(path) {
        Some((bytes, kind)) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache".to_owned()),
            ],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// The page of every UI route.
pub async fn page() -> Response {
    respond("index.html")
}

/// `GET /assets/{*path}`.
pub async fn file(axum::extract::Path(path): axum::extract::Path<String>) -> Response {
    respond(&path)
}
