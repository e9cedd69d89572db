//! Lints: things that are legal but probably not meant.
//!
//! Names are checked here (direction sets, zones and options nothing uses,
//! each only where the loaded file itself declares it: what a parent or a
//! library declares is that file's business), empty zones, pieces without
//! moves and tests that assert nothing. Move rules that can never move are
//! `reach.rs`; pieces that can never enter the game are found after
//! lowering, under every combination of option values (`src/load.rs`).

use super::*;
use crate::lang::codes::Code;

impl<'a> Lowerer<'a> {
    pub(super) fn lints(&mut self, zones: &[ZoneDef]) {
        let flat = self.flat;
        // The loaded game is the last one of the file named on the command line.
        let own = flat.name.span.file;
        for d in flat.directions.values() {
            if d.name.span.file == own
                && !self.used_dirs.contains(&d.name.text)
                && !flat.untaken.contains(&d.name.text)
            {
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
            if z.name.span.file == own
                && !self.used_zones.contains(&z.name.text)
                && !flat.untaken.contains(&z.name.text)
            {
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
        for o in flat.options.values() {
            let name = &o.name.text;
            if o.name.span.file == own
                && !flat.read_options.contains(name)
                && !flat.untaken.contains(name)
            {
                self.warnings.push(
                    Diagnostic::warning(o.name.span, format!("option `{name}` is never read"))
                        .with_code(Code::Unused)
                        .with_label("no `when` tests its value")
                        .with_help(format!(
                            "its choice changes nothing: write `when {name} == CHOICE {{ ... }}` \
                             blocks, or remove the option"
                        )),
                );
            }
        }
        for t in &flat.tests {
            let asserts = t.steps.iter().any(|s| {
                !matches!(
                    s.kind,
                    ast::TestStepKind::Fen(_)
                        | ast::TestStepKind::Play(_)
                        | ast::TestStepKind::Options(_)
                )
            });
            if !asserts {
                self.warnings.push(
                    Diagnostic::warning(
                        t.title.span,
                        format!("test \"{}\" asserts nothing", t.title.value),
                    )
                    .with_code(Code::AssertsNothing)
                    .with_label("only `fen`, `play` and `option` steps")
                    .with_help(
                        "add what should hold: `fen is \"...\"`, `moves = N`, `legal ...`, \
                         `illegal ...`, `perft D = N`, `check`, `checkmate`, `result ...`",
                    ),
                );
            }
        }
    }
}
