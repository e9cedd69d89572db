//! `myriad serve`: the browser page and its JSON API over HTTP (axum on
//! tokio), documented in `docs/api.md`.
//!
//! - [`variants`]: the served rule files and their JSON.
//! - [`games`]: the games, their votes, moves and state.
//! - [`engine`]: the engine's moves, votes and live analysis.
//! - [`routes`]: the handlers; [`error`]: error answers and the JSON body.
//! - [`watch`]: reloading changed rule files; [`assets`]: the page's files.

pub mod assets;
pub mod engine;
pub mod error;
pub mod games;
pub mod routes;
pub mod variants;
pub mod watch;

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use tokio::sync::{Semaphore, broadcast};
use tower_http::compression::CompressionLayer;
use tower_http::timeout::TimeoutLayer;

use games::Games;
use variants::Catalog;

/// How the server runs. [`Config::default`] is what `myriad serve` uses.
#[derive(Debug, Clone)]
pub struct Config {
    /// Rule files and directories served besides the bundled ones.
    pub files: Vec<PathBuf>,
    /// Serve the bundled rule files too.
    pub bundled: bool,
    /// Poll the served files and reload them when they change.
    pub watch: bool,
    /// How often `watch` polls.
    pub poll: Duration,
    /// Games kept at most (the game idle longest is evicted).
    pub max_games: usize,
    /// Searches running at once at most.
    pub search_slots: usize,
    /// How long a request waits for a search slot before a 503.
    pub permit_wait: Duration,
    /// The longest engine move, milliseconds.
    pub max_movetime_ms: u64,
    /// The longest analysis.
    pub analysis_cap: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            files: Vec::new(),
            bundled: true,
            watch: false,
            poll: Duration::from_millis(250),
            max_games: 1000,
            search_slots: std::thread::available_parallelism().map_or(2, |n| n.get().max(1)),
            permit_wait: Duration::from_secs(10),
            max_movetime_ms: 30_000,
            analysis_cap: Duration::from_secs(300),
        }
    }
}

/// What every handler shares.
pub struct AppState {
    /// The configuration.
    pub config: Config,
    /// The served variants.
    pub catalog: RwLock<Catalog>,
    /// The games.
    pub games: Mutex<Games>,
    /// One permit per search running.
    pub searches: Arc<Semaphore>,
    /// `reload` events, as JSON text, for `/api/events`.
    pub events: broadcast::Sender<String>,
}

impl AppState {
    /// Load the served variants (the bundled ones and `config.files`).
    pub fn new(config: Config) -> Result<Arc<AppState>, String> {
        let catalog = Catalog::build(&config.files, config.bundled)?;
        let (events, _) = broadcast::channel(64);
        Ok(Arc::new(AppState {
            searches: Arc::new(Semaphore::new(config.search_slots.max(1))),
            games: Mutex::new(Games::new(config.max_games)),
            catalog: RwLock::new(catalog),
            events,
            config,
        }))
    }
}

/// The whole application: the API, its limits, and the page.
pub fn router(state: Arc<AppState>) -> Router {
    let api = routes::api()
        .fallback(routes::not_found)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            Duration::from_millis(state.config.max_movetime_ms)
                + state.config.permit_wait
                + Duration::from_secs(20),
        ));
    Router::new()
        .merge(api)
        .route("/api/{*rest}", axum::routing::any(routes::not_found))
        .fallback(assets::asset)
        .layer(CompressionLayer::new())
        .with_state(state)
}

/// Is this address reachable only from this machine?
pub fn is_loopback(addr: &SocketAddr) -> bool {
    addr.ip().is_loopback()
}

/// Serve on `host:port` until the process ends: prints `listening on http://ADDR`
/// (flushed) once the socket is bound, and warns on stderr when the
/// address is not a loopback one.
pub async fn serve(config: Config, host: &str, port: u16, open: bool) -> Result<(), String> {
    let watch = config.watch;
    let state = AppState::new(config)?;
    let listener = tokio::net::TcpListener::bind((host, port))
        .await
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    if !is_loopback(&addr) {
        eprintln!(
            "warning: listening on {addr}, which other machines may reach: the API has no authentication"
        );
    }
    {
        let cat = state.catalog.read().map_err(|_| "catalog poisoned")?;
        for e in &cat.entries {
            if let Some((_, text)) = &e.error {
                eprintln!("{} ({}) has errors:\n{text}", e.id, e.path.display());
            }
        }
    }
    let url = format!("http://{addr}");
    let mut out = std::io::stdout();
    let _ = writeln!(out, "listening on {url}");
    let _ = out.flush();
    if open {
        open_browser(&url);
    }
    if watch {
        tokio::spawn(watch::run(state.clone()));
    }
    // Ctrl-C ends the process as it is: open event streams would keep a
    // graceful shutdown waiting.
    axum::serve(listener, router(state))
        .await
        .map_err(|e| e.to_string())
}

/// Open `url` in the desktop's browser, if there is one.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!("--open: could not start {opener}: {e}; open {url} yourself");
    }
}
