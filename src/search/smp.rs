//! Lazy SMP: the search threads of one search. Every thread searches the
//! same root with its own move ordering and buffers, sharing the
//! transposition table (lockless, `tt.rs`), the stop flag and the node
//! count; the main thread's result is the search's. With one thread no
//! other thread starts, and the search is deterministic.

use super::*;
use std::sync::atomic::AtomicU64;

/// What the threads of one search share besides the table.
pub(super) struct Control<'a> {
    /// The caller's stop flag ([`Searcher::stop_flag`]).
    stop: &'a AtomicBool,
    /// Set when the main thread is done: the helpers stop.
    halt: AtomicBool,
    /// Nodes searched by all threads, as each adds its count (every 1024
    /// nodes and at the end).
    total: AtomicU64,
}

impl Searcher {
    /// Search with this many threads (1 to [`params::MAX_THREADS`]; the
    /// main one included) from the next search on.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, params::MAX_THREADS);
        self.helpers.truncate(self.threads - 1);
    }

    /// Threads a search uses.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Search `pos`; `game` holds the hashes of the game's earlier positions
    /// (for repetitions). Reports each completed depth to `report`, with
    /// the nodes of all threads.
    pub fn search(
        &mut self,
        v: &Variant,
        pos: &Position,
        game: &[u64],
        limits: &Limits,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        let helpers = self.threads - 1;
        while self.helpers.len() < helpers {
            let id = self.helpers.len() + 1;
            self.helpers.push(Worker::new(id, v));
        }
        let Searcher {
            tt,
            eval,
            stop,
            reductions,
            main,
            helpers: workers,
            ..
        } = self;
        let ctl = Control {
            stop: stop.as_ref(),
            halt: AtomicBool::new(false),
            total: AtomicU64::new(0),
        };
        let run = |w| Run {
            v,
            tt,
            eval,
            reductions,
            ctl: &ctl,
            w,
        };
        if helpers == 0 {
            return run(main).deepen(pos, game, limits, report);
        }
        let mut result = std::thread::scope(|s| {
            for w in workers.iter_mut() {
                w.nodes = 0;
                let mut helper = run(w);
                // A helper that cannot start leaves the others the work.
                let _ = std::thread::Builder::new()
                    .name(format!("search helper {}", helper.id))
                    .spawn_scoped(s, move || {
                        helper.deepen(pos, game, limits, &mut |_| {});
                    });
            }
            let result = run(main).deepen(pos, game, limits, report);
            ctl.halt.store(true, Ordering::Relaxed);
            result
        });
        result.nodes = self.main.nodes + self.helpers.iter().map(|w| w.nodes).sum::<u64>();
        result
    }
}

impl Run<'_> {
    /// Count a node, check the limits and note the depth reached; false
    /// once the search is stopped.
    #[inline]
    pub(super) fn enter_node(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.check_stop();
        self.seldepth = self.seldepth.max(ply);
        !self.stopped
    }

    fn check_stop(&mut self) {
        // The stop flags every 64 nodes (a relaxed load: a `stop` is seen
        // within a fraction of a millisecond even in slow variants, so
        // commands that stop a search answer at once), the clock and the
        // shared node count every 1024.
        if self.nodes & 63 == 0 {
            if self.ctl.stop.load(Ordering::Relaxed) || self.ctl.halt.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if self.nodes & 1023 == 0 {
                self.flush_nodes();
                if let Some(h) = self.hard
                    && self.start.elapsed() >= h
                {
                    self.stopped = true;
                }
            }
        }
        // Alone, `others` stays 0: the limit is on this thread's count.
        if let Some(n) = self.node_limit
            && self.nodes + self.others >= n
        {
            self.stopped = true;
        }
    }

    /// Add this thread's new nodes to the shared count and read the others'.
    fn flush_nodes(&mut self) {
        let total = self
            .ctl
            .total
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.others = total - self.flushed;
        self.flushed = self.nodes;
    }

    /// Nodes of all threads so far (this one's exactly, the others' as
    /// last added).
    pub(super) fn all_nodes(&self) -> u64 {
        self.nodes + self.ctl.total.load(Ordering::Relaxed) - self.flushed
    }

    /// A helper's iterative deepening: no reports, no time limit (the main
    /// thread's end stops it), odd helpers one ply deeper at each iteration
    /// so that the threads' trees differ.
    pub(super) fn help(&mut self, pos: &mut Position, max_depth: u32) {
        self.soft = None;
        self.hard = None;
        let mut prev = 0;
        for depth in 1..=max_depth {
            let depth = (depth + (self.id as u32 & 1)).min(max_depth) as i32;
            let (mut alpha, mut beta) = if depth >= 4 {
                (prev - params::ASPIRATION, prev + params::ASPIRATION)
            } else {
                (-INF, INF)
            };
            let mut width = params::ASPIRATION;
            prev = loop {
                self.root_depth = depth;
                let s = self.negamax(pos, depth, alpha, beta, 0, true);
                if self.stopped {
                    return;
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
        }
    }
}
