//! `myriad fmt`: rewrite rule files in the canonical layout, or with
//! `--check` list those that are not (with their first differing line).

use std::path::{Path, PathBuf};

use clap::Args;

use myriad::workbench::fmt::{first_difference, format};

use super::Failure;

/// `myriad fmt` arguments.
#[derive(Args)]
pub struct FmtArgs {
    /// Rule files, or directories (every `*.variant` file below them).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Change nothing: list the files that would change, with the first
    /// line that would, and exit 1 if there is any.
    #[arg(long)]
    pub check: bool,
}

/// Run `myriad fmt`: exit 0 if all is well, 1 if `--check` found a file
/// to reformat, 2 if a file could not be read, parsed or written (that file
/// is left untouched; the others are still done).
pub(super) fn fmt(a: &FmtArgs) -> Result<(), Failure> {
    let mut files = Vec::new();
    let mut broken = 0usize;
    for p in &a.files {
        if p.is_dir() {
            if let Err(e) = variant_files(p, &mut files) {
                eprintln!("{}: {e}", p.display());
                broken += 1;
            }
        } else {
            files.push(p.clone());
        }
    }
    let mut unformatted = 0usize;
    for f in &files {
        let name = f.display().to_string();
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{name}: {e}");
                broken += 1;
                continue;
            }
        };
        let out = match format(&name, &text) {
            Ok(o) => o,
            Err(msg) => {
                eprintln!("{}", msg.trim_end());
                broken += 1;
                continue;
            }
        };
        let Some((line, old, new)) = first_difference(&text, &out) else {
            continue;
        };
        if a.check {
            unformatted += 1;
            println!("{name}: not formatted (`myriad fmt {name}` rewrites it)");
            println!("  line {line}:");
            println!("  - {old}");
            println!("  + {new}");
        } else if let Err(e) = std::fs::write(f, &out) {
            eprintln!("{name}: {e}");
            broken += 1;
        } else {
            println!("{name}: formatted");
        }
    }
    if broken > 0 {
        Err(Failure(
            format!("{broken} file(s) could not be formatted"),
            2,
        ))
    } else if unformatted > 0 {
        Err(Failure(format!("{unformatted} file(s) not formatted"), 1))
    } else {
        Ok(())
    }
}

/// Every `*.variant` file below `dir`, sorted.
fn variant_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for p in entries {
        if p.is_dir() {
            variant_files(&p, out)?;
        } else if p.extension().is_some_and(|e| e == "variant") {
            out.push(p);
        }
    }
    Ok(())
}
