//! `--watch`: every served rule file (and each file it imports) is polled;
//! a change reloads it, runs its `test` blocks, moves its games onto the new
//! rules where their positions still stand, and tells every `/api/events`
//! client, with the new variant or the diagnostics.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{Value, json};

use super::AppState;
use super::variants::{Loaded, entry_info, load_entry, mtime, tests_json};
use crate::load::Game;

/// Poll the served files until the server stops.
pub async fn run(state: Arc<AppState>) {
    let mut tick = tokio::time::interval(state.config.poll);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let changed: Vec<(String, PathBuf)> = {
            let Ok(cat) = state.catalog.read() else {
                return;
            };
            cat.entries
                .iter()
                .filter(|e| e.stamp.iter().any(|(p, t)| mtime(p) != *t))
                .map(|e| (e.id.clone(), e.path.clone()))
                .collect()
        };
        for (id, path) in changed {
            reload(&state, &id, path).await;
        }
    }
}

/// Reload one variant now; the `reload` event sent (also returned).
pub async fn reload(state: &AppState, id: &str, path: PathBuf) -> Value {
    let work = tokio::task::spawn_blocking(move || {
        let loaded = load_entry(&path);
        let tests = loaded.game.as_ref().ok().map(|g| tests_json(g));
        (loaded, tests)
    });
    let Ok((Loaded { game, stamp }, tests)) = work.await else {
        return Value::Null;
    };
    let (ok, info, diagnostics, rendered) = {
        let Ok(mut cat) = state.catalog.write() else {
            return Value::Null;
        };
        let Some(e) = cat.entries.iter_mut().find(|e| e.id == id) else {
            return Value::Null;
        };
        e.stamp = stamp;
        e.revision += 1;
        e.tests = tests;
        match &game {
            Ok(g) => {
                e.game = Some(g.clone());
                e.error = None;
            }
            Err(err) => e.error = Some(err.clone()),
        }
        let info = entry_info(e);
        match &game {
            Ok(_) => (true, info, json!([]), String::new()),
            Err((d, text)) => (false, info, d.clone(), text.clone()),
        }
    };
    let games = match &game {
        Ok(g) => rebase_games(state, id, g),
        Err(_) => mark_games(
            state,
            id,
            "the rule file now has errors: this game goes on under the rules it had",
        ),
    };
    let event = json!({
        "type": "reload",
        "variant": id,
        "status": if ok { "ok" } else { "error" },
        "info": if ok { info.clone() } else { Value::Null },
        "diagnostics": diagnostics,
        "rendered": rendered,
        "tests": info["tests"].clone(),
        "games": games,
    });
    let _ = state.events.send(event.to_string());
    event
}

fn mark_games(state: &AppState, id: &str, notice: &str) -> Vec<Value> {
    let Ok(mut games) = state.games.lock() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (n, s) in games.map.iter_mut().filter(|(_, s)| s.variant == id) {
        s.notice = Some(notice.to_string());
        s.rev += 1;
        out.push(json!({"id": n.to_string(), "kept": false, "reason": notice}));
    }
    out
}

/// Move every game of variant `id` onto the rules `g` where its position
/// is legal under them.
fn rebase_games(state: &AppState, id: &str, g: &Arc<Game>) -> Vec<Value> {
    let Ok(mut games) = state.games.lock() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (n, s) in games.map.iter_mut().filter(|(_, s)| s.variant == id) {
        s.stop_analysis();
        s.rev += 1;
        if s.vote_pending() {
            // The vote starts again under the new rules.
            match super::games::Session::new(id, g.clone(), Vec::new(), false) {
                Ok(fresh) => {
                    let (touched, rev) = (s.touched, s.rev);
                    *s = fresh;
                    s.touched = touched;
                    s.rev = rev;
                    s.notice = Some("the rules changed: the vote starts again".into());
                    out.push(json!({"id": n.to_string(), "kept": true}));
                }
                Err(e) => {
                    out.push(json!({"id": n.to_string(), "kept": false, "reason": e.message}))
                }
            }
            continue;
        }
        let new = if s.options.is_empty() {
            Ok(g.clone())
        } else {
            g.with_options(&s.options)
                .map(Arc::new)
                .map_err(|e| e.rendered())
        };
        let old = s.rules().clone();
        let moved = new.and_then(|new| {
            let (m, whole) = s.m.under(&old.variant, &new.variant)?;
            Ok((new, m, whole))
        });
        match moved {
            Ok((new, m, whole)) => {
                s.m = m;
                s.game = Some(new);
                s.base = g.clone();
                s.notice = Some(if whole {
                    "the rules changed; the game goes on from the current position".into()
                } else {
                    "the rules changed; the game goes on from the current position (its earlier moves do not read under the new rules, so its history starts here)".into()
                });
                out.push(json!({"id": n.to_string(), "kept": true}));
            }
            Err(reason) => {
                let notice = format!(
                    "the rules changed, but this game's position is not legal under them ({reason}): it goes on under the rules it had"
                );
                s.notice = Some(notice.clone());
                out.push(json!({"id": n.to_string(), "kept": false, "reason": notice}));
            }
        }
    }
    out
}
