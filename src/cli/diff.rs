//! `myriad diff`: compare two rule files, or a rule file with its version in
//! an earlier git commit (`--git REV`), and report what the change did.

use std::path::{Path, PathBuf};
use std::process::Command;

use clap::Args;

use myriad::load::{Game, load, load_source};
use myriad::workbench::diff::{DiffConfig, diff as compare};

use super::{Failure, bad_input};

/// `myriad diff` arguments.
#[derive(Args)]
pub struct DiffArgs {
    /// The old rule file (with `--git`: the file, compared with its version at REV).
    pub old: PathBuf,
    /// The new rule file.
    #[arg(required_unless_present = "git", conflicts_with = "git")]
    pub new: Option<PathBuf>,
    /// Compare FILE as it is now with FILE at this git revision
    /// (read with `git show REV:FILE`; imports are read from the working tree).
    #[arg(long, value_name = "REV")]
    pub git: Option<String>,
    /// More positions to compare, one FEN a line (blank lines and lines
    /// starting with # skipped).
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// Perft depth compared in every position (0: none).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=4))]
    pub depth: u32,
    /// Random playouts of the old rules whose positions are compared too.
    #[arg(long, default_value_t = 4)]
    pub playouts: usize,
    /// Their seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Run `myriad diff`: exit 0 if nothing differs, 1 if something does, 2 on
/// bad input (as diff(1)).
pub(super) fn diff(a: &DiffArgs) -> Result<(), Failure> {
    let (old, old_name, new, new_name) = match (&a.new, &a.git) {
        (_, Some(rev)) => {
            let text = git_show(&a.old, rev)?;
            let name = format!("{}@{rev}", a.old.display());
            let old = load_source(&a.old.to_string_lossy(), &text)
                .map_err(|e| bad_input(format!("{name}:\n{}", e.rendered())))?;
            (old, name, load_file(&a.old)?, a.old.display().to_string())
        }
        (Some(new), None) => (
            load_file(&a.old)?,
            a.old.display().to_string(),
            load_file(new)?,
            new.display().to_string(),
        ),
        (None, None) => return Err(bad_input("give NEW.variant or --git REV")),
    };
    let mut cfg = DiffConfig {
        depth: a.depth,
        playouts: a.playouts,
        seed: a.seed,
        ..DiffConfig::default()
    };
    if let Some(p) = &a.positions {
        let text = std::fs::read_to_string(p)
            .map_err(|e| bad_input(format!("--positions {}: {e}", p.display())))?;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                cfg.positions
                    .push((format!("{}:{}", p.display(), i + 1), line.to_string()));
            }
        }
    }
    let report = compare(&old, &new, &old_name, &new_name, &cfg);
    if a.json {
        let text = serde_json::to_string_pretty(&report).map_err(bad_input)?;
        println!("{text}");
    } else {
        print!("{}", report.text());
    }
    if report.differs() {
        Err(Failure(String::new(), 1))
    } else {
        Ok(())
    }
}

fn load_file(p: &Path) -> Result<Game, Failure> {
    load(p).map_err(|e| bad_input(e.rendered()))
}

/// The text of `path` at git revision `rev`.
fn git_show(path: &Path, rev: &str) -> Result<String, Failure> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let file = path
        .file_name()
        .ok_or_else(|| bad_input(format!("{}: not a file", path.display())))?;
    // `./NAME` is relative to the directory git runs in: the file's own.
    let spec = format!("{rev}:./{}", file.to_string_lossy());
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["show", &spec])
        .output()
        .map_err(|e| bad_input(format!("--git: cannot run git: {e}")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let why = if err.contains("not a git repository") {
            format!("{} is not in a git repository", path.display())
        } else {
            format!(
                "cannot read {} at revision `{rev}`: {}",
                path.display(),
                err.trim()
            )
        };
        return Err(bad_input(format!("--git: {why}")));
    }
    String::from_utf8(out.stdout)
        .map_err(|_| bad_input(format!("--git: {} at {rev} is not UTF-8", path.display())))
}
