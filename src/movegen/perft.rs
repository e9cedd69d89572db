//! Perft: count the leaf nodes of the legal move tree, leaves counted in bulk.

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
    let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_rec(v, pos, depth, &mut bufs)
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
    mut progress: impl FnMut(usize, usize),
) -> Vec<DivideEntry> {
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    let total = moves.len();
    let mut out = Vec::with_capacity(total);
    for (i, m) in moves.into_iter().enumerate() {
        let u = v.make(pos, m);
        let nodes = perft(v, pos, depth.saturating_sub(1));
        v.unmake(pos, m, u);
        out.push(DivideEntry { mv: m, nodes });
        progress(i + 1, total);
    }
    out
}
