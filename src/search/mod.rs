//! Search: iterative deepening over a principal-variation alpha-beta search
//! with a transposition table, quiescence, move ordering (TT move, MVV-LVA,
//! killers, countermove, history with gravity, continuation history),
//! correction history, null-move pruning, late-move reductions, check and
//! singular extensions. It knows only the compiled variant; it never
//! prints: progress goes to a callback, and the protocol layer formats it.

mod limits;
mod negamax;
mod ordering;
mod quiesce;
mod smp;
mod tt;

use limits::time_budget;
pub use limits::{Clock, Limits};
use smp::Control;
pub use tt::{Bound, Entry, Tt, TtError};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::board::{Kind, Position};
use crate::eval::Eval;
use crate::ir::Outcome;
use crate::movegen::{Move, MoveKind, Variant};

/// Every tuning constant of the search, in one place.
pub mod params {
    /// Entries of the evaluation cache (2^16: the index is a hash's low 16
    /// bits; 8 bytes each).
    pub const EVAL_CACHE_ENTRIES: usize = 1 << 16;
    /// Quiescence takes the cheap evaluation alone when it is this far outside the window.
    pub const LAZY_MARGIN: i32 = 250;
    /// Reverse futility pruning up to this depth...
    pub const RFP_MAX_DEPTH: i32 = 6;
    /// ...when the static evaluation beats beta by this much per ply.
    pub const RFP_MARGIN: i32 = 90;
    /// Null-move reduction: `NULL_R + depth / NULL_R_DEPTH_DIVISOR`, one
    /// ply more per `NULL_R_EVAL_DIVISOR` of static evaluation above beta
    /// (at most `NULL_R_EVAL_MAX`).
    pub const NULL_R: i32 = 3;
    /// See `NULL_R`.
    pub const NULL_R_DEPTH_DIVISOR: i32 = 3;
    /// See `NULL_R`.
    pub const NULL_R_EVAL_DIVISOR: i32 = 200;
    /// See `NULL_R`.
    pub const NULL_R_EVAL_MAX: i32 = 3;
    /// Null move is tried from this depth on.
    pub const NULL_MIN_DEPTH: i32 = 3;
    /// Futility and late-move pruning of quiet moves up to this depth...
    pub const PRUNE_MAX_DEPTH: i32 = 3;
    /// ...futility: when the static evaluation plus this much per ply stays below alpha;
    pub const FUTILITY_MARGIN: i32 = 120;
    /// ...history pruning: a quiet move whose history is below minus this
    /// per ply;
    pub const HISTORY_PRUNE_MARGIN: i32 = 2048;
    /// ...late-move pruning: quiet moves after `LMP_BASE + LMP_FACTOR * depth²`.
    pub const LMP_BASE: usize = 4;
    /// See `LMP_BASE`.
    pub const LMP_FACTOR: usize = 2;
    /// Moves the static exchange evaluation says lose are skipped up to
    /// this depth (not in PV nodes, in check, or when they give check)...
    pub const SEE_PRUNE_DEPTH: i32 = 5;
    /// ...a capture losing more than this per ply;
    pub const SEE_CAPTURE_MARGIN: i32 = 100;
    /// ...a quiet move losing more than this times the depth squared.
    pub const SEE_QUIET_MARGIN: i32 = 20;
    /// Quiescence skips a capture that cannot bring the score within this of alpha.
    pub const DELTA_MARGIN: i32 = 200;
    /// ProbCut from this depth on...
    pub const PROBCUT_DEPTH: i32 = 5;
    /// ...with this margin above beta.
    pub const PROBCUT_MARGIN: i32 = 200;
    /// A node with no table move is searched one ply less from this depth on.
    pub const IIR_MIN_DEPTH: i32 = 4;
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
    /// Quiescence stands pat even where captures are compulsory from this
    /// many plies on.
    pub const QS_FORCED_PLIES: usize = 4;
    /// Quiescence plies at most (checks in quiescence search all evasions).
    pub const QS_MAX_PLY: usize = 24;
    /// Share of the remaining clock for one move when no moves-to-go is given.
    pub const MOVES_TO_GO: u32 = 20;
    /// On a clock, no new iteration starts once this share of the soft
    /// budget is spent, per mille, by the number of iterations the best
    /// move has stayed the same (0, 1, 2, 3 or more)...
    pub const TIME_STABILITY_PERMILLE: [u32; 4] = [750, 550, 450, 350];
    /// ...and half as much again when the score fell by more than this
    /// since the iteration before.
    pub const TIME_SCORE_DROP: i32 = 25;
    /// Default transposition table size, megabytes.
    pub const DEFAULT_HASH_MB: usize = 64;
    /// Largest transposition table a user may ask for (UCI `Hash`,
    /// `--hash`), megabytes. Whether the machine has the memory is checked
    /// when the table is allocated ([`super::Tt::try_new`]).
    pub const MAX_HASH_MB: usize = 65536;
    /// History: a quiet move's score is kept within +-this...
    pub const HISTORY_MAX: i32 = 16384;
    /// ...a cut-off adds this times the depth squared (and takes it from the
    /// quiet moves searched before it at that node)...
    pub const HISTORY_BONUS: i32 = 16;
    /// ...but never more than this.
    pub const HISTORY_BONUS_MAX: i32 = 1200;
    /// Correction history entries per side (a power of two)...
    pub const CORRECTION_ENTRIES: usize = 1 << 14;
    /// ...each in this fraction of a centipawn...
    pub const CORRECTION_GRAIN: i32 = 256;
    /// ...and within +-this many centipawns.
    pub const CORRECTION_MAX: i32 = 64;
    /// Quiet moves remembered per node for that.
    pub const QUIETS_KEPT: usize = 32;
    /// A late move's reduction shrinks by one per this much history (and
    /// grows by one per this much negative history).
    pub const LMR_HISTORY_DIVISOR: i32 = 8192;
    /// Singular extensions from this depth on.
    pub const SINGULAR_DEPTH: i32 = 6;
    /// The singular test's bound: the table's score less this many
    /// centipawns per ply of depth.
    pub const SINGULAR_MARGIN: i32 = 2;
    /// Continuation history entries at most (a power of two): larger
    /// boards and piece sets share entries.
    pub const CONT_ENTRIES_MAX: usize = 1 << 20;
    /// Deepest search.
    pub const MAX_PLY: usize = 100;
    /// Most search threads (UCI `Threads`, `--threads`).
    pub const MAX_THREADS: usize = 256;
}

/// A mate score: MATE - plies to mate.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MATE_BOUND: i32 = MATE - 1_000;

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

/// A search engine for one variant: the table, shared by its search
/// threads, and each thread's own tables and counters (see `smp.rs`).
pub struct Searcher {
    /// The transposition table.
    pub tt: Tt,
    eval: Eval,
    stop: Arc<AtomicBool>,
    /// `reductions[depth][move number]` for late quiet moves.
    reductions: Vec<[i32; 64]>,
    /// The main thread's tables: its result is the search's.
    main: Worker,
    /// The helper threads' tables (kept between searches).
    helpers: Vec<Worker>,
    /// Search threads, the main one included.
    threads: usize,
}

/// What one search thread keeps to itself: move ordering, buffers, the
/// evaluation cache and its counters.
struct Worker {
    /// 0 for the main thread, 1.. for the helpers.
    id: usize,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// The quiet move that last refuted each move (by its from and to
    /// squares), tried after the killers.
    counters: Vec<Option<Move>>,
    /// The move made at each ply of the current line (None: a null move).
    played: Vec<Option<Move>>,
    /// The move a singular test leaves out at each ply (None: none).
    excluded: Vec<Option<Move>>,
    /// The depth of the iteration under way (extensions stop at twice it).
    root_depth: i32,
    /// Continuation history: how well a quiet move (by its piece and
    /// destination) did after the move one and two plies before it (by
    /// theirs), indexed by [`Run::cont_slot`].
    cont: Vec<i16>,
    /// Piece-and-destination keys: `(color * kinds + kind) * cells + to`
    /// below `cont_stride`.
    cont_stride: usize,
    /// The piece-and-destination key of the move made at each ply
    /// ([`NO_KEY`] for a null move).
    moved: Vec<u32>,
    /// The corrected static evaluation at each ply of the current line
    /// (`-INF` where the side to move was in check).
    evals: Vec<i32>,
    /// Correction history: by side to move and pawn structure
    /// ([`Position::pawn_hash`]), how far searches found the static
    /// evaluation off, in 1/`CORRECTION_GRAIN` centipawns.
    correction: Vec<i32>,
    bufs: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    path: Vec<u64>,
    /// Static evaluations by position hash (the evaluation is a pure
    /// function of the position, so a hit is exact): each word the hash's
    /// bits above the index (`EVAL_TAG`) and the score plus 2^15 in the low
    /// 16 bits (so never 0, which marks an empty slot).
    eval_cache: Vec<u64>,
    /// The promoting pieces' part of the evaluation, by their hash.
    pawn_cache: crate::eval::PawnCache,
    nodes: u64,
    /// Nodes already added to the search's shared count.
    flushed: u64,
    /// The other threads' nodes, as last read (for the node limit).
    others: u64,
    seldepth: usize,
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    stopped: bool,
    /// The root moves searched (from [`Limits::searchmoves`]); empty: all.
    root_only: Vec<Move>,
    /// Whether the position the next `negamax` or `qsearch` call searches
    /// is in check, when its caller knows (taken on entry).
    check_hint: Option<bool>,
}

/// [`Worker::moved`] of a null move.
const NO_KEY: u32 = u32::MAX;

impl Worker {
    /// A worker for `v`'s search thread `id`.
    fn new(id: usize, v: &Variant) -> Worker {
        let cont_stride = 2 * v.rules.pieces.len().max(1) * v.geo.cells().max(1);
        let cont_len = (cont_stride * cont_stride)
            .next_power_of_two()
            .min(params::CONT_ENTRIES_MAX);
        Worker {
            id,
            cont: vec![0; cont_len],
            excluded: vec![None; params::MAX_PLY + 2],
            root_depth: 0,
            cont_stride,
            moved: vec![NO_KEY; params::MAX_PLY + 2],
            killers: vec![[None; 2]; params::MAX_PLY + 2],
            history: vec![0; 256 * 256],
            counters: vec![None; 256 * 256],
            played: vec![None; params::MAX_PLY + 2],
            evals: vec![-INF; params::MAX_PLY + 2],
            correction: vec![0; 2 * params::CORRECTION_ENTRIES],
            bufs: (0..params::MAX_PLY + params::QS_MAX_PLY + 4)
                .map(|_| Vec::with_capacity(256))
                .collect(),
            scores: (0..params::MAX_PLY + params::QS_MAX_PLY + 4)
                .map(|_| Vec::with_capacity(256))
                .collect(),
            path: Vec::with_capacity(1024),
            eval_cache: vec![0; params::EVAL_CACHE_ENTRIES],
            pawn_cache: Default::default(),
            nodes: 0,
            flushed: 0,
            others: 0,
            seldepth: 0,
            start: Instant::now(),
            soft: None,
            hard: None,
            node_limit: None,
            stopped: false,
            root_only: Vec::new(),
            check_hint: None,
        }
    }

    /// Forget the move-ordering statistics and the cached evaluations (a
    /// hit gives the full evaluation where a miss may take the cheap part:
    /// node counts depend on the cache).
    fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.cont.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
        self.correction.iter_mut().for_each(|c| *c = 0);
        self.forget_evals();
    }

    /// Forget the cached evaluations (when the weights change).
    fn forget_evals(&mut self) {
        self.eval_cache.iter_mut().for_each(|e| *e = 0);
        self.pawn_cache.clear();
    }

    /// The cached evaluation of `pos`, if any. The slot's index is the
    /// hash's low 16 bits and its tag the rest, so the whole hash must
    /// match; an empty slot (0) has no score and never does.
    #[inline]
    fn cached_eval(&self, pos: &Position) -> Option<i32> {
        let w = self.eval_cache[pos.hash as usize & (params::EVAL_CACHE_ENTRIES - 1)];
        let score = (w & !EVAL_TAG) as i32;
        (w & EVAL_TAG == pos.hash & EVAL_TAG && score != 0).then_some(score - (1 << 15))
    }

    /// Keep `score` (an evaluation, within [`crate::eval::weights::EVAL_LIMIT`]) as the
    /// evaluation of `pos`.
    #[inline]
    fn cache_eval(&mut self, pos: &Position, score: i32) {
        debug_assert!(score.abs() <= crate::eval::weights::EVAL_LIMIT);
        self.eval_cache[pos.hash as usize & (params::EVAL_CACHE_ENTRIES - 1)] =
            pos.hash & EVAL_TAG | (score + (1 << 15)) as u64;
    }

    /// Start loading the evaluation cache's slot of `hash` ([`Tt::prefetch`]).
    #[inline]
    fn prefetch_eval(&self, hash: u64) {
        tt::prefetch_line(&self.eval_cache[hash as usize & (params::EVAL_CACHE_ENTRIES - 1)]);
    }
}

/// The bits of a hash that tag its evaluation cache slot: all above the
/// index ([`params::EVAL_CACHE_ENTRIES`] is 2^16).
const EVAL_TAG: u64 = !0xFFFF;
const _: () = assert!(params::EVAL_CACHE_ENTRIES == 1 << 16);
const _: () = assert!(crate::eval::weights::EVAL_LIMIT < 1 << 15);

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

    /// Evaluate with `w` instead of the variant's weights (`v.weights`).
    pub fn set_weights(&mut self, v: &Variant, w: &crate::eval::Weights) {
        self.eval = Eval::with_weights(v, w);
        self.main.forget_evals();
        self.helpers.iter_mut().for_each(Worker::forget_evals);
    }

    /// A searcher for `v` using `tt` (e.g. the table of a searcher for
    /// another variant, cleared: no second allocation). One thread.
    pub fn with_table(v: &Variant, tt: Tt) -> Searcher {
        Searcher {
            tt,
            eval: Eval::new(v),
            stop: Arc::new(AtomicBool::new(false)),
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
            main: Worker::new(0, v),
            helpers: Vec::new(),
            threads: 1,
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
        self.main.clear();
        self.helpers.iter_mut().for_each(Worker::clear);
    }

    /// The static evaluation.
    pub fn evaluate(&self, v: &Variant, pos: &Position) -> i32 {
        self.eval.evaluate(v, pos)
    }

    /// The score of a game end for the side to move, `ply` plies from the root.
    fn outcome_score(outcome: Outcome, ply: usize) -> i32 {
        match outcome {
            // `points` is decided before a score is asked for.
            Outcome::Draw | Outcome::Points => 0,
            Outcome::Loss => -MATE + ply as i32,
            Outcome::Win => MATE - ply as i32,
        }
    }
}

/// One thread's search: the variant and what the threads share, borrowed
/// once for the whole search, with the thread's own tables and counters
/// (reached through `Deref`, so the search code reads `self.nodes`,
/// `self.killers`).
struct Run<'a> {
    v: &'a Variant,
    tt: &'a Tt,
    eval: &'a Eval,
    reductions: &'a [[i32; 64]],
    ctl: &'a Control<'a>,
    w: &'a mut Worker,
}

impl std::ops::Deref for Run<'_> {
    type Target = Worker;
    fn deref(&self) -> &Worker {
        self.w
    }
}

impl std::ops::DerefMut for Run<'_> {
    fn deref_mut(&mut self) -> &mut Worker {
        self.w
    }
}

impl Run<'_> {
    fn deepen(
        &mut self,
        pos: &Position,
        game: &[u64],
        limits: &Limits,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let v = self.v;
        self.start = Instant::now();
        self.nodes = 0;
        self.flushed = 0;
        self.others = 0;
        self.stopped = false;
        self.check_hint = None;
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
        if self.id > 0 {
            self.help(&mut pos, max_depth);
            return result;
        }
        let mut prev = 0;
        // On a clock, the share of the soft budget after which no new
        // iteration starts grows when the best move just changed or the
        // score fell, and shrinks while the best move stays.
        let on_clock = limits.clock.is_some() && limits.movetime.is_none();
        let mut stable = 0usize;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let (mut alpha, mut beta) = if depth >= 4 {
                (prev - params::ASPIRATION, prev + params::ASPIRATION)
            } else {
                (-INF, INF)
            };
            let mut width = params::ASPIRATION;
            let score = loop {
                self.root_depth = depth as i32;
                let s = self.negamax(&mut pos, depth as i32, alpha, beta, 0, true);
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
            let fell = depth > 1 && score < prev - params::TIME_SCORE_DROP;
            prev = score;
            let before = result.best;
            let mut pv = self.pv(&pos, depth as usize);
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
                nodes: self.all_nodes(),
                time: self.start.elapsed(),
                pv,
            });
            if self.stopped {
                break;
            }
            stable = if result.best == before { stable + 1 } else { 0 };
            if !limits.infinite
                && let Some(soft) = self.soft
            {
                let permille = if on_clock {
                    let share = params::TIME_STABILITY_PERMILLE[stable.min(3)];
                    if fell { share * 3 / 2 } else { share }
                } else {
                    500
                };
                if self.start.elapsed() > soft * permille / 1000 {
                    break;
                }
            }
            if !limits.infinite
                && score.abs() >= MATE_BOUND
                && depth as i32 > (MATE - score.abs()) + 2
            {
                break;
            }
        }
        // Infinite analysis that reaches the depth limit returns here; the
        // protocol holds its answer back until `stop` (UCI's `bestmove`).
        result.nodes = self.nodes;
        result
    }

    /// Start loading what the search reads first at the position of
    /// `hash`, just reached: its table slot and its cached evaluation.
    #[inline]
    fn prefetch(&self, hash: u64) {
        self.tt.prefetch(hash);
        self.prefetch_eval(hash);
    }

    /// The static evaluation, through the cache.
    #[inline]
    fn static_eval(&mut self, pos: &Position) -> i32 {
        let v = self.v;
        if let Some(score) = self.cached_eval(pos) {
            return score;
        }
        let score = self.eval.evaluate_cached(v, pos, &mut self.w.pawn_cache);
        self.cache_eval(pos, score);
        score
    }

    /// The static evaluation where only its side of the window matters: when
    /// the cheap part alone is further than the activity term usually
    /// reaches outside (alpha, beta), the cheap part stands in for it.
    #[inline]
    fn lazy_eval(&mut self, pos: &Position, alpha: i32, beta: i32) -> i32 {
        let v = self.v;
        if let Some(score) = self.cached_eval(pos) {
            return score;
        }
        let base = self.eval.base_cached(v, pos, &mut self.w.pawn_cache);
        if base - params::LAZY_MARGIN >= beta || base + params::LAZY_MARGIN <= alpha {
            return base;
        }
        let score = crate::eval::bounded(base + self.eval.activity(v, pos));
        self.cache_eval(pos, score);
        score
    }

    /// A draw-like end by repetition or the no-progress rule.
    fn rule_end(&self, pos: &Position, ply: usize) -> Option<i32> {
        let v = self.v;
        let end = &v.rules.end;
        if let Some((n, o)) = end.no_progress
            && pos.halfmove >= 2 * n
        {
            return Some(Searcher::outcome_score(v.decide(o, pos), ply));
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
            let score = |at: usize| {
                let (o, _) = v.repetition_outcome(pos, self.path.len() - at, o);
                Searcher::outcome_score(v.decide(o, pos), ply)
            };
            for (i, &h) in self.path[first..]
                .iter()
                .enumerate()
                .rev()
                .skip(1)
                .step_by(2)
            {
                if h == pos.hash {
                    if first + i >= in_search {
                        return Some(score(first + i));
                    }
                    seen += 1;
                    if seen + 1 >= n as usize {
                        return Some(score(first + i));
                    }
                }
            }
        }
        None
    }

    /// The principal variation, read from the table.
    fn pv(&self, pos: &Position, depth: usize) -> Vec<Move> {
        let v = self.v;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::EVAL_LIMIT;

    /// The evaluation cache gives back each score it was given, whole
    /// range, for that hash only: not for one that shares the slot, nor
    /// from an empty slot.
    #[test]
    fn the_evaluation_cache_keeps_scores_by_the_whole_hash() {
        let game = crate::load::load_source("t.variant", include_str!("../../rules/chess.variant"))
            .unwrap_or_else(|e| panic!("{}", e.rendered()));
        let mut w = Worker::new(0, &game.variant);
        let mut pos = game.variant.start_position();
        for (hash, score) in [
            (0, 0),
            (u64::MAX, -EVAL_LIMIT),
            (0xABCD_0000_1234, EVAL_LIMIT),
            (7, -1),
        ] {
            pos.hash = hash;
            assert_eq!(w.cached_eval(&pos), None, "{hash:#x} before");
            w.cache_eval(&pos, score);
            assert_eq!(w.cached_eval(&pos), Some(score), "{hash:#x}");
            // The same slot (low 16 bits), another hash.
            pos.hash = hash ^ 1 << 40;
            assert_eq!(w.cached_eval(&pos), None, "{hash:#x} other");
        }
    }
}
