//! Rules between pairs of piece kinds (issue 17, item 3): `uncapturable [by
//! ...]`, `never captures ...` and `never hops over ...`. Each count below is
//! reasoned out in its comment; the language reference's example (docs/
//! language.md, checked by tests/docs.rs) covers the plain cases.

use myriad::lang::diagnostic::render_all;
use myriad::load::{Game, load_source};
use myriad::movegen::perft;
use myriad::notation::parse_fen;
use myriad::testing::run_tests;

fn name() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/rules/pairs-test.variant").to_string()
}

fn game(src: &str) -> Game {
    load_source(&name(), src).unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// Every test of the file passes.
fn passes(src: &str) {
    let g = game(src);
    let results = run_tests(&g);
    assert!(!results.is_empty(), "the file has tests");
    for r in results {
        assert!(
            r.failures.is_empty(),
            "test \"{}\" fails:\n{}",
            r.name,
            render_all(&r.failures, &g.sources)
        );
    }
}

fn error_of(src: &str) -> String {
    match load_source(&name(), src) {
        Ok(_) => panic!("the file loaded"),
        Err(e) => e.rendered(),
    }
}

#[test]
fn a_king_uncapturable_by_rooks_is_never_in_check_from_one() {
    passes(
        r#"import "chess.variant"
game Immune extends Chess {
  piece King "K" extends King { uncapturable by Rook }
  test "the rook's rank is no danger" {
    // The rook on a2 would deny d2 e2 f2: here the king has d1 d2 e2 f1 f2.
    fen "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"
    moves = 5
  }
  test "no check along the rook's line" {
    fen "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"
    not check
    // d1 (next to the rook, which cannot take it) d2 e2 f1 f2.
    moves = 5
  }
  test "a queen still gives check" {
    fen "4k3/8/8/8/8/8/8/q3K3 w - - 0 1"
    check
    // d2 e2 f2: d1 and f1 are on the queen's rank (d2 is off her diagonal
    // a1-b2-c3-d4).
    moves = 3
  }
}
"#,
    );
}

#[test]
fn en_passant_obeys_the_capture_matrix() {
    // Fails without the en-passant check in generate.rs: the pawn took on d6
    // though it never captures a pawn.
    passes(
        r#"import "chess.variant"
game NoPawnTakes extends Chess {
  piece Pawn "P" extends Pawn { never captures Pawn }
  test "no en passant" {
    fen "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
    illegal e5d6
    // e5e6, and the king's d1 d2 e2 f1 f2.
    moves = 6
  }
  test "no pawn takes a pawn, a knight still is taken" {
    fen "4k3/8/8/3p1n2/4P3/8/8/4K3 w - - 0 1"
    illegal e4d5
    legal e4f5
  }
}
"#,
    );
}

#[test]
fn perft_with_a_wall_counted_by_hand() {
    let g = game(
        r#"import "chess.variant"
game Walled extends Chess {
  piece Wall "W" {
    uncapturable
    value 1
    moves { step orth to empty }
  }
}
"#,
    );
    let v = &g.variant;
    // White: rook a1, king h1; Black: king h8, an uncapturable wall on a4.
    // White: the rook a2 a3 (the wall stops it) and b1..g1: 8; the king g1
    // g2 h2: 3. 11 moves.
    let mut pos = parse_fen(v, "7k/8/8/8/w7/8/8/R6K w - - 0 1").expect("fen");
    assert_eq!(perft(v, &mut pos, 1), 11);
    // Black: the king g8 g7 h7 and the wall a5 b4 a3: 6 in general. After
    // Ra3 the wall has a5 b4 only: 5. After Rg1 the rook holds g7 and g8:
    // h7 and the wall's 3: 4. So 6 (Ra2) + 5 (Ra3) + 5 x 6 (Rb1..Rf1) + 4
    // (Rg1) + 3 x 6 (the king's moves) = 63.
    assert_eq!(perft(v, &mut pos, 2), 63);
}

#[test]
fn lists_add_up_through_extends() {
    let g = game(
        r#"import "chess.variant"
game Adding extends Chess {
  piece Queen "Q" extends Queen { never captures Rook }
  piece Amazon "A" extends Queen { never captures Bishop  value 12 }
}
"#,
    );
    let text = myriad::ir::describe::describe(&g.variant.rules);
    assert!(text.contains("never captures Rook\n"), "{text}");
    assert!(text.contains("never captures Rook Bishop\n"), "{text}");
    assert!(text.contains("capturing not Rook Bishop"), "{text}");
}

#[test]
fn a_figure_after_a_promotion_list_is_an_item() {
    // `promote ... to Queen` used to read `figure` as one more piece name.
    let g = game(
        r#"import "chess.variant"
game Drawn extends Chess {
  piece Pawn "P" extends Pawn {
    promote in promotion to Queen Knight
    figure "pawn"
    never captures King
  }
}
"#,
    );
    let text = myriad::ir::describe::describe(&g.variant.rules);
    assert!(
        text.contains("promote in promotion to Queen Knight\n"),
        "{text}"
    );
}

#[test]
fn unknown_names_are_located_with_a_suggestion() {
    let e = error_of(
        r#"import "chess.variant"
game Typo extends Chess {
  piece Rook "R" extends Rook { never captures Qeen }
}
"#,
    );
    assert!(e.contains("unknown piece `Qeen`"), "{e}");
    assert!(e.contains("Queen"), "{e}");
    assert!(e.contains("pairs-test.variant:3:"), "{e}");
}

#[test]
fn a_screen_filter_one_filter_cannot_narrow_is_refused() {
    let e = error_of(
        r#"import "chess.variant"
game Screens extends Chess {
  piece Cannon "C" {
    never hops over Knight
    moves { hop orth over not friend Pawn then first to enemy }
  }
}
"#,
    );
    assert!(
        e.contains("cannot be joined to the screen filter `not friend Pawn`"),
        "{e}"
    );
    assert!(e.contains("pairs-test.variant:4:"), "{e}");
}
