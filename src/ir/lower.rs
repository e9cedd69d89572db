//! AST to IR: imports, inheritance, name resolution, validation.
//!
//! Loading runs in three stages:
//! 1. **files**: parse the rule file and, depth first, every file it imports
//!    (paths relative to the importing file; a cycle is an error);
//! 2. **inheritance**: flatten the loaded game (the last `game` of the file
//!    itself) with its `extends` chain into one set of blocks, and resolve
//!    piece `extends` and `moves +=`;
//! 3. **lowering**: resolve every name and square and check the game, turning
//!    it into a [`RuleSet`].
//!
//! Every stage collects all the errors it finds instead of stopping at the
//! first; loading fails if there is any.

use super::*;
use crate::lang::ast;
use crate::lang::diagnostic::{Diagnostic, FileId, Severity, SourceMap, Span, did_you_mean};
use crate::lang::parser;
use indexmap::IndexMap;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

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
pub fn load_file(
    path: &Path,
    sources: &mut SourceMap,
    options: &[(String, String)],
) -> Result<Loaded, Vec<Diagnostic>> {
    let name = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => load_source(&name, &text, sources, options),
        Err(e) => {
            let file = sources.add(name.clone(), String::new());
            Err(vec![
                Diagnostic::error(Span::new(file, 0..0), format!("cannot read `{name}`: {e}"))
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
                .with_label("expected `game Name { ... }`"),
        );
        return Err(finish(loader.errors));
    };
    let flat = loader.flatten(target, &mut Vec::new());
    let mut errors = std::mem::take(&mut loader.errors);
    let mut warnings = Vec::new();
    let rules = flat.and_then(|flat| {
        let mut lw = Lowerer::new(&flat, &mut errors, &mut warnings, options);
        lw.lower()
    });
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

/// Sort by position and drop exact duplicates (inherited blocks can report twice).
fn finish(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    diags.sort_by_key(|d| (d.span.file, d.span.start, d.severity == Severity::Warning));
    let mut out: Vec<Diagnostic> = Vec::with_capacity(diags.len());
    for d in diags {
        if !out
            .iter()
            .any(|o| o.span == d.span && o.message == d.message)
        {
            out.push(d);
        }
    }
    out
}

// ============================================================================
// Stage 1: files and imports
// ============================================================================

struct Loader<'s> {
    sources: &'s mut SourceMap,
    /// Files fully loaded (canonical paths).
    done: HashSet<PathBuf>,
    /// Files being loaded, each with the import that led to it.
    stack: Vec<(PathBuf, Option<Span>)>,
    /// Every game of every loaded file, in load order.
    games: Vec<ast::Game>,
    /// Every macro of every loaded file, in load order.
    defines: Vec<ast::Define>,
    /// Option values given by the caller (name, value).
    option_params: Vec<(String, String)>,
    /// Macro expansions made so far, to point errors in a body at its uses.
    expansions: Vec<expand::Expansion>,
    errors: Vec<Diagnostic>,
    load_failed: bool,
}

fn short_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.display().to_string())
}

impl Loader<'_> {
    /// Parse `file`, load its imports, register its games; returns their indices.
    fn process(&mut self, file: FileId, source: &str, dir: &Path) -> Vec<usize> {
        let ast = match parser::parse(source, file) {
            Ok(a) => a,
            Err(e) => {
                self.errors.extend(e);
                self.load_failed = true;
                return Vec::new();
            }
        };
        for import in &ast.imports {
            self.import(import, dir);
        }
        for d in ast.defines {
            if let Some(first) = self.defines.iter().find(|o| o.name.text == d.name.text) {
                self.errors.push(
                    Diagnostic::error(d.name.span, format!("duplicate macro `{}`", d.name.text))
                        .with_label("defined again here")
                        .with_secondary(first.name.span, "first defined here"),
                );
                continue;
            }
            self.defines.push(d);
        }
        let mut mine = Vec::new();
        for g in ast.games {
            if let Some(first) = self.games.iter().find(|o| o.name.text == g.name.text) {
                self.errors.push(
                    Diagnostic::error(g.name.span, format!("duplicate game `{}`", g.name.text))
                        .with_label("declared again here")
                        .with_secondary(first.name.span, "first declared here"),
                );
                continue;
            }
            mine.push(self.games.len());
            self.games.push(g);
        }
        mine
    }

    fn import(&mut self, import: &ast::Import, dir: &Path) {
        let path = dir.join(&import.path.value);
        let key = match std::fs::canonicalize(&path) {
            Ok(k) => k,
            Err(e) => {
                let mut d = Diagnostic::error(
                    import.path.span,
                    format!("cannot import `{}`: {}", import.path.value, io_words(&e)),
                )
                .with_label(format!("looked for {}", path.display()));
                if let Some(g) = similar_file(&path) {
                    d = d.with_help(format!("did you mean `{g}`?"));
                }
                self.errors.push(d);
                self.load_failed = true;
                return;
            }
        };
        if let Some(at) = self.stack.iter().position(|(p, _)| *p == key) {
            let mut chain: Vec<String> = self.stack[at..]
                .iter()
                .map(|(p, _)| short_name(p))
                .collect();
            chain.push(short_name(&key));
            let mut d = Diagnostic::error(
                import.span,
                format!("import cycle: {}", chain.join(" imports ")),
            )
            .with_label(format!("`{}` is already being loaded", short_name(&key)))
            .with_help("move what both files need into a third file that imports neither");
            self.load_failed = true;
            for (p, span) in &self.stack[at + 1..] {
                if let Some(s) = span {
                    d = d.with_secondary(*s, format!("`{}` is imported here", short_name(p)));
                }
            }
            self.errors.push(d);
            return;
        }
        if self.done.contains(&key) {
            return;
        }
        let text = match std::fs::read_to_string(&key) {
            Ok(t) => t,
            Err(e) => {
                self.errors.push(
                    Diagnostic::error(
                        import.path.span,
                        format!("cannot import `{}`: {}", import.path.value, io_words(&e)),
                    )
                    .with_label("imported here"),
                );
                self.load_failed = true;
                return;
            }
        };
        let file = self.sources.add(path.display().to_string(), text.clone());
        let sub_dir = key.parent().map(Path::to_path_buf).unwrap_or_default();
        self.stack.push((key.clone(), Some(import.span)));
        self.process(file, &text, &sub_dir);
        self.stack.pop();
        self.done.insert(key);
    }
}

/// A file next to `path` whose name is close to its name.
fn similar_file(path: &Path) -> Option<String> {
    let want = path.file_name()?.to_string_lossy().into_owned();
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    did_you_mean(&want, names.iter().map(String::as_str)).map(str::to_string)
}

fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string().to_lowercase(),
    }
}

// ============================================================================
// Stage 2: inheritance
// ============================================================================

/// A piece with its inheritance applied, still as syntax.
#[derive(Debug, Clone)]
struct FlatPiece {
    name: ast::Ident,
    letter: ast::StrLit,
    royal: bool,
    value: Option<ast::Number>,
    resets_clock: bool,
    moves: Vec<ast::MoveRule>,
    promote: Option<(ast::Ident, Vec<ast::Ident>, Span)>,
    span: Span,
}

/// A game with its `extends` chain applied, still as syntax.
#[derive(Debug, Clone)]
struct Flat {
    name: ast::Ident,
    board: Option<ast::Board>,
    players: Option<ast::Players>,
    directions: IndexMap<String, ast::DirectionDef>,
    zones: IndexMap<String, ast::ZoneDef>,
    pieces: IndexMap<String, FlatPiece>,
    castling: Option<ast::Castling>,
    setup: Option<ast::Setup>,
    end: Option<ast::End>,
    tests: Vec<ast::Test>,
    /// `reserve` blocks, parents' first (they add up).
    reserves: Vec<ast::Reserve>,
    /// Drop rules, parents' first.
    drops: Vec<ast::Drop>,
    /// Options by name.
    options: IndexMap<String, ast::OptionDecl>,
    /// Pieces replaced (`replaces`): old name to new name.
    renamed: HashMap<String, String>,
    /// Names written in `when` blocks that do not hold (not unused for lints).
    untaken: HashSet<String>,
}

fn duplicate(what: &str, name: &ast::Ident, first: Span) -> Diagnostic {
    Diagnostic::error(name.span, format!("duplicate {what} `{}`", name.text))
        .with_label("declared again here")
        .with_secondary(first, "first declared here")
}

fn block_twice(what: &str, again: Span, first: Span) -> Diagnostic {
    Diagnostic::error(again, format!("duplicate `{what}` block"))
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

impl Loader<'_> {
    /// The game at `index` with its ancestors folded in.
    fn flatten(&mut self, index: usize, visiting: &mut Vec<usize>) -> Option<Flat> {
        let game = self.games[index].clone();
        if visiting.contains(&index) {
            self.errors.push(
                Diagnostic::error(
                    game.name.span,
                    format!("game `{}` extends itself", game.name.text),
                )
                .with_label("through this chain of `extends`"),
            );
            return None;
        }
        visiting.push(index);
        let base = match &game.extends {
            None => None,
            Some(parent) => match self.games.iter().position(|g| g.name.text == parent.text) {
                Some(p) => Some(self.flatten(p, visiting)?),
                None => {
                    let known: Vec<&str> = self
                        .games
                        .iter()
                        .map(|g| g.name.text.as_str())
                        .filter(|n| *n != game.name.text)
                        .collect();
                    self.errors
                        .push(unknown("game", parent, known.iter().copied()));
                    return None;
                }
            },
        };
        visiting.pop();
        Some(self.apply(&game, base))
    }

    /// Apply a game's own blocks on top of its parent's.
    fn apply(&mut self, game: &ast::Game, base: Option<Flat>) -> Flat {
        let inherited_pieces = base.as_ref().map(|b| b.pieces.clone()).unwrap_or_default();
        let mut flat = base.unwrap_or_else(|| Flat {
            name: game.name.clone(),
            board: None,
            players: None,
            directions: IndexMap::new(),
            zones: IndexMap::new(),
            pieces: IndexMap::new(),
            castling: None,
            setup: None,
            end: None,
            tests: Vec::new(),
            reserves: Vec::new(),
            drops: Vec::new(),
            options: IndexMap::new(),
            renamed: HashMap::new(),
            untaken: HashSet::new(),
        });
        flat.name = game.name.clone();
        // Macros first, then the `when` blocks that hold.
        let items = self.expand(&game.items, &mut Vec::new());
        let mut known_options = flat.options.clone();
        for item in &items {
            if let ast::GameItem::Option(o) = item {
                known_options.insert(o.name.text.clone(), o.clone());
            }
        }
        let items = self.select_when(&items, &known_options, &mut flat.untaken);
        flat.tests.clear();
        let errors = &mut self.errors;

        let mut firsts: HashMap<&'static str, Span> = HashMap::new();
        let mut once = |what: &'static str, span: Span, errors: &mut Vec<Diagnostic>| -> bool {
            if let Some(first) = firsts.get(what) {
                errors.push(block_twice(what, span, *first));
                false
            } else {
                firsts.insert(what, span);
                true
            }
        };
        let mut own_dirs: HashMap<String, Span> = HashMap::new();
        let mut own_zones: HashMap<String, Span> = HashMap::new();
        let mut own_pieces: IndexMap<String, ast::Piece> = IndexMap::new();
        let mut own_options: HashMap<String, Span> = HashMap::new();

        for item in &items {
            match item {
                ast::GameItem::Board(b) => {
                    if once("board", b.span, errors) {
                        flat.board = Some(b.clone());
                    }
                }
                ast::GameItem::Players(p) => {
                    if once("players", p.span, errors) {
                        flat.players = Some(p.clone());
                    }
                }
                ast::GameItem::Castling(c) => {
                    if once("castling", c.span, errors) {
                        flat.castling = Some(c.clone());
                    }
                }
                ast::GameItem::Setup(s) => {
                    if once("setup", s.span, errors) {
                        flat.setup = Some(s.clone());
                    }
                }
                ast::GameItem::End(e) => {
                    if once("end", e.span, errors) {
                        flat.end = Some(e.clone());
                    }
                }
                ast::GameItem::Test(t) => flat.tests.push(t.clone()),
                ast::GameItem::Directions(defs) => {
                    for d in defs {
                        if let Some(first) = own_dirs.get(&d.name.text) {
                            errors.push(duplicate("direction set", &d.name, *first));
                        } else {
                            own_dirs.insert(d.name.text.clone(), d.name.span);
                            flat.directions.insert(d.name.text.clone(), d.clone());
                        }
                    }
                }
                ast::GameItem::Zones(defs) => {
                    for z in defs {
                        if let Some(first) = own_zones.get(&z.name.text) {
                            errors.push(duplicate("zone", &z.name, *first));
                        } else {
                            own_zones.insert(z.name.text.clone(), z.name.span);
                            flat.zones.insert(z.name.text.clone(), z.clone());
                        }
                    }
                }
                ast::GameItem::Piece(p) => {
                    if let Some(first) = own_pieces.get(&p.name.text) {
                        errors.push(duplicate("piece", &p.name, first.name.span));
                    } else {
                        own_pieces.insert(p.name.text.clone(), p.clone());
                    }
                }
                ast::GameItem::Reserve(r) => flat.reserves.push(r.clone()),
                ast::GameItem::Drop(d) => flat.drops.push(d.clone()),
                ast::GameItem::Option(o) => {
                    if let Some(first) = own_options.get(&o.name.text) {
                        errors.push(duplicate("option", &o.name, *first));
                    } else {
                        own_options.insert(o.name.text.clone(), o.name.span);
                        flat.options.insert(o.name.text.clone(), o.clone());
                    }
                }
                // Expanded and selected above.
                ast::GameItem::When(_) | ast::GameItem::Use(_) => {}
            }
        }

        // Pieces replaced by an ancestor are still found under their old name.
        let mut lookup = inherited_pieces.clone();
        for (old, new) in &flat.renamed {
            if !lookup.contains_key(old)
                && let Some(p) = inherited_pieces.get(new)
            {
                lookup.insert(old.clone(), p.clone());
            }
        }
        // Resolve this game's pieces (piece `extends` may point forwards).
        let mut resolved: HashMap<String, FlatPiece> = HashMap::new();
        let names: Vec<String> = own_pieces.keys().cloned().collect();
        for name in &names {
            let mut visiting = Vec::new();
            resolve_piece(
                name,
                &own_pieces,
                &lookup,
                &mut resolved,
                &mut visiting,
                errors,
            );
        }
        // New pieces first, then those that take another's place.
        let mut replacing = Vec::new();
        for name in names {
            let Some(p) = resolved.remove(&name) else {
                continue;
            };
            match own_pieces.get(&name).and_then(|d| d.replaces.clone()) {
                Some(old) if old.text != name => replacing.push((name, old, p)),
                _ => {
                    flat.renamed.remove(&name);
                    flat.pieces.insert(name, p);
                }
            }
        }
        for (name, old, p) in replacing {
            let old_name = flat
                .renamed
                .get(&old.text)
                .filter(|_| !flat.pieces.contains_key(&old.text))
                .cloned()
                .unwrap_or(old.text.clone());
            flat.renamed.remove(&name);
            if !flat.pieces.contains_key(&old_name) {
                // Unknown: reported when resolving its base.
                flat.pieces.insert(name, p);
                continue;
            }
            flat.pieces.shift_remove(&name);
            let mut p = Some(p);
            flat.pieces = std::mem::take(&mut flat.pieces)
                .into_iter()
                .filter_map(|(k, v)| {
                    if k == old_name {
                        p.take().map(|p| (name.clone(), p))
                    } else {
                        Some((k, v))
                    }
                })
                .collect();
            for target in flat.renamed.values_mut() {
                if *target == old_name {
                    target.clone_from(&name);
                }
            }
            flat.renamed.insert(old.text.clone(), name.clone());
            if old_name != old.text {
                flat.renamed.insert(old_name, name);
            }
        }
        flat
    }
}

/// Resolve piece `name` of the current game (memoised in `done`).
fn resolve_piece(
    name: &str,
    own: &IndexMap<String, ast::Piece>,
    inherited: &IndexMap<String, FlatPiece>,
    done: &mut HashMap<String, FlatPiece>,
    visiting: &mut Vec<String>,
    errors: &mut Vec<Diagnostic>,
) -> Option<FlatPiece> {
    if let Some(p) = done.get(name) {
        return Some(p.clone());
    }
    let decl = own.get(name)?;
    if visiting.iter().any(|v| v == name) {
        errors.push(
            Diagnostic::error(decl.name.span, format!("piece `{name}` extends itself"))
                .with_label("through this chain of `extends`"),
        );
        return None;
    }
    visiting.push(name.to_string());
    // The base: the `extends` or `replaces` parent (the same name means the
    // inherited piece).
    let base: Option<FlatPiece> = match decl.extends.as_ref().or(decl.replaces.as_ref()) {
        None => None,
        Some(parent) if parent.text == name => match inherited.get(name) {
            Some(p) => Some(p.clone()),
            None => {
                errors.push(
                    Diagnostic::error(parent.span, format!("piece `{name}` extends itself"))
                        .with_label("no inherited piece has this name"),
                );
                None
            }
        },
        Some(parent) => {
            if own.contains_key(&parent.text) {
                resolve_piece(&parent.text, own, inherited, done, visiting, errors)
            } else if let Some(p) = inherited.get(&parent.text) {
                Some(p.clone())
            } else {
                let known: Vec<&str> = own
                    .keys()
                    .chain(inherited.keys())
                    .map(String::as_str)
                    .collect();
                errors.push(unknown("piece", parent, known.iter().copied()));
                None
            }
        }
    };
    visiting.pop();

    let mut moves: Option<Vec<ast::MoveRule>> = base.as_ref().map(|b| b.moves.clone());
    let mut p = FlatPiece {
        name: decl.name.clone(),
        letter: decl.letter.clone(),
        royal: base.as_ref().is_some_and(|b| b.royal),
        value: base.as_ref().and_then(|b| b.value.clone()),
        resets_clock: base.as_ref().is_some_and(|b| b.resets_clock),
        moves: Vec::new(),
        promote: base.as_ref().and_then(|b| b.promote.clone()),
        span: decl.span,
    };
    let mut value_at: Option<Span> = None;
    let mut promote_at: Option<Span> = None;
    for item in &decl.items {
        match item {
            ast::PieceItem::Royal(_) => p.royal = true,
            ast::PieceItem::ResetsClock(_) => p.resets_clock = true,
            ast::PieceItem::Value(n) => {
                if let Some(first) = value_at {
                    errors.push(block_twice("value", n.span, first));
                }
                value_at = Some(n.span);
                p.value = Some(n.clone());
            }
            ast::PieceItem::Promote { zone, to, span } => {
                if let Some(first) = promote_at {
                    errors.push(block_twice("promote", *span, first));
                }
                promote_at = Some(*span);
                p.promote = Some((zone.clone(), to.clone(), *span));
            }
            ast::PieceItem::Moves {
                append: false,
                rules,
                ..
            } => moves = Some(rules.clone()),
            ast::PieceItem::Moves {
                append: true,
                rules,
                span,
            } => {
                let current = match moves.take() {
                    Some(m) => m,
                    None => match inherited.get(name) {
                        Some(old) => old.moves.clone(),
                        None => {
                            errors.push(
                                Diagnostic::error(*span, "`moves +=` has no moves to add to")
                                    .with_label("this piece inherits no moves")
                                    .with_help(format!(
                                        "write `moves {{ ... }}`, or `extends` a piece: `piece {name} \"{}\" extends Other`",
                                        decl.letter.value
                                    )),
                            );
                            Vec::new()
                        }
                    },
                };
                let mut all = current;
                all.extend(rules.iter().cloned());
                moves = Some(all);
            }
        }
    }
    p.moves = moves.unwrap_or_default();
    done.insert(name.to_string(), p.clone());
    Some(p)
}

// ============================================================================
// Stage 3: lowering
// ============================================================================

/// Board geometry, once the board block is valid.
struct Geometry {
    files: u8,
    ranks: u8,
    file_labels: Vec<String>,
    rank_labels: Vec<String>,
    holes: HashSet<Coord>,
}

/// The built-in directions, in the mover's frame.
const BUILTIN_DIRECTIONS: &[(&str, Vector)] = &[
    ("n", (0, 1)),
    ("s", (0, -1)),
    ("e", (1, 0)),
    ("w", (-1, 0)),
    ("ne", (1, 1)),
    ("nw", (-1, 1)),
    ("se", (1, -1)),
    ("sw", (-1, -1)),
];

/// How squares on a hole are treated.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holes {
    /// Reading the `holes` list itself: nothing is a hole yet.
    Reading,
    /// Zones: a square on a hole is an error, ranges skip holes.
    SkipInRanges,
    /// Setup and castling: any hole is an error.
    Forbid,
}

struct Lowerer<'a> {
    flat: &'a Flat,
    errors: &'a mut Vec<Diagnostic>,
    warnings: &'a mut Vec<Diagnostic>,
    geo: Option<Geometry>,
    players: Option<[PlayerDef; 2]>,
    player_spans: Vec<Span>,
    dirs: HashMap<String, Option<Vec<Vector>>>,
    used_dirs: HashSet<String>,
    zone_ids: IndexMap<String, ZoneId>,
    used_zones: HashSet<String>,
    piece_ids: IndexMap<String, PieceId>,
    /// Option values given by the caller (name, value).
    option_params: &'a [(String, String)],
}

fn frame_flips(f: Frame) -> (bool, bool) {
    match f {
        Frame::Identity => (false, false),
        Frame::MirrorRanks => (false, true),
        Frame::MirrorFiles => (true, false),
        Frame::Rotate => (true, true),
    }
}

/// The frame taking the first player's view to `other`'s.
fn relative(first: Frame, other: Frame) -> Frame {
    let (a, b) = frame_flips(first);
    let (c, d) = frame_flips(other);
    match (a != c, b != d) {
        (false, false) => Frame::Identity,
        (false, true) => Frame::MirrorRanks,
        (true, false) => Frame::MirrorFiles,
        (true, true) => Frame::Rotate,
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

impl<'a> Lowerer<'a> {
    fn new(
        flat: &'a Flat,
        errors: &'a mut Vec<Diagnostic>,
        warnings: &'a mut Vec<Diagnostic>,
        option_params: &'a [(String, String)],
    ) -> Self {
        Lowerer {
            flat,
            errors,
            warnings,
            geo: None,
            players: None,
            player_spans: Vec::new(),
            dirs: HashMap::new(),
            used_dirs: HashSet::new(),
            zone_ids: IndexMap::new(),
            used_zones: HashSet::new(),
            piece_ids: IndexMap::new(),
            option_params,
        }
    }

    fn err(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    fn missing_block(&mut self, what: &str) {
        let name = &self.flat.name;
        self.errors.push(
            Diagnostic::error(name.span, format!("game `{}` has no {what}", name.text))
                .with_label(format!("needs a `{what} {{ ... }}` block")),
        );
    }

    fn lower(&mut self) -> Option<RuleSet> {
        let flat = self.flat;
        match &flat.board {
            Some(b) => self.board(b),
            None => self.missing_block("board"),
        }
        match &flat.players {
            Some(p) => self.players(p),
            None => self.missing_block("players"),
        }
        self.directions();
        let zones = self.zones();
        for (i, name) in flat.pieces.keys().enumerate() {
            self.piece_ids.insert(name.clone(), i);
        }
        let pieces = self.pieces();
        let castling = flat
            .castling
            .as_ref()
            .and_then(|c| self.castling(c, &pieces));
        let setup = match &flat.setup {
            Some(s) => self.setup(s, &pieces),
            None => {
                self.missing_block("setup");
                None
            }
        };
        let reserves = self.reserves();
        let setup = setup.map(|s| SetupDef { reserves, ..s });
        let drops = self.drops();
        let (options, option_values) = self.options();
        let end = self.end();
        let tests = self.tests();
        self.lints(&zones);

        let geo = self.geo.take()?;
        let players = self.players.take()?;
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
            option_values,
        })
    }

    // ------------------------------------------------------------------ board

    fn labels(&mut self, labels: &ast::Labels, span: Span, files: bool) -> Option<Vec<String>> {
        let what = if files { "files" } else { "ranks" };
        let out: Vec<String> = match labels {
            ast::Labels::Range { from, to } => {
                if files {
                    let (a, b) = (from.text.as_bytes(), to.text.as_bytes());
                    if a.len() != 1 || b.len() != 1 {
                        self.err(
                            Diagnostic::error(
                                span,
                                "a range of files goes from one letter to another",
                            )
                            .with_label("like a..h")
                            .with_help("list longer labels one by one: `files aa bb cc`"),
                        );
                        return None;
                    }
                    (a[0]..=b[0]).map(|c| char::from(c).to_string()).collect()
                } else {
                    let (Ok(a), Ok(b)) = (from.text.parse::<u32>(), to.text.parse::<u32>()) else {
                        self.err(
                            Diagnostic::error(span, "rank number too large").with_label("here"),
                        );
                        return None;
                    };
                    if b.saturating_sub(a) > 1000 {
                        self.err(
                            Diagnostic::error(span, format!("the board has too many {what}"))
                                .with_label(format!("at most {MAX_BOARD_SIDE} are supported")),
                        );
                        return None;
                    }
                    (a..=b).map(|n| n.to_string()).collect()
                }
            }
            ast::Labels::List(list) => {
                let mut seen: HashMap<&str, Span> = HashMap::new();
                for l in list {
                    if let Some(first) = seen.get(l.text.as_str()) {
                        self.errors.push(
                            Diagnostic::error(l.span, format!("duplicate label `{}`", l.text))
                                .with_label("listed again here")
                                .with_secondary(*first, "first listed here"),
                        );
                    } else {
                        seen.insert(&l.text, l.span);
                    }
                }
                list.iter().map(|l| l.text.clone()).collect()
            }
        };
        if out.is_empty() {
            if let ast::Labels::Range { from, to } = labels {
                self.err(
                    Diagnostic::error(span, format!("the board has no {what}"))
                        .with_label(format!("`{}` comes after `{}`", from.text, to.text))
                        .with_help(format!(
                            "write the range upwards: {}..{}",
                            to.text, from.text
                        )),
                );
            }
            return None;
        }
        if out.len() > MAX_BOARD_SIDE {
            self.err(
                Diagnostic::error(
                    span,
                    format!(
                        "the board has {}; at most {MAX_BOARD_SIDE} are supported",
                        plural(out.len(), &what[..4], what)
                    ),
                )
                .with_label("too many"),
            );
            return None;
        }
        Some(out)
    }

    fn board(&mut self, b: &ast::Board) {
        let files = self.labels(&b.files, b.files_span, true);
        let ranks = self.labels(&b.ranks, b.ranks_span, false);
        let (Some(file_labels), Some(rank_labels)) = (files, ranks) else {
            return;
        };
        self.geo = Some(Geometry {
            files: file_labels.len() as u8,
            ranks: rank_labels.len() as u8,
            file_labels,
            rank_labels,
            holes: HashSet::new(),
        });
        let mut holes = HashSet::new();
        for set in &b.holes {
            for c in self.square_set(set, Holes::Reading) {
                holes.insert(c);
            }
        }
        if let Some(g) = &mut self.geo {
            if holes.len() == g.files as usize * g.ranks as usize {
                self.errors.push(
                    Diagnostic::error(b.span, "every square of the board is a hole")
                        .with_label("no square left"),
                );
            }
            g.holes = holes;
        }
    }

    /// `e4` to a coordinate, with errors for squares off the board or on a hole.
    fn square(&mut self, sq: &ast::Ident, holes: Holes) -> Option<Coord> {
        let geo = self.geo.as_ref()?;
        let split = sq
            .text
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(sq.text.len());
        let (f, r) = sq.text.split_at(split);
        let file = geo.file_labels.iter().position(|l| l == f);
        let rank = geo.rank_labels.iter().position(|l| l == r);
        let (Some(file), Some(rank)) = (file, rank) else {
            let d = Diagnostic::error(sq.span, format!("square `{}` is not on the board", sq.text))
                .with_label("off the board")
                .with_help(format!(
                    "files run {}..{} and ranks {}..{}",
                    geo.file_labels.first().map_or("", String::as_str),
                    geo.file_labels.last().map_or("", String::as_str),
                    geo.rank_labels.first().map_or("", String::as_str),
                    geo.rank_labels.last().map_or("", String::as_str),
                ));
            self.err(d);
            return None;
        };
        let c = (file as u8, rank as u8);
        if holes != Holes::Reading && geo.holes.contains(&c) {
            self.err(
                Diagnostic::error(
                    sq.span,
                    format!("square `{}` is a hole in the board", sq.text),
                )
                .with_label("nothing can stand here"),
            );
            return None;
        }
        Some(c)
    }

    /// The squares of `e4` or `a2..h2`, holes treated as `holes` says.
    fn square_set(&mut self, set: &ast::SquareSet, holes: Holes) -> Vec<Coord> {
        match set {
            ast::SquareSet::One(sq) => self.square(sq, holes).into_iter().collect(),
            ast::SquareSet::Range { from, to, span } => {
                let a = self.square(from, Holes::Reading);
                let b = self.square(to, Holes::Reading);
                let (Some(a), Some(b)) = (a, b) else {
                    return Vec::new();
                };
                let mut out = Vec::new();
                let mut on_hole = Vec::new();
                for r in a.1.min(b.1)..=a.1.max(b.1) {
                    for f in a.0.min(b.0)..=a.0.max(b.0) {
                        if self.geo.as_ref().is_some_and(|g| g.holes.contains(&(f, r))) {
                            on_hole.push((f, r));
                        } else {
                            out.push((f, r));
                        }
                    }
                }
                if holes == Holes::Forbid && !on_hole.is_empty() {
                    let names: Vec<String> = on_hole.iter().map(|&c| self.coord_name(c)).collect();
                    self.err(
                        Diagnostic::error(
                            *span,
                            format!(
                                "range `{}..{}` covers holes in the board",
                                from.text, to.text
                            ),
                        )
                        .with_label(format!(
                            "{} a hole",
                            names.join(", ") + if names.len() == 1 { " is" } else { " are" }
                        )),
                    );
                }
                out
            }
        }
    }

    fn coord_name(&self, (f, r): Coord) -> String {
        match &self.geo {
            Some(g) => format!(
                "{}{}",
                g.file_labels.get(f as usize).map_or("?", String::as_str),
                g.rank_labels.get(r as usize).map_or("?", String::as_str)
            ),
            None => format!("({f},{r})"),
        }
    }

    // ---------------------------------------------------------------- players

    fn players(&mut self, p: &ast::Players) {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        let mut ok = true;
        for pl in &p.players {
            if let Some(first) = seen.get(pl.name.text.as_str()) {
                self.errors.push(duplicate("player", &pl.name, *first));
                ok = false;
            } else {
                seen.insert(&pl.name.text, pl.name.span);
            }
        }
        if p.players.len() != 2 {
            self.err(
                Diagnostic::error(
                    p.span,
                    format!(
                        "a game needs exactly two players, found {}",
                        p.players.len()
                    ),
                )
                .with_label("two names expected here, like `white  black mirror ranks`"),
            );
            return;
        }
        if !ok {
            return;
        }
        let def = |pl: &ast::Player| PlayerDef {
            name: pl.name.text.clone(),
            frame: match pl.frame {
                None => Frame::Identity,
                Some((ast::FrameKind::MirrorRanks, _)) => Frame::MirrorRanks,
                Some((ast::FrameKind::MirrorFiles, _)) => Frame::MirrorFiles,
                Some((ast::FrameKind::MirrorBoth, _)) => Frame::Rotate,
            },
        };
        self.players = Some([def(&p.players[0]), def(&p.players[1])]);
        self.player_spans = p.players.iter().map(|pl| pl.name.span).collect();
    }

    fn player_index(&mut self, name: &ast::Ident) -> Option<usize> {
        let players = self.players.as_ref()?;
        if let Some(i) = players.iter().position(|p| p.name == name.text) {
            return Some(i);
        }
        let known: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        self.err(unknown("player", name, known.iter().map(String::as_str)));
        None
    }

    /// Map a square written from the first player's side to player `p`'s.
    fn for_player(&self, p: usize, c: Coord) -> Coord {
        match (&self.players, &self.geo) {
            (Some(pl), Some(g)) => {
                relative(pl[0].frame, pl[p].frame).map_coord(c, g.files, g.ranks)
            }
            _ => c,
        }
    }

    // ------------------------------------------------------------- directions

    fn directions(&mut self) {
        let flat = self.flat;
        for d in flat.directions.values() {
            if BUILTIN_DIRECTIONS.iter().any(|(n, _)| *n == d.name.text) {
                self.err(
                    Diagnostic::error(
                        d.name.span,
                        format!(
                            "`{}` is a built-in direction and cannot be redefined",
                            d.name.text
                        ),
                    )
                    .with_label("choose another name"),
                );
            }
        }
        for name in flat.directions.keys() {
            self.direction_set(name, &mut Vec::new());
        }
    }

    /// The vectors of a defined direction set (memoised; errors reported once).
    fn direction_set(&mut self, name: &str, visiting: &mut Vec<String>) -> Option<Vec<Vector>> {
        if let Some(done) = self.dirs.get(name) {
            return done.clone();
        }
        let flat = self.flat;
        let def = flat.directions.get(name)?;
        if visiting.iter().any(|v| v == name) {
            self.err(
                Diagnostic::error(
                    def.name.span,
                    format!("direction set `{name}` contains itself"),
                )
                .with_label("defined in terms of itself"),
            );
            self.dirs.insert(name.to_string(), None);
            return None;
        }
        visiting.push(name.to_string());
        let mut out = Vec::new();
        let mut ok = true;
        for item in &def.items {
            match self.dir_item(item, visiting) {
                Some(vs) => push_unique(&mut out, vs),
                None => ok = false,
            }
        }
        visiting.pop();
        let result = ok.then_some(out);
        self.dirs.insert(name.to_string(), result.clone());
        result
    }

    fn dir_item(&mut self, item: &ast::DirItem, visiting: &mut Vec<String>) -> Option<Vec<Vector>> {
        match item {
            ast::DirItem::Vector(v) => self.vector(v).map(|v| vec![v]),
            ast::DirItem::Name(n) => {
                if let Some((_, v)) = BUILTIN_DIRECTIONS.iter().find(|(b, _)| *b == n.text) {
                    return Some(vec![*v]);
                }
                if self.flat.directions.contains_key(&n.text) {
                    self.used_dirs.insert(n.text.clone());
                    return self.direction_set(&n.text, visiting);
                }
                let known: Vec<&str> = BUILTIN_DIRECTIONS
                    .iter()
                    .map(|(b, _)| *b)
                    .chain(self.flat.directions.keys().map(String::as_str))
                    .collect();
                let mut d = unknown("direction", n, known.iter().copied());
                if d.help.is_none() {
                    d = d.with_help("directions are n s e w ne nw se sw, sets from `directions { }`, or vectors like (1,2)");
                }
                self.err(d);
                None
            }
        }
    }

    fn vector(&mut self, v: &ast::Vector) -> Option<Vector> {
        if v.x == 0 && v.y == 0 {
            self.err(
                Diagnostic::error(v.span, "the zero vector (0,0) goes nowhere")
                    .with_label("not a direction"),
            );
            return None;
        }
        if v.x.abs() > MAX_VECTOR || v.y.abs() > MAX_VECTOR {
            self.err(
                Diagnostic::error(v.span, format!("vector ({},{}) is too long", v.x, v.y))
                    .with_label(format!(
                        "components must be between -{MAX_VECTOR} and {MAX_VECTOR}"
                    )),
            );
            return None;
        }
        Some((v.x as i8, v.y as i8))
    }

    // ------------------------------------------------------------------ zones

    fn region(&mut self, r: &ast::Region) -> Vec<Coord> {
        let mut out = Vec::new();
        for item in &r.items {
            let squares = match item {
                ast::RegionItem::Squares(set) => self.square_set(set, Holes::SkipInRanges),
                ast::RegionItem::Ranks { from, to, .. } => self.lines(from, to.as_ref(), false),
                ast::RegionItem::Files { from, to, .. } => self.lines(from, to.as_ref(), true),
            };
            push_unique(&mut out, squares);
        }
        out
    }

    /// The squares of `rank N[..M]` or `file X[..Y]`, holes left out.
    fn lines(&mut self, from: &ast::Ident, to: Option<&ast::Ident>, files: bool) -> Vec<Coord> {
        let Some(geo) = self.geo.as_ref() else {
            return Vec::new();
        };
        let labels = if files {
            &geo.file_labels
        } else {
            &geo.rank_labels
        };
        let what = if files { "file" } else { "rank" };
        let find = |l: &ast::Ident| labels.iter().position(|x| *x == l.text);
        let mut bad = Vec::new();
        let a = find(from);
        if a.is_none() {
            bad.push(from.clone());
        }
        let b = match to {
            Some(t) => {
                let b = find(t);
                if b.is_none() {
                    bad.push(t.clone());
                }
                b
            }
            None => a,
        };
        let first = labels.first().cloned().unwrap_or_default();
        let last = labels.last().cloned().unwrap_or_default();
        let (files_n, ranks_n, holes) = (geo.files, geo.ranks, geo.holes.clone());
        for l in bad {
            self.err(
                Diagnostic::error(
                    l.span,
                    format!("there is no {what} `{}` on this board", l.text),
                )
                .with_label("off the board")
                .with_help(format!("{what}s run {first}..{last}")),
            );
        }
        let (Some(a), Some(b)) = (a, b) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for line in a.min(b)..=a.max(b) {
            let n = if files { ranks_n } else { files_n };
            for k in 0..n {
                let c = if files {
                    (line as u8, k)
                } else {
                    (k, line as u8)
                };
                if !holes.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    fn zones(&mut self) -> Vec<ZoneDef> {
        let flat = self.flat;
        let mut out = Vec::new();
        for z in flat.zones.values() {
            let mut squares: [Vec<Coord>; 2] = [Vec::new(), Vec::new()];
            match &z.body {
                ast::ZoneBody::Shared(region) => {
                    let first = self.region(region);
                    squares[1] = first.iter().map(|&c| self.for_player(1, c)).collect();
                    squares[0] = first;
                }
                ast::ZoneBody::PerPlayer(parts) => {
                    let mut given: [Option<Span>; 2] = [None, None];
                    for (player, region) in parts {
                        let sq = self.region(region);
                        let Some(i) = self.player_index(player) else {
                            continue;
                        };
                        if let Some(first) = given[i] {
                            self.errors.push(
                                Diagnostic::error(
                                    player.span,
                                    format!("zone `{}` gives `{}` twice", z.name.text, player.text),
                                )
                                .with_label("given again here")
                                .with_secondary(first, "first given here"),
                            );
                        }
                        given[i] = Some(player.span);
                        squares[i] = sq;
                    }
                    if let Some(players) = &self.players {
                        let missing: Vec<String> = (0..2)
                            .filter(|&i| given[i].is_none())
                            .map(|i| players[i].name.clone())
                            .collect();
                        for m in missing {
                            self.err(
                                Diagnostic::error(
                                    z.name.span,
                                    format!("zone `{}` has no squares for `{m}`", z.name.text),
                                )
                                .with_label(format!("add `{m}: ...`")),
                            );
                        }
                    }
                }
            }
            for s in &mut squares {
                s.sort_unstable_by_key(|&(f, r)| (r, f));
                s.dedup();
            }
            self.zone_ids.insert(z.name.text.clone(), out.len());
            out.push(ZoneDef {
                name: z.name.text.clone(),
                squares,
            });
        }
        out
    }

    fn zone(&mut self, name: &ast::Ident) -> Option<ZoneId> {
        if let Some(&id) = self.zone_ids.get(&name.text) {
            self.used_zones.insert(name.text.clone());
            return Some(id);
        }
        let known: Vec<&str> = self.flat.zones.keys().map(String::as_str).collect();
        let d = unknown("zone", name, known.iter().copied());
        self.err(d);
        None
    }

    // ----------------------------------------------------------------- pieces

    fn piece_id(&mut self, name: &ast::Ident) -> Option<PieceId> {
        if let Some(&id) = self.piece_ids.get(&name.text) {
            return Some(id);
        }
        // A piece replaced by another (`replaces`) means the new one.
        if let Some(new) = self.flat.renamed.get(&name.text)
            && let Some(&id) = self.piece_ids.get(new)
        {
            return Some(id);
        }
        let known: Vec<&str> = self.piece_ids.keys().map(String::as_str).collect();
        let d = unknown("piece", name, known.iter().copied());
        self.err(d);
        None
    }

    fn pieces(&mut self) -> Vec<PieceDef> {
        let flat = self.flat;
        let mut letters: HashMap<char, (&str, Span)> = HashMap::new();
        let mut out = Vec::new();
        for p in flat.pieces.values() {
            let letter = self.letter(&p.letter);
            if let Some(l) = letter {
                if let Some((other, first)) = letters.get(&l) {
                    self.errors.push(
                        Diagnostic::error(
                            p.letter.span,
                            format!(
                                "letter `{l}` is used by both `{other}` and `{}`",
                                p.name.text
                            ),
                        )
                        .with_label("used again here")
                        .with_secondary(*first, format!("`{other}` has it")),
                    );
                } else {
                    letters.insert(l, (&p.name.text, p.letter.span));
                }
            }
            let value = p.value.as_ref().and_then(|v| self.value(v)).unwrap_or(0);
            let mut moves = Vec::new();
            for rule in &p.moves {
                moves.extend(self.move_rule(rule));
            }
            let promotion = p.promote.as_ref().and_then(|(zone, to, _)| {
                let zone = self.zone(zone);
                let mut ids = Vec::new();
                for t in to {
                    let Some(id) = self.piece_id(t) else { continue };
                    if flat.pieces.get_index(id).is_some_and(|(_, q)| q.royal) {
                        let at = flat.pieces.get_index(id).map(|(_, q)| q.name.span);
                        let mut d = Diagnostic::error(
                            t.span,
                            format!("cannot promote to royal piece `{}`", t.text),
                        )
                        .with_label("royal");
                        if let Some(at) = at {
                            d = d.with_secondary(at, "declared royal here");
                        }
                        self.err(d);
                        continue;
                    }
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                Some(Promotion {
                    zone: zone?,
                    to: ids,
                })
            });
            out.push(PieceDef {
                name: p.name.text.clone(),
                letter: letter.unwrap_or('?'),
                value,
                royal: p.royal,
                resets_clock: p.resets_clock,
                moves,
                promotion,
                span: p.span,
            });
        }
        out
    }

    fn letter(&mut self, s: &ast::StrLit) -> Option<char> {
        let mut chars = s.value.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
            _ => {
                self.err(
                    Diagnostic::error(
                        s.span,
                        format!(
                            "a piece letter must be one ASCII letter, found \"{}\"",
                            s.value
                        ),
                    )
                    .with_label("used in FEN and moves")
                    .with_help("write a letter such as \"K\""),
                );
                None
            }
        }
    }

    /// `3.25` to 325 centipawns.
    fn value(&mut self, n: &ast::Number) -> Option<i32> {
        let text = n.text.as_str();
        let (neg, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let bad =
            |msg: String, label: &str| Diagnostic::error(n.span, msg).with_label(label.to_string());
        if int.is_empty()
            || !int.chars().all(|c| c.is_ascii_digit())
            || !frac.chars().all(|c| c.is_ascii_digit())
        {
            self.err(bad(
                format!("value `{text}` is not a number"),
                "expected a number like 3 or 3.25",
            ));
            return None;
        }
        if frac.len() > 2 {
            self.err(bad(
                format!("value `{text}` has more than two decimals"),
                "values are kept in hundredths of a pawn",
            ));
            return None;
        }
        let whole: i64 = match int.parse() {
            Ok(w) if w <= 1_000_000 => w,
            _ => {
                self.err(bad(
                    format!("value `{text}` is too large"),
                    "at most 1000000",
                ));
                return None;
            }
        };
        let hundredths: i64 = format!("{frac:0<2}").parse().unwrap_or(0);
        let v = whole * 100 + hundredths;
        Some(if neg { -v } else { v } as i32)
    }

    fn move_rule(&mut self, rule: &ast::MoveRule) -> Vec<MoveRule> {
        match rule {
            ast::MoveRule::Ride(r) => self.ride_rule(r),
            ast::MoveRule::Hop(h) => self.hop_rule(h),
            ast::MoveRule::Prefer {
                first, fallback, ..
            } => {
                let first: Vec<MoveRule> = first.iter().flat_map(|r| self.move_rule(r)).collect();
                let fallback: Vec<MoveRule> =
                    fallback.iter().flat_map(|r| self.move_rule(r)).collect();
                vec![MoveRule::Prefer { first, fallback }]
            }
        }
    }

    /// The vectors of a rule's directions (None if one is wrong).
    fn rule_vectors(&mut self, dirs: &[ast::DirItem]) -> Option<Vec<Vector>> {
        let mut vectors = Vec::new();
        let mut ok = true;
        for item in dirs {
            match self.dir_item(item, &mut Vec::new()) {
                Some(vs) => push_unique(&mut vectors, vs),
                None => ok = false,
            }
        }
        ok.then_some(vectors)
    }

    /// `any` or `[not] [friend|enemy] [Piece+]`.
    fn filter(&mut self, f: &ast::Filter) -> Option<PieceFilter> {
        let mut pieces = Vec::new();
        let mut ok = true;
        for p in &f.pieces {
            match self.piece_id(p) {
                Some(id) => push_unique(&mut pieces, vec![id]),
                None => ok = false,
            }
        }
        ok.then_some(PieceFilter {
            owner: f.owner.map(|o| match o {
                ast::OwnerKind::Friend => Owner::Friend,
                ast::OwnerKind::Enemy => Owner::Enemy,
            }),
            pieces,
            negate: f.negate,
        })
    }

    /// `to`, `when` and `sets` of a rule (None if one is wrong).
    fn modifiers(
        &mut self,
        modifiers: &[ast::Modifier],
    ) -> Option<(Option<Target>, Vec<Guard>, Vec<Effect>)> {
        let mut ok = true;
        let mut to: Option<(Target, Span)> = None;
        let mut guards = Vec::new();
        let mut effects = Vec::new();
        for m in modifiers {
            match m {
                ast::Modifier::To(kind, span) => {
                    if let Some((_, first)) = to {
                        self.errors.push(
                            Diagnostic::error(*span, "this rule says `to` twice")
                                .with_label("second `to`")
                                .with_secondary(first, "first `to`"),
                        );
                        ok = false;
                    }
                    let t = match kind {
                        ast::TargetKind::Empty => Target::Empty,
                        ast::TargetKind::Enemy => Target::Enemy,
                        ast::TargetKind::NotFriend => Target::NotFriend,
                        ast::TargetKind::EnPassant => Target::EnPassant,
                    };
                    to = Some((t, *span));
                }
                ast::Modifier::When(conds, _) => {
                    for c in conds {
                        let g = match c {
                            ast::Condition::From { negated, zone, .. } => {
                                self.zone(zone).map(|z| {
                                    if *negated {
                                        Guard::FromNotIn(z)
                                    } else {
                                        Guard::FromIn(z)
                                    }
                                })
                            }
                            ast::Condition::Occupied(v, _) => self.vector(v).map(Guard::Occupied),
                            ast::Condition::Empty(v, _) => self.vector(v).map(Guard::Empty),
                        };
                        match g {
                            Some(g) => guards.push(g),
                            None => ok = false,
                        }
                    }
                }
                ast::Modifier::SetsEnPassant(_) => {
                    if !effects.contains(&Effect::SetsEnPassant) {
                        effects.push(Effect::SetsEnPassant);
                    }
                }
            }
        }
        ok.then_some((to.map(|(t, _)| t), guards, effects))
    }

    fn hop_rule(&mut self, rule: &ast::HopRule) -> Vec<MoveRule> {
        let vectors = self.rule_vectors(&rule.dirs);
        let screen = match &rule.over {
            Some(f) => self.filter(f),
            None => Some(PieceFilter::default()),
        };
        let mods = self.modifiers(&rule.modifiers);
        for m in &rule.modifiers {
            if let ast::Modifier::SetsEnPassant(span) = m {
                self.err(
                    Diagnostic::error(*span, "a hop cannot set en passant")
                        .with_label("only step, slide and leap rules set en-passant squares"),
                );
                return Vec::new();
            }
        }
        let (Some(vectors), Some(screen), Some((to, guards, _))) = (vectors, screen, mods) else {
            return Vec::new();
        };
        let shape = match rule.shape {
            ast::HopShapeKind::First => HopShape::First,
            ast::HopShapeKind::Next => HopShape::Next,
            ast::HopShapeKind::Slide => HopShape::Slide,
        };
        let to = to.unwrap_or(match shape {
            HopShape::First => Target::Enemy,
            HopShape::Next | HopShape::Slide => Target::NotFriend,
        });
        if shape == HopShape::First && matches!(to, Target::Empty | Target::EnPassant) {
            self.warnings.push(
                Diagnostic::warning(rule.span, "this hop can never move")
                    .with_label("`then first` lands only on the first piece beyond the screen")
                    .with_help("use `then next` or `then slide` to land on empty squares"),
            );
        }
        vectors
            .into_iter()
            .map(|vector| {
                MoveRule::Hop(Hop {
                    vector,
                    screen: screen.clone(),
                    shape,
                    to,
                    guards: guards.clone(),
                })
            })
            .collect()
    }

    fn ride_rule(&mut self, rule: &ast::RideRule) -> Vec<MoveRule> {
        let mut vectors = Vec::new();
        let mut ok = true;
        for item in &rule.dirs {
            match self.dir_item(item, &mut Vec::new()) {
                Some(vs) => push_unique(&mut vectors, vs),
                None => ok = false,
            }
        }
        if rule.sym.is_some() {
            let mut all = Vec::new();
            for &(x, y) in &vectors {
                push_unique(
                    &mut all,
                    vec![
                        (x, y),
                        (-x, y),
                        (x, -y),
                        (-x, -y),
                        (y, x),
                        (-y, x),
                        (y, -x),
                        (-y, -x),
                    ],
                );
            }
            vectors = all;
        }
        let (min, max) = match (rule.kind, &rule.range) {
            (ast::MoveKind::Slide, None) => (1, 0),
            (ast::MoveKind::Slide, Some(ast::RangeSpec::Max(n))) => match self.count(n, "max") {
                Some(n) => (1, n),
                None => {
                    ok = false;
                    (1, 0)
                }
            },
            (ast::MoveKind::Slide, Some(ast::RangeSpec::Exactly(n))) => {
                match self.count(n, "exactly") {
                    Some(n) => (n, n),
                    None => {
                        ok = false;
                        (1, 1)
                    }
                }
            }
            _ => (1, 1),
        };
        let mods = self.modifiers(&rule.modifiers);
        let Some((to, guards, effects)) = mods else {
            return Vec::new();
        };
        if !ok {
            return Vec::new();
        }
        let to = to.unwrap_or(Target::NotFriend);
        vectors
            .into_iter()
            .map(|vector| {
                MoveRule::Ride(Ride {
                    vector,
                    min,
                    max,
                    to,
                    guards: guards.clone(),
                    effects: effects.clone(),
                })
            })
            .collect()
    }

    /// N of `max N` / `exactly N`: 1..=255.
    fn count(&mut self, n: &ast::Uint, word: &str) -> Option<u8> {
        match n.value {
            0 => {
                self.err(
                    Diagnostic::error(n.span, format!("`{word} 0` allows no move"))
                        .with_label("must be at least 1"),
                );
                None
            }
            1..=255 => Some(n.value as u8),
            _ => {
                self.err(
                    Diagnostic::error(n.span, format!("`{word} {}` is too many steps", n.value))
                        .with_label("at most 255"),
                );
                None
            }
        }
    }

    // --------------------------------------------------------------- castling

    fn castling(&mut self, c: &ast::Castling, pieces: &[PieceDef]) -> Option<CastlingDef> {
        let king = self.piece_id(&c.king);
        let partner = self.piece_id(&c.partner);
        if let Some(k) = king
            && !pieces.get(k).is_some_and(|p| p.royal)
        {
            let mut d = Diagnostic::error(
                c.king.span,
                format!("castling king `{}` is not royal", c.king.text),
            )
            .with_label("the piece that castles must be royal");
            if let Some((_, p)) = self.flat.pieces.get_index(k) {
                d = d.with_secondary(p.name.span, "declared here without `royal`");
            }
            self.err(d);
        }
        let mut sides = Vec::new();
        let mut names: HashMap<&str, Span> = HashMap::new();
        for s in &c.sides {
            if let Some(first) = names.get(s.name.text.as_str()) {
                self.errors
                    .push(duplicate("castling side", &s.name, *first));
                continue;
            }
            names.insert(&s.name.text, s.name.span);
            let kf = self.square(&s.king_from, Holes::Forbid);
            let kt: Vec<Option<Coord>> = s
                .king_to
                .iter()
                .map(|t| self.square(t, Holes::Forbid))
                .collect();
            let pf = self.square(&s.partner_from, Holes::Forbid);
            let pt = self.square(&s.partner_to, Holes::Forbid);
            let (Some(kf), Some(pf), Some(pt)) = (kf, pf, pt) else {
                continue;
            };
            let Some(kt) = kt.into_iter().collect::<Option<Vec<Coord>>>() else {
                continue;
            };
            // King and partner move along one rank: every square must share it.
            let off_rank = std::iter::once((&s.king_to[0], kt[0]))
                .chain(s.king_to.iter().zip(kt.iter().copied()))
                .chain([(&s.partner_from, pf), (&s.partner_to, pt)])
                .find(|(_, c)| c.1 != kf.1);
            if let Some((ident, _)) = off_rank {
                self.err(
                    Diagnostic::error(
                        ident.span,
                        format!("castling square `{}` is not on the king's rank", ident.text),
                    )
                    .with_label("not on the same rank as the king")
                    .with_secondary(s.king_from.span, "the king starts here")
                    .with_help("king and partner castle along the king's rank"),
                );
                continue;
            }
            let both = |c: Coord| [self.for_player(0, c), self.for_player(1, c)];
            sides.push(CastleSide {
                name: s.name.text.clone(),
                king_from: both(kf),
                king_to: [
                    kt.iter().map(|&c| self.for_player(0, c)).collect(),
                    kt.iter().map(|&c| self.for_player(1, c)).collect(),
                ],
                partner_from: both(pf),
                partner_to: both(pt),
            });
        }
        Some(CastlingDef {
            king: king?,
            partner: partner?,
            sides,
        })
    }

    // ------------------------------------------------------------------ setup

    fn setup(&mut self, s: &ast::Setup, pieces: &[PieceDef]) -> Option<SetupDef> {
        let errors_before = self.errors.len();
        let mut entries: [Option<&ast::SetupPlayer>; 2] = [None, None];
        for e in &s.players {
            let Some(i) = self.player_index(&e.player) else {
                continue;
            };
            if let Some(first) = entries[i] {
                self.errors.push(
                    Diagnostic::error(
                        e.player.span,
                        format!("the setup gives `{}` twice", e.player.text),
                    )
                    .with_label("given again here")
                    .with_secondary(first.player.span, "first given here"),
                );
                continue;
            }
            entries[i] = Some(e);
        }
        let players = self.players.clone()?;
        self.geo.as_ref()?;

        let mut placements: Vec<(usize, PieceId, Coord)> = Vec::new();
        let mut occupied: HashMap<Coord, Span> = HashMap::new();
        // Explicit placements first, in player order.
        for (i, entry) in entries.iter().enumerate() {
            let Some(entry) = entry else { continue };
            match &entry.body {
                ast::SetupBody::Mirror(span) if i == 0 => {
                    self.err(
                        Diagnostic::error(
                            *span,
                            format!(
                                "`{}` moves first and has no setup to mirror",
                                entry.player.text
                            ),
                        )
                        .with_label("`mirror` copies the first player's setup")
                        .with_help(format!(
                            "place `{}`'s pieces: `{} {{ Piece e1 ... }}`",
                            entry.player.text, entry.player.text
                        )),
                    );
                }
                ast::SetupBody::Mirror(_) => {}
                ast::SetupBody::Placements(list) => {
                    for pl in list {
                        let piece = self.piece_id(&pl.piece);
                        for set in &pl.squares {
                            for c in self.square_set(set, Holes::Forbid) {
                                if let Some(first) = occupied.get(&c) {
                                    let name = self.coord_name(c);
                                    self.errors.push(
                                        Diagnostic::error(
                                            set.span(),
                                            format!("impossible setup: two pieces on `{name}`"),
                                        )
                                        .with_label("second piece here")
                                        .with_secondary(*first, "first piece here"),
                                    );
                                    continue;
                                }
                                occupied.insert(c, set.span());
                                if let Some(p) = piece {
                                    placements.push((i, p, c));
                                }
                            }
                        }
                    }
                }
            }
        }
        // Then mirrors of the first player's placements.
        for (i, entry) in entries.iter().enumerate().skip(1) {
            let Some(entry) = entry else { continue };
            let ast::SetupBody::Mirror(span) = &entry.body else {
                continue;
            };
            let firsts: Vec<(PieceId, Coord)> = placements
                .iter()
                .filter(|(p, _, _)| *p == 0)
                .map(|&(_, piece, c)| (piece, c))
                .collect();
            for (piece, c) in firsts {
                let m = self.for_player(i, c);
                if self.geo.as_ref().is_some_and(|g| g.holes.contains(&m)) {
                    let (from, to) = (self.coord_name(c), self.coord_name(m));
                    self.err(
                        Diagnostic::error(
                            *span,
                            format!("mirroring `{from}` lands on the hole `{to}`"),
                        )
                        .with_label("mirrored here"),
                    );
                    continue;
                }
                if let Some(first) = occupied.get(&m) {
                    let name = self.coord_name(m);
                    self.errors.push(
                        Diagnostic::error(
                            *span,
                            format!("impossible setup: two pieces on `{name}`"),
                        )
                        .with_label("the mirrored piece lands on an occupied square")
                        .with_secondary(*first, "first piece here"),
                    );
                    continue;
                }
                occupied.insert(m, *span);
                placements.push((i, piece, m));
            }
        }
        placements.sort_by_key(|&(p, _, _)| p);

        // Every player needs a royal piece if the game has any (unless a
        // placement already failed: its piece may have been the royal one).
        if self.errors.len() > errors_before {
            return None;
        }
        let royals: Vec<&str> = pieces
            .iter()
            .filter(|p| p.royal)
            .map(|p| p.name.as_str())
            .collect();
        if !royals.is_empty() {
            for (i, player) in players.iter().enumerate() {
                let has = placements
                    .iter()
                    .any(|&(p, piece, _)| p == i && pieces.get(piece).is_some_and(|d| d.royal));
                if !has {
                    let at = entries[i].map_or(s.span, |e| e.player.span);
                    self.err(
                        Diagnostic::error(
                            at,
                            format!("impossible setup: `{}` has no royal piece", player.name),
                        )
                        .with_label("no royal piece placed for this player")
                        .with_help(format!(
                            "place one of: {}",
                            royals
                                .iter()
                                .map(|r| format!("`{r}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    );
                }
            }
        }
        Some(SetupDef {
            placements,
            reserves: Vec::new(),
        })
    }

    // -------------------------------------------------------------------- end

    fn end(&mut self) -> EndDef {
        let mut end = EndDef {
            checkmate: Outcome::Loss,
            stalemate: Outcome::Draw,
            repetition: None,
            no_progress: None,
        };
        let Some(e) = &self.flat.end else { return end };
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        for r in &e.rules {
            let o = match r.outcome {
                ast::Outcome::Loss => Outcome::Loss,
                ast::Outcome::Win => Outcome::Win,
                ast::Outcome::Draw => Outcome::Draw,
            };
            let key = match &r.kind {
                ast::EndKind::Checkmate => "checkmate",
                ast::EndKind::Stalemate => "stalemate",
                ast::EndKind::Repetition(_) => "repetition",
                ast::EndKind::NoProgress(_) => "no_progress",
            };
            if let Some(first) = seen.get(key) {
                self.errors.push(
                    Diagnostic::error(r.span, format!("`{key}` is given twice"))
                        .with_label("given again here")
                        .with_secondary(*first, "first given here"),
                );
                continue;
            }
            seen.insert(key, r.span);
            match &r.kind {
                ast::EndKind::Checkmate => end.checkmate = o,
                ast::EndKind::Stalemate => end.stalemate = o,
                ast::EndKind::Repetition(n) => {
                    end.repetition = self.end_count(n, "repetition", 2).map(|n| (n, o));
                }
                ast::EndKind::NoProgress(n) => {
                    end.no_progress = self.end_count(n, "no_progress", 1).map(|n| (n, o));
                }
            }
        }
        end
    }

    fn end_count(&mut self, n: &ast::Uint, word: &str, least: u64) -> Option<u32> {
        if n.value < least || n.value > u64::from(u32::MAX) {
            self.err(
                Diagnostic::error(n.span, format!("`{word} {}` can never happen", n.value))
                    .with_label(format!("must be between {least} and {}", u32::MAX)),
            );
            return None;
        }
        Some(n.value as u32)
    }

    // ------------------------------------------------------------------ tests

    fn tests(&mut self) -> Vec<TestDef> {
        let mut out = Vec::new();
        for t in &self.flat.tests {
            let mut steps = Vec::new();
            for s in &t.steps {
                let moves = |ms: &Vec<ast::Ident>| -> Vec<(String, Span)> {
                    ms.iter().map(|m| (m.text.clone(), m.span)).collect()
                };
                let step = match &s.kind {
                    ast::TestStepKind::Fen(f) => TestStep::Fen(f.value.clone(), f.span),
                    ast::TestStepKind::Play(ms) => TestStep::Play(moves(ms)),
                    ast::TestStepKind::Legal(ms) => TestStep::Legal(moves(ms)),
                    ast::TestStepKind::Illegal(ms) => TestStep::Illegal(moves(ms)),
                    ast::TestStepKind::Perft { depth, nodes } => {
                        let Ok(d) = u32::try_from(depth.value) else {
                            self.err(
                                Diagnostic::error(depth.span, "perft depth is too large")
                                    .with_label("here"),
                            );
                            continue;
                        };
                        TestStep::Perft {
                            depth: d,
                            nodes: nodes.value,
                            span: s.span,
                        }
                    }
                    ast::TestStepKind::MoveCount(n) => TestStep::MoveCount(n.value, s.span),
                    ast::TestStepKind::Check => TestStep::Expect(Expectation::Check, s.span),
                    ast::TestStepKind::NotCheck => TestStep::Expect(Expectation::NotCheck, s.span),
                    ast::TestStepKind::Checkmate => {
                        TestStep::Expect(Expectation::Checkmate, s.span)
                    }
                    ast::TestStepKind::Stalemate => {
                        TestStep::Expect(Expectation::Stalemate, s.span)
                    }
                    ast::TestStepKind::Options(list) => {
                        let set = self.option_settings(list);
                        if steps.iter().any(|s| !matches!(s, TestStep::Options(_))) {
                            self.err(
                                Diagnostic::error(s.span, "options must be set first in a test")
                                    .with_label("after other steps")
                                    .with_help("move `option ...` to the start of the test"),
                            );
                            continue;
                        }
                        if let Some(TestStep::Options(prev)) = steps.last_mut() {
                            prev.extend(set);
                            continue;
                        }
                        TestStep::Options(set)
                    }
                    ast::TestStepKind::Vote {
                        option,
                        ballots,
                        expect,
                    } => self.vote_step(option, ballots, expect.as_ref(), s.span),
                };
                steps.push(step);
            }
            out.push(TestDef {
                name: t.title.value.clone(),
                span: t.span,
                steps,
            });
        }
        out
    }

    // ------------------------------------------------------------------ lints

    fn lints(&mut self, zones: &[ZoneDef]) {
        let flat = self.flat;
        for d in flat.directions.values() {
            if !self.used_dirs.contains(&d.name.text) && !flat.untaken.contains(&d.name.text) {
                self.warnings.push(
                    Diagnostic::warning(
                        d.name.span,
                        format!("direction set `{}` is never used", d.name.text),
                    )
                    .with_label("unused"),
                );
            }
        }
        for z in flat.zones.values() {
            if !self.used_zones.contains(&z.name.text) && !flat.untaken.contains(&z.name.text) {
                self.warnings.push(
                    Diagnostic::warning(
                        z.name.span,
                        format!("zone `{}` is never used", z.name.text),
                    )
                    .with_label("unused"),
                );
            }
        }
        for (z, def) in flat.zones.values().zip(zones) {
            if def.squares.iter().any(Vec::is_empty) {
                self.warnings.push(
                    Diagnostic::warning(
                        z.name.span,
                        format!("zone `{}` has no squares", z.name.text),
                    )
                    .with_label("empty for at least one player"),
                );
            }
        }
        for p in flat.pieces.values() {
            if p.moves.is_empty() {
                self.warnings.push(
                    Diagnostic::warning(
                        p.name.span,
                        format!("piece `{}` has no moves", p.name.text),
                    )
                    .with_label("it can never move"),
                );
            }
        }
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

mod expand;
mod hand;
