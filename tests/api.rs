//! The HTTP API of `myriad serve` (docs/api.md): every endpoint and every
//! error, called on the axum router in-process; and every example of
//! docs/api.md run in order against a fresh server.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use myriad::server::{AppState, Config, router};
use serde_json::{Value, json};
use tower::ServiceExt;

fn config() -> Config {
    Config {
        search_slots: 2,
        permit_wait: Duration::from_secs(5),
        ..Config::default()
    }
}

fn app_with(cfg: Config) -> (Arc<AppState>, Router) {
    let state = AppState::new(cfg).expect("the bundled rules load");
    (state.clone(), router(state))
}

fn app() -> Router {
    app_with(config()).1
}

async fn call(app: &Router, method: &str, path: &str, body: Option<&str>) -> (StatusCode, Value) {
    let (status, text) = call_text(app, method, path, body).await;
    let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, v)
}

async fn call_text(
    app: &Router,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (StatusCode, String) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .body(Body::from(body.unwrap_or("").to_string()))
        .expect("a request");
    let resp = app.clone().oneshot(req).await.expect("an answer");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// POST with a JSON body, expecting `status`; the answer.
async fn post(app: &Router, path: &str, body: Value, status: u16) -> Value {
    let (s, v) = call(app, "POST", path, Some(&body.to_string())).await;
    assert_eq!(s.as_u16(), status, "POST {path} {body}: {v}");
    v
}

async fn get(app: &Router, path: &str, status: u16) -> Value {
    let (s, v) = call(app, "GET", path, None).await;
    assert_eq!(s.as_u16(), status, "GET {path}: {v}");
    v
}

/// Does `actual` match the documented `pattern` (see docs/api.md)?
fn matches(pattern: &Value, actual: &Value, at: &str) -> Result<(), String> {
    match (pattern, actual) {
        (Value::String(s), _) if s == "..." => Ok(()),
        (Value::Object(p), Value::Object(a)) => {
            for (k, pv) in p {
                if k == "..." {
                    continue;
                }
                let av = a.get(k).ok_or_else(|| format!("{at}.{k}: missing"))?;
                matches(pv, av, &format!("{at}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(p), Value::Array(a)) => {
            let dots = |v: &Value| v.as_str() == Some("...");
            if p.first().is_some_and(dots) {
                for (i, pv) in p[1..].iter().enumerate() {
                    if !a
                        .iter()
                        .any(|av| matches(pv, av, &format!("{at}[*{i}]")).is_ok())
                    {
                        return Err(format!("{at}: no element matches {pv}"));
                    }
                }
                Ok(())
            } else if p.last().is_some_and(dots) {
                let head = &p[..p.len() - 1];
                if a.len() < head.len() {
                    return Err(format!(
                        "{at}: {} elements, expected at least {}",
                        a.len(),
                        head.len()
                    ));
                }
                for (i, pv) in head.iter().enumerate() {
                    matches(pv, &a[i], &format!("{at}[{i}]"))?;
                }
                Ok(())
            } else {
                if a.len() != p.len() {
                    return Err(format!("{at}: {} elements, expected {}", a.len(), p.len()));
                }
                for (i, pv) in p.iter().enumerate() {
                    matches(pv, &a[i], &format!("{at}[{i}]"))?;
                }
                Ok(())
            }
        }
        (p, a) if p == a => Ok(()),
        (p, a) => Err(format!("{at}: expected {p}, found {a}")),
    }
}

/// The examples of docs/api.md: (request lines, expected status, pattern).
fn doc_examples() -> Vec<(String, u16, Value)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md"))
        .expect("docs/api.md");
    let mut blocks: Vec<(String, String)> = Vec::new();
    let mut lines = doc.lines();
    while let Some(l) = lines.next() {
        if let Some(info) = l.strip_prefix("```")
            && !info.is_empty()
        {
            let mut body = String::new();
            for b in lines.by_ref() {
                if b == "```" {
                    break;
                }
                body.push_str(b);
                body.push('\n');
            }
            blocks.push((info.to_string(), body));
        }
    }
    let mut out = Vec::new();
    for (i, (info, body)) in blocks.iter().enumerate() {
        if info != "http" {
            continue;
        }
        let Some((next, expected)) = blocks.get(i + 1) else {
            panic!("an http example without a response: {body}")
        };
        let Some(status) = next.strip_prefix("json status=") else {
            continue;
        };
        let pattern: Value = serde_json::from_str(expected)
            .unwrap_or_else(|e| panic!("docs/api.md: the response of {body} is not JSON: {e}"));
        out.push((body.clone(), status.parse().expect("a status"), pattern));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_examples_of_docs_api_md() {
    let app = app();
    let examples = doc_examples();
    assert!(examples.len() >= 25, "{} examples", examples.len());
    for (request, status, pattern) in examples {
        let (line, body) = request.split_once('\n').unwrap_or((&request, ""));
        let (method, path) = line.split_once(' ').expect("METHOD PATH");
        let body = body.trim();
        let (s, v) = call(&app, method, path, (!body.is_empty()).then_some(body)).await;
        assert_eq!(s.as_u16(), status, "{request}\n-> {v}");
        if let Err(e) = matches(&pattern, &v, "$") {
            panic!("{request}\n-> {e}\nthe answer: {v}");
        }
        if s.is_client_error() {
            assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
        }
    }
}

#[tokio::test]
async fn variants_describe_board_pieces_options_and_figures() {
    let dir = tempdir("figures");
    let file = dir.join("figured.variant");
    let chess =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/chess.variant"))
            .unwrap();
    // chess.variant's Knight is `figure "knight"`; this one is drawn as a horse.
    let figured = chess.replacen("figure \"knight\"", "figure \"horse\"", 1);
    assert_ne!(figured, chess);
    std::fs::write(&file, figured).unwrap();
    let cfg = Config {
        files: vec![file],
        ..config()
    };
    let (_, app) = app_with(cfg);
    let list = get(&app, "/api/variants", 200).await;
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    for id in [
        "chess",
        "perier",
        "basilisk",
        "gustavian",
        "gustavian-crab",
        "figured",
    ] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted);
    let f = get(&app, "/api/variants/figured", 200).await;
    assert_eq!(f["status"], "ok", "{f}");
    let knight = f["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["letter"] == "N")
        .unwrap();
    assert_eq!(knight["figure"], "horse");
    let king = f["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["letter"] == "K")
        .unwrap();
    // chess.variant names every figure; none is guessed from a name.
    assert_eq!(king["figure"], "king");
    assert_eq!(king["royal"], true);
    let perier = get(&app, "/api/variants/perier", 200).await;
    let e = perier["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["letter"] == "E")
        .unwrap();
    assert_eq!(e["droppable"], true);
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("api-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[tokio::test]
async fn a_perier_game_with_the_vote_a_drop_undo_and_pgn() {
    let app = app();
    let g = post(&app, "/api/games", json!({"variant": "perier"}), 201).await;
    let id = g["id"].as_str().unwrap().to_string();
    let base = format!("/api/games/{id}");
    // No move while the vote is open.
    let e = post(&app, &format!("{base}/moves"), json!({"move": "e2e4"}), 409).await;
    assert!(e["error"].as_str().unwrap().contains("vote"), "{e}");
    // White says yes: Black is not asked.
    let s = post(
        &app,
        &format!("{base}/vote"),
        json!({"player": "white", "answer": "yes"}),
        200,
    )
    .await;
    assert_eq!(s["vote_pending"], false);
    assert_eq!(s["votes"][0]["result"], "yes");
    assert_eq!(s["options"]["extra"], "yes");
    assert_eq!(s["legal"].as_array().unwrap().len(), 20);
    post(
        &app,
        &format!("{base}/vote"),
        json!({"player": "black", "answer": "no"}),
        409,
    )
    .await;
    for m in ["Nf3", "e7e5"] {
        post(&app, &format!("{base}/moves"), json!({"move": m}), 200).await;
    }
    let s = get(&app, &base, 200).await;
    let drop = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "E@g1")
        .expect("E@g1");
    assert_eq!(drop["drop"], true);
    assert_eq!(drop["from"], Value::Null);
    assert_eq!(drop["piece"], "E");
    let s = post(&app, &format!("{base}/moves"), json!({"move": "E@g1"}), 200).await;
    assert!(
        s["fen"].as_str().unwrap().contains("6P1/"),
        "the pawn went to g4: {}",
        s["fen"]
    );
    assert_eq!(s["reserves"]["white"], json!({}));
    assert_eq!(s["history"][2]["san"], "E@g1");
    let pgn = call_text(&app, "GET", &format!("{base}/pgn"), None).await.1;
    assert!(pgn.contains("[Options \"extra=yes\"]"), "{pgn}");
    assert!(pgn.contains("1. Nf3 e5 2. E@g1 *"), "{pgn}");
    // The PGN reads back into the same game.
    let again = post(&app, "/api/games", json!({"pgn": pgn}), 201).await;
    assert_eq!(again["fen"], s["fen"]);
    assert_eq!(again["ply"], 3);
    // Undo three times, then nothing left.
    for _ in 0..3 {
        post(&app, &format!("{base}/undo"), json!({}), 200).await;
    }
    let s = post(&app, &format!("{base}/undo"), json!({}), 409).await;
    assert!(s["error"].as_str().unwrap().contains("no move"));
    let s = get(&app, &base, 200).await;
    assert_eq!(s["reserves"]["white"]["E"], 1);
    assert_eq!(s["ply"], 0);
}

#[tokio::test]
async fn votes_in_the_rule_files_order_and_the_engines_ballot() {
    let app = app();
    let g = post(&app, "/api/games", json!({"variant": "basilisk"}), 201).await;
    let base = format!("/api/games/{}", g["id"].as_str().unwrap());
    let e = post(
        &app,
        &format!("{base}/vote"),
        json!({"player": "black", "answer": "no"}),
        400,
    )
    .await;
    assert!(e["error"].as_str().unwrap().contains("out of turn"), "{e}");
    post(
        &app,
        &format!("{base}/vote"),
        json!({"player": "white", "answer": "maybe"}),
        400,
    )
    .await;
    post(
        &app,
        &format!("{base}/vote"),
        json!({"player": "nobody", "answer": "no"}),
        400,
    )
    .await;
    post(
        &app,
        &format!("{base}/vote"),
        json!({"player": "white"}),
        400,
    )
    .await;
    let s = post(
        &app,
        &format!("{base}/vote"),
        json!({"player": "white", "answer": "no"}),
        200,
    )
    .await;
    assert_eq!(s["votes"][0]["asked"], "black");
    let s = post(
        &app,
        &format!("{base}/vote"),
        json!({"player": "black", "engine": true}),
        200,
    )
    .await;
    assert_eq!(s["vote_pending"], false, "{s}");
    let result = s["votes"][0]["result"].as_str().unwrap();
    assert!(["no", "yes"].contains(&result));
    assert_eq!(s["votes"][0]["ballots"][1]["player"], "black");
    // Options given: no vote.
    let s = post(
        &app,
        "/api/games",
        json!({"variant": "perier", "options": {"extra": "no"}}),
        201,
    )
    .await;
    assert_eq!(s["vote_pending"], false);
    assert_eq!(s["votes"], json!([]));
    post(
        &app,
        "/api/games",
        json!({"variant": "perier", "options": {"nosuch": "no"}}),
        400,
    )
    .await;
    post(
        &app,
        "/api/games",
        json!({"variant": "chess", "options": {"extra": "no"}}),
        400,
    )
    .await;
}

#[tokio::test]
async fn the_end_of_a_game_and_what_is_refused_after_it() {
    let app = app();
    let g = post(&app, "/api/games", json!({"variant": "chess"}), 201).await;
    let base = format!("/api/games/{}", g["id"].as_str().unwrap());
    for m in ["f3", "e5", "g4"] {
        post(&app, &format!("{base}/moves"), json!({"move": m}), 200).await;
    }
    let s = post(&app, &format!("{base}/moves"), json!({"move": "Qh4#"}), 200).await;
    assert_eq!(s["result"], "0-1");
    assert_eq!(s["reason"], "checkmate");
    assert_eq!(s["check"], true);
    assert_eq!(s["legal"], json!([]));
    let e = post(&app, &format!("{base}/moves"), json!({"move": "a2a3"}), 409).await;
    assert!(e["error"].as_str().unwrap().contains("over"), "{e}");
    post(&app, &format!("{base}/engine"), json!({"depth": 1}), 409).await;
    let pgn = call_text(&app, "GET", &format!("{base}/pgn"), None).await.1;
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.contains("Qh4# 0-1"),
        "{pgn}"
    );
    // Undo reopens it.
    let s = post(&app, &format!("{base}/undo"), json!({}), 200).await;
    assert_eq!(s["result"], Value::Null);
}

#[tokio::test]
async fn bad_requests_get_4xx_json_and_the_game_survives() {
    let app = app();
    let g = post(&app, "/api/games", json!({"variant": "chess"}), 201).await;
    let base = format!("/api/games/{}", g["id"].as_str().unwrap());
    post(&app, &format!("{base}/moves"), json!({"move": "e4"}), 200).await;
    let cases: Vec<(&str, String, &str, u16, &str)> = vec![
        (
            "POST",
            format!("{base}/moves"),
            "{\"move\":",
            400,
            "malformed JSON",
        ),
        (
            "POST",
            format!("{base}/moves"),
            "[1, 2]",
            400,
            "bad request body",
        ),
        (
            "POST",
            format!("{base}/moves"),
            "{\"move\": 5}",
            400,
            "bad request body",
        ),
        (
            "POST",
            format!("{base}/moves"),
            "{\"move\": \"e2e4\"}",
            400,
            "illegal move",
        ),
        (
            "POST",
            format!("{base}/moves"),
            "{\"move\": \"zz\"}",
            400,
            "not a move",
        ),
        (
            "POST",
            format!("{base}/moves"),
            "{\"move\": \"Nxe4\"}",
            400,
            "illegal",
        ),
        (
            "POST",
            format!("{base}/engine"),
            "{\"depth\": 99}",
            400,
            "depth",
        ),
        (
            "POST",
            format!("{base}/engine"),
            "{\"movetime_ms\": 0}",
            400,
            "movetime_ms",
        ),
        (
            "POST",
            format!("{base}/engine"),
            "{\"level\": 11}",
            400,
            "level",
        ),
        (
            "POST",
            format!("{base}/engine"),
            "{\"level\": 1, \"depth\": 1}",
            400,
            "one of",
        ),
        (
            "POST",
            format!("{base}/engine"),
            "{\"speed\": 1}",
            400,
            "unknown field",
        ),
        (
            "POST",
            format!("{base}/vote"),
            "{\"player\": \"white\", \"answer\": \"no\"}",
            409,
            "no vote",
        ),
        ("GET", format!("{base}/analysis?depth=0"), "", 400, "depth"),
        ("GET", "/api/games/12345".into(), "", 404, "unknown game"),
        ("GET", "/api/games/abc/pgn".into(), "", 404, "unknown game"),
        (
            "POST",
            "/api/games/777/moves".into(),
            "{\"move\": \"e4\"}",
            404,
            "unknown game",
        ),
        (
            "GET",
            "/api/variants/nosuch".into(),
            "",
            404,
            "unknown variant",
        ),
        ("GET", "/api/nothing".into(), "", 404, "unknown path"),
        ("POST", "/api/games".into(), "{}", 400, "variant"),
        (
            "POST",
            "/api/games".into(),
            "{\"variant\": \"nosuch\"}",
            404,
            "unknown variant",
        ),
        (
            "POST",
            "/api/games".into(),
            "{\"variant\": \"chess\", \"fen\": \"8/8/8 w - - 0 1\"}",
            400,
            "bad FEN",
        ),
        (
            "POST",
            "/api/games".into(),
            "{\"pgn\": \"1. e4 e5\"}",
            400,
            "variant",
        ),
        (
            "POST",
            "/api/games".into(),
            "{\"variant\": \"chess\", \"pgn\": \"1. e4 e4\"}",
            400,
            "move 2",
        ),
        (
            "POST",
            "/api/games".into(),
            "{\"variant\": \"chess\", \"pgn\": \"[Event x]\"}",
            400,
            "bad PGN",
        ),
    ];
    for (method, path, body, status, words) in cases {
        let (s, v) = call(&app, method, &path, Some(body)).await;
        assert_eq!(s.as_u16(), status, "{method} {path} {body}: {v}");
        let msg = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error field: {v}"));
        assert!(
            msg.contains(words),
            "{method} {path} {body}: `{msg}` lacks `{words}`"
        );
    }
    // Too large.
    let big = format!("{{\"move\": \"{}\"}}", "x".repeat(300 * 1024));
    let (s, v) = call(&app, "POST", &format!("{base}/moves"), Some(&big)).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert!(v["error"].as_str().unwrap().contains("larger than"));
    // The game is as it was.
    let s = get(&app, &base, 200).await;
    assert_eq!(s["ply"], 1);
    assert_eq!(s["turn"], "black");
}

#[tokio::test]
async fn the_engine_moves_at_a_depth_a_time_and_a_level() {
    let app = app();
    let g = post(&app, "/api/games", json!({"variant": "gustavian"}), 201).await;
    let base = format!("/api/games/{}", g["id"].as_str().unwrap());
    let s = post(&app, &format!("{base}/engine"), json!({"depth": 2}), 200).await;
    assert_eq!(s["ply"], 1);
    assert_eq!(s["engine"]["depth"], 2);
    assert_eq!(s["history"][0]["move"], s["engine"]["move"]);
    let t = Instant::now();
    let s = post(
        &app,
        &format!("{base}/engine"),
        json!({"movetime_ms": 200}),
        200,
    )
    .await;
    assert!(t.elapsed() < Duration::from_secs(3));
    assert_eq!(s["ply"], 2);
    let s = post(&app, &format!("{base}/engine"), json!({"level": 1}), 200).await;
    assert_eq!(s["ply"], 3);
    let s = post(&app, &format!("{base}/engine"), json!({}), 200).await;
    assert_eq!(s["ply"], 4);
    assert!(s["engine"]["score"].is_object());
}

/// Read server-sent events from a body until `stop` says so (or 20 s pass).
async fn read_events(
    body: &mut Body,
    mut stop: impl FnMut(&str, &Value) -> bool,
) -> Vec<(String, Value)> {
    let mut buf = String::new();
    let mut out = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(frame))) = tokio::time::timeout(left, body.frame()).await else {
            return out;
        };
        let Ok(chunk) = frame.into_data() else {
            continue;
        };
        buf.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let mut event = "message".to_string();
            let mut data = String::new();
            for l in block.lines() {
                if let Some(e) = l.strip_prefix("event: ") {
                    event = e.to_string();
                } else if let Some(d) = l.strip_prefix("data: ") {
                    data.push_str(d);
                }
            }
            if data.is_empty() {
                continue;
            }
            let v: Value = serde_json::from_str(&data).unwrap_or(Value::String(data));
            let done = stop(&event, &v);
            out.push((event, v));
            if done {
                return out;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_streams_depths_and_stops_when_the_client_goes() {
    // One search slot: the analysis must give it back when dropped.
    let (_, app) = app_with(Config {
        search_slots: 1,
        permit_wait: Duration::from_secs(3),
        ..config()
    });
    let g = post(&app, "/api/games", json!({"variant": "chess"}), 201).await;
    let base = format!("/api/games/{}", g["id"].as_str().unwrap());
    // To a depth: ends with `done`.
    let req = Request::get(format!("{base}/analysis?depth=3"))
        .body(Body::empty())
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let events = read_events(&mut resp.into_body(), |e, _| e == "done").await;
    let infos: Vec<&Value> = events
        .iter()
        .filter(|(e, _)| e == "info")
        .map(|(_, v)| v)
        .collect();
    assert_eq!(infos.len(), 3, "{events:?}");
    assert_eq!(infos[2]["depth"], 3);
    assert!(infos[2]["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
    assert!(infos[2]["score"].is_object() && infos[2]["nps"].is_number());
    assert_eq!(events.last().unwrap().0, "done");
    // Unbounded: read two depths, then hang up.
    let req = Request::get(format!("{base}/analysis"))
        .body(Body::empty())
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let mut body = resp.into_body();
    let events = read_events(&mut body, |_, v| v["depth"] == 2).await;
    drop(body);
    assert!(events.len() >= 2, "{events:?}");
    // The body was dropped: the search stops and frees its slot, so an
    // engine move gets it (within the 3 s wait).
    let t = Instant::now();
    post(&app, &format!("{base}/engine"), json!({"depth": 1}), 200).await;
    assert!(t.elapsed() < Duration::from_secs(3));
}

#[tokio::test]
async fn the_oldest_idle_game_is_evicted() {
    let (_, app) = app_with(Config {
        max_games: 3,
        ..config()
    });
    let mut ids = Vec::new();
    for _ in 0..3 {
        let g = post(&app, "/api/games", json!({"variant": "chess"}), 201).await;
        ids.push(g["id"].as_str().unwrap().to_string());
    }
    // Game 1 is used again; game 2 is idle longest.
    get(&app, &format!("/api/games/{}", ids[0]), 200).await;
    post(&app, "/api/games", json!({"variant": "chess"}), 201).await;
    get(&app, &format!("/api/games/{}", ids[0]), 200).await;
    get(&app, &format!("/api/games/{}", ids[1]), 404).await;
    get(&app, &format!("/api/games/{}", ids[2]), 200).await;
}

#[tokio::test]
async fn many_games_at_once() {
    let app = app();
    let mut tasks = Vec::new();
    for i in 0..16 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let g = post(
                &app,
                "/api/games",
                json!({"variant": "gustavian-crab"}),
                201,
            )
            .await;
            let base = format!("/api/games/{}", g["id"].as_str().unwrap());
            for m in ["e2e4", "e7e5"] {
                post(&app, &format!("{base}/moves"), json!({"move": m}), 200).await;
            }
            if i % 4 == 0 {
                post(&app, &format!("{base}/engine"), json!({"depth": 1}), 200).await;
            }
            get(&app, &base, 200).await["ply"].as_u64().unwrap()
        }));
    }
    for (i, t) in tasks.into_iter().enumerate() {
        assert_eq!(t.await.unwrap(), if i % 4 == 0 { 3 } else { 2 });
    }
}

#[tokio::test]
async fn the_page_is_served_from_the_binary() {
    let app = app();
    let (s, html) = call_text(&app, "GET", "/", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        html.to_ascii_lowercase().contains("<!doctype html"),
        "{html}"
    );
    let (s, _) = call_text(&app, "GET", "/no/such/file.js", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_reloads_a_changed_file_with_errors_tests_and_games() {
    let dir = tempdir("watch");
    let file = dir.join("mine.variant");
    let good = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/chess.variant"))
        .unwrap();
    std::fs::write(&file, &good).unwrap();
    let (state, app) = app_with(Config {
        files: vec![file.clone()],
        bundled: false,
        watch: true,
        poll: Duration::from_millis(50),
        ..config()
    });
    tokio::spawn(myriad::server::watch::run(state.clone()));
    // A game in progress, and a listener.
    let g = post(&app, "/api/games", json!({"variant": "mine"}), 201).await;
    let base = format!("/api/games/{}", g["id"].as_str().unwrap());
    post(&app, &format!("{base}/moves"), json!({"move": "e4"}), 200).await;
    let resp = app
        .clone()
        .oneshot(Request::get("/api/events").body(Body::empty()).unwrap())
        .await
        .unwrap();
    let mut body = resp.into_body();
    // Break it: the events carry the located error.
    let broken = good.replacen("piece Queen", "piece Queen Queen", 1);
    tokio::time::sleep(Duration::from_millis(30)).await;
    std::fs::write(&file, &broken).unwrap();
    let events = read_events(&mut body, |e, _| e == "reload").await;
    let (_, ev) = events
        .iter()
        .find(|(e, _)| e == "reload")
        .expect("a reload event");
    assert_eq!(ev["variant"], "mine");
    assert_eq!(ev["status"], "error", "{ev}");
    let d = &ev["diagnostics"][0];
    assert!(
        d["line"].as_u64().unwrap() > 1 && d["col"].as_u64().unwrap() >= 1,
        "{d}"
    );
    assert!(
        d["source_line"]
            .as_str()
            .unwrap()
            .contains("piece Queen Queen"),
        "{d}"
    );
    assert!(d["code"].is_string() && d["file"].as_str().unwrap().ends_with("mine.variant"));
    assert!(
        ev["rendered"].as_str().unwrap().contains("mine.variant:"),
        "{ev}"
    );
    let v = get(&app, "/api/variants/mine", 200).await;
    assert_eq!(v["status"], "error");
    let s = get(&app, &base, 200).await;
    assert!(s["notice"].as_str().unwrap().contains("errors"), "{s}");
    // Fix it, with a changed piece value: the game goes on.
    let fixed = good.replacen("value 9", "value 9.5", 1);
    assert_ne!(fixed, good);
    let mut rx = state.events.subscribe();
    std::fs::write(&file, &fixed).unwrap();
    let ev = wait_reload(&mut rx, "mine", |v| v["status"] == "ok").await;
    assert_eq!(ev["games"][0]["kept"], true, "{ev}");
    let tests = ev["tests"].as_array().unwrap();
    assert!(
        !tests.is_empty() && tests.iter().all(|t| t["passed"] == true),
        "{ev}"
    );
    let s = get(&app, &base, 200).await;
    assert_eq!(s["ply"], 1, "{s}");
    assert!(s["notice"].as_str().unwrap().contains("goes on"), "{s}");
    let q = get(&app, "/api/variants/mine", 200).await;
    let queen = q["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["letter"] == "Q")
        .unwrap()
        .clone();
    assert_eq!(queen["value"], 950);
    post(&app, &format!("{base}/moves"), json!({"move": "e5"}), 200).await;
    // Rules the position no longer fits (the queen's letter changes, so
    // the FEN's `Q` means nothing): the game keeps the rules it had.
    // (The file's tests are left out: their FENs have queens too.)
    let other = without_tests(&fixed).replacen("piece Queen \"Q\"", "piece Queen \"A\"", 1);
    assert_ne!(other, fixed);
    std::fs::write(&file, &other).unwrap();
    let ev = wait_reload(&mut rx, "mine", |_| true).await;
    assert_eq!(ev["status"], "ok", "{ev}");
    assert_eq!(ev["games"][0]["kept"], false, "{ev}");
    let s = get(&app, &base, 200).await;
    assert!(s["notice"].as_str().unwrap().contains("not legal"), "{s}");
    post(&app, &format!("{base}/moves"), json!({"move": "Nf3"}), 200).await;
    // A new game takes the new rules.
    let g = post(&app, "/api/games", json!({"variant": "mine"}), 201).await;
    assert!(g["fen"].as_str().unwrap().contains("RNBAKBNR"), "{g}");
}

/// A rule file without its `test` blocks (written at two spaces' indent).
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for l in text.lines() {
        if l.starts_with("  test \"") {
            skipping = true;
        }
        if !skipping {
            out.push_str(l);
            out.push('\n');
        }
        if skipping && l == "  }" {
            skipping = false;
        }
    }
    out
}

/// Wait for the next reload of `id` whose event passes `ok`.
async fn wait_reload(
    rx: &mut tokio::sync::broadcast::Receiver<String>,
    id: &str,
    ok: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, rx.recv())
            .await
            .expect("a reload within 20 s")
            .expect("the channel");
        let v: Value = serde_json::from_str(&msg).unwrap();
        if v["type"] == "reload" && v["variant"] == id && ok(&v) {
            return v;
        }
    }
}
