//! Text to AST: one function per grammar rule of `grammar/variant.pest`.
//!
//! Syntax errors become [`Diagnostic`]s that speak of squares and move rules,
//! not of grammar rule names.

use super::ast::*;
use super::diagnostic::{Diagnostic, FileId, Span, did_you_mean};
use pest::Parser as _;
use pest::iterators::Pair;

mod generated {
    //! The pest parser generated from `grammar/variant.pest`.
    #![allow(missing_docs)]

    /// The pest parser generated from `grammar/variant.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar/variant.pest"]
    pub struct VariantParser;
}
use generated::{Rule, VariantParser};

/// Why an `expect` on the pair structure cannot fail.
const GRAMMAR: &str = "guaranteed by the grammar";

/// The deepest blocks may nest: `{` inside `{` (a `prefer` in a `prefer`,
/// a `when` in a `when`, ...). The bundled rule files nest at most 4 deep.
/// Deeper text is refused before it is parsed, so that neither the parser
/// nor anything that walks the tree recurses without bound.
pub const MAX_NESTING: usize = 64;

/// The first `{` that opens a block deeper than [`MAX_NESTING`], if any.
/// Braces inside strings and comments do not count (as the grammar reads
/// them: a string ends at its closing quote or at the end of the line, `\`
/// escapes the next character; a comment runs to the end of the line).
fn too_deep(source: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n' | b'\r') {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Parse a whole rule file.
pub fn parse(source: &str, file: FileId) -> Result<File, Vec<Diagnostic>> {
    if let Some(at) = too_deep(source) {
        return Err(vec![
            Diagnostic::error(
                Span::new(file, at..at + 1),
                format!("blocks nested too deeply: more than {MAX_NESTING} levels"),
            )
            .with_label(format!("block {} opens here", MAX_NESTING + 1))
            .with_help(format!(
                "at most {MAX_NESTING} blocks may sit inside one another (`prefer`, `when`, ...)"
            )),
        ]);
    }
    pest::set_error_detail(true);
    match VariantParser::parse(Rule::file, source) {
        Ok(mut pairs) => {
            let top = pairs.next().expect(GRAMMAR);
            let mut out = build_file(top, file);
            let mut errors = Vec::new();
            for g in &mut out.games {
                walk_items(&mut g.items, &mut |slot| {
                    let at = match slot {
                        Slot::Name(i) if i.text.starts_with('$') => Some((i.text.clone(), i.span)),
                        Slot::Number(Uint {
                            param: Some(p),
                            span,
                            ..
                        }) => Some((format!("${p}"), *span)),
                        Slot::Arg(a) => match a {
                            MacroArg::Name(i) if i.text.starts_with('$') => {
                                Some((i.text.clone(), i.span))
                            }
                            _ => None,
                        },
                        _ => None,
                    };
                    if let Some((text, sp)) = at {
                        errors.push(
                            Diagnostic::error(
                                sp,
                                format!("`{text}` is a macro parameter outside a macro"),
                            )
                            .with_label("only allowed inside `define NAME(...) { ... }`"),
                        );
                    }
                });
            }
            if errors.is_empty() {
                Ok(out)
            } else {
                Err(errors)
            }
        }
        Err(e) => Err(vec![syntax_error(&e, source, file)]),
    }
}

// ============================================================================
// Helpers
// ============================================================================

fn span(p: &Pair<Rule>, file: FileId) -> Span {
    let s = p.as_span();
    Span::new(file, s.start()..s.end())
}

fn ident(p: Pair<Rule>, file: FileId) -> Ident {
    Ident {
        text: p.as_str().to_string(),
        span: span(&p, file),
    }
}

fn uint(p: Pair<Rule>, file: FileId) -> Uint {
    let text = p.as_str();
    match text.strip_prefix('$') {
        Some(param) => Uint {
            value: 0,
            span: span(&p, file),
            param: Some(param.to_string()),
        },
        None => Uint {
            value: text.parse().unwrap_or(u64::MAX),
            span: span(&p, file),
            param: None,
        },
    }
}

fn int(p: &Pair<Rule>) -> i64 {
    let s = p.as_str();
    s.parse().unwrap_or(if s.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    })
}

fn string(p: Pair<Rule>, file: FileId) -> StrLit {
    let sp = span(&p, file);
    let raw = p
        .into_inner()
        .next()
        .map(|t| t.as_str().to_string())
        .unwrap_or_default();
    let mut value = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                value.push(n);
            }
        } else {
            value.push(c);
        }
    }
    StrLit { value, span: sp }
}

// ============================================================================
// Files and games
// ============================================================================

fn build_file(p: Pair<Rule>, file: FileId) -> File {
    let mut out = File {
        imports: Vec::new(),
        games: Vec::new(),
        defines: Vec::new(),
    };
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::import => out.imports.push(import(c, file)),
            Rule::game => out.games.push(game(c, file)),
            Rule::define => out.defines.push(define(c, file)),
            _ => {}
        }
    }
    out
}

fn define(p: Pair<Rule>, file: FileId) -> Define {
    let sp = span(&p, file);
    let mut names = Vec::new();
    let mut items = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => {
                let mut n = ident(c, file);
                // `define m($P)` means the same as `define m(P)`.
                if let Some(rest) = n.text.strip_prefix('$') {
                    n.text = rest.to_string();
                }
                names.push(n);
            }
            Rule::game_item => items.push(game_item(c, file)),
            _ => {}
        }
    }
    let mut names = names.into_iter();
    Define {
        name: names.next().expect(GRAMMAR),
        params: names.collect(),
        items,
        span: sp,
    }
}

fn use_item(p: Pair<Rule>, file: FileId) -> Use {
    let sp = span(&p, file);
    let mut name = None;
    let mut args = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => name = Some(ident(c, file)),
            Rule::macro_arg => {
                let a = c.into_inner().next().expect(GRAMMAR);
                args.push(match a.as_rule() {
                    Rule::uint => MacroArg::Number(uint(a, file)),
                    _ => MacroArg::Name(ident(a, file)),
                });
            }
            _ => {}
        }
    }
    Use {
        name: name.expect(GRAMMAR),
        args,
        span: sp,
    }
}

fn import(p: Pair<Rule>, file: FileId) -> Import {
    let sp = span(&p, file);
    let path = p
        .into_inner()
        .find(|c| c.as_rule() == Rule::string)
        .expect(GRAMMAR);
    Import {
        path: string(path, file),
        span: sp,
    }
}

fn game(p: Pair<Rule>, file: FileId) -> Game {
    let sp = span(&p, file);
    let mut name = None;
    let mut parent = None;
    let mut items = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => name = Some(ident(c, file)),
            Rule::extends => parent = Some(extends(c, file)),
            Rule::game_item => items.push(game_item(c, file)),
            _ => {}
        }
    }
    Game {
        name: name.expect(GRAMMAR),
        extends: parent,
        items,
        span: sp,
    }
}

fn extends(p: Pair<Rule>, file: FileId) -> Ident {
    let n = p
        .into_inner()
        .find(|c| c.as_rule() == Rule::name)
        .expect(GRAMMAR);
    ident(n, file)
}

fn game_item(p: Pair<Rule>, file: FileId) -> GameItem {
    let c = p.into_inner().next().expect(GRAMMAR);
    match c.as_rule() {
        Rule::board => GameItem::Board(board(c, file)),
        Rule::players => GameItem::Players(players(c, file)),
        Rule::directions => GameItem::Directions(directions(c, file)),
        Rule::zones => GameItem::Zones(zones(c, file)),
        Rule::piece => GameItem::Piece(piece(c, file)),
        Rule::castling => GameItem::Castling(castling(c, file)),
        Rule::setup => GameItem::Setup(setup(c, file)),
        Rule::end => GameItem::End(end(c, file)),
        Rule::test => GameItem::Test(test(c, file)),
        Rule::reserve => GameItem::Reserve(reserve(c, file)),
        Rule::drop => GameItem::Drop(drop(c, file)),
        Rule::option => GameItem::Option(option(c, file)),
        Rule::when_block => GameItem::When(when_block(c, file)),
        Rule::use_item => GameItem::Use(use_item(c, file)),
        r => unreachable!("game_item cannot hold {r:?}"),
    }
}

// ============================================================================
// Board and players
// ============================================================================

fn board(p: Pair<Rule>, file: FileId) -> Board {
    let sp = span(&p, file);
    let mut files_ = None;
    let mut ranks_ = None;
    let mut holes_ = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::files => files_ = Some(labels(c, file)),
            Rule::ranks => ranks_ = Some(labels(c, file)),
            Rule::holes => holes_ = holes(c, file),
            _ => {}
        }
    }
    let (files, files_span) = files_.expect(GRAMMAR);
    let (ranks, ranks_span) = ranks_.expect(GRAMMAR);
    Board {
        files,
        files_span,
        ranks,
        ranks_span,
        holes: holes_,
        span: sp,
    }
}

/// `files ...` or `ranks ...`: the labels and their span.
fn labels(p: Pair<Rule>, file: FileId) -> (Labels, Span) {
    let c = p
        .into_inner()
        .find(|c| {
            matches!(
                c.as_rule(),
                Rule::file_range | Rule::file_list | Rule::rank_range | Rule::rank_list
            )
        })
        .expect(GRAMMAR);
    let sp = span(&c, file);
    let range = matches!(c.as_rule(), Rule::file_range | Rule::rank_range);
    let mut words: Vec<Ident> = c.into_inner().map(|l| ident(l, file)).collect();
    let labels = if range {
        let to = words.pop().expect(GRAMMAR);
        let from = words.pop().expect(GRAMMAR);
        Labels::Range { from, to }
    } else {
        Labels::List(words)
    };
    (labels, sp)
}

fn holes(p: Pair<Rule>, file: FileId) -> Vec<SquareSet> {
    p.into_inner()
        .filter(|c| c.as_rule() == Rule::square_set)
        .map(|c| square_set(c, file))
        .collect()
}

fn square_set(p: Pair<Rule>, file: FileId) -> SquareSet {
    let c = p.into_inner().next().expect(GRAMMAR);
    match c.as_rule() {
        Rule::square_range => square_range(c, file),
        _ => SquareSet::One(ident(c, file)),
    }
}

fn square_range(p: Pair<Rule>, file: FileId) -> SquareSet {
    let sp = span(&p, file);
    let mut it = p.into_inner();
    let from = ident(it.next().expect(GRAMMAR), file);
    let to = ident(it.next().expect(GRAMMAR), file);
    SquareSet::Range { from, to, span: sp }
}

fn players(p: Pair<Rule>, file: FileId) -> Players {
    let sp = span(&p, file);
    let players = p
        .into_inner()
        .filter(|c| c.as_rule() == Rule::player)
        .map(|c| player(c, file))
        .collect();
    Players { players, span: sp }
}

fn player(p: Pair<Rule>, file: FileId) -> Player {
    let sp = span(&p, file);
    let mut name = None;
    let mut frame_ = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => name = Some(ident(c, file)),
            Rule::frame => frame_ = Some(frame(c, file)),
            _ => {}
        }
    }
    Player {
        name: name.expect(GRAMMAR),
        frame: frame_,
        span: sp,
    }
}

fn frame(p: Pair<Rule>, file: FileId) -> (FrameKind, Span) {
    let sp = span(&p, file);
    let kind = p
        .into_inner()
        .find_map(|c| match c.as_rule() {
            Rule::kw_ranks => Some(FrameKind::MirrorRanks),
            Rule::kw_files => Some(FrameKind::MirrorFiles),
            Rule::kw_both => Some(FrameKind::MirrorBoth),
            _ => None,
        })
        .expect(GRAMMAR);
    (kind, sp)
}

// ============================================================================
// Directions and zones
// ============================================================================

fn directions(p: Pair<Rule>, file: FileId) -> Vec<DirectionDef> {
    p.into_inner()
        .filter(|c| c.as_rule() == Rule::direction_def)
        .map(|c| direction_def(c, file))
        .collect()
}

fn direction_def(p: Pair<Rule>, file: FileId) -> DirectionDef {
    let sp = span(&p, file);
    let mut name = None;
    let mut items = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => name = Some(ident(c, file)),
            Rule::dir_item => items.push(dir_item(c, file)),
            _ => {}
        }
    }
    DirectionDef {
        name: name.expect(GRAMMAR),
        items,
        span: sp,
    }
}

fn dir_item(p: Pair<Rule>, file: FileId) -> DirItem {
    let c = p.into_inner().next().expect(GRAMMAR);
    match c.as_rule() {
        Rule::vector => DirItem::Vector(vector(c, file)),
        _ => DirItem::Name(ident(c, file)),
    }
}

fn vector(p: Pair<Rule>, file: FileId) -> Vector {
    let sp = span(&p, file);
    let mut it = p.into_inner();
    let x = int(&it.next().expect(GRAMMAR));
    let y = int(&it.next().expect(GRAMMAR));
    Vector { x, y, span: sp }
}

fn zones(p: Pair<Rule>, file: FileId) -> Vec<ZoneDef> {
    p.into_inner()
        .filter(|c| c.as_rule() == Rule::zone_def)
        .map(|c| zone_def(c, file))
        .collect()
}

fn zone_def(p: Pair<Rule>, file: FileId) -> ZoneDef {
    let sp = span(&p, file);
    let mut name = None;
    let mut shared = None;
    let mut per_player = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => name = Some(ident(c, file)),
            Rule::region => shared = Some(region(c, file)),
            Rule::zone_player => per_player.push(zone_player(c, file)),
            _ => {}
        }
    }
    ZoneDef {
        name: name.expect(GRAMMAR),
        body: match shared {
            Some(r) => ZoneBody::Shared(r),
            None => ZoneBody::PerPlayer(per_player),
        },
        span: sp,
    }
}

fn zone_player(p: Pair<Rule>, file: FileId) -> (Ident, Region) {
    let mut it = p.into_inner();
    let name = ident(it.next().expect(GRAMMAR), file);
    let r = region(it.next().expect(GRAMMAR), file);
    (name, r)
}

fn region(p: Pair<Rule>, file: FileId) -> Region {
    let sp = span(&p, file);
    let items = p.into_inner().map(|c| region_item(c, file)).collect();
    Region { items, span: sp }
}

fn region_item(p: Pair<Rule>, file: FileId) -> RegionItem {
    let c = p.into_inner().next().expect(GRAMMAR);
    match c.as_rule() {
        Rule::rank_region | Rule::file_region => {
            let sp = span(&c, file);
            let is_rank = c.as_rule() == Rule::rank_region;
            let mut labels = c
                .into_inner()
                .filter(|l| matches!(l.as_rule(), Rule::rank_label | Rule::file_label))
                .map(|l| ident(l, file));
            let from = labels.next().expect(GRAMMAR);
            let to = labels.next();
            if is_rank {
                RegionItem::Ranks { from, to, span: sp }
            } else {
                RegionItem::Files { from, to, span: sp }
            }
        }
        _ => RegionItem::Squares(square_set(c, file)),
    }
}

// ============================================================================
// Pieces and movement
// ============================================================================

fn piece(p: Pair<Rule>, file: FileId) -> Piece {
    let sp = span(&p, file);
    let mut name = None;
    let mut letter = None;
    let mut parent = None;
    let mut replaced = None;
    let mut items = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => name = Some(ident(c, file)),
            Rule::string => letter = Some(string(c, file)),
            Rule::extends => parent = Some(extends(c, file)),
            Rule::replaces => replaced = Some(extends(c, file)),
            Rule::piece_item => items.push(piece_item(c, file)),
            _ => {}
        }
    }
    Piece {
        name: name.expect(GRAMMAR),
        letter: letter.expect(GRAMMAR),
        extends: parent,
        replaces: replaced,
        items,
        span: sp,
    }
}

fn piece_item(p: Pair<Rule>, file: FileId) -> PieceItem {
    let c = p.into_inner().next().expect(GRAMMAR);
    let sp = span(&c, file);
    match c.as_rule() {
        Rule::royal => PieceItem::Royal(sp),
        Rule::resets_clock => PieceItem::ResetsClock(sp),
        Rule::value => value(c, file),
        Rule::moves => moves(c, file),
        Rule::promote => promote(c, file),
        r => unreachable!("piece_item cannot hold {r:?}"),
    }
}

fn value(p: Pair<Rule>, file: FileId) -> PieceItem {
    let n = p
        .into_inner()
        .find(|c| c.as_rule() == Rule::number)
        .expect(GRAMMAR);
    PieceItem::Value(Number {
        text: n.as_str().to_string(),
        span: span(&n, file),
    })
}

fn moves(p: Pair<Rule>, file: FileId) -> PieceItem {
    let sp = span(&p, file);
    let mut append = false;
    let mut rules = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::append => append = true,
            Rule::move_rule => rules.push(move_rule(c, file)),
            _ => {}
        }
    }
    PieceItem::Moves {
        append,
        rules,
        span: sp,
    }
}

fn promote(p: Pair<Rule>, file: FileId) -> PieceItem {
    let sp = span(&p, file);
    let mut names = p
        .into_inner()
        .filter(|c| c.as_rule() == Rule::name)
        .map(|c| ident(c, file));
    let zone = names.next().expect(GRAMMAR);
    PieceItem::Promote {
        zone,
        to: names.collect(),
        span: sp,
    }
}

fn move_rule(p: Pair<Rule>, file: FileId) -> MoveRule {
    let c = p.into_inner().next().expect(GRAMMAR);
    match c.as_rule() {
        Rule::hop_rule => MoveRule::Hop(hop_rule(c, file)),
        Rule::prefer_rule => prefer_rule(c, file),
        _ => MoveRule::Ride(ride_rule(c, file)),
    }
}

fn hop_rule(p: Pair<Rule>, file: FileId) -> HopRule {
    let sp = span(&p, file);
    let mut out = HopRule {
        dirs: Vec::new(),
        over: None,
        shape: HopShapeKind::First,
        modifiers: Vec::new(),
        span: sp,
    };
    for part in p.into_inner() {
        match part.as_rule() {
            Rule::dir_item => out.dirs.push(dir_item(part, file)),
            Rule::over => {
                let f = part
                    .into_inner()
                    .find(|c| c.as_rule() == Rule::filter)
                    .expect(GRAMMAR);
                out.over = Some(filter(f, file));
            }
            Rule::hop_shape => {
                out.shape = match part.into_inner().next().map(|k| k.as_rule()) {
                    Some(Rule::kw_first) => HopShapeKind::First,
                    Some(Rule::kw_next) => HopShapeKind::Next,
                    _ => HopShapeKind::Slide,
                }
            }
            Rule::modifier => out.modifiers.push(modifier(part, file)),
            _ => {}
        }
    }
    out
}

fn filter(p: Pair<Rule>, file: FileId) -> Filter {
    let sp = span(&p, file);
    let mut out = Filter {
        negate: false,
        owner: None,
        pieces: Vec::new(),
        span: sp,
    };
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::kw_not => out.negate = true,
            Rule::owner => {
                out.owner = match c.into_inner().next().map(|k| k.as_rule()) {
                    Some(Rule::kw_friend) => Some(OwnerKind::Friend),
                    _ => Some(OwnerKind::Enemy),
                }
            }
            Rule::filter_piece => {
                let n = c.into_inner().next().expect(GRAMMAR);
                out.pieces.push(ident(n, file));
            }
            _ => {}
        }
    }
    out
}

fn prefer_rule(p: Pair<Rule>, file: FileId) -> MoveRule {
    let sp = span(&p, file);
    let mut blocks = p
        .into_inner()
        .filter(|c| c.as_rule() == Rule::prefer_block)
        .map(|b| {
            b.into_inner()
                .filter(|c| c.as_rule() == Rule::move_rule)
                .map(|c| move_rule(c, file))
                .collect::<Vec<_>>()
        });
    let first = blocks.next().expect(GRAMMAR);
    let fallback = blocks.next().expect(GRAMMAR);
    MoveRule::Prefer {
        first,
        fallback,
        span: sp,
    }
}

fn ride_rule(c: Pair<Rule>, file: FileId) -> RideRule {
    let sp = span(&c, file);
    let kind = match c.as_rule() {
        Rule::step_rule => MoveKind::Step,
        Rule::slide_rule => MoveKind::Slide,
        _ => MoveKind::Leap,
    };
    let mut out = RideRule {
        kind,
        dirs: Vec::new(),
        range: None,
        sym: None,
        modifiers: Vec::new(),
        span: sp,
    };
    for part in c.into_inner() {
        match part.as_rule() {
            Rule::dir_item => out.dirs.push(dir_item(part, file)),
            Rule::range => out.range = Some(range(part, file)),
            Rule::sym => out.sym = Some(span(&part, file)),
            Rule::modifier => out.modifiers.push(modifier(part, file)),
            _ => {}
        }
    }
    out
}

fn range(p: Pair<Rule>, file: FileId) -> RangeSpec {
    let mut exactly = false;
    let mut n = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::kw_exactly => exactly = true,
            Rule::uint => n = Some(uint(c, file)),
            _ => {}
        }
    }
    let n = n.expect(GRAMMAR);
    if exactly {
        RangeSpec::Exactly(n)
    } else {
        RangeSpec::Max(n)
    }
}

fn modifier(p: Pair<Rule>, file: FileId) -> Modifier {
    let c = p.into_inner().next().expect(GRAMMAR);
    let sp = span(&c, file);
    match c.as_rule() {
        Rule::target => Modifier::To(target(c), sp),
        Rule::guard => Modifier::When(guard(c, file), sp),
        _ => Modifier::SetsEnPassant(sp),
    }
}

fn target(p: Pair<Rule>) -> TargetKind {
    let kind = p
        .into_inner()
        .find(|c| c.as_rule() == Rule::target_kind)
        .and_then(|k| k.into_inner().next())
        .expect(GRAMMAR);
    match kind.as_rule() {
        Rule::kw_empty => TargetKind::Empty,
        Rule::kw_enemy => TargetKind::Enemy,
        Rule::kw_not_friend => TargetKind::NotFriend,
        _ => TargetKind::EnPassant,
    }
}

fn guard(p: Pair<Rule>, file: FileId) -> Vec<Condition> {
    p.into_inner()
        .filter(|c| c.as_rule() == Rule::condition)
        .map(|c| condition(c, file))
        .collect()
}

fn condition(p: Pair<Rule>, file: FileId) -> Condition {
    let c = p.into_inner().next().expect(GRAMMAR);
    let sp = span(&c, file);
    let rule = c.as_rule();
    let mut negated = false;
    let mut zone = None;
    let mut vec = None;
    for part in c.into_inner() {
        match part.as_rule() {
            Rule::kw_not => negated = true,
            Rule::name => zone = Some(ident(part, file)),
            Rule::vector => vec = Some(vector(part, file)),
            _ => {}
        }
    }
    match rule {
        Rule::from_condition => Condition::From {
            negated,
            zone: zone.expect(GRAMMAR),
            span: sp,
        },
        Rule::occupied_condition => Condition::Occupied(vec.expect(GRAMMAR), sp),
        _ => Condition::Empty(vec.expect(GRAMMAR), sp),
    }
}

// ============================================================================
// Castling, setup, end
// ============================================================================

fn castling(p: Pair<Rule>, file: FileId) -> Castling {
    let sp = span(&p, file);
    let mut names = Vec::new();
    let mut sides = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => names.push(ident(c, file)),
            Rule::castle_side => sides.push(castle_side(c, file)),
            _ => {}
        }
    }
    let mut names = names.into_iter();
    Castling {
        king: names.next().expect(GRAMMAR),
        partner: names.next().expect(GRAMMAR),
        sides,
        span: sp,
    }
}

fn castle_side(p: Pair<Rule>, file: FileId) -> CastleSide {
    let sp = span(&p, file);
    let mut name = None;
    let mut squares = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => name = Some(ident(c, file)),
            Rule::square => squares.push(ident(c, file)),
            _ => {}
        }
    }
    // king_from, king_to+, partner_from, partner_to
    let partner_to = squares.pop().expect(GRAMMAR);
    let partner_from = squares.pop().expect(GRAMMAR);
    let mut it = squares.into_iter();
    let king_from = it.next().expect(GRAMMAR);
    CastleSide {
        name: name.expect(GRAMMAR),
        king_from,
        king_to: it.collect(),
        partner_from,
        partner_to,
        span: sp,
    }
}

fn setup(p: Pair<Rule>, file: FileId) -> Setup {
    let sp = span(&p, file);
    let players = p
        .into_inner()
        .filter(|c| c.as_rule() == Rule::setup_player)
        .map(|c| setup_player(c, file))
        .collect();
    Setup { players, span: sp }
}

fn setup_player(p: Pair<Rule>, file: FileId) -> SetupPlayer {
    let sp = span(&p, file);
    let mut player = None;
    let mut mirror = None;
    let mut placements = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => player = Some(ident(c, file)),
            Rule::mirror => mirror = Some(span(&c, file)),
            Rule::placement => placements.push(placement(c, file)),
            _ => {}
        }
    }
    SetupPlayer {
        player: player.expect(GRAMMAR),
        body: match mirror {
            Some(m) => SetupBody::Mirror(m),
            None => SetupBody::Placements(placements),
        },
        span: sp,
    }
}

fn placement(p: Pair<Rule>, file: FileId) -> Placement {
    let sp = span(&p, file);
    let mut piece = None;
    let mut squares = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => piece = Some(ident(c, file)),
            Rule::square_set => squares.push(square_set(c, file)),
            _ => {}
        }
    }
    Placement {
        piece: piece.expect(GRAMMAR),
        squares,
        span: sp,
    }
}

fn reserve(p: Pair<Rule>, file: FileId) -> Reserve {
    let sp = span(&p, file);
    let mut players = Vec::new();
    for c in p.into_inner() {
        if c.as_rule() != Rule::reserve_player {
            continue;
        }
        let mut name = None;
        let mut entries = Vec::new();
        for part in c.into_inner() {
            match part.as_rule() {
                Rule::name => name = Some(ident(part, file)),
                Rule::reserve_entry => {
                    let mut piece = None;
                    let mut n = None;
                    for e in part.into_inner() {
                        match e.as_rule() {
                            Rule::name => piece = Some(ident(e, file)),
                            Rule::uint => n = Some(uint(e, file)),
                            _ => {}
                        }
                    }
                    entries.push((piece.expect(GRAMMAR), n));
                }
                _ => {}
            }
        }
        players.push((name.expect(GRAMMAR), entries));
    }
    Reserve { players, span: sp }
}

fn drop(p: Pair<Rule>, file: FileId) -> Drop {
    let sp = span(&p, file);
    let mut piece = None;
    let mut items = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => piece = Some(ident(c, file)),
            Rule::drop_item => items.push(drop_item(c, file)),
            _ => {}
        }
    }
    Drop {
        piece: piece.expect(GRAMMAR),
        items,
        span: sp,
    }
}

fn drop_item(p: Pair<Rule>, file: FileId) -> DropItem {
    let c = p.into_inner().next().expect(GRAMMAR);
    let sp = span(&c, file);
    let rule = c.as_rule();
    let mut name = None;
    let mut vec = None;
    let mut filt = None;
    let mut dir = None;
    let mut n = None;
    let mut sets_ep = false;
    for part in c.into_inner() {
        match part.as_rule() {
            Rule::name => name = Some(ident(part, file)),
            Rule::vector => vec = Some(vector(part, file)),
            Rule::filter => filt = Some(filter(part, file)),
            Rule::dir_item => dir = Some(dir_item(part, file)),
            Rule::uint => n = Some(uint(part, file)),
            Rule::effect => sets_ep = true,
            _ => {}
        }
    }
    match rule {
        Rule::drop_zone => DropItem::Zone(name.expect(GRAMMAR), sp),
        Rule::require_empty => DropItem::RequireEmpty(vec.expect(GRAMMAR), sp),
        Rule::require_piece => {
            DropItem::RequirePiece(filt.expect(GRAMMAR), vec.expect(GRAMMAR), sp)
        }
        _ => DropItem::Move {
            at: vec.expect(GRAMMAR),
            dir: dir.expect(GRAMMAR),
            steps: n.expect(GRAMMAR),
            sets_ep,
            span: sp,
        },
    }
}

fn option(p: Pair<Rule>, file: FileId) -> OptionDecl {
    let sp = span(&p, file);
    let mut name = None;
    let mut prompt = None;
    let mut choices = Vec::new();
    let mut default = None;
    let mut vote_ = None;
    let mut result = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => name = Some(ident(c, file)),
            Rule::string => prompt = Some(string(c, file)),
            Rule::choice => choices.push(ident(c.into_inner().next().expect(GRAMMAR), file)),
            Rule::default_choice => {
                let n = c
                    .into_inner()
                    .find(|x| x.as_rule() == Rule::name)
                    .expect(GRAMMAR);
                default = Some(ident(n, file));
            }
            Rule::vote => vote_ = Some(vote(c, file)),
            Rule::vote_result => {
                let rsp = span(&c, file);
                let mut names = c
                    .into_inner()
                    .filter(|x| x.as_rule() == Rule::name)
                    .map(|x| ident(x, file));
                let any = names.next().expect(GRAMMAR);
                let otherwise = names.next().expect(GRAMMAR);
                result = Some((any, otherwise, rsp));
            }
            _ => {}
        }
    }
    OptionDecl {
        name: name.expect(GRAMMAR),
        prompt: prompt.expect(GRAMMAR),
        choices,
        default,
        vote: vote_,
        result,
        span: sp,
    }
}

fn vote(p: Pair<Rule>, file: FileId) -> (Vec<Voter>, Span) {
    let sp = span(&p, file);
    let voters = p
        .into_inner()
        .filter(|c| c.as_rule() == Rule::voter)
        .map(|c| {
            let vsp = span(&c, file);
            let mut names = c
                .into_inner()
                .filter(|x| x.as_rule() == Rule::name)
                .map(|x| ident(x, file));
            let player = names.next().expect(GRAMMAR);
            let when = names.next().zip(names.next());
            Voter {
                player,
                when,
                span: vsp,
            }
        })
        .collect();
    (voters, sp)
}

fn when_block(p: Pair<Rule>, file: FileId) -> When {
    let sp = span(&p, file);
    let mut names = Vec::new();
    let mut items = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::name => names.push(ident(c, file)),
            Rule::game_item => items.push(game_item(c, file)),
            _ => {}
        }
    }
    let mut names = names.into_iter();
    When {
        option: names.next().expect(GRAMMAR),
        choice: names.next().expect(GRAMMAR),
        items,
        span: sp,
    }
}

fn end(p: Pair<Rule>, file: FileId) -> End {
    let sp = span(&p, file);
    let rules = p
        .into_inner()
        .filter(|c| c.as_rule() == Rule::end_rule)
        .map(|c| end_rule(c, file))
        .collect();
    End { rules, span: sp }
}

fn end_rule(p: Pair<Rule>, file: FileId) -> EndRule {
    let sp = span(&p, file);
    let mut head = None;
    let mut n = None;
    let mut outcome_ = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::uint => n = Some(uint(c, file)),
            Rule::outcome => outcome_ = Some(outcome(c)),
            r => head = Some(r),
        }
    }
    let kind = match (head.expect(GRAMMAR), n) {
        (Rule::kw_checkmate, _) => EndKind::Checkmate,
        (Rule::kw_stalemate, _) => EndKind::Stalemate,
        (Rule::kw_repetition, Some(n)) => EndKind::Repetition(n),
        (_, n) => EndKind::NoProgress(n.expect(GRAMMAR)),
    };
    EndRule {
        kind,
        outcome: outcome_.expect(GRAMMAR),
        span: sp,
    }
}

fn outcome(p: Pair<Rule>) -> Outcome {
    match p.into_inner().next().map(|c| c.as_rule()) {
        Some(Rule::kw_loss) => Outcome::Loss,
        Some(Rule::kw_win) => Outcome::Win,
        _ => Outcome::Draw,
    }
}

// ============================================================================
// Tests
// ============================================================================

fn test(p: Pair<Rule>, file: FileId) -> Test {
    let sp = span(&p, file);
    let mut title = None;
    let mut steps = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::string => title = Some(string(c, file)),
            Rule::test_step => steps.push(test_step(c, file)),
            _ => {}
        }
    }
    Test {
        title: title.expect(GRAMMAR),
        steps,
        span: sp,
    }
}

fn test_step(p: Pair<Rule>, file: FileId) -> TestStep {
    let c = p.into_inner().next().expect(GRAMMAR);
    let sp = span(&c, file);
    let rule = c.as_rule();
    let mut strings = Vec::new();
    let mut moves = Vec::new();
    let mut nums = Vec::new();
    let mut names = Vec::new();
    let mut pairs = Vec::new();
    let mut refused = false;
    for part in c.into_inner() {
        match part.as_rule() {
            Rule::string => strings.push(string(part, file)),
            Rule::move_token => moves.push(ident(part, file)),
            Rule::uint => nums.push(uint(part, file)),
            Rule::name => names.push(ident(part, file)),
            Rule::kw_refused => refused = true,
            Rule::option_setting | Rule::ballot => {
                let mut two = part.into_inner().map(|x| ident(x, file));
                let a = two.next().expect(GRAMMAR);
                let b = two.next().expect(GRAMMAR);
                pairs.push((a, b));
            }
            _ => {}
        }
    }
    let kind = match rule {
        Rule::option_step => TestStepKind::Options(pairs),
        Rule::vote_step => {
            let mut names = names.into_iter();
            let option = names.next().expect(GRAMMAR);
            let expect = if refused { None } else { names.next() };
            TestStepKind::Vote {
                option,
                ballots: pairs,
                expect,
            }
        }
        Rule::fen_step => TestStepKind::Fen(strings.pop().expect(GRAMMAR)),
        Rule::play_step => TestStepKind::Play(moves),
        Rule::legal_step => TestStepKind::Legal(moves),
        Rule::illegal_step => TestStepKind::Illegal(moves),
        Rule::perft_step => {
            let nodes = nums.pop().expect(GRAMMAR);
            let depth = nums.pop().expect(GRAMMAR);
            TestStepKind::Perft { depth, nodes }
        }
        Rule::count_step => TestStepKind::MoveCount(nums.pop().expect(GRAMMAR)),
        Rule::not_check_step => TestStepKind::NotCheck,
        Rule::checkmate_step => TestStepKind::Checkmate,
        Rule::stalemate_step => TestStepKind::Stalemate,
        _ => TestStepKind::Check,
    };
    TestStep { kind, span: sp }
}

// ============================================================================
// Syntax errors
// ============================================================================

/// Every keyword (mirrors `keyword` in the grammar).
const KEYWORDS: &[&str] = &[
    "resets_clock",
    "directions",
    "checkmate",
    "stalemate",
    "castling",
    "occupied",
    "replaces",
    "exactly",
    "extends",
    "illegal",
    "players",
    "promote",
    "reserve",
    "define",
    "import",
    "mirror",
    "option",
    "prefer",
    "board",
    "check",
    "empty",
    "files",
    "holes",
    "legal",
    "moves",
    "perft",
    "piece",
    "ranks",
    "royal",
    "setup",
    "slide",
    "value",
    "zones",
    "drop",
    "else",
    "file",
    "from",
    "game",
    "leap",
    "over",
    "play",
    "rank",
    "sets",
    "step",
    "test",
    "then",
    "when",
    "and",
    "end",
    "fen",
    "hop",
    "max",
    "not",
    "sym",
    "use",
    "in",
    "to",
];

/// What a grammar rule means to a user, or None to leave it out of messages.
fn describe(rule: Rule) -> Option<String> {
    let s = match rule {
        Rule::EOI => "end of file",
        Rule::import => "`import`",
        Rule::game => "`game`",
        Rule::game_item => {
            "a game block (board, players, directions, zones, piece, castling, setup, end, test, reserve, drop, option, when or use)"
        }
        Rule::name => "a name",
        Rule::uint | Rule::int => "a whole number",
        Rule::number => "a number like 3 or 3.25",
        Rule::string | Rule::string_text => "a string in double quotes",
        Rule::file_label => "a file label like a",
        Rule::rank_label => "a rank number like 1",
        Rule::file_range | Rule::file_list => "file labels like a..h",
        Rule::rank_range | Rule::rank_list => "rank labels like 1..8",
        Rule::square => "a square like e4",
        Rule::square_range | Rule::square_set => "a square like e4 or a range like a2..h2",
        Rule::vector => "a vector like (1,2)",
        Rule::move_token => "a move like e2e4",
        Rule::extends => "`extends`",
        Rule::files => "`files`",
        Rule::ranks => "`ranks`",
        Rule::holes => "`holes`",
        Rule::player => "a player name",
        Rule::frame => "`mirror ranks`, `mirror files` or `mirror both`",
        Rule::direction_def => "a direction set like `orth = n e s w`",
        Rule::dir_item => "a direction name or a vector like (1,2)",
        Rule::zone_def => "a zone like `promotion = rank 8`",
        Rule::zone_player => "a player's part of the zone like `white: rank 1`",
        Rule::region | Rule::region_item => "a region: rank N, file X, a square or a range",
        Rule::rank_region => "`rank`",
        Rule::file_region => "`file`",
        Rule::piece_item => "a piece property (royal, value, resets_clock, moves or promote)",
        Rule::append => "`+=`",
        Rule::move_rule | Rule::step_rule | Rule::slide_rule | Rule::leap_rule => {
            "a move rule (step, slide, leap, hop or prefer)"
        }
        Rule::hop_rule => "`hop`",
        Rule::prefer_rule => "`prefer`",
        Rule::prefer_block => "`{`",
        Rule::over => "`over`",
        Rule::hop_shape => "first, next or slide",
        Rule::filter | Rule::filter_piece => {
            "a filter like `any`, `enemy`, `not friend PIECE` or piece names"
        }
        Rule::owner => "friend or enemy",
        Rule::define => "`define`",
        Rule::use_item => "`use`",
        Rule::macro_arg => "a name or a whole number",
        Rule::replaces => "`replaces`",
        Rule::reserve => "`reserve`",
        Rule::reserve_player => "a player's reserve like `white: PIECE 2`",
        Rule::reserve_entry => "a piece name, optionally followed by a count",
        Rule::drop => "`drop`",
        Rule::drop_item
        | Rule::drop_zone
        | Rule::require_empty
        | Rule::require_piece
        | Rule::drop_move => {
            "a part of a drop (in ZONE, require ... at (x,y) or then move (x,y) DIR N)"
        }
        Rule::option => "`option`",
        Rule::choice => "a choice name",
        Rule::default_choice => "`default`",
        Rule::vote => "`vote`",
        Rule::voter => "a player name, optionally with `when PLAYER == CHOICE`",
        Rule::vote_result => "`result any CHOICE else CHOICE`",
        Rule::when_block => "`when`",
        Rule::option_setting => "an option setting like `extra = yes`",
        Rule::ballot => "a ballot like `white yes`",
        Rule::range => "`max N` or `exactly N`",
        Rule::sym => "`sym`",
        Rule::modifier => "a modifier (to, when or sets)",
        Rule::target => "`to`",
        Rule::target_kind => "empty, enemy, not_friend or en_passant",
        Rule::guard => "`when`",
        Rule::condition
        | Rule::from_condition
        | Rule::occupied_condition
        | Rule::empty_condition => {
            "a condition: from in ZONE, from not in ZONE, occupied (x,y) or empty (x,y)"
        }
        Rule::effect => "`sets en_passant`",
        Rule::castle_side => "a castling side like `side short { ... }`",
        Rule::setup_player => "a player's setup: `NAME { ... }` or `NAME mirror`",
        Rule::mirror => "`mirror`",
        Rule::placement => "a piece name followed by squares",
        Rule::end_rule => "an end condition (checkmate, stalemate, repetition or no_progress)",
        Rule::outcome => "loss, win or draw",
        Rule::test_step
        | Rule::fen_step
        | Rule::play_step
        | Rule::perft_step
        | Rule::legal_step
        | Rule::illegal_step
        | Rule::count_step
        | Rule::not_check_step
        | Rule::checkmate_step
        | Rule::stalemate_step
        | Rule::check_step
        | Rule::option_step
        | Rule::vote_step => {
            "a test step (option, vote, fen, play, perft, legal, illegal, moves =, check, not check, checkmate or stalemate)"
        }
        Rule::board => "`board`",
        Rule::players => "`players`",
        Rule::directions => "`directions`",
        Rule::zones => "`zones`",
        Rule::piece => "`piece`",
        Rule::castling => "`castling`",
        Rule::setup => "`setup`",
        Rule::end => "`end`",
        Rule::test => "`test`",
        Rule::royal => "`royal`",
        Rule::value => "`value`",
        Rule::resets_clock => "`resets_clock`",
        Rule::moves => "`moves`",
        Rule::promote => "`promote`",
        r => {
            let name = format!("{r:?}");
            return name.strip_prefix("kw_").map(|k| format!("`{k}`"));
        }
    };
    Some(s.to_string())
}

/// The token at `pos`: a word, one character, or nothing at the end.
fn token_at(source: &str, pos: usize) -> &str {
    let rest = source.get(pos..).unwrap_or("");
    let word_len: usize = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum();
    if word_len > 0 {
        &rest[..word_len]
    } else {
        rest.chars().next().map_or("", |c| &rest[..c.len_utf8()])
    }
}

/// "a", "a or b", "a, b or c".
fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
    }
}

/// Words that start a block of a game or a file.
const BLOCK_KEYWORDS: &[&str] = &[
    "import",
    "game",
    "board",
    "players",
    "directions",
    "zones",
    "piece",
    "castling",
    "setup",
    "end",
    "test",
    "reserve",
    "drop",
    "option",
    "define",
    "use",
];

/// The keywords a rule can start with, for "did you mean".
fn rule_keywords(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::file => &["game", "import", "define"],
        Rule::game_item => &[
            "board",
            "players",
            "directions",
            "zones",
            "piece",
            "castling",
            "setup",
            "end",
            "test",
            "reserve",
            "drop",
            "option",
            "when",
            "use",
        ],
        Rule::piece_item => &["royal", "value", "resets_clock", "moves", "promote"],
        Rule::move_rule => &["step", "slide", "leap", "hop", "prefer"],
        Rule::hop_shape => &["first", "next", "slide"],
        Rule::drop_item => &["in", "require", "then"],
        Rule::modifier => &["to", "when", "sets"],
        Rule::target_kind => &["empty", "enemy", "not_friend", "en_passant"],
        Rule::condition => &["from", "occupied", "empty"],
        Rule::range => &["max", "exactly"],
        Rule::end_rule => &["checkmate", "stalemate", "repetition", "no_progress"],
        Rule::outcome => &["loss", "win", "draw"],
        Rule::test_step => &[
            "option",
            "vote",
            "fen",
            "play",
            "perft",
            "legal",
            "illegal",
            "moves",
            "check",
            "not",
            "checkmate",
            "stalemate",
        ],
        _ => &[],
    }
}

/// Punctuation worth naming in "expected ..." messages.
const PUNCTUATION: &[&str] = &["{", "}", ")", ",", "=", "->", "|", "..", "+=", ":"];

/// Turn a pest error into a diagnostic in plain words.
fn syntax_error(err: &pest::error::Error<Rule>, source: &str, file: FileId) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let mut pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let positives = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { message } => {
            let found = token_at(source, pos);
            return Diagnostic::error(Span::new(file, pos..pos + found.len()), message.clone())
                .with_label("here");
        }
    };

    // pest reports the furthest position a *rule* was tried; literal tokens
    // (`->`, `}`) may have been tried further on. Use that position when it
    // starts a token (not the middle of a word, which a failed keyword leaves).
    let mut rules: Vec<Rule> = positives;
    let mut tokens: Vec<String> = Vec::new();
    if let Some(a) = err.parse_attempts() {
        let at_boundary = a.max_position == 0
            || source[..a.max_position.min(source.len())]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if a.max_position == pos || (a.max_position > pos && at_boundary) {
            tokens = a.expected_tokens().iter().map(|t| t.to_string()).collect();
            if a.max_position > pos {
                pos = a.max_position;
                rules.clear();
            }
        }
    }

    let found = token_at(source, pos);
    let sp = Span::new(file, pos..pos + found.len());
    let found_words = if found.is_empty() {
        "end of file".to_string()
    } else {
        format!("`{found}`")
    };

    if rules.contains(&Rule::name) && KEYWORDS.contains(&found) {
        return Diagnostic::error(sp, format!("expected a name, found keyword `{found}`"))
            .with_label("keywords cannot be used as names");
    }

    let mut expected: Vec<String> = Vec::new();
    for r in &rules {
        let d = match r {
            Rule::file => Some("`game`, `define` or `import`".to_string()),
            r => describe(*r),
        };
        if let Some(d) = d
            && !expected.contains(&d)
        {
            expected.push(d);
        }
    }
    for t in &tokens {
        if PUNCTUATION.contains(&t.as_str()) {
            let d = format!("`{t}`");
            if !expected.contains(&d) {
                expected.push(d);
            }
        }
    }

    let mut diag = if expected.is_empty() {
        Diagnostic::error(sp, format!("unexpected {found_words}")).with_label("unexpected here")
    } else {
        let what = join_or(&expected);
        let label = if expected.len() == 1 {
            format!("expected {what}")
        } else {
            "unexpected here".to_string()
        };
        Diagnostic::error(sp, format!("expected {what}, found {found_words}")).with_label(label)
    };

    // A misspelt keyword: suggest the closest one that fits here.
    let mut words: Vec<&str> = tokens
        .iter()
        .map(String::as_str)
        .filter(|t| t.len() > 1 && t.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .collect();
    for r in &rules {
        words.extend(rule_keywords(*r));
    }
    if found.chars().next().is_some_and(|c| c.is_alphabetic())
        && !words.contains(&found)
        && let Some(g) = did_you_mean(found, words.iter().copied())
    {
        diag = diag.with_help(format!("did you mean `{g}`?"));
    } else if BLOCK_KEYWORDS.contains(&found) && expected.iter().any(|e| e == "`}`") {
        diag = diag.with_help(format!("is a `}}` missing before `{found}`?"));
    }
    diag
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(src: &str) -> String {
        match parse(src, 0) {
            Ok(_) => panic!("expected a syntax error"),
            Err(d) => d[0].message.clone(),
        }
    }

    #[test]
    fn parses_chess() {
        let src = include_str!("../../rules/chess.variant");
        let f = parse(src, 0).expect("chess.variant parses");
        assert_eq!(f.games.len(), 1);
        assert_eq!(f.games[0].name.text, "Chess");
    }

    #[test]
    fn keywords_are_whole_words() {
        // `royalty` is not `royal` followed by `ty`.
        assert!(err("game X { piece K \"K\" { royalty } }").contains("found `royalty`"));
        // `inside` is a zone name, not `in` + `side`.
        let f = parse("game X { piece P \"P\" { promote in inside to Q } }", 0).expect("parses");
        let GameItem::Piece(p) = &f.games[0].items[0] else {
            panic!("a piece")
        };
        assert!(matches!(&p.items[0], PieceItem::Promote { zone, .. } if zone.text == "inside"));
    }

    #[test]
    fn moves_block_and_moves_count_are_told_apart() {
        let src = "game X { piece P \"P\" { moves { step n } } test \"t\" { moves = 4 } }";
        let f = parse(src, 0).expect("parses");
        let GameItem::Test(t) = &f.games[0].items[1] else {
            panic!("a test")
        };
        assert!(matches!(
            t.steps[0].kind,
            TestStepKind::MoveCount(Uint { value: 4, .. })
        ));
    }

    #[test]
    fn labels_holes_regions_frames_and_moves() {
        let src = r#"
            import "a.variant"
            game X extends Y {
              board { files a b c  ranks 1 2 3  holes a1 b2..c3 }  // comment
              players { red mirror both  blue }
              zones { z { red: rank 1..2 file c  blue: a1 } }
              piece P "P" extends Q {
                moves += { leap (2,1) (-2,1) to empty when occupied (0,1) and from not in z }
              }
              setup { red { P a2 b1..c1 } blue mirror }
              test "t" { play e2e4 E@g1 e7e8q  not check  check  checkmate }
            }
        "#;
        let f = parse(src, 0).expect("parses");
        assert_eq!(f.imports[0].path.value, "a.variant");
        let g = &f.games[0];
        assert_eq!(g.extends.as_ref().map(|e| e.text.as_str()), Some("Y"));
        let GameItem::Board(b) = &g.items[0] else {
            panic!("a board")
        };
        assert!(matches!(&b.files, Labels::List(l) if l.len() == 3));
        assert_eq!(b.holes.len(), 2);
        let GameItem::Players(p) = &g.items[1] else {
            panic!("players")
        };
        assert_eq!(p.players[0].frame.map(|f| f.0), Some(FrameKind::MirrorBoth));
        let GameItem::Test(t) = &g.items[5] else {
            panic!("a test")
        };
        let TestStepKind::Play(moves) = &t.steps[0].kind else {
            panic!("play")
        };
        let moves: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["e2e4", "E@g1", "e7e8q"]);
        assert_eq!(t.steps[1].kind, TestStepKind::NotCheck);
        assert_eq!(t.steps[3].kind, TestStepKind::Checkmate);
    }

    #[test]
    fn no_panic_on_odd_input() {
        for src in [
            "",
            "\"",
            "game",
            "game X { board { files a..h ranks 1..",
            "é",
            "game X { test \"é\n\" { } }",
            "game X { piece P \"P\" { moves { leap (99999999999999999999,1) } } }",
        ] {
            let _ = parse(src, 0);
        }
    }
}
