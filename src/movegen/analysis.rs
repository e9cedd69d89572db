//! What the evaluation asks of the compiled rules: a piece's reach and
//! attacks on an otherwise empty board, promotion distances and paths, and
//! whether a reserve piece can still enter. Load-time and evaluation only;
//! generation never calls it.

use crate::board::{Bitset, Color, Kind, Position, Square};
use crate::ir::Target;

use super::tables::*;

impl Variant {
    /// How many squares a piece of `kind` and `color` on `sq` could reach on
    /// an otherwise empty board (hops count their whole line: potential).
    pub fn empty_board_mobility(&self, color: Color, kind: Kind, sq: Square) -> u32 {
        if !self.geo.is_valid(sq) {
            return 0;
        }
        let mut seen = Bitset::EMPTY;
        self.mark_reach(&self.moves[color][kind], sq, &mut seen);
        seen.count()
    }

    /// The squares a piece of `kind` and `color` on `sq` could reach on
    /// an otherwise empty board (hops: their whole line).
    pub fn empty_board_reach(&self, color: Color, kind: Kind, sq: Square) -> Bitset {
        let mut seen = Bitset::EMPTY;
        if self.geo.is_valid(sq) {
            self.mark_reach(&self.moves[color][kind], sq, &mut seen);
        }
        seen
    }

    fn mark_reach(&self, rules: &[CRule], sq: Square, seen: &mut Bitset) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid, min, max, to, ..
                } => {
                    if *to == Target::EnPassant {
                        continue;
                    }
                    for &t in self.ride_ray(*vid, sq, *max).iter().skip(*min as usize - 1) {
                        seen.set(t);
                    }
                }
                CRule::Hop(CHop { vid, .. }) => {
                    for &t in self.ray(*vid, sq).iter().skip(1) {
                        seen.set(t);
                    }
                }
                CRule::Prefer { first, fallback } => {
                    self.mark_reach(first, sq, seen);
                    self.mark_reach(fallback, sq, seen);
                }
            }
        }
    }

    /// For a piece that promotes: the value gained by the best promotion, and
    /// per square the fewest non-capturing moves to the promotion zone on an
    /// empty board (-1 where it cannot get there).
    pub fn promotion_info(&self, color: Color, kind: Kind) -> Option<(i32, Vec<i32>)> {
        let PromotionTable { zone, choices, .. } = self.promotion[color][kind].as_ref()?;
        let value = |k: usize| self.rules.pieces[k].value;
        let gain = choices.iter().map(|&k| value(k)).max().unwrap_or(0) - value(kind.index());
        let cells = self.geo.cells();
        // Backwards breadth-first search from the zone over quiet single moves.
        let mut dist = vec![-1i32; cells];
        let mut frontier: Vec<Square> = zone.iter().collect();
        for &s in &frontier {
            dist[s as usize] = 0;
        }
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for from in 0..cells as u16 {
                let from = from as Square;
                if dist[from as usize] >= 0 || !self.geo.is_valid(from) {
                    continue;
                }
                let mut reach = Bitset::EMPTY;
                self.mark_quiet_reach(&self.moves[color][kind], from, &mut reach);
                if frontier.iter().any(|&t| reach.has(t)) {
                    dist[from as usize] = d;
                    next.push(from);
                }
            }
            frontier = next;
        }
        Some((gain, dist))
    }

    /// For a piece that promotes, standing on `sq`: the squares it lands on
    /// or passes over along every shortest run of non-capturing moves to
    /// the promotion zone on an empty board (`dist` from [`Self::promotion_info`]).
    pub fn promotion_path(&self, color: Color, kind: Kind, sq: Square, dist: &[i32]) -> Bitset {
        let mut path = Bitset::EMPTY;
        let mut frontier = vec![sq];
        while let Some(from) = frontier.pop() {
            let d = dist[from as usize];
            if d <= 0 {
                continue;
            }
            self.quiet_runs(&self.moves[color][kind], from, &mut |ray, landing| {
                if dist[landing as usize] == d - 1 {
                    for &t in ray {
                        path.set(t);
                        if t == landing {
                            break;
                        }
                    }
                    frontier.push(landing);
                }
            });
        }
        path
    }

    /// Every non-capturing landing of `rules` from `sq` on an empty board,
    /// with the ray that leads to it.
    fn quiet_runs(&self, rules: &[CRule], sq: Square, f: &mut impl FnMut(&[Square], Square)) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid,
                    min,
                    max,
                    to: Target::Empty | Target::NotFriend,
                    guards,
                    ..
                } if guards.iter().all(|g| !matches!(g, CGuard::Occupied(_))) => {
                    let ray = self.ride_ray(*vid, sq, *max);
                    for &t in ray.iter().skip(*min as usize - 1) {
                        f(ray, t);
                    }
                }
                CRule::Prefer { first, fallback } => {
                    self.quiet_runs(first, sq, f);
                    self.quiet_runs(fallback, sq, f);
                }
                _ => {}
            }
        }
    }

    /// The squares a piece of `kind` and `color` on `sq` could capture on,
    /// on an otherwise empty board (hops need a screen: none).
    pub fn empty_board_attacks(&self, color: Color, kind: Kind, sq: Square) -> Bitset {
        let mut seen = Bitset::EMPTY;
        self.mark_attacks(&self.moves[color][kind], sq, &mut seen);
        seen
    }

    /// The squares a piece `kind` of `color` on `sq` could capture on in
    /// one step or leap (its riders' first squares when they capture there
    /// only), on an otherwise empty board.
    pub fn empty_board_step_attacks(&self, color: Color, kind: Kind, sq: Square) -> Bitset {
        let mut seen = Bitset::EMPTY;
        self.mark_step_attacks(&self.moves[color][kind], sq, &mut seen);
        seen
    }

    fn mark_step_attacks(&self, rules: &[CRule], sq: Square, seen: &mut Bitset) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid,
                    min: 1,
                    max: 1,
                    to: Target::Enemy | Target::NotFriend,
                    ..
                } => {
                    if let Some(&t) = self.ride_ray(*vid, sq, 1).first() {
                        seen.set(t);
                    }
                }
                CRule::Prefer { first, fallback } => {
                    self.mark_step_attacks(first, sq, seen);
                    self.mark_step_attacks(fallback, sq, seen);
                }
                _ => {}
            }
        }
    }

    fn mark_attacks(&self, rules: &[CRule], sq: Square, seen: &mut Bitset) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid,
                    min,
                    max,
                    to: Target::Enemy | Target::NotFriend,
                    ..
                } => {
                    for &t in self.ride_ray(*vid, sq, *max).iter().skip(*min as usize - 1) {
                        seen.set(t);
                    }
                }
                CRule::Prefer { first, fallback } => {
                    self.mark_attacks(first, sq, seen);
                    self.mark_attacks(fallback, sq, seen);
                }
                _ => {}
            }
        }
    }

    fn mark_quiet_reach(&self, rules: &[CRule], sq: Square, seen: &mut Bitset) {
        self.quiet_runs(rules, sq, &mut |_, t| seen.set(t));
    }

    /// Could a piece of `kind` in `color`'s reserve still be dropped some
    /// time: is there a drop rule for it with a square whose requirements on
    /// other pieces are met now? (Emptiness is not asked: squares free up.)
    pub fn can_still_drop(&self, pos: &Position, color: Color, kind: Kind) -> bool {
        // Gating: while a gate is open, a piece in hand can still enter.
        if self.gating.is_some() && pos.gates[color] != 0 {
            return true;
        }
        self.drops[color]
            .iter()
            .filter(|d| d.kind == kind)
            .any(|d| {
                d.squares.iter().any(|to| {
                    d.requires.iter().all(|need| match need.filter {
                        Some(f) => self.ray(need.at, to).first().is_some_and(|&s| {
                            let p = pos.board[s as usize];
                            !p.is_none() && f.accepts(p, color)
                        }),
                        None => true,
                    })
                })
            })
    }
}
