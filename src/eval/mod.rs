//! Evaluation, generic: everything comes from the rule file and the tables
//! compiled from it. Scores are in centipawns from the side to move's view.

use crate::board::{Bitset, Color, Kind, MAX_KINDS, Narrow, Position, Square};
use crate::movegen::Variant;

mod pawns;
mod tables;
pub mod weights;
pub use pawns::PawnCache;
use tables::*;
pub use weights::{Shape, Weights};

/// Read a `.weights` file's text for this variant ([`Weights::parse`]).
pub fn parse_weights(text: &str, v: &Variant) -> Result<Weights, (usize, String)> {
    let pieces: Vec<&str> = v.rules.pieces.iter().map(|p| p.name.as_str()).collect();
    let ranks: Vec<&str> = v.geo.rank_labels().iter().map(String::as_str).collect();
    let shape = Shape {
        pieces: &pieces,
        ranks: &ranks,
        files: v.geo.files as usize,
    };
    Weights::parse(text, &shape)
}

/// The text of a `.weights` file for this variant ([`Weights::to_text`]).
pub fn weights_text(w: &Weights, header: &str, v: &Variant) -> String {
    let ranks: Vec<&str> = v.geo.rank_labels().iter().map(String::as_str).collect();
    w.to_text(header, &ranks)
}

/// How the evaluation scales a rule file's piece values (and differences of
/// them): by `.0 / .1`, so that the largest magnitude is at most
/// [`weights::VALUE_CAP`]; (1, 1) when it already is.
pub fn value_scale(values: &[i32]) -> (i64, i64) {
    let most = values.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0) as i64;
    let cap = weights::VALUE_CAP as i64;
    if most > cap { (cap, most) } else { (1, 1) }
}

/// `score` held inside the evaluation's range, clear of the mate scores.
#[inline]
pub fn bounded(score: i32) -> i32 {
    score.clamp(-weights::EVAL_LIMIT, weights::EVAL_LIMIT)
}

/// What [`Eval::base`] reads of a piece type of one player.
#[derive(Debug, Clone, Copy, Default)]
struct KindFacts {
    /// Its value, unless royal.
    material: i32,
    /// What it counts towards the middlegame (the values of the pieces
    /// neither royal nor promoting).
    phase: i32,
    /// For a piece bound to one colour of square (every square it can
    /// reach on an empty board, from any square, is of its own square's
    /// colour), neither royal nor promoting, a bit of its own (`1 << 2j`,
    /// the `j`-th such kind); 0 for the others.
    pair_bit: u64,
    /// It promotes.
    promotes: bool,
    /// It rides along files (reaches two or more squares up or down its
    /// file on an empty board), neither royal nor promoting.
    rider: bool,
    /// Not promoting, and worth more (as `material`) than the other
    /// player's promoting pieces: what their threats count (read where
    /// those are all worth the same, `threat_sets`).
    victim: bool,
}

/// Tables derived once per variant.
pub struct Eval {
    /// `pst[color][kind][sq]`: positional value of a piece on a square.
    pst: [Vec<Vec<i32>>; 2],
    /// `pst_endgame[color][kind][sq]` for royal pieces once material is low.
    royal_endgame: [Vec<Vec<i32>>; 2],
    value: Vec<i32>,
    /// `mobility[color][kind][n]`: the bonus for `n` moves; empty for the
    /// pieces whose moves are not counted (royal and promoting pieces).
    mobility: [Vec<Vec<i32>>; 2],
    /// `passed[color][kind][sq]`: for a promoting piece, the squares where
    /// an enemy promoting piece would stop it (empty if it does not promote).
    passed_mask: [Vec<Vec<Bitset>>; 2],
    /// For [`Eval::base`], per promoting piece and square: the stoppers
    /// (as `passed_mask`), the squares its one-step captures reach and its
    /// bonus when passed, in one flat table:
    /// `promoting_at[color][kind * cells + sq]` (empty masks and no bonus
    /// for the kinds that do not promote).
    promoting_at: [Vec<PromotingSquare>; 2],
    /// Per square: the squares next to it (and itself), where attacks on a
    /// royal piece standing there count.
    near: Vec<Bitset>,
    /// Per square: the other squares of its file...
    same_file: Vec<Bitset>,
    /// ...and the squares of the files on either side.
    next_files: Vec<Bitset>,
    /// The square tables have an endgame part (`squares`' second
    /// numbers), added in proportion as the pieces come off.
    tapered: bool,
    /// What the pieces of the start position count towards the middlegame
    /// (`KindFacts::phase`, summed): the full middlegame.
    phase_full: i32,
    cells: usize,
    tempo: i32,
    reserve_permille: i64,
    king_attacker: i64,
    king_zone_hit: i64,
    king_danger_max: i64,
    promoting_threat: i32,
    royal_cover: i32,
    promoting_doubled: i32,
    promoting_isolated: i32,
    file_open: i32,
    /// `richer[color][kind]`: the kinds of the other player worth more
    /// than a `kind` of `color`, one bit each, for a piece of `kind` that
    /// is neither royal nor promoting; victims are neither either.
    richer: [[u32; MAX_KINDS]; 2],
    officer_threat: i32,
    /// Each square's colour (0 or 1: the parity of file plus rank).
    square_colour: [u8; 256],
    /// `kind_facts[color][kind]`: what [`Eval::base`] reads of each piece,
    /// in one record.
    kind_facts: [[KindFacts; MAX_KINDS]; 2],
    /// `squares[color][kind * cells + sq]`: (value + square table,
    /// the endgame value less the middlegame one, or 0), in one flat table
    /// for [`Eval::base`].
    squares: [Vec<(i32, i32)>; 2],
    /// The promoting pieces are the same for the evaluation and for
    /// [`Position::pawn_hash`]: their part may be cached by it.
    pawn_cache_ok: bool,
    /// Each player's promoting pieces are worth the same: their threats
    /// are counted from the attacked squares' counts and `victim`.
    threat_sets: bool,
    colour_pair: i32,
    promoting_supported: i32,
    /// `royal_files[sq]`: the whole files of `sq` and of its two
    /// neighbours (empty where there is none).
    royal_files: Vec<[Bitset; 3]>,
    royal_open_file: i32,
    passed_royal_distance: i32,
}

impl Eval {
    /// Derive the tables from a compiled variant.
    pub fn new(v: &Variant) -> Eval {
        Eval::with_weights(v, &v.weights)
    }

    /// Derive the tables from a compiled variant with these weights.
    pub fn with_weights(v: &Variant, w: &Weights) -> Eval {
        let kinds = v.rules.pieces.len();
        let cells = v.geo.cells();
        let raw: Vec<i32> = v
            .rules
            .pieces
            .iter()
            .map(|p| w.value_of(&p.name, p.value))
            .collect();
        let (num, den) = value_scale(&raw);
        let scaled = |x: i32| (x as i64 * num / den) as i32;
        let value: Vec<i32> = raw.iter().map(|&x| scaled(x)).collect();
        let royal: Vec<bool> = v.rules.pieces.iter().map(|p| p.royal).collect();
        let mut pst = [vec![vec![0; cells]; kinds], vec![vec![0; cells]; kinds]];
        let mut royal_endgame = [vec![vec![0; cells]; kinds], vec![vec![0; cells]; kinds]];
        let mut mobility = [vec![Vec::new(); kinds], vec![Vec::new(); kinds]];
        let mobility_weight = w.term("mobility") as i64;
        for color in Color::ALL {
            for kind in Kind::first(kinds) {
                let mob: Vec<i32> = (0..cells as u16)
                    .map(|sq| v.empty_board_mobility(color, kind, sq as Square) as i32)
                    .collect();
                let valid: Vec<usize> = (0..cells).filter(|&s| v.geo.is_valid(s as u8)).collect();
                if valid.is_empty() {
                    continue;
                }
                let avg = valid.iter().map(|&s| mob[s]).sum::<i32>() * 1000 / valid.len() as i32;
                // Mobility, for the pieces that are neither royal nor promoting:
                // each move worth MOBILITY / average (in thousandths of a move).
                let most = valid.iter().map(|&s| mob[s]).max().unwrap_or(0);
                if !royal[kind] && !v.promotes(color, kind) && most > 0 {
                    let avg = avg.max(1000);
                    let neutral = avg * w.term("mobility_neutral_permille") / 1000;
                    mobility[color][kind] = (0..=most)
                        .map(|n| {
                            ((n * 1000 - neutral) as i64 * mobility_weight / avg as i64) as i32
                        })
                        .collect();
                }
                // Promotion: the best value reachable, and distance to the zone.
                let promo = v.promotion_info(color, kind);
                let max_d = promo
                    .as_ref()
                    .map_or(1, |(_, d)| d.iter().copied().max().unwrap_or(0).max(1));
                for &s in &valid {
                    // In thousandths of a square.
                    let centre = mob[s] * 1000 - avg;
                    let mut score = if royal[kind] {
                        -centre * w.term("royal_shelter") / 1000
                    } else {
                        centre * w.term("centralisation") / 1000
                    };
                    if let Some((gain, dist_of)) = &promo {
                        let d = dist_of[s];
                        if d >= 0 {
                            let adv = ((max_d - d) * (max_d - d)) as i64;
                            let gain = scaled(*gain) as i64;
                            score += (gain * adv * w.term("advancement_permille") as i64
                                / 1000
                                / max_d as i64) as i32;
                        }
                    }
                    pst[color][kind][s] = score;
                    if royal[kind] {
                        royal_endgame[color][kind][s] = centre * w.term("royal_endgame") / 1000;
                    }
                }
            }
        }
        let near = (0..cells as u16)
            .map(|sq| {
                let mut b = Bitset::EMPTY;
                if v.geo.is_valid(sq as Square) {
                    for dx in -1..=1 {
                        for dy in -1..=1 {
                            if let Some(t) = v.geo.offset(sq as Square, (dx, dy)) {
                                b.set(t);
                            }
                        }
                    }
                }
                b
            })
            .collect();
        let (same_file, next_files) = file_tables(v);
        let royal_files: Vec<[Bitset; 3]> = (0..cells)
            .map(|sq| {
                let files = |d: i8| {
                    let mut f = same_file[sq];
                    f.set(sq as Square);
                    let mut b = Bitset::EMPTY;
                    for t in f.iter() {
                        if let Some(u) = v.geo.offset(t, (d, 0)) {
                            b.set(u);
                        }
                    }
                    b
                };
                if v.geo.is_valid(sq as Square) {
                    [files(-1), files(0), files(1)]
                } else {
                    [Bitset::EMPTY; 3]
                }
            })
            .collect();
        let file_rider = Color::ALL.map(|color| {
            let mut f = [false; MAX_KINDS];
            for kind in Kind::first(kinds) {
                if royal[kind] || v.promotes(color, kind) {
                    continue;
                }
                f[kind.index()] = v.geo.valid.iter().any(|sq| {
                    let (x, y) = v.geo.coord(sq);
                    v.empty_board_attacks(color, kind, sq).iter().any(|t| {
                        let (tx, ty) = v.geo.coord(t);
                        tx == x && ty.abs_diff(y) >= 2
                    })
                });
            }
            f
        });
        let square_colour: Vec<u8> = (0..cells as u16)
            .map(|sq| {
                let (x, y) = v.geo.coord(sq as Square);
                (x ^ y) & 1
            })
            .collect();
        let pair_bit = Color::ALL.map(|color| {
            let mut bits = [0u64; MAX_KINDS];
            let mut j = 0;
            for kind in Kind::first(kinds) {
                if royal[kind] || v.promotes(color, kind) || j >= 32 {
                    continue;
                }
                let mut any = false;
                let bound = v.geo.valid.iter().all(|sq| {
                    let reach = v.empty_board_reach(color, kind, sq);
                    any |= !reach.is_empty();
                    reach
                        .iter()
                        .all(|t| square_colour[t as usize] == square_colour[sq as usize])
                });
                if bound && any {
                    bits[kind.index()] = 1 << (2 * j);
                    j += 1;
                }
            }
            bits
        });
        let (passed_mask, passed_bonus) = passed_tables(v, (num, den), w.term("passed_permille"));
        let step_attacks: [Vec<Vec<Bitset>>; 2] = Color::ALL.map(|color| {
            Kind::first(kinds)
                .map(|kind| {
                    if passed_mask[color][kind].is_empty() {
                        return Vec::new();
                    }
                    (0..cells as u16)
                        .map(|sq| v.empty_board_step_attacks(color, kind, sq as Square))
                        .collect()
                })
                .collect()
        });
        let promoting_at = Color::ALL.map(|color| {
            let mut t = vec![PromotingSquare::default(); kinds * cells];
            for kind in Kind::first(kinds) {
                if passed_mask[color][kind].is_empty() {
                    continue;
                }
                for sq in 0..cells {
                    t[kind.index() * cells + sq] = PromotingSquare {
                        stoppers: passed_mask[color][kind][sq],
                        attacks: step_attacks[color][kind][sq],
                        bonus: passed_bonus[color][kind][sq],
                    };
                }
            }
            t
        });
        let tables = square_tables(v, w);
        let square_value: [Vec<i32>; 2] = Color::ALL.map(|color| {
            let value = &value;
            let tables = &tables;
            Kind::first(kinds)
                .flat_map(|kind| {
                    pst[color][kind]
                        .iter()
                        .enumerate()
                        .map(move |(sq, &p)| p + value[kind] + tables[color][kind][sq].0)
                })
                .collect()
        });
        let tapered = tables.iter().flatten().flatten().any(|&(mg, eg)| mg != eg);
        let square_late: [Vec<i32>; 2] = Color::ALL.map(|color| {
            if !tapered {
                return Vec::new();
            }
            tables[color]
                .iter()
                .flat_map(|t| t.iter().map(|&(mg, eg)| eg - mg))
                .collect()
        });
        // The phase: the pieces neither royal nor promoting, or, if the
        // start has none, all but the royal ones.
        let start = v.start_position();
        let mut phase_value = [[0; MAX_KINDS]; 2];
        let mut phase_full = 0;
        for officers_only in [true, false] {
            for color in Color::ALL {
                for kind in Kind::first(kinds) {
                    let counts = !(royal[kind] || officers_only && v.promotes(color, kind));
                    phase_value[color][kind.index()] = if counts { value[kind].max(0) } else { 0 };
                }
            }
            phase_full = Color::ALL
                .into_iter()
                .map(|c| {
                    start.occ[c]
                        .iter()
                        .map(|sq| phase_value[c][start.board[sq as usize].kind().index()])
                        .sum::<i32>()
                })
                .sum();
            if phase_full > 0 {
                break;
            }
        }
        let facts = Color::ALL.map(|color| {
            let mut f = [(0, false); MAX_KINDS];
            for kind in Kind::first(kinds) {
                let material = if royal[kind] { 0 } else { value[kind] };
                f[kind.index()] = (material, !passed_mask[color][kind].is_empty());
            }
            f
        });
        let officer = |color: Color, kind: Kind| !royal[kind] && !v.promotes(color, kind);
        let richer = Color::ALL.map(|color| {
            let mut r = [0u32; MAX_KINDS];
            for kind in Kind::first(kinds).filter(|&k| officer(color, k)) {
                for other in Kind::first(kinds) {
                    if officer(color.other(), other) && value[other] > value[kind] {
                        r[kind.index()] |= 1 << other.index();
                    }
                }
            }
            r
        });
        // The value shared by a player's promoting pieces, if they all have one.
        let promoting_value = Color::ALL.map(|color| {
            let mut values = Kind::first(kinds)
                .filter(|k| facts[color][k.index()].1)
                .map(|k| facts[color][k.index()].0);
            let first = values.next();
            first.filter(|&f| values.all(|x| x == f))
        });
        let threat_sets = Color::ALL.into_iter().all(|color| {
            promoting_value[color].is_some()
                || Kind::first(kinds).all(|k| !facts[color][k.index()].1)
        });
        let pawn_cache_ok = Color::ALL.into_iter().all(|color| {
            Kind::first(kinds).all(|k| facts[color][k.index()].1 == v.promotes(color, k))
        });
        let kind_facts = Color::ALL.map(|color| {
            std::array::from_fn(|k| KindFacts {
                material: facts[color][k].0,
                phase: phase_value[color][k],
                pair_bit: pair_bit[color][k],
                promotes: facts[color][k].1,
                rider: file_rider[color][k],
                victim: k < kinds
                    && !facts[color][k].1
                    && promoting_value[color.other()].is_some_and(|p| facts[color][k].0 > p),
            })
        });
        let squares: [Vec<(i32, i32)>; 2] = Color::ALL.map(|color| {
            let late = &square_late[color];
            square_value[color]
                .iter()
                .enumerate()
                .map(|(i, &v)| (v, late.get(i).copied().unwrap_or(0)))
                .collect()
        });
        let square_colour = std::array::from_fn(|i| square_colour.get(i).copied().unwrap_or(0));
        Eval {
            pawn_cache_ok,
            threat_sets,
            kind_facts,
            squares,
            richer,
            officer_threat: w.term("officer_threat"),
            square_colour,
            colour_pair: w.term("colour_pair"),
            promoting_supported: w.term("promoting_supported"),
            royal_files,
            royal_open_file: w.term("royal_open_file"),
            passed_royal_distance: w.term("passed_royal_distance"),
            tempo: w.term("tempo"),
            reserve_permille: w.term("reserve_permille") as i64,
            king_attacker: w.term("king_attacker") as i64,
            king_zone_hit: w.term("king_zone_hit") as i64,
            king_danger_max: w.term("king_danger_max") as i64,
            promoting_threat: w.term("promoting_threat"),
            royal_cover: w.term("royal_cover"),
            promoting_doubled: w.term("promoting_doubled"),
            promoting_isolated: w.term("promoting_isolated"),
            same_file,
            next_files,
            file_open: w.term("file_open"),
            tapered: !square_late[0].is_empty(),
            phase_full,
            cells,
            pst,
            royal_endgame,
            value,
            mobility,
            passed_mask,
            promoting_at,
            near,
        }
    }

    /// The static evaluation of `pos` for the side to move.
    pub fn evaluate(&self, v: &Variant, pos: &Position) -> i32 {
        bounded(self.base(v, pos) + self.activity(v, pos))
    }

    /// [`Eval::evaluate`], the promoting pieces' part through `cache`.
    pub fn evaluate_cached(&self, v: &Variant, pos: &Position, cache: &mut PawnCache) -> i32 {
        bounded(self.base_cached(v, pos, cache) + self.activity(v, pos))
    }

    /// The cheap part of the evaluation (material, squares, reserves, tempo),
    /// for the side to move: the full evaluation differs from it by the
    /// activity term only (both are held within [`weights::EVAL_LIMIT`]).
    pub fn base(&self, v: &Variant, pos: &Position) -> i32 {
        self.base_with(v, pos, None)
    }

    /// [`Eval::base`], the promoting pieces' part through `cache`: the
    /// same number.
    pub fn base_cached(&self, v: &Variant, pos: &Position, cache: &mut PawnCache) -> i32 {
        self.base_with(v, pos, Some(cache))
    }

    fn base_with(&self, v: &Variant, pos: &Position, cache: Option<&mut PawnCache>) -> i32 {
        match self.cells.div_ceil(64) {
            0 | 1 => self.base_in::<1>(v, pos, cache),
            2 => self.base_in::<2>(v, pos, cache),
            3 => self.base_in::<3>(v, pos, cache),
            _ => self.base_in::<4>(v, pos, cache),
        }
    }

    /// [`Eval::base`] with sets of `N` words (the board's width).
    #[inline(always)]
    fn base_in<const N: usize>(
        &self,
        v: &Variant,
        pos: &Position,
        cache: Option<&mut PawnCache>,
    ) -> i32 {
        let set = |b: &Bitset| Narrow::<N>::of(b);
        let mut score = [0i32; 2];
        let mut material = [0i32; 2];
        let mut promoting = [Narrow::<N>::EMPTY; 2];
        let mut riders = [Narrow::<N>::EMPTY; 2];
        // The pieces the other player's promoting pieces threaten (`victim`).
        let mut victims = [Narrow::<N>::EMPTY; 2];
        let tapered = self.tapered;
        let (mut late, mut phase) = ([0i32; 2], 0);
        for color in Color::ALL {
            let squares = &self.squares[color][..];
            let facts = &self.kind_facts[color];
            // Colour-bound kinds seen, by square colour (`pair_bit`).
            let mut colours = 0u64;
            let (mut sum, mut sum_late, mut sum_material) = (0, 0, 0);
            let mut sets = [Narrow::<N>::EMPTY; 3];
            for sq in set(&pos.occ[color]).iter() {
                // An occupied square's kind is below MAX_KINDS: the mask
                // only spares the bounds check.
                let kind = pos.board[sq as usize].kind().index() & (MAX_KINDS - 1);
                let f = &facts[kind];
                let (value, late) = squares[kind * self.cells + sq as usize];
                sum += value;
                sum_late += late;
                phase += f.phase;
                colours |= f.pair_bit << self.square_colour[sq as usize];
                sum_material += f.material;
                sets[0].set_if(sq, f.promotes);
                sets[1].set_if(sq, f.rider);
                sets[2].set_if(sq, f.victim);
            }
            [promoting[color], riders[color], victims[color]] = sets;
            score[color] += sum;
            late[color] = sum_late;
            material[color] = sum_material;
            // A colour-bound kind on squares of both colours.
            let pairs = (colours & colours >> 1 & 0x5555_5555_5555_5555).count_ones();
            score[color] += pairs as i32 * self.colour_pair;
            for (kind, &n) in Kind::first(self.value.len()).zip(pos.reserve[color].iter()) {
                if n > 0 && v.can_still_drop(pos, color, kind) {
                    score[color] +=
                        (n as i64 * self.value[kind] as i64 * self.reserve_permille / 1000) as i32;
                }
            }
        }
        let endgame =
            material[Color::FIRST] + material[Color::SECOND] < 2 * weights::ENDGAME_MATERIAL;
        // In the endgame: each side's first royal piece, for the distance
        // to passed pieces.
        let kings = Color::ALL.map(|c| {
            set(&pos.royals[c])
                .iter()
                .next()
                .filter(|_| endgame && self.passed_royal_distance != 0)
                .map(|k| v.geo.coord(k))
        });
        let pawns = self.pawn_entry::<N>(pos, &promoting, cache);
        for color in Color::ALL {
            let them = color.other();
            // Riders on files free of their own promoting pieces: open
            // (none of the enemy's either) or half open.
            for sq in riders[color].iter() {
                let file = set(&self.same_file[sq as usize]);
                if !file.intersects(&promoting[color]) {
                    score[color] += if file.intersects(&promoting[them]) {
                        self.file_open / 2
                    } else {
                        self.file_open
                    };
                }
            }
            score[color] += pawns.score[color];
            if let [Some(a), Some(b)] = [kings[color], kings[them]] {
                for sq in set(&pawns.passed[color]).iter() {
                    let (x, y) = v.geo.coord(sq);
                    let dist = |(kx, ky): (u8, u8)| i32::from(kx.abs_diff(x).max(ky.abs_diff(y)));
                    score[color] += (dist(b) - dist(a)) * self.passed_royal_distance;
                }
            }
            // Threats: enemy pieces worth more within one capturing step.
            if self.threat_sets && !pawns.overflow {
                let mut n = 0;
                for (j, h) in pawns.hits[color].iter().enumerate() {
                    n += (set(h).and(&victims[them]).count() as i32) << j;
                }
                score[color] += n * self.promoting_threat;
            } else {
                let enemies = set(&pos.occ[them]);
                let table = &self.promoting_at[color];
                for sq in promoting[color].iter() {
                    let kind = pos.board[sq as usize].kind();
                    let at = &table[kind.index() * self.cells + sq as usize];
                    for t in set(&at.attacks).and(&enemies).iter() {
                        let victim = &self.kind_facts[them][pos.board[t as usize].kind().index()];
                        if !victim.promotes
                            && victim.material > self.kind_facts[color][kind.index()].material
                        {
                            score[color] += self.promoting_threat;
                        }
                    }
                }
            }
        }
        if tapered {
            // The endgame share of the square tables, as the pieces come off.
            let left = self.late_share(phase) as i64;
            for (s, l) in score.iter_mut().zip(late) {
                *s += (l as i64 * left / 256) as i32;
            }
        }
        if !endgame && self.royal_cover != 0 {
            // Cover: own promoting pieces next to a royal piece.
            for (color, s) in Color::ALL.into_iter().zip(score.iter_mut()) {
                for k in set(&pos.royals[color]).iter() {
                    *s += set(&self.near[k as usize]).and(&promoting[color]).count() as i32
                        * self.royal_cover;
                }
            }
        }
        if !endgame && self.royal_open_file != 0 {
            // Open files at a royal piece: none of its side's promoting pieces.
            for (color, s) in Color::ALL.into_iter().zip(score.iter_mut()) {
                for k in set(&pos.royals[color]).iter() {
                    for f in &self.royal_files[k as usize] {
                        if !f.is_empty() && !set(f).intersects(&promoting[color]) {
                            *s += self.royal_open_file;
                        }
                    }
                }
            }
        }
        if endgame {
            for (color, s) in Color::ALL.into_iter().zip(score.iter_mut()) {
                for sq in set(&pos.royals[color]).iter() {
                    let kind = pos.board[sq as usize].kind();
                    *s += self.royal_endgame[color][kind][sq as usize]
                        - self.pst[color][kind][sq as usize];
                }
            }
        }
        let us = pos.side;
        bounded(score[us] - score[us.other()] + self.tempo)
    }

    /// How far into the endgame a position whose pieces count `phase`
    /// towards the middlegame is, from 0 (the start's pieces, or more) to
    /// 256 (none).
    #[inline]
    fn late_share(&self, phase: i32) -> i32 {
        if self.phase_full <= 0 {
            return 0;
        }
        256 - (phase.min(self.phase_full) as i64 * 256 / self.phase_full as i64) as i32
    }

    /// The square-table terms of `pos`, for fitting them: how far into the
    /// endgame it is (0 to 256, as blended) and each piece as (color, kind,
    /// square in the first player's view).
    pub fn square_terms(&self, v: &Variant, pos: &Position) -> (i32, Vec<(Color, Kind, Square)>) {
        let mut phase = 0;
        let mut pieces = Vec::new();
        for color in Color::ALL {
            for sq in pos.occ[color].iter() {
                let kind = pos.board[sq as usize].kind();
                phase += self.kind_facts[color][kind.index()].phase;
                pieces.push((color, kind, first_view(v, color, sq)));
            }
        }
        (self.late_share(phase), pieces)
    }

    /// Mobility and attacks near the enemy royal piece, counted by the
    /// interpreter for every piece that is neither royal nor promoting.
    pub fn activity(&self, v: &Variant, pos: &Position) -> i32 {
        let mut score = [0i32; 2];
        for (color, score) in Color::ALL.into_iter().zip(score.iter_mut()) {
            let mut zone = Bitset::EMPTY;
            for k in pos.royals[color.other()].iter() {
                zone = zone.or(&self.near[k as usize]);
            }
            let (mut attackers, mut hits) = (0, 0);
            let tables = &self.mobility[color];
            // The kinds of enemy pieces each officer may threaten.
            let richer = &self.richer[color];
            let on = self.officer_threat != 0;
            let mut threats = 0;
            v.each_activity(
                pos,
                color,
                &zone,
                |kind| if on { richer[kind.index()] } else { 0 },
                |kind| !tables[kind].is_empty(),
                |kind, a| {
                    let table = &tables[kind];
                    *score += table[(a.moves as usize).min(table.len() - 1)];
                    threats += a.threats as i32;
                    if a.hits > 0 {
                        attackers += 1;
                        hits += a.hits as i32;
                    }
                },
            );
            *score += threats * self.officer_threat;
            if attackers >= 2 {
                let danger =
                    attackers as i64 * self.king_attacker + hits as i64 * self.king_zone_hit;
                *score += (danger * danger / weights::KING_DANGER_DIVISOR as i64)
                    .min(self.king_danger_max) as i32;
            }
        }
        score[pos.side] - score[pos.side.other()]
    }

    /// Is the promoting piece on `sq` passed: no enemy promoting piece on its
    /// way to the zone or attacking a square of it (None: no promoting piece there)?
    pub fn is_passed(&self, pos: &Position, sq: Square) -> Option<bool> {
        let p = pos.board[sq as usize];
        if p.is_none() || !self.promoting(p.color(), p.kind()) {
            return None;
        }
        let mut enemies = Bitset::EMPTY;
        for s in pos.occ[p.color().other()].iter() {
            if self.promoting(p.color().other(), pos.board[s as usize].kind()) {
                enemies.set(s);
            }
        }
        Some(self.passed(p.color(), p.kind(), sq, &enemies))
    }

    /// Does `kind` promote for `color` (has it passed-piece tables)?
    #[inline]
    fn promoting(&self, color: Color, kind: Kind) -> bool {
        !self.passed_mask[color][kind].is_empty()
    }

    /// Is a promoting piece on `sq` passed, given the squares of the enemy's promoting pieces?
    #[inline]
    fn passed(&self, color: Color, kind: Kind, sq: Square, enemies: &Bitset) -> bool {
        !self.passed_mask[color][kind][sq as usize].intersects(enemies)
    }

    /// The value of a piece type, in centipawns.
    pub fn value(&self, kind: Kind) -> i32 {
        self.value[kind]
    }
}

/// The square in the first player's view of `color`'s square `sq` (the
/// same square for the first player; mapped by the players' frames).
pub fn first_view(v: &Variant, color: Color, sq: Square) -> Square {
    let frame = crate::ir::Frame::between(v.rules.players[0].frame, v.rules.players[color].frame);
    let g = &v.geo;
    g.square(frame.map_coord(g.coord(sq), g.files, g.ranks))
}
