//! Piece values, however large the rule file makes them, never reach the
//! search's mate scores (issue 16, defect 1). With chess's queen worth 290 to
//! 319 pawns the search used to report mates that do not exist and stop at
//! depth 1; from 320 up it never finished.

use myriad::load::load;
use myriad::notation::parse_fen;
use myriad::search::{Limits, Score, Searcher};

/// Chess with the queen worth `pawns`, written to a file of its own.
fn chess_with_queen_worth(pawns: &str) -> myriad::load::Game {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/rules/chess.variant")).unwrap();
    let line = "piece Queen \"Q\" {\n    figure \"queen\"\n    value 9\n";
    assert!(
        text.contains(line),
        "the queen's value line moved in rules/chess.variant"
    );
    let changed = text.replacen(
        line,
        &format!("piece Queen \"Q\" {{\n    figure \"queen\"\n    value {pawns}\n"),
        1,
    );
    let dir = std::env::temp_dir().join(format!("myriad-values-{}-{pawns}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("chess.variant");
    std::fs::write(&path, changed).unwrap();
    let game = load(&path).unwrap_or_else(|e| panic!("{}", e.rendered()));
    std::fs::remove_dir_all(&dir).ok();
    game
}

#[test]
fn a_queen_up_is_a_material_edge_not_a_mate_whatever_it_is_worth() {
    for pawns in ["9", "290", "319", "320", "5000", "1000000"] {
        let game = chess_with_queen_worth(pawns);
        let v = &game.variant;
        // King and queen against a bare king: no mate within four plies.
        let pos = parse_fen(v, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let mut s = Searcher::new(v, 16);
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let r = s.search(v, &pos, &[], &limits, &mut |_| {});
        assert_eq!(
            r.depth, 4,
            "queen {pawns}: the search stopped at depth {}",
            r.depth
        );
        match r.score {
            Score::Cp(cp) => assert!(cp > 0, "queen {pawns}: white a queen up scores {cp}"),
            other => panic!("queen {pawns}: a mate that does not exist: {other:?}"),
        }
        // And from Black's side, a queen down is no mate either.
        let pos = parse_fen(v, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        let r = s.search(v, &pos, &[], &limits, &mut |_| {});
        match r.score {
            Score::Cp(cp) => assert!(cp < 0, "queen {pawns}: black a queen down scores {cp}"),
            other => panic!("queen {pawns}: a mate that does not exist: {other:?}"),
        }
    }
}

#[test]
fn scaled_values_keep_their_order_and_stay_under_the_cap() {
    use myriad::eval::{value_scale, weights};
    let values = [100, 325, 500, 900, 100_000_000, -300];
    let (num, den) = value_scale(&values);
    let scaled: Vec<i64> = values.iter().map(|&v| v as i64 * num / den).collect();
    assert!(
        scaled.iter().all(|s| s.abs() <= weights::VALUE_CAP as i64),
        "{scaled:?}"
    );
    assert_eq!(scaled[4], weights::VALUE_CAP as i64);
    assert!(scaled[0] <= scaled[1] && scaled[1] <= scaled[2] && scaled[2] <= scaled[3]);
    // Ordinary values are left alone.
    assert_eq!(value_scale(&[100, 325, 900, 0]), (1, 1));
}
