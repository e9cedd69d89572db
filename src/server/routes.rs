//! The API's handlers: variants, games, moves, votes, undo, PGN, the
//! engine and analysis, the reload event stream; each answers JSON (or
//! PGN, or events) and every failure is an [`ApiError`].

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio_stream::Stream;
use tokio_stream::wrappers::BroadcastStream;

use super::error::{ApiError, JsonBody};
use super::games::Session;
use super::variants::entry_info;
use super::{AppState, engine};
use crate::notation::read_pgn;

type St = State<Arc<AppState>>;
type ApiResult = Result<Response, ApiError>;

/// The `/api` routes.
pub fn api() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/variants", routing::get(variants))
        .route("/api/variants/{id}", routing::get(variant))
        .route("/api/events", routing::get(events))
        .route("/api/games", routing::post(create))
        .route("/api/games/{id}", routing::get(get_game))
        .route("/api/games/{id}/moves", routing::post(play))
        .route("/api/games/{id}/vote", routing::post(vote))
        .route("/api/games/{id}/undo", routing::post(undo))
        .route("/api/games/{id}/pgn", routing::get(pgn))
        .route("/api/games/{id}/engine", routing::post(engine_move))
        .route("/api/games/{id}/analysis", routing::get(analysis))
}

fn ok(v: Value) -> ApiResult {
    Ok(Json(v).into_response())
}

async fn variants(State(st): St) -> ApiResult {
    let cat = st
        .catalog
        .read()
        .map_err(|_| ApiError::busy("catalog poisoned"))?;
    ok(Value::Array(cat.entries.iter().map(entry_info).collect()))
}

fn unknown_variant(id: &str, known: &str) -> ApiError {
    ApiError::not_found(format!("unknown variant `{id}` (known: {known})"))
}

async fn variant(State(st): St, Path(id): Path<String>) -> ApiResult {
    let cat = st
        .catalog
        .read()
        .map_err(|_| ApiError::busy("catalog poisoned"))?;
    let e = cat
        .get(&id)
        .ok_or_else(|| unknown_variant(&id, &cat.ids()))?;
    ok(entry_info(e))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    variant: Option<String>,
    options: Option<BTreeMap<String, String>>,
    fen: Option<String>,
    pgn: Option<String>,
}

/// Check option values against the declared options.
fn check_options(
    game: &crate::load::Game,
    given: &BTreeMap<String, String>,
) -> Result<Vec<(String, String)>, ApiError> {
    let declared = &game.variant.rules.options;
    let mut out = Vec::new();
    for (name, value) in given {
        let Some(o) = declared.iter().find(|o| o.name == *name) else {
            let known: Vec<&str> = declared.iter().map(|o| o.name.as_str()).collect();
            return Err(ApiError::bad(if known.is_empty() {
                format!("unknown option `{name}`: this variant has no options")
            } else {
                format!("unknown option `{name}` (options: {})", known.join(", "))
            }));
        };
        if !o.choices.contains(value) {
            return Err(ApiError::bad(format!(
                "`{value}` is not a choice of option `{name}` (choices: {})",
                o.choices.join(", ")
            )));
        }
        out.push((name.clone(), value.clone()));
    }
    Ok(out)
}

async fn create(State(st): St, JsonBody(req): JsonBody<CreateRequest>) -> ApiResult {
    let pgn = match &req.pgn {
        Some(text) => Some(read_pgn(text).map_err(|e| ApiError::bad(format!("bad PGN: {e}")))?),
        None => None,
    };
    let name = req
        .variant
        .clone()
        .or_else(|| {
            pgn.as_ref()
                .and_then(|p| p.tag("Variant").map(str::to_string))
        })
        .ok_or_else(|| ApiError::bad("missing field `variant`"))?;
    let (id, base) = {
        let cat = st
            .catalog
            .read()
            .map_err(|_| ApiError::busy("catalog poisoned"))?;
        let e = cat
            .find(&name)
            .ok_or_else(|| unknown_variant(&name, &cat.ids()))?;
        match (&e.game, &e.error) {
            (Some(g), None) => (e.id.clone(), g.clone()),
            _ => {
                return Err(ApiError::conflict(format!(
                    "variant `{}` has errors: see GET /api/variants/{}",
                    e.id, e.id
                )));
            }
        }
    };
    let mut options = req.options.clone().unwrap_or_default();
    let mut fen = req.fen.clone();
    if let Some(p) = &pgn {
        if let Some(o) = p.tag("Options") {
            for kv in o.split_whitespace() {
                let (k, v) = kv.split_once('=').ok_or_else(|| {
                    ApiError::bad(format!("bad PGN: Options tag: `{kv}` is not NAME=VALUE"))
                })?;
                options
                    .entry(k.to_string())
                    .or_insert_with(|| v.to_string());
            }
        }
        if fen.is_none() {
            fen = p.tag("FEN").map(str::to_string);
        }
    }
    let given = check_options(&base, &options)?;
    let mut s = Session::new(&id, base, given, fen.is_some() || pgn.is_some())?;
    if let Some(f) = &fen {
        s.set_fen(f)?;
    }
    if let Some(p) = &pgn {
        for (i, mv) in p.moves.iter().enumerate() {
            s.play(mv).map_err(|e| {
                ApiError::bad(format!("bad PGN: move {} `{mv}`: {}", i + 1, e.message))
            })?;
        }
    }
    let mut games = st
        .games
        .lock()
        .map_err(|_| ApiError::busy("games poisoned"))?;
    let n = games.insert(s);
    let state = games.map[&n].state(n);
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

/// Run `f` on game `id` (and its number) under the games lock: the lock
/// poisoned and an unknown game are the errors.
fn in_game<T>(
    st: &AppState,
    id: &str,
    f: impl FnOnce(u64, &mut Session) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let mut games = st
        .games
        .lock()
        .map_err(|_| ApiError::busy("games poisoned"))?;
    let (n, s) = games.get(id)?;
    f(n, s)
}

/// Run `f` on game `id` and answer its new state.
fn with_game(
    st: &AppState,
    id: &str,
    f: impl FnOnce(&mut Session) -> Result<(), ApiError>,
) -> ApiResult {
    ok(in_game(st, id, |n, s| {
        f(s)?;
        Ok(s.state(n))
    })?)
}

async fn get_game(State(st): St, Path(id): Path<String>) -> ApiResult {
    with_game(&st, &id, |_| Ok(()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
}

async fn play(
    State(st): St,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<MoveRequest>,
) -> ApiResult {
    with_game(&st, &id, |s| {
        s.play(&req.mv)?;
        s.stop_analysis();
        Ok(())
    })
}

async fn undo(State(st): St, Path(id): Path<String>) -> ApiResult {
    with_game(&st, &id, |s| {
        s.undo()?;
        s.stop_analysis();
        Ok(())
    })
}

async fn pgn(State(st): St, Path(id): Path<String>) -> ApiResult {
    let text = in_game(&st, &id, |_, s| Ok(s.pgn()))?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VoteRequest {
    player: String,
    answer: Option<String>,
    #[serde(default)]
    engine: bool,
}

async fn vote(
    State(st): St,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<VoteRequest>,
) -> ApiResult {
    // The ballot: given, or the engine's (searched without the lock).
    let (player, choice) = in_game(&st, &id, |_, s| {
        let player = s.player(&req.player)?;
        let Some((i, _)) = s.asked() else {
            return Err(ApiError::conflict("no vote is open in this game"));
        };
        let o = s.option_def(i).clone();
        Ok(match (&req.answer, req.engine) {
            (Some(_), true) => {
                return Err(ApiError::bad("give `answer` or `engine`, not both"));
            }
            (None, false) => return Err(ApiError::bad("missing field `answer`")),
            (Some(a), false) => {
                let c = o.choices.iter().position(|c| c == a).ok_or_else(|| {
                    ApiError::bad(format!(
                        "`{a}` is not a choice of option `{}` (choices: {})",
                        o.name,
                        o.choices.join(", ")
                    ))
                })?;
                (player, Ok(c))
            }
            (None, true) => (
                player,
                Err((s.base.clone(), o.name.clone(), s.options.clone())),
            ),
        })
    })?;
    let choice = match choice {
        Ok(c) => c,
        Err((base, option, others)) => {
            engine::engine_ballot(&st, base, option, others, player).await?
        }
    };
    with_game(&st, &id, |s| s.cast(player, choice))
}

async fn engine_move(
    State(st): St,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<engine::EngineRequest>,
) -> ApiResult {
    let limits = req.limits(st.config.max_movetime_ms)?;
    let (game, m, rev) = {
        let mut games = st
            .games
            .lock()
            .map_err(|_| ApiError::busy("games poisoned"))?;
        let (_, s) = games.get(&id)?;
        let Some(g) = s.game.clone() else {
            return Err(ApiError::conflict(
                "the vote is still open: no move before it is decided",
            ));
        };
        if let Some((r, why)) = s.m.end(&g.variant) {
            return Err(ApiError::conflict(format!(
                "the game is over ({}, {})",
                r.pgn(),
                crate::play::reason_text(why)
            )));
        }
        (g, s.m.clone(), s.rev)
    };
    let report = engine::search(&st, game.clone(), m, limits).await?;
    let mut games = st
        .games
        .lock()
        .map_err(|_| ApiError::busy("games poisoned"))?;
    let (n, s) = games.get(&id)?;
    if s.rev != rev || !s.game.as_ref().is_some_and(|g| Arc::ptr_eq(g, &game)) {
        return Err(ApiError::conflict(
            "the game changed while the engine thought; ask again",
        ));
    }
    let text = report["move"].as_str().unwrap_or_default().to_string();
    s.play(&text)?;
    s.stop_analysis();
    let mut state = s.state(n);
    state["engine"] = report;
    ok(state)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisQuery {
    depth: Option<u32>,
}

async fn analysis(
    State(st): St,
    Path(id): Path<String>,
    Query(q): Query<AnalysisQuery>,
) -> Result<Response, ApiError> {
    if let Some(d) = q.depth
        && !(1..=crate::search::params::MAX_PLY as u32).contains(&d)
    {
        return Err(ApiError::bad(format!(
            "`depth` must be 1 to {}, not {d}",
            crate::search::params::MAX_PLY
        )));
    }
    let flag = Arc::new(AtomicBool::new(false));
    let (game, m) = {
        let mut games = st
            .games
            .lock()
            .map_err(|_| ApiError::busy("games poisoned"))?;
        let (_, s) = games.get(&id)?;
        let Some(g) = s.game.clone() else {
            return Err(ApiError::conflict(
                "the vote is still open: nothing to analyse yet",
            ));
        };
        s.stop_analysis();
        s.analysis = Some(flag.clone());
        (g, s.m.clone())
    };
    let sse = engine::analysis(&st, game, m, q.depth, flag).await?;
    Ok(sse.into_response())
}

async fn events(State(st): St) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let hello = json!({"type": "hello", "watch": st.config.watch}).to_string();
    let first = tokio_stream::once(Ok(Event::default().event("hello").data(hello)));
    let rest =
        tokio_stream::StreamExt::filter_map(BroadcastStream::new(st.events.subscribe()), |m| {
            m.ok()
                .map(|data| Ok(Event::default().event("reload").data(data)))
        });
    Sse::new(tokio_stream::StreamExt::chain(first, rest))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

/// Unknown paths under `/api/`.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("unknown path `{}`", uri.path()))
}
