//! Inheritance: a game folded with its `extends` chain into one set of blocks,
//! with piece `extends`, `replaces` and `moves +=` resolved.

use super::*;
use crate::lang::codes::Code;

/// A piece with its inheritance applied, still as syntax.
#[derive(Debug, Clone)]
pub(super) struct FlatPiece {
    pub(super) name: ast::Ident,
    pub(super) letter: ast::StrLit,
    pub(super) royal: bool,
    pub(super) value: Option<ast::Number>,
    pub(super) resets_clock: bool,
    /// `uncapturable`: None if not written; `Some(None)` without `by`.
    pub(super) uncapturable: Option<Option<Vec<ast::Ident>>>,
    /// `never captures`, every list of the chain.
    pub(super) never_captures: Vec<ast::Ident>,
    /// `never hops over`, every list of the chain.
    pub(super) never_hops: Vec<ast::Ident>,
    pub(super) figure: Option<ast::StrLit>,
    pub(super) moves: Vec<ast::MoveRule>,
    pub(super) promote: Option<(ast::Ident, Vec<ast::Ident>, ast::PromoteHow, Span)>,
    pub(super) span: Span,
}

/// A game with its `extends` chain applied, still as syntax.
#[derive(Debug, Clone)]
pub(super) struct Flat {
    pub(super) name: ast::Ident,
    pub(super) board: Option<ast::Board>,
    pub(super) players: Option<ast::Players>,
    pub(super) directions: IndexMap<String, ast::DirectionDef>,
    pub(super) zones: IndexMap<String, ast::ZoneDef>,
    pub(super) pieces: IndexMap<String, FlatPiece>,
    pub(super) castling: Option<ast::Castling>,
    pub(super) setup: Option<ast::Setup>,
    pub(super) end: Option<ast::End>,
    pub(super) tests: Vec<ast::Test>,
    /// `reserve` blocks, parents' first (they add up).
    pub(super) reserves: Vec<ast::Reserve>,
    /// Drop rules, parents' first.
    pub(super) drops: Vec<ast::Drop>,
    /// `forbid` conditions, parents' first (they add up).
    pub(super) forbid: Vec<ast::ForbidRule>,
    /// The `explosion` block (a child's replaces its parent's).
    pub(super) explosion: Option<ast::Explosion>,
    /// Options by name.
    pub(super) options: IndexMap<String, ast::OptionDecl>,
    /// Pieces replaced (`replaces`): old name to new name.
    pub(super) renamed: HashMap<String, String>,
    /// Names written in `when` blocks that do not hold (not unused for lints).
    pub(super) untaken: HashSet<String>,
    /// Options a `when` tests, in this game or one it extends.
    pub(super) read_options: HashSet<String>,
    /// `must capture`, where it was written.
    pub(super) must_capture: Option<Span>,
    /// `pass`.
    pub(super) pass: Option<Span>,
    /// `captures to hand`.
    pub(super) captures_to_hand: Option<Span>,
    /// `gating in ZONE`: the zone's name.
    pub(super) gating: Option<ast::Ident>,
}

/// The longest chain of `extends` (games, and pieces within a game): a game
/// extending a game extending another, and so on.
pub const MAX_EXTENDS_DEPTH: usize = 64;

impl Loader<'_> {
    /// The game at `index` with its ancestors folded in.
    pub(super) fn flatten(&mut self, index: usize, visiting: &mut Vec<usize>) -> Option<Flat> {
        let game = self.games[index].clone();
        if visiting.contains(&index) {
            self.errors.push(
                Diagnostic::error(
                    game.name.span,
                    format!("game `{}` extends itself", game.name.text),
                )
                .with_code(Code::Cycle)
                .with_label("through this chain of `extends`"),
            );
            return None;
        }
        if visiting.len() >= MAX_EXTENDS_DEPTH {
            self.errors.push(
                Diagnostic::error(
                    game.name.span,
                    format!("`extends` chain too long: more than {MAX_EXTENDS_DEPTH} games"),
                )
                .with_code(Code::TooDeep)
                .with_label(format!("game {} of the chain", MAX_EXTENDS_DEPTH + 1))
                .with_help(format!(
                    "a game may extend a game that extends another, up to {MAX_EXTENDS_DEPTH} deep"
                )),
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
        let flat = self.apply(&game, base);
        (!self.expansion_failed).then_some(flat)
    }

    /// Apply a game's own blocks on top of its parent's.
    pub(super) fn apply(&mut self, game: &ast::Game, base: Option<Flat>) -> Flat {
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
            forbid: Vec::new(),
            explosion: None,
            options: IndexMap::new(),
            renamed: HashMap::new(),
            untaken: HashSet::new(),
            read_options: HashSet::new(),
            must_capture: None,
            pass: None,
            captures_to_hand: None,
            gating: None,
        });
        flat.name = game.name.clone();
        // Macros first, then the `when` blocks that hold.
        let items = self.expand(&game.items, &mut Vec::new());
        if self.expansion_failed {
            // A macro limit was hit: what was expanded is cut short, and
            // its errors would only repeat that one.
            return flat;
        }
        let mut known_options = flat.options.clone();
        for item in &items {
            if let ast::GameItem::Option(o) = item {
                known_options.insert(o.name.text.clone(), o.clone());
            }
        }
        let items = self.select_when(
            &items,
            &known_options,
            &mut flat.untaken,
            &mut flat.read_options,
        );
        flat.tests.clear();
        let errors = &mut self.errors;
        // `remove` drops inherited blocks, before the game's own are added.
        super::remove::apply_removes(&mut flat, &items, errors);

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
                ast::GameItem::Forbid(b) => flat.forbid.extend(b.rules.iter().cloned()),
                ast::GameItem::Explosion(x) => {
                    if once("explosion", x.span, errors) {
                        flat.explosion = Some(x.clone());
                    }
                }
                ast::GameItem::Option(o) => {
                    if let Some(first) = own_options.get(&o.name.text) {
                        errors.push(duplicate("option", &o.name, *first));
                    } else {
                        own_options.insert(o.name.text.clone(), o.name.span);
                        flat.options.insert(o.name.text.clone(), o.clone());
                    }
                }
                ast::GameItem::MustCapture(span) => {
                    if once("must capture", *span, errors) {
                        flat.must_capture = Some(*span);
                    }
                }
                ast::GameItem::Pass(span) => {
                    if once("pass", *span, errors) {
                        flat.pass = Some(*span);
                    }
                }
                ast::GameItem::CapturesToHand(span) => {
                    if once("captures to hand", *span, errors) {
                        flat.captures_to_hand = Some(*span);
                    }
                }
                ast::GameItem::Gating(zone, span) => {
                    if once("gating", *span, errors) {
                        flat.gating = Some(zone.clone());
                    }
                }
                // Applied before the other blocks.
                ast::GameItem::Remove(_) => {}
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
                .with_code(Code::Cycle)
                .with_label("through this chain of `extends`"),
        );
        return None;
    }
    if visiting.len() >= MAX_EXTENDS_DEPTH {
        errors.push(
            Diagnostic::error(
                decl.name.span,
                format!("`extends` chain too long: more than {MAX_EXTENDS_DEPTH} pieces"),
            )
            .with_code(Code::TooDeep)
            .with_label(format!("piece {} of the chain", MAX_EXTENDS_DEPTH + 1))
            .with_help(format!(
                "a piece may extend a piece that extends another, up to {MAX_EXTENDS_DEPTH} deep"
            )),
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
                        .with_code(Code::Cycle)
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
        uncapturable: base.as_ref().and_then(|b| b.uncapturable.clone()),
        never_captures: base
            .as_ref()
            .map(|b| b.never_captures.clone())
            .unwrap_or_default(),
        never_hops: base
            .as_ref()
            .map(|b| b.never_hops.clone())
            .unwrap_or_default(),
        figure: base.as_ref().and_then(|b| b.figure.clone()),
        moves: Vec::new(),
        promote: base.as_ref().and_then(|b| b.promote.clone()),
        span: decl.span,
    };
    let mut value_at: Option<Span> = None;
    let mut figure_at: Option<Span> = None;
    let mut promote_at: Option<Span> = None;
    for item in &decl.items {
        match item {
            ast::PieceItem::Royal(_) => p.royal = true,
            ast::PieceItem::NotRoyal(_) => p.royal = false,
            ast::PieceItem::ResetsClock(_) => p.resets_clock = true,
            // Each adds to what the piece has: by every piece wins over a list.
            ast::PieceItem::Uncapturable { by, .. } => {
                p.uncapturable = match (p.uncapturable.take(), by) {
                    (Some(Some(mut old)), Some(new)) => {
                        old.extend(new.iter().cloned());
                        Some(Some(old))
                    }
                    (None, by) => Some(by.clone()),
                    _ => Some(None),
                }
            }
            ast::PieceItem::Never { what, pieces, .. } => match what {
                ast::Never::Captures => p.never_captures.extend(pieces.iter().cloned()),
                ast::Never::HopsOver => p.never_hops.extend(pieces.iter().cloned()),
            },
            ast::PieceItem::Figure(f) => {
                if let Some(first) = figure_at {
                    errors.push(block_twice("figure", f.span, first));
                }
                figure_at = Some(f.span);
                p.figure = Some(f.clone());
            }
            ast::PieceItem::Value(n) => {
                if let Some(first) = value_at {
                    errors.push(block_twice("value", n.span, first));
                }
                value_at = Some(n.span);
                p.value = Some(n.clone());
            }
            ast::PieceItem::Promote {
                zone,
                to,
                how,
                span,
            } => {
                if let Some(first) = promote_at {
                    errors.push(block_twice("promote", *span, first));
                }
                promote_at = Some(*span);
                p.promote = Some((zone.clone(), to.clone(), *how, *span));
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
                                Diagnostic::error(*span, "`moves +=` has no moves to add to").with_code(Code::BadRule)
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

impl Loader<'_> {
    /// The games of the root file other than the played one (its last) and
    /// the games that one extends: lowered too, so that an error in them is
    /// reported instead of skipped. Such a game may be a base left incomplete
    /// for other files to extend, so a missing block is not an error there,
    /// and its warnings are not reported.
    pub(super) fn check_other_games(
        &mut self,
        root: &[usize],
        target: usize,
        errors: &mut Vec<Diagnostic>,
    ) {
        let mut chain = vec![target];
        while let Some(parent) = self.games[chain[chain.len() - 1]].extends.as_ref()
            && let Some(p) = self.games.iter().position(|g| g.name.text == parent.text)
            && !chain.contains(&p)
        {
            chain.push(p);
        }
        for &g in root {
            if chain.contains(&g) {
                continue;
            }
            let Some(flat) = self.flatten(g, &mut Vec::new()) else {
                continue;
            };
            let (mut errs, mut warns) = (Vec::new(), Vec::new());
            Lowerer::new(&flat, &mut errs, &mut warns, &[], self.sources).lower();
            errors.extend(
                errs.into_iter()
                    .filter(|d| d.code != Some(Code::MissingBlock)),
            );
        }
        errors.append(&mut self.errors);
    }
}
