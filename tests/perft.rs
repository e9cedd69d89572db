//! Perft against published or independently computed counts (rules/perft/*.perft).
//! Run with `--release`: debug builds are ~30x slower.

mod common;

use common::{PerftCase, perft_cases};
use myriad::load::load;
use myriad::movegen::perft;
use myriad::notation::parse_fen;

fn run(cases: &[PerftCase]) {
    let mut failures = Vec::new();
    for c in cases {
        let game =
            load(&c.rules).unwrap_or_else(|e| panic!("{}: {}", c.rules.display(), e.rendered));
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

#[test]
#[ignore = "minutes: run with cargo test --release -- --ignored"]
fn perft_tables_deep() {
    let cases: Vec<PerftCase> = perft_cases().into_iter().filter(|c| c.deep).collect();
    run(&cases);
}
