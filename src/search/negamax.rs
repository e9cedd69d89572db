//! The principal-variation alpha-beta search of one node: transposition
//! table cut-offs, null move, reverse futility, late-move reductions and
//! pruning, check and singular extensions; quiescence at the horizon
//! (`quiesce.rs`).

use super::ordering::{TT_MOVE, is_quiet, slot};
use super::tt::{from_tt, to_tt};
use super::*;

/// A placeholder for the unused slots of a move array.
const fn m_none() -> Move {
    Move {
        from: 0,
        to: 0,
        kind: MoveKind::Pass,
        data: 0,
        gate: 0,
    }
}

impl Run<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        can_null: bool,
    ) -> i32 {
        let v = self.v;
        // Whether this node is in check, if the parent already knows.
        let known_check = self.check_hint.take();
        if !self.enter_node(ply) {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        // The table move, left out by a singular test at this node.
        let excluded = self.excluded[ply];
        if ply > 0 {
            if let Some((o, _)) = v.goal_end(pos) {
                return Searcher::outcome_score(o, ply);
            }
            if let Some(o) = v.extinction(pos) {
                return Searcher::outcome_score(o, ply);
            }
            if let Some(o) = v.counting_end(pos) {
                return Searcher::outcome_score(o, ply);
            }
            if let Some(s) = self.rule_end(pos, ply) {
                return s;
            }
            // Mate-distance pruning.
            if -MATE + ply as i32 >= beta {
                return beta;
            }
        }
        if ply >= params::MAX_PLY {
            return self.static_eval(pos);
        }
        let in_check = known_check.unwrap_or_else(|| v.in_check(pos));
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            self.check_hint = Some(in_check);
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        let tt = self.tt.probe(pos.hash);
        if let Some(s) = tt
            .filter(|e| ply > 0 && !pv_node && excluded.is_none() && e.depth as i32 >= depth)
            .and_then(|e| e.cutoff(alpha, beta, ply))
        {
            return s;
        }
        let static_eval = if in_check {
            -INF
        } else {
            let e = self.static_eval(pos);
            (e + self.correction(pos)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        };
        self.evals[ply] = static_eval;
        // Whether the static evaluation rose since this side's last move
        // (or the one before, if it was in check then): pruning and
        // reductions are gentler when it did.
        let improving = !in_check
            && match ply {
                0 | 1 => true,
                _ if self.evals[ply - 2] > -INF => static_eval > self.evals[ply - 2],
                2 | 3 => true,
                _ => self.evals[ply - 4] == -INF || static_eval > self.evals[ply - 4],
            };
        // The static evaluation sharpened by the table's bound, when it
        // says the position is better (lower bound) or worse (upper) than
        // that: for the pruning decisions below.
        let eval = match tt {
            Some(e) if !in_check && excluded.is_none() && e.score.abs() < MATE_BOUND => {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Lower if s > static_eval => s,
                    Bound::Upper if s < static_eval => s,
                    Bound::Exact => s,
                    _ => static_eval,
                }
            }
            _ => static_eval,
        };
        // Reverse futility: far enough above beta near the leaves, stop here.
        if !pv_node
            && !in_check
            && depth <= params::RFP_MAX_DEPTH
            && beta.abs() < MATE_BOUND
            && eval - params::RFP_MARGIN * (depth - i32::from(improving)) >= beta
        {
            return eval;
        }
        // Null move: give the opponent a free move; if we still beat beta,
        // this node is not worth searching. Not in check, not with only
        // royal and promoting pieces (zugzwang).
        if can_null
            && excluded.is_none()
            && !v.rules.must_capture
            && !pv_node
            && !in_check
            && depth >= params::NULL_MIN_DEPTH
            && beta.abs() < MATE_BOUND
            && eval >= beta
            && self.has_big_pieces(pos)
        {
            let r = params::NULL_R
                + depth / params::NULL_R_DEPTH_DIVISOR
                + ((eval - beta) / params::NULL_R_EVAL_DIVISOR).min(params::NULL_R_EVAL_MAX);
            let saved_hash = pos.hash;
            let undo = v.make_null(pos);
            self.prefetch(pos.hash);
            self.path.push(saved_hash);
            self.played[ply] = None;
            self.moved[ply] = NO_KEY;
            let s = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.path.pop();
            v.unmake_null(pos, undo);
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return beta;
            }
        }

        // ProbCut: a capture that wins enough by the exchange evaluation
        // and beats beta by a margin in a quiescence search and then in a
        // search four plies shallower very likely beats beta here.
        let pc_beta = beta + params::PROBCUT_MARGIN;
        if !pv_node
            && !in_check
            && excluded.is_none()
            && depth >= params::PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND
            && !tt.is_some_and(|e| e.depth as i32 >= depth - 3 && from_tt(e.score, ply) < pc_beta)
        {
            let mut moves = std::mem::take(&mut self.bufs[ply]);
            moves.clear();
            v.pseudo_noisy_moves(pos, &mut moves);
            let safety = v.safety_given(pos, Some(false));
            let mut found = None;
            for &m in &moves {
                if !matches!(m.kind, MoveKind::Normal | MoveKind::SetsEnPassant)
                    || v.see(pos, m, |k| self.eval.value(k))
                        .is_none_or(|s| s < pc_beta - static_eval)
                    || !v.is_legal_fast(pos, m, &safety)
                {
                    continue;
                }
                self.moved[ply] = self.move_key(pos, m);
                self.path.push(pos.hash);
                let undo = v.make(pos, m);
                self.prefetch(pos.hash);
                self.played[ply] = Some(m);
                self.check_hint = None;
                let mut s = -self.qsearch(pos, -pc_beta, -pc_beta + 1, ply + 1, 0);
                if s >= pc_beta {
                    s = -self.negamax(pos, depth - 4, -pc_beta, -pc_beta + 1, ply + 1, true);
                }
                v.unmake(pos, m, undo);
                self.path.pop();
                if self.stopped {
                    break;
                }
                if s >= pc_beta {
                    found = Some((m, s));
                    break;
                }
            }
            self.bufs[ply] = moves;
            if self.stopped {
                return 0;
            }
            if let Some((m, s)) = found {
                self.tt
                    .store(pos.hash, Some(m), to_tt(s, ply), depth - 3, Bound::Lower);
                return s;
            }
        }

        // Internal iterative reduction: a node with no table move to try
        // first is searched a ply less (its move order is a guess; the
        // next iteration, with the move this one stores, searches it in
        // full).
        if depth >= params::IIR_MIN_DEPTH && tt.is_none_or(|e| e.mv.is_none()) {
            depth -= 1;
        }

        // Singular extension: when every move but the table's fails low
        // against a bound a little below the table's score, in a search of
        // half the depth, the table's move is searched a ply deeper; when
        // even without it the search beats beta, the node does (multi-cut).
        let tt_move = tt.and_then(|e| e.mv);
        let mut singular = false;
        if let Some(e) = tt.filter(|e| {
            ply > 0
                && excluded.is_none()
                && !in_check
                && e.mv.is_some()
                && depth >= params::SINGULAR_DEPTH
                && (ply as i32) < 2 * self.root_depth
                && e.depth as i32 >= depth - 3
                && e.bound != Bound::Upper
                && e.score.abs() < MATE_BOUND
        }) {
            let s_beta = from_tt(e.score, ply) - params::SINGULAR_MARGIN * depth;
            self.excluded[ply] = tt_move;
            self.check_hint = Some(false);
            let s = self.negamax(pos, (depth - 1) / 2, s_beta - 1, s_beta, ply, false);
            self.excluded[ply] = None;
            if self.stopped {
                return 0;
            }
            if s < s_beta {
                singular = true;
            } else if s_beta >= beta {
                return s_beta;
            }
        }

        // Pseudo-legal moves, each checked for legality only when its turn
        // comes: a cut-off spares the checks of the moves never tried.
        // The table's move is tried first, before the others are generated
        // (a cut-off by it spares their generation and scoring), when its
        // piece's moves show it to be one the generator lists.
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        scores.clear();
        let mut staged = tt_move.filter(|&m| {
            ply > 0 && excluded.is_none() && !v.rules.must_capture && v.generates_by_piece(pos, m)
        });
        if let Some(m) = staged {
            moves.push(m);
            scores.push(TT_MOVE);
        } else {
            v.pseudo_moves(pos, &mut moves);
        }
        let safety = v.safety_given(pos, Some(in_check));
        // Legality at a glance for ordinary moves off every pin and line
        // through the royal piece, where the node allows it.
        let quick = v.quick_legality(pos, &safety);
        // `must capture`: with a legal capture, only captures are legal.
        let forced = v.captures_forced(pos, &moves, &safety);
        if staged.is_none() {
            self.score_moves(pos, &moves, &mut scores, tt_move, ply);
        }

        let mut best = -INF;
        let mut best_move = None;
        let original_alpha = alpha;
        // The quiet moves searched here without a cut-off (the first
        // `QUIETS_KEPT`), whose history a quiet cut-off lowers.
        let mut quiets = [(m_none(), 0); params::QUIETS_KEPT];
        // The keys of the two moves before this node (continuation history).
        let prev = self.prev_keys(ply);
        let mut n_quiets = 0;
        // Whether no royal piece of the opponent is attacked now (asked
        // once, when a move's check first matters).
        let mut them_clear = None;
        // Legal moves tried so far.
        let mut i = 0;
        let mut j = 0;
        loop {
            if j == 1
                && let Some(first) = staged.take()
            {
                self.generate_rest(pos, &mut moves, &mut scores, first, ply);
            }
            if j >= moves.len() {
                break;
            }
            j += 1;
            let j = j - 1;
            self.pick_exchange(pos, &mut moves, &mut scores, j);
            let m = moves[j];
            if Some(m) == excluded {
                continue;
            }
            if (forced && !v.is_capture(pos, m))
                || !(quick.as_ref().is_some_and(|q| q.clear(m)) || v.is_legal_fast(pos, m, &safety))
            {
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
                && (eval + params::FUTILITY_MARGIN * depth <= alpha
                    || i >= (params::LMP_BASE + params::LMP_FACTOR * (depth * depth) as usize)
                        / (2 - usize::from(improving))
                    || scores[j] < -params::HISTORY_PRUNE_MARGIN * depth);
            // Near the leaves, a move that loses material by the static
            // exchange evaluation (beyond a margin growing with depth) is
            // skipped too unless it gives check: a quiet move, or a capture
            // ordered among the losing ones.
            let prunable = prunable
                || (!pv_node
                    && !in_check
                    && i > 0
                    && depth <= params::SEE_PRUNE_DEPTH
                    && best > -MATE_BOUND
                    && (quiet || scores[j] < 0)
                    && {
                        let threshold = if quiet {
                            -params::SEE_QUIET_MARGIN * depth * depth
                        } else {
                            -params::SEE_CAPTURE_MARGIN * depth
                        };
                        // The exchange loses at most the mover (less what
                        // it takes): if even that is not below the
                        // threshold, no need to play it out.
                        self.captured_value(pos, m) - self.value_at(pos, m.from).max(0) < threshold
                            && v.see(pos, m, |k| self.eval.value(k))
                                .is_some_and(|s| s < threshold)
                    });
            // A late quiet move, searched reduced.
            let late = i > 0
                && depth >= params::LMR_MIN_DEPTH
                && i >= params::LMR_MIN_MOVES
                && quiet
                && !in_check;
            // Whether it gives check, asked once and only where it matters,
            // and not on the board when the move surely cannot.
            let may_check = (prunable || late)
                && (v.may_give_check(pos, m)
                    || !*them_clear.get_or_insert_with(|| !self.opponent_attacked(pos)));
            if prunable && !may_check {
                continue;
            }
            let key = self.move_key(pos, m);
            self.path.push(pos.hash);
            let undo = v.make(pos, m);
            self.prefetch(pos.hash);
            let gives_check = may_check && v.in_check(pos);
            // What the child will find, when known.
            let hint = (prunable || late).then_some(gives_check);
            if prunable && !gives_check {
                v.unmake(pos, m, undo);
                self.path.pop();
                continue;
            }
            self.played[ply] = Some(m);
            self.moved[ply] = key;
            self.check_hint = hint;
            // The depth of its search: a ply more for a singular move.
            let next = depth - 1 + i32::from(singular && Some(m) == tt_move);
            let score = if i == 0 {
                -self.negamax(pos, next, -beta, -alpha, ply + 1, true)
            } else {
                let r = if late {
                    // Less for a move with a good history or one that
                    // gives check, more for one with a bad history.
                    let r = self.reductions[(depth as usize).min(63)][i.min(63)]
                        - self.quiet_history(m, key, prev) / params::LMR_HISTORY_DIVISOR
                        - i32::from(gives_check)
                        + i32::from(!improving);
                    (r - i32::from(pv_node)).clamp(1, depth - 2)
                } else {
                    0
                };
                let mut s = -self.negamax(pos, next - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    self.check_hint = hint;
                    s = -self.negamax(pos, next, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    self.check_hint = hint;
                    s = -self.negamax(pos, next, -beta, -alpha, ply + 1, true);
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
                            let bonus = (params::HISTORY_BONUS * depth * depth)
                                .min(params::HISTORY_BONUS_MAX);
                            self.update_history(m, key, prev, bonus);
                            if let Some(p) = self.previous_move(ply) {
                                self.counters[slot(p)] = Some(m);
                            }
                            for &(q, qk) in &quiets[..n_quiets] {
                                self.update_history(q, qk, prev, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < params::QUIETS_KEPT {
                quiets[n_quiets] = (m, key);
                n_quiets += 1;
            }
        }
        self.bufs[ply] = moves;
        self.scores[ply] = scores;
        if i == 0 {
            // Every move but the excluded one is illegal: the test fails low.
            if excluded.is_some() {
                return alpha;
            }
            let end = &v.rules.end;
            let o = if in_check {
                v.checkmate_outcome(pos)
            } else {
                end.stalemate
            };
            return Searcher::outcome_score(v.decide(o, pos), ply);
        }
        if excluded.is_some() {
            return best;
        }
        let bound = Bound::of(best, original_alpha, beta);
        // The search found the static evaluation off: remember by how much
        // for this pawn structure, unless the bound says nothing about it
        // or a capture or promotion decided the score.
        if !in_check
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|m| is_quiet(pos, m))
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.update_correction(pos, best - static_eval, depth);
        }
        self.tt
            .store(pos.hash, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// After the table's move (`moves[0]`), tried before the others were
    /// generated: generate and score them, in the order generation and
    /// picking would have given had they been generated first (the first
    /// move generated takes the table move's place).
    fn generate_rest(
        &mut self,
        pos: &mut Position,
        moves: &mut Vec<Move>,
        scores: &mut Vec<i32>,
        first: Move,
        ply: usize,
    ) {
        self.v.pseudo_moves(pos, moves);
        if let Some(k) = moves[1..].iter().position(|&m| m == first) {
            moves[1 + k] = moves[1];
            moves.remove(1);
        }
        self.score_moves(pos, moves, scores, Some(first), ply);
    }

    #[inline]
    fn correction_index(&self, pos: &Position) -> usize {
        pos.side.index() * params::CORRECTION_ENTRIES
            + (pos.pawn_hash as usize & (params::CORRECTION_ENTRIES - 1))
    }

    /// The correction to the static evaluation of `pos`, centipawns.
    #[inline]
    fn correction(&self, pos: &Position) -> i32 {
        self.correction[self.correction_index(pos)] / params::CORRECTION_GRAIN
    }

    /// Move the correction of `pos` towards `diff` centipawns, the more
    /// the deeper the search that found it.
    fn update_correction(&mut self, pos: &Position, diff: i32, depth: i32) {
        let i = self.correction_index(pos);
        let w = (depth * depth + 2 * depth + 1).min(128);
        let limit = params::CORRECTION_MAX * params::CORRECTION_GRAIN;
        let span = 4 * params::CORRECTION_MAX;
        let target = diff.clamp(-span, span) * params::CORRECTION_GRAIN;
        let c = &mut self.correction[i];
        *c = ((*c * (256 - w) + target * w) / 256).clamp(-limit, limit);
    }

    /// Move `m`'s history, and its continuation history after the moves
    /// `prev` (its key `key`), towards `+-HISTORY_MAX` by `bonus`, the step
    /// shrinking as it nears the bound (history gravity: old successes fade,
    /// and the score stays bounded without clamping).
    #[inline]
    fn update_history(&mut self, m: Move, key: u32, prev: [u32; 2], bonus: i32) {
        let gravity = |h: i32| h + bonus - h * bonus.abs() / params::HISTORY_MAX;
        let h = &mut self.history[slot(m)];
        *h = gravity(*h);
        for p in prev {
            if p != NO_KEY {
                let i = self.cont_slot(p, key);
                let c = &mut self.cont[i];
                *c = gravity(i32::from(*c)) as i16;
            }
        }
    }

    /// The move that led to the node at `ply` (None at the root and after
    /// a null move).
    #[inline]
    pub(super) fn previous_move(&self, ply: usize) -> Option<Move> {
        ply.checked_sub(1).and_then(|p| self.played[p])
    }

    /// Is a royal piece of the player not to move attacked?
    fn opponent_attacked(&self, pos: &Position) -> bool {
        let us = pos.side;
        pos.royals[us.other()]
            .iter()
            .any(|k| self.v.royal_attacked(pos, k, us))
    }

    pub(super) fn has_big_pieces(&self, pos: &Position) -> bool {
        let v = self.v;
        let us = pos.side;
        pos.occ[us].iter().any(|sq| {
            let k = pos.board[sq as usize].kind();
            !v.is_royal(k) && !v.promotes(us, k)
        })
    }
}
