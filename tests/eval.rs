//! Evaluation terms checked against what a chess player knows by hand.

use myriad::eval::Eval;
use myriad::load::load;
use myriad::notation::parse_fen;

fn chess() -> myriad::load::Game {
    let root = env!("CARGO_MANIFEST_DIR");
    load(std::path::Path::new(&format!("{root}/rules/chess.variant")))
        .unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// Passed pawns, derived from the rules alone (promotion zone, pawn moves and
/// captures), agree with the textbook definition: no enemy pawn ahead on the
/// same or an adjacent file.
#[test]
fn passed_pawns_as_in_the_textbook() {
    let game = chess();
    let v = &game.variant;
    let eval = Eval::new(v);
    let sq = |s: &str| v.geo.parse_square(s).expect("square");
    // White pawns a5 b5 c4 e4 h2, black pawns d5 f4 g7. Passed: a5 and b5
    // (no black pawn on files a-c above), f4 (white's e4 stands level and
    // never captures backwards). Not passed: c4 and e4 (d5 ahead on the
    // next file), h2 (g7), d5 (c4 and e4), g7 (h2).
    let pos = parse_fen(v, "4k3/6p1/8/PP1p4/2P1Pp2/8/7P/4K3 w - - 0 1").expect("fen");
    let cases = [
        ("a5", true),
        ("b5", true),
        ("c4", false),
        ("e4", false),
        ("h2", false),
        ("d5", false),
        ("f4", true),
        ("g7", false),
    ];
    for (s, want) in cases {
        assert_eq!(eval.is_passed(&pos, sq(s)), Some(want), "{s}");
    }
    assert_eq!(
        eval.is_passed(&pos, sq("e1")),
        None,
        "a king does not promote"
    );
}

/// The evaluation of `fen` for the side to move with one weight set to
/// `value`, the others as the variant's.
fn eval_with(game: &myriad::load::Game, fen: &str, name: &str, value: i32) -> i32 {
    let v = &game.variant;
    let mut w = v.weights.clone();
    let i = myriad::eval::Weights::NAMES
        .iter()
        .position(|&n| n == name)
        .expect("weight");
    w.terms[i] = value;
    let pos = parse_fen(v, fen).expect("fen");
    Eval::with_weights(v, &w).evaluate(v, &pos)
}

/// What the weight `name` at `value` adds to the evaluation of `fen`
/// (against the same weight at 0).
fn term(game: &myriad::load::Game, fen: &str, name: &str, value: i32) -> i32 {
    eval_with(game, fen, name, value) - eval_with(game, fen, name, 0)
}

/// `promoting_threat`: the pawn on e5 forks the knight on d6 and the bishop
/// on f6, two threats; the black pawns attack no white piece. A pawn
/// attacking a pawn does not count.
#[test]
fn a_pawn_fork_is_two_threats() {
    let game = chess();
    let fork = "r2qk2r/ppp2ppp/3n1b2/4P3/8/8/PPP2PPP/R2QK2R w KQkq - 0 1";
    let with = eval_with(&game, fork, "promoting_threat", 40);
    let without = eval_with(&game, fork, "promoting_threat", 0);
    assert_eq!(with - without, 80, "two threats of 40 for White, to move");
    // The same from Black's side: the threats count against it.
    let black = "r2qk2r/ppp2ppp/3n1b2/4P3/8/8/PPP2PPP/R2QK2R b KQkq - 0 1";
    let with = eval_with(&game, black, "promoting_threat", 40);
    let without = eval_with(&game, black, "promoting_threat", 0);
    assert_eq!(with - without, -80);
    // Pawns against a pawn: d5 and f5 attack e6, and e6 attacks both; no
    // threat counts.
    let pawns = "4k3/8/4p3/3P1P2/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        eval_with(&game, pawns, "promoting_threat", 40),
        eval_with(&game, pawns, "promoting_threat", 0)
    );
}

/// `officer_threat`: a piece neither royal nor promoting that could capture
/// an enemy piece worth more than itself (neither royal nor promoting
/// either), per such piece. The knight on d5 forks the rook on c7 and the
/// queen on e7: two threats for White; the queen and rook attack nothing
/// worth more than themselves. A bishop attacking a knight (worth less) and
/// a knight attacking pawns count nothing.
#[test]
fn a_knight_fork_of_rook_and_queen_is_two_officer_threats() {
    let game = chess();
    let diff = |fen: &str| term(&game, fen, "officer_threat", 30);
    assert_eq!(diff("4k3/2r1q3/8/3N4/8/8/8/7K w - - 0 1"), 60);
    // From Black's side, the same threats count against it.
    assert_eq!(diff("4k3/2r1q3/8/3N4/8/8/8/7K b - - 0 1"), -60);
    // One victim: the rook alone.
    assert_eq!(diff("4k3/2r5/8/3N4/8/8/8/4K3 w - - 0 1"), 30);
    // The bishop on b3 attacks the knight on d5 (worth less); the knight
    // attacks nothing of White's; the pawns on c6 and e6 are not officers.
    assert_eq!(diff("4k3/8/2p1p3/3n4/8/1B6/8/4K3 w - - 0 1"), 0);
    // The rook on d1 attacks the queen on d7 up the file: one threat for
    // Black (the queen attacking the rook, worth less, is none); with a
    // pawn between on d5, none.
    assert_eq!(diff("7k/3Q4/8/8/8/8/8/3r3K w - - 0 1"), -30);
    assert_eq!(diff("7k/3Q4/8/3P4/8/8/8/3r3K w - - 0 1"), 0);
}

/// `royal_cover`: before the endgame, White's king on g1 has three pawns
/// next to it (f2, g2, h2), Black's on g8 none; in the endgame (queens
/// off) the term is gone.
#[test]
fn pawns_next_to_the_king_cover_it_before_the_endgame() {
    let game = chess();
    let middlegame = "3qr1k1/8/8/8/8/8/5PPP/3QR1K1 w - - 0 1";
    let with = eval_with(&game, middlegame, "royal_cover", 10);
    let without = eval_with(&game, middlegame, "royal_cover", 0);
    assert_eq!(with - without, 30);
    let endgame = "4r1k1/8/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    assert_eq!(
        eval_with(&game, endgame, "royal_cover", 10),
        eval_with(&game, endgame, "royal_cover", 0)
    );
}

/// `promoting_doubled` and `promoting_isolated`: White's pawns a2, c2, c3
/// and e4 are all isolated (no white pawn on files b, d or f), and c2 and
/// c3 are doubled; Black's f7 and g7 are neither. With Black to move the
/// terms count for Black, so the sign turns.
#[test]
fn doubled_and_isolated_pawns_by_file() {
    let game = chess();
    let white = "4k3/5pp1/8/8/4P3/2P5/P1P5/4K3 w - - 0 1";
    let black = "4k3/5pp1/8/8/4P3/2P5/P1P5/4K3 b - - 0 1";
    let diff = |fen: &str, name: &str| term(&game, fen, name, -10);
    assert_eq!(diff(white, "promoting_doubled"), -20, "c2 and c3");
    assert_eq!(diff(white, "promoting_isolated"), -40, "a2, c2, c3, e4");
    assert_eq!(diff(black, "promoting_doubled"), 20);
    assert_eq!(diff(black, "promoting_isolated"), 40);
    // Connected pawns on one side of the board: neither.
    let connected = "4k3/8/8/8/8/8/5PP1/4K3 w - - 0 1";
    assert_eq!(diff(connected, "promoting_doubled"), 0);
    assert_eq!(diff(connected, "promoting_isolated"), 0);
}

/// `file_open`: White's rook on h1 stands on an open file (no pawn), the
/// one on a1 on a half-open file (Black's a7 only), the one on b1 behind
/// its own b2 pawn: one and a half bonuses. Knights, bishops and kings do
/// not ride along files and get nothing wherever they stand.
#[test]
fn rooks_on_open_and_half_open_files() {
    let game = chess();
    let rooks = "4k3/pp6/8/8/8/8/1P6/RR2K2R w - - 0 1";
    let diff = |fen: &str| term(&game, fen, "file_open", 20);
    assert_eq!(diff(rooks), 30, "h1 open 20, a1 half open 10, b1 none");
    let minors = "4k3/pp6/8/8/8/8/1P6/NB2K2N w - - 0 1";
    assert_eq!(diff(minors), 0);
}

/// `colour_pair`: bishops move on one colour of square (found from the
/// rules: every square a bishop reaches on an empty board is of its own
/// square's colour), so two on different colours are a pair; two on the
/// same colour, or a bishop and a knight, are not. Knights, rooks, queens
/// and kings change colour and never count. With Black to move the sign
/// turns.
#[test]
fn two_bishops_on_both_colours_are_a_pair() {
    let game = chess();
    let diff = |fen: &str| term(&game, fen, "colour_pair", 30);
    // c1 is dark, f1 light: a pair for White.
    assert_eq!(diff("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 30);
    assert_eq!(diff("4k3/8/8/8/8/8/8/2B1KB2 b - - 0 1"), -30);
    // b1 and f1 are both light: no pair.
    assert_eq!(diff("4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1"), 0);
    // Bishop and knight; two knights; two rooks; queen and bishop on
    // one colour: none.
    assert_eq!(diff("4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1"), 0);
    assert_eq!(diff("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"), 0);
    assert_eq!(diff("4k3/8/8/8/8/8/8/R3K2R w - - 0 1"), 0);
    assert_eq!(diff("4k3/8/8/8/8/8/8/3QKB2 w - - 0 1"), 0);
    // Both sides with the pair: they cancel.
    assert_eq!(diff("2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 0);
}

/// `promoting_supported`: White's pawns b2, c3 and d4 form a chain: b2
/// defends c3 and c3 defends d4, two supports; the isolated h2 none.
/// Black's pawns f7 and g6: f7 defends g6 (Black captures downwards), one
/// support for Black. Pawns side by side do not defend each other.
#[test]
fn pawns_defended_by_pawns_are_supported() {
    let game = chess();
    let diff = |fen: &str| term(&game, fen, "promoting_supported", 8);
    assert_eq!(diff("4k3/5p2/6p1/8/3P4/2P5/1P5P/4K3 w - - 0 1"), 8);
    assert_eq!(diff("4k3/8/8/8/3P4/2P5/1P5P/4K3 w - - 0 1"), 16);
    assert_eq!(diff("4k3/5p2/6p1/8/8/8/8/4K3 w - - 0 1"), -8);
    assert_eq!(diff("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"), 0);
}

/// `royal_open_file`: before the endgame, White's king on g1 behind f2,
/// g2 and h2 has no open file at it; with the g-pawn gone, one; Black's
/// king on b8 with no pawns on the a, b or c file, three. A king on the
/// edge (h1) has two files to look at. In the endgame the term is gone.
#[test]
fn open_files_at_the_king_before_the_endgame() {
    let game = chess();
    let diff = |fen: &str| term(&game, fen, "royal_open_file", -15);
    // Queens and rooks keep it a middlegame.
    assert_eq!(diff("1k1q3r/8/8/8/8/8/5PPP/3Q1RK1 w - - 0 1"), 45);
    assert_eq!(diff("1k1q3r/8/8/8/8/8/5P1P/3Q1RK1 w - - 0 1"), 45 - 15);
    assert_eq!(diff("1k1q3r/8/8/8/8/8/5P1P/3Q1R1K w - - 0 1"), 45 - 15);
    assert_eq!(diff("1k1q3r/8/8/8/8/8/5P2/3Q1R1K w - - 0 1"), 45 - 30);
    // No queens, one rook each: the endgame.
    assert_eq!(diff("1k5r/8/8/8/8/8/5P1P/5RK1 w - - 0 1"), 0);
}

/// `passed_royal_distance`: in the endgame, White's passed e5 pawn has its
/// king one step away (d4) and Black's four (a8: four files): three steps
/// of 5 for White. Before the endgame (queens and rooks on), nothing; a pawn that is
/// not passed (a black pawn on d7 stops it), nothing.
#[test]
fn kings_near_a_passed_pawn_in_the_endgame() {
    let game = chess();
    let diff = |fen: &str| term(&game, fen, "passed_royal_distance", 5);
    assert_eq!(diff("k7/8/8/4P3/3K4/8/8/8 w - - 0 1"), 15);
    assert_eq!(diff("k7/8/8/4P3/3K4/8/8/8 b - - 0 1"), -15);
    assert_eq!(diff("k2qr3/8/8/4P3/3K4/8/8/3QR3 w - - 0 1"), 0);
    assert_eq!(diff("k7/3p4/8/4P3/3K4/8/8/8 w - - 0 1"), 0);
}

/// Every bundled rule file (rules/*.variant), loaded, in name order.
fn bundled_games() -> Vec<(std::path::PathBuf, myriad::load::Game)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut dir: Vec<_> = std::fs::read_dir(format!("{root}/rules"))
        .expect("rules/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    dir.sort();
    dir.into_iter()
        .map(|path| {
            let game = load(&path).unwrap_or_else(|e| panic!("{}", e.rendered()));
            (path, game)
        })
        .collect()
}

/// `games` random games of `v` from the start, each of at most `plies`
/// positions, moves drawn by the xorshift generator in `seed`: `f` is
/// handed every position reached, before its move is chosen.
fn random_positions(
    v: &myriad::movegen::Variant,
    seed: &mut u64,
    games: usize,
    plies: usize,
    mut f: impl FnMut(&myriad::board::Position),
) {
    for _ in 0..games {
        let mut pos = v.start_position();
        let mut moves = Vec::new();
        for _ in 0..plies {
            f(&pos);
            moves.clear();
            v.legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            let m = moves[(*seed % moves.len() as u64) as usize];
            v.make(&mut pos, m);
        }
    }
}

/// The promoting pieces' part of the evaluation, cached by the pawn hash
/// (`Eval::base_cached`, as the search evaluates), gives the evaluation
/// computed afresh in every position of random games of every bundled
/// variant: the cache is keyed by what its entries depend on. One cache
/// serves all the positions of a variant, so most lookups are hits.
#[test]
fn cached_promoting_terms_equal_fresh_ones() {
    use myriad::eval::PawnCache;
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut compared = 0;
    for (path, game) in bundled_games() {
        let v = &game.variant;
        let eval = Eval::new(v);
        let mut cache = PawnCache::default();
        random_positions(v, &mut seed, 4, 80, |pos| {
            let fresh = eval.base(v, pos);
            assert_eq!(
                eval.base_cached(v, pos, &mut cache),
                fresh,
                "{} at {}",
                path.display(),
                myriad::notation::write_fen(v, pos)
            );
            compared += 1;
        });
    }
    assert!(compared > 5000, "{compared} positions compared");
}

/// `fen` seen from the other side: ranks in reverse order, the colours of
/// the pieces (and of the pieces in hand) and the side to move swapped,
/// castling rights the same for the other side. None where the FEN has an
/// en-passant square or is not laid out in `ranks` ranks.
fn mirrored(fen: &str, ranks: usize) -> Option<String> {
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let fields: Vec<&str> = fen.split(' ').collect();
    let (board, hand) = fields[0].split_at(fields[0].find('[').unwrap_or(fields[0].len()));
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ranks || fields.len() < 2 {
        return None;
    }
    let rows: Vec<String> = rows.iter().rev().map(|r| swap(r)).collect();
    let mut out = vec![format!("{}{}", rows.join("/"), swap(hand))];
    out.push(if fields[1] == "w" { "b" } else { "w" }.to_string());
    if let Some(castling) = fields.get(2) {
        let mut c: Vec<char> = swap(castling).chars().collect();
        c.sort_by_key(|c| c.is_ascii_lowercase());
        out.push(c.into_iter().collect());
    }
    match fields.get(3) {
        Some(&"-") | None => {}
        Some(_) => return None,
    }
    out.extend(fields[3..].iter().map(|f| f.to_string()));
    Some(out.join(" "))
}

/// The evaluation is the same for both sides: a position and its mirror
/// image (`mirrored`) score the same for the side to move, in random games
/// of every bundled variant. A term read for one colour only, or a table
/// built the wrong way round for the second player, breaks this.
#[test]
fn a_position_and_its_mirror_image_evaluate_alike() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for (path, game) in bundled_games() {
        let v = &game.variant;
        let eval = Eval::new(v);
        let ranks = v.geo.rank_labels().len();
        let mut compared = 0;
        random_positions(v, &mut seed, 4, 60, |pos| {
            let fen = myriad::notation::write_fen(v, pos);
            if let Some(m) = mirrored(&fen, ranks) {
                let other = parse_fen(v, &m)
                    .unwrap_or_else(|e| panic!("{}: {m} (from {fen}): {e:?}", path.display()));
                assert_eq!(
                    eval.evaluate(v, pos),
                    eval.evaluate(v, &other),
                    "{}: {fen} and its mirror image {m}",
                    path.display()
                );
                compared += 1;
            }
        });
        assert!(
            compared >= 100,
            "{}: {compared} positions compared",
            path.display()
        );
    }
}
