//! Goals and position-level legality: the `reaches` and `checks` end
//! conditions and the `forbid` block.

use super::*;
use crate::lang::codes::Code;

/// The most checks a `checks N` condition may count (the counter is a byte).
pub const MAX_CHECKS: u64 = 255;

/// The most squares an explosion may reach around the capture square.
pub const MAX_EXPLOSION: usize = 16;

impl<'a> Lowerer<'a> {
    /// `PIECE... reaches ZONE -> O [answered -> O]`.
    pub(super) fn reach(&mut self, r: &ast::Reach, outcome: Outcome) -> Option<ReachDef> {
        let pieces: Vec<Option<PieceId>> = r.pieces.iter().map(|p| self.piece_id(p)).collect();
        let zone = self.zone(&r.zone);
        let pieces = pieces.into_iter().collect::<Option<Vec<_>>>()?;
        Some(ReachDef {
            pieces,
            zone: zone?,
            outcome,
            answered: r.answered.map(Outcome::from),
        })
    }

    /// The N of `checks N`: 1 to [`MAX_CHECKS`].
    pub(super) fn checks_count(&mut self, n: &ast::Uint) -> Option<u32> {
        self.byte_count(n, "checks")
    }

    /// The N of `checks N` or `passes N`: 1 to [`MAX_CHECKS`] (a byte counts them).
    pub(super) fn byte_count(&mut self, n: &ast::Uint, word: &str) -> Option<u32> {
        if n.value < 1 || n.value > MAX_CHECKS {
            let written = self.written(n.span);
            self.err(
                Diagnostic::error(n.span, format!("`{word} {written}` can never happen"))
                    .with_code(Code::OutOfRange)
                    .with_label(format!("must be between 1 and {MAX_CHECKS}")),
            );
            return None;
        }
        Some(n.value as u32)
    }

    /// The `forbid` conditions; and, since both need a royal piece to mean
    /// anything, the check that `checks` and `forbid check` have one.
    pub(super) fn forbid(&mut self, pieces: &[PieceDef]) -> Vec<ForbidDef> {
        let flat = self.flat;
        let royal = pieces.iter().any(|p| p.royal);
        let no_royal = |span: Span, what: &str| {
            Diagnostic::error(span, format!("{what} can never happen: no piece is royal"))
                .with_code(Code::Unreachable)
                .with_label("only a royal piece can be in check")
                .with_help("mark the piece that can be checked `royal`")
        };
        if !royal
            && let Some(e) = &flat.end
            && let Some(r) = e
                .rules
                .iter()
                .find(|r| matches!(r.kind, ast::EndKind::Checks(_)))
        {
            self.err(no_royal(r.span, "counting checks"));
        }
        let mut out = Vec::new();
        for r in &flat.forbid {
            match &r.kind {
                ast::ForbidKind::Check => {
                    if !royal {
                        self.err(no_royal(r.span, "giving check"));
                    } else if !out.contains(&ForbidDef::Check) {
                        out.push(ForbidDef::Check);
                    }
                }
                ast::ForbidKind::Facing { pieces, dirs } => {
                    if let Some(f) = self.facing_def(pieces, dirs) {
                        out.push(f);
                    }
                }
            }
        }
        out
    }

    /// `facing PIECE... along DIRS`, resolved.
    pub(super) fn facing_def(
        &mut self,
        pieces: &[ast::Ident],
        dirs: &[ast::DirItem],
    ) -> Option<ForbidDef> {
        let ids: Vec<Option<PieceId>> = pieces.iter().map(|p| self.piece_id(p)).collect();
        let mut vectors = Vec::new();
        let mut ok = true;
        for d in dirs {
            match self.dir_item(d, &mut Vec::new()) {
                Some(vs) => vectors.extend(vs),
                None => ok = false,
            }
        }
        vectors.sort_unstable();
        vectors.dedup();
        let ids = ids.into_iter().collect::<Option<Vec<_>>>()?;
        ok.then_some(ForbidDef::Facing {
            pieces: ids,
            dirs: vectors,
        })
    }

    /// The `explosion` block: its vectors and filter.
    pub(super) fn explosion(&mut self) -> Option<ExplosionDef> {
        let x = self.flat.explosion.as_ref()?;
        let mut around = Vec::new();
        let mut ok = true;
        for d in &x.around {
            match self.dir_item(d, &mut Vec::new()) {
                Some(vs) => around.extend(vs),
                None => ok = false,
            }
        }
        around.sort_unstable();
        around.dedup();
        let removes = match &x.removes {
            Some(f) => self.filter(f),
            None => Some(PieceFilter::default()),
        };
        if around.len() > MAX_EXPLOSION {
            self.err(
                Diagnostic::error(
                    x.span,
                    format!(
                        "an explosion reaches {} squares; at most {MAX_EXPLOSION} are supported",
                        around.len()
                    ),
                )
                .with_code(Code::OutOfRange)
                .with_label("too many vectors after `around`"),
            );
            return None;
        }
        Some(ExplosionDef {
            around,
            removes: removes?,
        })
        .filter(|_| ok)
    }
}
