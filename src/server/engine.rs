//! Searches for the API: the engine's move, its ballot in a vote, and live
//! analysis as server-sent events. Every search runs on tokio's blocking
//! pool behind a semaphore (a bounded number at once), within time caps,
//! and an analysis stops (through the searcher's stop flag) when its client
//! goes away.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use serde_json::{Value, json};
use tokio::sync::{OwnedSemaphorePermit, mpsc};
use tokio_stream::Stream;
use tokio_stream::wrappers::ReceiverStream;

use crate::board::Color;
use crate::load::Game;
use crate::movegen::Variant;
use crate::notation::{move_to_san, move_to_string};
use crate::play::Match;
use crate::protocol::score_value;
use crate::protocol::vote::decide_vote;
use crate::search::{Info, Limits, Score, Searcher};

use super::AppState;
use super::error::ApiError;

/// Transposition table of one API search, megabytes.
pub const SEARCH_HASH_MB: usize = 16;

/// A score as JSON: `{"cp": N}` or `{"mate": N}`.
pub fn score_json(s: Score) -> Value {
    match s {
        Score::Cp(c) => json!({"cp": c}),
        Score::Mate(m) => json!({"mate": m}),
    }
}

fn negate(s: Score) -> Score {
    match s {
        Score::Cp(c) => Score::Cp(-c),
        Score::Mate(m) => Score::Mate(-m),
    }
}

/// From the first player's point of view.
fn white(s: Score, side: Color) -> Score {
    if side == Color::FIRST { s } else { negate(s) }
}

/// A slot for one search, waiting at most the configured time.
pub async fn permit(state: &AppState) -> Result<OwnedSemaphorePermit, ApiError> {
    let wait = state.config.permit_wait;
    match tokio::time::timeout(wait, state.searches.clone().acquire_owned()).await {
        Ok(Ok(p)) => Ok(p),
        _ => Err(ApiError::busy(format!(
            "every search slot is busy ({} at once); try again",
            state.config.search_slots
        ))),
    }
}

/// What an engine request asks for: `movetime_ms`, `depth` or `level`.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    /// Think this long.
    pub movetime_ms: Option<u64>,
    /// Search to this depth.
    pub depth: Option<u32>,
    /// 1 (weakest) to 10.
    pub level: Option<u32>,
}

impl EngineRequest {
    /// The search limits, within the caps.
    pub fn limits(&self, cap_ms: u64) -> Result<Limits, ApiError> {
        let cap = Duration::from_millis(cap_ms);
        let given = [
            self.movetime_ms.is_some(),
            self.depth.is_some(),
            self.level.is_some(),
        ];
        if given.iter().filter(|&&g| g).count() > 1 {
            return Err(ApiError::bad(
                "give one of `movetime_ms`, `depth` and `level`",
            ));
        }
        let mut l = Limits::default();
        if let Some(ms) = self.movetime_ms {
            if !(1..=cap_ms).contains(&ms) {
                return Err(ApiError::bad(format!(
                    "`movetime_ms` must be 1 to {cap_ms}, not {ms}"
                )));
            }
            l.movetime = Some(Duration::from_millis(ms));
        } else if let Some(d) = self.depth {
            if !(1..=30).contains(&d) {
                return Err(ApiError::bad(format!("`depth` must be 1 to 30, not {d}")));
            }
            l.depth = Some(d);
            l.movetime = Some(cap);
        } else {
            let n = self.level.unwrap_or(5);
            if !(1..=10).contains(&n) {
                return Err(ApiError::bad(format!("`level` must be 1 to 10, not {n}")));
            }
            l.depth = Some(n);
            l.movetime = Some(Duration::from_millis(100 * n as u64).min(cap));
        }
        Ok(l)
    }
}

/// Search `m`'s position with `limits` on the blocking pool; the best move
/// and the report.
pub async fn search(
    state: &AppState,
    game: Arc<Game>,
    m: Match,
    limits: Limits,
) -> Result<Value, ApiError> {
    // Every limit carries a movetime: the search never runs past the cap.
    let _slot = permit(state).await?;
    let task = tokio::task::spawn_blocking(move || {
        let v = &game.variant;
        let mut searcher = Searcher::try_new(v, SEARCH_HASH_MB).map_err(|e| e.to_string())?;
        let pos = m.position().clone();
        let r = searcher.search(v, &pos, &m.history(), &limits, &mut |_| {});
        let best = r.best.ok_or("no legal move")?;
        Ok::<_, String>((
            best,
            json!({
                "move": move_to_string(v, best),
                "san": move_to_san(v, &pos, best),
                "score": score_json(r.score),
                "score_white": score_json(white(r.score, pos.side)),
                "depth": r.depth,
                "nodes": r.nodes,
            }),
        ))
    });
    let (_, report) = task
        .await
        .map_err(|_| ApiError::busy("the search failed"))?
        .map_err(ApiError::conflict)?;
    Ok(report)
}

/// The engine's ballot for `player` on option `option` of `game`: the
/// choice whose short search scores best for that player.
pub async fn engine_ballot(
    state: &AppState,
    game: Arc<Game>,
    option: String,
    others: Vec<(String, String)>,
    player: usize,
) -> Result<usize, ApiError> {
    let _slot = permit(state).await?;
    let task = tokio::task::spawn_blocking(move || {
        let limits = Limits {
            depth: Some(6),
            movetime: Some(Duration::from_millis(300)),
            ..Limits::default()
        };
        let d = decide_vote(&game, &option, &others, &limits, SEARCH_HASH_MB)?;
        let def = game
            .variant
            .rules
            .options
            .iter()
            .find(|o| o.name == option)
            .ok_or("no such option")?;
        let value = |i: usize| {
            let s = score_value(d.scores[i].1);
            if player == 0 { s } else { -s }
        };
        let mut best = def.default;
        for i in 0..d.scores.len() {
            if value(i) > value(best) {
                best = i;
            }
        }
        Ok::<usize, String>(best)
    });
    task.await
        .map_err(|_| ApiError::busy("the vote search failed"))?
        .map_err(ApiError::conflict)
}

/// Sets the flag when dropped: the stream of an analysis holds it, so a
/// client that goes away stops the search.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn info_json(v: &Variant, m: &Match, info: &Info) -> Value {
    let pos = m.position();
    let mut p = pos.clone();
    let mut pv_san = Vec::new();
    let mut pv = Vec::new();
    for &mv in &info.pv {
        pv_san.push(move_to_san(v, &p, mv));
        pv.push(move_to_string(v, mv));
        v.make(&mut p, mv);
    }
    let ms = info.time.as_millis().max(1);
    json!({
        "depth": info.depth,
        "seldepth": info.seldepth,
        "score": score_json(info.score),
        "score_white": score_json(white(info.score, pos.side)),
        "pv": pv_san,
        "pv_moves": pv,
        "nodes": info.nodes,
        "nps": info.nodes as u128 * 1000 / ms,
        "time_ms": info.time.as_millis() as u64,
    })
}

/// An analysis of `m`'s position as a stream of `info` events, ended by
/// `done`; the search stops when `flag` is set or the stream is dropped.
pub async fn analysis(
    state: &AppState,
    game: Arc<Game>,
    m: Match,
    depth: Option<u32>,
    flag: Arc<AtomicBool>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>> + use<>>, ApiError> {
    let slot = permit(state).await?;
    let cap = state.config.analysis_cap;
    let (tx, rx) = mpsc::channel::<Event>(64);
    let guard = StopOnDrop(flag.clone());
    tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let v = &game.variant;
        let Ok(mut searcher) = Searcher::try_new(v, SEARCH_HASH_MB) else {
            let _ = tx.blocking_send(
                Event::default()
                    .event("error")
                    .data("no memory for the search"),
            );
            return;
        };
        // The searcher's own flag, set from ours.
        let stop = searcher.stop_flag();
        let watcher = {
            let (flag, stop) = (flag.clone(), stop.clone());
            std::thread::spawn(move || {
                let start = std::time::Instant::now();
                while !flag.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
                    if start.elapsed() > cap {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                stop.store(true, Ordering::Relaxed);
            })
        };
        let limits = Limits {
            depth: depth.or(Some(crate::search::params::MAX_PLY as u32)),
            ..Limits::default()
        };
        let pos = m.position().clone();
        let r = searcher.search(v, &pos, &m.history(), &limits, &mut |info| {
            let data = info_json(v, &m, info).to_string();
            let _ = tx.try_send(Event::default().event("info").data(data));
        });
        stop.store(true, Ordering::Relaxed);
        let _ = watcher.join();
        let best = r.best.map(|b| move_to_string(v, b));
        let _ = tx.blocking_send(
            Event::default()
                .event("done")
                .data(json!({"best": best}).to_string()),
        );
    });
    let stream = tokio_stream::StreamExt::map(ReceiverStream::new(rx), move |e| {
        let _keep = &guard;
        Ok::<Event, Infallible>(e)
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_millis(500))))
}
