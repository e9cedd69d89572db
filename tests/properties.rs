//! Property tests over random games in every bundled rule file: FEN round-trip,
//! make/unmake restoring the position, the incremental hash equal to one
//! computed from scratch.

mod common;

use myriad::load::{Game, load};
use myriad::notation::{parse_fen, write_fen};
use proptest::prelude::*;
use std::sync::OnceLock;

fn games() -> &'static Vec<Game> {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut paths: Vec<_> = std::fs::read_dir(common::root().join("rules"))
            .expect("rules/")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "variant"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|p| load(p).unwrap_or_else(|e| panic!("{}: {}", p.display(), e.rendered())))
            .collect()
    })
}

/// Extra start positions, to reach castling, en passant and promotion quickly.
const EXTRA_FENS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// Moves the check glance says cannot give check do not: played, they leave
/// no royal piece of the opponent attacked (when none was before).
fn glance_misses_no_check(
    v: &myriad::movegen::Variant,
    pos: &mut myriad::board::Position,
    moves: &[myriad::movegen::Move],
) -> Result<(), TestCaseError> {
    let us = pos.side;
    if pos.royals[us.other()]
        .iter()
        .any(|k| v.is_attacked(pos, k, us))
    {
        return Ok(());
    }
    for &m in moves {
        if !v.may_give_check(pos, m) {
            let fen = write_fen(v, pos);
            let undo = v.make(pos, m);
            let check = v.in_check(pos);
            v.unmake(pos, m, undo);
            prop_assert!(
                !check,
                "{:?} gives check at {} though the glance says it cannot",
                m,
                fen
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_keep_invariants(game_ix in 0usize..64, start_ix in 0usize..4, choices in prop::collection::vec(any::<u16>(), 1..80)) {
        let games = games();
        let game = &games[game_ix % games.len()];
        let v = &game.variant;
        let mut pos = match start_ix.checked_sub(1).and_then(|i| EXTRA_FENS.get(i)) {
            Some(f) => match parse_fen(v, f) { Ok(p) => p, Err(_) => v.start_position() },
            None => v.start_position(),
        };
        let mut moves = Vec::new();
        for c in choices {
            prop_assert_eq!(pos.hash, pos.compute_hash(&v.keys), "incremental hash drifted at {}", write_fen(v, &pos));
            prop_assert_eq!(pos.pawn_hash, pos.compute_pawn_hash(&v.keys), "incremental pawn hash drifted at {}", write_fen(v, &pos));
            let fen = write_fen(v, &pos);
            let back = parse_fen(v, &fen);
            prop_assert!(back.is_ok(), "printed FEN does not parse: {fen}: {:?}", back.err());
            let mut back = back.unwrap();
            // A count in progress takes the half-move field, as
            // Fairy-Stockfish writes it (a game with a count has no
            // move-count rule): the clock reads back as 0.
            if pos.count_limit != 0 {
                prop_assert_eq!(back.halfmove, 0, "half-move clock read during a count: {}", fen);
                back.halfmove = pos.halfmove;
            }
            // The passes in a row are not written (as Fairy-Stockfish's
            // FEN): they read back as 0, the hash without them.
            if pos.passes != 0 {
                prop_assert_eq!(back.passes, 0, "passes read back: {}", fen);
                back.passes = pos.passes;
                back.hash = back.compute_hash(&v.keys);
            }
            // The checks in a row (kept for `perpetual check`) are history,
            // not in the FEN: they read back as none.
            prop_assert_eq!(back.checking, [0, 0], "checks in a row read back: {}", fen);
            back.checking = pos.checking;
            // Nor is the kind the last move dropped (kept for `checkmate by
            // drop`): none after a FEN.
            prop_assert_eq!(back.dropped, myriad::board::Piece::NO_KIND, "a drop read back: {}", fen);
            back.dropped = pos.dropped;
            prop_assert_eq!(&back, &pos, "FEN round trip changed the position: {}", fen);
            moves.clear();
            v.legal_moves(&mut pos, &mut moves);
            // Perft's bulk count at the last ply (set operations where the
            // pieces allow, make/unmake elsewhere) agrees with the list.
            let mut buf = Vec::new();
            prop_assert_eq!(v.count_legal(&mut pos, &mut buf), moves.len() as u64, "bulk count differs from the list at {}", fen);
            glance_misses_no_check(v, &mut pos, &moves)?;
            if moves.is_empty() {
                break;
            }
            let m = moves[c as usize % moves.len()];
            let before = pos.clone();
            let undo = v.make(&mut pos, m);
            let after = pos.clone();
            v.unmake(&mut pos, m, undo);
            prop_assert_eq!(&pos, &before, "unmake did not restore the position");
            pos = after;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The evaluation's activity counts agree with the move generator (moves
    /// per piece) and with attack detection (squares attacked), in random
    /// positions of every bundled variant.
    #[test]
    fn activity_agrees_with_generation_and_attacks(game_ix in 0usize..64, choices in prop::collection::vec(any::<u16>(), 1..100)) {
        use myriad::board::{Bitset, Kind};
        use myriad::movegen::MoveKind;
        // With the extra pieces where a variant offers them: their hops are
        // the interesting case.
        let games = games();
        let game = &games[game_ix % games.len()];
        let game = game
            .with_options(&[("extra".to_string(), "yes".to_string())])
            .unwrap_or_else(|_| game.with_options(&[]).expect("defaults"));
        let v = &game.variant;
        let mut pos = v.start_position();
        let mut moves = Vec::new();
        for c in choices {
            let us = pos.side;
            moves.clear();
            v.pseudo_moves(&pos, &mut moves);
            for from in pos.occ[us].iter() {
                let mut n = 0u32;
                for (i, m) in moves.iter().enumerate() {
                    let counted = match m.kind {
                        MoveKind::Normal | MoveKind::SetsEnPassant => true,
                        // A promotion counts once per destination.
                        MoveKind::Promotion => !moves[..i].iter().any(|o| o.kind == MoveKind::Promotion && o.from == m.from && o.to == m.to),
                        _ => false,
                    };
                    // A gated move (`b1c3h`) is its plain move with a piece
                    // entering behind: the same destination, counted once.
                    n += u32::from(counted && m.gate == 0 && m.from == from);
                }
                let a = v.activity(&pos, us, from, &Bitset::EMPTY);
                prop_assert_eq!(a.moves, n, "moves of the piece on {} in {}", v.geo.name(from), write_fen(v, &pos));
            }
            for sq in v.geo.valid.iter() {
                let mut zone = Bitset::EMPTY;
                zone.set(sq);
                let hit = pos.occ[us].iter().any(|from| v.activity(&pos, us, from, &zone).hits > 0);
                prop_assert_eq!(hit, v.is_attacked(&pos, sq, us), "is {} attacked in {}", v.geo.name(sq), write_fen(v, &pos));
            }
            // The evaluation's loop over all pieces at once gives each
            // piece's activity, on a zone of some squares.
            let mut zone = Bitset::EMPTY;
            for sq in v.geo.valid.iter().step_by(3) {
                zone.set(sq);
            }
            // Threats: the enemy pieces of some kinds (by the piece's kind)
            // it could capture, as many as its hits on their squares.
            let victims = |kind: Kind| 0x5555_5555u32 << (kind.index() % 2);
            let one_by_one: Vec<_> = pos.occ[us].iter().map(|from| {
                let kind = pos.board[from as usize].kind();
                (kind, v.activity_in(&pos, us, from, &zone, victims(kind)))
            }).collect();
            for (from, (kind, a)) in pos.occ[us].iter().zip(&one_by_one) {
                let mut on_victims = Bitset::EMPTY;
                for sq in pos.occ[us.other()].iter() {
                    if victims(*kind) >> pos.board[sq as usize].kind().index() & 1 != 0 {
                        on_victims.set(sq);
                    }
                }
                prop_assert_eq!(a.threats, v.activity(&pos, us, from, &on_victims).hits, "threats of the piece on {} in {}", v.geo.name(from), write_fen(v, &pos));
                prop_assert_eq!((a.moves, a.hits), { let b = v.activity(&pos, us, from, &zone); (b.moves, b.hits) });
            }
            let mut at_once = Vec::new();
            v.each_activity(&pos, us, &zone, victims, |_| true, |kind, a| at_once.push((kind, a)));
            prop_assert_eq!(at_once, one_by_one, "activity of every piece in {}", write_fen(v, &pos));
            // The quiescence generator gives exactly the noisy pseudo-legal moves, in order.
            let noisy: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m.kind, MoveKind::EnPassant | MoveKind::Promotion)
                    || (!matches!(m.kind, MoveKind::Drop | MoveKind::Castle | MoveKind::Pass) && !pos.board[m.to as usize].is_none()))
                .collect();
            let mut quiescence = Vec::new();
            v.pseudo_noisy_moves(&pos, &mut quiescence);
            prop_assert_eq!(quiescence, noisy, "noisy moves in {}", write_fen(v, &pos));
            moves.clear();
            v.legal_moves(&mut pos, &mut moves);
            // Perft's bulk count at the last ply (set operations where the
            // pieces allow, make/unmake elsewhere) agrees with the list.
            let mut buf = Vec::new();
            prop_assert_eq!(v.count_legal(&mut pos, &mut buf), moves.len() as u64, "bulk count differs from the list at {}", write_fen(v, &pos));
            glance_misses_no_check(v, &mut pos, &moves)?;
            if moves.is_empty() {
                break;
            }
            let m = moves[c as usize % moves.len()];
            v.make(&mut pos, m);
        }
    }
}

/// Issue 16 item 13: an en-passant square no pawn can use is dropped when a
/// FEN is read, as it is when the position is reached by play, so the FEN
/// prints `-` and the hash equals the played position's.
#[test]
fn unusable_en_passant_square_is_dropped_on_reading() {
    use myriad::notation::parse_move;
    let game = load(&common::root().join("rules/chess.variant")).expect("chess");
    let v = &game.variant;
    let mut played = v.start_position();
    let m = parse_move(v, &mut played, "d2d4").expect("d2d4");
    v.make(&mut played, m);
    let fen_played = write_fen(v, &played);
    assert_eq!(
        fen_played,
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
    // The same position with the square written: no black pawn on c4 or e4.
    let read = parse_fen(
        v,
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1",
    )
    .expect("fen");
    assert_eq!(write_fen(v, &read), fen_played);
    assert_eq!(read.hash, played.hash);
    assert_eq!(read, played);
    // A usable square is kept: a black pawn on e4 can take on d3.
    let fen = "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3";
    assert_eq!(write_fen(v, &parse_fen(v, fen).expect("fen")), fen);
}

/// Issue 15 item 3: asking an empty square for its piece type does not
/// underflow; it answers `Piece::NO_KIND`, which no piece type has.
#[test]
fn empty_square_kind_does_not_underflow() {
    use myriad::board::{MAX_KINDS, Piece};
    assert_eq!(Piece::NONE.kind(), Piece::NO_KIND);
    const { assert!(Piece::NO_KIND.index() >= MAX_KINDS) };
    let _ = Piece::NONE.color();
}

/// The check glance (`Variant::may_give_check`, which lets the search skip
/// playing moves that cannot give check) sees a check by a hopper whose
/// screen the move puts in place, and by a slider a move uncovers; a move
/// that does neither is let through.
#[test]
fn check_glance_sees_new_screens_and_uncovered_lines() {
    use myriad::notation::parse_move;
    let game = load(&common::root().join("tests/fixtures/oracle/pqueen.variant")).expect("pqueen");
    let v = &game.variant;
    // The jumping queen (C) on e1 looks up the empty e-file at the king on
    // e8: a bishop entering the file between them is a screen.
    let mut pos = parse_fen(v, "4k3/8/8/8/8/8/2B5/4C1K1 w - - 0 1").expect("fen");
    for (mv, checks) in [("c2e4", true), ("c2b3", false)] {
        let m = parse_move(v, &mut pos, mv).expect("move");
        let undo = v.make(&mut pos, m);
        assert_eq!(v.in_check(&pos), checks, "{mv}");
        v.unmake(&mut pos, m, undo);
        assert_eq!(v.may_give_check(&pos, m), checks, "{mv}");
    }
    // The rook on e1 is behind the knight on e4: the knight uncovers it.
    let mut pos = parse_fen(v, "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1").expect("fen");
    let m = parse_move(v, &mut pos, "e4c3").expect("move");
    assert!(v.may_give_check(&pos, m));
}
