//! Search: iterative deepening over a principal-variation alpha-beta search
//! with a transposition table, quiescence, move ordering (TT move, MVV-LVA,
//! killers, history), null-move pruning, late-move reductions and check
//! extensions. It knows only the compiled variant; it never prints: progress
//! goes to a callback, and the protocol layer formats it.

mod tt;

pub use tt::{Bound, Entry, Tt, TtError};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::board::Position;
use crate::eval::Eval;
use crate::ir::Outcome;
use crate::movegen::{Move, MoveKind, Variant};

/// Every tuning constant of the search, in one place.
pub mod params {
    /// Entries of the evaluation cache (a power of two; 16 bytes each).
    pub const EVAL_CACHE_ENTRIES: usize = 1 << 16;
    /// Quiescence takes the cheap evaluation alone when it is this far outside the window.
    pub const LAZY_MARGIN: i32 = 250;
    /// Reverse futility pruning up to this depth...
    pub const RFP_MAX_DEPTH: i32 = 6;
    /// ...when the static evaluation beats beta by this much per ply.
    pub const RFP_MARGIN: i32 = 90;
    /// Null-move reduction.
    pub const NULL_R: i32 = 2;
    /// Null move is tried from this depth on.
    pub const NULL_MIN_DEPTH: i32 = 3;
    /// Futility and late-move pruning of quiet moves up to this depth...
    pub const PRUNE_MAX_DEPTH: i32 = 3;
    /// ...futility: when the static evaluation plus this much per ply stays below alpha;
    pub const FUTILITY_MARGIN: i32 = 120;
    /// ...late-move pruning: quiet moves after `LMP_BASE + LMP_FACTOR * depth²`.
    pub const LMP_BASE: usize = 4;
    /// See `LMP_BASE`.
    pub const LMP_FACTOR: usize = 2;
    /// Quiescence skips a capture that cannot bring the score within this of alpha.
    pub const DELTA_MARGIN: i32 = 200;
    /// Late-move reductions start at this depth...
    pub const LMR_MIN_DEPTH: i32 = 3;
    /// ...for moves after this many.
    pub const LMR_MIN_MOVES: usize = 3;
    /// Late-move reduction: `LMR_BASE + ln(depth) ln(move number) / LMR_DIVISOR` plies.
    pub const LMR_BASE: f64 = 0.75;
    /// See `LMR_BASE`.
    pub const LMR_DIVISOR: f64 = 2.25;
    /// Aspiration window half-width, centipawns.
    pub const ASPIRATION: i32 = 40;
    /// Quiescence plies at most (checks in quiescence search all evasions).
    pub const QS_MAX_PLY: usize = 24;
    /// Share of the remaining clock for one move when no moves-to-go is given.
    pub const MOVES_TO_GO: u32 = 30;
    /// Default transposition table size, megabytes.
    pub const DEFAULT_HASH_MB: usize = 64;
    /// Largest transposition table a user may ask for (UCI `Hash`,
    /// `--hash`), megabytes. Whether the machine has the memory is checked
    /// when the table is allocated ([`super::Tt::try_new`]).
    pub const MAX_HASH_MB: usize = 65536;
    /// Deepest search.
    pub const MAX_PLY: usize = 100;
}

/// A mate score: MATE - plies to mate.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MATE_BOUND: i32 = MATE - 1_000;

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Search to this depth.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think this long.
    pub movetime: Option<Duration>,
    /// Play on a clock.
    pub clock: Option<Clock>,
    /// Until stopped.
    pub infinite: bool,
    /// Search only these root moves (UCI `searchmoves`); empty: all. Moves
    /// that are not legal in the position are ignored.
    pub searchmoves: Vec<Move>,
}

/// The mover's clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
}

/// A score as reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, from the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s + 1) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

/// One progress report: after each completed depth.
#[derive(Clone, Debug)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used.
    pub time: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (None: no legal move).
    pub best: Option<Move>,
    /// Its score.
    pub score: Score,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// A search engine for one variant.
pub struct Searcher {
    /// The transposition table.
    pub tt: Tt,
    eval: Eval,
    stop: Arc<AtomicBool>,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    bufs: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    path: Vec<u64>,
    /// `reductions[depth][move number]` for late quiet moves.
    reductions: Vec<[i32; 64]>,
    /// Static evaluations by position hash (the evaluation is a pure
    /// function of the position, so a hit is exact).
    eval_cache: Vec<(u64, i32)>,
    nodes: u64,
    seldepth: usize,
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    stopped: bool,
    /// The root moves searched (from [`Limits::searchmoves`]); empty: all.
    root_only: Vec<Move>,
}

impl Searcher {
    /// A searcher for `v` with a table of `hash_mb` megabytes. Aborts if
    /// the table cannot be allocated: for a size a user chose, use
    /// [`Searcher::try_new`].
    pub fn new(v: &Variant, hash_mb: usize) -> Searcher {
        Searcher::with_table(v, Tt::new(hash_mb))
    }

    /// A searcher for `v` with a table of `hash_mb` megabytes, or why the
    /// table cannot be allocated.
    pub fn try_new(v: &Variant, hash_mb: usize) -> Result<Searcher, TtError> {
        Ok(Searcher::with_table(v, Tt::try_new(hash_mb)?))
    }

    /// A searcher for `v` using `tt` (e.g. the table of a searcher for
    /// another variant, cleared: no second allocation).
    pub fn with_table(v: &Variant, tt: Tt) -> Searcher {
        Searcher {
            tt,
            eval: Eval::new(v),
            stop: Arc::new(AtomicBool::new(false)),
            killers: vec![[None; 2]; params::MAX_PLY + 2],
            history: vec![0; 256 * 256],
            bufs: (0..params::MAX_PLY + params::QS_MAX_PLY + 4)
                .map(|_| Vec::with_capacity(256))
                .collect(),
            scores: (0..params::MAX_PLY + params::QS_MAX_PLY + 4)
                .map(|_| Vec::with_capacity(256))
                .collect(),
            path: Vec::with_capacity(1024),
            reductions: (0..64)
                .map(|d| {
                    let mut row = [0; 64];
                    for (i, r) in row.iter_mut().enumerate().skip(1) {
                        let x = (d.max(1) as f64).ln() * (i as f64).ln();
                        *r = (params::LMR_BASE + x / params::LMR_DIVISOR) as i32;
                    }
                    row
                })
                .collect(),
            eval_cache: vec![(0, 0); params::EVAL_CACHE_ENTRIES],
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            soft: None,
            hard: None,
            node_limit: None,
            stopped: false,
            root_only: Vec::new(),
        }
    }

    /// Replace the table by one of `hash_mb` megabytes; if it cannot be
    /// allocated, the old table stays (with what it learned).
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), TtError> {
        self.tt = Tt::try_new(hash_mb)?;
        Ok(())
    }

    /// A flag that stops the search when set (from another thread). The
    /// caller clears it before starting a search, so that a stop sent at
    /// once is never lost.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forget what earlier searches learned (for reproducible node counts).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// The static evaluation.
    pub fn evaluate(&self, v: &Variant, pos: &Position) -> i32 {
        self.eval.evaluate(v, pos)
    }

    /// The static evaluation, through the cache.
    #[inline]
    fn static_eval(&mut self, v: &Variant, pos: &Position) -> i32 {
        if let Some(score) = self.cached_eval(pos) {
            return score;
        }
        let score = self.eval.evaluate(v, pos);
        self.cache_eval(pos, score);
        score
    }

    /// The static evaluation where only its side of the window matters: when
    /// the cheap part alone is further than the activity term usually
    /// reaches outside (alpha, beta), the cheap part stands in for it.
    #[inline]
    fn lazy_eval(&mut self, v: &Variant, pos: &Position, alpha: i32, beta: i32) -> i32 {
        if let Some(score) = self.cached_eval(pos) {
            return score;
        }
        let base = self.eval.base(v, pos);
        if base - params::LAZY_MARGIN >= beta || base + params::LAZY_MARGIN <= alpha {
            return base;
        }
        let score = crate::eval::bounded(base + self.eval.activity(v, pos));
        self.cache_eval(pos, score);
        score
    }

    /// The cached evaluation of `pos`, if any. Keys are stored with their
    /// low bit forced to 1, so an empty slot (key 0) never matches; two
    /// hashes in one slot share their low bits, so the tag stays exact.
    #[inline]
    fn cached_eval(&self, pos: &Position) -> Option<i32> {
        let (key, score) = self.eval_cache[pos.hash as usize & (params::EVAL_CACHE_ENTRIES - 1)];
        (key == pos.hash | 1).then_some(score)
    }

    #[inline]
    fn cache_eval(&mut self, pos: &Position, score: i32) {
        self.eval_cache[pos.hash as usize & (params::EVAL_CACHE_ENTRIES - 1)] =
            (pos.hash | 1, score);
    }

    /// Search `pos`; `game` holds the hashes of the game's earlier positions
    /// (for repetitions). Reports each completed depth to `report`.
    pub fn search(
        &mut self,
        v: &Variant,
        pos: &Position,
        game: &[u64],
        limits: &Limits,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.tt.new_search();
        self.node_limit = limits.nodes;
        (self.soft, self.hard) = time_budget(limits);
        self.path.clear();
        self.path.extend_from_slice(game);
        let mut pos = pos.clone();

        let mut root_moves = Vec::new();
        v.legal_moves(&mut pos, &mut root_moves);
        self.root_only.clear();
        if limits.searchmoves.iter().any(|m| root_moves.contains(m)) {
            root_moves.retain(|m| limits.searchmoves.contains(m));
            self.root_only.extend_from_slice(&root_moves);
        }
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if root_moves.is_empty() {
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(params::MAX_PLY as u32 - 1)
            .min(params::MAX_PLY as u32 - 1);
        let mut prev = 0;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let (mut alpha, mut beta) = if depth >= 4 {
                (prev - params::ASPIRATION, prev + params::ASPIRATION)
            } else {
                (-INF, INF)
            };
            let mut width = params::ASPIRATION;
            let score = loop {
                let s = self.negamax(v, &mut pos, depth as i32, alpha, beta, 0, true);
                if self.stopped {
                    break s;
                }
                if s <= alpha {
                    alpha = (alpha - width).max(-INF);
                } else if s >= beta {
                    beta = (beta + width).min(INF);
                } else {
                    break s;
                }
                width *= 2;
            };
            if self.stopped && depth > 1 {
                break;
            }
            prev = score;
            let mut pv = self.pv(v, &pos, depth as usize);
            // A table move from an earlier search (a stop during depth 1)
            // may be one `searchmoves` excludes.
            if pv
                .first()
                .is_some_and(|m| !self.root_only.is_empty() && !self.root_only.contains(m))
            {
                pv.clear();
            }
            if let Some(&m) = pv.first() {
                result.best = Some(m);
            }
            result.score = Score::from_internal(score);
            result.depth = depth;
            result.pv = pv.clone();
            report(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score: result.score,
                nodes: self.nodes,
                time: self.start.elapsed(),
                pv,
            });
            if self.stopped {
                break;
            }
            if !limits.infinite
                && let Some(soft) = self.soft
                && self.start.elapsed() > soft / 2
            {
                break;
            }
            if !limits.infinite
                && score.abs() >= MATE_BOUND
                && depth as i32 > (MATE - score.abs()) + 2
            {
                break;
            }
        }
        // Infinite analysis waits for `stop` after the depth limit (whoever
        // sets the flag may unpark this thread to end the wait at once).
        while limits.infinite && !self.stop.load(Ordering::Relaxed) && !self.stopped {
            std::thread::park_timeout(Duration::from_millis(5));
        }
        result.nodes = self.nodes;
        result
    }

    /// Count a node, check the limits and note the depth reached; false
    /// once the search is stopped.
    #[inline]
    fn enter_node(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.check_stop();
        self.seldepth = self.seldepth.max(ply);
        !self.stopped
    }

    fn check_stop(&mut self) {
        // The stop flag every 64 nodes (a relaxed load: a `stop` is seen
        // within a fraction of a millisecond even in slow variants, so
        // commands that stop a search answer at once), the clock every 1024.
        if self.nodes & 63 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if self.nodes & 1023 == 0
                && let Some(h) = self.hard
                && self.start.elapsed() >= h
            {
                self.stopped = true;
            }
        }
        if let Some(n) = self.node_limit
            && self.nodes >= n
        {
            self.stopped = true;
        }
    }

    /// The score of a game end for the side to move, `ply` plies from the root.
    fn outcome_score(outcome: Outcome, ply: usize) -> i32 {
        match outcome {
            Outcome::Draw => 0,
            Outcome::Loss => -MATE + ply as i32,
            Outcome::Win => MATE - ply as i32,
        }
    }

    /// A draw-like end by repetition or the no-progress rule.
    fn rule_end(&self, v: &Variant, pos: &Position, ply: usize) -> Option<i32> {
        let end = &v.rules.end;
        if let Some((n, o)) = end.no_progress
            && pos.halfmove >= 2 * n
        {
            return Some(Self::outcome_score(o, ply));
        }
        if let Some((n, o)) = end.repetition {
            // `path` holds the positions before this one (game, then search).
            // Same side to move: every second one back, since the last
            // irreversible move. In the search tree one repetition is enough;
            // with the game's positions, the rule's count.
            let window = (pos.halfmove as usize).min(self.path.len());
            let first = self.path.len() - window;
            let in_search = self.path.len() - ply;
            let mut seen = 0;
            for (i, &h) in self.path[first..]
                .iter()
                .enumerate()
                .rev()
                .skip(1)
                .step_by(2)
            {
                if h == pos.hash {
                    if first + i >= in_search {
                        return Some(Self::outcome_score(o, ply));
                    }
                    seen += 1;
                }
            }
            if seen + 1 >= n as usize {
                return Some(Self::outcome_score(o, ply));
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        v: &Variant,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        can_null: bool,
    ) -> i32 {
        if !self.enter_node(ply) {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if let Some(s) = self.rule_end(v, pos, ply) {
                return s;
            }
            // Mate-distance pruning.
            if -MATE + ply as i32 >= beta {
                return beta;
            }
        }
        if ply >= params::MAX_PLY {
            return self.static_eval(v, pos);
        }
        let in_check = v.in_check(pos);
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(v, pos, alpha, beta, ply, 0);
        }
        let tt = self.tt.probe(pos.hash);
        if let Some(e) = tt
            && ply > 0
            && !pv_node
            && e.depth as i32 >= depth
        {
            let s = from_tt(e.score, ply);
            match e.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        let static_eval = if in_check {
            -INF
        } else {
            self.static_eval(v, pos)
        };
        // Reverse futility: far enough above beta near the leaves, stop here.
        if !pv_node
            && !in_check
            && depth <= params::RFP_MAX_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval - params::RFP_MARGIN * depth >= beta
        {
            return static_eval;
        }
        // Null move: give the opponent a free move; if we still beat beta,
        // this node is not worth searching. Not in check, not with only
        // royal and promoting pieces (zugzwang).
        if can_null
            && !pv_node
            && !in_check
            && depth >= params::NULL_MIN_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval >= beta
            && self.has_big_pieces(v, pos)
        {
            let saved_hash = pos.hash;
            let undo = v.make_null(pos);
            self.path.push(saved_hash);
            let s = -self.negamax(
                v,
                pos,
                depth - 1 - params::NULL_R,
                -beta,
                -beta + 1,
                ply + 1,
                false,
            );
            self.path.pop();
            v.unmake_null(pos, undo);
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return beta;
            }
        }

        // Pseudo-legal moves, each checked for legality only when its turn
        // comes: a cut-off spares the checks of the moves never tried.
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        moves.clear();
        v.pseudo_moves(pos, &mut moves);
        let safety = v.safety_given(pos, Some(in_check));
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.score_moves(v, pos, &moves, &mut scores, tt.and_then(|e| e.mv), ply);

        let mut best = -INF;
        let mut best_move = None;
        let original_alpha = alpha;
        // Legal moves tried so far.
        let mut i = 0;
        for j in 0..moves.len() {
            pick(&mut moves, &mut scores, j);
            let m = moves[j];
            if !v.is_legal_fast(pos, m, &safety) {
                continue;
            }
            if ply == 0 && !self.root_only.is_empty() && !self.root_only.contains(&m) {
                continue;
            }
            i += 1;
            let i = i - 1;
            let quiet = is_quiet(pos, m);
            // Near the leaves, a quiet move late in the order, or one that
            // cannot lift the static evaluation to alpha, is skipped unless
            // it gives check.
            let prunable = !pv_node
                && !in_check
                && quiet
                && i > 0
                && depth <= params::PRUNE_MAX_DEPTH
                && best > -MATE_BOUND
                && (static_eval + params::FUTILITY_MARGIN * depth <= alpha
                    || i >= params::LMP_BASE + params::LMP_FACTOR * (depth * depth) as usize);
            self.path.push(pos.hash);
            let undo = v.make(pos, m);
            if prunable && !v.in_check(pos) {
                v.unmake(pos, m, undo);
                self.path.pop();
                continue;
            }
            let score = if i == 0 {
                -self.negamax(v, pos, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let r = if depth >= params::LMR_MIN_DEPTH
                    && i >= params::LMR_MIN_MOVES
                    && quiet
                    && !in_check
                {
                    let r = self.reductions[(depth as usize).min(63)][i.min(63)];
                    (r - i32::from(pv_node)).clamp(1, depth - 2)
                } else {
                    0
                };
                let mut s = -self.negamax(v, pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(v, pos, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(v, pos, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            v.unmake(pos, m, undo);
            self.path.pop();
            if self.stopped {
                self.bufs[ply] = moves;
                self.scores[ply] = scores;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(m);
                            }
                            let h = &mut self.history[m.from as usize * 256 + m.to as usize];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = moves;
        self.scores[ply] = scores;
        if i == 0 {
            let end = &v.rules.end;
            return Self::outcome_score(
                if in_check {
                    end.checkmate
                } else {
                    end.stalemate
                },
                ply,
            );
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(pos.hash, best_move, to_tt(best, ply), depth, bound);
        best
    }

    fn qsearch(
        &mut self,
        v: &Variant,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        if !self.enter_node(ply) {
            return 0;
        }
        let in_check = qply < 4 && v.in_check(pos);
        let stand = self.lazy_eval(v, pos, alpha, beta);
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        if qply >= params::QS_MAX_PLY || ply >= self.bufs.len() - 1 {
            return stand;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        moves.clear();
        if in_check {
            v.pseudo_moves(pos, &mut moves);
        } else {
            v.pseudo_noisy_moves(pos, &mut moves);
        }
        let safety = v.safety_given(pos, (qply < 4).then_some(in_check));
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.score_moves(v, pos, &moves, &mut scores, None, ply.min(params::MAX_PLY));
        let mut best = if in_check { -INF } else { stand };
        let mut legal = 0;
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let m = moves[i];
            if !v.is_legal_fast(pos, m, &safety) {
                continue;
            }
            legal += 1;
            if !in_check && m.kind != MoveKind::Promotion {
                let victim = self.captured_value(pos, m);
                // Delta pruning: even winning the piece cannot reach alpha.
                if stand + victim + params::DELTA_MARGIN <= alpha {
                    continue;
                }
                // A defended piece taken by a more valuable one: likely a loss.
                if self.value_at(pos, m.from) > victim && v.is_attacked(pos, m.to, 1 - pos.side) {
                    continue;
                }
            }
            let undo = v.make(pos, m);
            let s = -self.qsearch(v, pos, -beta, -alpha, ply + 1, qply + 1);
            v.unmake(pos, m, undo);
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = moves;
        self.scores[ply] = scores;
        if in_check && legal == 0 && !self.stopped {
            return Self::outcome_score(v.rules.end.checkmate, ply);
        }
        best
    }

    fn has_big_pieces(&self, v: &Variant, pos: &Position) -> bool {
        let us = pos.side;
        pos.occ[us].iter().any(|sq| {
            let k = pos.board[sq as usize].kind();
            !v.is_royal(k) && !v.promotes(us, k)
        })
    }

    fn score_moves(
        &self,
        v: &Variant,
        pos: &Position,
        moves: &[Move],
        scores: &mut Vec<i32>,
        tt_move: Option<Move>,
        ply: usize,
    ) {
        scores.clear();
        let killers = self.killers[ply.min(params::MAX_PLY)];
        for &m in moves {
            let s = if Some(m) == tt_move {
                1 << 30
            } else if !is_quiet(pos, m) {
                let victim = self.captured_value(pos, m);
                let promo = if m.kind == MoveKind::Promotion {
                    self.eval.value(m.data as usize)
                } else {
                    0
                };
                let attacker = self.value_at(pos, m.from);
                (1 << 24) + (victim + promo) * 16 - attacker / 16
            } else if killers[0] == Some(m) {
                (1 << 23) + 1
            } else if killers[1] == Some(m) {
                1 << 23
            } else {
                self.history[m.from as usize * 256 + m.to as usize]
            };
            scores.push(s);
        }
        let _ = v;
    }

    /// The value of the piece `m` captures (0 for none).
    #[inline]
    fn captured_value(&self, pos: &Position, m: Move) -> i32 {
        match m.kind {
            MoveKind::EnPassant => pos.ep.map_or(0, |(_, s)| self.value_at(pos, s)),
            _ => self.value_at(pos, m.to),
        }
    }

    fn value_at(&self, pos: &Position, sq: u8) -> i32 {
        let p = pos.board[sq as usize];
        if p.is_none() {
            0
        } else {
            self.eval.value(p.kind())
        }
    }

    /// The principal variation, read from the table.
    fn pv(&self, v: &Variant, pos: &Position, depth: usize) -> Vec<Move> {
        let mut pos = pos.clone();
        let mut pv = Vec::new();
        let mut seen = Vec::new();
        let mut legal = Vec::new();
        while pv.len() < depth.max(1) {
            let Some(m) = self.tt.probe(pos.hash).and_then(|e| e.mv) else {
                break;
            };
            legal.clear();
            v.legal_moves(&mut pos, &mut legal);
            if !legal.contains(&m) || seen.contains(&pos.hash) {
                break;
            }
            seen.push(pos.hash);
            v.make(&mut pos, m);
            pv.push(m);
        }
        pv
    }
}

/// Captures, promotions and en passant are not quiet.
#[inline]
fn is_quiet(pos: &Position, m: Move) -> bool {
    match m.kind {
        MoveKind::EnPassant | MoveKind::Promotion => false,
        MoveKind::Drop | MoveKind::Castle => true,
        _ => pos.board[m.to as usize].is_none(),
    }
}

/// Move the best-scored remaining move to position `i`.
#[inline]
fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// (soft, hard) time limits.
fn time_budget(l: &Limits) -> (Option<Duration>, Option<Duration>) {
    if l.infinite {
        return (None, None);
    }
    if let Some(t) = l.movetime {
        return (Some(t * 2), Some(t));
    }
    if let Some(c) = l.clock {
        let mtg = c.movestogo.unwrap_or(params::MOVES_TO_GO).clamp(1, 50);
        let base = c.time / mtg + c.inc * 3 / 4;
        let hard = (base * 3).min(c.time / 3).max(Duration::from_millis(5));
        let soft = base.min(hard);
        return (Some(soft), Some(hard));
    }
    (None, None)
}
