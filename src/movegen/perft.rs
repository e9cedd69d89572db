//! Perft: count the leaf nodes of the legal move tree, leaves counted in
//! bulk, on one thread or split over several.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::Move;
use super::tables::Variant;
use crate::board::Position;

/// One root move and the leaves below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DivideEntry {
    /// The root move.
    pub mv: Move,
    /// Leaf nodes below it.
    pub nodes: u64,
}

/// The deepest perft that the command line and rule-file tests accept. A
/// perft visits about b^depth nodes for b legal moves per position: at depth
/// 20 that is 10^12 nodes even for b = 4 (two bare kings have up to 8 moves
/// each), about a day at the 10^7 nodes a second perft counts, and orthodox
/// chess has 10^29 leaves there. Deeper trees never finish.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Leaf nodes at `depth` plies from `pos`.
pub fn perft(v: &Variant, pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut bufs = buffers(depth);
    perft_rec(v, pos, depth, &mut bufs)
}

/// One move buffer per ply, made once per count.
fn buffers(depth: u32) -> Vec<Vec<Move>> {
    (0..depth).map(|_| Vec::with_capacity(256)).collect()
}

fn perft_rec(v: &Variant, pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return v.count_legal(pos, buf);
    }
    buf.clear();
    v.legal_moves(pos, buf);
    let mut n = 0;
    for &m in buf.iter() {
        let u = v.make(pos, m);
        n += perft_rec(v, pos, depth - 1, rest);
        v.unmake(pos, m, u);
    }
    n
}

/// Perft split by root move, calling `progress` after each.
pub fn perft_divide(
    v: &Variant,
    pos: &mut Position,
    depth: u32,
    progress: impl FnMut(usize, usize) + Send,
) -> Vec<DivideEntry> {
    perft_divide_threads(v, pos, depth, 1, progress)
}

/// Leaf nodes at `depth` plies from `pos`, the tree split over `threads`
/// threads (1: this thread alone). The count is the same whatever `threads` is.
pub fn perft_threads(v: &Variant, pos: &Position, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < 2 {
        return perft(v, &mut pos.clone(), depth);
    }
    perft_divide_threads(v, &mut pos.clone(), depth, threads, |_, _| {})
        .iter()
        .map(|e| e.nodes)
        .sum()
}

/// A piece of the split tree: a root move, and below it a reply or none.
struct Task {
    root: usize,
    path: [Option<Move>; 2],
}

/// Perft split by root move over `threads` threads, calling `progress`
/// (root moves finished, root moves in all) each time a root move is done.
///
/// The work is cut into root moves, or (from depth 4, with more than one
/// thread) into root moves and their replies, so that one long subtree does
/// not keep one thread busy while the others wait; threads take the pieces
/// in order from a shared counter, each on its own copy of the position.
pub fn perft_divide_threads(
    v: &Variant,
    pos: &mut Position,
    depth: u32,
    threads: usize,
    progress: impl FnMut(usize, usize) + Send,
) -> Vec<DivideEntry> {
    let mut roots = Vec::new();
    v.legal_moves(pos, &mut roots);
    let total = roots.len();
    let split_replies = threads > 1 && depth >= 4;
    let mut tasks = Vec::new();
    let mut pending = vec![0usize; total];
    for (i, &m) in roots.iter().enumerate() {
        if split_replies {
            let u = v.make(pos, m);
            let mut replies = Vec::new();
            v.legal_moves(pos, &mut replies);
            v.unmake(pos, m, u);
            for r in replies {
                tasks.push(Task {
                    root: i,
                    path: [Some(m), Some(r)],
                });
                pending[i] += 1;
            }
        }
        if pending[i] == 0 {
            // No split, or no reply: the root move is one piece.
            tasks.push(Task {
                root: i,
                path: [Some(m), None],
            });
            pending[i] = 1;
        }
    }
    let nodes: Vec<AtomicU64> = (0..total).map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    let shared = Mutex::new((pending, 0usize, progress));
    let work = |pos: &mut Position| {
        let mut bufs = buffers(depth);
        loop {
            let t = next.fetch_add(1, Ordering::Relaxed);
            let Some(task) = tasks.get(t) else { break };
            let mut undo = Vec::with_capacity(2);
            for m in task.path.iter().flatten() {
                undo.push((*m, v.make(pos, *m)));
            }
            let below = depth.saturating_sub(undo.len() as u32);
            let n = if below == 0 {
                1
            } else {
                perft_rec(v, pos, below, &mut bufs[..below as usize])
            };
            for (m, u) in undo.into_iter().rev() {
                v.unmake(pos, m, u);
            }
            nodes[task.root].fetch_add(n, Ordering::Relaxed);
            let mut s = shared.lock().unwrap_or_else(|e| e.into_inner());
            let (pending, done, progress) = &mut *s;
            pending[task.root] -= 1;
            if pending[task.root] == 0 {
                *done += 1;
                progress(*done, total);
            }
        }
    };
    let work = &work;
    let threads = threads.clamp(1, tasks.len().max(1));
    if threads == 1 {
        work(pos);
    } else {
        std::thread::scope(|scope| {
            for _ in 1..threads {
                let mut p = pos.clone();
                scope.spawn(move || work(&mut p));
            }
            work(&mut pos.clone());
        });
    }
    roots
        .into_iter()
        .zip(nodes)
        .map(|(mv, n)| DivideEntry {
            mv,
            nodes: n.into_inner(),
        })
        .collect()
}

/// The number of threads `--threads` means when not given: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
