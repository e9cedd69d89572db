//! The engine's evaluation weights: the `.weights` file beside a rule file
//! (read whenever the rule file loads, every mistake a located error) and
//! `myriad tune`, which writes it from the engine's own games.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use myriad::board::{Color, Kind, Piece};
use myriad::eval::weights::SquareRow;
use myriad::eval::{Eval, Shape, Weights};
use myriad::load::load;

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

/// A fresh directory holding a copy of `rules/NAME.variant`; its path.
fn scratch(test: &str, name: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("myriad-tune-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.variant"));
    std::fs::copy(root().join(format!("rules/{name}.variant")), &file).unwrap();
    (dir, file)
}

fn weights_beside(file: &Path, text: &str) {
    std::fs::write(file.with_extension("weights"), text).unwrap();
}

#[test]
fn a_weights_file_beside_the_rule_file_is_what_the_engine_evaluates_with() {
    let (_dir, file) = scratch("beside", "chess");
    let plain = load(&file).unwrap();
    assert_eq!(plain.variant.weights, Weights::default());
    let start = plain.variant.start_position();
    let before = Eval::new(&plain.variant).evaluate(&plain.variant, &start);
    // The tempo is added as it stands: 10 by default, 50 here, so the start
    // position's score rises by exactly 40.
    weights_beside(
        &file,
        "# a comment\n\ntempo = 50   # the side to move's bonus\n",
    );
    let tuned = load(&file).unwrap();
    assert_eq!(tuned.variant.weights.term("tempo"), 50);
    let after = Eval::new(&tuned.variant).evaluate(&tuned.variant, &start);
    assert_eq!(after, before + 40);
    // A piece value replaces the rule file's for the engine: White a knight
    // up (black's b8 knight gone) is worth 300 (the rule file's `value 3`) by default, 500 centipawns here.
    let fen = "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pos = myriad::notation::parse_fen(&plain.variant, fen).unwrap();
    let default_up = Eval::new(&plain.variant).evaluate(&plain.variant, &pos) - before;
    weights_beside(&file, "value Knight = 500\n");
    let valued = load(&file).unwrap();
    let valued_up = Eval::new(&valued.variant).evaluate(&valued.variant, &pos)
        - Eval::new(&valued.variant).evaluate(&valued.variant, &start);
    assert_eq!(
        valued_up - default_up,
        500 - 300,
        "{default_up} {valued_up}"
    );
}

#[test]
fn every_mistake_in_a_weights_file_is_a_located_error() {
    let (_dir, file) = scratch("mistakes", "chess");
    for (text, line, says) in [
        ("tempo = 5\nmobilty = 3\n", 2, "unknown weight `mobilty`"),
        ("value knight = 300\n", 1, "no piece is named `knight`"),
        ("tempo = lots\n", 1, "`lots` is not an integer"),
        ("tempo = 99999\n", 1, "is not an integer within"),
        ("tempo = 1\ntempo = 2\n", 2, "`tempo` is given twice"),
        ("\n\njust words\n", 3, "expected `NAME = INTEGER`"),
        (
            "tempo = 1 2\n",
            1,
            "expected one integer after `tempo =`, found 2",
        ),
        (
            "square Knight 1 = 1 2 3\n",
            1,
            "3 numbers for a rank of 8 files",
        ),
        (
            "square Knight 9 = 0 0 0 0 0 0 0 0\n",
            1,
            "no rank is labelled `9`",
        ),
        (
            "endgame Knave 1 = 0 0 0 0 0 0 0 0\n",
            1,
            "no piece is named `Knave`",
        ),
        (
            "square Knight = 0 0 0 0 0 0 0 0\n",
            1,
            "expected `square PIECE RANK",
        ),
        (
            "square Pawn 2 = 0 0 0 0 0 0 0 0\nsquare Pawn 2 = 1 1 1 1 1 1 1 1\n",
            2,
            "`square Pawn 2` is given twice",
        ),
    ] {
        weights_beside(&file, text);
        let e = match load(&file) {
            Ok(_) => panic!("{text:?} loaded"),
            Err(e) => e,
        };
        assert_eq!(e.count(), 1, "{text:?}");
        let d = &e.diagnostics[0];
        assert_eq!(d.code.map(|c| c.as_str()), Some("weights"), "{text:?}");
        let shown = e.rendered();
        assert!(shown.contains(says), "{text:?}: {shown}");
        assert!(
            shown.contains(&format!("chess.weights:{line}:1")),
            "{text:?}: {shown}"
        );
        // The command line says the same and exits 2.
        let o = myriad(&["check", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{text:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains(says),
            "{text:?}"
        );
    }
}

#[test]
fn weights_written_as_text_read_back_the_same() {
    let mut w = Weights::default();
    w.terms[0] = 7;
    w.terms[5] = -3;
    w.values.push(("Knight".into(), 333));
    w.squares.push(SquareRow {
        piece: "Knight".into(),
        endgame: true,
        rank: 1,
        values: vec![-5, -1050, 12],
    });
    let ranks = ["1", "2"];
    let text = w.to_text("two\nlines", &ranks);
    assert!(text.starts_with("# two\n# lines\n"), "{text}");
    assert!(
        text.contains("\nendgame Knight 2 =  -5 -1050  12\n"),
        "{text}"
    );
    let shape = Shape {
        pieces: &["Knight", "King"],
        ranks: &ranks,
        files: 3,
    };
    let back = Weights::parse(&text, &shape).unwrap();
    assert_eq!(back, w);
}

/// The evaluation of `fen` with the weights `text` beside the rule file,
/// less its evaluation with none (the side to move's view).
fn square_gain(file: &Path, text: &str, fen: &str) -> i32 {
    let score = |text: &str| {
        weights_beside(file, text);
        let game = load(file).unwrap();
        let pos = myriad::notation::parse_fen(&game.variant, fen).unwrap();
        Eval::new(&game.variant).evaluate(&game.variant, &pos)
    };
    score(text) - score("")
}

#[test]
fn square_tables_count_by_the_phase_and_from_each_players_side() {
    let (_dir, file) = scratch("squares", "chess");
    // A pawn on the a-file's second rank (a2 for White, a7 for Black, the
    // same square from each player's side): 100 in the middlegame, 0 in
    // the endgame.
    let tables = "square Pawn 2 = 100 0 0 0 0 0 0 0\n";
    // Every piece on the board, Black's a7 pawn gone (pawns do not count
    // towards the phase): White's a2 pawn counts in full.
    let no_a7 = "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(square_gain(&file, tables, no_a7), 100);
    // Black's a7 pawn, from Black's side, the same (White's a2 gone).
    let no_a2 = "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(square_gain(&file, tables, no_a2), 100);
    // Both: they cancel.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(square_gain(&file, tables, start), 0);
    // Kings and a pawn: the endgame, where the table gives 0...
    let ending = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1";
    assert_eq!(square_gain(&file, tables, ending), 0);
    // ...and where the endgame table gives 40, 40.
    let both = format!("{tables}endgame Pawn 2 = 40 0 0 0 0 0 0 0\n");
    assert_eq!(square_gain(&file, &both, ending), 40);
    // Equal middlegame and endgame entries count the same whatever the
    // phase: a knight on b1 worth 25 more, Black's knights gone.
    let knight = "square Knight 1 = 0 25 0 0 0 0 0 0\nendgame Knight 1 = 0 25 0 0 0 0 0 0\n";
    let no_black_knights = "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(square_gain(&file, knight, no_black_knights), 25);
}

#[test]
fn tune_squares_fits_tables_that_follow_the_labels() {
    let (dir, file) = scratch("fit-squares", "chess");
    // A white knight against a bare king, on every square but the kings'
    // and the four where it would give check (58 squares),
    // labelled as won more often in the centre (d4-e5's 4 x 4 block,
    // c3-f6) than on the rim.
    let game = load(&file).unwrap();
    let v = &game.variant;
    let kings = myriad::notation::parse_fen(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let knight = v
        .rules
        .pieces
        .iter()
        .position(|p| p.name == "Knight")
        .unwrap();
    let knight = Piece::new(Kind::new(knight), Color::FIRST);
    let mut text = String::new();
    for sq in v.geo.valid.iter() {
        if !kings.board[sq as usize].is_none() {
            continue;
        }
        let mut pos = kings.clone();
        pos.put(sq, knight, false, &v.keys);
        let (f, rank) = v.geo.coord(sq);
        let centre = (2..6).contains(&f) && (2..6).contains(&rank);
        let label = if centre { 0.9 } else { 0.6 };
        // Twice, with either side to move, so that the tenth of the
        // positions held out has its twin among those fitted to; the
        // squares where the knight gives check are refused by the FEN
        // reader, with White to move, and left out.
        let fen = myriad::notation::write_fen(v, &pos);
        if myriad::notation::parse_fen(v, &fen).is_err() {
            continue;
        }
        for side in [" w ", " b "] {
            text += &format!("{} ; {label}\n", fen.replacen(" w ", side, 1));
        }
    }
    let positions = dir.join("knights.txt");
    std::fs::write(&positions, &text).unwrap();
    let out = dir.join("fitted.weights");
    let o = myriad(&[
        "tune",
        file.to_str().unwrap(),
        "--positions",
        positions.to_str().unwrap(),
        "--passes",
        "0",
        "--squares",
        "--concurrency",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("positions 116 from"), "{err}");
    // The knight's endgame table (the only officer left: nearly all endgame).
    let fitted = std::fs::read_to_string(&out).unwrap();
    let w = myriad::eval::parse_weights(&fitted, v).unwrap();
    let t = w
        .square_table("Knight", true, (8, 8))
        .expect("a knight table");
    let (mut centre, mut rim) = (Vec::new(), Vec::new());
    for (rank, row) in t.iter().enumerate() {
        for (f, &x) in row.iter().enumerate() {
            if (2..6).contains(&f) && (2..6).contains(&rank) {
                centre.push(x);
            } else if f == 0 || f == 7 || rank == 0 || rank == 7 {
                rim.push(x);
            }
        }
    }
    let mean = |v: &[i32]| v.iter().sum::<i32>() as f64 / v.len() as f64;
    assert!(
        mean(&centre) > mean(&rim) + 50.0,
        "centre {centre:?} rim {rim:?}\n{fitted}"
    );
    // The engine reads the file it wrote.
    weights_beside(&file, &fitted);
    assert!(load(&file).is_ok());
}

#[test]
fn tune_plays_fits_and_writes_weights_the_engine_then_loads() {
    let (dir, file) = scratch("cli", "chess");
    let out = dir.join("fitted.weights");
    let o = myriad(&[
        "tune",
        file.to_str().unwrap(),
        "--games",
        "6",
        "--depth",
        "2",
        "--concurrency",
        "2",
        "--passes",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    // Loss before and after: the local search only keeps what lowers it.
    let line = err.lines().find(|l| l.starts_with("k ")).expect("k line");
    let before: f64 = line.split("loss ").nth(1).unwrap()[..8].parse().unwrap();
    let last = err.lines().rfind(|l| l.starts_with("pass ")).unwrap();
    let after: f64 = last.split("loss ").nth(1).unwrap()[..8].parse().unwrap();
    assert!(after <= before, "{err}");
    // The file names every weight and every piece but the king, and is
    // what the engine reads when it sits beside the rule file.
    let text = std::fs::read_to_string(&out).unwrap();
    for name in Weights::NAMES {
        assert!(text.contains(&format!("\n{name} = ")), "{name}: {text}");
    }
    for piece in ["Queen", "Rook", "Bishop", "Knight", "Pawn"] {
        assert!(text.contains(&format!("value {piece} = ")), "{text}");
    }
    assert!(!text.contains("value King"), "{text}");
    std::fs::copy(&out, file.with_extension("weights")).unwrap();
    let g = load(&file).unwrap();
    assert_ne!(g.variant.weights, Weights::default());
    assert_eq!(g.variant.weights.values.len(), 5);
}

#[test]
fn tune_refuses_what_it_cannot_do_before_playing() {
    let (dir, file) = scratch("refuse", "chess");
    let o = myriad(&["tune", "no/such.variant", "--games", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let o = myriad(&[
        "tune",
        file.to_str().unwrap(),
        "--games",
        "1",
        "--out",
        dir.join("no/such/dir/x.weights").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("x.weights"));
    assert!(!file.with_extension("weights").exists());
}

/// The moves of each game of a PGN file (the lines after the tags).
fn pgn_moves(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .split("\n\n")
        .filter(|block| !block.trim().is_empty() && !block.trim_start().starts_with('['))
        .map(str::to_string)
        .collect()
}

#[test]
fn selfplay_opponent_weights_give_the_second_engine_other_weights() {
    let (dir, file) = scratch("opponent", "chess");
    let weights = dir.join("cheap-queen.weights");
    // The second engine thinks a queen worth a pawn: it gives it away.
    std::fs::write(&weights, "value Queen = 100\n").unwrap();
    let run = |opponent: &str, pgn: &Path| {
        let out = myriad(&[
            "selfplay",
            file.to_str().unwrap(),
            "--games",
            "2",
            "--depth",
            "2",
            "--random-plies",
            "2",
            "--concurrency",
            "1",
            "--opponent-weights",
            opponent,
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let (same, other) = (dir.join("same.pgn"), dir.join("other.pgn"));
    let said = run("builtin", &same);
    assert!(
        said.contains("first engine (depth 2) against second (depth 2, built-in weights): +"),
        "{said}"
    );
    let said = run(weights.to_str().unwrap(), &other);
    assert!(
        said.contains("against second (depth 2, weights of --opponent-weights): +"),
        "{said}"
    );
    // Same openings, same depth: only the second engine's weights differ,
    // and they change its play.
    let (a, b) = (pgn_moves(&same), pgn_moves(&other));
    assert_eq!(a.len(), 2);
    assert_eq!(b.len(), 2);
    assert_ne!(
        a, b,
        "the second engine played the same moves with other weights"
    );
    // A mistake in the file is named with its line, before any game.
    std::fs::write(&weights, "# fine\nvalue Queen = lots\n").unwrap();
    let out = myriad(&[
        "selfplay",
        file.to_str().unwrap(),
        "--games",
        "2",
        "--depth",
        "2",
        "--opponent-weights",
        weights.to_str().unwrap(),
        "--pgn",
        other.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cheap-queen.weights:2: "), "{err}");
}

#[test]
fn tune_option_plays_the_games_with_it_and_fits_the_piece_it_brings() {
    // Perier's extra piece enters only with `extra=yes` (declined by
    // default): without it the Perier is never on the board, so the fit
    // cannot move its value off the rule file's 400; with it, it does
    // (to fixed depth the games and the fit are the same on every run).
    let dir = std::env::temp_dir().join(format!("myriad-tune-{}-option", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fit = |extra: Option<&str>| {
        let out = dir.join("perier.weights");
        let mut args = vec![
            "tune",
            "rules/perier.variant",
            "--games",
            "6",
            "--depth",
            "2",
            "--concurrency",
            "1",
            // From the built-in weights, not from rules/perier.weights.
            "--fresh",
            "--out",
            out.to_str().unwrap(),
        ];
        if let Some(x) = extra {
            args.extend(["--option", x]);
        }
        let o = myriad(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(&out).unwrap()
    };
    let without = fit(None);
    assert!(without.contains("\nvalue Perier = 400\n"), "{without}");
    let with = fit(Some("extra=yes"));
    assert!(
        with.contains("(--depth 2, --option extra=yes, 8 random plies"),
        "{with}"
    );
    assert!(with.contains("\nvalue Perier = "), "{with}");
    assert!(!with.contains("\nvalue Perier = 400\n"), "{with}");
    // A choice the option does not have is refused before any game.
    let o = myriad(&["tune", "rules/perier.variant", "--option", "extra=maybe"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("`maybe` is not a choice of `extra`"));
}

#[test]
fn tune_fits_to_a_file_of_labelled_positions() {
    let (dir, file) = scratch("positions", "chess");
    let out = dir.join("fitted.weights");
    let positions = dir.join("labelled.txt");
    // Labels that say a missing queen helps its side: White without its
    // queen wins, Black without its queen loses. The fit can only follow
    // by lowering the queen's value.
    let mut text = String::from("# a queen is a burden\n\n");
    for _ in 0..8 {
        text.push_str(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1 ; 1-0\n\
             rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; 0.0\n\
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 1 ; 0.9\n",
        );
    }
    std::fs::write(&positions, &text).unwrap();
    let o = myriad(&[
        "tune",
        file.to_str().unwrap(),
        "--positions",
        positions.to_str().unwrap(),
        "--passes",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("positions 24 from"), "{err}");
    let fitted = std::fs::read_to_string(&out).unwrap();
    assert!(fitted.contains("the labelled positions of"), "{fitted}");
    let queen: i32 = fitted
        .lines()
        .find_map(|l| l.strip_prefix("value Queen = "))
        .expect("a queen value")
        .parse()
        .unwrap();
    // The scratch copy has no weights file: the fit starts from the rule
    // file's queen, `value 9` pawns, 900 centipawns.
    assert!(queen < 900, "{queen}");

    // A label that is neither a number from 0 to 1 nor a result, and a
    // line without one, are refused with the line's number.
    for (bad, needle) in [
        ("8/8/8/8/8/8/8/K6k w - - 0 1 ; 1.5\n", "line 2: label `1.5`"),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 1\n",
            "line 2: expected `FEN ; LABEL`",
        ),
    ] {
        std::fs::write(&positions, format!("# one\n{bad}")).unwrap();
        let o = myriad(&[
            "tune",
            file.to_str().unwrap(),
            "--positions",
            positions.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{err}");
    }
}
