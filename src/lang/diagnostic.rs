//! Diagnostics: located, rustc-style error messages rendered with codespan-reporting.

use super::codes::Code;
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::{Files as _, SimpleFiles};
use codespan_reporting::term::{self, Config};
use std::ops::Range;

/// Index of a file in a [`SourceMap`].
pub type FileId = usize;

/// A byte range in one source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span in `file` covering `range`.
    pub fn new(file: FileId, range: Range<usize>) -> Self {
        Span {
            file,
            start: range.start,
            end: range.end,
        }
    }
}

/// All source files read in one run (rule files and their imports).
#[derive(Default)]
pub struct SourceMap {
    files: SimpleFiles<String, String>,
    names: Vec<String>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Add a file; returns its id.
    pub fn add(&mut self, name: impl Into<String>, source: impl Into<String>) -> FileId {
        let name = name.into();
        self.names.push(name.clone());
        self.files.add(name, source.into())
    }

    /// The text of a file.
    pub fn source(&self, file: FileId) -> &str {
        self.files
            .get(file)
            .map(|f| f.source().as_str())
            .unwrap_or("")
    }

    /// The name (path) of a file.
    pub fn name(&self, file: FileId) -> &str {
        self.names
            .get(file)
            .map(String::as_str)
            .unwrap_or("<unknown>")
    }

    /// Number of files.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True if no file was added.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// 1-based (line, column) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.source(file).len());
        match self.files.location(file, offset) {
            Ok(loc) => (loc.line_number, loc.column_number),
            Err(_) => (1, 1),
        }
    }

    /// `file:line:col` of a span's start.
    pub fn location(&self, span: Span) -> String {
        let (l, c) = self.line_col(span.file, span.start);
        format!("{}:{}:{}", self.name(span.file), l, c)
    }
}

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// A problem that stops the rule file from loading.
    Error,
    /// Something suspicious (a lint).
    Warning,
}

/// One message about the source, with a primary location.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The message, lower case, no trailing period.
    pub message: String,
    /// Where the problem is.
    pub span: Span,
    /// Text under the primary caret.
    pub label: String,
    /// Other places that explain it.
    pub secondary: Vec<(Span, String)>,
    /// A suggestion ("did you mean `Rook`?").
    pub help: Option<String>,
    /// The kind of problem, stable across rewordings (see [`Code`]).
    pub code: Option<Code>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            label: String::new(),
            secondary: Vec::new(),
            help: None,
            code: None,
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Self::error(span, message)
        }
    }

    /// Set the code.
    pub fn with_code(mut self, code: Code) -> Self {
        self.code = Some(code);
        self
    }

    /// Set the primary label.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Add a secondary label.
    pub fn with_secondary(mut self, span: Span, label: impl Into<String>) -> Self {
        self.secondary.push((span, label.into()));
        self
    }

    /// Set the help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Render as plain text (no colour), rustc style, with `file:line:col`.
    pub fn render(&self, sources: &SourceMap) -> String {
        let mut labels = vec![
            Label::primary(self.span.file, self.span.start..self.span.end)
                .with_message(self.label.clone()),
        ];
        for (s, m) in &self.secondary {
            labels.push(Label::secondary(s.file, s.start..s.end).with_message(m.clone()));
        }
        let cs = match self.severity {
            Severity::Error => CsDiagnostic::error(),
            Severity::Warning => CsDiagnostic::warning(),
        }
        .with_message(self.message.clone())
        .with_labels(labels)
        .with_notes(self.help.iter().map(|h| format!("help: {h}")).collect());
        let mut out = String::new();
        let config = Config::default();
        if term::emit_to_string(&mut out, &config, &sources.files, &cs).is_err() {
            return format!("{}: {}", sources.location(self.span), self.message);
        }
        out
    }
}

/// Render a list of diagnostics, sorted by file and position.
pub fn render_all(diags: &[Diagnostic], sources: &SourceMap) -> String {
    let mut sorted: Vec<&Diagnostic> = diags.iter().collect();
    sorted.sort_by_key(|d| (d.span.file, d.span.start, d.severity));
    sorted
        .iter()
        .map(|d| d.render(sources))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The closest of `candidates` to `name`, if close enough to suggest.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(&name.to_lowercase(), &c.to_lowercase());
        let limit = (name.len().max(c.len()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Edit distance counting a swap of two neighbouring letters as one edit
/// (optimal string alignment), so `orht` is one edit from `orth`.
fn edit_distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("orht", "orth"), 1);
        assert_eq!(edit_distance("slde", "slide"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(did_you_mean("orht", ["orth", "diag"]), Some("orth"));
        assert_eq!(did_you_mean("xyz", ["orth", "diag"]), None);
    }
}
