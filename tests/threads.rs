//! Search threads from the front ends: UCI's `Threads` option, XBoard's
//! `cores`, and `--threads` of `myriad bestmove` and `analyze`. Each starts
//! the threads it asks for (counted in /proc on Linux while the engine
//! searches), answers with a legal move and stops at once on `stop`.
//! No timings are asserted beyond generous bounds for a loaded machine.

mod common;

use common::Engine;
use std::process::Command;
use std::time::{Duration, Instant};

use myriad::load::load;
use myriad::notation::parse_fen;

const MIDDLEGAME: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";

fn myriad() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_myriad"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Lines up to one starting with `end`, within `secs` seconds.
fn until(e: &mut Engine, end: &str, secs: u64) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(secs);
    match e.until(end, deadline) {
        Ok((got, _)) => got,
        Err((got, why)) => panic!("no `{end}` ({why:?}); got {got:?}"),
    }
}

fn send(e: &mut Engine, line: &str) {
    assert!(e.write_line(line.as_bytes()), "write `{line}`");
}

/// Threads of the process `pid` (None where /proc is not there).
fn os_threads(pid: u32) -> Option<usize> {
    Some(std::fs::read_dir(format!("/proc/{pid}/task")).ok()?.count())
}

fn is_legal_chess(fen: &str, mv: &str) -> bool {
    let root = env!("CARGO_MANIFEST_DIR");
    let game = load(&std::path::Path::new(root).join("rules/chess.variant")).unwrap();
    let v = &game.variant;
    let mut pos = parse_fen(v, fen).unwrap();
    let mut legal = Vec::new();
    v.legal_moves(&mut pos, &mut legal);
    legal
        .iter()
        .any(|&m| myriad::notation::move_to_string(v, m) == mv)
}

/// Threads of `myriad uci` during `go infinite` with `Threads` at `n`,
/// and the move it answers `stop` with.
fn uci_infinite(n: usize) -> (Option<usize>, String) {
    let mut e = Engine::uci();
    send(&mut e, "uci");
    let options = until(&mut e, "uciok", 30);
    assert!(
        options.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()),
        "{options:?}"
    );
    send(&mut e, &format!("setoption name Threads value {n}"));
    send(&mut e, &format!("position fen {MIDDLEGAME}"));
    send(&mut e, "isready");
    until(&mut e, "readyok", 30);
    send(&mut e, "go infinite");
    // The first report comes once every thread has started.
    until(&mut e, "info depth", 30);
    let threads = os_threads(e.child.id());
    std::thread::sleep(Duration::from_millis(200));
    send(&mut e, "stop");
    let t = Instant::now();
    let lines = until(&mut e, "bestmove", 10);
    assert!(t.elapsed() < Duration::from_secs(10));
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    send(&mut e, "quit");
    assert!(e.child.wait().unwrap().success());
    (threads, best)
}

#[test]
fn uci_threads_start_helpers_and_stop_on_stop() {
    let (one, best1) = uci_infinite(1);
    let (three, best3) = uci_infinite(3);
    assert!(is_legal_chess(MIDDLEGAME, &best1), "{best1}");
    assert!(is_legal_chess(MIDDLEGAME, &best3), "{best3}");
    // Two helpers besides the search thread.
    if let (Some(one), Some(three)) = (one, three) {
        assert_eq!(
            three,
            one + 2,
            "threads: {one} with Threads 1, {three} with 3"
        );
    }
}

#[test]
fn uci_threads_find_a_mate_and_refuse_bad_values() {
    let mut e = Engine::uci();
    for bad in ["0", "257", "two", ""] {
        send(&mut e, &format!("setoption name Threads value {bad}"));
        send(&mut e, "isready");
        let got = until(&mut e, "readyok", 30);
        assert_eq!(
            got[0],
            format!("info string error: setoption Threads: `{bad}` is not 1..256"),
            "{got:?}"
        );
    }
    send(&mut e, "setoption name Threads value 2");
    send(&mut e, &format!("position fen {MATE_IN_ONE}"));
    send(&mut e, "go depth 6");
    let got = until(&mut e, "bestmove", 60);
    assert_eq!(got.last().unwrap(), "bestmove a1a8", "{got:?}");
    assert!(got[got.len() - 2].contains("score mate 1"), "{got:?}");
    // Threads set during a search: the search stops, the next uses it.
    send(&mut e, "position startpos");
    send(&mut e, "go infinite");
    until(&mut e, "info depth", 30);
    send(&mut e, "setoption name Threads value 4");
    until(&mut e, "bestmove", 10);
    send(&mut e, "go depth 3");
    until(&mut e, "bestmove", 60);
    send(&mut e, "quit");
    assert!(e.child.wait().unwrap().success());
}

/// Threads of `myriad xboard` analysing after `cores n` (none sent: None).
fn xboard_analysis(cores: Option<&str>) -> (Option<usize>, Vec<String>) {
    let mut e = Engine::spawn(myriad().arg("xboard"));
    send(&mut e, "xboard");
    send(&mut e, "protover 2");
    let features = until(&mut e, "feature done=1", 30);
    assert!(
        features.iter().any(|l| l.contains(" smp=1")),
        "{features:?}"
    );
    send(&mut e, "new");
    send(&mut e, "force");
    let mut errors = Vec::new();
    if let Some(n) = cores {
        send(&mut e, &format!("cores {n}"));
        send(&mut e, "ping 1");
        errors = until(&mut e, "pong 1", 30);
        errors.pop();
    }
    send(&mut e, "post");
    send(&mut e, "analyze");
    // A thinking line: the threads have started.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, line) = e
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("thinking output");
        if line.split_whitespace().count() >= 5
            && line
                .split_whitespace()
                .next()
                .unwrap()
                .parse::<u32>()
                .is_ok()
        {
            break;
        }
    }
    let threads = os_threads(e.child.id());
    send(&mut e, "exit");
    send(&mut e, "ping 2");
    until(&mut e, "pong 2", 10);
    send(&mut e, "quit");
    assert!(e.child.wait().unwrap().success());
    (threads, errors)
}

#[test]
fn xboard_cores_sets_the_search_threads() {
    let (one, _) = xboard_analysis(None);
    let (four, errors) = xboard_analysis(Some("4"));
    assert!(errors.is_empty(), "{errors:?}");
    if let (Some(one), Some(four)) = (one, four) {
        assert_eq!(
            four,
            one + 3,
            "threads: {one} by default, {four} with cores 4"
        );
    }
    let (_, errors) = xboard_analysis(Some("none"));
    assert_eq!(errors, vec!["Error (bad cores): none".to_string()]);
}

#[test]
fn bestmove_and_analyze_take_threads() {
    for cmd in ["bestmove", "analyze"] {
        let out = myriad()
            .args([cmd, "rules/chess.variant", "--fen", MATE_IN_ONE])
            .args(["--depth", "6", "--threads", "2"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.ends_with("bestmove a1a8\n"), "{cmd}: {text}");
        assert!(text.contains("score mate 1"), "{cmd}: {text}");
        let out = myriad()
            .args([cmd, "rules/chess.variant", "--depth", "2", "--threads", "0"])
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("--threads"), "{err}");
    }
}
