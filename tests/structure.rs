//! The code's shape, as docs/architecture.md promises it: every file under
//! `src/` opens with a `//!` comment naming its one concern, none is over
//! 800 lines, and the architecture's table of what lives where lists every
//! file there is, and no file that is gone.

use std::path::{Path, PathBuf};

const MAX_LINES: usize = 800;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

#[test]
fn every_source_file_names_its_concern_and_is_at_most_800_lines() {
    let mut problems = Vec::new();
    for (path, text) in sources() {
        if !text.starts_with("//!") {
            problems.push(format!("{path}: does not open with a `//!` comment"));
        }
        let n = text.lines().count();
        if n > MAX_LINES {
            problems.push(format!("{path}: {n} lines (at most {MAX_LINES})"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_architecture_table_lists_every_source_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    // Table rows: | `src/...rs` | concern |
    let listed: Vec<String> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|p| p.starts_with("src/"))
        .map(str::to_string)
        .collect();
    let files: Vec<String> = sources().into_iter().map(|(p, _)| p).collect();
    let missing: Vec<&String> = files.iter().filter(|f| !listed.contains(f)).collect();
    let gone: Vec<&String> = listed.iter().filter(|l| !files.contains(l)).collect();
    assert!(
        missing.is_empty() && gone.is_empty(),
        "docs/architecture.md's table is out of date (scripts/architecture-table.py prints a fresh one)\nnot listed: {missing:?}\nlisted but gone: {gone:?}"
    );
}

/// Every diagnostic the library makes carries a code: each
/// `Diagnostic::error(...)` / `Diagnostic::warning(...)` under `src/` is
/// followed by `.with_code(...)`.
#[test]
fn every_diagnostic_has_a_code() {
    let mut missing = Vec::new();
    for (path, text) in sources() {
        let b = text.as_bytes();
        for start in ["Diagnostic::error(", "Diagnostic::warning("] {
            let mut from = 0;
            while let Some(at) = text[from..].find(start) {
                let open = from + at + start.len() - 1;
                from = open + 1;
                // Skip codespan's own constructors (no arguments).
                if b.get(open + 1) == Some(&b')') {
                    continue;
                }
                let (mut depth, mut i, mut in_str) = (0usize, open, false);
                while i < b.len() {
                    let c = b[i];
                    if in_str {
                        if c == b'\\' {
                            i += 1;
                        } else if c == b'"' {
                            in_str = false;
                        }
                    } else if c == b'"' {
                        in_str = true;
                    } else if c == b'(' {
                        depth += 1;
                    } else if c == b')' {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    i += 1;
                }
                if !text[i + 1..].trim_start().starts_with(".with_code(") {
                    let line = text[..open].matches('\n').count() + 1;
                    missing.push(format!("{path}:{line}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "diagnostics without a code:\n{}",
        missing.join("\n")
    );
}
