//! Quiescence: at the horizon, only captures and promotions (all moves when
//! in check) until the position is quiet, with stand-pat, delta pruning and
//! captures that lose material by the static exchange evaluation pruned;
//! it reads and writes the transposition table (its results at depth 0).

use super::ordering::pick;
use super::tt::to_tt;
use super::*;

impl Run<'_> {
    pub(super) fn qsearch(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        let v = self.v;
        // Whether this node is in check, if the caller already knows.
        let known_check = self.check_hint.take();
        if !self.enter_node(ply) {
            return 0;
        }
        if let Some((o, _)) = v.goal_end(pos) {
            return Searcher::outcome_score(o, ply);
        }
        if let Some(o) = v.extinction(pos) {
            return Searcher::outcome_score(o, ply);
        }
        // The table: a bound from an earlier quiescence search of this
        // position (or a deeper search) may settle it.
        let tt = self.tt.probe(pos.hash);
        if let Some(s) = tt.and_then(|e| e.cutoff(alpha, beta, ply)) {
            return s;
        }
        let original_alpha = alpha;
        let in_check = qply < 4 && known_check.unwrap_or_else(|| v.in_check(pos));
        let stand = self.lazy_eval(pos, alpha, beta);
        // `must capture` with a capture at hand: no standing pat, only captures.
        let forced = v.rules.must_capture && self.captures_at_hand(pos, ply);
        // Whether the side to move may stand pat: not in check, and not
        // bound to capture in the first plies of quiescence (deeper, a
        // forced capture stands pat too, or chains of forced captures
        // would be searched in full).
        let stands = !in_check && (!forced || qply >= params::QS_FORCED_PLIES);
        if stands {
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
        let mut best = if stands { stand } else { -INF };
        if moves.is_empty() {
            // Nothing to try: no royal-safety facts or scores needed.
            self.bufs[ply] = moves;
            if in_check && !self.stopped {
                return Searcher::outcome_score(v.decide(v.checkmate_outcome(pos), pos), ply);
            }
            return best;
        }
        let safety = v.safety_given(pos, (qply < 4).then_some(in_check));
        // Legality at a glance, where the node allows it.
        let quick = v.quick_legality(pos, &safety);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.score_moves(
            pos,
            &moves,
            &mut scores,
            tt.and_then(|e| e.mv),
            ply.min(params::MAX_PLY),
        );
        let mut best_move = None;
        let mut legal = 0;
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let m = moves[i];
            // Delta pruning first: `legal` only counts when in check, where
            // nothing is pruned, so a pruned move needs no legality test.
            let prunable = stands && m.kind != MoveKind::Promotion;
            let victim = if prunable {
                self.captured_value(pos, m)
            } else {
                0
            };
            // Delta pruning: even winning the piece cannot reach alpha.
            if prunable && stand + victim + params::DELTA_MARGIN <= alpha {
                continue;
            }
            if (forced && !v.is_capture(pos, m))
                || !(quick.as_ref().is_some_and(|q| q.clear(m)) || v.is_legal_fast(pos, m, &safety))
            {
                continue;
            }
            legal += 1;
            // A capture by a more valuable piece that loses material by the
            // static exchange evaluation (or, where that cannot say, of a
            // defended piece).
            if prunable
                && self.value_at(pos, m.from) > victim
                && match v.see(pos, m, |k| self.eval.value(k)) {
                    Some(s) => s < 0,
                    None => v.is_attacked(pos, m.to, pos.side.other()),
                }
            {
                continue;
            }
            let undo = v.make(pos, m);
            self.prefetch(pos.hash);
            let s = -self.qsearch(pos, -beta, -alpha, ply + 1, qply + 1);
            v.unmake(pos, m, undo);
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(m);
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
        if self.stopped {
            return best;
        }
        if in_check && legal == 0 {
            return Searcher::outcome_score(v.decide(v.checkmate_outcome(pos), pos), ply);
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.tt
            .store(pos.hash, best_move, to_tt(best, ply), 0, bound);
        best
    }

    /// Has the side to move a legal capture? (For `must capture`.)
    fn captures_at_hand(&mut self, pos: &mut Position, ply: usize) -> bool {
        let v = self.v;
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        moves.clear();
        v.pseudo_noisy_moves(pos, &mut moves);
        let safety = v.safety(pos);
        let forced = v.captures_forced(pos, &moves, &safety);
        self.bufs[ply] = moves;
        forced
    }
}
