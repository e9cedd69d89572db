//! Shared by the integration tests: reading rules/perft/*.perft, a UCI engine session, a fixed-depth best move.
#![allow(dead_code)]

pub mod docs;

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

/// The best move (as written in UCI) and score of a fixed-depth search of
/// `variant` from `fen`.
pub fn best_move(
    v: &myriad::movegen::Variant,
    fen: &str,
    depth: u32,
) -> (String, myriad::search::Score) {
    use myriad::notation::{move_to_string, parse_fen};
    use myriad::search::{Limits, Searcher};
    let pos = parse_fen(v, fen).unwrap_or_else(|e| panic!("{e}"));
    let mut s = Searcher::new(v, 16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(v, &pos, &[], &limits, &mut |_| {});
    (move_to_string(v, r.best.expect("a move")), r.score)
}

/// A running `myriad uci` (or another command): its stdin, and its stdout's
/// lines with the time each arrived, read by a thread. Dropping it kills
/// the process, so a failed test leaves no engine searching.
pub struct Engine {
    pub child: std::process::Child,
    pub stdin: std::process::ChildStdin,
    pub lines: std::sync::mpsc::Receiver<(std::time::Instant, String)>,
}

impl Engine {
    /// `myriad uci`, run in the crate's folder.
    pub fn uci() -> Engine {
        Engine::spawn(std::process::Command::new(env!("CARGO_BIN_EXE_myriad")).arg("uci"))
    }

    /// `cmd`, run in the crate's folder with piped stdin and stdout.
    pub fn spawn(cmd: &mut std::process::Command) -> Engine {
        use std::io::BufRead;
        use std::process::Stdio;
        let mut child = cmd
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("myriad uci starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((std::time::Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    /// Write `bytes` and a newline, flushed; false if the engine is gone.
    pub fn write_line(&mut self, bytes: &[u8]) -> bool {
        use std::io::Write;
        self.stdin.write_all(bytes).is_ok()
            && self.stdin.write_all(b"\n").is_ok()
            && self.stdin.flush().is_ok()
    }

    /// Read lines up to one starting with `end` (included), until
    /// `deadline`: the lines and the time the last one arrived, or the lines
    /// read and why no more came.
    #[allow(clippy::type_complexity)]
    pub fn until(
        &mut self,
        end: &str,
        deadline: std::time::Instant,
    ) -> Result<(Vec<String>, std::time::Instant), (Vec<String>, std::sync::mpsc::RecvTimeoutError)>
    {
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((t, line)) => {
                    let done = line.starts_with(end);
                    got.push(line);
                    if done {
                        return Ok((got, t));
                    }
                }
                Err(e) => return Err((got, e)),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
