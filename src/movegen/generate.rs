//! Pseudo-legal move generation and the legality filter.

use super::overlap::Dedup;
use super::tables::{CHop, CRule, CastleDest, DropNeed, PathLimits, Relocation, Variant};
use super::{Move, MoveKind};
use crate::board::{Bitset, Color, Kind, Piece, Position, Square};
use crate::ir::{HopShape, Target};

/// Where generated moves go: a list, or a flag that only asks whether any exists.
pub(crate) trait MoveSink {
    /// Drops every move to an empty square that is not a promotion or en
    /// passant: plain runs of a piece that cannot promote skip offering them.
    const NOISY_ONLY: bool = false;
    /// Take a move.
    fn push(&mut self, m: Move);
    /// Moves taken so far (for `prefer`: did the first rules yield any?).
    fn count(&self) -> usize;
    /// Stop generating: the answer is known.
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
    /// A mark for [`MoveSink::has_since`]: where the next move kept will go.
    fn mark(&self) -> usize;
    /// Was `m` kept since `mark`?
    fn has_since(&self, mark: usize, m: Move) -> bool;
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }
    fn mark(&self) -> usize {
        self.len()
    }
    fn has_since(&self, mark: usize, m: Move) -> bool {
        self[mark..].contains(&m)
    }
}

/// A sink that keeps only captures, en-passant captures and promotions.
pub(crate) struct NoisySink<'a> {
    out: &'a mut Vec<Move>,
    board: &'a [Piece; 256],
    /// Moves offered, kept or not (for `prefer`).
    offered: usize,
}

impl MoveSink for NoisySink<'_> {
    const NOISY_ONLY: bool = true;
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.offered += 1;
        if matches!(m.kind, MoveKind::EnPassant | MoveKind::Promotion)
            || !self.board[m.to as usize].is_none()
        {
            self.out.push(m);
        }
    }
    #[inline(always)]
    fn count(&self) -> usize {
        self.offered
    }
    fn mark(&self) -> usize {
        self.out.len()
    }
    fn has_since(&self, mark: usize, m: Move) -> bool {
        self.out[mark..].contains(&m)
    }
}

/// A sink that only records whether some move exists.
#[derive(Default)]
pub(crate) struct AnyMove(pub bool);

impl MoveSink for AnyMove {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn count(&self) -> usize {
        usize::from(self.0)
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
    fn mark(&self) -> usize {
        0
    }
    fn has_since(&self, _: usize, _: Move) -> bool {
        false
    }
}

/// Facts about the side to move's royal piece, computed once per node.
pub(crate) struct Safety {
    /// The single royal piece, if there is exactly one.
    pub king: Option<Square>,
    pub in_check: bool,
    /// Friendly pieces that stand alone between the king and an enemy slider.
    pub pinned: Bitset,
    /// With enemy hoppers: on every line along which a hopper or slider
    /// could reach the king, the squares up to the second piece met. A move
    /// touching none of them cannot create an attack on the king.
    pub lines: Bitset,
    /// The `end` block's `facing` condition holds: a move must end it, or pass.
    pub standoff: bool,
}

impl Variant {
    /// All pseudo-legal moves of the side to move, appended to `out`.
    pub fn pseudo_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let start = out.len();
        for from in pos.occ[us].iter() {
            let kind = pos.board[from as usize].kind();
            self.gen_piece(pos, us, from, kind, out);
        }
        self.gen_beyond_pieces(pos, out, start);
    }

    /// The moves that are not one piece's own, appended to `out`: castling,
    /// gating (of the moves from `start` on), drops and the pass.
    pub(super) fn gen_beyond_pieces(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        let us = pos.side;
        self.gen_castling(pos, out);
        if self.gating.is_some() {
            self.add_gating(pos, out, start);
        }
        if !self.drops[us].is_empty() {
            self.gen_drops(pos, out);
        }
        if self.rules.pass
            && let Some(sq) = self.pass_square(pos)
        {
            out.push(Move {
                from: sq,
                to: sq,
                kind: MoveKind::Pass,
                data: 0,
                gate: 0,
            });
        }
    }

    /// The square a pass is written with: the mover's royal piece if it has
    /// exactly one, else its first piece (None: no piece, no pass).
    pub(crate) fn pass_square(&self, pos: &Position) -> Option<Square> {
        let us = pos.side;
        if pos.royals[us].count() == 1 {
            return pos.royals[us].iter().next();
        }
        pos.occ[us].iter().next()
    }

    /// The pseudo-legal captures, en-passant captures and promotions of the
    /// side to move (no castling, no drops), appended to `out`.
    pub fn pseudo_noisy_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let start = out.len();
        let mut sink = NoisySink {
            out: &mut *out,
            board: &pos.board,
            offered: 0,
        };
        for from in pos.occ[us].iter() {
            let kind = pos.board[from as usize].kind();
            self.gen_piece(pos, us, from, kind, &mut sink);
        }
        if self.gating.is_some() {
            self.add_gating(pos, out, start);
        }
    }

    /// The moves of the piece `kind` of player `us` on `from`, each once.
    #[inline(always)]
    pub(crate) fn gen_piece<S: MoveSink>(
        &self,
        pos: &Position,
        us: Color,
        from: Square,
        kind: Kind,
        out: &mut S,
    ) {
        if self.overlaps[us][kind].has(from) {
            self.gen_ops(pos, us, from, kind, &mut Dedup::new(out));
        } else {
            self.gen_ops(pos, us, from, kind, out);
        }
    }

    /// Where relocation `r` of a drop on `to` takes the piece: (from, to), if
    /// the piece exists and its path and destination are empty.
    #[inline]
    pub(crate) fn relocation(
        &self,
        pos: &Position,
        to: Square,
        r: Relocation,
    ) -> Option<(Square, Square)> {
        let Relocation { at, by, steps, .. } = r;
        let &src = self.ray(at, to).first()?;
        if pos.board[src as usize].is_none() {
            return None;
        }
        let path = self.ray(by, src);
        if path.len() < steps as usize {
            return None;
        }
        let path = &path[..steps as usize];
        // The drop square itself may lie on the path: it is filled by the drop.
        if path
            .iter()
            .any(|&s| s == to || !pos.board[s as usize].is_none())
        {
            return None;
        }
        Some((src, path[steps as usize - 1]))
    }

    fn gen_drops(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        for (i, d) in self.drops[us].iter().enumerate() {
            if pos.reserve[us][d.kind] == 0 {
                continue;
            }
            let full = match d.per_file {
                Some(n) => self.full_files(pos, us, d.kind, n),
                None => 0,
            };
            'square: for to in d.squares.iter() {
                if !pos.board[to as usize].is_none() || full & (1 << (to % self.geo.files)) != 0 {
                    continue;
                }
                for &DropNeed { at, filter } in &d.requires {
                    let Some(&s) = self.ray(at, to).first() else {
                        continue 'square;
                    };
                    let p = pos.board[s as usize];
                    let ok = match filter {
                        Some(f) => !p.is_none() && f.accepts(p, us),
                        None => p.is_none(),
                    };
                    if !ok {
                        continue 'square;
                    }
                }
                for &r in &d.relocations {
                    if self.relocation(pos, to, r).is_none() {
                        continue 'square;
                    }
                }
                out.push(Move {
                    from: to,
                    to,
                    kind: MoveKind::Drop,
                    data: i as u8,
                    gate: 0,
                });
            }
        }
    }

    /// `max N per file`: the files (bit f for file f) where `n` of player
    /// `us`'s pieces of `kind` stand.
    fn full_files(&self, pos: &Position, us: Color, kind: Kind, n: u8) -> u32 {
        let mut count = [0u8; 16];
        for s in pos.occ[us].iter() {
            if pos.board[s as usize].kind() == kind {
                let f = (s % self.geo.files) as usize & 15;
                count[f] = count[f].saturating_add(1);
            }
        }
        let mut full = 0;
        for (f, &c) in count.iter().enumerate() {
            if c >= n {
                full |= 1 << f;
            }
        }
        full
    }

    /// The moves of `rules` for the piece `kind` of player `us` on `from`.
    pub(crate) fn gen_rules<S: MoveSink>(
        &self,
        pos: &Position,
        us: Color,
        rules: &[CRule],
        from: Square,
        kind: Kind,
        out: &mut S,
    ) {
        for r in rules {
            if out.done() {
                return;
            }
            match r {
                CRule::Ride {
                    vid,
                    min,
                    max,
                    to,
                    guards,
                    sets_ep,
                } => {
                    let lim = if guards.is_empty() {
                        PathLimits::default()
                    } else if self.guards_hold(pos, guards, from, us) {
                        self.path_limits(guards, us)
                    } else {
                        continue;
                    };
                    let ray = self.ride_ray(*vid, from, *max);
                    let min = *min as usize;
                    for (i, &t) in ray.iter().enumerate() {
                        if !lim.inside(t) {
                            break;
                        }
                        let p = pos.board[t as usize];
                        let reached = i + 1 >= min;
                        if p.is_none() {
                            if reached {
                                match to {
                                    Target::Empty | Target::NotFriend => {
                                        if *sets_ep {
                                            out.push(Move {
                                                from,
                                                to: t,
                                                kind: MoveKind::SetsEnPassant,
                                                data: ray[i - usize::from(i > 0)],
                                                gate: 0,
                                            });
                                        } else {
                                            self.push_landing(pos, us, from, t, kind, out);
                                        }
                                    }
                                    Target::EnPassant => {
                                        // The piece taken stands elsewhere: the rule's
                                        // `capturing` filter judges it.
                                        if pos.ep.is_some_and(|(e, v)| {
                                            e == t && lim.takes(pos.board[v as usize], us)
                                        }) {
                                            out.push(Move {
                                                from,
                                                to: t,
                                                kind: MoveKind::EnPassant,
                                                data: 0,
                                                gate: 0,
                                            });
                                        }
                                    }
                                    Target::Enemy => {}
                                }
                            }
                        } else {
                            if reached
                                && p.color() != us
                                && matches!(to, Target::Enemy | Target::NotFriend)
                                && lim.takes(p, us)
                            {
                                self.push_landing(pos, us, from, t, kind, out);
                            }
                            break;
                        }
                    }
                }
                CRule::Hop(hop) => {
                    if !hop.guards.is_empty() && !self.guards_hold(pos, &hop.guards, from, us) {
                        continue;
                    }
                    self.gen_hop(pos, us, hop, from, kind, out);
                }
                CRule::Prefer { first, fallback } => {
                    let before = out.count();
                    self.gen_rules(pos, us, first, from, kind, out);
                    if out.count() == before {
                        self.gen_rules(pos, us, fallback, from, kind, out);
                    }
                }
            }
        }
    }

    /// Moves of one hop rule: slide to the screen, jump it, land by `shape`.
    fn gen_hop<S: MoveSink>(
        &self,
        pos: &Position,
        us: Color,
        hop: &CHop,
        from: Square,
        kind: Kind,
        out: &mut S,
    ) {
        let CHop {
            vid,
            screen,
            shape,
            to,
            ref guards,
        } = *hop;
        let lim = self.path_limits(guards, us);
        let ray = self.ray(vid, from);
        let Some(si) = ray.iter().position(|&s| !pos.board[s as usize].is_none()) else {
            return;
        };
        if !screen.accepts(pos.board[ray[si] as usize], us)
            || (lim.within.is_some() && !ray[..=si].iter().all(|&s| lim.inside(s)))
        {
            return;
        }
        let quiet = matches!(to, Target::Empty | Target::NotFriend);
        let capture = matches!(to, Target::Enemy | Target::NotFriend);
        for (j, &t) in ray[si + 1..].iter().enumerate() {
            if !lim.inside(t) {
                break;
            }
            let p = pos.board[t as usize];
            if p.is_none() {
                if quiet && shape != HopShape::First {
                    self.push_landing(pos, us, from, t, kind, out);
                }
            } else if capture && p.color() != us && lim.takes(p, us) {
                self.push_landing(pos, us, from, t, kind, out);
            }
            if !p.is_none() || (shape == HopShape::Next && j == 0) {
                break;
            }
        }
    }

    /// Push a move landing on `to`, expanded into promotions where they apply.
    #[inline(always)]
    pub(super) fn push_landing<S: MoveSink>(
        &self,
        pos: &Position,
        us: Color,
        from: Square,
        to: Square,
        kind: Kind,
        out: &mut S,
    ) {
        if let Some(pr) = &self.promotion[us][kind]
            && (pr.zone.has(to) || (pr.leaving && pr.zone.has(from)))
        {
            for &c in &pr.choices {
                if let Some(limit) = &pr.limit
                    && self.count_on_board(pos, us, Kind::new(c)) >= limit[c] as u32
                {
                    continue;
                }
                out.push(Move {
                    from,
                    to,
                    kind: MoveKind::Promotion,
                    data: c as u8,
                    gate: 0,
                });
            }
            if pr.stay.has(to) {
                out.push(Move::normal(from, to));
            }
            return;
        }
        out.push(Move::normal(from, to));
    }

    /// How many pieces of `kind` player `us` has on the board (counted from
    /// the player's squares; only `captured` promotions ask).
    #[inline]
    pub(crate) fn count_on_board(&self, pos: &Position, us: Color, kind: Kind) -> u32 {
        pos.occ[us]
            .iter()
            .filter(|&s| pos.board[s as usize].kind() == kind)
            .count() as u32
    }

    fn gen_castling(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let rights = pos.castling;
        if !rights.any_for(us) {
            return;
        }
        for (w, wing) in self.wings[us].iter().enumerate() {
            if !rights.has(us, w) || !self.castling_pieces_in_place(pos, us, w) {
                continue;
            }
            for CastleDest {
                king_to: kt,
                empty,
                safe,
            } in &wing.dests
            {
                if empty.iter().any(|s| !pos.board[s as usize].is_none()) {
                    continue;
                }
                if safe
                    .iter()
                    .any(|&s| self.royal_attacked(pos, s, us.other()))
                {
                    continue;
                }
                out.push(Move {
                    from: wing.king_from,
                    to: *kt,
                    kind: MoveKind::Castle,
                    data: w as u8,
                    gate: 0,
                });
            }
        }
    }

    /// Royal-piece facts for the side to move.
    pub(crate) fn safety(&self, pos: &Position) -> Safety {
        self.safety_given(pos, None)
    }

    /// [`Self::safety`], with whether the side to move is in check when the
    /// caller knows it already.
    pub(crate) fn safety_given(&self, pos: &Position, in_check: Option<bool>) -> Safety {
        let us = pos.side;
        let them = us.other();
        let mut s = Safety {
            king: None,
            in_check: false,
            pinned: Bitset::EMPTY,
            lines: Bitset::EMPTY,
            standoff: self.standoff(pos),
        };
        if pos.royals[us].count() != 1 {
            s.in_check = in_check.unwrap_or_else(|| self.in_check(pos));
            return s;
        }
        let k = pos.royals[us].iter().next().unwrap_or(0);
        s.king = Some(k);
        if let Some((pinned, slid)) = self.pins_by_sets(pos, k, us) {
            s.pinned = pinned;
            s.in_check = in_check.unwrap_or_else(|| slid || self.leaps_attack(pos, k, them));
            return s;
        }
        s.in_check = in_check.unwrap_or_else(|| self.is_attacked(pos, k, them));
        if !self.attacks[them].hops.is_empty() {
            if self.lines.is_some() {
                // Moves are checked on the lines they touch (`lines.rs`).
                return s;
            }
            let a = &self.attacks[them];
            for rev in a
                .hops
                .iter()
                .map(|h| h.rev)
                .chain(a.slides.iter().map(|l| l.rev))
            {
                // A hop or slide attack along this line depends only on the
                // squares up to the second piece met from the king (screen and
                // hopper): a move that neither leaves nor enters one of them
                // cannot create an attack.
                let mut pieces = 0;
                for &t in self.ray(rev, k) {
                    s.lines.set(t);
                    if !pos.board[t as usize].is_none() {
                        pieces += 1;
                        if pieces == 2 {
                            break;
                        }
                    }
                }
            }
            return s;
        }
        for l in &self.attacks[them].slides {
            let mut blocker: Option<Square> = None;
            for &t in self.ray(l.rev, k) {
                let p = pos.board[t as usize];
                if p.is_none() {
                    continue;
                }
                match blocker {
                    None if p.color() == us => blocker = Some(t),
                    None => break,
                    Some(b) => {
                        if p.color() == them && l.mask >> p.kind().index() & 1 != 0 {
                            s.pinned.set(b);
                        }
                        break;
                    }
                }
            }
        }
        s
    }

    /// Does this pseudo-legal move keep the royal pieces safe, given the
    /// node's safety facts? ([`Self::is_legal_fast`] adds `forbid`.)
    #[inline]
    pub(crate) fn is_safe_fast(&self, pos: &mut Position, m: Move, s: &Safety) -> bool {
        if self.explosion.is_some() {
            return self.is_legal_exploding(pos, m);
        }
        if self.line_legality
            && let Some(k) = s.king
            && !s.in_check
            && m.from != k
            && matches!(
                m.kind,
                MoveKind::Normal | MoveKind::SetsEnPassant | MoveKind::Promotion
            )
        {
            let safe = if self.attacks[pos.side.other()].hops.is_empty() {
                !s.pinned.has(m.from)
            } else if let Some(lines) = &self.lines {
                return self.safe_on_lines(pos, m, k, lines);
            } else {
                !s.lines.has(m.from) && !s.lines.has(m.to)
            };
            if safe {
                return true;
            }
        }
        self.is_legal_full(pos, m)
    }

    /// Play the move on the board array and the occupancy sets only, and
    /// test the mover's royal pieces.
    pub(crate) fn is_legal_full(&self, pos: &mut Position, m: Move) -> bool {
        let us = pos.side;
        let them = us.other();
        let saved_occ = pos.occ;
        let board = &mut pos.board;
        let saved_from = board[m.from as usize];
        let saved_to = board[m.to as usize];
        let mut extra: Option<(Square, Piece)> = None;
        let mut extra2: Option<(Square, Piece)> = None;
        match m.kind {
            MoveKind::EnPassant => {
                if let Some((_, victim)) = pos.ep {
                    extra = Some((victim, board[victim as usize]));
                    board[victim as usize] = Piece::NONE;
                }
                board[m.from as usize] = Piece::NONE;
                board[m.to as usize] = saved_from;
            }
            MoveKind::Castle => {
                let wing = &self.wings[us][m.data as usize];
                extra = Some((wing.partner_from, board[wing.partner_from as usize]));
                extra2 = Some((wing.partner_to, board[wing.partner_to as usize]));
                let partner = board[wing.partner_from as usize];
                board[wing.partner_from as usize] = Piece::NONE;
                board[m.from as usize] = Piece::NONE;
                board[wing.partner_to as usize] = partner;
                board[m.to as usize] = saved_from;
            }
            MoveKind::Drop => {
                let d = &self.drops[us][m.data as usize];
                // At most one relocation is undone by `extra`; more are rare
                // enough to take the slow, exact path.
                if d.relocations.len() > 1 || self.royal[d.kind] {
                    return self.is_legal_by_make(pos, m);
                }
                if let Some(&r) = d.relocations.first()
                    && let Some((src, dst)) = self.relocation(pos, m.to, r)
                {
                    let board = &mut pos.board;
                    extra = Some((src, board[src as usize]));
                    extra2 = Some((dst, board[dst as usize]));
                    board[dst as usize] = board[src as usize];
                    board[src as usize] = Piece::NONE;
                }
                pos.board[m.to as usize] = Piece::new(d.kind, us);
            }
            _ => {
                board[m.from as usize] = Piece::NONE;
                board[m.to as usize] = saved_from;
            }
        }
        // The attack test reads the occupancy: the changed squares' too.
        let (e1, e2) = (extra.map(|e| e.0), extra2.map(|e| e.0));
        for sq in [Some(m.from), Some(m.to), e1, e2].into_iter().flatten() {
            pos.sync_occ(sq);
        }
        let moved_royal = m.kind != MoveKind::Drop && pos.royals[us].has(m.from);
        let mut legal = true;
        for k in pos.royals[us].iter() {
            let k = if moved_royal && k == m.from { m.to } else { k };
            if self.is_attacked(pos, k, them) {
                legal = false;
                break;
            }
        }
        let board = &mut pos.board;
        if let Some((sq, p)) = extra2 {
            board[sq as usize] = p;
        }
        if let Some((sq, p)) = extra {
            board[sq as usize] = p;
        }
        board[m.to as usize] = saved_to;
        board[m.from as usize] = saved_from;
        pos.occ = saved_occ;
        legal
    }

    /// Legality by a full make and unmake.
    #[cold]
    fn is_legal_by_make(&self, pos: &mut Position, m: Move) -> bool {
        let us = pos.side;
        let undo = self.make(pos, m);
        let legal = !pos.royals[us]
            .iter()
            .any(|k| self.is_attacked(pos, k, us.other()));
        self.unmake(pos, m, undo);
        legal
    }

    /// All legal moves of the side to move, appended to `out`.
    pub fn legal_moves(&self, pos: &mut Position, out: &mut Vec<Move>) {
        if self.goal_end(pos).is_some() || self.extinction(pos).is_some() {
            return;
        }
        let start = out.len();
        self.pseudo_moves(pos, out);
        let s = self.safety(pos);
        let quick = self.quick_legality(pos, &s);
        let mut i = start;
        while i < out.len() {
            if quick.is_some_and(|q| q.clear(out[i])) || self.is_legal_fast(pos, out[i], &s) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
        if self.rules.must_capture {
            self.keep_captures(pos, out, start);
        }
    }

    /// Has the side to move a legal move? Allocates nothing once warm: the
    /// pseudo-legal moves go to a buffer kept per thread, and the first
    /// legal one ends the look.
    pub fn has_legal_move(&self, pos: &mut Position) -> bool {
        thread_local! {
            static BUF: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        if self.goal_end(pos).is_some() || self.extinction(pos).is_some() {
            return false;
        }
        let any = |buf: &mut Vec<Move>, pos: &mut Position| {
            buf.clear();
            self.pseudo_moves(pos, buf);
            let s = self.safety(pos);
            (0..buf.len()).any(|i| self.is_legal_fast(pos, buf[i], &s))
        };
        BUF.with(|b| match b.try_borrow_mut() {
            Ok(mut buf) => any(&mut buf, pos),
            // Asked again while the buffer is in use (from within a look).
            Err(_) => any(&mut Vec::new(), pos),
        })
    }

    /// The number of legal moves, without keeping them.
    pub fn count_legal(&self, pos: &mut Position, buf: &mut Vec<Move>) -> u64 {
        buf.clear();
        if self.goal_end(pos).is_some() || self.extinction(pos).is_some() {
            return 0;
        }
        let s = self.safety(pos);
        if self.rules.must_capture {
            self.pseudo_moves(pos, buf);
            return self.count_compulsory(pos, buf, &s);
        }
        if let Some(n) = self.count_by_sets(pos, buf, &s) {
            return n;
        }
        self.pseudo_moves(pos, buf);
        let quick = self.quick_legality(pos, &s);
        let mut n = 0;
        for &m in buf.iter() {
            let legal = match quick {
                Some(q) if q.clear(m) => true,
                _ => self.is_legal_fast(pos, m, &s),
            };
            n += u64::from(legal);
        }
        n
    }
}
