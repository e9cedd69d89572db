//! End conditions (`end`).

use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    pub(super) fn end(&mut self, players: Option<&[PlayerDef; 2]>) -> EndDef {
        let mut end = EndDef {
            checkmate: Outcome::Loss,
            stalemate: Outcome::Draw,
            repetition: None,
            no_progress: None,
            checks: None,
            reach: Vec::new(),
            extinct: Vec::new(),
            bare: Vec::new(),
            passes: None,
            facing: None,
            counting: None,
            points: None,
            perpetual: None,
            drop_mate: None,
        };
        let Some(e) = &self.flat.end else { return end };
        end.points = self.points_table(e, players);
        let mut uses_points = None;
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        for r in &e.rules {
            let o = Outcome::from(r.outcome);
            if o == Outcome::Points && uses_points.is_none() {
                uses_points = Some(r.span);
            }
            let key = match &r.kind {
                ast::EndKind::Checkmate => "checkmate",
                ast::EndKind::Stalemate => "stalemate",
                ast::EndKind::Repetition(_) => "repetition",
                ast::EndKind::NoProgress(_) => "no_progress",
                ast::EndKind::Checks(_) => "checks",
                ast::EndKind::Passes(_) => "passes",
                ast::EndKind::Facing { .. } => "facing",
                ast::EndKind::Counting(_) => "counting",
                ast::EndKind::Perpetual => "perpetual check",
                ast::EndKind::DropMate(_) => "checkmate by drop",
                ast::EndKind::Reach(r) => {
                    if let Some(d) = self.reach(r, o) {
                        end.reach.push(d);
                    }
                    continue;
                }
                ast::EndKind::Extinct(x) => {
                    if let Some(e) = self.extinction(x, o) {
                        end.extinct.push(e);
                    }
                    continue;
                }
                ast::EndKind::Bare(pieces) => {
                    let x = ast::Extinct {
                        all: true,
                        pieces: pieces.clone(),
                    };
                    if let Some(e) = self.extinction(&x, o) {
                        end.bare.push(e);
                    }
                    continue;
                }
            };
            if let Some(first) = seen.get(key) {
                self.errors.push(
                    Diagnostic::error(r.span, format!("`{key}` is given twice"))
                        .with_code(Code::Duplicate)
                        .with_label("given again here")
                        .with_secondary(*first, "first given here"),
                );
                continue;
            }
            seen.insert(key, r.span);
            match &r.kind {
                ast::EndKind::Checkmate => end.checkmate = o,
                ast::EndKind::Stalemate => end.stalemate = o,
                ast::EndKind::Repetition(n) => {
                    end.repetition = self.end_count(n, "repetition", 2).map(|n| (n, o));
                }
                ast::EndKind::NoProgress(n) => {
                    end.no_progress = self.end_count(n, "no_progress", 1).map(|n| (n, o));
                }
                ast::EndKind::Checks(n) => end.checks = self.checks_count(n).map(|n| (n, o)),
                ast::EndKind::Reach(_) => {}
                ast::EndKind::Extinct(_) | ast::EndKind::Bare(_) => {}
                ast::EndKind::Passes(n) => {
                    end.passes = self.byte_count(n, "passes").map(|n| (n, o));
                }
                ast::EndKind::Facing { pieces, dirs } => {
                    end.facing = self.facing_def(pieces, dirs).map(|f| (f, o));
                }
                ast::EndKind::Counting(x) => {
                    end.counting = self.counting_def(x).map(|c| (c, o));
                }
                ast::EndKind::Perpetual => end.perpetual = Some(o),
                ast::EndKind::DropMate(pieces) => {
                    let ids: Vec<PieceId> =
                        pieces.iter().filter_map(|p| self.piece_id(p)).collect();
                    end.drop_mate = Some((ids, o));
                }
            }
        }
        if let Some(at) = uses_points
            && e.points.is_empty()
        {
            self.errors.push(
                Diagnostic::error(at, "the outcome `points` needs a `points` table")
                    .with_code(Code::BadRule)
                    .with_label("decided by points, but no points are given")
                    .with_help("add `points { PIECE N ... }` to the end block"),
            );
        }
        if let Some(p) = seen.get("perpetual check")
            && end.repetition.is_none()
            && e.rules
                .iter()
                .all(|r| !matches!(r.kind, ast::EndKind::Repetition(_)))
        {
            self.errors.push(
                Diagnostic::error(*p, "`perpetual check` needs a `repetition` rule")
                    .with_code(Code::BadRule)
                    .with_label("applies only when a repetition ends the game")
                    .with_help("add `repetition N -> O` to the end block"),
            );
        }
        // A count in progress takes the FEN's half-move field (as
        // Fairy-Stockfish writes it), so the two clocks cannot both be kept.
        if let (Some(c), Some(n)) = (seen.get("counting"), seen.get("no_progress"))
            && end.counting.is_some()
        {
            self.errors.push(
                Diagnostic::error(*c, "`counting` and `no_progress` cannot both be given")
                    .with_code(Code::BadRule)
                    .with_label("a count replaces the no-progress clock")
                    .with_secondary(*n, "no-progress rule given here")
                    .with_help("a count in progress is written in the FEN's half-move field; keep one of the two rules"),
            );
        }
        end
    }

    /// The `points` table: each piece's points (0 if not named) and each
    /// player's bonus, in hundredths.
    fn points_table(
        &mut self,
        e: &ast::End,
        players: Option<&[PlayerDef; 2]>,
    ) -> Option<PointsDef> {
        let table = e.points.first()?;
        if let Some(second) = e.points.get(1) {
            self.errors.push(
                Diagnostic::error(second.span, "`points` is given twice")
                    .with_code(Code::Duplicate)
                    .with_label("given again here")
                    .with_secondary(table.span, "first given here"),
            );
        }
        let mut def = PointsDef {
            pieces: vec![0; self.piece_ids.len()],
            bonus: [0; 2],
        };
        let mut named: HashMap<&str, Span> = HashMap::new();
        for (name, n) in &table.entries {
            if let Some(first) = named.insert(name.text.as_str(), name.span) {
                self.errors.push(
                    Diagnostic::error(name.span, format!("`{}` has points twice", name.text))
                        .with_code(Code::Duplicate)
                        .with_label("given again here")
                        .with_secondary(first, "first given here"),
                );
                continue;
            }
            let player = players.and_then(|p| p.iter().position(|p| p.name == name.text));
            let points = self.value(n);
            match player {
                Some(i) => def.bonus[i] = i64::from(points.unwrap_or(0)),
                None => {
                    if let Some(k) = self.piece_id(name) {
                        def.pieces[k] = i64::from(points.unwrap_or(0));
                    }
                }
            }
        }
        Some(def)
    }

    /// An `extinct` rule: the pieces it counts.
    fn extinction(&mut self, x: &ast::Extinct, outcome: Outcome) -> Option<Extinction> {
        let named: Vec<Option<PieceId>> = x.pieces.iter().map(|p| self.piece_id(p)).collect();
        let named: Vec<PieceId> = named.into_iter().collect::<Option<_>>()?;
        let pieces = if x.all {
            (0..self.piece_ids.len())
                .filter(|k| !named.contains(k))
                .collect()
        } else {
            named
        };
        Some(Extinction { pieces, outcome })
    }

    /// A `counting` rule: its pieces and limits (each limit at least 1).
    fn counting_def(&mut self, x: &ast::Counting) -> Option<CountingDef> {
        let without: Vec<Option<PieceId>> = x.without.iter().map(|p| self.piece_id(p)).collect();
        let board = self.end_count(&x.board, "board", 1);
        let mut limits = Vec::new();
        let mut ok = true;
        for (p, k, n) in &x.limits {
            let piece = self.piece_id(p);
            let k = self.end_count(k, p.text.as_str(), 1);
            let n = self.end_count(n, "->", 1);
            match (piece, k, n) {
                (Some(p), Some(k), Some(n)) => limits.push((p, k, n)),
                _ => ok = false,
            }
        }
        let otherwise = self.end_count(&x.otherwise, "else", 1);
        let without: Vec<PieceId> = without.into_iter().collect::<Option<_>>()?;
        if !ok {
            return None;
        }
        Some(CountingDef {
            without,
            board: board?,
            limits,
            otherwise: otherwise?,
        })
    }

    pub(super) fn end_count(&mut self, n: &ast::Uint, word: &str, least: u64) -> Option<u32> {
        if n.value < least || n.value > u64::from(u32::MAX) {
            let written = self.written(n.span);
            self.err(
                Diagnostic::error(n.span, format!("`{word} {written}` can never happen"))
                    .with_code(Code::OutOfRange)
                    .with_label(format!("must be between {least} and {}", u32::MAX)),
            );
            return None;
        }
        Some(n.value as u32)
    }
}
