//! Perft speed per bundled variant, with the node count asserted inside the
//! bench so that a fast wrong change cannot look like a win.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use myriad::load::load;
use myriad::movegen::perft;
use myriad::notation::parse_fen;
use std::path::PathBuf;

#[path = "../tests/common/mod.rs"]
mod common;

fn bench(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    // Per rule file: its largest everyday row (at most 6 M nodes).
    let mut best: std::collections::BTreeMap<PathBuf, common::PerftCase> = Default::default();
    for case in common::perft_cases()
        .into_iter()
        .filter(|c| !c.deep && c.nodes <= 6_000_000)
    {
        let entry = best
            .entry(case.rules.clone())
            .or_insert_with(|| case.clone());
        if case.nodes > entry.nodes {
            *entry = case;
        }
    }
    for case in best.into_values() {
        let game = load(&root.join(&case.rules)).expect("bundled rule file loads");
        let v = game.variant;
        let pos = match &case.fen {
            Some(f) => parse_fen(&v, f).expect("valid FEN"),
            None => v.start_position(),
        };
        let name = format!(
            "{}/{}/d{}",
            case.rules.file_stem().unwrap().to_string_lossy(),
            case.id,
            case.depth
        );
        group.throughput(Throughput::Elements(case.nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut p = pos.clone();
                let n = perft(&v, &mut p, case.depth);
                assert_eq!(n, case.nodes, "perft count changed");
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
