//! The variants served: the bundled rule files and the ones given, each with
//! its id, its last good load and its current errors; and their JSON: the
//! variant description the page draws from, and diagnostics as data.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use serde_json::{Value, json};

use crate::lang::diagnostic::{Diagnostic, Severity, SourceMap, render_all};
use crate::load::{Game, LoadError, load};
use crate::notation::write_fen;
use crate::protocol::bundled;
use crate::testing::run_tests;

/// One served rule file.
pub struct Entry {
    /// The id: the file's stem (made unique).
    pub id: String,
    /// The file.
    pub path: PathBuf,
    /// Its last good load (None if it never loaded).
    pub game: Option<Arc<Game>>,
    /// Its problems now, if the last load failed: (diagnostics as JSON, the
    /// text `myriad check` prints).
    pub error: Option<(Value, String)>,
    /// The results of its `test` blocks at the last reload, as JSON.
    pub tests: Option<Value>,
    /// The files read and their modification times, at the last load.
    pub stamp: Vec<(PathBuf, Option<SystemTime>)>,
    /// Counts loads (0 for the first).
    pub revision: u64,
}

/// Every served variant, sorted by id.
#[derive(Default)]
pub struct Catalog {
    /// The entries.
    pub entries: Vec<Entry>,
}

/// The modification time of a file, if it can be read.
pub fn mtime(p: &Path) -> Option<SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

fn stamp_of(path: &Path, sources: &SourceMap) -> Vec<(PathBuf, Option<SystemTime>)> {
    let mut out = vec![(path.to_path_buf(), mtime(path))];
    for i in 0..sources.len() {
        let p = PathBuf::from(sources.name(i));
        if p.is_file() && !out.iter().any(|(q, _)| *q == p) {
            let t = mtime(&p);
            out.push((p, t));
        }
    }
    out
}

/// The outcome of loading one file: the game, or its problems.
pub struct Loaded {
    /// The game, if it loaded.
    pub game: Result<Arc<Game>, (Value, String)>,
    /// The files read, with their times.
    pub stamp: Vec<(PathBuf, Option<SystemTime>)>,
}

/// Load a file (reading its modification times first, so that a change
/// during the load is seen by the next poll).
pub fn load_entry(path: &Path) -> Loaded {
    let before = mtime(path);
    match load(path) {
        Ok(g) => {
            let mut stamp = stamp_of(path, &g.sources);
            stamp[0].1 = before;
            Loaded {
                game: Ok(Arc::new(g)),
                stamp,
            }
        }
        Err(e) => {
            let mut stamp = stamp_of(path, &e.sources);
            stamp[0].1 = before;
            Loaded {
                game: Err(load_error_json(&e)),
                stamp,
            }
        }
    }
}

/// A load error as (diagnostics JSON, rendered text).
pub fn load_error_json(e: &LoadError) -> (Value, String) {
    (diagnostics_json(&e.diagnostics, &e.sources), e.rendered())
}

/// Diagnostics as data: severity, code, message, file, line, col (from 1),
/// the source line, the label and the hint.
pub fn diagnostics_json(diags: &[Diagnostic], sources: &SourceMap) -> Value {
    let list: Vec<Value> = diags
        .iter()
        .map(|d| {
            let (line, col) = sources.line_col(d.span.file, d.span.start);
            let source_line = sources
                .source(d.span.file)
                .lines()
                .nth(line.saturating_sub(1))
                .unwrap_or("");
            json!({
                "severity": match d.severity { Severity::Error => "error", Severity::Warning => "warning" },
                "code": d.code.map(|c| c.as_str()),
                "message": d.message,
                "file": sources.name(d.span.file),
                "line": line,
                "col": col,
                "source_line": source_line,
                "label": d.label,
                "hint": d.help,
            })
        })
        .collect();
    Value::Array(list)
}

/// The results of a game's `test` blocks as JSON.
pub fn tests_json(game: &Game) -> Value {
    let results = run_tests(game);
    Value::Array(
        results
            .iter()
            .map(|r| {
                json!({
                    "name": r.name,
                    "passed": r.failures.is_empty(),
                    "failures": diagnostics_json(&r.failures, &game.sources),
                    "rendered": render_all(&r.failures, &game.sources),
                })
            })
            .collect(),
    )
}

/// The `*.variant` files of `dir`, sorted.
fn variant_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|it| {
            it.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "variant"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

impl Catalog {
    /// The bundled rule files (unless `bundled` is false) and the files
    /// and directories given. A path that is neither is an error.
    pub fn build(given: &[PathBuf], with_bundled: bool) -> Result<Catalog, String> {
        let mut paths: Vec<PathBuf> = Vec::new();
        if with_bundled {
            paths.extend(bundled::variants().into_iter().map(|(_, p)| p));
        }
        for g in given {
            if g.is_dir() {
                let files = variant_files(g);
                if files.is_empty() {
                    return Err(format!(
                        "{}: no .variant file in this directory",
                        g.display()
                    ));
                }
                paths.extend(files);
            } else if g.is_file() {
                paths.push(g.clone());
            } else {
                return Err(format!("{}: no such file or directory", g.display()));
            }
        }
        let mut cat = Catalog::default();
        let mut seen: Vec<PathBuf> = Vec::new();
        for p in paths {
            let canon = p.canonicalize().unwrap_or_else(|_| p.clone());
            if seen.contains(&canon) {
                continue;
            }
            seen.push(canon);
            let stem = p
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("variant")
                .to_string();
            let mut id = stem.clone();
            let mut n = 2;
            while cat.entries.iter().any(|e| e.id == id) {
                id = format!("{stem}-{n}");
                n += 1;
            }
            let loaded = load_entry(&p);
            let (game, error) = match loaded.game {
                Ok(g) => (Some(g), None),
                Err(e) => (None, Some(e)),
            };
            cat.entries.push(Entry {
                id,
                path: p,
                game,
                error,
                tests: None,
                stamp: loaded.stamp,
                revision: 0,
            });
        }
        cat.entries.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(cat)
    }

    /// The entry with this id.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entry with this id, or one whose game has this name (any case).
    pub fn find(&self, name: &str) -> Option<&Entry> {
        self.get(name).or_else(|| {
            self.entries.iter().find(|e| {
                e.id.eq_ignore_ascii_case(name)
                    || e.game
                        .as_ref()
                        .is_some_and(|g| g.variant.rules.name.eq_ignore_ascii_case(name))
            })
        })
    }

    /// The ids, for messages.
    pub fn ids(&self) -> String {
        let ids: Vec<&str> = self.entries.iter().map(|e| e.id.as_str()).collect();
        ids.join(", ")
    }
}

/// The description of a variant the page draws from (see docs/api.md).
pub fn game_info(id: &str, game: &Game) -> Value {
    let r = &game.variant.rules;
    let v = &game.variant;
    let b = &r.board;
    let holes: Vec<String> = b
        .holes
        .iter()
        .map(|&c| v.geo.name(v.geo.square(c)))
        .collect();
    let droppable = |k: usize| r.drops.iter().any(|d| d.piece == k);
    let pieces: Vec<Value> = r
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            json!({
                "letter": if p.plus { format!("+{}", p.letter) } else { p.letter.to_string() },
                "name": p.name,
                "figure": p.figure,
                "royal": p.royal,
                "value": p.value,
                "promotes": p.promotion.is_some(),
                "droppable": droppable(k),
            })
        })
        .collect();
    let player = |i: usize| r.players[i].name.clone();
    let options: Vec<Value> = r
        .options
        .iter()
        .map(|o| {
            let vote = o.vote.as_ref().map(|vd| {
                let order: Vec<Value> = vd
                    .voters
                    .iter()
                    .map(|&(p, cond)| {
                        json!({
                            "player": player(p),
                            "when": cond.map(|(q, c)| json!({"player": player(q), "answer": o.choices[c]})),
                        })
                    })
                    .collect();
                json!({"order": order, "any": o.choices[vd.any], "otherwise": o.choices[vd.otherwise]})
            });
            json!({
                "name": o.name,
                "prompt": o.prompt,
                "choices": o.choices,
                "default": o.choices[o.default],
                "vote": vote,
            })
        })
        .collect();
    json!({
        "id": id,
        "name": r.name,
        "board": {
            "files": b.files,
            "ranks": b.ranks,
            "file_labels": b.file_labels,
            "rank_labels": b.rank_labels,
            "holes": holes,
            "squares": b.files as usize * b.ranks as usize - b.holes.len(),
        },
        "players": [player(0), player(1)],
        "pieces": pieces,
        "options": options,
        "start_fen": write_fen(v, &v.start_position()),
    })
}

/// An entry as `GET /api/variants/{id}` answers.
pub fn entry_info(e: &Entry) -> Value {
    let mut info = match &e.game {
        Some(g) => game_info(&e.id, g),
        None => json!({"id": e.id, "name": e.id}),
    };
    let obj = info.as_object_mut().expect("an object");
    obj.insert("file".into(), json!(e.path.display().to_string()));
    match &e.error {
        None => {
            obj.insert("status".into(), json!("ok"));
            obj.insert("diagnostics".into(), json!([]));
            obj.insert("rendered".into(), json!(""));
        }
        Some((d, text)) => {
            obj.insert("status".into(), json!("error"));
            obj.insert("diagnostics".into(), d.clone());
            obj.insert("rendered".into(), json!(text));
        }
    }
    obj.insert("tests".into(), e.tests.clone().unwrap_or(Value::Null));
    obj.insert("revision".into(), json!(e.revision));
    info
}
