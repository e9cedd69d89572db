//! From a path to a playable variant: parse, lower, compile, and check the
//! positions written in the file's tests.

use std::path::Path;

use crate::ir::TestStep;
use crate::lang::diagnostic::{Diagnostic, SourceMap, render_all};
use crate::movegen::Variant;
use crate::notation::parse_fen;

/// A rule file loaded and compiled.
pub struct Game {
    /// The compiled variant.
    pub variant: Variant,
    /// The sources read (for rendering diagnostics later, e.g. test failures).
    pub sources: SourceMap,
    /// Lints that did not stop loading.
    pub warnings: Vec<Diagnostic>,
}

/// Why a rule file could not be loaded.
#[derive(Debug, thiserror::Error)]
#[error("{rendered}")]
pub struct LoadError {
    /// Every problem found, rendered with file:line:col.
    pub rendered: String,
    /// Their number.
    pub count: usize,
}

/// Load, validate and compile a rule file.
pub fn load(path: &Path) -> Result<Game, LoadError> {
    let mut sources = SourceMap::new();
    let loaded = crate::ir::lower::load_file(path, &mut sources).map_err(|d| LoadError {
        rendered: render_all(&d, &sources),
        count: d.len(),
    })?;
    finish(loaded, sources)
}

/// Load from text (imports resolved relative to `name`'s directory).
pub fn load_source(name: &str, source: &str) -> Result<Game, LoadError> {
    let mut sources = SourceMap::new();
    let loaded = crate::ir::lower::load_source(name, source, &mut sources).map_err(|d| LoadError {
        rendered: render_all(&d, &sources),
        count: d.len(),
    })?;
    finish(loaded, sources)
}

fn finish(loaded: crate::ir::lower::Loaded, sources: SourceMap) -> Result<Game, LoadError> {
    let span = loaded
        .rules
        .pieces
        .first()
        .map(|p| p.span)
        .unwrap_or_default();
    let variant = Variant::new(loaded.rules).map_err(|e| {
        let d = Diagnostic::error(span, e.to_string());
        LoadError {
            rendered: render_all(&[d], &sources),
            count: 1,
        }
    })?;
    // Every FEN written in a test must be a position of this variant.
    let mut errors = Vec::new();
    for t in &variant.rules.tests {
        for step in &t.steps {
            if let TestStep::Fen(fen, span) = step
                && let Err(e) = parse_fen(&variant, fen)
            {
                errors.push(
                    Diagnostic::error(*span, format!("bad FEN in test \"{}\"", t.name))
                        .with_label(format!("{}: {}", e.field, e.message)),
                );
            }
        }
    }
    if !errors.is_empty() {
        return Err(LoadError {
            rendered: render_all(&errors, &sources),
            count: errors.len(),
        });
    }
    Ok(Game {
        variant,
        sources,
        warnings: loaded.warnings,
    })
}
