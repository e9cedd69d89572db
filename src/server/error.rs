//! API errors as `{"error": "..."}` with a 4xx status, and the JSON body
//! extractor that turns every bad body (malformed, wrong fields, too large)
//! into one of them instead of axum's plain-text rejections.

use axum::body::Body;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// The largest request body read, bytes.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// An error answer.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The status (4xx or 503).
    pub status: StatusCode,
    /// What was wrong, one sentence.
    pub message: String,
}

impl ApiError {
    /// 400.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// 404.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    /// 409.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.into(),
        }
    }

    /// 503.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, axum::Json(body)).into_response()
    }
}

/// A JSON request body of type `T`. Any `Content-Type` is accepted (so
/// that `curl -d` works); an empty body reads as `{}`.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let body: Body = req.into_body();
        let bytes = axum::body::to_bytes(body, MAX_BODY_BYTES)
            .await
            .map_err(|_| ApiError {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                message: format!("request body larger than {MAX_BODY_BYTES} bytes"),
            })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text).map(JsonBody).map_err(|e| {
            use serde_json::error::Category;
            match e.classify() {
                Category::Data => ApiError::bad(format!("bad request body: {e}")),
                _ => ApiError::bad(format!("malformed JSON in the request body: {e}")),
            }
        })
    }
}
