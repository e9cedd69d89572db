//! SAN: what `move_to_san` writes for known positions, and that `parse_san`
//! reads back every legal move of many positions of every bundled variant.

use std::path::PathBuf;

use myriad::load::{Game, load};
use myriad::movegen::Move;
use myriad::notation::{move_to_san, move_to_string, parse_fen, parse_san};

fn game(name: &str, options: &[&str]) -> Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{name}.variant"));
    let g = load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    if options.is_empty() {
        return g;
    }
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    let values = g.parse_options(&opts).expect("declared options");
    g.with_options(&values).expect("loads with options")
}

/// SAN of every legal move, sorted.
fn all_san(g: &Game, fen: Option<&str>) -> Vec<String> {
    let v = &g.variant;
    let mut pos = match fen {
        Some(f) => parse_fen(v, f).expect("fen"),
        None => v.start_position(),
    };
    let mut moves = Vec::new();
    v.legal_moves(&mut pos, &mut moves);
    let mut out: Vec<String> = moves.iter().map(|&m| move_to_san(v, &pos, m)).collect();
    out.sort();
    out
}

fn san_of(g: &Game, fen: &str, coord: &str) -> String {
    let v = &g.variant;
    let mut pos = parse_fen(v, fen).expect("fen");
    let m = myriad::notation::parse_move(v, &mut pos, coord).expect("legal");
    move_to_san(v, &pos, m)
}

#[test]
fn chess_start_position() {
    let g = game("chess", &[]);
    assert_eq!(
        all_san(&g, None).join(" "),
        "Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4"
    );
}

#[test]
fn chess_captures_castling_disambiguation_promotion_checks() {
    let g = game("chess", &[]);
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(&g, kiwi, "e1g1"), "O-O");
    assert_eq!(san_of(&g, kiwi, "e1c1"), "O-O-O");
    assert_eq!(san_of(&g, kiwi, "d5e6"), "dxe6");
    assert_eq!(san_of(&g, kiwi, "e5f7"), "Nxf7");
    assert_eq!(san_of(&g, kiwi, "g2h3"), "gxh3");
    assert_eq!(san_of(&g, kiwi, "c3b1"), "Nb1");
    assert_eq!(
        san_of(&g, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"),
        "Nbd2"
    );
    assert_eq!(san_of(&g, kiwi, "e2d1"), "Bd1");
    // Rank disambiguation: rooks on a1 and a5 both reach a3.
    assert_eq!(
        san_of(&g, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"),
        "R1a3"
    );
    // Queens on a1, a3 and c3 reach b2: a1's rank is unique.
    assert_eq!(
        san_of(&g, "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a1b2"),
        "Q1b2"
    );
    // Queens on a1, a3 and c1: a1 shares its file and its rank, so the whole square.
    assert_eq!(
        san_of(&g, "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2"),
        "Qa1b2"
    );
    // Promotion with capture and check.
    assert_eq!(
        san_of(&g, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"),
        "axb8=Q+"
    );
    assert_eq!(
        san_of(&g, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n"),
        "a8=N"
    );
    // En passant is a pawn capture.
    assert_eq!(
        san_of(&g, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
        "exd6"
    );
    // Fool's mate.
    let fool = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    assert_eq!(san_of(&g, fool, "d8h4"), "Qh4#");
}

#[test]
fn gustav_board_castling_and_drops() {
    let g = game("gustavian", &[]);
    let fen = "1r3k2r1/*p6p*/*8*/*8*/*8*/*8*/*P6P*/1R3K2R1 w KQkq - 0 1";
    assert_eq!(san_of(&g, fen, "f1h1"), "O-O");
    assert_eq!(san_of(&g, fen, "f1i1"), "O-O-i1");
    assert_eq!(san_of(&g, fen, "f1d1"), "O-O-O");
    assert_eq!(san_of(&g, fen, "f1c1"), "O-O-O-c1");
    let v = &g.variant;
    let pos = parse_fen(v, fen).expect("fen");
    for text in ["O-O", "O-O-i1", "O-O-O", "O-O-O-c1", "0-0-0"] {
        let m = parse_san(v, &pos, text).expect(text);
        assert_eq!(parse_san(v, &pos, &move_to_san(v, &pos, m)), Ok(m));
    }
    let g = game("perier", &["extra=yes"]);
    let fen = "4k3/8/8/8/1N5p/8/1P4P1/4K3[E] w - - 0 1";
    assert_eq!(san_of(&g, fen, "E@g1"), "E@g1");
    let v = &g.variant;
    let pos = parse_fen(v, fen).expect("fen");
    let m = parse_san(v, &pos, "E@g1").expect("drop");
    assert_eq!(move_to_string(v, m), "E@g1");
}

#[test]
fn lenient_and_coordinate_input() {
    let g = game("chess", &[]);
    let v = &g.variant;
    let pos = v.start_position();
    for (text, coord) in [
        ("e4", "e2e4"),
        ("e2e4", "e2e4"),
        ("Ng1f3", "g1f3"),
        ("Ngf3", "g1f3"),
        ("Nf3!?", "g1f3"),
        ("Pe4", "e2e4"),
    ] {
        let m = parse_san(v, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(move_to_string(v, m), coord, "{text}");
    }
    assert!(parse_san(v, &pos, "e5").is_err());
    assert!(parse_san(v, &pos, "Qd4").is_err());
    assert!(parse_san(v, &pos, "hello").is_err());
    assert!(parse_san(v, &pos, "").is_err());
    let two = parse_fen(v, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").expect("fen");
    assert!(matches!(
        parse_san(v, &two, "Nd2"),
        Err(myriad::notation::SanError::Ambiguous(..))
    ));
}

/// A small deterministic generator for the random walks.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Along random games of every bundled variant, every legal move's SAN is
/// unique in its position and reads back as that move.
#[test]
fn round_trip_every_variant() {
    let names = [
        ("chess", &[][..]),
        ("perier", &["extra=yes"][..]),
        ("perier-1step", &["extra=yes"][..]),
        ("basilisk", &["extra=yes"][..]),
        ("culverin", &["extra=yes"][..]),
        ("gustavian", &[][..]),
        ("gustavian-crab", &[][..]),
        ("gustav3", &[][..]),
        ("adjutant", &[][..]),
        ("capablanca", &[][..]),
        ("shatranj", &[][..]),
        ("makruk", &[][..]),
        ("knightmate", &[][..]),
        ("crazyhouse", &[][..]),
    ];
    for (name, opts) in names {
        let g = game(name, opts);
        let v = &g.variant;
        let mut seed = 0x1234_5678_9abc_def1_u64;
        let mut checked = 0;
        for _ in 0..12 {
            let mut pos = v.start_position();
            for _ in 0..80 {
                let mut moves: Vec<Move> = Vec::new();
                v.legal_moves(&mut pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let sans: Vec<String> = moves.iter().map(|&m| move_to_san(v, &pos, m)).collect();
                for (i, &m) in moves.iter().enumerate() {
                    let s = &sans[i];
                    assert_eq!(
                        sans.iter().filter(|t| *t == s).count(),
                        1,
                        "{name}: {s} written twice in {}",
                        myriad::notation::write_fen(v, &pos)
                    );
                    assert_eq!(
                        parse_san(v, &pos, s),
                        Ok(m),
                        "{name}: {s} in {}",
                        myriad::notation::write_fen(v, &pos)
                    );
                    checked += 1;
                }
                let m = moves[(next(&mut seed) % moves.len() as u64) as usize];
                v.make(&mut pos, m);
            }
        }
        assert!(checked > 1000, "{name}: only {checked} moves checked");
    }
}
