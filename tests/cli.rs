//! The command line end to end, as a user runs it: outputs, exit codes, and
//! one clear message for every kind of bad input.

use std::process::{Command, Output};

fn myriad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("myriad runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Bad input: exit code 2, one message on stderr, nothing that looks like a panic.
fn assert_bad_input(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(err.contains(needle), "expected {needle:?} in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn perft_prints_nodes_last() {
    let o = myriad(&["perft", "rules/chess.variant", "--depth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let last = out.lines().last().unwrap_or_default();
    // 8902: the Chess Programming Wiki's perft(3) of the start position.
    assert!(last.starts_with("nodes 8902 "), "{out}");
    assert!(last.contains("nps"), "{out}");
}

#[test]
fn perft_divide_lists_root_moves() {
    let o = myriad(&["perft", "rules/chess.variant", "--depth", "2", "--divide"]);
    let out = stdout(&o);
    let moves: Vec<&str> = out.lines().filter(|l| l.contains(": ")).collect();
    // 20 root moves with 20 replies each: 400.
    assert_eq!(moves.len(), 20, "{out}");
    assert!(moves.iter().all(|l| l.ends_with(": 20")), "{out}");
    assert!(
        out.lines()
            .last()
            .unwrap_or_default()
            .starts_with("nodes 400 "),
        "{out}"
    );
}

#[test]
fn perft_from_a_fen() {
    // Kiwipete, perft(2) = 2039 (Chess Programming Wiki).
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = myriad(&["perft", "rules/chess.variant", "--fen", fen, "--depth", "2"]);
    assert!(stdout(&o).contains("nodes 2039 "), "{}", stdout(&o));
}

#[test]
fn moves_lists_legal_moves() {
    let o = myriad(&[
        "moves",
        "rules/chess.variant",
        "--fen",
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
    ]);
    let out = stdout(&o);
    // Rook a1: a2..a8 (7) and b1 c1 d1 (3); king e1: d1 d2 e2 f2 f1 (5);
    // castling e1c1 (1): 7 + 3 + 5 + 1 = 16.
    assert_eq!(out.lines().count(), 16, "{out}");
    assert!(out.lines().any(|l| l == "e1c1"), "{out}");
}

#[test]
fn check_reports_ok() {
    let o = myriad(&["check", "rules/chess.variant"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("rules/chess.variant: ok"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn test_passes_on_the_bundled_chess() {
    let o = myriad(&["test", "rules/chess.variant"]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains(" passed, 0 failed"), "{}", stdout(&o));
}

#[test]
fn failing_tests_are_reported_at_their_line() {
    let o = myriad(&["test", "tests/fixtures/failing/wrong_counts.variant"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("0 passed, 7 failed"), "{out}");
    assert!(out.contains("perft 2: expected 401, found 400"), "{out}");
    assert!(out.contains("wrong_counts.variant:6:5"), "{out}");
    assert!(out.contains("expected 19 legal moves, found 20"), "{out}");
    assert!(out.contains("expected `e2e4` to be illegal"), "{out}");
    assert!(out.contains("expected `e2e5` to be legal"), "{out}");
    assert!(
        out.contains("expected checkmate, found not in check, 20 legal moves"),
        "{out}"
    );
    assert!(out.contains("cannot play: illegal move `e2e4`"), "{out}");
    assert!(
        out.contains(
            "expected the position `rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1`, \
             found `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"
        ),
        "{out}"
    );
}

#[test]
fn bad_fen_is_named() {
    let o = myriad(&[
        "perft",
        "rules/chess.variant",
        "--fen",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "--depth",
        "1",
    ]);
    assert_bad_input(&o, "--fen: bad FEN: rank 6: more than 8 squares");
    let o = myriad(&[
        "moves",
        "rules/chess.variant",
        "--fen",
        "8/8/8/8/8/8/8/8 x - - 0 1",
    ]);
    assert_bad_input(&o, "side to move: expected `w` or `b`, found `x`");
    let o = myriad(&[
        "moves",
        "rules/chess.variant",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
    ]);
    assert_bad_input(&o, "castling");
    let o = myriad(&[
        "moves",
        "rules/chess.variant",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2Z w - - 0 1",
    ]);
    assert_bad_input(&o, "unknown piece letter `Z`");
    let o = myriad(&[
        "moves",
        "rules/chess.variant",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
    ]);
    assert_bad_input(&o, "en passant");
}

#[test]
fn missing_rule_file_is_named() {
    let o = myriad(&["perft", "rules/nonesuch.variant", "--depth", "1"]);
    assert_bad_input(&o, "rules/nonesuch.variant");
}

#[test]
fn broken_rule_file_is_located() {
    let o = myriad(&["check", "tests/fixtures/broken/unknown_piece.variant"]);
    assert_bad_input(&o, "tests/fixtures/broken/unknown_piece.variant:5:57");
    assert!(stderr(&o).contains("did you mean `Queen`?"));
}

#[test]
fn unknown_option_is_refused() {
    let o = myriad(&[
        "perft",
        "rules/chess.variant",
        "--depth",
        "1",
        "--option",
        "extra=yes",
    ]);
    assert_bad_input(&o, "--option extra=yes");
}

#[test]
fn bad_flags_are_refused_by_clap() {
    let o = myriad(&["perft", "rules/chess.variant"]);
    assert_bad_input(&o, "--depth");
    let o = myriad(&["perft", "rules/chess.variant", "--depth", "x"]);
    assert_bad_input(&o, "invalid value 'x'");
}

#[test]
fn depth_zero_counts_the_root() {
    let o = myriad(&["perft", "rules/chess.variant", "--depth", "0"]);
    assert!(stdout(&o).starts_with("nodes 1 "), "{}", stdout(&o));
}

/// Regression (issue 16, defect 11): `--divide` at depth 0 counted the root's
/// moves (20) where plain depth 0 counts the root alone (1).
#[test]
fn depth_zero_divide_counts_the_root() {
    let o = myriad(&["perft", "rules/chess.variant", "--depth", "0", "--divide"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(!out.contains(':'), "no root move at depth 0: {out}");
    assert!(out.trim_start().starts_with("nodes 1 "), "{out}");
}

/// Regression (issue 16, defect 9): `--depth 65536` overflowed the stack and
/// `--depth 4294967295` tried to allocate 103 GB; depths that can never
/// finish (beyond 20: see docs/limits.md) are refused with a message.
#[test]
fn absurd_perft_depths_are_refused() {
    for d in ["21", "64", "65536", "4294967295"] {
        let o = myriad(&["perft", "rules/chess.variant", "--depth", d]);
        assert_bad_input(&o, "is not in 0..=20");
    }
    // The largest depth accepted still runs: the side to move is stalemated,
    // so the tree has no leaf at any depth but 0.
    let o = myriad(&[
        "perft",
        "rules/chess.variant",
        "--depth",
        "20",
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("nodes 0 "), "{}", stdout(&o));
}

/// Hash sizes beyond the advertised maximum are refused before anything is
/// allocated; search limits need at least one of depth, time and nodes.
#[test]
fn search_flags_are_bounded() {
    let o = myriad(&[
        "bestmove",
        "rules/chess.variant",
        "--depth",
        "1",
        "--hash",
        "100000",
    ]);
    assert_bad_input(&o, "is not in 1..=65536");
    let o = myriad(&["bestmove", "rules/chess.variant"]);
    assert_bad_input(&o, "--depth");
    let o = myriad(&["bestmove", "rules/chess.variant", "--depth", "100000"]);
    assert_bad_input(&o, "100000");
    let o = myriad(&[
        "perft",
        "rules/chess.variant",
        "--depth",
        "1",
        "--option",
        "extra",
    ]);
    assert_bad_input(&o, "expected NAME=VALUE");
}

#[test]
fn check_dump_prints_what_the_compiler_understood() {
    let out = myriad(&["check", "rules/chess.variant", "--dump"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("piece Knight \"N\" value 300"), "{text}");
    assert!(
        text.contains("zone promotion for white: a8 b8 c8 d8 e8 f8 g8 h8"),
        "{text}"
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    // Far more than a pipe holds (the dump of one file, 300 times): read one
    // line and close the pipe.
    let mut args = vec!["check", "--dump"];
    args.extend(std::iter::repeat_n("rules/gustavian.variant", 300));
    let mut child = Command::new(env!("CARGO_BIN_EXE_myriad"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "a panic's exit code: {err}");
}

/// A hash table that cannot be allocated is one clear message and exit code
/// 2, not an abort. The address space is limited (`ulimit -v`) so that the
/// allocation fails on every machine without committing memory. (Issue 16,
/// defect 8: "memory allocation of 51539607552 bytes failed", SIGABRT.)
#[test]
fn hash_that_cannot_be_allocated_is_refused() {
    for args in [
        "bestmove rules/chess.variant --depth 3 --hash 65536",
        "bestmove rules/chess.variant --depth 3 --hash 8192",
        "analyze rules/chess.variant --depth 2 --hash 8192",
        "bench --depth 1 --hash 8192",
        "selfplay rules/chess.variant --games 1 --nodes 100 --pgn /dev/null --hash 8192",
    ] {
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 3145728 && exec \"$0\" {args}"))
            .arg(env!("CARGO_BIN_EXE_myriad"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("sh runs");
        assert_bad_input(&o, "hash table");
        assert!(!stderr(&o).contains("memory allocation"), "{args}");
    }
}
