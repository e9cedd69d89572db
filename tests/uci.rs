//! `myriad uci` end to end: a transcript of a session driven over stdin, one
//! command at a time (each answered before the next is sent), as a snapshot.
//!
//! The numbers of the search (scores, node counts, principal variations, the
//! move chosen) change whenever the search is tuned, so the snapshot shows
//! them redacted; the tests check them separately: every `bestmove` is legal,
//! and a fixed-depth search reports the same lines every time.

mod common;

use common::Engine;
use std::io::Write;
use std::process::Command;
use std::time::{Duration, Instant};

use myriad::load::load;
use myriad::notation::{parse_fen, parse_move};

struct Session {
    engine: Engine,
    transcript: Vec<String>,
}

impl Session {
    fn start() -> Session {
        Session::spawn(Command::new(env!("CARGO_BIN_EXE_myriad")).arg("uci"))
    }

    fn spawn(cmd: &mut Command) -> Session {
        Session {
            engine: Engine::spawn(cmd),
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, cmd: &str) {
        assert!(
            self.engine.write_line(cmd.as_bytes()),
            "write to the engine"
        );
        self.transcript.push(format!("> {cmd}"));
    }

    /// Read lines up to one starting with `end`, waiting at most `secs`
    /// seconds in all; all of them, or Err with those that came.
    fn read(&mut self, end: &str, secs: u64) -> Result<Vec<String>, Vec<String>> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let got = self.engine.until(end, deadline).map(|(got, _)| got);
        let got = got.map_err(|(got, _)| got);
        let lines = got.as_ref().unwrap_or_else(|got| got);
        self.transcript
            .extend(lines.iter().map(|l| format!("< {l}")));
        got
    }

    /// Read lines up to one starting with `end`; returns them all.
    fn until(&mut self, end: &str) -> Vec<String> {
        self.read(end, 60)
            .unwrap_or_else(|got| panic!("no `{end}` in time; got {got:?}"))
    }

    /// Send a command that answers nothing on success, then `isready` to
    /// collect whatever it did answer.
    fn quiet(&mut self, cmd: &str) -> Vec<String> {
        self.send(cmd);
        self.send("isready");
        let mut got = self.until("readyok");
        got.pop();
        got
    }

    fn go(&mut self, cmd: &str) -> Vec<String> {
        self.send(cmd);
        self.until("bestmove")
    }

    fn quit(mut self) -> Vec<String> {
        self.send("quit");
        let status = self.engine.child.wait().expect("the engine exits");
        assert!(status.success(), "exit status {status}");
        std::mem::take(&mut self.transcript)
    }
}

/// The search's numbers replaced by placeholders.
fn redact(line: &str) -> String {
    // The list of bundled variants grows with every rule file: checked here
    // against rules/, written once in the snapshot.
    if let Some(rest) = line.strip_prefix("< option name UCI_Variant type combo default chess ") {
        let vars: Vec<&str> = rest.split(' ').filter(|w| *w != "var").collect();
        assert_eq!(vars, bundled_stems(), "{line}");
        return "< option name UCI_Variant type combo default chess var <rules/*.variant>..."
            .into();
    }
    if let Some((head, known)) = line.split_once("(known: ") {
        let names: Vec<&str> = known.trim_end_matches(')').split(", ").collect();
        assert_eq!(names, bundled_stems(), "{line}");
        return format!("{head}(known: <rules/*.variant>)");
    }
    if let Some(rest) = line.strip_prefix("< info depth ") {
        let depth = rest.split_whitespace().next().unwrap_or("?");
        return format!("< info depth {depth} seldepth _ score _ nodes _ nps _ time _ pv _");
    }
    if line.starts_with("< bestmove ") {
        return "< bestmove _".to_string();
    }
    line.to_string()
}

/// The stems of the bundled rule files, sorted.
fn bundled_stems() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let mut stems: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".variant").map(str::to_string)
        })
        .collect();
    stems.sort();
    stems
}

/// The lines without their `nps` and `time` fields (which vary run to run).
fn untimed(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let mut out = Vec::new();
            let mut words = l.split_whitespace();
            while let Some(w) = words.next() {
                if w == "nps" || w == "time" {
                    words.next();
                } else {
                    out.push(w);
                }
            }
            out.join(" ")
        })
        .collect()
}

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("lines");
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{last}"))
        .to_string()
}

fn assert_legal(rules: &str, fen: &str, mv: &str) {
    let game = load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rules)).expect("loads");
    let v = &game.variant;
    let mut pos = parse_fen(v, fen).expect("fen");
    parse_move(v, &mut pos, mv).unwrap_or_else(|e| panic!("{rules} {fen}: {e}"));
}

#[test]
fn uci_transcript() {
    let mut s = Session::start();
    s.send("uci");
    s.until("uciok");
    s.send("isready");
    s.until("readyok");
    s.quiet("ucinewgame");
    s.quiet("position startpos moves e2e4");
    let first = s.go("go depth 4");
    assert_legal(
        "rules/chess.variant",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        &bestmove(&first),
    );
    assert_eq!(first.len(), 5, "{first:?}");
    // Errors: one line each, and the state is untouched.
    assert_eq!(s.quiet("frobnicate").len(), 1);
    assert_eq!(s.quiet("position startpos moves e2e4 e7e5 e1e3").len(), 1);
    assert_eq!(
        s.quiet("position fen rnbqkbnr/pppppppp/8 w KQkq - 0 1")
            .len(),
        1
    );
    assert_eq!(s.quiet("setoption name Nonsense value 3").len(), 1);
    assert_eq!(
        s.quiet("setoption name UCI_Variant value no-such-game")
            .len(),
        1
    );
    // A bad `go` parameter is reported, and the `go` still answers.
    let bad = s.go("go depth x");
    assert_eq!(errors(&bad).len(), 1, "{bad:?}");
    // Still the position after 1.e4: the same search gives the same lines.
    s.quiet("ucinewgame");
    let again = s.go("go depth 4");
    assert_eq!(untimed(&first), untimed(&again));
    // Another variant, by name.
    s.quiet("setoption name UCI_Variant value gustavian");
    s.quiet("position startpos");
    let g = s.go("go depth 3");
    assert_legal(
        "rules/gustavian.variant",
        "crnbqkbnrc/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/CRNBQKBNRC w KQkq - 0 1",
        &bestmove(&g),
    );
    // A variant with a pre-game option, and a drop in the moves.
    s.quiet("setoption name UCI_Variant value perier");
    s.quiet("setoption name option_extra value yes");
    s.quiet("position startpos moves g1f3 g8f6 E@g1");
    let p = s.go("go depth 2");
    assert_legal(
        "rules/perier.variant",
        "rnbqkb1r/pppppppp/5n2/8/6P1/5N2/PPPPPP1P/RNBQKBER[e] b KQkq g3 0 2",
        &bestmove(&p),
    );
    let transcript: Vec<String> = s.quit().iter().map(|l| redact(l)).collect();
    insta::assert_snapshot!("uci_transcript", transcript.join("\n"));
}

#[test]
fn stop_and_isready_while_searching() {
    let mut s = Session::start();
    s.quiet("position startpos");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.send("isready");
    let before = s.until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    s.send("stop");
    let lines = s.until("bestmove");
    assert_legal(
        "rules/chess.variant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &bestmove(&lines),
    );
    // Stop at once after go: still exactly one bestmove.
    s.send("go infinite");
    s.send("stop");
    s.until("bestmove");
    s.go("go wtime 300 btime 300 winc 10 binc 10");
    s.go("go movetime 50");
    s.go("go nodes 5000");
    s.quit();
}

impl Session {
    /// A session whose engine runs with its address space limited to `kb`
    /// kilobytes (`ulimit -v`), so that a large allocation fails on any
    /// machine instead of committing memory.
    fn start_limited(kb: u64) -> Session {
        Session::spawn(
            Command::new("sh")
                .arg("-c")
                .arg(format!("ulimit -v {kb} && exec \"$0\" uci"))
                .arg(env!("CARGO_BIN_EXE_myriad")),
        )
    }

    /// Read lines up to one starting with `end`, waiting at most `secs`
    /// seconds in all; None if it did not come.
    fn within(&mut self, end: &str, secs: u64) -> Option<Vec<String>> {
        self.read(end, secs).ok()
    }
}

/// Every command that changes the game, sent while `go infinite` (or a bare
/// `go`, which is infinite) searches, stops the search first: the stopped
/// search prints its `bestmove`, the command takes effect, and `isready`,
/// `stop` and `quit` are answered at once. (Issue 16, defect 2: each of
/// these froze the engine.)
#[test]
fn commands_during_an_infinite_search_stop_it() {
    let cases = [
        ("go infinite", "ucinewgame"),
        ("go infinite", "position startpos moves e2e4"),
        ("go infinite", "setoption name Clear Hash"),
        ("go infinite", "setoption name Hash value 8"),
        ("go infinite", "setoption name UCI_Variant value gustavian"),
        ("go", "position startpos moves d2d4"),
        ("go depth 90", "position startpos moves g1f3"),
    ];
    for (go, cmd) in cases {
        let mut s = Session::start();
        s.quiet("position startpos");
        s.send(go);
        std::thread::sleep(Duration::from_millis(100));
        s.send(cmd);
        s.send("isready");
        let lines = s
            .within("readyok", 10)
            .unwrap_or_else(|| panic!("`{go}` then `{cmd}`: no readyok: {:?}", s.transcript));
        let best = lines.iter().filter(|l| l.starts_with("bestmove")).count();
        assert_eq!(best, 1, "`{go}` then `{cmd}`: {lines:?}");
        // The engine is idle again and the command took effect.
        s.send("go depth 2");
        s.within("bestmove", 10)
            .unwrap_or_else(|| panic!("`{cmd}`: no bestmove after: {:?}", s.transcript));
        s.send("quit");
        let status = s.engine.child.wait().expect("exits");
        assert!(status.success(), "{status}");
    }
}

/// A second `go` during a search stops the first; each prints one
/// `bestmove`. `isready` during a search is answered at once, and `quit`
/// ends a search in progress.
#[test]
fn go_during_a_search_and_quit() {
    let mut s = Session::start();
    s.quiet("position startpos");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    s.send("go depth 1");
    s.send("isready");
    let lines = s.within("readyok", 10).expect("readyok");
    let mut best = lines.iter().filter(|l| l.starts_with("bestmove")).count();
    if best < 2 {
        best += s
            .within("bestmove", 10)
            .expect("the second go answers")
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .count();
    }
    assert_eq!(best, 2, "{:?}", s.transcript);
    s.send("go infinite");
    s.send("isready");
    let lines = s.within("readyok", 10).expect("readyok while searching");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    s.send("quit");
    s.within("bestmove", 10).expect("quit stops the search");
    let status = s.engine.child.wait().expect("exits");
    assert!(status.success(), "{status}");
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect()
}

/// Every `go` ends in exactly one `bestmove`, whatever its parameters; a bad
/// parameter is reported beside it. `searchmoves` restricts the root.
/// (Issue 16, defect 3.)
#[test]
fn every_go_answers_bestmove() {
    let mut s = Session::start();
    s.quiet("position startpos");
    let l = s.go("go searchmoves e2e4 depth 5");
    assert_eq!(bestmove(&l), "e2e4", "{l:?}");
    assert!(errors(&l).is_empty(), "{l:?}");
    let l = s.go("go searchmoves a2a3 h2h3 depth 4");
    assert!(["a2a3", "h2h3"].contains(&bestmove(&l).as_str()), "{l:?}");
    assert!(
        l.iter()
            .filter(|x| x.starts_with("info depth"))
            .all(|x| x.contains(" pv a2a3") || x.contains(" pv h2h3")),
        "{l:?}"
    );
    // An illegal or unreadable move is reported and ignored.
    let l = s.go("go searchmoves e7e5 zz b1c3 depth 3");
    assert_eq!(bestmove(&l), "b1c3", "{l:?}");
    assert_eq!(errors(&l).len(), 2, "{l:?}");
    // None left: the whole root is searched.
    let l = s.go("go searchmoves e7e5 depth 2");
    assert_eq!(errors(&l).len(), 1, "{l:?}");
    assert_legal(
        "rules/chess.variant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &bestmove(&l),
    );
    for bad in [
        "go depth",
        "go depth abc",
        "go perft 3",
        "go nodes",
        "go movetime x",
        "go wtime 99999999999999999999 btime 99999999999999999999 movetime 20",
        "go wtime -100 btime -100",
        "go winc 5 wtime 99999999999999999999999999999 depth 2",
        "go movestogo 99999999999 wtime 100 btime 100",
        "go depth 2 mate 99999999999 nodes 3000",
        "go depth 2 frobnicate 3",
        "go depth -5",
        "go movetime -5",
    ] {
        s.send(bad);
        let l = s
            .within("bestmove", 20)
            .unwrap_or_else(|| panic!("`{bad}`: no bestmove: {:?}", s.transcript));
        assert_legal(
            "rules/chess.variant",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &bestmove(&l),
        );
        // Nothing more: exactly one bestmove.
        let rest = s.quiet("isready");
        assert!(!rest.iter().any(|x| x.starts_with("bestmove")), "{rest:?}");
    }
    // Huge clocks: a search that would run for years, still stopped at once.
    s.send("go wtime 99999999999999999999 btime 99999999999999999999");
    std::thread::sleep(Duration::from_millis(100));
    s.send("stop");
    s.within("bestmove", 10).expect("stop answers");
    // No legal move (checkmate): `bestmove 0000`.
    s.quiet("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(bestmove(&s.go("go depth 3")), "0000");
    assert_eq!(bestmove(&s.go("go searchmoves e2e4 depth 3")), "0000");
    s.quit();
}

/// `searchmoves` takes drops in the variant's notation.
#[test]
fn searchmoves_with_drops() {
    let mut s = Session::start();
    s.quiet("setoption name UCI_Variant value perier");
    s.quiet("setoption name option_extra value yes");
    s.quiet("position startpos moves g1f3 g8f6");
    let l = s.go("go searchmoves E@g1 depth 3");
    assert_eq!(bestmove(&l), "E@g1", "{l:?}");
    s.quit();
}

/// A line that is not UTF-8 is a bad command, not the end of the input; a
/// line too long to read is one error too.
#[test]
fn a_line_that_is_not_utf8_is_an_error() {
    let mut s = Session::start();
    s.engine
        .stdin
        .write_all(b"\xff\xfe garbage \xc3\n")
        .expect("write");
    let l = s.quiet("position startpos");
    assert_eq!(errors(&l).len(), 1, "{l:?}");
    // A line longer than the engine reads: one error, and it is skipped whole.
    let mut long = b"position startpos moves".to_vec();
    long.extend(std::iter::repeat_n(b'x', 5 << 20));
    long.push(b'\n');
    s.engine.stdin.write_all(&long).expect("write");
    let l = s.quiet("position startpos");
    assert_eq!(errors(&l).len(), 1, "{l:?}");
    assert!(l[0].contains("longer than"), "{l:?}");
    let l = s.go("go depth 1");
    assert_legal(
        "rules/chess.variant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &bestmove(&l),
    );
    s.quit();
}

/// A hash table that cannot be allocated is refused with an error and the
/// old one kept: the engine plays on. The engine runs with its address
/// space limited, so that the allocation fails on every machine without
/// committing memory. (Issue 16, defect 8: the process aborted.)
#[test]
fn hash_that_cannot_be_allocated_is_refused() {
    let mut s = Session::start_limited(3 * 1024 * 1024);
    s.send("uci");
    let uci = s.until("uciok");
    let max: String = uci
        .iter()
        .find(|l| l.starts_with("option name Hash "))
        .and_then(|l| l.split_whitespace().last().map(str::to_string))
        .expect("Hash option");
    let l = s.quiet(&format!("setoption name Hash value {max}"));
    assert_eq!(errors(&l).len(), 1, "{l:?}");
    assert!(l[0].contains("Hash"), "{l:?}");
    let l = s.quiet("setoption name Hash value 8192");
    assert_eq!(errors(&l).len(), 1, "{l:?}");
    s.quiet("position startpos");
    let l = s.go("go depth 3");
    assert_legal(
        "rules/chess.variant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &bestmove(&l),
    );
    // A size that fits still works.
    assert!(s.quiet("setoption name Hash value 16").is_empty());
    s.go("go depth 2");
    s.quit();
}

/// `d` prints the position's FEN as Fairy-Stockfish's `d` does on its
/// `Fen:` line (scripts/fsf-fen-check.py reads it). The expected line is
/// native Fairy-Stockfish's answer to the same commands: the en-passant
/// square d6 is written because e5 can take there.
#[test]
fn d_prints_the_fen_as_fairy_stockfish_does() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4 c7c5 e4e5 d7d5");
    let l = s.quiet("d");
    assert_eq!(
        l,
        ["Fen: rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"],
        "{l:?}"
    );
    s.quit();
}
