//! Lazy SMP in the library: a search with several threads finds what one
//! finds (mates, a hanging queen), stops on its flag and within its node
//! limit, reports the nodes of all threads, and a one-thread search stays
//! deterministic, also after searches with more threads. (No timings here:
//! the speed of more threads is measured in docs/benchmarks.md.)

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use myriad::load::{Game, load};
use myriad::movegen::Variant;
use myriad::notation::{move_to_string, parse_fen};
use myriad::search::{Info, Limits, Score, SearchResult, Searcher};

fn chess() -> Game {
    let root = env!("CARGO_MANIFEST_DIR");
    load(&std::path::Path::new(root).join("rules/chess.variant"))
        .unwrap_or_else(|e| panic!("{}", e.rendered()))
}

const MIDDLEGAME: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Search `fen` with `s` within `limits`; the result and every report.
fn search(v: &Variant, s: &mut Searcher, fen: &str, limits: &Limits) -> (SearchResult, Vec<Info>) {
    let pos = parse_fen(v, fen).unwrap_or_else(|e| panic!("{e}"));
    let mut infos = Vec::new();
    let r = s.search(v, &pos, &[], limits, &mut |i| infos.push(i.clone()));
    (r, infos)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn best(v: &Variant, r: &SearchResult) -> String {
    move_to_string(v, r.best.expect("a move"))
}

#[test]
fn threads_are_clamped_to_one_and_the_most() {
    let game = chess();
    let mut s = Searcher::new(&game.variant, 1);
    assert_eq!(s.threads(), 1);
    s.set_threads(0);
    assert_eq!(s.threads(), 1);
    s.set_threads(3);
    assert_eq!(s.threads(), 3);
    s.set_threads(usize::MAX);
    assert_eq!(s.threads(), myriad::search::params::MAX_THREADS);
}

#[test]
fn several_threads_find_a_mate_in_one_and_a_hanging_queen() {
    let game = chess();
    let v = &game.variant;
    for threads in [2, 3] {
        let mut s = Searcher::new(v, 8);
        s.set_threads(threads);
        // Back-rank mate: Ra8#.
        let (r, _) = search(v, &mut s, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &depth(6));
        assert_eq!((best(v, &r), r.score), ("a1a8".into(), Score::Mate(1)));
        // The queen on d5 hangs to the rook.
        let (r, _) = search(v, &mut s, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", &depth(6));
        assert_eq!(best(v, &r), "d1d5", "{threads} threads");
        // Mate in two: Kf7 Kh7 Rh1# (checked with Fairy-Stockfish).
        let (r, _) = search(v, &mut s, "7k/8/5K2/8/8/8/8/6R1 w - - 0 1", &depth(8));
        assert_eq!((best(v, &r), r.score), ("f6f7".into(), Score::Mate(2)));
    }
}

#[test]
fn nodes_of_all_threads_are_reported_and_summed() {
    let game = chess();
    let v = &game.variant;
    let mut s = Searcher::new(v, 8);
    s.set_threads(2);
    let (r, infos) = search(v, &mut s, MIDDLEGAME, &depth(7));
    assert_eq!(r.depth, 7);
    let last = infos.last().expect("reports");
    // The result counts every thread's nodes to the end; a report, the
    // main thread's and the helpers' as they added them.
    assert!(r.nodes >= last.nodes, "{} < {}", r.nodes, last.nodes);
    let mut alone = Searcher::new(v, 8);
    let (one, _) = search(v, &mut alone, MIDDLEGAME, &depth(7));
    // The helper searches too: the main thread alone is not all the nodes.
    // (Two threads to depth 7 have never counted fewer than one thread's
    // nodes plus a few thousand; the bound is loose.)
    assert!(
        r.nodes > one.nodes / 4,
        "two threads {} nodes, one thread {}",
        r.nodes,
        one.nodes
    );
}

#[test]
fn a_node_limit_bounds_all_threads_together() {
    let game = chess();
    let v = &game.variant;
    for threads in [1, 2, 4] {
        let mut s = Searcher::new(v, 8);
        s.set_threads(threads);
        let limits = Limits {
            nodes: Some(30_000),
            ..Limits::default()
        };
        let (r, _) = search(v, &mut s, MIDDLEGAME, &limits);
        assert!(r.best.is_some());
        // Each thread reads the others' count every 1024 of its nodes and
        // sees up to 1023 of each other's unreported: a little over.
        let slack = 4096 * threads as u64;
        assert!(
            r.nodes >= 30_000 && r.nodes <= 30_000 + slack,
            "{threads} threads: {} nodes",
            r.nodes
        );
    }
}

#[test]
fn the_stop_flag_stops_every_thread() {
    let game = chess();
    let v = &game.variant;
    let mut s = Searcher::new(v, 8);
    s.set_threads(2);
    let flag = s.stop_flag();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
    });
    let limits = Limits {
        infinite: true,
        depth: Some(99),
        ..Limits::default()
    };
    let start = Instant::now();
    let (r, _) = search(v, &mut s, MIDDLEGAME, &limits);
    stopper.join().unwrap();
    // Depth 99 takes days: only the flag ended it (generous bound: the
    // machine may be loaded).
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(r.depth < 99);
    let m = best(v, &r);
    let mut pos = parse_fen(v, MIDDLEGAME).unwrap();
    let mut legal = Vec::new();
    v.legal_moves(&mut pos, &mut legal);
    assert!(legal.iter().any(|&l| move_to_string(v, l) == m), "{m}");
}

#[test]
fn one_thread_is_deterministic_after_searches_with_more() {
    let game = chess();
    let v = &game.variant;
    let mut fresh = Searcher::new(v, 8);
    let (a, a_infos) = search(v, &mut fresh, MIDDLEGAME, &depth(7));
    let mut s = Searcher::new(v, 8);
    s.set_threads(2);
    search(v, &mut s, MIDDLEGAME, &depth(7));
    s.set_threads(1);
    s.clear();
    let (b, b_infos) = search(v, &mut s, MIDDLEGAME, &depth(7));
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.pv, b.pv);
    let nodes = |i: &[Info]| i.iter().map(|i| i.nodes).collect::<Vec<_>>();
    assert_eq!(nodes(&a_infos), nodes(&b_infos));
}

/// `clear` forgets everything a search learned: the same search again
/// counts the same nodes. (It kept the evaluation cache, where a hit gives
/// the full evaluation and a miss may take the cheap part: 41796 nodes,
/// then 41886.)
#[test]
fn clear_makes_a_search_repeatable() {
    let game = chess();
    let v = &game.variant;
    let mut s = Searcher::new(v, 8);
    let (a, _) = search(v, &mut s, MIDDLEGAME, &depth(7));
    s.clear();
    let (b, _) = search(v, &mut s, MIDDLEGAME, &depth(7));
    assert_eq!((a.nodes, a.pv), (b.nodes, b.pv));
}
