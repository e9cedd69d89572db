//! AST to IR: imports, inheritance, name resolution, validation.
//!
//! Loading runs in three stages:
//! 1. **files**: parse the rule file and, depth first, every file it imports
//!    (paths relative to the importing file; a cycle is an error);
//! 2. **inheritance**: flatten the loaded game (the last `game` of the file
//!    itself) with its `extends` chain into one set of blocks, and resolve
//!    piece `extends` and `moves +=`;
//! 3. **lowering**: resolve every name and square and check the game, turning
//!    it into a [`RuleSet`]: block by block in dependency order, each step
//!    taking what the earlier ones produced; a step whose input failed is
//!    skipped and the others still run ("Lowering stages" in
//!    docs/architecture.md).
//!
//! Every stage collects all the errors it finds instead of stopping at the
//! first; loading fails if there is any.
//!
//! One file per topic: `sources` (files and imports), `inherit`
//! (`extends`), then the lowering of each block: `board`, `players`
//! (players and directions), `zones`, `pieces` (pieces and move rules),
//! `castling`, `setup`, `end`, `hand` (options, reserves, drops),
//! `test_blocks`, and the lints (`lints`, `reach`). Macros and `when` are in `expand`.

use super::*;
use crate::lang::ast;
use crate::lang::codes::Code;
use crate::lang::diagnostic::{Diagnostic, FileId, Severity, SourceMap, Span, did_you_mean};
use crate::lang::parser;
use indexmap::IndexMap;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

mod board;
mod castling;
mod end;
mod expand;
mod goals;
mod hand;
mod inherit;
mod keywords;
mod lints;
mod pairs;
mod pieces;
mod players;
mod reach;
mod remove;
mod setup;
mod sources;
mod test_blocks;
mod whereabouts;
mod zones;

use board::{Geometry, Holes, Sides};
pub use expand::{MAX_EXPANSION_BYTES, MAX_MACRO_DEPTH};
pub use goals::MAX_CHECKS;
pub use goals::MAX_EXPLOSION;
use inherit::Flat;
pub use inherit::MAX_EXTENDS_DEPTH;
pub use pieces::MAX_FIGURE;
use sources::{Budget, Loader, read_rule_file};
pub use sources::{MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES};

/// A loaded, validated game and the warnings found on the way.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The game: the last `game` declared in the loaded file.
    pub rules: RuleSet,
    /// Lints: things that are legal but probably not meant.
    pub warnings: Vec<Diagnostic>,
}

/// Largest number of files or ranks.
pub const MAX_BOARD_SIDE: usize = 16;
/// Largest vector component (any longer vector leaves a 16x16 board).
const MAX_VECTOR: i64 = 15;

/// Load the rule file at `path` (and its imports) and lower its last game.
///
/// Only regular files are read, within [`MAX_FILE_BYTES`] each,
/// [`MAX_TOTAL_BYTES`] and [`MAX_FILES`] in all.
pub fn load_file(
    path: &Path,
    sources: &mut SourceMap,
    options: &[(String, String)],
) -> Result<Loaded, Vec<Diagnostic>> {
    let name = path.display().to_string();
    let mut budget = Budget::default();
    match read_rule_file(path, &mut budget) {
        Ok(text) => load_text(&name, &text, sources, options, budget),
        Err(e) => {
            let file = sources.add(name.clone(), String::new());
            let words = e.words(ToString::to_string);
            Err(vec![
                Diagnostic::error(
                    Span::new(file, 0..0),
                    format!("cannot read `{name}`: {words}"),
                )
                .with_code(Code::Import)
                .with_label("this file"),
            ])
        }
    }
}

/// Load rule text named `name`; imports resolve relative to `name`'s folder
/// (the current folder if it has none).
pub fn load_source(
    name: &str,
    source: &str,
    sources: &mut SourceMap,
    options: &[(String, String)],
) -> Result<Loaded, Vec<Diagnostic>> {
    load_text(name, source, sources, options, Budget::default())
}

/// [`load_source`], `budget` saying what was read already.
fn load_text(
    name: &str,
    source: &str,
    sources: &mut SourceMap,
    options: &[(String, String)],
    budget: Budget,
) -> Result<Loaded, Vec<Diagnostic>> {
    let file = sources.add(name, source);
    let path = Path::new(name);
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let dir = path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let mut loader = Loader {
        sources,
        done: HashSet::new(),
        stack: Vec::new(),
        games: Vec::new(),
        defines: Vec::new(),
        option_params: options.to_vec(),
        expansions: Vec::new(),
        errors: Vec::new(),
        load_failed: false,
        budget,
        expanded_bytes: 0,
        expansion_failed: false,
    };
    loader.stack.push((key.clone(), None));
    let root_games = loader.process(file, source, &dir);
    loader.stack.pop();
    loader.done.insert(key);
    if loader.load_failed {
        return Err(finish(loader.errors));
    }
    let Some(&target) = root_games.last() else {
        loader.errors.push(
            Diagnostic::error(Span::new(file, 0..0), "this file declares no game")
                .with_code(Code::MissingBlock)
                .with_label("expected `game Name { ... }`"),
        );
        return Err(finish(loader.errors));
    };
    let flat = loader.flatten(target, &mut Vec::new());
    let mut errors = std::mem::take(&mut loader.errors);
    let mut warnings = Vec::new();
    let rules = flat.and_then(|flat| {
        let mut lw = Lowerer::new(&flat, &mut errors, &mut warnings, options, loader.sources);
        lw.lower()
    });
    loader.check_other_games(&root_games, target, &mut errors);
    let mut errors = finish(errors);
    let mut warnings = finish(warnings);
    loader.point_at_uses(&mut errors);
    loader.point_at_uses(&mut warnings);
    match rules {
        Some(rules) if errors.is_empty() => Ok(Loaded {
            rules,
            warnings: finish(warnings),
        }),
        _ => Err(finish(errors)),
    }
}

/// The text at `span` in `sources`, as written.
fn written(sources: &SourceMap, span: Span) -> &str {
    sources
        .source(span.file)
        .get(span.start..span.end)
        .unwrap_or("")
}

/// Sort by position and drop exact duplicates (inherited blocks can report twice).
fn finish(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    diags.sort_by_key(|d| (d.span.file, d.span.start, d.severity == Severity::Warning));
    // A set, not a scan of what is kept: a macro used thousands of times can
    // repeat one error thousands of times.
    let mut seen: HashSet<(Span, String)> = HashSet::new();
    diags
        .into_iter()
        .filter(|d| seen.insert((d.span, d.message.clone())))
        .collect()
}

fn duplicate(what: &str, name: &ast::Ident, first: Span) -> Diagnostic {
    Diagnostic::error(name.span, format!("duplicate {what} `{}`", name.text))
        .with_code(Code::Duplicate)
        .with_label("declared again here")
        .with_secondary(first, "first declared here")
}

fn block_twice(what: &str, again: Span, first: Span) -> Diagnostic {
    Diagnostic::error(again, format!("duplicate `{what}` block"))
        .with_code(Code::Duplicate)
        .with_label("second block here")
        .with_secondary(first, "first block here")
}

/// "unknown piece `Kng`" with a did-you-mean or the list of known names.
fn unknown<'a>(
    kind: &str,
    name: &ast::Ident,
    known: impl IntoIterator<Item = &'a str> + Clone,
) -> Diagnostic {
    let d = Diagnostic::error(name.span, format!("unknown {kind} `{}`", name.text))
        .with_code(Code::UnknownName)
        .with_label(format!("no {kind} has this name"));
    if let Some(g) = did_you_mean(&name.text, known.clone()) {
        return d.with_help(format!("did you mean `{g}`?"));
    }
    let all: Vec<String> = known.into_iter().map(|k| format!("`{k}`")).collect();
    match all.len() {
        0 => d,
        1..=10 => d.with_help(format!("known: {}", all.join(", "))),
        _ => d,
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Append the items of `new` not already in `out`, keeping order.
fn push_unique<T: PartialEq>(out: &mut Vec<T>, new: Vec<T>) {
    for v in new {
        if !out.contains(&v) {
            out.push(v);
        }
    }
}

struct Lowerer<'a> {
    flat: &'a Flat,
    errors: &'a mut Vec<Diagnostic>,
    warnings: &'a mut Vec<Diagnostic>,
    dirs: HashMap<String, Option<Vec<Vector>>>,
    used_dirs: HashSet<String>,
    zone_ids: IndexMap<String, ZoneId>,
    used_zones: HashSet<String>,
    piece_ids: IndexMap<String, PieceId>,
    /// The piece whose rules are being lowered.
    piece_name: String,
    /// Each move rule as written (not `prefer` itself, the rules inside it),
    /// with its piece and what it lowered to: for the `never-moves` lint.
    leaf_rules: Vec<(String, Span, Vec<MoveRule>)>,
    /// Option values given by the caller (name, value).
    option_params: &'a [(String, String)],
    /// Every file read, to quote numbers as written.
    sources: &'a SourceMap,
}

impl<'a> Lowerer<'a> {
    fn new(
        flat: &'a Flat,
        errors: &'a mut Vec<Diagnostic>,
        warnings: &'a mut Vec<Diagnostic>,
        option_params: &'a [(String, String)],
        sources: &'a SourceMap,
    ) -> Self {
        Lowerer {
            flat,
            errors,
            warnings,
            dirs: HashMap::new(),
            used_dirs: HashSet::new(),
            zone_ids: IndexMap::new(),
            used_zones: HashSet::new(),
            piece_ids: IndexMap::new(),
            piece_name: String::new(),
            leaf_rules: Vec::new(),
            option_params,
            sources,
        }
    }

    /// The text at `span` as written: a number too large for its type is
    /// quoted as the user wrote it, not as the value it was clipped to.
    fn written(&self, span: Span) -> &'a str {
        written(self.sources, span)
    }

    fn err(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    fn missing_block(&mut self, what: &str) {
        let name = &self.flat.name;
        self.errors.push(
            Diagnostic::error(name.span, format!("game `{}` has no {what}", name.text))
                .with_code(Code::MissingBlock)
                .with_label(format!("needs a `{what} {{ ... }}` block")),
        );
    }

    /// Lower the game stage by stage, each stage taking what the earlier
    /// ones produced (see "Lowering stages" in docs/architecture.md).
    fn lower(&mut self) -> Option<RuleSet> {
        let flat = self.flat;
        // Names first, so that a reference resolves whichever stage fails.
        for (i, name) in flat.pieces.keys().enumerate() {
            self.piece_ids.insert(name.clone(), i);
        }
        for (i, name) in flat.zones.keys().enumerate() {
            self.zone_ids.insert(name.clone(), i);
        }
        let geo = match &flat.board {
            Some(b) => self.board(b),
            None => {
                self.missing_block("board");
                None
            }
        };
        let players = match &flat.players {
            Some(p) => self.players(p),
            None => {
                self.missing_block("players");
                None
            }
        };
        let sides = geo.as_ref().zip(players.as_ref());
        let sides = sides.map(|(geo, players)| Sides { geo, players });
        self.directions();
        let zones = self.zones(geo.as_ref(), players.as_ref());
        let pieces = self.pieces();
        let castling = flat
            .castling
            .as_ref()
            .and_then(|c| self.castling(c, &pieces, sides));
        let setup = match &flat.setup {
            Some(s) => {
                let errors_before = self.errors.len();
                let entries = players.as_ref().map(|p| self.setup_entries(s, p));
                entries
                    .zip(sides)
                    .and_then(|(e, at)| self.setup(s, e, at, &pieces, errors_before))
            }
            None => {
                self.missing_block("setup");
                None
            }
        };
        let reserves = self.reserves(players.as_ref());
        let setup = setup.map(|s| SetupDef { reserves, ..s });
        if let (Some(s), Some(p)) = (&setup, &players) {
            self.captured_promotions(s, p);
        }
        let drops = self.drops();
        let (options, option_values) = self.options(players.as_ref());
        let end = self.end(players.as_ref());
        let forbid = self.forbid(&pieces);
        let explosion = self.explosion();
        let tests = self.tests(players.as_ref());
        let zones = zones?;
        let gating = self.gating(&zones);
        self.lints(&zones);
        let (geo, players) = (geo?, players?);
        let stands = setup.as_ref().and_then(|setup| {
            whereabouts::whereabouts(&whereabouts::GameParts {
                geo: &geo,
                players: &players,
                zones: &zones,
                pieces: &pieces,
                setup,
                castling: castling.as_ref(),
                drops: &drops,
                captures_to_hand: flat.captures_to_hand.is_some(),
            })
        });
        self.never_moving_rules(&geo, &players, &zones, &pieces, &drops, stands.as_ref());

        let mut holes: Vec<Coord> = geo.holes.into_iter().collect();
        holes.sort_unstable_by_key(|&(f, r)| (r, f));
        Some(RuleSet {
            name: flat.name.text.clone(),
            board: BoardDef {
                files: geo.files,
                ranks: geo.ranks,
                file_labels: geo.file_labels,
                rank_labels: geo.rank_labels,
                holes,
            },
            players,
            pieces,
            zones,
            castling,
            setup: setup?,
            end,
            tests,
            drops,
            options,
            forbid,
            explosion,
            option_values,
            must_capture: flat.must_capture.is_some(),
            pass: flat.pass.is_some(),
            captures_to_hand: flat.captures_to_hand.is_some(),
            gating,
        })
    }
}
