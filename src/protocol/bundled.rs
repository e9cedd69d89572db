//! The bundled rule files (`rules/*.variant`), found at run time.
//!
//! The directory is the first that exists of: `$MYRIAD_RULES`, `rules/` next
//! to the executable or up to three directories above it (a cargo build
//! directory inside the repository), the crate's own `rules/` as compiled
//! in, and `./rules`.

use std::path::{Path, PathBuf};

/// The directory of the bundled rule files, if one is found.
pub fn rules_dir() -> Option<PathBuf> {
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(d) = std::env::var_os("MYRIAD_RULES") {
        candidates.push(PathBuf::from(d));
    }
    if let Ok(exe) = std::env::current_exe() {
        let mut dir = exe.parent().map(Path::to_path_buf);
        for _ in 0..4 {
            let Some(d) = dir else { break };
            candidates.push(d.join("rules"));
            dir = d.parent().map(Path::to_path_buf);
        }
    }
    candidates.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("rules"));
    candidates.push(PathBuf::from("rules"));
    candidates
        .into_iter()
        .find(|d| d.join("chess.variant").is_file() || has_variants(d))
}

fn has_variants(d: &Path) -> bool {
    std::fs::read_dir(d).is_ok_and(|mut it| {
        it.any(|e| e.is_ok_and(|e| e.path().extension().is_some_and(|x| x == "variant")))
    })
}

/// The bundled rule files as (name, path), the name being the file's stem
/// (`chess`, `gustavian-crab`, ...), sorted by name.
pub fn variants() -> Vec<(String, PathBuf)> {
    let Some(dir) = rules_dir() else {
        return Vec::new();
    };
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .map(|it| {
            it.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "variant"))
                .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// An option declared by a bundled rule file, as the protocols offer it:
/// the union over the files of each option's choices.
#[derive(Debug, Clone)]
pub struct RuleOption {
    /// The option's name.
    pub name: String,
    /// Its choices, in first-seen order.
    pub choices: Vec<String>,
    /// The default of the first file declaring it.
    pub default: String,
}

/// The options declared by the rule files `bundled` (those that load), in
/// first-seen order; an option declared by several files gets the union of
/// their choices and the first file's default.
pub fn rule_options(bundled: &[(String, PathBuf)]) -> Vec<RuleOption> {
    let mut out: Vec<RuleOption> = Vec::new();
    for (_, path) in bundled {
        let Ok(g) = crate::load::load(path) else {
            continue;
        };
        for o in &g.variant.rules.options {
            match out.iter_mut().find(|r| r.name == o.name) {
                Some(r) => {
                    for c in &o.choices {
                        if !r.choices.contains(c) {
                            r.choices.push(c.clone());
                        }
                    }
                }
                None => out.push(RuleOption {
                    name: o.name.clone(),
                    choices: o.choices.clone(),
                    default: o.choices[o.default].clone(),
                }),
            }
        }
    }
    out
}
