//! The browser page's files (`web/`), embedded in the binary so that the
//! server runs from any directory: `/` is `web/index.html`, every other path
//! the file of that name, with its content type.

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "web/"]
struct Web;

/// Shown at `/` when the build has no `web/index.html`.
const NO_PAGE: &str = "<!doctype html><meta charset=utf-8><title>Myriad</title>\
<p>This build of Myriad has no page (<code>web/index.html</code>); the API is at \
<a href=\"/api/variants\">/api/variants</a> (see docs/api.md).";

/// Answer a request for a page file.
pub async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    match Web::get(&path) {
        Some(file) => {
            let mime = file.metadata.mimetype().to_string();
            let cache = if path.ends_with(".html") {
                "no-cache"
            } else {
                "public, max-age=60"
            };
            (
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, cache.to_string()),
                ],
                file.data.into_owned(),
            )
                .into_response()
        }
        None if path == "index.html" => (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            NO_PAGE,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("no such file: /{path}\n"),
        )
            .into_response(),
    }
}
