//! From a path to a playable variant: parse, lower, compile, and check the
//! positions written in the file's tests.

use crate::lang::codes::Code;
use std::path::{Path, PathBuf};

use crate::ir::TestStep;
use crate::ir::lower::{self, Loaded};
use crate::lang::diagnostic::{Diagnostic, SourceMap, render_all};
use crate::movegen::Variant;
use crate::notation::{check_position, parse_fen};

/// Where a game's text came from, so it can be lowered again with other options.
#[derive(Debug, Clone)]
pub enum Origin {
    /// A rule file.
    File(PathBuf),
    /// Text with a name (imports resolved relative to the name's directory).
    Source(String, String),
}

/// A rule file loaded and compiled.
pub struct Game {
    /// The compiled variant.
    pub variant: Variant,
    /// The sources read (for rendering diagnostics later, e.g. test failures).
    pub sources: SourceMap,
    /// Lints that did not stop loading.
    pub warnings: Vec<Diagnostic>,
    /// Where it came from.
    pub origin: Origin,
}

/// Why a rule file could not be loaded: every problem found, as located
/// diagnostics, with the sources they point into. Front ends render them
/// ([`LoadError::rendered`]) or read them (codes, spans, messages).
#[derive(thiserror::Error)]
#[error("{}", self.rendered())]
pub struct LoadError {
    /// Every problem found (at least one).
    pub diagnostics: Vec<Diagnostic>,
    /// The sources the diagnostics point into.
    pub sources: SourceMap,
}

impl LoadError {
    /// Every problem, rendered with file:line:col and the source lines.
    pub fn rendered(&self) -> String {
        render_all(&self.diagnostics, &self.sources)
    }

    /// The number of problems.
    pub fn count(&self) -> usize {
        self.diagnostics.len()
    }
}

impl std::fmt::Debug for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.rendered())
    }
}

/// Load, validate and compile a rule file with its options at their defaults.
pub fn load(path: &Path) -> Result<Game, LoadError> {
    load_origin(Origin::File(path.to_path_buf()), &[])
}

/// Load from text (imports resolved relative to `name`'s directory).
pub fn load_source(name: &str, source: &str) -> Result<Game, LoadError> {
    load_origin(Origin::Source(name.to_string(), source.to_string()), &[])
}

/// Load with option values (name, value); every name and value must be declared.
pub fn load_origin(origin: Origin, options: &[(String, String)]) -> Result<Game, LoadError> {
    let mut sources = SourceMap::new();
    let result = match &origin {
        Origin::File(p) => lower::load_file(p, &mut sources, options),
        Origin::Source(name, text) => lower::load_source(name, text, &mut sources, options),
    };
    let loaded = match result {
        Ok(loaded) => loaded,
        Err(diagnostics) => {
            return Err(LoadError {
                diagnostics,
                sources,
            });
        }
    };
    finish(loaded, sources, origin)
}

impl Game {
    /// The same rule file lowered with these option values.
    pub fn with_options(&self, options: &[(String, String)]) -> Result<Game, LoadError> {
        load_origin(self.origin.clone(), options)
    }

    /// Check option settings `NAME=VALUE` against the declared options.
    pub fn parse_options(&self, settings: &[String]) -> Result<Vec<(String, String)>, String> {
        let declared = &self.variant.rules.options;
        let mut out = Vec::new();
        for s in settings {
            let Some((name, value)) = s.split_once('=') else {
                return Err(format!("--option {s}: expected NAME=VALUE"));
            };
            let (name, value) = (name.trim(), value.trim());
            let Some(opt) = declared.iter().find(|o| o.name == name) else {
                let known: Vec<&str> = declared.iter().map(|o| o.name.as_str()).collect();
                return Err(if known.is_empty() {
                    format!(
                        "--option {s}: game {} declares no options",
                        self.variant.rules.name
                    )
                } else {
                    format!(
                        "--option {s}: game {} has no option `{name}` (it has: {})",
                        self.variant.rules.name,
                        known.join(", ")
                    )
                });
            };
            if !opt.choices.iter().any(|c| c == value) {
                return Err(format!(
                    "--option {s}: `{value}` is not a choice of `{name}` (choices: {})",
                    opt.choices.join(", ")
                ));
            }
            out.push((name.to_string(), value.to_string()));
        }
        Ok(out)
    }
}

fn finish(loaded: Loaded, sources: SourceMap, origin: Origin) -> Result<Game, LoadError> {
    let span = loaded
        .rules
        .pieces
        .first()
        .map(|p| p.span)
        .unwrap_or_default();
    let variant = match Variant::new(loaded.rules) {
        Ok(v) => v,
        Err(e) => {
            return Err(LoadError {
                diagnostics: vec![Diagnostic::error(span, e.to_string()).with_code(Code::Compile)],
                sources,
            });
        }
    };
    let mut errors = Vec::new();
    // The start position must pass the checks a FEN passes.
    if let Err(e) = check_position(&variant, &variant.start_position()) {
        errors.push(
            Diagnostic::error(
                variant.rules.setup.span,
                format!("impossible setup: {}", e.message),
            )
            .with_code(Code::ImpossibleSetup)
            .with_label("the start position of this game"),
        );
    }
    // Every FEN written in a test must be a position of this variant.
    for t in &variant.rules.tests {
        // Tests that set options are checked when they run, with those options.
        if t.steps.iter().any(|s| matches!(s, TestStep::Options(_))) {
            continue;
        }
        for step in &t.steps {
            if let TestStep::Fen(fen, span) = step
                && let Err(e) = parse_fen(&variant, fen)
            {
                errors.push(
                    Diagnostic::error(*span, format!("bad FEN in test \"{}\"", t.name))
                        .with_code(Code::Test)
                        .with_label(format!("{}: {}", e.field, e.message)),
                );
            }
        }
    }
    if !errors.is_empty() {
        return Err(LoadError {
            diagnostics: errors,
            sources,
        });
    }
    Ok(Game {
        variant,
        sources,
        warnings: loaded.warnings,
        origin,
    })
}
