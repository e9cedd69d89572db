//! Shared by the integration tests: reading rules/perft/*.perft.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// One row of a perft data file.
#[derive(Debug, Clone)]
pub struct PerftCase {
    pub rules: PathBuf,
    pub id: String,
    pub depth: u32,
    pub nodes: u64,
    /// None = the variant's start position.
    pub fen: Option<String>,
    pub deep: bool,
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn perft_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("readable dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

/// Every row of every perft file: rules/perft/NAME.perft (for rules/NAME.variant)
/// and tests/fixtures/oracle/NAME.perft (for the rule file beside it).
pub fn perft_cases() -> Vec<PerftCase> {
    let mut out = Vec::new();
    for f in perft_files(&root().join("rules/perft")) {
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        let rules = root().join("rules").join(format!("{stem}.variant"));
        out.extend(parse_perft_file(&f, &rules));
    }
    for f in perft_files(&root().join("tests/fixtures/oracle")) {
        out.extend(parse_perft_file(&f, &f.with_extension("variant")));
    }
    out
}

pub fn parse_perft_file(path: &Path, rules: &Path) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(path).expect("readable perft file");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let cols: Vec<&str> = l.split('|').map(str::trim).collect();
            assert!(cols.len() >= 4, "{}: bad row: {l}", path.display());
            PerftCase {
                rules: rules.to_path_buf(),
                id: cols[0].to_string(),
                depth: cols[1].parse().expect("depth"),
                nodes: cols[2].parse().expect("nodes"),
                fen: (cols[3] != "start").then(|| cols[3].to_string()),
                deep: cols.get(4) == Some(&"deep"),
            }
        })
        .collect()
}
