//! `myriad balance` as a user runs it: short depth-limited runs (deterministic,
//! never timed) whose JSON adds up, whose SVG is well formed, whose piece
//! values name every piece; bad arguments fail cleanly. And the regression
//! behind `--values` on games whose results are known.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn myriad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("myriad runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("myriad-balance-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run `myriad balance` with `args` (the rule file first), writing into
/// `dir`; the parsed JSON, the SVG text and the stdout report. The PGN is
/// there too, one game per round.
fn run(dir: &Path, args: &[&str]) -> (Value, String, String) {
    let mut all: Vec<&str> = vec!["balance"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", dir.to_str().unwrap()]);
    let o = myriad(&all);
    assert!(o.status.success(), "{all:?}: {}", stderr(&o));
    let stem = Path::new(args[0]).file_stem().unwrap().to_str().unwrap();
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{stem}.json"))).unwrap())
            .unwrap();
    let pgn = std::fs::read_to_string(dir.join(format!("{stem}.pgn"))).unwrap();
    let games: u64 = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| count(o, "games"))
        .sum();
    assert_eq!(pgn.matches("[Event ").count() as u64, games, "{pgn}");
    let svg = std::fs::read_to_string(dir.join(format!("{stem}.svg"))).unwrap();
    (v, svg, stdout(&o))
}

fn num(v: &Value, k: &str) -> f64 {
    v[k].as_f64()
        .unwrap_or_else(|| panic!("no number {k} in {v}"))
}

fn count(v: &Value, k: &str) -> u64 {
    v[k].as_u64()
        .unwrap_or_else(|| panic!("no count {k} in {v}"))
}

/// Every count of one outcome's report adds up to its games.
fn check_outcome(o: &Value, games: u64, max_plies: u64) {
    assert_eq!(count(o, "games"), games, "{o}");
    let (w, b, d) = (
        count(o, "white_wins"),
        count(o, "black_wins"),
        count(o, "draws"),
    );
    assert_eq!(w + b + d, games, "{o}");
    assert!((num(o, "draw_rate") - d as f64 / games as f64).abs() < 1e-9);
    let s = &o["white_score"];
    let mean = (w as f64 + d as f64 / 2.0) / games as f64;
    assert!((num(s, "mean") - mean).abs() < 1e-9, "{s}");
    // A score's standard error is at most 0.5 / sqrt(n - 1) (half wins, half losses).
    assert!(num(s, "std_error") >= 0.0, "{s}");
    if games > 1 {
        assert!(
            num(s, "std_error") <= 0.5 / ((games - 1) as f64).sqrt() + 1e-9,
            "{s}"
        );
    }
    // The interval is at least as wide as mean ± 1.96 SE where that fits in
    // [0, 1] less a little (Wilson's centre moves towards 0.5 by z²/2n).
    assert!(num(s, "high") - num(s, "low") <= 1.0, "{s}");
    assert!(
        0.0 <= num(s, "low") && num(s, "low") <= num(s, "mean"),
        "{s}"
    );
    assert!(
        num(s, "mean") <= num(s, "high") && num(s, "high") <= 1.0,
        "{s}"
    );
    assert!(
        num(s, "low") < num(s, "high"),
        "an interval has a width: {s}"
    );
    let l = &o["length"];
    let (min, max) = (count(l, "min") as f64, count(l, "max") as f64);
    assert!(min <= num(l, "median") && num(l, "median") <= max, "{l}");
    assert!(min <= num(l, "mean") && num(l, "mean") <= max, "{l}");
    assert!(max <= max_plies as f64, "{l}");
    let hist: u64 = l["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(hist, games, "{l}");
    let bars = l["histogram"].as_array().unwrap().len() as u64;
    assert!(bars * count(l, "bin") >= max_plies, "{l}");
    let endings = o["endings"].as_array().unwrap();
    let mut total = 0;
    for e in endings {
        let n = count(e, "games");
        assert_eq!(
            count(e, "white") + count(e, "black") + count(e, "draws"),
            n,
            "{e}"
        );
        total += n;
        if e["reason"] == "ply cap" {
            assert_eq!(count(e, "draws"), n, "the ply cap adjudicates draws: {e}");
        }
    }
    assert_eq!(total, games, "{o}");
    // Every round once, in order, engines A and B alternating White.
    let rounds = o["rounds"].as_array().unwrap();
    assert_eq!(rounds.len() as u64, games, "{o}");
    for (i, r) in rounds.iter().enumerate() {
        assert_eq!(count(r, "round"), i as u64 + 1, "{r}");
        assert_eq!(r["white"], if i % 2 == 0 { "A" } else { "B" }, "{r}");
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(&r["result"].as_str().unwrap()),
            "{r}"
        );
    }
}

/// The SVG's tags open and close in order, and it is one `<svg>` element.
fn check_svg(svg: &str) {
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        let j = rest[i..].find('>').expect("every tag closes") + i;
        let tag = &rest[i + 1..j];
        assert!(!tag.contains('<'), "a tag inside a tag: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "close of {name}");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap().to_string());
        }
        // Text between tags has no bare ampersand.
        let text_end = rest[j..].find('<').map_or(rest.len(), |k| k + j);
        let text = &rest[j + 1..text_end];
        for (k, _) in text.match_indices('&') {
            let ent = &text[k..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;"]
                    .iter()
                    .any(|e| ent.starts_with(e)),
                "bare & in {text}"
            );
        }
        rest = &rest[j + 1..];
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
}

#[test]
fn a_short_run_adds_up_and_draws_a_chart() {
    let dir = scratch("short");
    let (v, svg, text) = run(
        &dir,
        &[
            "rules/chess.variant",
            "--games",
            "4",
            "--depth",
            "1",
            "--max-plies",
            "60",
            "--concurrency",
            "2",
        ],
    );
    assert_eq!(v["variant"], "Chess");
    assert_eq!(count(&v, "games_per_outcome"), 4);
    assert_eq!(count(&v, "max_plies"), 60);
    assert_eq!(v["limits"], "depth 1");
    let outs = v["outcomes"].as_array().unwrap();
    assert_eq!(outs.len(), 1, "chess has no vote: one outcome");
    assert_eq!(outs[0]["label"], "start");
    assert!(outs[0].get("values").is_none(), "values only with --values");
    check_outcome(&outs[0], 4, 60);
    check_svg(&svg);
    assert!(svg.contains(">start<"), "the outcome is labelled");
    assert!(
        text.contains("white score") && text.contains("ended by"),
        "{text}"
    );
}

#[test]
fn each_outcome_of_the_vote_is_played_and_values_name_every_piece() {
    let dir = scratch("vote");
    let (v, svg, text) = run(
        &dir,
        &[
            "rules/perier.variant",
            "--games",
            "3",
            "--depth",
            "1",
            "--max-plies",
            "80",
            "--values",
        ],
    );
    let outs = v["outcomes"].as_array().unwrap();
    let labels: Vec<&str> = outs.iter().map(|o| o["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["extra=no", "extra=yes"]);
    check_svg(&svg);
    for o in outs {
        check_outcome(o, 3, 80);
        let vals = &o["values"];
        let pieces = vals["pieces"].as_array().unwrap();
        // Every piece that is not royal, with the value its rule file writes.
        let written: Vec<(&str, f64)> = pieces
            .iter()
            .map(|p| (p["piece"].as_str().unwrap(), num(p, "file")))
            .collect();
        assert_eq!(
            written,
            [
                ("Queen", 9.0),
                ("Rook", 5.0),
                ("Bishop", 3.25),
                ("Knight", 3.0),
                ("Pawn", 1.0),
                ("Perier", 4.0)
            ]
        );
        assert!(count(vals, "positions") > 0, "{vals}");
        for p in pieces {
            // Estimated exactly when the two sides' counts ever differed.
            assert_eq!(p["logit"].is_number(), count(p, "imbalanced") > 0, "{p}");
            if p["estimate"].is_number() {
                assert!(num(p, "error") >= 0.0, "{p}");
            }
        }
        // The Perier is in reserve on both sides or on neither: with the
        // extra pieces it is counted, never without them.
        let perier = pieces.iter().find(|p| p["piece"] == "Perier").unwrap();
        if o["label"] == "extra=no" {
            assert_eq!(count(perier, "imbalanced"), 0, "{perier}");
        }
    }
    assert!(text.contains("piece values"), "{text}");
    assert!(
        svg.contains("Piece values"),
        "the chart has the values panel"
    );
    assert!(svg.contains(">Perier (E)<"), "one row per piece");
}

#[test]
fn a_fixed_option_plays_one_outcome() {
    let dir = scratch("fixed");
    let (v, _, _) = run(
        &dir,
        &[
            "rules/basilisk.variant",
            "--games",
            "2",
            "--depth",
            "1",
            "--max-plies",
            "40",
            "--option",
            "extra=yes",
        ],
    );
    let outs = v["outcomes"].as_array().unwrap();
    assert_eq!(outs.len(), 1);
    assert_eq!(outs[0]["label"], "extra=yes");
    assert_eq!(outs[0]["options"][0]["name"], "extra");
    check_outcome(&outs[0], 2, 40);
}

#[test]
fn depth_limited_games_do_not_depend_on_the_threads() {
    let a = scratch("threads-1");
    let b = scratch("threads-2");
    let args = [
        "rules/chess.variant",
        "--games",
        "4",
        "--depth",
        "2",
        "--max-plies",
        "50",
        "--values",
    ];
    let mut one: Vec<&str> = args.to_vec();
    one.extend(["--concurrency", "1"]);
    let mut two: Vec<&str> = args.to_vec();
    two.extend(["--concurrency", "3"]);
    let (mut x, _, _) = run(&a, &one);
    let (mut y, _, _) = run(&b, &two);
    assert_eq!(x["concurrency"], 1);
    assert_eq!(y["concurrency"], 3);
    x["concurrency"] = Value::Null;
    y["concurrency"] = Value::Null;
    assert_eq!(x, y, "game i is seeded by i and searched to a fixed depth");
}

#[test]
fn bad_arguments_fail_cleanly() {
    let dir = scratch("bad");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    std::fs::create_dir_all(dir.join("perier.json")).unwrap();
    let out = dir.display().to_string();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["--games".into(), "0".into()], "--games"),
        (vec!["--games".into(), "many".into()], "--games"),
        (vec!["--concurrency".into(), "0".into()], "--concurrency"),
        (vec!["--max-plies".into(), "0".into()], "--max-plies"),
        (vec!["--movetime".into(), "0".into()], "--movetime"),
        (vec!["--depth".into(), "0".into()], "--depth"),
        (vec!["--option".into(), "nope=1".into()], "nope"),
        (vec!["--option".into(), "extra=maybe".into()], "maybe"),
        (vec!["--option".into(), "extra".into()], "NAME=VALUE"),
        (
            vec!["--out".into(), file.display().to_string()],
            "not a directory",
        ),
        (vec!["--out".into(), out.clone()], "is a directory"),
    ];
    for (extra, expect) in cases {
        let mut args: Vec<String> = [
            "balance",
            "rules/perier.variant",
            "--games",
            "1",
            "--depth",
            "1",
        ]
        .map(String::from)
        .to_vec();
        if !extra.contains(&"--out".to_string()) {
            args.extend(["--out".into(), dir.join("unused").display().to_string()]);
        }
        args.extend(extra.clone());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = myriad(&refs);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(expect), "{extra:?}: {}", stderr(&o));
        assert!(
            !stderr(&o).contains("panicked"),
            "{extra:?}: {}",
            stderr(&o)
        );
        assert!(
            stdout(&o).is_empty(),
            "{extra:?}: no report: {}",
            stdout(&o)
        );
    }
    // Bad options are refused before the output directory is made.
    assert!(!dir.join("unused").exists(), "nothing made on a failure");
    let missing = dir.join("missing");
    let o = myriad(&[
        "balance",
        "no-such-file.variant",
        "--games",
        "1",
        "--out",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("no-such-file.variant"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert!(!missing.exists(), "nothing written on a failure");
}

#[test]
fn the_regression_recovers_planted_values() {
    use myriad::workbench::balance_values::{Sample, estimate_values};
    let game = myriad::load::load(&root().join("rules/chess.variant")).unwrap();
    let rules = &game.variant.rules;
    let kind = |name: &str| rules.pieces.iter().position(|p| p.name == name).unwrap();
    let (q, n, p) = (kind("Queen"), kind("Knight"), kind("Pawn"));
    // Games of one position each, whose score is exactly the logistic of
    // 0.9 per queen, 0.3 per knight, 0.1 per pawn more: the fit finds these
    // log-odds, and scaled to the file's units they keep their ratios.
    let truth = |d: &Sample| 0.9 * f64::from(d[q]) + 0.3 * f64::from(d[n]) + 0.1 * f64::from(d[p]);
    let mut games: Vec<(f64, Vec<Sample>)> = Vec::new();
    for dq in -1i16..=1 {
        for dn in -2i16..=2 {
            for dp in -3i16..=3 {
                let mut s = vec![0i16; rules.pieces.len()];
                s[q] = dq;
                s[n] = dn;
                s[p] = dp;
                let y = 1.0 / (1.0 + (-truth(&s)).exp());
                for _ in 0..20 {
                    games.push((y, vec![s.clone()]));
                }
            }
        }
    }
    let refs: Vec<(f64, &[Sample])> = games.iter().map(|(y, s)| (*y, s.as_slice())).collect();
    let v = estimate_values(rules, &refs);
    assert_eq!(v.positions, games.len());
    let get = |name: &str| v.pieces.iter().find(|x| x.piece == name).unwrap();
    for (name, b) in [("Queen", 0.9), ("Knight", 0.3), ("Pawn", 0.1)] {
        let l = get(name).logit.unwrap();
        assert!((l - b).abs() < 0.01, "{name}: {l} for {b}");
    }
    for name in ["Rook", "Bishop"] {
        assert_eq!(get(name).logit, None, "{name} was never imbalanced");
        assert_eq!(get(name).imbalanced, 0);
    }
    let (eq, ep) = (
        get("Queen").estimate.unwrap(),
        get("Pawn").estimate.unwrap(),
    );
    assert!((eq / ep - 9.0).abs() < 0.3, "queen/pawn {eq}/{ep}");
    assert!(v.scale.unwrap() > 0.0);
}
