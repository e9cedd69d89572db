//! Gating (`gating in ZONE`, rules/seirawan.variant): FEN, moves and SAN as
//! native Fairy-Stockfish writes them (its `d` and `go perft 1` answers to
//! the same positions are copied below), the FENs of the perft table read
//! and written back unchanged, and make/unmake restoring gates and hands.

use myriad::load::{Game, load};
use myriad::movegen::Move;
use myriad::notation::{move_to_san, move_to_string, parse_fen, parse_move, parse_san, write_fen};

fn seirawan() -> Game {
    load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/seirawan.variant"
    )))
    .unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// The FEN after `moves` from `fen` (None: the start).
fn after(g: &Game, fen: Option<&str>, moves: &[&str]) -> String {
    let v = &g.variant;
    let mut pos = fen.map_or_else(|| v.start_position(), |f| parse_fen(v, f).expect("fen"));
    for m in moves {
        let mv = parse_move(v, &mut pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        v.make(&mut pos, mv);
    }
    write_fen(v, &pos)
}

#[test]
fn start_as_fairy_stockfish() {
    let g = seirawan();
    // FSF: position startpos, d.
    assert_eq!(
        after(&g, None, &[]),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
    );
    // FSF reads the pocket in any order.
    let v = &g.variant;
    let pos = parse_fen(
        v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
    )
    .expect("fen");
    assert_eq!(pos, v.start_position());
}

#[test]
fn gating_and_castling_fens_as_fairy_stockfish() {
    let g = seirawan();
    // FSF: position startpos moves b1c3e
    assert_eq!(
        after(&g, None, &["b1c3e"]),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/REBQKBNR[Heh] b KQCDFGkqbcdfg - 1 1"
    );
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[He] w KQkq - 0 1";
    // FSF: position fen FEN moves h1e1h
    assert_eq!(
        after(&g, Some(fen), &["h1e1h"]),
        "r3k2r/8/8/8/8/8/8/R4RKH[e] b kq - 1 1"
    );
    // A capture closes the gate of the captured piece; the king's move
    // closes the king's, not the rook's.
    assert_eq!(
        after(&g, Some("4k3/8/8/8/8/8/b7/1N2K2R[H] b BK - 0 1"), &["a2b1"]),
        "4k3/8/8/8/8/8/8/1b2K2R[H] w K - 0 2"
    );
    assert_eq!(
        after(
            &g,
            Some("4k3/1b6/8/8/8/8/8/1N2K2R[H] b BK - 0 1"),
            &["e8d8", "e1d1", "d8e8"]
        ),
        "4k3/1b6/8/8/8/8/8/1N1K3R[H] w BH - 3 3"
    );
}

#[test]
fn castling_moves_as_fairy_stockfish() {
    let g = seirawan();
    let v = &g.variant;
    let mut pos = parse_fen(v, "r3k2r/8/8/8/8/8/8/R3K2R[He] w KQkq - 0 1").expect("fen");
    let mut moves: Vec<Move> = Vec::new();
    v.legal_moves(&mut pos, &mut moves);
    let mut castles: Vec<String> = moves
        .iter()
        .filter(|m| m.kind == myriad::movegen::MoveKind::Castle)
        .map(|&m| move_to_string(v, m))
        .collect();
    castles.sort();
    // FSF's `go perft 1` lists these six castling moves.
    assert_eq!(
        castles,
        ["a1e1h", "e1c1", "e1c1h", "e1g1", "e1g1h", "h1e1h"]
    );
    // SAN as Fairy-Stockfish writes it, and read back.
    let m = parse_move(v, &mut pos, "h1e1h").expect("move");
    assert_eq!(move_to_san(v, &pos, m), "O-O/Hh1");
    assert_eq!(parse_san(v, &pos, "O-O/Hh1"), Ok(m));
    let m = parse_move(v, &mut pos, "e1g1h").expect("move");
    assert_eq!(move_to_san(v, &pos, m), "O-O/He1");
    assert_eq!(
        parse_san(v, &pos, "O-O").ok(),
        parse_move(v, &mut pos, "e1g1").ok()
    );
    let m = parse_move(v, &mut pos, "a1a5h").expect("move");
    assert_eq!(move_to_san(v, &pos, m), "Ra5/H");
    assert_eq!(parse_san(v, &pos, "Ra5/H"), Ok(m));
    assert_eq!(
        parse_san(v, &pos, "Ra5").ok(),
        parse_move(v, &mut pos, "a1a5").ok()
    );
}

#[test]
fn perft_table_fens_read_and_write_back_unchanged() {
    let g = seirawan();
    let v = &g.variant;
    let table = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/perft/seirawan.perft"
    ))
    .expect("table");
    let mut n = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let fen = line.split('|').nth(3).map(str::trim).expect("row");
        if fen == "start" {
            continue;
        }
        let pos = parse_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(write_fen(v, &pos), fen);
        n += 1;
    }
    assert!(n >= 8, "{n} positions");
}

#[test]
fn make_unmake_restores_gates_and_hands() {
    let g = seirawan();
    let v = &g.variant;
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R[He] w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1",
        "4k3/8/8/8/8/8/b7/1N2K2R[H] b BK - 0 1",
    ] {
        let mut pos = parse_fen(v, fen).expect("fen");
        let mut moves: Vec<Move> = Vec::new();
        v.legal_moves(&mut pos, &mut moves);
        for &m in &moves {
            let before = pos.clone();
            let u = v.make(&mut pos, m);
            assert_eq!(
                pos.hash,
                pos.compute_hash(&v.keys),
                "{}",
                move_to_string(v, m)
            );
            let back = parse_fen(v, &write_fen(v, &pos)).expect("written FEN reads");
            assert_eq!(back.hash, pos.hash, "{}", move_to_string(v, m));
            v.unmake(&mut pos, m, u);
            assert_eq!(pos, before);
        }
    }
}

#[test]
fn bad_gating_letters_are_refused() {
    let g = seirawan();
    let v = &g.variant;
    // No piece on d1 to gate behind; `x` is no file of the board.
    for fen in [
        "4k3/8/8/8/8/8/8/4K3[H] w D - 0 1",
        "4k3/8/8/8/8/8/8/4K3[H] w X - 0 1",
    ] {
        let e = parse_fen(v, fen).expect_err(fen);
        assert!(e.to_string().contains("castling"), "{e}");
    }
}
