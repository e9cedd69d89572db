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
    // Per perft file: its entries between 1 M and 6 M nodes.
    for case in common::perft_cases()
        .into_iter()
        .filter(|c| !c.deep && (1_000_000..=6_000_000).contains(&c.nodes))
    {
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
