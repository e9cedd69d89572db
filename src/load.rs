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
    let mut loaded = match result {
        Ok(loaded) => loaded,
        Err(diagnostics) => {
            return Err(LoadError {
                diagnostics,
                sources,
            });
        }
    };
    if options.is_empty() {
        let lints = never_entering(&loaded.rules, &origin);
        loaded.warnings.extend(lints);
        loaded.warnings.sort_by_key(|d| (d.span.file, d.span.start));
    }
    finish(loaded, sources, origin)
}

/// Warnings for the pieces that can never enter the game under any values
/// of its options: in no start position or reserve, and no promotion choice
/// of a piece that enters. At most 64 combinations of option values are
/// tried; past that, no piece is reported.
fn never_entering(rules: &crate::ir::RuleSet, origin: &Origin) -> Vec<Diagnostic> {
    let mut absent: Vec<usize> = (0..rules.pieces.len())
        .filter(|&i| !crate::ir::entering_pieces(rules)[i])
        .collect();
    let combos: usize = rules
        .options
        .iter()
        .try_fold(1usize, |n, o| n.checked_mul(o.choices.len().max(1)))
        .unwrap_or(usize::MAX);
    if absent.is_empty() || combos > 64 {
        return Vec::new();
    }
    for combo in 1..combos {
        let mut rest = combo;
        let values: Vec<(String, String)> = rules
            .options
            .iter()
            .map(|o| {
                let n = o.choices.len().max(1);
                let c = &o.choices[rest % n];
                rest /= n;
                (o.name.clone(), c.clone())
            })
            .collect();
        let mut sources = SourceMap::new();
        let other = match origin {
            Origin::File(p) => lower::load_file(p, &mut sources, &values),
            Origin::Source(name, text) => lower::load_source(name, text, &mut sources, &values),
        };
        let Ok(other) = other else { continue };
        let enters = crate::ir::entering_pieces(&other.rules);
        absent.retain(|&i| {
            let name = &rules.pieces[i].name;
            !other
                .rules
                .pieces
                .iter()
                .zip(&enters)
                .any(|(p, &e)| e && &p.name == name)
        });
    }
    absent
        .into_iter()
        .map(|i| {
            let p = &rules.pieces[i];
            Diagnostic::warning(
                p.span,
                format!("piece `{}` can never enter the game", p.name),
            )
            .with_code(Code::NeverEnters)
            .with_label("declared but never used")
            .with_help(
                "it is in no start position, in no reserve that a `drop` rule brings in, \
                     and no piece that enters promotes to it; place it in `setup`, give it a \
                     `reserve` and a `drop` rule, or remove it",
            )
        })
        .collect()
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
    let mut variant = variant;
    let mut sources = sources;
    let mut errors = Vec::new();
    if let Origin::File(path) = &origin
        && let Some(e) = read_weights(&mut variant, path, &mut sources)
    {
        errors.push(e);
    }
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
            if let TestStep::Fen(fen, span) | TestStep::FenIs(fen, span) = step
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

/// The most a `.weights` file may hold, bytes (square tables for a 16x16
/// board with forty pieces take about 200 KiB).
pub const WEIGHTS_MAX_BYTES: u64 = 1024 * 1024;

/// Read the engine's evaluation weights from the `.weights` file beside the
/// rule file at `path`, if there is one, into `variant`; what is wrong
/// with the file, if anything.
fn read_weights(variant: &mut Variant, path: &Path, sources: &mut SourceMap) -> Option<Diagnostic> {
    let wpath = path.with_extension("weights");
    if !wpath.is_file() {
        return None;
    }
    let name = wpath.display().to_string();
    let unreadable = |sources: &mut SourceMap, why: String| {
        let file = sources.add(name.clone(), String::new());
        Diagnostic::error(crate::lang::diagnostic::Span::new(file, 0..0), why)
            .with_code(Code::Weights)
    };
    let size = std::fs::metadata(&wpath).map(|m| m.len()).unwrap_or(0);
    if size > WEIGHTS_MAX_BYTES {
        return Some(unreadable(
            sources,
            format!(
                "{name}: {size} bytes, more than a weights file may hold ({WEIGHTS_MAX_BYTES})"
            ),
        ));
    }
    let text = match std::fs::read_to_string(&wpath) {
        Ok(text) => text,
        Err(e) => return Some(unreadable(sources, format!("cannot read {name}: {e}"))),
    };
    match crate::eval::parse_weights(&text, variant) {
        Ok(w) => {
            variant.weights = w;
            None
        }
        Err((line, message)) => {
            let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
            let len = text[start..].find('\n').unwrap_or(text.len() - start);
            let file = sources.add(name, text.clone());
            Some(
                Diagnostic::error(
                    crate::lang::diagnostic::Span::new(file, start..start + len),
                    message,
                )
                .with_code(Code::Weights)
                .with_label("in the engine's weights for this rule file"),
            )
        }
    }
}
