//! Lints: things that are legal but probably not meant.

use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    pub(super) fn lints(&mut self, zones: &[ZoneDef]) {
        let flat = self.flat;
        for d in flat.directions.values() {
            if !self.used_dirs.contains(&d.name.text) && !flat.untaken.contains(&d.name.text) {
                self.warnings.push(
                    Diagnostic::warning(
                        d.name.span,
                        format!("direction set `{}` is never used", d.name.text),
                    )
                    .with_code(Code::Unused)
                    .with_label("unused"),
                );
            }
        }
        for z in flat.zones.values() {
            if !self.used_zones.contains(&z.name.text) && !flat.untaken.contains(&z.name.text) {
                self.warnings.push(
                    Diagnostic::warning(
                        z.name.span,
                        format!("zone `{}` is never used", z.name.text),
                    )
                    .with_code(Code::Unused)
                    .with_label("unused"),
                );
            }
        }
        for (z, def) in flat.zones.values().zip(zones) {
            if def.squares.iter().any(Vec::is_empty) {
                self.warnings.push(
                    Diagnostic::warning(
                        z.name.span,
                        format!("zone `{}` has no squares", z.name.text),
                    )
                    .with_code(Code::EmptyZone)
                    .with_label("empty for at least one player"),
                );
            }
        }
        for p in flat.pieces.values() {
            if p.moves.is_empty() {
                self.warnings.push(
                    Diagnostic::warning(
                        p.name.span,
                        format!("piece `{}` has no moves", p.name.text),
                    )
                    .with_code(Code::NeverMoves)
                    .with_label("it can never move"),
                );
            }
        }
    }
}
