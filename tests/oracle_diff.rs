//! Where our rules differ from the closest thing Fairy-Stockfish can express,
//! the difference is explained move by move. The FSF divides are recorded in
//! tests/fixtures/oracle/divides/ (made with ../shared/oracle/fsf_perft.py,
//! ffish 0.7.10, variants/seed_oracle.ini; the command is in each file's
//! header); here our divide is compared with them root move by root move, and
//! every difference must be the one the rules predict.

use myriad::load::load;
use myriad::movegen::perft_divide;
use myriad::notation::{move_to_string, parse_fen};
use std::collections::BTreeMap;

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// FSF's divide: `move: count` lines, and its FEN.
fn fsf(file: &str) -> (String, BTreeMap<String, u64>) {
    let text = std::fs::read_to_string(root().join("tests/fixtures/oracle/divides").join(file))
        .expect("divide file");
    let fen = text
        .lines()
        .find_map(|l| l.strip_prefix("# fen="))
        .expect("fen line")
        .to_string();
    let moves = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("total"))
        .filter_map(|l| l.split_once(": "))
        .map(|(m, n)| (m.to_string(), n.trim().parse().expect("count")))
        .collect();
    (fen, moves)
}

/// Our divide, FSF's piece letters mapped to ours (`from` -> `to`).
fn ours(rules: &str, fen: &str, depth: u32, letters: (char, char)) -> BTreeMap<String, u64> {
    let game = load(&root().join(rules)).unwrap_or_else(|e| panic!("{}", e.rendered()));
    let v = &game.variant;
    let map = |c: char| {
        if c == letters.0 {
            letters.1
        } else if c == letters.0.to_ascii_uppercase() {
            letters.1.to_ascii_uppercase()
        } else {
            c
        }
    };
    let fen: String = fen.chars().map(map).collect();
    let mut pos = parse_fen(v, &fen).unwrap_or_else(|e| panic!("{e}"));
    perft_divide(v, &mut pos, depth, |_, _| {})
        .into_iter()
        .map(|e| {
            let m = move_to_string(v, e.mv);
            // Drops: back to FSF's letter.
            let m = if m.contains('@') {
                m.replacen(
                    letters.1.to_ascii_uppercase(),
                    &letters.0.to_ascii_uppercase().to_string(),
                    1,
                )
            } else {
                m
            };
            (m, e.nodes)
        })
        .collect()
}

#[test]
fn gustavian_vs_fsf_gustavian_pr() {
    // FSF's gustavian-pR knows only the two-square castling. In this position
    // both sides may castle, and every cannon has a jump (no fallback slide
    // arises within two plies), so the only differences are the three-square
    // castlings: White's f1c1 and f1i1 at the root, and Black's f8c8 and f8i8
    // after every White move: each common root move has exactly 2 more leaves.
    let (fen, theirs) = fsf("gustavian-castling-d2.txt");
    let ours = ours("rules/gustavian.variant", &fen, 2, ('c', 'c'));
    for (m, n) in &theirs {
        assert_eq!(
            ours.get(m),
            Some(&(n + 2)),
            "{m}: ours {:?}, FSF {n} (+2 expected)",
            ours.get(m)
        );
    }
    let extra: Vec<&String> = ours.keys().filter(|m| !theirs.contains_key(*m)).collect();
    assert_eq!(extra, ["f1c1", "f1i1"]);
    assert_eq!(
        ours["f1c1"], ours["f1d1"],
        "after either long castling Black has the same replies"
    );
}

#[test]
fn perier_drops_vs_fsf_region_drops() {
    // FSF's perier-droprank drops on any empty first-rank square, and moves
    // no pawn. Ours needs a pawn in front with two empty squares ahead: g1
    // (g2, then g3 g4 empty) qualifies; f1 does not (the knight on f3 blocks
    // the f2 pawn). Everything else is the same.
    let (fen, theirs) = fsf("perier-drops-d1.txt");
    let ours = ours("rules/perier.variant", &fen, 1, ('a', 'e'));
    let mut expected = theirs.clone();
    expected.remove("A@f1");
    assert_eq!(ours, expected);
}

#[test]
fn basilisk_vs_fsf_pq() {
    // FSF's pqueen-onboard is the Basilisk without the enemy-pawn screen rule
    // and without the fallback. Two plies from this position only one line
    // shows a difference: after 1.f4 the Basilisk d6 jumps the white pawn f4;
    // an enemy pawn as the screen gives only the square behind it (g3), so
    // d6xh2, which FSF allows, is not a move here: 20 replies against 21.
    // (No Basilisk is without a jump in these two plies, so the fallback never
    // shows.)
    let (fen, theirs) = fsf("basilisk-pq-d2.txt");
    let ours = ours("rules/basilisk.variant", &fen, 2, ('c', 's'));
    let mut expected = theirs.clone();
    expected.insert("f2f4".into(), 20);
    assert_eq!(theirs["f2f4"], 21);
    assert_eq!(ours, expected);
}

#[test]
fn perier_onboard_fixture_is_fsf_perier_onboard() {
    // tests/fixtures/oracle/perier-onboard.variant is FSF's `perier-onboard`
    // (Betza mKcpQ, on d3 and d6) exactly, so scripts/fsf_match.py plays it
    // against FSF: the same start position and FSF's perft counts (native
    // Fairy-Stockfish, `go perft N`, seed_oracle.ini: 24 538 12730 306059).
    let game = load(&root().join("tests/fixtures/oracle/perier-onboard.variant"))
        .unwrap_or_else(|e| panic!("{}", e.rendered()));
    let v = &game.variant;
    let mut pos = v.start_position();
    assert_eq!(
        myriad::notation::write_fen(v, &pos),
        "rnbqkbnr/pppppppp/3a4/8/8/3A4/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    for (depth, nodes) in [(1, 24), (2, 538), (3, 12730)] {
        assert_eq!(
            myriad::movegen::perft(v, &mut pos, depth),
            nodes,
            "depth {depth}"
        );
    }
}
