//! `myriad new`: write a starter rule file in the current directory that
//! extends a bundled game (or any rule file), with a sample piece and tests.

use std::path::{Component, Path, PathBuf};

use clap::Args;

use myriad::load::load;
use myriad::protocol::bundled::variants;
use myriad::workbench::scaffold::{game_name, starter};

use super::{Failure, bad_input};

/// `myriad new` arguments.
#[derive(Args)]
pub struct NewArgs {
    /// The new variant's name: the file NAME.variant is written.
    pub name: String,
    /// The parent game: a bundled variant's name (`chess`, `shatranj`, ...)
    /// or a rule file's path.
    #[arg(long, value_name = "PARENT", default_value = "chess")]
    pub from: String,
}

/// Write NAME.variant; refuse to overwrite a file.
pub(super) fn new(a: &NewArgs) -> Result<(), Failure> {
    let stem = a.name.strip_suffix(".variant").unwrap_or(&a.name);
    let game = game_name(stem).map_err(bad_input)?;
    let parent_path = parent(&a.from)?;
    let parent = load(&parent_path).map_err(|e| bad_input(e.rendered()))?;
    let cwd = std::env::current_dir().map_err(|e| bad_input(format!("current directory: {e}")))?;
    let file = cwd.join(format!("{stem}.variant"));
    if file.exists() {
        return Err(bad_input(format!(
            "{}: already exists; not overwritten",
            file.display()
        )));
    }
    let import = relative(&cwd, &parent_path);
    let text = starter(&game, &file.to_string_lossy(), &parent, &import).map_err(bad_input)?;
    // create_new: never overwrite, even a file that appeared meanwhile.
    let mut out = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&file)
        .map_err(|e| bad_input(format!("{}: {e}", file.display())))?;
    std::io::Write::write_all(&mut out, text.as_bytes())
        .map_err(|e| bad_input(format!("{}: {e}", file.display())))?;
    println!(
        "wrote {stem}.variant: game {game} extends {}; try `myriad test {stem}.variant`",
        parent.variant.rules.name
    );
    Ok(())
}

/// A bundled variant by name, or a path.
fn parent(from: &str) -> Result<PathBuf, Failure> {
    let path = Path::new(from);
    if path.is_file() {
        return std::fs::canonicalize(path).map_err(|e| bad_input(format!("{from}: {e}")));
    }
    let all = variants();
    match all.iter().find(|(n, _)| n == from) {
        Some((_, p)) => std::fs::canonicalize(p).map_err(|e| bad_input(format!("{from}: {e}"))),
        None => {
            let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
            Err(bad_input(format!(
                "--from `{from}`: no such rule file or bundled variant (bundled: {})",
                names.join(" ")
            )))
        }
    }
}

/// `to` relative to the directory `from` (both absolute), with `/`
/// separators; `to` itself when they share no root.
fn relative(from: &Path, to: &Path) -> String {
    let from = std::fs::canonicalize(from).unwrap_or_else(|_| from.to_path_buf());
    let a: Vec<Component> = from.components().collect();
    let b: Vec<Component> = to.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common <= 1 {
        return to.to_string_lossy().into_owned();
    }
    let mut parts: Vec<String> = vec!["..".to_string(); a.len() - common];
    parts.extend(
        b[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}
