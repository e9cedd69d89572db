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
    /// A source line longer than [`MAX_SNIPPET_COLUMNS`] is shown cut to that
    /// width around the first label on it.
    pub fn render(&self, sources: &SourceMap) -> String {
        let spans: Vec<Span> = std::iter::once(self.span)
            .chain(self.secondary.iter().map(|(s, _)| *s))
            .collect();
        match Windowed::new(sources, &spans) {
            Some(w) => self.render_with(sources, &w, |s| w.map(s)),
            None => self.render_with(sources, &sources.files, |s| s.start..s.end),
        }
    }

    fn render_with<'f, F>(
        &self,
        sources: &SourceMap,
        files: &'f F,
        at: impl Fn(Span) -> Range<usize>,
    ) -> String
    where
        F: codespan_reporting::files::Files<'f, FileId = usize>,
    {
        let mut labels =
            vec![Label::primary(self.span.file, at(self.span)).with_message(self.label.clone())];
        for (s, m) in &self.secondary {
            labels.push(Label::secondary(s.file, at(*s)).with_message(m.clone()));
        }
        // A warning shows its code (`warning[unused]`), so that a lint can
        // be looked up (docs/language.md); errors are shown without.
        let cs = match (self.severity, self.code) {
            (Severity::Error, _) => CsDiagnostic::error(),
            (Severity::Warning, None) => CsDiagnostic::warning(),
            (Severity::Warning, Some(c)) => CsDiagnostic::warning().with_code(c.as_str()),
        }
        .with_message(self.message.clone())
        .with_labels(labels)
        .with_notes(self.help.iter().map(|h| format!("help: {h}")).collect());
        let mut out = String::new();
        let config = Config::default();
        if term::emit_to_string(&mut out, &config, files, &cs).is_err() {
            return format!("{}: {}", sources.location(self.span), self.message);
        }
        out
    }
}

/// The widest source line a diagnostic shows whole, in characters; a longer
/// line is cut to this width around the first label on it, `…` marking the cuts.
pub const MAX_SNIPPET_COLUMNS: usize = 120;

/// Columns kept before a label's start when its line is cut.
const SNIPPET_LEAD: usize = 40;

/// The sources with each over-long line under a label cut to a window.
struct Windowed {
    files: SimpleFiles<String, String>,
    /// Per file, the cut lines in order.
    cuts: Vec<Vec<Cut>>,
}

/// One cut line: byte offsets in the original text, except `new_line`.
#[derive(Clone, Copy)]
struct Cut {
    /// Start of the line.
    line: usize,
    /// Start of the window kept.
    from: usize,
    /// End of the window kept.
    to: usize,
    /// End of the line.
    line_end: usize,
    /// Characters cut before the window.
    cols: usize,
    /// Start of the line in the cut text.
    new_line: usize,
}

impl Windowed {
    /// None if no line under a label is too long (rendered as it is).
    fn new(sources: &SourceMap, spans: &[Span]) -> Option<Windowed> {
        let mut cuts: Vec<Vec<Cut>> = vec![Vec::new(); sources.len()];
        for s in spans {
            let src = sources.source(s.file);
            let at = s.start.min(src.len());
            let line = src[..at].rfind('\n').map_or(0, |i| i + 1);
            let line_end = src[at..].find('\n').map_or(src.len(), |i| at + i);
            let text = &src[line..line_end];
            if text.chars().count() <= MAX_SNIPPET_COLUMNS
                || cuts
                    .get(s.file)
                    .is_none_or(|c| c.iter().any(|c| c.line == line))
            {
                continue;
            }
            let col = src[line..at].chars().count();
            let first = col.saturating_sub(SNIPPET_LEAD);
            let byte = |n: usize| text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
            let (from, to) = (
                line + byte(first),
                line + byte(first + MAX_SNIPPET_COLUMNS - 2),
            );
            cuts[s.file].push(Cut {
                line,
                from,
                to,
                line_end,
                cols: first,
                new_line: 0,
            });
        }
        if cuts.iter().all(Vec::is_empty) {
            return None;
        }
        let mut files = SimpleFiles::new();
        for (id, file_cuts) in cuts.iter_mut().enumerate() {
            let src = sources.source(id);
            file_cuts.sort_by_key(|c| c.line);
            let mut text = String::with_capacity(src.len());
            let mut done = 0;
            for c in file_cuts.iter_mut() {
                text.push_str(&src[done..c.line]);
                c.new_line = text.len();
                if c.from > c.line {
                    text.push('…');
                }
                text.push_str(&src[c.from..c.to]);
                if c.to < c.line_end {
                    text.push('…');
                }
                done = c.line_end;
            }
            text.push_str(&src[done..]);
            files.add(sources.name(id).to_string(), text);
        }
        Some(Windowed { files, cuts })
    }

    /// Where the original offset `o` of `file` is in the cut text.
    fn offset(&self, file: FileId, o: usize) -> usize {
        let mut shift: isize = 0;
        for c in self.cuts.get(file).into_iter().flatten() {
            let lead = if c.from > c.line { '…'.len_utf8() } else { 0 };
            let tail = if c.to < c.line_end {
                '…'.len_utf8()
            } else {
                0
            };
            if o < c.line {
                break;
            }
            if o <= c.line_end {
                return c.new_line + lead + o.clamp(c.from, c.to) - c.from;
            }
            shift += (lead + (c.to - c.from) + tail) as isize - (c.line_end - c.line) as isize;
        }
        o.saturating_add_signed(shift)
    }

    fn map(&self, s: Span) -> Range<usize> {
        self.offset(s.file, s.start)..self.offset(s.file, s.end)
    }
}

impl<'a> codespan_reporting::files::Files<'a> for Windowed {
    type FileId = usize;
    type Name = String;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<String, codespan_reporting::files::Error> {
        self.files.name(id)
    }

    fn source(&'a self, id: usize) -> Result<&'a str, codespan_reporting::files::Error> {
        self.files.source(id)
    }

    fn line_index(
        &'a self,
        id: usize,
        byte: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        self.files.line_index(id, byte)
    }

    fn line_range(
        &'a self,
        id: usize,
        line: usize,
    ) -> Result<Range<usize>, codespan_reporting::files::Error> {
        self.files.line_range(id, line)
    }

    /// The column in the original line (the header's `file:line:col`).
    fn column_number(
        &'a self,
        id: usize,
        line: usize,
        byte: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        let range = self.files.line_range(id, line)?;
        let source = self.files.source(id)?;
        let col = codespan_reporting::files::column_index(source, range.clone(), byte);
        let cut = self
            .cuts
            .get(id)
            .and_then(|c| c.iter().find(|c| c.new_line == range.start));
        Ok(match cut {
            // The window's columns, less the `…`, after those cut away.
            Some(c) if c.from > c.line => col.saturating_sub(1) + c.cols + 1,
            _ => col + 1,
        })
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
