//! `myriad play` with stdin piped (not a terminal): scripted games, every
//! kind of bad input answered while the game goes on, undo, save and load,
//! and an engine-against-engine game to its end.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `myriad play ARGS` with `input` on stdin.
fn play(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_myriad"))
        .arg("play")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("myriad runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    child.wait_with_output().expect("myriad ends")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// It ended by itself, exit 0, nothing on stderr that looks like a panic,
/// and no escape codes (stdout is not a terminal).
fn clean(o: &Output) -> String {
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "exit {:?}, stderr: {err}", o.status);
    assert!(!err.contains("panicked"), "{err}");
    let s = out(o);
    assert!(!s.contains('\x1b'), "escape codes in piped output: {s}");
    s
}

/// The FEN lines printed by `fen` commands (lines that look like a FEN).
fn fens(s: &str) -> Vec<String> {
    s.lines()
        .filter(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            f.len() == 6 && f[0].matches('/').count() >= 7 && ["w", "b"].contains(&f[1])
        })
        .map(str::to_string)
        .collect()
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("myriad-play-{}-{name}", std::process::id()))
}

#[test]
fn fools_mate_piped_ends_with_checkmate() {
    let o = play(
        &["rules/chess.variant", "--human", "both"],
        b"f3\ne5\ng4\nQh4#\n",
    );
    let s = clean(&o);
    assert!(s.contains("Last move: 2... Qh4#"), "{s}");
    assert!(s.lines().any(|l| l == "0-1, checkmate"), "{s}");
    // The mated king is marked as in check, the queen's move as the last one.
    assert!(s.contains("(♔)"), "{s}");
    assert!(s.contains("[♛]"), "{s}");
}

#[test]
fn every_bad_input_is_answered_and_the_game_goes_on() {
    // Line by line: what is typed, and the answer expected.
    let long = "x".repeat(5000);
    let script: Vec<(&str, &str)> = vec![
        (
            "xyzzy",
            "`xyzzy` is neither a move nor a command: expected a move in SAN or coordinates like",
        ),
        (
            "e2e5",
            "`e2e5` is not a legal move here (moves lists the legal ones)",
        ),
        ("Ke2", "`Ke2` is not a legal move here"),
        ("Nf3", ""),
        ("a6", ""),
        ("d4", ""),
        ("a5", ""),
        // Knights b1 and f3 both reach d2.
        ("Nd2", "ambiguous move `Nd2`"),
        ("flip now", "`flip` takes no argument: type `flip` alone"),
        ("save", "`save` needs a file name: save FILE"),
        ("load", "`load` needs a file name: load FILE"),
        ("load /nonexistent/game.pgn", "load /nonexistent/game.pgn: "),
        (
            "save /nonexistent/dir/game.pgn",
            "save /nonexistent/dir/game.pgn: ",
        ),
        (&long, "that line is longer than 4096 bytes"),
        ("draw", "Black, White offers a draw: accept? [yes/no]"),
        ("maybe", "`maybe` is not an answer: expected yes or no"),
        ("no", "Black declines the draw; the game goes on."),
        ("Nbd2", ""),
        (
            "fen",
            "rnbqkbnr/1ppppppp/8/p7/3P4/5N2/PPPNPPPP/R1BQKB1R b KQkq - 1 3",
        ),
        ("resign", "1-0, Black resigns"),
        (
            "e6",
            "The game is over (1-0, Black resigns): undo, pgn, save FILE, load FILE or quit.",
        ),
        ("undo", "Taken back (Black resigns): the game goes on."),
        ("undo", "Taken back: 4 moves played."),
        ("undo", ""),
        ("undo", ""),
        ("undo", ""),
        ("undo", "Taken back: 0 moves played."),
        ("undo", "There is no move to take back."),
        (
            "fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ];
    let mut input: Vec<u8> = Vec::new();
    for (line, _) in &script {
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
    }
    // Not UTF-8: read as text with the bad bytes replaced, then refused.
    input.extend_from_slice(b"\xff\xfe\n");
    let o = play(&["rules/chess.variant", "--human", "both"], &input);
    let s = clean(&o);
    let mut rest = s.as_str();
    for (line, answer) in &script {
        if answer.is_empty() {
            continue;
        }
        let Some(i) = rest.find(answer) else {
            panic!("after `{line}` expected {answer:?} in:\n{rest}");
        };
        rest = &rest[i + answer.len()..];
    }
    assert!(rest.contains("is neither a move nor a command"), "{rest}");
}

#[test]
fn a_bad_vote_answer_is_asked_again_and_end_of_input_ends_cleanly() {
    let o = play(&["rules/perier.variant", "--human", "both"], b"maybe\nno\n");
    let s = clean(&o);
    assert!(
        s.contains("`maybe` is not a choice: expected one of no, yes"),
        "{s}"
    );
    // White said no, so Black is asked (rules/lib/extra-piece.variant); the
    // input ends there: no game, exit 0.
    assert!(
        s.contains("Black: Play with the extra pieces? [no/yes]"),
        "{s}"
    );
    assert!(!s.contains("to move>"), "{s}");
}

#[test]
fn an_option_given_skips_its_vote() {
    let o = play(
        &[
            "rules/perier.variant",
            "--human",
            "both",
            "--option",
            "extra=yes",
        ],
        b"fen\n",
    );
    let s = clean(&o);
    assert!(!s.contains("Vote on"), "{s}");
    assert_eq!(
        fens(&s),
        ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ee] w KQkq - 0 1"]
    );
    assert!(s.contains("Black in hand: e×1"), "{s}");
    assert!(s.contains("White in hand: E×1"), "{s}");
}

#[test]
fn a_bad_option_is_refused_before_the_game() {
    let o = play(&["rules/perier.variant", "--option", "extra=perhaps"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("extra"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn undo_against_the_engine_takes_back_its_reply_too() {
    let o = play(&["rules/chess.variant", "--depth", "1"], b"e4\nundo\nfen\n");
    let s = clean(&o);
    assert!(s.contains("Black plays 1... "), "{s}");
    assert!(s.contains("Taken back: 0 moves played."), "{s}");
    assert_eq!(
        fens(&s),
        ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    );
}

#[test]
fn playing_black_the_engine_opens_and_the_board_is_turned() {
    let o = play(
        &["rules/chess.variant", "--human", "black", "--depth", "1"],
        b"",
    );
    let s = clean(&o);
    assert!(s.contains("White plays 1. "), "{s}");
    // From Black's side: rank 1 at the top, files from h to a.
    let rows: Vec<&str> = s.lines().filter(|l| l.starts_with("1 ")).collect();
    assert!(!rows.is_empty(), "{s}");
    assert!(s.contains("   h  g  f  e  d  c  b  a"), "{s}");
}

#[test]
fn save_and_load_round_trip_with_the_vote_and_a_drop() {
    let path = temp("round-trip.pgn");
    let p = path.to_string_lossy().into_owned();
    // White declines, Black overrules: the extra pieces are used. 1.Nf3
    // empties g1 with the g2 pawn free to go two squares: E@g1 pushes it to g4.
    let o = play(
        &["rules/perier.variant", "--human", "both"],
        format!("no\nyes\nNf3\nd5\nE@g1\nfen\nsave {p}\n").as_bytes(),
    );
    let s = clean(&o);
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/6P1/5N2/PPPPPP1P/RNBQKBER[e] b KQkq - 0 2";
    assert_eq!(fens(&s), [fen], "{s}");
    assert!(
        s.contains(&format!("Saved the game (3 moves) to {p}.")),
        "{s}"
    );
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.contains("[Options \"extra=yes\"]"), "{saved}");
    assert!(saved.contains("1. Nf3 d5 2. E@g1 *"), "{saved}");
    // A new session at the default options (no vote): the file's options
    // are taken, its moves replayed, the same position reached.
    let o = play(
        &[
            "rules/perier.variant",
            "--human",
            "both",
            "--option",
            "extra=no",
        ],
        format!("load {p}\nfen\n").as_bytes(),
    );
    let s = clean(&o);
    assert!(s.contains(&format!("Loaded {p}: 3 moves.")), "{s}");
    assert_eq!(fens(&s), [fen], "{s}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_bad_game_file_leaves_the_game_unchanged() {
    let other = temp("other-variant.pgn");
    std::fs::write(&other, "[Variant \"Xiangqi\"]\n\n1. e4 *\n").expect("written");
    let illegal = temp("illegal.pgn");
    std::fs::write(&illegal, "[Variant \"Chess\"]\n\n1. e4 e5 2. Ke3 *\n").expect("written");
    let o = play(
        &["rules/chess.variant", "--human", "both"],
        format!(
            "e4\nload {}\nload {}\nfen\n",
            other.display(),
            illegal.display()
        )
        .as_bytes(),
    );
    let s = clean(&o);
    assert!(
        s.contains("a game of Xiangqi, not Chess; the game goes on unchanged"),
        "{s}"
    );
    assert!(
        s.contains("move 3 `Ke3`: illegal move `Ke3`; the game goes on unchanged"),
        "{s}"
    );
    assert_eq!(
        fens(&s),
        ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
    );
    let _ = std::fs::remove_file(&other);
    let _ = std::fs::remove_file(&illegal);
}

#[test]
fn basilisk_engine_against_engine_plays_to_the_end() {
    let o = play(
        &[
            "rules/basilisk.variant",
            "--human",
            "none",
            "--depth",
            "2",
            "--movetime",
            "200",
        ],
        b"",
    );
    let s = clean(&o);
    // The engines voted, as the rules order it.
    assert!(s.contains("White (engine) votes "), "{s}");
    let last = s.lines().last().unwrap_or_default();
    let (result, reason) = last.split_once(", ").unwrap_or_default();
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{last}");
    assert!(!reason.is_empty(), "{last}");
    assert!(s.contains("White plays 1. "), "{s}");
}

#[test]
fn help_lists_every_command() {
    let o = play(&["rules/chess.variant", "--human", "both"], b"help\n");
    let s = clean(&o);
    for c in [
        "help",
        "moves",
        "undo",
        "hint",
        "fen",
        "pgn",
        "save FILE",
        "load FILE",
        "resign",
        "draw",
        "flip",
        "quit",
    ] {
        assert!(s.contains(&format!("\n  {c} ")), "{c} missing: {s}");
    }
}

#[test]
fn moves_hint_and_pgn() {
    let o = play(
        &["rules/chess.variant", "--human", "both", "--depth", "1"],
        b"moves\nhint\ne4\npgn\nquit\nfen\n",
    );
    let s = clean(&o);
    // 20 legal first moves in chess.
    assert!(s.contains("20 legal moves: "), "{s}");
    assert!(s.contains("Hint: "), "{s}");
    assert!(s.contains("[Result \"*\"]"), "{s}");
    assert!(s.contains("\n1. e4 *\n"), "{s}");
    // quit ends the program: the fen after it is never read.
    assert!(fens(&s).is_empty(), "{s}");
}

#[test]
fn garbage_never_crashes_it() {
    // Odd lines of every kind, then a legal move that must still be taken.
    let garbage = [
        "@",
        "E@",
        "@g1",
        "Z@a1",
        "E@z9",
        "e9e10",
        "O-O-O-O",
        "0-0",
        "x",
        "=Q",
        "e8=",
        "a1a1",
        "\t",
        "save  ",
        "load .",
        "pgn pgn",
        "HELP",
        "Resign",
        "e4 e5",
        "\u{7}\u{1b}[A",
        "♔",
        "e2e4q",
        "E@e4",
        "--",
        "?",
    ];
    let mut input = garbage.join("\n");
    input.push_str("\ne4\nfen\n");
    let o = play(
        &[
            "rules/perier.variant",
            "--human",
            "both",
            "--option",
            "extra=yes",
        ],
        input.as_bytes(),
    );
    let s = clean(&o);
    assert_eq!(
        fens(&s),
        ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[Ee] b KQkq - 0 1"],
        "{s}"
    );
    assert!(s.contains("load .: "), "{s}");
}

#[test]
fn figures_come_from_the_rule_file_never_from_a_piece_name() {
    // The house rule: a role is never guessed from a name. Here the Queen's
    // `figure "queen"` line is taken out and the Knight is drawn as a rook:
    // the board shows the queen by its letter and the knights as rooks,
    // while the other pieces keep their figures.
    let chess =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/chess.variant"))
            .unwrap();
    let changed = chess.replacen("    figure \"queen\"\n", "", 1).replacen(
        "figure \"knight\"",
        "figure \"rook\"",
        1,
    );
    assert_ne!(changed, chess, "chess.variant's figure lines moved");
    let dir = temp("figures");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("chess.variant");
    std::fs::write(&file, changed).unwrap();
    let o = play(&[file.to_str().unwrap(), "--human", "both"], b"quit\n");
    let s = clean(&o);
    std::fs::remove_dir_all(&dir).ok();
    // White's back rank, a..h: R N B Q K B N R as drawn.
    let rank1 = s
        .lines()
        .find(|l| l.trim_start().starts_with('1') && l.contains('♔'))
        .unwrap_or_else(|| panic!("no first rank in {s}"));
    let cells: String = rank1.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(cells.contains("♖♖♗Q♔♗♖♖"), "{rank1}");
    // Unchanged rules draw every piece of the set with its figure.
    let o = play(&["rules/chess.variant", "--human", "both"], b"quit\n");
    let s = clean(&o);
    assert!(s.contains('♕') && s.contains('♘'), "{s}");
}
