//! Sources and imports: reading the rule file and, depth first, every file it
//! imports (paths relative to the importing file; a cycle is an error).

use super::*;
use crate::lang::codes::Code;

/// Largest rule file read, in bytes (1 MiB); a larger file is refused.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// Largest total, in bytes, of a rule file and every file it imports (8 MiB).
pub const MAX_TOTAL_BYTES: u64 = 8 << 20;
/// Most files read for one game: the rule file and its imports together.
pub const MAX_FILES: usize = 100;

/// What one load has read so far, against [`MAX_FILES`] and [`MAX_TOTAL_BYTES`].
#[derive(Debug, Default)]
pub(super) struct Budget {
    files: usize,
    bytes: u64,
}

/// Why a rule file was not read.
#[derive(Debug)]
pub(super) enum ReadError {
    /// The system refused (no such file, permission, not UTF-8, ...).
    Io(std::io::Error),
    /// A device, a pipe, a folder: only regular files are read.
    NotRegular,
    /// Over [`MAX_FILE_BYTES`].
    TooLarge,
    /// Over [`MAX_TOTAL_BYTES`] with what was read before.
    TotalTooLarge,
    /// Over [`MAX_FILES`].
    TooMany,
}

impl ReadError {
    /// What went wrong, in words; `io` words a system error.
    pub(super) fn words(&self, io: impl Fn(&std::io::Error) -> String) -> String {
        match self {
            ReadError::Io(e) => io(e),
            ReadError::NotRegular => "not a regular file".to_string(),
            ReadError::TooLarge => format!(
                "larger than {} MiB, the limit for one rule file",
                MAX_FILE_BYTES >> 20
            ),
            ReadError::TotalTooLarge => format!(
                "the rule file and its imports are larger than {} MiB in all",
                MAX_TOTAL_BYTES >> 20
            ),
            ReadError::TooMany => format!("more than {MAX_FILES} rule files in all"),
        }
    }
}

/// Read a rule file within the limits: only a regular file, never more bytes
/// than the limits allow (a device or a growing file is not read past them).
pub(super) fn read_rule_file(path: &Path, budget: &mut Budget) -> Result<String, ReadError> {
    use std::io::Read;
    if budget.files >= MAX_FILES {
        return Err(ReadError::TooMany);
    }
    // Checked before opening: opening a pipe would wait for a writer.
    if !std::fs::metadata(path).map_err(ReadError::Io)?.is_file() {
        return Err(ReadError::NotRegular);
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    if !file.metadata().map_err(ReadError::Io)?.is_file() {
        return Err(ReadError::NotRegular);
    }
    let room = MAX_TOTAL_BYTES.saturating_sub(budget.bytes);
    let limit = MAX_FILE_BYTES.min(room);
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(if limit == MAX_FILE_BYTES {
            ReadError::TooLarge
        } else {
            ReadError::TotalTooLarge
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })?;
    budget.files += 1;
    budget.bytes += text.len() as u64;
    Ok(text)
}

pub(super) struct Loader<'s> {
    pub(super) sources: &'s mut SourceMap,
    /// Files fully loaded (canonical paths).
    pub(super) done: HashSet<PathBuf>,
    /// Files being loaded, each with the import that led to it.
    pub(super) stack: Vec<(PathBuf, Option<Span>)>,
    /// Every game of every loaded file, in load order.
    pub(super) games: Vec<ast::Game>,
    /// Every macro of every loaded file, in load order.
    pub(super) defines: Vec<ast::Define>,
    /// Option values given by the caller (name, value).
    pub(super) option_params: Vec<(String, String)>,
    /// Macro expansions made so far, to point errors in a body at its uses.
    pub(super) expansions: Vec<expand::Expansion>,
    pub(super) errors: Vec<Diagnostic>,
    pub(super) load_failed: bool,
    /// What has been read so far, against the limits.
    pub(super) budget: Budget,
    /// Bytes of macro bodies expanded so far, against
    /// [`expand::MAX_EXPANSION_BYTES`].
    pub(super) expanded_bytes: usize,
    /// A macro limit was hit: expand nothing more (one error, not thousands).
    pub(super) expansion_failed: bool,
}

fn short_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.display().to_string())
}

impl Loader<'_> {
    /// Parse `file`, load its imports, register its games; returns their indices.
    pub(super) fn process(&mut self, file: FileId, source: &str, dir: &Path) -> Vec<usize> {
        let parsed = parser::parse(source, file).and_then(|mut a| {
            let errors = expand::params_outside_macros(&mut a.games);
            if errors.is_empty() {
                Ok(a)
            } else {
                Err(errors)
            }
        });
        let ast = match parsed {
            Ok(a) => a,
            Err(e) => {
                self.errors.extend(e);
                self.load_failed = true;
                return Vec::new();
            }
        };
        for import in &ast.imports {
            self.import(import, dir);
        }
        for d in ast.defines {
            if let Some(first) = self.defines.iter().find(|o| o.name.text == d.name.text) {
                self.errors.push(
                    Diagnostic::error(d.name.span, format!("duplicate macro `{}`", d.name.text))
                        .with_code(Code::Duplicate)
                        .with_label("defined again here")
                        .with_secondary(first.name.span, "first defined here"),
                );
                continue;
            }
            self.defines.push(d);
        }
        let mut mine = Vec::new();
        for g in ast.games {
            if let Some(first) = self.games.iter().find(|o| o.name.text == g.name.text) {
                self.errors.push(
                    Diagnostic::error(g.name.span, format!("duplicate game `{}`", g.name.text))
                        .with_code(Code::Duplicate)
                        .with_label("declared again here")
                        .with_secondary(first.name.span, "first declared here"),
                );
                continue;
            }
            mine.push(self.games.len());
            self.games.push(g);
        }
        mine
    }

    pub(super) fn import(&mut self, import: &ast::Import, dir: &Path) {
        let path = dir.join(&import.path.value);
        let key = match std::fs::canonicalize(&path) {
            Ok(k) => k,
            Err(e) => {
                let mut d = Diagnostic::error(
                    import.path.span,
                    format!("cannot import `{}`: {}", import.path.value, io_words(&e)),
                )
                .with_code(Code::Import)
                .with_label(format!("looked for {}", path.display()));
                if let Some(g) = similar_file(&path) {
                    d = d.with_help(format!("did you mean `{g}`?"));
                } else {
                    let here = if dir.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        dir
                    };
                    let here = std::fs::canonicalize(here).unwrap_or_else(|_| here.to_path_buf());
                    d = d.with_help(format!(
                        "an import is found relative to the folder of the file that imports it, here {}",
                        here.display()
                    ));
                }
                self.errors.push(d);
                self.load_failed = true;
                return;
            }
        };
        if let Some(at) = self.stack.iter().position(|(p, _)| *p == key) {
            let mut chain: Vec<String> = self.stack[at..]
                .iter()
                .map(|(p, _)| short_name(p))
                .collect();
            chain.push(short_name(&key));
            let mut d = Diagnostic::error(
                import.span,
                format!("import cycle: {}", chain.join(" imports ")),
            )
            .with_code(Code::Import)
            .with_label(format!("`{}` is already being loaded", short_name(&key)))
            .with_help("move what both files need into a third file that imports neither");
            self.load_failed = true;
            for (p, span) in &self.stack[at + 1..] {
                if let Some(s) = span {
                    d = d.with_secondary(*s, format!("`{}` is imported here", short_name(p)));
                }
            }
            self.errors.push(d);
            return;
        }
        if self.done.contains(&key) {
            return;
        }
        let text = match read_rule_file(&key, &mut self.budget) {
            Ok(t) => t,
            Err(e) => {
                self.errors.push(
                    Diagnostic::error(
                        import.path.span,
                        format!(
                            "cannot import `{}`: {}",
                            import.path.value,
                            e.words(io_words)
                        ),
                    )
                    .with_code(Code::Import)
                    .with_label("imported here"),
                );
                self.load_failed = true;
                return;
            }
        };
        let file = self.sources.add(path.display().to_string(), text.clone());
        let sub_dir = key.parent().map(Path::to_path_buf).unwrap_or_default();
        self.stack.push((key.clone(), Some(import.span)));
        self.process(file, &text, &sub_dir);
        self.stack.pop();
        self.done.insert(key);
    }
}

/// A file next to `path` whose name is close to its name.
fn similar_file(path: &Path) -> Option<String> {
    let want = path.file_name()?.to_string_lossy().into_owned();
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    did_you_mean(&want, names.iter().map(String::as_str)).map(str::to_string)
}

fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string().to_lowercase(),
    }
}
