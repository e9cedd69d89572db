//! Tests of loading and lowering (moved out of src/ so that src/ names no variant): orthodox chess, then one snippet per error.

use myriad::ir::lower::*;
use myriad::ir::*;
use myriad::lang::diagnostic::{Diagnostic, SourceMap, render_all};
use std::path::{Path, PathBuf};

const CHESS: &str = include_str!("../rules/chess.variant");

fn load(src: &str) -> Result<Loaded, (Vec<Diagnostic>, SourceMap)> {
    let mut sources = SourceMap::new();
    load_source("test.variant", src, &mut sources, &[]).map_err(|e| (e, sources))
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
            assert_eq!(m, ["d7d5"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn chess_has_no_warnings() {
    assert_eq!(chess().warnings, []);
}

#[test]
fn a_hop_that_can_never_move_is_linted() {
    let src = CHESS.replace(
        "piece King \"K\" {",
        "piece Pao \"O\" { value 3  moves { hop orth then first to empty } }\n  piece King \"K\" {",
    );
    let loaded = load(&src).unwrap_or_else(|(e, s)| panic!("{}", render_all(&e, &s)));
    let messages: Vec<&str> = loaded.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(messages, ["this hop can never move"]);
}

/// Print the rendered diagnostics of every broken fixture (for reading by eye:
/// `cargo test --test lowering render_broken_fixtures -- --ignored --nocapture`).
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
        match load_file(&rel, &mut sources, &[]) {
            Ok(_) => println!("(loads without errors)"),
            Err(e) => println!("{}", render_all(&e, &sources)),
        }
    }
}

// ============================================================================
// Errors: one snippet per class, checking the message and where it points
// ============================================================================

/// A small valid game: line 1 `game G {`, line 2 board and players, line 3 a
/// king, line 4 `extra`, line 5 `setup`, line 6 `}`.
fn game(extra: &str, setup: &str) -> String {
    format!(
        "game G {{\n  board {{ files a..h  ranks 1..8 }}  players {{ white  black mirror ranks }}\n  piece King \"K\" {{ royal  moves {{ step n e s w }} }}\n{extra}\n{setup}\n}}\n"
    )
}

const SETUP: &str = "  setup { white { King e1 }  black mirror }";

/// All errors as (message, file:line:col, help).
fn errors(src: &str) -> Vec<(String, String, Option<String>)> {
    match load(src) {
        Ok(_) => panic!("expected errors for:\n{src}"),
        Err((e, s)) => {
            let rendered = render_all(&e, &s);
            assert!(!rendered.is_empty());
            for d in &e {
                assert!(!d.label.is_empty(), "no label: {d:?}");
                assert!(!d.message.ends_with('.'), "trailing period: {}", d.message);
                assert!(
                    !d.message.starts_with(|c: char| c.is_uppercase()),
                    "upper case: {}",
                    d.message
                );
            }
            e.iter()
                .map(|d| (d.message.clone(), s.location(d.span), d.help.clone()))
                .collect()
        }
    }
}

/// The location of the error with this message.
fn at(e: &[(String, String, Option<String>)], message: &str) -> String {
    e.iter()
        .find(|e| e.0 == message)
        .unwrap_or_else(|| panic!("no error `{message}` in {e:#?}"))
        .1
        .clone()
}

/// Exactly one error, with this message at this line:col.
fn one_error(src: &str, message: &str, line_col: &str) -> Option<String> {
    let e = errors(src);
    assert_eq!(e.len(), 1, "expected one error, got {e:#?}");
    assert_eq!(e[0].0, message);
    assert_eq!(e[0].1, format!("test.variant:{line_col}"));
    e[0].2.clone()
}

#[test]
fn the_base_snippet_is_valid() {
    let l = load(&game("", SETUP))
        .map_err(|(e, s)| render_all(&e, &s))
        .expect("loads");
    assert_eq!(l.rules.setup.placements, [(0, 0, (4, 0)), (1, 0, (4, 7))]);
}

#[test]
fn error_unknown_piece_with_did_you_mean() {
    let src = game(
        "  piece Pawn \"P\" { moves { step n }  promote in last to Quen }\n  piece Queen \"Q\" { moves { slide n } }\n  zones { last = rank 8 }",
        SETUP,
    );
    let help = one_error(&src, "unknown piece `Quen`", "4:57");
    assert_eq!(help.as_deref(), Some("did you mean `Queen`?"));
    // In a setup, with no close name: the list of known pieces.
    let src = game("", "  setup { white { King e1  Xyzzy a1 }  black mirror }");
    let help = one_error(&src, "unknown piece `Xyzzy`", "5:28");
    assert_eq!(help.as_deref(), Some("known: `King`"));
}

#[test]
fn error_unknown_direction_with_did_you_mean() {
    let src = game(
        "  directions { orth = n e s w }\n  piece Rook \"R\" { moves { slide ortho } }",
        SETUP,
    );
    let help = one_error(&src, "unknown direction `ortho`", "5:34");
    assert_eq!(help.as_deref(), Some("did you mean `orth`?"));
    // Inside a direction set.
    let src = game(
        "  directions { orth = n e s ww }\n  piece Rook \"R\" { moves { slide orth } }",
        SETUP,
    );
    let help = one_error(&src, "unknown direction `ww`", "4:29");
    assert_eq!(help.as_deref(), Some("did you mean `w`?"));
}

#[test]
fn error_unknown_zone_with_did_you_mean() {
    let src = game(
        "  zones { start = rank 2 }\n  piece Pawn \"P\" { moves { step n when from in strat } }",
        SETUP,
    );
    let help = one_error(&src, "unknown zone `strat`", "5:48");
    assert_eq!(help.as_deref(), Some("did you mean `start`?"));
}

#[test]
fn error_unknown_player_with_did_you_mean() {
    let help = one_error(
        &game("", "  setup { white { King e1 }  blak mirror }"),
        "unknown player `blak`",
        "5:30",
    );
    assert_eq!(help.as_deref(), Some("did you mean `black`?"));
    let src = game("  zones { camp { white: rank 1  blac: rank 8 } }", SETUP);
    let e = errors(&src);
    assert_eq!(e.len(), 2);
    assert_eq!(at(&e, "unknown player `blac`"), "test.variant:4:33");
    assert_eq!(
        at(&e, "zone `camp` has no squares for `black`"),
        "test.variant:4:11"
    );
}

#[test]
fn error_duplicate_piece_zone_direction_player() {
    let src = game("  piece King \"X\" { royal }", SETUP);
    one_error(&src, "duplicate piece `King`", "4:9");
    let src = game("  zones { a = rank 1  a = rank 2 }", SETUP);
    let e = errors(&src);
    assert_eq!(
        (e[0].0.as_str(), e[0].1.as_str()),
        ("duplicate zone `a`", "test.variant:4:23")
    );
    let src = game("  directions { d = n  d = s }", SETUP);
    let e = errors(&src);
    assert_eq!(
        (e[0].0.as_str(), e[0].1.as_str()),
        ("duplicate direction set `d`", "test.variant:4:23")
    );
    let src = "game G {\n  board { files a..h  ranks 1..8 }\n  players { white  white }\n}\n";
    let e = errors(src);
    assert_eq!(at(&e, "duplicate player `white`"), "test.variant:3:20");
}

#[test]
fn error_duplicates_point_back_at_the_first() {
    let mut sources = SourceMap::new();
    let e = load_source(
        "test.variant",
        &game("  piece King \"X\" { royal }", SETUP),
        &mut sources,
        &[],
    )
    .expect_err("duplicate");
    assert_eq!(e[0].secondary.len(), 1);
    assert_eq!(sources.location(e[0].secondary[0].0), "test.variant:3:9");
    assert_eq!(e[0].secondary[0].1, "first declared here");
}

#[test]
fn error_duplicate_letter() {
    let src = game("  piece Kaiser \"k\" { moves { step n } }", SETUP);
    one_error(
        &src,
        "letter `K` is used by both `King` and `Kaiser`",
        "4:16",
    );
}

#[test]
fn error_letter_not_one_ascii_letter() {
    for (letter, col) in [("KK", "4:16"), ("1", "4:16"), ("é", "4:16"), ("", "4:16")] {
        let src = game(
            &format!("  piece Kaiser \"{letter}\" {{ moves {{ step n }} }}"),
            SETUP,
        );
        one_error(
            &src,
            &format!("a piece letter must be one ASCII letter, found \"{letter}\""),
            col,
        );
    }
}

#[test]
fn error_board_too_big_or_empty() {
    let src = "game G {\n  board { files a..q  ranks 1..8 }\n}\n";
    let e = errors(src);
    assert_eq!(
        at(&e, "the board has 17 files; at most 16 are supported"),
        "test.variant:2:17"
    );
    let src = "game G {\n  board { files a..h  ranks 1..20 }\n}\n";
    let e = errors(src);
    assert_eq!(
        at(&e, "the board has 20 ranks; at most 16 are supported"),
        "test.variant:2:29"
    );
    let src = "game G {\n  board { files h..a  ranks 1..8 }\n}\n";
    let e = errors(src);
    assert_eq!(at(&e, "the board has no files"), "test.variant:2:17");
}

#[test]
fn error_square_off_the_board() {
    one_error(
        &game("", "  setup { white { King e9 }  black mirror }"),
        "square `e9` is not on the board",
        "5:24",
    );
    one_error(
        &game("  zones { z = i1 }", SETUP),
        "square `i1` is not on the board",
        "4:15",
    );
    let src = game(
        "  piece Rook \"R\" { }\n  castling { king King  partner Rook  side s { king e1 -> g1  partner h1 -> f0 } }",
        SETUP,
    );
    let e = errors(&src);
    assert_eq!(
        (e[0].0.as_str(), e[0].1.as_str()),
        ("square `f0` is not on the board", "test.variant:5:77")
    );
}

#[test]
fn error_square_on_a_hole() {
    let head = "game G {\n  board { files a..h  ranks 1..8  holes d4..e5 }\n  players { white  black mirror ranks }\n  piece King \"K\" { royal  moves { step n } }\n";
    let src = format!("{head}  setup {{ white {{ King d4 }}  black mirror }}\n}}\n");
    let e = errors(&src);
    assert_eq!(
        (e[0].0.as_str(), e[0].1.as_str()),
        ("square `d4` is a hole in the board", "test.variant:5:24")
    );
    let src = format!(
        "{head}  zones {{ z = e5 }}\n  setup {{ white {{ King a1 }}  black mirror }}\n}}\n"
    );
    let e = errors(&src);
    assert_eq!(
        (e[0].0.as_str(), e[0].1.as_str()),
        ("square `e5` is a hole in the board", "test.variant:5:15")
    );
    let src = format!("{head}  setup {{ white {{ King a1 b4..f4 }}  black mirror }}\n}}\n");
    let e = errors(&src);
    assert_eq!(e[0].0, "range `b4..f4` covers holes in the board");
    assert_eq!(e[0].1, "test.variant:5:27");
    // A zone range simply skips holes.
    let src = format!(
        "{head}  zones {{ z = a4..h4 }}\n  piece P \"P\" {{ moves {{ step n when from in z }} }}\n  setup {{ white {{ King a1 }}  black mirror }}\n}}\n"
    );
    let l = load(&src)
        .map_err(|(e, s)| render_all(&e, &s))
        .expect("loads");
    assert_eq!(
        l.rules.zones[0].squares[0],
        [(0, 3), (1, 3), (2, 3), (5, 3), (6, 3), (7, 3)]
    );
    assert_eq!(l.rules.board.holes, [(3, 3), (4, 3), (3, 4), (4, 4)]);
}

#[test]
fn error_two_pieces_on_one_square() {
    one_error(
        &game("", "  setup { white { King e1 e1 }  black mirror }"),
        "impossible setup: two pieces on `e1`",
        "5:27",
    );
    // A mirror that lands on the first player's pieces (a middle rank).
    let src = "game G {\n  board { files a..c  ranks 1..3 }  players { white  black mirror ranks }\n  piece King \"K\" { royal }\n  setup { white { King a2 }  black mirror }\n}\n";
    let e = errors(src);
    assert_eq!(
        (e[0].0.as_str(), e[0].1.as_str()),
        ("impossible setup: two pieces on `a2`", "test.variant:4:36")
    );
}

#[test]
fn error_player_without_royal_piece() {
    let src = game(
        "  piece Rook \"R\" { }",
        "  setup { white { King e1 }  black { Rook a8 } }",
    );
    let help = one_error(&src, "impossible setup: `black` has no royal piece", "5:30");
    assert_eq!(help.as_deref(), Some("place one of: `King`"));
    let src = game("", "  setup { white { King e1 } }");
    one_error(&src, "impossible setup: `black` has no royal piece", "5:3");
}

#[test]
fn error_castling_king_not_royal() {
    let src = game(
        "  piece Rook \"R\" { }\n  castling { king Rook  partner King  side s { king e1 -> g1  partner h1 -> f1 } }",
        SETUP,
    );
    one_error(&src, "castling king `Rook` is not royal", "5:19");
}

#[test]
fn error_promotion_to_royal_or_unknown_piece() {
    let src = game(
        "  zones { last = rank 8 }\n  piece P \"P\" { moves { step n }  promote in last to King }",
        SETUP,
    );
    one_error(&src, "cannot promote to royal piece `King`", "5:54");
    let src = game(
        "  zones { last = rank 8 }\n  piece P \"P\" { moves { step n }  promote in last to Kong }",
        SETUP,
    );
    one_error(&src, "unknown piece `Kong`", "5:54");
}

#[test]
fn error_value_not_a_number() {
    // Not a number at all: a syntax error.
    one_error(
        &game("  piece R \"R\" { value five }", SETUP),
        "expected a number like 3 or 3.25, found `five`",
        "4:23",
    );
    one_error(
        &game("  piece R \"R\" { value 3.125  moves { step n } }", SETUP),
        "value `3.125` has more than two decimals",
        "4:23",
    );
    let l = load(&game("  piece R \"R\" { value 1.2  moves { step n } }\n  piece S \"S\" { value -0.5  moves { step n } }", SETUP))
        .map_err(|(e, s)| render_all(&e, &s))
        .expect("loads");
    assert_eq!(
        (l.rules.pieces[1].value, l.rules.pieces[2].value),
        (120, -50)
    );
}

#[test]
fn error_zero_vector_and_exactly_zero() {
    one_error(
        &game("  piece L \"L\" { moves { leap (0,0) } }", SETUP),
        "the zero vector (0,0) goes nowhere",
        "4:30",
    );
    one_error(
        &game("  piece L \"L\" { moves { slide n exactly 0 } }", SETUP),
        "`exactly 0` allows no move",
        "4:41",
    );
    one_error(
        &game(
            "  piece L \"L\" { moves { step n when occupied (0,0) } }",
            SETUP,
        ),
        "the zero vector (0,0) goes nowhere",
        "4:46",
    );
}

#[test]
fn error_missing_blocks() {
    let e = errors("game G {\n}\n");
    let msgs: Vec<&str> = e.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "game `G` has no board",
            "game `G` has no players",
            "game `G` has no setup"
        ]
    );
    assert!(e.iter().all(|e| e.1 == "test.variant:1:6"));
    one_error("// nothing here\n", "this file declares no game", "1:1");
}

#[test]
fn error_wrong_number_of_players() {
    let src = "game G {\n  board { files a..h  ranks 1..8 }\n  players { white }\n}\n";
    let e = errors(src);
    assert_eq!(
        at(&e, "a game needs exactly two players, found 1"),
        "test.variant:3:3"
    );
}

#[test]
fn error_unknown_parent_game() {
    let src = format!("{}game H extends Gmae {{ }}\n", game("", SETUP));
    let help = one_error(&src, "unknown game `Gmae`", "7:16");
    assert_eq!(help.as_deref(), Some("known: `G`"));
    let src = format!(
        "{}game Hexa extends Gmae {{ }}\n",
        game("", SETUP).replace("game G", "game Game")
    );
    let help = one_error(&src, "unknown game `Gmae`", "7:19");
    assert_eq!(help.as_deref(), Some("did you mean `Game`?"));
}

#[test]
fn error_append_without_base() {
    let src = game("  piece P \"P\" { moves += { step n } }", SETUP);
    one_error(&src, "`moves +=` has no moves to add to", "4:17");
}

#[test]
fn error_syntax_messages() {
    let cases = [
        (
            "  piece P \"P\" { moves { stpe n } }",
            "expected a move rule (step, slide, leap, hop or prefer) or `}`, found `stpe`",
            "4:25",
        ),
        (
            "  piece P \"P\" { royl }",
            "expected a piece property (royal, value, resets_clock, moves or promote) or `}`, found `royl`",
            "4:17",
        ),
        (
            "  piece P \"P\" { moves { step n to frend } }",
            "expected empty, enemy, not_friend or en_passant, found `frend`",
            "4:35",
        ),
        (
            "  piece P \"P\" { moves { step } }",
            "expected a direction name or a vector like (1,2), found `}`",
            "4:30",
        ),
        (
            "  piece P \"P\" { moves { leap (1,2 } }",
            "expected `)`, found `}`",
            "4:35",
        ),
        (
            "  piece to \"P\" { }",
            "expected a name, found keyword `to`",
            "4:9",
        ),
        (
            "  piece P \"P\" { moves { hop n then jump } }",
            "expected first, next or slide, found `jump`",
            "4:36",
        ),
        (
            "  piece P \"P\" { moves { hop n over then first } }",
            "expected a filter like `any`, `enemy`, `not friend PIECE` or piece names, found `then`",
            "4:36",
        ),
        (
            "  piece P \"P\" { moves { prefer { step n } } }",
            "expected `else`, found `}`",
            "4:43",
        ),
        (
            "  option o \"?\" { choices }",
            "expected a name, found `}`",
            "4:26",
        ),
        (
            "  use m(1, )",
            "expected a name or a whole number, found `)`",
            "4:12",
        ),
        (
            "  zones { z = rank }",
            "expected a rank number like 1, found `}`",
            "4:20",
        ),
        (
            "  test \"t\" { perft 1 20 }",
            "expected `=`, found `20`",
            "4:22",
        ),
        (
            "  end { checkmate -> lose }",
            "expected loss, win, draw or points, found `lose`",
            "4:22",
        ),
    ];
    for (extra, message, at) in cases {
        let e = errors(&game(extra, SETUP));
        assert_eq!(e.len(), 1, "{extra}: {e:?}");
        assert_eq!(
            (e[0].0.as_str(), e[0].1.as_str()),
            (message, format!("test.variant:{at}").as_str()),
            "{extra}"
        );
    }
    let e = errors(&game("  piece P \"P\" { moves { stpe n } }", SETUP));
    assert_eq!(e[0].2.as_deref(), Some("did you mean `step`?"));
    let e = errors("game G { board { files a..h  ranks 1..8 }");
    assert_eq!(
        e[0].0,
        "expected a game block (board, players, directions, zones, piece, castling, setup, end, test, reserve, drop, option, when or use) or `}`, found end of file"
    );
}

#[test]
fn all_errors_are_collected() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken/many_errors.variant");
    let mut sources = SourceMap::new();
    let e = load_file(&path, &mut sources, &[]).expect_err("broken");
    let msgs: Vec<&str> = e.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "unknown direction `diag`",
            "`max 0` allows no move",
            "the zero vector (0,0) goes nowhere",
            "unknown zone `lst`",
            "cannot promote to royal piece `King`",
            "castling king `Rook` is not royal",
            "unknown piece `Bishop`",
        ]
    );
}

#[test]
fn error_import_cycle_and_missing_import() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken");
    let mut sources = SourceMap::new();
    let e = load_file(&dir.join("cycle_a.variant"), &mut sources, &[]).expect_err("cycle");
    assert_eq!(e.len(), 1);
    assert_eq!(
        e[0].message,
        "import cycle: cycle_a.variant imports cycle_b.variant imports cycle_a.variant"
    );
    assert!(sources.location(e[0].span).ends_with("cycle_b.variant:2:1"));
    assert!(
        sources
            .location(e[0].secondary[0].0)
            .ends_with("cycle_a.variant:2:1")
    );

    let mut sources = SourceMap::new();
    let e = load_file(&dir.join("missing_import.variant"), &mut sources, &[]).expect_err("missing");
    assert_eq!(e.len(), 1);
    assert_eq!(
        e[0].message,
        "cannot import `../../../rules/chesss.variant`: no such file"
    );
    assert!(
        sources
            .location(e[0].span)
            .ends_with("missing_import.variant:2:8")
    );
    assert_eq!(e[0].help.as_deref(), Some("did you mean `chess.variant`?"));

    let mut sources = SourceMap::new();
    let e =
        load_file(&dir.join("no_such_file.variant"), &mut sources, &[]).expect_err("unreadable");
    assert!(e[0].message.starts_with("cannot read"));
}

// ============================================================================
// Inheritance
// ============================================================================

fn load_beside_chess(src: &str) -> Loaded {
    let name = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/inherit_test.variant");
    let mut sources = SourceMap::new();
    match load_source(&name.display().to_string(), src, &mut sources, &[]) {
        Ok(l) => l,
        Err(e) => panic!("{}", render_all(&e, &sources)),
    }
}

#[test]
fn extends_replaces_appends_and_drops_tests() {
    let l = load_beside_chess(
        r#"
        import "chess.variant"
        game Crab extends Chess {
          board { files a..j  ranks 1..8  holes a2..a7 j2..j7 }
          // Redeclared piece: replaces, keeps its place (index 2).
          piece Rook "R" { value 6  moves { slide orth max 3 } }
          // The inherited pawn plus one rule.
          piece Pawn "P" extends Pawn { moves += { leap (2,1) (-2,1) to empty when occupied (0,1) } }
          // A new piece based on another.
          piece Camel "C" extends Knight { moves { leap (1,3) sym } }
          setup { white { King f1  Pawn b2..i2 } black mirror }
        }
        "#,
    );
    let r = &l.rules;
    assert_eq!(r.name, "Crab");
    assert_eq!(
        (r.board.files, r.board.ranks, r.board.holes.len()),
        (10, 8, 12)
    );
    let names: Vec<&str> = r.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn", "Camel"]
    );
    let rook = piece(r, "Rook");
    assert_eq!(rook.value, 600);
    assert!(rides(rook).iter().all(|r| (r.min, r.max) == (1, 3)));
    let pawn = rides(piece(r, "Pawn"));
    assert_eq!(pawn.len(), 8);
    assert_eq!(pawn[6].vector, (2, 1));
    assert_eq!(pawn[7].guards, [Guard::Occupied((0, 1))]);
    assert!(piece(r, "Pawn").promotion.is_some());
    let camel = piece(r, "Camel");
    assert_eq!((camel.value, rides(camel).len()), (300, 8));
    // Tests are not inherited; castling and end are.
    assert!(r.tests.is_empty());
    assert!(r.castling.is_some());
    assert_eq!(r.end.repetition, Some((3, Outcome::Draw)));
    // The promotion zone follows the new board: rank 8 has 10 files.
    assert_eq!(r.zones[1].squares[1].len(), 10);
    assert_eq!(r.setup.placements.len(), 18);
}

#[test]
fn per_player_zones_and_frames() {
    let src = "game G {\n  board { files a..c  ranks 1..3 }  players { white  black mirror both }\n  piece King \"K\" { royal  moves { step n } }\n  zones { corner = a1  camp { white: rank 1  black: file c } }\n  piece P \"P\" { moves { step n when from in corner and from not in camp } }\n  setup { white { King a1 }  black mirror }\n}\n";
    let l = load(src)
        .map_err(|(e, s)| render_all(&e, &s))
        .expect("loads");
    let r = &l.rules;
    assert_eq!(r.players[1].frame, Frame::Rotate);
    assert_eq!(r.zones[0].squares, [vec![(0, 0)], vec![(2, 2)]]);
    assert_eq!(
        r.zones[1].squares,
        [vec![(0, 0), (1, 0), (2, 0)], vec![(2, 0), (2, 1), (2, 2)]]
    );
    assert_eq!(r.setup.placements, [(0, 0, (0, 0)), (1, 0, (2, 2))]);
    assert_eq!(
        rides(&r.pieces[1])[0].guards,
        [Guard::FromIn(0), Guard::FromNotIn(1)]
    );
}

#[test]
fn game_extending_itself_is_an_error() {
    let src = format!("{}game H extends H {{ }}\n", game("", SETUP));
    let e = errors(&src);
    assert_eq!(at(&e, "game `H` extends itself"), "test.variant:7:6");
}

// ============================================================================
// Hops, prefer, drops, options, macros, replaces
// ============================================================================

fn load_beside_chess_with(src: &str, options: &[(&str, &str)]) -> Result<Loaded, String> {
    let name = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/seed_test.variant");
    let mut sources = SourceMap::new();
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    load_source(&name.display().to_string(), src, &mut sources, &options)
        .map_err(|e| render_all(&e, &sources))
}

fn hops(rules: &[MoveRule]) -> Vec<&Hop> {
    rules
        .iter()
        .map(|m| match m {
            MoveRule::Hop(h) => h,
            other => panic!("expected a hop, found {other:?}"),
        })
        .collect()
}

#[test]
fn hop_prefer_and_filters() {
    let l = load_beside_chess(
        r#"
        import "chess.variant"
        game Seed extends Chess {
          piece Perier "E" {
            value 4
            moves { step all to empty  hop all then first }
          }
          piece Basilisk "S" {
            moves {
              prefer {
                hop all over not enemy Pawn then slide
                hop all over enemy Pawn then next to not_friend
              } else {
                slide all to empty
              }
            }
          }
          piece Cannon "C" {
            moves { prefer { hop orth over any then slide when from in pawn_start } else { prefer { hop n over friend then next } else { } } }
          }
        }
        "#,
    );
    let r = &l.rules;
    let pawn = r
        .pieces
        .iter()
        .position(|p| p.name == "Pawn")
        .expect("pawn");
    // Perier: 8 king steps to empty, then 8 cannon captures.
    let perier = piece(r, "Perier");
    assert_eq!(perier.moves.len(), 16);
    let ph = hops(&perier.moves[8..]);
    assert!(ph.iter().all(|h| h.shape == HopShape::First
        && h.to == Target::Enemy
        && h.screen == PieceFilter::default()
        && h.guards.is_empty()));
    assert_eq!(ph[0].vector, (0, 1));
    // Basilisk: one prefer with 16 hops and 8 quiet slides.
    let basilisk = piece(r, "Basilisk");
    let [MoveRule::Prefer { first, fallback }] = &basilisk.moves[..] else {
        panic!("one prefer: {:?}", basilisk.moves)
    };
    let first = hops(first);
    assert_eq!(first.len(), 16);
    assert_eq!(
        (first[0].shape, first[0].to, &first[0].screen),
        (
            HopShape::Slide,
            Target::NotFriend,
            &PieceFilter {
                owner: Some(Owner::Enemy),
                pieces: vec![pawn],
                negate: true
            }
        )
    );
    assert_eq!(
        (first[8].shape, first[8].to, &first[8].screen),
        (
            HopShape::Next,
            Target::NotFriend,
            &PieceFilter {
                owner: Some(Owner::Enemy),
                pieces: vec![pawn],
                negate: false
            }
        )
    );
    assert_eq!(fallback.len(), 8);
    assert!(fallback.iter().all(|m| matches!(
        m,
        MoveRule::Ride(Ride {
            to: Target::Empty,
            min: 1,
            max: 0,
            ..
        })
    )));
    // Nested prefer, guards on a hop, `over friend`.
    let cannon = piece(r, "Cannon");
    let [MoveRule::Prefer { first, fallback }] = &cannon.moves[..] else {
        panic!("one prefer")
    };
    let zone = r
        .zones
        .iter()
        .position(|z| z.name == "pawn_start")
        .expect("zone");
    assert_eq!(hops(first)[0].guards, [Guard::FromIn(zone)]);
    let [MoveRule::Prefer { first, fallback }] = &fallback[..] else {
        panic!("nested prefer")
    };
    assert_eq!(
        hops(first)[0].screen,
        PieceFilter {
            owner: Some(Owner::Friend),
            pieces: vec![],
            negate: false
        }
    );
    assert!(fallback.is_empty());
}

const PERIER: &str = r#"
    import "chess.variant"
    game Perier extends Chess {
      zones { back_rank = rank 1 }
      piece Perier "E" { value 4  moves { step all to empty  hop all then first } }
      option extra "Play with the extra pieces?" {
        choices no yes  default no
        vote { white  black when white == no }
        result any yes else no
      }
      when extra == yes {
        reserve { white: Perier 1  black: Perier }
        drop Perier {
          in back_rank
          require friend Pawn at (0,1)
          require empty at (0,2)
          then move (0,1) n 2 sets en_passant
        }
      }
      test "vote" {
        option extra = yes
        vote extra white no black yes -> yes
        vote extra white yes black no -> refused
      }
    }
"#;

#[test]
fn drop_with_requirement_and_relocation() {
    let l = load_beside_chess_with(PERIER, &[("extra", "yes")]).expect("loads");
    let r = &l.rules;
    let perier = r
        .pieces
        .iter()
        .position(|p| p.name == "Perier")
        .expect("perier");
    let pawn = r
        .pieces
        .iter()
        .position(|p| p.name == "Pawn")
        .expect("pawn");
    let back = r
        .zones
        .iter()
        .position(|z| z.name == "back_rank")
        .expect("zone");
    assert_eq!(
        r.drops,
        [DropDef {
            piece: perier,
            zone: Some(back),
            requires: vec![
                Requirement::Piece(
                    (0, 1),
                    PieceFilter {
                        owner: Some(Owner::Friend),
                        pieces: vec![pawn],
                        negate: false
                    }
                ),
                Requirement::Empty((0, 2)),
            ],
            per_file: None,
            effects: vec![DropEffect::Relocate {
                at: (0, 1),
                by: (0, 1),
                steps: 2,
                sets_ep: true
            }],
            span: r.drops[0].span,
        }]
    );
    assert_eq!(r.setup.reserves, [(0, perier, 1), (1, perier, 1)]);
    // Test steps: the options come first, the votes keep their names.
    let t = &r.tests[0];
    assert!(
        matches!(&t.steps[0], TestStep::Options(o) if o.len() == 1 && o[0].0 == "extra" && o[0].1 == "yes")
    );
    assert!(
        matches!(&t.steps[1], TestStep::Vote { option, ballots, expect: Some(e), .. }
        if option == "extra" && ballots.len() == 2 && e == "yes")
    );
    assert!(matches!(&t.steps[2], TestStep::Vote { expect: None, .. }));
}

#[test]
fn option_and_vote() {
    let l = load_beside_chess_with(PERIER, &[]).expect("loads");
    let r = &l.rules;
    let [o] = &r.options[..] else {
        panic!("one option")
    };
    assert_eq!(o.name, "extra");
    assert_eq!(o.prompt, "Play with the extra pieces?");
    assert_eq!(o.choices, ["no", "yes"]);
    assert_eq!(o.default, 0);
    assert_eq!(r.option_values, [0]);
    let vote = o.vote.as_ref().expect("vote");
    assert_eq!(vote.voters, [(0, None), (1, Some((0, 0)))]);
    assert_eq!((vote.any, vote.otherwise), (1, 0));
    let (no, yes) = (0, 1);
    assert_eq!(vote.decide(&[(0, yes)]), Ok(yes));
    assert_eq!(vote.decide(&[(0, no), (1, yes)]), Ok(yes));
    assert_eq!(vote.decide(&[(0, no), (1, no)]), Ok(no));
    assert!(vote.decide(&[(0, yes), (1, no)]).is_err());
}

#[test]
fn when_follows_the_options_parameter() {
    // Default `no`: no reserve, no drop; the zone only used inside `when` is not "unused".
    let l = load_beside_chess_with(PERIER, &[]).expect("loads");
    assert_eq!(l.warnings, []);
    let r = l.rules;
    assert!(r.drops.is_empty() && r.setup.reserves.is_empty());
    let r = load_beside_chess_with(PERIER, &[("extra", "no")])
        .expect("loads")
        .rules;
    assert!(r.drops.is_empty() && r.setup.reserves.is_empty());
    assert_eq!(r.option_values, [0]);
    let r = load_beside_chess_with(PERIER, &[("extra", "yes")])
        .expect("loads")
        .rules;
    assert_eq!((r.drops.len(), r.setup.reserves.len()), (1, 2));
    assert_eq!(r.option_values, [1]);
    // An unknown option or choice is an error at the game's name.
    let e = load_beside_chess_with(PERIER, &[("extar", "yes")]).expect_err("unknown option");
    assert!(e.contains("game `Perier` has no option `extar`"), "{e}");
    assert!(e.contains("did you mean `extra`?"), "{e}");
    assert!(e.contains("seed_test.variant:3:10"), "{e}");
    let e = load_beside_chess_with(PERIER, &[("extra", "maybe")]).expect_err("unknown choice");
    assert!(
        e.contains("`maybe` is not a choice of option `extra`"),
        "{e}"
    );
    // Options are inherited, by name; `when` in a child sees the parent's option.
    let child = format!(
        "{PERIER}\ngame Child extends Perier {{ when extra == yes {{ reserve {{ white: Knight 2 }} }} }}\n"
    );
    let r = load_beside_chess_with(&child, &[("extra", "yes")])
        .expect("loads")
        .rules;
    assert_eq!(r.name, "Child");
    assert_eq!(r.options.len(), 1);
    assert_eq!(r.drops.len(), 1);
    let knight = r
        .pieces
        .iter()
        .position(|p| p.name == "Knight")
        .expect("knight");
    assert!(r.setup.reserves.contains(&(0, knight, 2)));
    assert_eq!(r.setup.reserves.len(), 3);
}

#[test]
fn macros_expand_with_names_and_numbers() {
    let src = r#"
        import "chess.variant"
        define extra_piece(P, R) {
          option extra "Extra?" { choices no yes  vote { white  black when white == no }  result any yes else no }
          when extra == yes {
            reserve { white: $P  black: $P $R }
            drop $P { in back_rank  require friend Pawn at (0,1)  then move (0,1) n $R }
          }
        }
        define rider(N, D, X) { piece $N "X" { moves { slide $D max $X } } }
        game Basilisk extends Chess {
          zones { back_rank = rank 1 }
          piece Basilisk "S" { moves { hop all then slide } }
          use extra_piece(Basilisk, 1)
          use rider(Camel, n, 3)
        }
    "#;
    let r = load_beside_chess_with(src, &[("extra", "yes")])
        .expect("loads")
        .rules;
    let b = r
        .pieces
        .iter()
        .position(|p| p.name == "Basilisk")
        .expect("piece");
    assert_eq!(r.setup.reserves, [(0, b, 1), (1, b, 1)]);
    assert_eq!(r.drops[0].piece, b);
    assert!(matches!(
        r.drops[0].effects[..],
        [DropEffect::Relocate {
            steps: 1,
            sets_ep: false,
            ..
        }]
    ));
    let camel = rides(piece(&r, "Camel"));
    assert_eq!((camel[0].vector, camel[0].max), ((0, 1), 3));
    assert_eq!(r.options.len(), 1);
}

#[test]
fn macro_errors() {
    let base = "define m(P) { piece $P \"X\" { moves { step n } } }\n";
    let cases = [
        ("use n(A)", "unknown macro `n`", Some("did you mean `m`?")),
        ("use m(A, B)", "macro `m` takes 1 argument, found 2", None),
        ("use m()", "macro `m` takes 1 argument, found 0", None),
        (
            "use m(3)",
            "`$P` stands for a name, but the argument is the number 3",
            None,
        ),
    ];
    for (item, message, help) in cases {
        let src = format!("{base}{}", game(&format!("  {item}"), SETUP));
        let e = errors(&src);
        assert_eq!(e.len(), 1, "{item}: {e:#?}");
        assert_eq!(e[0].0, message);
        assert_eq!(e[0].2.as_deref(), help.or(e[0].2.as_deref()));
    }
    // Not a parameter.
    let src = format!(
        "define m(P) {{ piece $Q \"X\" {{ }} }}\n{}",
        game("  use m(A)", SETUP)
    );
    let e = errors(&src);
    assert_eq!(
        at(&e, "`$Q` is not a parameter of macro `m`"),
        "test.variant:1:21"
    );
    // Recursion, direct and through another macro.
    let src = format!(
        "define a() {{ use b() }}\ndefine b() {{ use a() }}\n{}",
        game("  use a()", SETUP)
    );
    let e = errors(&src);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert_eq!(e[0].0, "macro `a` uses itself");
    // A parameter outside a macro.
    let e = errors(&game("  piece $P \"X\" { }", SETUP));
    assert_eq!(e[0].0, "`$P` is a macro parameter outside a macro");
    // An error inside a body also points at the use.
    let src = format!(
        "define m() {{ piece X \"X\" {{ moves {{ step nn }} }} }}\n{}",
        game("  use m()", SETUP)
    );
    let mut sources = SourceMap::new();
    let d = load_source("test.variant", &src, &mut sources, &[]).expect_err("unknown direction");
    assert_eq!(d[0].message, "unknown direction `nn`");
    assert_eq!(sources.location(d[0].span), "test.variant:1:41");
    assert!(
        d[0].secondary
            .iter()
            .any(|(s, l)| sources.location(*s) == "test.variant:5:3" && l == "in this use of `m`"),
        "{:?}",
        d[0].secondary
    );
}

#[test]
fn replaces_takes_the_old_pieces_place() {
    let l = load_beside_chess(
        r#"
        import "chess.variant"
        game Crabs extends Chess {
          piece Crab "P" replaces Pawn {
            value 1.2
            moves += { leap (2,1) (-2,1) to empty when occupied (0,1) }
          }
          piece Cannon "C" { moves { hop orth over not Pawn then slide } }
          reserve { white: Pawn }
        }
        "#,
    );
    let r = &l.rules;
    let names: Vec<&str> = r.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "King", "Queen", "Rook", "Bishop", "Knight", "Crab", "Cannon"
        ]
    );
    let crab = 5;
    assert_eq!(r.pieces[crab].value, 120);
    assert_eq!(rides(&r.pieces[crab]).len(), 8);
    assert!(r.pieces[crab].promotion.is_some());
    // Every placement of a pawn now holds a crab.
    let on_rank_2: Vec<PieceId> = r
        .setup
        .placements
        .iter()
        .filter(|&&(p, _, (_, rank))| p == 0 && rank == 1)
        .map(|&(_, piece, _)| piece)
        .collect();
    assert_eq!(on_rank_2, [crab; 8]);
    assert_eq!(r.setup.placements.len(), 32);
    assert_eq!(r.setup.reserves, [(0, crab, 1)]);
    assert_eq!(hops(&piece(r, "Cannon").moves)[0].screen.pieces, [crab]);
}

#[test]
fn option_drop_and_vote_errors() {
    let opt = "  option extra \"?\" { choices no yes  vote { white  black when white == no }  result any yes else no }";
    let cases = [
        (
            format!("{opt}\n  when extar == yes {{ }}"),
            "unknown option `extar`",
            "5:8",
        ),
        (
            format!("{opt}\n  when extra == yse {{ }}"),
            "`yse` is not a choice of option `extra`",
            "5:17",
        ),
        (
            "  drop Kng { }".to_string(),
            "unknown piece `Kng`",
            "4:8",
        ),
        (
            "  drop King { then move (0,1) orth 1 }".to_string(),
            "`then move` needs one direction, but `orth` has 4",
            "4:31",
        ),
        (
            "  option o \"?\" { choices a b  vote { whit } result any a else b }".to_string(),
            "unknown player `whit`",
            "4:38",
        ),
        (
            "  option o \"?\" { choices a b  vote { white } }".to_string(),
            "option `o` has a vote but no `result`",
            "4:31",
        ),
        (
            "  option o \"?\" { choices a b  vote { black when white == a  white } result any a else b }".to_string(),
            "`white` has not voted before `black`",
            "4:49",
        ),
        (
            "  option o \"?\" { choices a b  default c }".to_string(),
            "`c` is not a choice of option `o`",
            "4:39",
        ),
        (
            format!("{opt}\n  test \"t\" {{ moves = 20  option extra = yes }}"),
            "options must be set first in a test",
            "5:26",
        ),
        (
            format!("{opt}\n  test \"t\" {{ vote extra white no blak yes -> yes }}"),
            "unknown player `blak`",
            "5:34",
        ),
    ];
    let mut wrong = Vec::new();
    for (extra, message, line_col) in cases {
        let src = game(
            &format!("  directions {{ orth = n e s w }}\n{extra}"),
            SETUP,
        )
        .replacen("\n  directions", "  directions", 1);
        let e = errors(&src);
        let got = e
            .iter()
            .map(|e| (e.0.as_str(), e.1.as_str()))
            .collect::<Vec<_>>();
        let want = format!("test.variant:{line_col}");
        if got != [(message, want.as_str())] {
            wrong.push(format!("{extra}: {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

// ============================================================================
// Limits on what is read (issue 16, defect 10)
// ============================================================================

/// Run `f` on another thread; fail (instead of hanging) if it takes over 20 s.
fn within_time<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(20))
        .expect("loading did not finish within 20 s")
}

/// Load `path` (with its imports) on another thread, within the time limit.
fn load_file_timed(path: PathBuf) -> Result<Loaded, (Vec<Diagnostic>, SourceMap)> {
    within_time(move || {
        let mut sources = SourceMap::new();
        load_file(&path, &mut sources, &[]).map_err(|e| (e, sources))
    })
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("myriad-lowering-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

const SMALL_GAME: &str = "game G {\n  board { files a..h  ranks 1..8 }  players { white  black mirror ranks }\n  piece King \"K\" { royal  moves { step n e s w } }\n  setup { white { King e1 }  black mirror }\n}\n";

#[test]
fn a_device_is_not_read_as_a_rule_file() {
    let (e, s) = load_file_timed(PathBuf::from("/dev/zero")).expect_err("a device");
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].message, "cannot read `/dev/zero`: not a regular file");
    assert!(s.location(e[0].span).starts_with("/dev/zero"));
}

#[test]
fn an_imported_device_is_refused_at_the_import() {
    let dir = scratch("import-device");
    let main = dir.join("main.variant");
    std::fs::write(&main, format!("import \"/dev/zero\"\n{SMALL_GAME}")).expect("write");
    let (e, s) = load_file_timed(main).expect_err("imports a device");
    assert_eq!(e.len(), 1);
    assert_eq!(
        e[0].message,
        "cannot import `/dev/zero`: not a regular file"
    );
    assert!(s.location(e[0].span).ends_with("main.variant:1:8"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_over_the_size_limit_is_refused() {
    let dir = scratch("too-large");
    let big = dir.join("big.variant");
    let f = std::fs::File::create(&big).expect("create");
    f.set_len(MAX_FILE_BYTES + 1).expect("grow");
    drop(f);
    let (e, _) = load_file_timed(big.clone()).expect_err("too large");
    assert_eq!(
        e[0].message,
        format!(
            "cannot read `{}`: larger than 1 MiB, the limit for one rule file",
            big.display()
        )
    );
    // The same file imported: the error points at the import.
    let main = dir.join("main.variant");
    std::fs::write(&main, format!("import \"big.variant\"\n{SMALL_GAME}")).expect("write");
    let (e, s) = load_file_timed(main).expect_err("imports a large file");
    assert_eq!(e.len(), 1);
    assert_eq!(
        e[0].message,
        "cannot import `big.variant`: larger than 1 MiB, the limit for one rule file"
    );
    assert!(s.location(e[0].span).ends_with("main.variant:1:8"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn imports_are_limited_in_number_and_in_total_size() {
    // More files than allowed: each import is small.
    let dir = scratch("many-files");
    let mut main = String::new();
    for i in 0..MAX_FILES {
        std::fs::write(dir.join(format!("f{i}.variant")), "// empty\n").expect("write");
        main.push_str(&format!("import \"f{i}.variant\"\n"));
    }
    main.push_str(SMALL_GAME);
    std::fs::write(dir.join("main.variant"), &main).expect("write");
    let (e, s) = load_file_timed(dir.join("main.variant")).expect_err("too many files");
    assert_eq!(e.len(), 1);
    let last = MAX_FILES - 1;
    assert_eq!(
        e[0].message,
        format!("cannot import `f{last}.variant`: more than {MAX_FILES} rule files in all")
    );
    assert!(
        s.location(e[0].span)
            .ends_with(&format!("main.variant:{MAX_FILES}:8"))
    );
    let _ = std::fs::remove_dir_all(&dir);

    // Files each under the limit, too large together.
    let dir = scratch("large-total");
    let each = MAX_FILE_BYTES as usize - 1024;
    let n = (MAX_TOTAL_BYTES as usize).div_ceil(each);
    let mut main = String::new();
    for i in 0..n {
        let mut text = "// filler\n".to_string();
        text.push_str(&" ".repeat(each - text.len()));
        std::fs::write(dir.join(format!("f{i}.variant")), text).expect("write");
        main.push_str(&format!("import \"f{i}.variant\"\n"));
    }
    main.push_str(SMALL_GAME);
    std::fs::write(dir.join("main.variant"), &main).expect("write");
    let (e, _) = load_file_timed(dir.join("main.variant")).expect_err("too large in total");
    assert_eq!(e.len(), 1);
    assert_eq!(
        e[0].message,
        format!(
            "cannot import `f{}.variant`: the rule file and its imports are larger than 8 MiB in all",
            n - 1
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.variant");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here
    }
    let (e, _) = load_file_timed(fifo.clone()).expect_err("a fifo");
    assert_eq!(
        e[0].message,
        format!("cannot read `{}`: not a regular file", fifo.display())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ============================================================================
// The start position is validated as a FEN is (issue 16, defect 12)
// ============================================================================

/// Load through [`myriad::load`], which also compiles and checks positions.
fn load_game(src: &str) -> Result<myriad::load::Game, String> {
    let name = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/setup_test.variant");
    myriad::load::load_source(&name.display().to_string(), src).map_err(|e| {
        e.rendered()
            .replace(concat!(env!("CARGO_MANIFEST_DIR"), "/"), "")
    })
}

#[test]
fn a_setup_with_the_side_not_to_move_in_check_is_refused() {
    let src = "import \"chess.variant\"\ngame G extends Chess {\n  setup {\n    white { King e1  Rook e2 }\n    black { King e8 }\n  }\n}\n";
    let e = load_game(src).err().expect("the setup is impossible");
    assert!(
        e.contains(
            "error: impossible setup: the side not to move is in check, so the position cannot arise"
        ),
        "{e}"
    );
    assert!(e.contains("rules/setup_test.variant:3:3"), "{e}");
    // The same position as a FEN is refused for the same reason.
    let chess = load_game("import \"chess.variant\"\ngame G extends Chess { }\n").expect("chess");
    let fen = myriad::notation::parse_fen(&chess.variant, "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert!(fen.is_err_and(|e| e.message.contains("the side not to move is in check")));
    // Black to move in check is fine: that is a position a game can reach.
    let src = "import \"chess.variant\"\ngame G extends Chess {\n  setup {\n    white { King e1 }\n    black { King e8  Rook e2 }\n  }\n}\n";
    load_game(src).expect("white in check with white to move is legal");
}

#[test]
fn an_option_dependent_setup_is_validated_with_its_option() {
    let src = "import \"chess.variant\"\ngame G extends Chess {\n  option start \"Which start?\" { choices normal broken  default normal }\n  when start == broken {\n    setup {\n      white { King e1  Rook e2 }\n      black { King e8 }\n    }\n  }\n}\n";
    let game = load_game(src).expect("the default setup is chess's");
    let e = game
        .with_options(&[("start".to_string(), "broken".to_string())])
        .err()
        .expect("the option's setup is impossible");
    assert!(
        e.rendered()
            .contains("impossible setup: the side not to move is in check"),
        "{}",
        e.rendered()
    );
    assert!(
        e.rendered().contains("setup_test.variant:5:5"),
        "{}",
        e.rendered()
    );
}

#[test]
fn a_load_error_keeps_its_diagnostics_and_renders_them_on_demand() {
    // Two problems: an unknown direction and an unknown zone.
    let src = "import \"chess.variant\"\ngame G extends Chess {\n  piece X \"X\" {\n    moves { step orht }\n    promote in nowhere to Queen\n  }\n}\n";
    let root = env!("CARGO_MANIFEST_DIR");
    let e = match myriad::load::load_source(&format!("{root}/rules/x.variant"), src) {
        Err(e) => e,
        Ok(_) => panic!("loaded a broken file"),
    };
    assert_eq!(e.count(), e.diagnostics.len());
    assert!(e.count() >= 2, "{}", e.rendered());
    let first = &e.diagnostics[0];
    assert_eq!(
        &src[first.span.start..first.span.end],
        "orht",
        "{}",
        e.rendered()
    );
    assert_eq!(first.help.as_deref(), Some("did you mean `orth`?"));
    assert!(e.rendered().contains("x.variant:4:18"), "{}", e.rendered());
    assert_eq!(e.to_string(), e.rendered());
}

#[test]
fn new_user_mistakes_get_helpful_hints() {
    let root = env!("CARGO_MANIFEST_DIR");
    let name = format!("{root}/rules/new-user.variant");
    let load = |src: &str| match myriad::load::load_source(&name, src) {
        Err(e) => e,
        Ok(_) => panic!("loaded a broken file"),
    };
    // A compass word for a direction: the short name that exists.
    let e = load(
        "import \"chess.variant\"\ngame G extends Chess {\n  piece W \"W\" { value 1 moves { step north to not_friend } }\n}\n",
    );
    assert_eq!(
        e.diagnostics[0].code,
        Some(myriad::lang::codes::Code::UnknownName)
    );
    let help = e.diagnostics[0].help.as_deref().unwrap_or("");
    assert!(help.starts_with("did you mean `n`?"), "{}", e.rendered());
    // An import path that is not there, nothing like it: where it is looked for.
    let e = load("import \"nowhere/at/all.variant\"\ngame G extends Chess { }\n");
    let help = e.diagnostics[0].help.as_deref().unwrap_or("");
    assert!(
        help.contains("relative to the folder of the file that imports it"),
        "{}",
        e.rendered()
    );
}

/// A piece in no setup, no reserve and no promotion is linted; one that enters
/// only by promotion, or only under an option's other value, is not.
#[test]
fn a_piece_that_can_never_enter_is_linted() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let src = format!(
        "import \"{dir}/chess.variant\"\n\
         game G extends Chess {{\n\
         \x20 piece Wazir \"W\" {{ moves {{ step orth }} }}\n\
         \x20 piece Ferz \"F\" {{ moves {{ step diag }} }}\n\
         \x20 piece Camel \"L\" {{ moves {{ leap (1,3) }} }}\n\
         \x20 piece Pawn \"P\" extends Pawn {{ promote in promotion to Queen Ferz }}\n\
         \x20 option camels \"Camels?\" {{ choices no yes  default no }}\n\
         \x20 when camels == yes {{ reserve {{ white: Camel 1  black: Camel 1 }}  drop Camel {{}} }}\n\
         }}\n"
    );
    let game = myriad::load::load_source(&format!("{dir}/g.variant"), &src)
        .unwrap_or_else(|e| panic!("{e}"));
    let lints: Vec<(&str, Option<&str>)> = game
        .warnings
        .iter()
        .map(|w| (w.message.as_str(), w.code.map(|c| c.as_str())))
        .collect();
    assert_eq!(
        lints,
        [(
            "piece `Wazir` can never enter the game",
            Some("never-enters")
        )]
    );
}

#[test]
fn a_piece_names_its_figure_and_a_child_inherits_it() {
    // chess.variant's Rook is `figure "rook"`; this one names another figure.
    // The King's figure is taken out: a piece without one has none.
    let src = CHESS
        .replacen("figure \"rook\"", "figure \"tower-2\"", 1)
        .replacen("    figure \"king\"\n", "", 1)
        + "\ngame Child extends Chess {\n  piece Warden \"W\" extends Rook { value 6 }\n  piece Knight \"N\" extends Knight { figure \"horse\" }\n}\n";
    let l = load(&src).unwrap_or_else(|(e, s)| panic!("{}", render_all(&e, &s)));
    let r = &l.rules;
    assert_eq!(r.name, "Child");
    assert_eq!(piece(r, "Rook").figure.as_deref(), Some("tower-2"));
    assert_eq!(piece(r, "Warden").figure.as_deref(), Some("tower-2"));
    assert_eq!(piece(r, "Knight").figure.as_deref(), Some("horse"));
    assert_eq!(piece(r, "King").figure, None);
    // `figure` is not reserved: it may still name things.
    let named = CHESS.replacen("orth = n e s w", "orth = n e s w\n    figure = n", 1);
    assert!(load(&named).is_ok());
    // Bad names and a second figure are errors with their codes.
    for (bad, code) in [
        ("figure \"Cannon\"", "bad-figure"),
        ("figure \"\"", "bad-figure"),
        ("figure \"a b\"", "bad-figure"),
        ("figure \"x\" figure \"y\"", "duplicate"),
    ] {
        // In place of chess.variant's own `figure "rook"`.
        let src = CHESS.replacen("figure \"rook\"", bad, 1);
        let Err((e, _)) = load(&src) else {
            panic!("{bad}: expected an error")
        };
        let codes: Vec<&str> = e
            .iter()
            .filter_map(|d| d.code.map(|c| c.as_str()))
            .collect();
        assert_eq!(codes, [code], "{bad}");
    }
}
