//! The rule-file examples of docs/*.md: every fenced block tagged ```variant.

use std::path::{Path, PathBuf};

/// A ```variant block: where it starts and its text.
pub struct Block {
    /// The docs file.
    pub file: PathBuf,
    /// The line of its opening fence (from 1).
    pub line: usize,
    /// Its text.
    pub text: String,
}

/// Every fenced block whose info string is exactly `variant`.
pub fn variant_blocks(file: &Path) -> Vec<Block> {
    let text = std::fs::read_to_string(file).expect("read a docs file");
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    let mut fence = String::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut current {
            None => {
                if let Some(rest) = trimmed.strip_prefix("```") {
                    fence = "```".to_string();
                    let info = rest.trim();
                    if info == "variant" {
                        current = Some(Block {
                            file: file.to_path_buf(),
                            line: i + 1,
                            text: String::new(),
                        });
                    } else {
                        // Skip any other fenced block (including variant-fragment).
                        current = Some(Block {
                            file: PathBuf::new(),
                            line: 0,
                            text: String::new(),
                        });
                    }
                }
            }
            Some(b) => {
                if trimmed.starts_with(&fence) && trimmed.trim() == fence {
                    let b = current.take().expect("open block");
                    if b.line != 0 {
                        out.push(b);
                    }
                } else {
                    b.text.push_str(line);
                    b.text.push('\n');
                }
            }
        }
    }
    assert!(
        current.is_none(),
        "{}: a fenced code block is never closed",
        file.display()
    );
    out
}

/// Every docs/*.md file, sorted.
pub fn docs_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}
