//! Tests of loading and lowering: orthodox chess, then one snippet per error.

use super::*;
use crate::lang::diagnostic::render_all;

const CHESS: &str = include_str!("../../../rules/chess.variant");

fn load(src: &str) -> Result<Loaded, (Vec<Diagnostic>, SourceMap)> {
    let mut sources = SourceMap::new();
    load_source("test.variant", src, &mut sources).map_err(|e| (e, sources))
}

fn chess() -> Loaded {
    match load(CHESS) {
        Ok(l) => l,
        Err((e, s)) => panic!("{}", render_all(&e, &s)),
    }
}

fn piece<'a>(r: &'a RuleSet, name: &str) -> &'a PieceDef {
    r.pieces
        .iter()
        .find(|p| p.name == name)
        .expect("piece exists")
}

fn rides(p: &PieceDef) -> Vec<&Ride> {
    p.moves
        .iter()
        .map(|m| match m {
            MoveRule::Ride(r) => r,
            other => panic!("unexpected rule {other:?}"),
        })
        .collect()
}

#[test]
fn chess_has_six_pieces_in_order() {
    let r = chess().rules;
    let names: Vec<&str> = r.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn"]);
    let letters: String = r.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "KQRBNP");
    assert!(piece(&r, "King").royal);
    assert_eq!(r.pieces.iter().filter(|p| p.royal).count(), 1);
    assert_eq!(piece(&r, "Bishop").value, 325);
    assert_eq!(piece(&r, "Queen").value, 900);
    assert!(piece(&r, "Pawn").resets_clock);
    assert_eq!(r.name, "Chess");
    assert_eq!((r.board.files, r.board.ranks), (8, 8));
    assert!(r.board.holes.is_empty());
    assert_eq!(r.players[0].frame, Frame::Identity);
    assert_eq!(r.players[1].frame, Frame::MirrorRanks);
}

#[test]
fn chess_king_queen_rook_bishop_vectors() {
    let r = chess().rules;
    let king = rides(piece(&r, "King"));
    assert_eq!(king.len(), 8);
    assert!(
        king.iter()
            .all(|r| (r.min, r.max) == (1, 1) && r.to == Target::NotFriend)
    );
    let queen = rides(piece(&r, "Queen"));
    assert_eq!(queen.len(), 8);
    assert!(queen.iter().all(|r| (r.min, r.max) == (1, 0)));
    let rook: Vec<Vector> = rides(piece(&r, "Rook")).iter().map(|r| r.vector).collect();
    assert_eq!(rook, [(0, 1), (1, 0), (0, -1), (-1, 0)]);
    let bishop: Vec<Vector> = rides(piece(&r, "Bishop"))
        .iter()
        .map(|r| r.vector)
        .collect();
    assert_eq!(bishop, [(1, 1), (1, -1), (-1, -1), (-1, 1)]);
}

#[test]
fn chess_knight_has_the_eight_leaps() {
    let r = chess().rules;
    let knight = rides(piece(&r, "Knight"));
    let mut v: Vec<Vector> = knight.iter().map(|r| r.vector).collect();
    v.sort_unstable();
    assert_eq!(
        v,
        [
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1)
        ]
    );
    assert!(
        knight
            .iter()
            .all(|r| (r.min, r.max) == (1, 1) && r.to == Target::NotFriend)
    );
}

#[test]
fn chess_pawn_rules() {
    let r = chess().rules;
    let pawn = piece(&r, "Pawn");
    let rules = rides(pawn);
    // step n (1) + slide n exactly 2 (1) + step ne nw to enemy (2) + to en_passant (2)
    assert_eq!(rules.len(), 6);
    assert_eq!(
        (rules[0].vector, rules[0].to, rules[0].min, rules[0].max),
        ((0, 1), Target::Empty, 1, 1)
    );
    let start = r
        .zones
        .iter()
        .position(|z| z.name == "pawn_start")
        .expect("zone");
    assert_eq!(
        (rules[1].vector, rules[1].min, rules[1].max),
        ((0, 1), 2, 2)
    );
    assert_eq!(rules[1].to, Target::Empty);
    assert_eq!(rules[1].guards, [Guard::FromIn(start)]);
    assert_eq!(rules[1].effects, [Effect::SetsEnPassant]);
    assert_eq!(
        rules[2..4]
            .iter()
            .map(|r| (r.vector, r.to))
            .collect::<Vec<_>>(),
        [((1, 1), Target::Enemy), ((-1, 1), Target::Enemy)]
    );
    assert_eq!(
        rules[4..6]
            .iter()
            .map(|r| (r.vector, r.to))
            .collect::<Vec<_>>(),
        [((1, 1), Target::EnPassant), ((-1, 1), Target::EnPassant)]
    );
    let promo = pawn.promotion.as_ref().expect("promotion");
    let names: Vec<&str> = promo
        .to
        .iter()
        .map(|&i| r.pieces[i].name.as_str())
        .collect();
    assert_eq!(names, ["Queen", "Rook", "Bishop", "Knight"]);
    let zone = &r.zones[promo.zone];
    assert_eq!(zone.name, "promotion");
    let rank8: Vec<Coord> = (0..8).map(|f| (f, 7)).collect();
    let rank1: Vec<Coord> = (0..8).map(|f| (f, 0)).collect();
    assert_eq!(zone.squares[0], rank8);
    assert_eq!(zone.squares[1], rank1);
    assert_eq!(
        r.zones[start].squares[1],
        (0..8).map(|f| (f, 6)).collect::<Vec<_>>()
    );
}

#[test]
fn chess_setup_castling_end_tests() {
    let r = chess().rules;
    assert_eq!(r.setup.placements.len(), 32);
    let king = r
        .pieces
        .iter()
        .position(|p| p.name == "King")
        .expect("king");
    assert!(r.setup.placements.contains(&(0, king, (4, 0))));
    assert!(r.setup.placements.contains(&(1, king, (4, 7))));
    let pawn = r
        .pieces
        .iter()
        .position(|p| p.name == "Pawn")
        .expect("pawn");
    assert_eq!(
        r.setup
            .placements
            .iter()
            .filter(|&&(pl, p, (_, rank))| pl == 1 && p == pawn && rank == 6)
            .count(),
        8
    );

    let c = r.castling.as_ref().expect("castling");
    assert_eq!(r.pieces[c.king].name, "King");
    assert_eq!(r.pieces[c.partner].name, "Rook");
    assert_eq!(c.sides.len(), 2);
    let short = &c.sides[0];
    assert_eq!(short.name, "short");
    assert_eq!(short.king_from, [(4, 0), (4, 7)]);
    assert_eq!(short.king_to, [vec![(6, 0)], vec![(6, 7)]]);
    assert_eq!(short.partner_from, [(7, 0), (7, 7)]);
    assert_eq!(short.partner_to, [(5, 0), (5, 7)]);
    assert_eq!(c.sides[1].king_from[1], (4, 7));
    assert_eq!(c.sides[1].king_to[1], [(2, 7)]);

    assert_eq!(r.end.checkmate, Outcome::Loss);
    assert_eq!(r.end.stalemate, Outcome::Draw);
    assert_eq!(r.end.repetition, Some((3, Outcome::Draw)));
    assert_eq!(r.end.no_progress, Some((50, Outcome::Draw)));

    assert_eq!(r.tests.len(), 7);
    assert_eq!(r.tests[0].name, "start position");
    assert!(matches!(
        r.tests[0].steps[2],
        TestStep::Perft {
            depth: 3,
            nodes: 8902,
            ..
        }
    ));
    assert!(matches!(
        r.tests[3].steps.last(),
        Some(TestStep::MoveCount(4, _))
    ));
    assert!(matches!(
        r.tests[5].steps.last(),
        Some(TestStep::Expect(Expectation::Checkmate, _))
    ));
    match &r.tests[2].steps[1] {
        TestStep::Play(m) => {
            let m: Vec<&str> = m.iter().map(|(s, _)| s.as_str()).collect();
            assert_eq!(m, ["d2d1q", "e1d1", "d7d5"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn chess_has_no_warnings() {
    assert_eq!(chess().warnings, []);
}

/// Print the rendered diagnostics of every broken fixture (for reading by eye:
/// `cargo test --lib render_broken_fixtures -- --ignored --nocapture`).
#[test]
#[ignore]
fn render_broken_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    for p in paths {
        let rel = p
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&p)
            .to_path_buf();
        let mut sources = SourceMap::new();
        println!("===== {}", rel.display());
        match load_file(&rel, &mut sources) {
            Ok(_) => println!("(loads without errors)"),
            Err(e) => println!("{}", render_all(&e, &sources)),
        }
    }
}
