//! The evaluation's load-time tables: square tables blended from the
//! weights, files, and the passed-piece masks and bonuses.

use super::*;

/// The weights' square tables per color, kind and square of the board:
/// (middlegame, endgame) centipawns, zeros where they give none.
pub(super) fn square_tables(v: &Variant, w: &Weights) -> [Vec<Vec<(i32, i32)>>; 2] {
    let (files, ranks) = (v.geo.files as usize, v.geo.ranks as usize);
    let cells = v.geo.cells();
    Color::ALL.map(|color| {
        v.rules
            .pieces
            .iter()
            .map(|p| {
                let mg = w.square_table(&p.name, false, (files, ranks));
                let eg = w.square_table(&p.name, true, (files, ranks));
                (0..cells)
                    .map(|sq| {
                        if !v.geo.is_valid(sq as Square) {
                            return (0, 0);
                        }
                        let (f, r) = v.geo.coord(first_view(v, color, sq as Square));
                        let at = |t: &Option<Vec<Vec<i32>>>| {
                            t.as_ref().map_or(0, |t| t[r as usize][f as usize])
                        };
                        (at(&mg), at(&eg))
                    })
                    .collect()
            })
            .collect()
    })
}

/// What [`Eval::base`] reads for a promoting piece on a square.
#[derive(Clone, Copy, Default)]
pub(super) struct PromotingSquare {
    /// Where enemy promoting pieces would stop it (not passed).
    pub(super) stoppers: Bitset,
    /// The squares its one-step captures reach.
    pub(super) attacks: Bitset,
    /// Its bonus when passed.
    pub(super) bonus: i32,
}

/// Per square, the other squares of its file, and the squares of the files
/// next to it (holes left out).
pub(super) fn file_tables(v: &Variant) -> (Vec<Bitset>, Vec<Bitset>) {
    let cells = v.geo.cells();
    let mut same = vec![Bitset::EMPTY; cells];
    let mut next = vec![Bitset::EMPTY; cells];
    for sq in v.geo.valid.iter() {
        let (f, _) = v.geo.coord(sq);
        for t in v.geo.valid.iter() {
            let (g, _) = v.geo.coord(t);
            if g == f && t != sq {
                same[sq as usize].set(t);
            } else if g.abs_diff(f) == 1 {
                next[sq as usize].set(t);
            }
        }
    }
    (same, next)
}

/// The passed-piece tables: per promoting piece and square, where enemy
/// promoting pieces would stop it (on its path, or attacking a square of it
/// or the square itself), and the bonus when none does.
#[allow(clippy::type_complexity)]
pub(super) fn passed_tables(
    v: &Variant,
    (num, den): (i64, i64),
    passed_permille: i32,
) -> ([Vec<Vec<Bitset>>; 2], [Vec<Vec<i32>>; 2]) {
    let kinds = v.rules.pieces.len();
    let cells = v.geo.cells();
    let mut masks = [vec![Vec::new(); kinds], vec![Vec::new(); kinds]];
    let mut bonus = [vec![Vec::new(); kinds], vec![Vec::new(); kinds]];
    for color in Color::ALL {
        let enemy_kinds: Vec<Kind> = Kind::first(kinds)
            .filter(|&k| v.promotes(color.other(), k))
            .collect();
        // Where each enemy promoting piece attacks from, per square.
        let attacks: Vec<Vec<Bitset>> = enemy_kinds
            .iter()
            .map(|&k| {
                (0..cells as u16)
                    .map(|s| {
                        if v.geo.is_valid(s as Square) {
                            v.empty_board_attacks(color.other(), k, s as Square)
                        } else {
                            Bitset::EMPTY
                        }
                    })
                    .collect()
            })
            .collect();
        for kind in Kind::first(kinds) {
            let Some((gain, dist)) = v.promotion_info(color, kind) else {
                continue;
            };
            let max_d = dist.iter().copied().max().unwrap_or(0).max(1);
            let mut m = vec![Bitset::EMPTY; cells];
            let mut b = vec![0; cells];
            for sq in 0..cells as u16 {
                let sq = sq as Square;
                if !v.geo.is_valid(sq) || dist[sq as usize] <= 0 {
                    continue;
                }
                let mut way = v.promotion_path(color, kind, sq, &dist);
                way.set(sq);
                let mut stop = way;
                for table in &attacks {
                    for s in v.geo.valid.iter() {
                        if table[s as usize].intersects(&way) {
                            stop.set(s);
                        }
                    }
                }
                stop.clear(sq);
                m[sq as usize] = stop;
                let made = (max_d - dist[sq as usize]) as i64;
                b[sq as usize] = (gain as i64 * num / den * passed_permille as i64 * made * made
                    / (1000 * max_d as i64 * max_d as i64)) as i32;
            }
            masks[color][kind] = m;
            bonus[color][kind] = b;
        }
    }
    (masks, bonus)
}
