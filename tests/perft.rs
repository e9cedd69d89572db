//! Perft against published or independently computed counts (rules/perft/*.perft).
//! Run with `--release`: debug builds are ~30x slower.

mod common;

use common::{PerftCase, perft_cases};
use myriad::load::load;
use myriad::movegen::{perft, perft_divide, perft_divide_threads, perft_threads};
use myriad::notation::{parse_fen, write_fen};

fn run(cases: &[PerftCase]) {
    let mut failures = Vec::new();
    for c in cases {
        let game =
            load(&c.rules).unwrap_or_else(|e| panic!("{}: {}", c.rules.display(), e.rendered()));
        let v = &game.variant;
        let mut pos = match &c.fen {
            Some(f) => parse_fen(v, f).unwrap_or_else(|e| panic!("{}: {e}", c.id)),
            None => v.start_position(),
        };
        let got = perft(v, &mut pos, c.depth);
        if got != c.nodes {
            failures.push(format!(
                "{} {} depth {}: expected {}, got {}",
                c.rules.file_name().unwrap().to_string_lossy(),
                c.id,
                c.depth,
                c.nodes,
                got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn perft_tables() {
    let cases: Vec<PerftCase> = perft_cases().into_iter().filter(|c| !c.deep).collect();
    assert!(
        cases.len() >= 25,
        "perft tables went missing: {} rows",
        cases.len()
    );
    let nodes: u64 = cases.iter().map(|c| c.nodes).sum();
    assert!(
        nodes > 10_000_000,
        "the suite should cover more than 10 M nodes, has {nodes}"
    );
    run(&cases);
}

/// The tree split over threads counts what one thread counts: every table
/// row from depth 2 (where the split begins) up to a million leaves (depth 4
/// and more is cut into root moves and their replies), on 2 and 3 threads.
#[test]
fn perft_tables_on_threads() {
    let cases: Vec<PerftCase> = perft_cases()
        .into_iter()
        .filter(|c| !c.deep && c.depth >= 2 && c.nodes <= 1_000_000)
        .collect();
    assert!(
        cases.iter().filter(|c| c.depth >= 4).count() >= 10,
        "too few rows deep enough to be split into replies"
    );
    let mut failures = Vec::new();
    for c in &cases {
        let game =
            load(&c.rules).unwrap_or_else(|e| panic!("{}: {}", c.rules.display(), e.rendered()));
        let v = &game.variant;
        let pos = match &c.fen {
            Some(f) => parse_fen(v, f).unwrap_or_else(|e| panic!("{}: {e}", c.id)),
            None => v.start_position(),
        };
        for threads in [2, 3] {
            let got = perft_threads(v, &pos, c.depth, threads);
            if got != c.nodes {
                failures.push(format!(
                    "{} depth {} on {threads} threads: expected {}, got {got}",
                    c.id, c.depth, c.nodes
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Divide on threads gives each root move the count one thread gives it,
/// in the same order, and reports every root move done exactly once.
#[test]
fn divide_on_threads_equals_divide_on_one() {
    let game = load(&common::root().join("rules/chess.variant")).unwrap();
    let v = &game.variant;
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut pos = parse_fen(v, kiwipete).unwrap();
    let one = perft_divide(v, &mut pos, 4, |_, _| {});
    let mut reported = Vec::new();
    let two = perft_divide_threads(v, &mut pos, 4, 2, |done, all| reported.push((done, all)));
    assert_eq!(one, two);
    // Published: Kiwipete has 48 moves and 4085603 leaves at depth 4.
    assert_eq!(one.len(), 48);
    assert_eq!(two.iter().map(|e| e.nodes).sum::<u64>(), 4_085_603);
    assert_eq!(reported, (1..=48).map(|d| (d, 48)).collect::<Vec<_>>());
    assert_eq!(
        write_fen(v, &pos),
        kiwipete,
        "the position is left as it was"
    );
}

#[test]
#[ignore = "minutes: run with cargo test --release -- --ignored"]
fn perft_tables_deep() {
    let cases: Vec<PerftCase> = perft_cases().into_iter().filter(|c| c.deep).collect();
    run(&cases);
}

/// A variant of chess with two extra pieces whose rules overlap: a queen that
/// also slides along the rook lines (every rook move twice), and a knight that
/// is also a nightrider (every knight move twice).
const OVERLAPPING: &str = r#"
import "chess.variant"
game Overlap extends Chess {
  directions { night = (1,2) (2,1) (2,-1) (1,-2) (-1,-2) (-2,-1) (-2,1) (-1,2) }
  piece DoubleQueen "D" extends Queen { moves += { slide orth to not_friend } }
  piece DoublePawn "W" extends Pawn {
    moves += {
      step n to empty
      slide n exactly 2 to empty  when from in pawn_start  sets en_passant
      step pawn_captures to enemy
      step pawn_captures to en_passant
    }
  }
  piece KnightRider "A" {
    moves {
      leap (1,2) sym to not_friend
      slide night to not_friend
    }
  }
}
"#;

fn overlapping() -> myriad::load::Game {
    let name = common::root().join("rules/overlap-test.variant");
    myriad::load::load_source(&name.to_string_lossy(), OVERLAPPING)
        .unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// The pseudo-legal moves of a position, and how many of them are distinct.
fn pseudo(v: &myriad::movegen::Variant, fen: &str) -> (usize, usize) {
    let pos = parse_fen(v, fen).expect("fen");
    let mut moves = Vec::new();
    v.pseudo_moves(&pos, &mut moves);
    let n = moves.len();
    let mut distinct = moves.clone();
    distinct.sort_by_key(|m| (m.from, m.to, m.kind as u8, m.data));
    distinct.dedup();
    (n, distinct.len())
}

/// The evaluation's counts for the piece on `sq`: (moves, squares it could
/// capture on anywhere on the board).
fn activity(v: &myriad::movegen::Variant, fen: &str, sq: &str) -> (u32, u32) {
    let pos = parse_fen(v, fen).expect("fen");
    let from = v.geo.parse_square(sq).expect("square");
    let a = v.activity(&pos, pos.side, from, &v.geo.valid);
    (a.moves, a.hits)
}

/// Issue 16 item 4: a piece's moves are the union of its rules, each move once.
#[test]
fn queen_plus_rook_slide_lists_each_move_once() {
    let game = overlapping();
    let v = &game.variant;

    // White DoubleQueen d4, kings e1 and e8, nothing else.
    // Queen lines from d4 on the empty board: d5..d8 (4), d3..d1 (3),
    // a4..c4 (3), e4..h4 (4) = 14 rook-wise; e5..h8 (4), c5..a7 (3),
    // c3..a1 (3), e3..g1 (3) = 13 bishop-wise; 27 in all. The extra
    // `slide orth` repeats the 14 rook-wise ones: 41 listed before the fix.
    // King e1: d1, d2, e2, f1, f2 = 5 (nothing of Black's attacks them).
    // Distinct legal moves: 27 + 5 = 32.
    let fen = "4k3/8/8/8/3D4/8/8/4K3 w - - 0 1";
    assert_eq!(pseudo(v, fen), (32, 32), "queen: (listed, distinct)");
    let mut pos = parse_fen(v, fen).expect("fen");
    assert_eq!(perft(v, &mut pos, 1), 32);
    // The evaluation's count agrees: 27 moves, 27 squares it could capture on.
    assert_eq!(activity(v, fen, "d4"), (27, 27));
    // Deeper, it moves exactly like the plain queen.
    let mut plain = parse_fen(v, "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1").expect("fen");
    assert_eq!(perft(v, &mut pos, 3), perft(v, &mut plain, 3));
}

/// Issue 16 item 4: a knight leap plus a nightrider ride lists each knight move once.
#[test]
fn knight_plus_nightrider_lists_each_move_once() {
    let game = overlapping();
    let v = &game.variant;

    // White KnightRider d4, kings e1 and e8. Nightrider lines from d4:
    // (1,2) e6 f8; (2,1) f5 h6; (2,-1) f3 h2; (1,-2) e2; (-1,-2) c2;
    // (-2,-1) b3; (-2,1) b5; (-1,2) c6 b8 = 12 squares. The knight leap adds
    // its 8 (e6 f5 f3 e2 c2 b3 b5 c6), all of them first squares of those
    // lines: 20 listed before the fix, 12 distinct. King e1: 5 as above.
    let fen = "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1";
    assert_eq!(
        pseudo(v, fen),
        (17, 17),
        "knight+nightrider: (listed, distinct)"
    );
    let mut pos = parse_fen(v, fen).expect("fen");
    assert_eq!(perft(v, &mut pos, 1), 17);
    assert_eq!(activity(v, fen, "d4"), (12, 12));
    // Deeper, it moves exactly like a plain nightrider (the leap adds nothing).
    let rider = r#"
import "chess.variant"
game Rider extends Chess {
  directions { night = (1,2) (2,1) (2,-1) (1,-2) (-1,-2) (-2,-1) (-2,1) (-1,2) }
  piece Nightrider "A" { moves { slide night to not_friend } }
}
"#;
    let name = common::root().join("rules/rider-test.variant");
    let rider = myriad::load::load_source(&name.to_string_lossy(), rider)
        .unwrap_or_else(|e| panic!("{}", e.rendered()));
    let mut plain = parse_fen(&rider.variant, fen).expect("fen");
    assert_eq!(perft(v, &mut pos, 3), perft(&rider.variant, &mut plain, 3));
}

/// Issue 16 item 4, moves that are not plain landings: a pawn with every rule
/// written twice lists each promotion choice, double step and en-passant
/// capture once, and keeps the different promotion choices apart.
#[test]
fn doubled_pawn_rules_list_each_move_once() {
    let game = overlapping();
    let v = &game.variant;
    // White DoublePawns b7 and e2, king e1; Black king e8, pawn d4.
    // b7: b8=Q, b8=R, b8=B, b8=N (4). e2: e3, e4 (2). King e1: d1 d2 f1 f2
    // (4; e2 is its own pawn). 10 distinct; every pawn move twice (16) before.
    let fen = "4k3/1W6/8/8/3p4/8/4W3/4K3 w - - 0 1";
    assert_eq!(pseudo(v, fen), (10, 10), "pawn: (listed, distinct)");
    let mut pos = parse_fen(v, fen).expect("fen");
    assert_eq!(perft(v, &mut pos, 1), 10);
    // Deeper (e2-e4 d4xe3 en passant, promotions), exactly like plain pawns.
    let mut plain = parse_fen(v, &fen.replace('W', "P")).expect("fen");
    assert_eq!(perft(v, &mut pos, 4), perft(v, &mut plain, 4));
    // White to take en passant after d7-d5: e5xd6 once. DoublePawn e5: e6,
    // e5xd6 e.p. (2); king e1: d1 d2 e2 f1 f2 (5).
    let fen = "4k3/8/8/3pW3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(pseudo(v, fen), (7, 7));
    assert_eq!(write_fen(v, &parse_fen(v, fen).expect("fen")), fen);
}
