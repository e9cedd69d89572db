//! Sources and imports: reading the rule file and, depth first, every file it
//! imports (paths relative to the importing file; a cycle is an error).

use super::*;

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
}

fn short_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.display().to_string())
}

impl Loader<'_> {
    /// Parse `file`, load its imports, register its games; returns their indices.
    pub(super) fn process(&mut self, file: FileId, source: &str, dir: &Path) -> Vec<usize> {
        let ast = match parser::parse(source, file) {
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
                .with_label(format!("looked for {}", path.display()));
                if let Some(g) = similar_file(&path) {
                    d = d.with_help(format!("did you mean `{g}`?"));
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
        let text = match std::fs::read_to_string(&key) {
            Ok(t) => t,
            Err(e) => {
                self.errors.push(
                    Diagnostic::error(
                        import.path.span,
                        format!("cannot import `{}`: {}", import.path.value, io_words(&e)),
                    )
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
