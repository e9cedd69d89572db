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

/// Parse a whole rule file.
pub fn parse(source: &str, file: FileId) -> Result<File, Vec<Diagnostic>> {
    pest::set_error_detail(true);
    match VariantParser::parse(Rule::file, source) {
        Ok(mut pairs) => {
            let Some(top) = pairs.next() else {
                drift(Rule::file, "matched no node".to_string())
            };
            Ok(build_file(top, file))
        }
        Err(e) => Err(vec![syntax_error(&e, source, file)]),
    }
}

// ============================================================================
// Reading a node's children
// ============================================================================

/// The one place that panics when the grammar and the builders drift apart:
/// `parent` has a child `child` that no builder reads, or lacks a required one.
#[cold]
#[track_caller]
fn drift(parent: Rule, problem: String) -> ! {
    panic!("grammar/variant.pest and the parser disagree: `{parent:?}` {problem}")
}

/// Is `rule` a keyword token? Keywords (`kw_*`, non-silent in the grammar)
/// are children of the node they appear in, but most carry no information:
/// [`Children`] lets these go unread. The ones that do mean something (`not`,
/// `exactly`, ...) are read with [`Children::flag`] or a match on
/// [`Children::choice`]. Every `kw_*` rule of the grammar is listed, so a new
/// keyword fails the tests until it is added here (and to `KEYWORDS` if it is
/// reserved).
fn is_keyword(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::kw_import
            | Rule::kw_game
            | Rule::kw_extends
            | Rule::kw_board
            | Rule::kw_files
            | Rule::kw_ranks
            | Rule::kw_holes
            | Rule::kw_players
            | Rule::kw_mirror
            | Rule::kw_both
            | Rule::kw_directions
            | Rule::kw_zones
            | Rule::kw_rank
            | Rule::kw_file
            | Rule::kw_piece
            | Rule::kw_royal
            | Rule::kw_value
            | Rule::kw_resets_clock
            | Rule::kw_moves
            | Rule::kw_promote
            | Rule::kw_in
            | Rule::kw_to
            | Rule::kw_step
            | Rule::kw_slide
            | Rule::kw_leap
            | Rule::kw_sym
            | Rule::kw_max
            | Rule::kw_exactly
            | Rule::kw_when
            | Rule::kw_and
            | Rule::kw_from
            | Rule::kw_not
            | Rule::kw_occupied
            | Rule::kw_empty
            | Rule::kw_enemy
            | Rule::kw_not_friend
            | Rule::kw_en_passant
            | Rule::kw_sets
            | Rule::kw_castling
            | Rule::kw_king
            | Rule::kw_partner
            | Rule::kw_side
            | Rule::kw_setup
            | Rule::kw_end
            | Rule::kw_checkmate
            | Rule::kw_stalemate
            | Rule::kw_repetition
            | Rule::kw_no_progress
            | Rule::kw_loss
            | Rule::kw_win
            | Rule::kw_draw
            | Rule::kw_test
            | Rule::kw_fen
            | Rule::kw_play
            | Rule::kw_perft
            | Rule::kw_legal
            | Rule::kw_illegal
            | Rule::kw_check
            | Rule::kw_hop
            | Rule::kw_over
            | Rule::kw_then
            | Rule::kw_first
            | Rule::kw_next
            | Rule::kw_any
            | Rule::kw_friend
            | Rule::kw_prefer
            | Rule::kw_else
            | Rule::kw_replaces
            | Rule::kw_reserve
            | Rule::kw_drop
            | Rule::kw_require
            | Rule::kw_at
            | Rule::kw_move
            | Rule::kw_option
            | Rule::kw_choices
            | Rule::kw_default
            | Rule::kw_vote
            | Rule::kw_result
            | Rule::kw_refused
            | Rule::kw_define
            | Rule::kw_use
    )
}

/// The children of one node, taken by rule. Every child that is not a
/// keyword must be taken before this is dropped, and a required child must be
/// there: either mistake is drift between grammar and parser, reported by
/// [`drift`].
struct Children<'i> {
    /// The node's rule, for messages.
    rule: Rule,
    /// The children not yet taken, in source order.
    items: Vec<Option<Pair<'i, Rule>>>,
}

impl<'i> Children<'i> {
    /// The children of `p`.
    fn of(p: Pair<'i, Rule>) -> Self {
        Children {
            rule: p.as_rule(),
            items: p.into_inner().map(Some).collect(),
        }
    }

    /// The node's only child, whatever its rule: for a node that is a choice
    /// between alternatives. The caller matches on its rule and sends any
    /// other rule to [`Children::unexpected`].
    fn choice(p: Pair<'i, Rule>) -> Pair<'i, Rule> {
        let rule = p.as_rule();
        let mut it = p.into_inner();
        match (it.next(), it.next()) {
            (Some(c), None) => c,
            (Some(_), Some(extra)) => {
                drift(rule, format!("has a second child `{:?}`", extra.as_rule()))
            }
            (None, _) => drift(rule, "has no child".to_string()),
        }
    }

    /// A child of rule `child` in a node of rule `parent` that no builder expects.
    #[track_caller]
    fn unexpected(parent: Rule, child: Rule) -> ! {
        drift(
            parent,
            format!("has a child `{child:?}` no builder expects"),
        )
    }

    /// Take the next child of rule `rule`, if there is one.
    fn opt(&mut self, rule: Rule) -> Option<Pair<'i, Rule>> {
        self.items
            .iter_mut()
            .find(|c| c.as_ref().is_some_and(|c| c.as_rule() == rule))
            .and_then(Option::take)
    }

    /// Take the next child of rule `rule`, which the grammar requires.
    #[track_caller]
    fn one(&mut self, rule: Rule) -> Pair<'i, Rule> {
        match self.opt(rule) {
            Some(c) => c,
            None => drift(self.rule, format!("lacks the required child `{rule:?}`")),
        }
    }

    /// Take the next child whose rule is one of `rules`, which the grammar requires.
    #[track_caller]
    fn one_of(&mut self, rules: &[Rule]) -> Pair<'i, Rule> {
        let found = self
            .items
            .iter_mut()
            .find(|c| c.as_ref().is_some_and(|c| rules.contains(&c.as_rule())))
            .and_then(Option::take);
        match found {
            Some(c) => c,
            None => drift(
                self.rule,
                format!("lacks a child of one of the rules {rules:?}"),
            ),
        }
    }

    /// Take every remaining child of rule `rule`, in source order.
    fn many(&mut self, rule: Rule) -> Vec<Pair<'i, Rule>> {
        self.items
            .iter_mut()
            .filter(|c| c.as_ref().is_some_and(|c| c.as_rule() == rule))
            .filter_map(Option::take)
            .collect()
    }

    /// Take the next child of rule `rule`; whether there was one.
    fn flag(&mut self, rule: Rule) -> bool {
        self.opt(rule).is_some()
    }
}

impl std::ops::Drop for Children<'_> {
    /// Every child that is not a keyword must have been taken.
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        if let Some(c) = self
            .items
            .iter()
            .flatten()
            .find(|c| !is_keyword(c.as_rule()))
        {
            drift(
                self.rule,
                format!("has a child `{:?}` the parser does not read", c.as_rule()),
            );
        }
    }
}

// ============================================================================
// Leaves
// ============================================================================

fn span(p: &Pair<Rule>, file: FileId) -> Span {
    let s = p.as_span();
    Span::new(file, s.start()..s.end())
}

/// The span of a node that holds only keywords (`royal`, `sym`, `mirror`, ...).
fn bare(p: Pair<Rule>, file: FileId) -> Span {
    let sp = span(&p, file);
    std::mem::drop(Children::of(p));
    sp
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
    let raw = Children::of(p).one(Rule::string_text).as_str().to_string();
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
    let mut c = Children::of(p);
    let out = File {
        imports: c
            .many(Rule::import)
            .into_iter()
            .map(|i| import(i, file))
            .collect(),
        games: c
            .many(Rule::game)
            .into_iter()
            .map(|g| game(g, file))
            .collect(),
        defines: c
            .many(Rule::define)
            .into_iter()
            .map(|d| define(d, file))
            .collect(),
    };
    c.one(Rule::EOI);
    out
}

fn define(p: Pair<Rule>, file: FileId) -> Define {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let mut names = c.many(Rule::name).into_iter().map(|n| {
        let mut n = ident(n, file);
        // `define m($P)` means the same as `define m(P)`.
        if let Some(rest) = n.text.strip_prefix('$') {
            n.text = rest.to_string();
        }
        n
    });
    let Some(name) = names.next() else {
        drift(Rule::define, "lacks the required child `name`".to_string())
    };
    Define {
        name,
        params: names.collect(),
        items: game_items(&mut c, file),
        span: sp,
    }
}

/// The `game_item` children of a game, a macro or a `when`.
fn game_items(c: &mut Children, file: FileId) -> Vec<GameItem> {
    c.many(Rule::game_item)
        .into_iter()
        .map(|i| game_item(i, file))
        .collect()
}

fn use_item(p: Pair<Rule>, file: FileId) -> Use {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let name = ident(c.one(Rule::name), file);
    let args = c
        .many(Rule::macro_arg)
        .into_iter()
        .map(|a| {
            let a = Children::choice(a);
            match a.as_rule() {
                Rule::uint => MacroArg::Number(uint(a, file)),
                Rule::name => MacroArg::Name(ident(a, file)),
                r => Children::unexpected(Rule::macro_arg, r),
            }
        })
        .collect();
    Use {
        name,
        args,
        span: sp,
    }
}

fn import(p: Pair<Rule>, file: FileId) -> Import {
    let sp = span(&p, file);
    Import {
        path: string(Children::of(p).one(Rule::string), file),
        span: sp,
    }
}

fn game(p: Pair<Rule>, file: FileId) -> Game {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Game {
        name: ident(c.one(Rule::name), file),
        extends: c.opt(Rule::extends).map(|e| extends(e, file)),
        items: game_items(&mut c, file),
        span: sp,
    }
}

/// `extends NAME` or `replaces NAME`: the name.
fn extends(p: Pair<Rule>, file: FileId) -> Ident {
    ident(Children::of(p).one(Rule::name), file)
}

fn game_item(p: Pair<Rule>, file: FileId) -> GameItem {
    let c = Children::choice(p);
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
        Rule::drop => GameItem::Drop(drop_rule(c, file)),
        Rule::option => GameItem::Option(option(c, file)),
        Rule::when_block => GameItem::When(when_block(c, file)),
        Rule::use_item => GameItem::Use(use_item(c, file)),
        r => Children::unexpected(Rule::game_item, r),
    }
}

// ============================================================================
// Board and players
// ============================================================================

fn board(p: Pair<Rule>, file: FileId) -> Board {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let (files, files_span) = labels(c.one(Rule::files), file);
    let (ranks, ranks_span) = labels(c.one(Rule::ranks), file);
    Board {
        files,
        files_span,
        ranks,
        ranks_span,
        holes: c.opt(Rule::holes).map_or_else(Vec::new, |h| holes(h, file)),
        span: sp,
    }
}

/// `files ...` or `ranks ...`: the labels and their span.
fn labels(p: Pair<Rule>, file: FileId) -> (Labels, Span) {
    let parent = p.as_rule();
    let c = Children::of(p).one_of(&[
        Rule::file_range,
        Rule::file_list,
        Rule::rank_range,
        Rule::rank_list,
    ]);
    let sp = span(&c, file);
    let rule = c.as_rule();
    let mut k = Children::of(c);
    let labels = match rule {
        Rule::file_range | Rule::rank_range => {
            let label = if rule == Rule::file_range {
                Rule::file_label
            } else {
                Rule::rank_label
            };
            let from = ident(k.one(label), file);
            let to = ident(k.one(label), file);
            Labels::Range { from, to }
        }
        Rule::file_list => Labels::List(idents(k.many(Rule::file_label), file)),
        Rule::rank_list => Labels::List(idents(k.many(Rule::rank_label), file)),
        r => Children::unexpected(parent, r),
    };
    (labels, sp)
}

/// Each pair as an [`Ident`].
fn idents(pairs: Vec<Pair<Rule>>, file: FileId) -> Vec<Ident> {
    pairs.into_iter().map(|p| ident(p, file)).collect()
}

fn holes(p: Pair<Rule>, file: FileId) -> Vec<SquareSet> {
    square_sets(&mut Children::of(p), file)
}

/// The `square_set` children of a node.
fn square_sets(c: &mut Children, file: FileId) -> Vec<SquareSet> {
    c.many(Rule::square_set)
        .into_iter()
        .map(|s| square_set(s, file))
        .collect()
}

fn square_set(p: Pair<Rule>, file: FileId) -> SquareSet {
    let c = Children::choice(p);
    match c.as_rule() {
        Rule::square_range => square_range(c, file),
        Rule::square => SquareSet::One(ident(c, file)),
        r => Children::unexpected(Rule::square_set, r),
    }
}

fn square_range(p: Pair<Rule>, file: FileId) -> SquareSet {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let from = ident(c.one(Rule::square), file);
    let to = ident(c.one(Rule::square), file);
    SquareSet::Range { from, to, span: sp }
}

fn players(p: Pair<Rule>, file: FileId) -> Players {
    let sp = span(&p, file);
    let players = Children::of(p)
        .many(Rule::player)
        .into_iter()
        .map(|c| player(c, file))
        .collect();
    Players { players, span: sp }
}

fn player(p: Pair<Rule>, file: FileId) -> Player {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Player {
        name: ident(c.one(Rule::name), file),
        frame: c.opt(Rule::frame).map(|f| frame(f, file)),
        span: sp,
    }
}

fn frame(p: Pair<Rule>, file: FileId) -> (FrameKind, Span) {
    let sp = span(&p, file);
    let k = Children::of(p).one_of(&[Rule::kw_ranks, Rule::kw_files, Rule::kw_both]);
    let kind = match k.as_rule() {
        Rule::kw_ranks => FrameKind::MirrorRanks,
        Rule::kw_files => FrameKind::MirrorFiles,
        Rule::kw_both => FrameKind::MirrorBoth,
        r => Children::unexpected(Rule::frame, r),
    };
    (kind, sp)
}

// ============================================================================
// Directions and zones
// ============================================================================

fn directions(p: Pair<Rule>, file: FileId) -> Vec<DirectionDef> {
    Children::of(p)
        .many(Rule::direction_def)
        .into_iter()
        .map(|c| direction_def(c, file))
        .collect()
}

fn direction_def(p: Pair<Rule>, file: FileId) -> DirectionDef {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    DirectionDef {
        name: ident(c.one(Rule::name), file),
        items: dir_items(&mut c, file),
        span: sp,
    }
}

/// The `dir_item` children of a node.
fn dir_items(c: &mut Children, file: FileId) -> Vec<DirItem> {
    c.many(Rule::dir_item)
        .into_iter()
        .map(|d| dir_item(d, file))
        .collect()
}

fn dir_item(p: Pair<Rule>, file: FileId) -> DirItem {
    let c = Children::choice(p);
    match c.as_rule() {
        Rule::vector => DirItem::Vector(vector(c, file)),
        Rule::name => DirItem::Name(ident(c, file)),
        r => Children::unexpected(Rule::dir_item, r),
    }
}

fn vector(p: Pair<Rule>, file: FileId) -> Vector {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let x = int(&c.one(Rule::int));
    let y = int(&c.one(Rule::int));
    Vector { x, y, span: sp }
}

fn zones(p: Pair<Rule>, file: FileId) -> Vec<ZoneDef> {
    Children::of(p)
        .many(Rule::zone_def)
        .into_iter()
        .map(|c| zone_def(c, file))
        .collect()
}

fn zone_def(p: Pair<Rule>, file: FileId) -> ZoneDef {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let name = ident(c.one(Rule::name), file);
    let body = match c.opt(Rule::region) {
        Some(r) => ZoneBody::Shared(region(r, file)),
        None => ZoneBody::PerPlayer(
            c.many(Rule::zone_player)
                .into_iter()
                .map(|z| zone_player(z, file))
                .collect(),
        ),
    };
    ZoneDef {
        name,
        body,
        span: sp,
    }
}

fn zone_player(p: Pair<Rule>, file: FileId) -> (Ident, Region) {
    let mut c = Children::of(p);
    let name = ident(c.one(Rule::name), file);
    let r = region(c.one(Rule::region), file);
    (name, r)
}

fn region(p: Pair<Rule>, file: FileId) -> Region {
    let sp = span(&p, file);
    let items = Children::of(p)
        .many(Rule::region_item)
        .into_iter()
        .map(|c| region_item(c, file))
        .collect();
    Region { items, span: sp }
}

fn region_item(p: Pair<Rule>, file: FileId) -> RegionItem {
    let c = Children::choice(p);
    let sp = span(&c, file);
    match c.as_rule() {
        Rule::rank_region => {
            let mut k = Children::of(c);
            let from = ident(k.one(Rule::rank_label), file);
            let to = k.opt(Rule::rank_label).map(|l| ident(l, file));
            RegionItem::Ranks { from, to, span: sp }
        }
        Rule::file_region => {
            let mut k = Children::of(c);
            let from = ident(k.one(Rule::file_label), file);
            let to = k.opt(Rule::file_label).map(|l| ident(l, file));
            RegionItem::Files { from, to, span: sp }
        }
        Rule::square_set => RegionItem::Squares(square_set(c, file)),
        r => Children::unexpected(Rule::region_item, r),
    }
}

// ============================================================================
// Pieces and movement
// ============================================================================

fn piece(p: Pair<Rule>, file: FileId) -> Piece {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Piece {
        name: ident(c.one(Rule::name), file),
        letter: string(c.one(Rule::string), file),
        extends: c.opt(Rule::extends).map(|e| extends(e, file)),
        replaces: c.opt(Rule::replaces).map(|r| extends(r, file)),
        items: c
            .many(Rule::piece_item)
            .into_iter()
            .map(|i| piece_item(i, file))
            .collect(),
        span: sp,
    }
}

fn piece_item(p: Pair<Rule>, file: FileId) -> PieceItem {
    let c = Children::choice(p);
    match c.as_rule() {
        Rule::royal => PieceItem::Royal(bare(c, file)),
        Rule::resets_clock => PieceItem::ResetsClock(bare(c, file)),
        Rule::value => value(c, file),
        Rule::moves => moves(c, file),
        Rule::promote => promote(c, file),
        r => Children::unexpected(Rule::piece_item, r),
    }
}

fn value(p: Pair<Rule>, file: FileId) -> PieceItem {
    let n = Children::of(p).one(Rule::number);
    PieceItem::Value(Number {
        text: n.as_str().to_string(),
        span: span(&n, file),
    })
}

fn moves(p: Pair<Rule>, file: FileId) -> PieceItem {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let append = c.opt(Rule::append).map(|a| bare(a, file)).is_some();
    PieceItem::Moves {
        append,
        rules: move_rules(&mut c, file),
        span: sp,
    }
}

/// The `move_rule` children of a node.
fn move_rules(c: &mut Children, file: FileId) -> Vec<MoveRule> {
    c.many(Rule::move_rule)
        .into_iter()
        .map(|r| move_rule(r, file))
        .collect()
}

fn promote(p: Pair<Rule>, file: FileId) -> PieceItem {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let zone = ident(c.one(Rule::name), file);
    PieceItem::Promote {
        zone,
        to: idents(c.many(Rule::name), file),
        span: sp,
    }
}

fn move_rule(p: Pair<Rule>, file: FileId) -> MoveRule {
    let c = Children::choice(p);
    match c.as_rule() {
        Rule::hop_rule => MoveRule::Hop(hop_rule(c, file)),
        Rule::prefer_rule => prefer_rule(c, file),
        Rule::step_rule | Rule::slide_rule | Rule::leap_rule => MoveRule::Ride(ride_rule(c, file)),
        r => Children::unexpected(Rule::move_rule, r),
    }
}

fn hop_rule(p: Pair<Rule>, file: FileId) -> HopRule {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let dirs = dir_items(&mut c, file);
    let over = c
        .opt(Rule::over)
        .map(|o| filter(Children::of(o).one(Rule::filter), file));
    let k = Children::choice(c.one(Rule::hop_shape));
    let shape = match k.as_rule() {
        Rule::kw_first => HopShapeKind::First,
        Rule::kw_next => HopShapeKind::Next,
        Rule::kw_slide => HopShapeKind::Slide,
        r => Children::unexpected(Rule::hop_shape, r),
    };
    HopRule {
        dirs,
        over,
        shape,
        modifiers: modifiers(&mut c, file),
        span: sp,
    }
}

fn filter(p: Pair<Rule>, file: FileId) -> Filter {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let negate = c.flag(Rule::kw_not);
    let owner = c.opt(Rule::owner).map(|o| {
        let k = Children::choice(o);
        match k.as_rule() {
            Rule::kw_friend => OwnerKind::Friend,
            Rule::kw_enemy => OwnerKind::Enemy,
            r => Children::unexpected(Rule::owner, r),
        }
    });
    let pieces = c
        .many(Rule::filter_piece)
        .into_iter()
        .map(|f| ident(Children::of(f).one(Rule::name), file))
        .collect();
    Filter {
        negate,
        owner,
        pieces,
        span: sp,
    }
}

fn prefer_rule(p: Pair<Rule>, file: FileId) -> MoveRule {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let first = move_rules(&mut Children::of(c.one(Rule::prefer_block)), file);
    let fallback = move_rules(&mut Children::of(c.one(Rule::prefer_block)), file);
    MoveRule::Prefer {
        first,
        fallback,
        span: sp,
    }
}

fn ride_rule(p: Pair<Rule>, file: FileId) -> RideRule {
    let sp = span(&p, file);
    let kind = match p.as_rule() {
        Rule::step_rule => MoveKind::Step,
        Rule::slide_rule => MoveKind::Slide,
        Rule::leap_rule => MoveKind::Leap,
        r => Children::unexpected(Rule::move_rule, r),
    };
    let mut c = Children::of(p);
    RideRule {
        kind,
        dirs: dir_items(&mut c, file),
        range: c.opt(Rule::range).map(|r| range(r, file)),
        sym: c.opt(Rule::sym).map(|s| bare(s, file)),
        modifiers: modifiers(&mut c, file),
        span: sp,
    }
}

fn range(p: Pair<Rule>, file: FileId) -> RangeSpec {
    let mut c = Children::of(p);
    let exactly = c.flag(Rule::kw_exactly);
    let n = uint(c.one(Rule::uint), file);
    if exactly {
        RangeSpec::Exactly(n)
    } else {
        RangeSpec::Max(n)
    }
}

/// The `modifier` children of a move rule.
fn modifiers(c: &mut Children, file: FileId) -> Vec<Modifier> {
    c.many(Rule::modifier)
        .into_iter()
        .map(|m| modifier(m, file))
        .collect()
}

fn modifier(p: Pair<Rule>, file: FileId) -> Modifier {
    let c = Children::choice(p);
    let sp = span(&c, file);
    match c.as_rule() {
        Rule::target => Modifier::To(target(c), sp),
        Rule::guard => Modifier::When(guard(c, file), sp),
        Rule::effect => {
            bare(c, file);
            Modifier::SetsEnPassant(sp)
        }
        r => Children::unexpected(Rule::modifier, r),
    }
}

fn target(p: Pair<Rule>) -> TargetKind {
    let kind = Children::choice(Children::of(p).one(Rule::target_kind));
    match kind.as_rule() {
        Rule::kw_empty => TargetKind::Empty,
        Rule::kw_enemy => TargetKind::Enemy,
        Rule::kw_not_friend => TargetKind::NotFriend,
        Rule::kw_en_passant => TargetKind::EnPassant,
        r => Children::unexpected(Rule::target_kind, r),
    }
}

fn guard(p: Pair<Rule>, file: FileId) -> Vec<Condition> {
    Children::of(p)
        .many(Rule::condition)
        .into_iter()
        .map(|c| condition(c, file))
        .collect()
}

fn condition(p: Pair<Rule>, file: FileId) -> Condition {
    let c = Children::choice(p);
    let sp = span(&c, file);
    let rule = c.as_rule();
    let mut k = Children::of(c);
    match rule {
        Rule::from_condition => Condition::From {
            negated: k.flag(Rule::kw_not),
            zone: ident(k.one(Rule::name), file),
            span: sp,
        },
        Rule::occupied_condition => Condition::Occupied(vector(k.one(Rule::vector), file), sp),
        Rule::empty_condition => Condition::Empty(vector(k.one(Rule::vector), file), sp),
        r => Children::unexpected(Rule::condition, r),
    }
}

// ============================================================================
// Castling, setup, end
// ============================================================================

fn castling(p: Pair<Rule>, file: FileId) -> Castling {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Castling {
        king: ident(c.one(Rule::name), file),
        partner: ident(c.one(Rule::name), file),
        sides: c
            .many(Rule::castle_side)
            .into_iter()
            .map(|s| castle_side(s, file))
            .collect(),
        span: sp,
    }
}

fn castle_side(p: Pair<Rule>, file: FileId) -> CastleSide {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let name = ident(c.one(Rule::name), file);
    // king_from, king_to+, partner_from, partner_to
    let mut squares = idents(c.many(Rule::square), file);
    if squares.len() < 4 {
        drift(
            Rule::castle_side,
            "has fewer than four `square` children".to_string(),
        );
    }
    let partner_to = squares.remove(squares.len() - 1);
    let partner_from = squares.remove(squares.len() - 1);
    let king_from = squares.remove(0);
    CastleSide {
        name,
        king_from,
        king_to: squares,
        partner_from,
        partner_to,
        span: sp,
    }
}

fn setup(p: Pair<Rule>, file: FileId) -> Setup {
    let sp = span(&p, file);
    let players = Children::of(p)
        .many(Rule::setup_player)
        .into_iter()
        .map(|c| setup_player(c, file))
        .collect();
    Setup { players, span: sp }
}

fn setup_player(p: Pair<Rule>, file: FileId) -> SetupPlayer {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let player = ident(c.one(Rule::name), file);
    let body = match c.opt(Rule::mirror) {
        Some(m) => SetupBody::Mirror(bare(m, file)),
        None => SetupBody::Placements(
            c.many(Rule::placement)
                .into_iter()
                .map(|pl| placement(pl, file))
                .collect(),
        ),
    };
    SetupPlayer {
        player,
        body,
        span: sp,
    }
}

fn placement(p: Pair<Rule>, file: FileId) -> Placement {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Placement {
        piece: ident(c.one(Rule::name), file),
        squares: square_sets(&mut c, file),
        span: sp,
    }
}

fn reserve(p: Pair<Rule>, file: FileId) -> Reserve {
    let sp = span(&p, file);
    let players = Children::of(p)
        .many(Rule::reserve_player)
        .into_iter()
        .map(|pl| {
            let mut c = Children::of(pl);
            let name = ident(c.one(Rule::name), file);
            let entries = c
                .many(Rule::reserve_entry)
                .into_iter()
                .map(|e| {
                    let mut e = Children::of(e);
                    let piece = ident(e.one(Rule::name), file);
                    (piece, e.opt(Rule::uint).map(|n| uint(n, file)))
                })
                .collect();
            (name, entries)
        })
        .collect();
    Reserve { players, span: sp }
}

fn drop_rule(p: Pair<Rule>, file: FileId) -> Drop {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Drop {
        piece: ident(c.one(Rule::name), file),
        items: c
            .many(Rule::drop_item)
            .into_iter()
            .map(|i| drop_item(i, file))
            .collect(),
        span: sp,
    }
}

fn drop_item(p: Pair<Rule>, file: FileId) -> DropItem {
    let c = Children::choice(p);
    let sp = span(&c, file);
    let rule = c.as_rule();
    let mut k = Children::of(c);
    match rule {
        Rule::drop_zone => DropItem::Zone(ident(k.one(Rule::name), file), sp),
        Rule::require_empty => DropItem::RequireEmpty(vector(k.one(Rule::vector), file), sp),
        Rule::require_piece => {
            let f = filter(k.one(Rule::filter), file);
            DropItem::RequirePiece(f, vector(k.one(Rule::vector), file), sp)
        }
        Rule::drop_move => DropItem::Move {
            at: vector(k.one(Rule::vector), file),
            dir: dir_item(k.one(Rule::dir_item), file),
            steps: uint(k.one(Rule::uint), file),
            sets_ep: k.opt(Rule::effect).map(|e| bare(e, file)).is_some(),
            span: sp,
        },
        r => Children::unexpected(Rule::drop_item, r),
    }
}

fn option(p: Pair<Rule>, file: FileId) -> OptionDecl {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let name = ident(c.one(Rule::name), file);
    let prompt = string(c.one(Rule::string), file);
    let choices = c
        .many(Rule::choice)
        .into_iter()
        .map(|x| ident(Children::of(x).one(Rule::name), file))
        .collect();
    let default = c
        .opt(Rule::default_choice)
        .map(|d| ident(Children::of(d).one(Rule::name), file));
    let vote_ = c.opt(Rule::vote).map(|v| vote(v, file));
    let result = c.opt(Rule::vote_result).map(|r| {
        let rsp = span(&r, file);
        let mut k = Children::of(r);
        let any = ident(k.one(Rule::name), file);
        let otherwise = ident(k.one(Rule::name), file);
        (any, otherwise, rsp)
    });
    OptionDecl {
        name,
        prompt,
        choices,
        default,
        vote: vote_,
        result,
        span: sp,
    }
}

fn vote(p: Pair<Rule>, file: FileId) -> (Vec<Voter>, Span) {
    let sp = span(&p, file);
    let voters = Children::of(p)
        .many(Rule::voter)
        .into_iter()
        .map(|v| {
            let vsp = span(&v, file);
            let mut c = Children::of(v);
            let player = ident(c.one(Rule::name), file);
            let asked = c.opt(Rule::name).map(|n| ident(n, file));
            let choice = c.opt(Rule::name).map(|n| ident(n, file));
            Voter {
                player,
                when: asked.zip(choice),
                span: vsp,
            }
        })
        .collect();
    (voters, sp)
}

fn when_block(p: Pair<Rule>, file: FileId) -> When {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    When {
        option: ident(c.one(Rule::name), file),
        choice: ident(c.one(Rule::name), file),
        items: game_items(&mut c, file),
        span: sp,
    }
}

fn end(p: Pair<Rule>, file: FileId) -> End {
    let sp = span(&p, file);
    let rules = Children::of(p)
        .many(Rule::end_rule)
        .into_iter()
        .map(|c| end_rule(c, file))
        .collect();
    End { rules, span: sp }
}

fn end_rule(p: Pair<Rule>, file: FileId) -> EndRule {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let head = c.one_of(&[
        Rule::kw_checkmate,
        Rule::kw_stalemate,
        Rule::kw_repetition,
        Rule::kw_no_progress,
    ]);
    let kind = match head.as_rule() {
        Rule::kw_checkmate => EndKind::Checkmate,
        Rule::kw_stalemate => EndKind::Stalemate,
        Rule::kw_repetition => EndKind::Repetition(uint(c.one(Rule::uint), file)),
        Rule::kw_no_progress => EndKind::NoProgress(uint(c.one(Rule::uint), file)),
        r => Children::unexpected(Rule::end_rule, r),
    };
    let k = Children::choice(c.one(Rule::outcome));
    let outcome = match k.as_rule() {
        Rule::kw_loss => Outcome::Loss,
        Rule::kw_win => Outcome::Win,
        Rule::kw_draw => Outcome::Draw,
        r => Children::unexpected(Rule::outcome, r),
    };
    EndRule {
        kind,
        outcome,
        span: sp,
    }
}

// ============================================================================
// Tests
// ============================================================================

fn test(p: Pair<Rule>, file: FileId) -> Test {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Test {
        title: string(c.one(Rule::string), file),
        steps: c
            .many(Rule::test_step)
            .into_iter()
            .map(|s| test_step(s, file))
            .collect(),
        span: sp,
    }
}

/// `NAME = VALUE` or `PLAYER CHOICE`: the two names.
fn two_names(p: Pair<Rule>, file: FileId) -> (Ident, Ident) {
    let mut c = Children::of(p);
    let a = ident(c.one(Rule::name), file);
    let b = ident(c.one(Rule::name), file);
    (a, b)
}

/// The `option_setting` or `ballot` children of a test step, as name pairs.
fn pairs(c: &mut Children, rule: Rule, file: FileId) -> Vec<(Ident, Ident)> {
    c.many(rule)
        .into_iter()
        .map(|x| two_names(x, file))
        .collect()
}

fn test_step(p: Pair<Rule>, file: FileId) -> TestStep {
    let c = Children::choice(p);
    let sp = span(&c, file);
    let rule = c.as_rule();
    let mut k = Children::of(c);
    let kind = match rule {
        Rule::option_step => TestStepKind::Options(pairs(&mut k, Rule::option_setting, file)),
        Rule::vote_step => {
            let option = ident(k.one(Rule::name), file);
            let ballots = pairs(&mut k, Rule::ballot, file);
            let expect = if k.flag(Rule::kw_refused) {
                None
            } else {
                Some(ident(k.one(Rule::name), file))
            };
            TestStepKind::Vote {
                option,
                ballots,
                expect,
            }
        }
        Rule::fen_step => TestStepKind::Fen(string(k.one(Rule::string), file)),
        Rule::play_step => TestStepKind::Play(idents(k.many(Rule::move_token), file)),
        Rule::legal_step => TestStepKind::Legal(idents(k.many(Rule::move_token), file)),
        Rule::illegal_step => TestStepKind::Illegal(idents(k.many(Rule::move_token), file)),
        Rule::perft_step => {
            let depth = uint(k.one(Rule::uint), file);
            let nodes = uint(k.one(Rule::uint), file);
            TestStepKind::Perft { depth, nodes }
        }
        Rule::count_step => TestStepKind::MoveCount(uint(k.one(Rule::uint), file)),
        Rule::not_check_step => TestStepKind::NotCheck,
        Rule::checkmate_step => TestStepKind::Checkmate,
        Rule::stalemate_step => TestStepKind::Stalemate,
        Rule::check_step => TestStepKind::Check,
        r => Children::unexpected(Rule::test_step, r),
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

    fn node(rule: Rule, src: &str) -> Pair<'_, Rule> {
        let mut pairs = VariantParser::parse(rule, src).expect("parses");
        pairs.next().expect("one node")
    }

    #[test]
    #[should_panic(expected = "`vector` has a child `int` the parser does not read")]
    fn a_child_left_unread_is_drift() {
        let mut c = Children::of(node(Rule::vector, "(1, 2)"));
        c.one(Rule::int);
    }

    #[test]
    #[should_panic(expected = "`vector` lacks the required child `name`")]
    fn a_missing_child_is_drift() {
        Children::of(node(Rule::vector, "(1, 2)")).one(Rule::name);
    }

    #[test]
    #[should_panic(expected = "`game_item` has a child `kw_first` no builder expects")]
    fn an_unexpected_alternative_is_drift() {
        let c = Children::choice(node(Rule::hop_shape, "first"));
        Children::unexpected(Rule::game_item, c.as_rule());
    }

    #[test]
    fn keywords_may_go_unread() {
        let s = Children::of(node(Rule::import, "import \"a\"")).one(Rule::string);
        assert_eq!(s.as_str(), "\"a\"");
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
/// Checks that the parser's lists of keywords and rules agree with
/// `grammar/variant.pest`, read as text: a keyword or a rule added to the
/// grammar and not handled by the parser fails here.
#[cfg(test)]
mod grammar_tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::Path;

    /// A rule of the grammar file.
    struct GrammarRule {
        name: String,
        /// `_`, `@`, `$`, `!` or ' ' (none).
        modifier: char,
        body: String,
    }

    fn grammar_text() -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/variant.pest");
        std::fs::read_to_string(path).expect("read grammar/variant.pest")
    }

    /// Every rule of the grammar, in order: `name = mod? { body }`.
    fn grammar_rules() -> Vec<GrammarRule> {
        let text: String = grammar_text()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if !(chars[i].is_ascii_alphabetic() || chars[i] == '_') {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            let rest: String = chars[i..].iter().collect();
            let after_eq = rest
                .trim_start()
                .strip_prefix('=')
                .expect("`=` after a rule name");
            let after_eq = after_eq.trim_start();
            let modifier = after_eq
                .chars()
                .next()
                .filter(|c| "_@$!".contains(*c))
                .unwrap_or(' ');
            // Find the body's braces, skipping strings.
            let open = i + rest.find('{').expect("`{` opens a rule");
            let (mut depth, mut j, mut in_str) = (0, open, false);
            loop {
                let c = chars[j];
                if in_str {
                    if c == '\\' {
                        j += 1;
                    } else if c == '"' {
                        in_str = false;
                    }
                } else if c == '"' {
                    in_str = true;
                } else if c == '{' {
                    depth += 1;
                } else if c == '}' {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                j += 1;
            }
            out.push(GrammarRule {
                name,
                modifier,
                body: chars[open + 1..j].iter().collect(),
            });
            i = j + 1;
        }
        out
    }

    /// `s` split at `sep` outside parentheses and strings.
    fn split_top(s: &str, sep: char) -> Vec<String> {
        let (mut parts, mut cur, mut depth, mut in_str, mut esc) =
            (Vec::new(), String::new(), 0, false, false);
        for c in s.chars() {
            if in_str {
                in_str = esc || c != '"';
                esc = !esc && c == '\\';
            } else if c == '"' {
                in_str = true;
            } else if c == '(' {
                depth += 1;
            } else if c == ')' {
                depth -= 1;
            } else if c == sep && depth == 0 {
                parts.push(std::mem::take(&mut cur).trim().to_string());
                continue;
            }
            cur.push(c);
        }
        parts.push(cur.trim().to_string());
        parts
    }

    /// The keywords the alternatives of `body` start with (following rules).
    fn firsts(rules: &[GrammarRule], body: &str) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for alt in split_top(body, '|') {
            let Some(term) = split_top(&alt, '~')
                .into_iter()
                .find(|t| !t.starts_with('!') && !t.starts_with('&') && t != "SOI")
            else {
                continue;
            };
            let term = term.trim_end_matches(['?', '*', '+']);
            if let Some(inner) = term.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
                out.extend(firsts(rules, inner));
            } else if let Some(word) = term.strip_prefix("kw_") {
                out.insert(word.to_string());
            } else if let Some(r) = rules.iter().find(|r| r.name == term) {
                out.extend(firsts(rules, &r.body));
            }
        }
        out
    }

    fn rule_named(name: &str) -> Option<Rule> {
        Rule::all_rules()
            .iter()
            .copied()
            .find(|r| format!("{r:?}") == name)
    }

    /// The words of the `keyword` rule, in order.
    fn reserved_words(rules: &[GrammarRule]) -> Vec<String> {
        let body = &rules
            .iter()
            .find(|r| r.name == "keyword")
            .expect("a `keyword` rule")
            .body;
        let open = body.find('(').expect("`(` in `keyword`");
        let close = body.rfind(')').expect("`)` in `keyword`");
        split_top(&body[open + 1..close], '|')
            .iter()
            .map(|w| w.trim_matches('"').to_string())
            .collect()
    }

    #[test]
    fn keywords_are_the_reserved_words_of_the_grammar() {
        let rules = grammar_rules();
        let words = reserved_words(&rules);
        assert!(words.len() > 40, "read the `keyword` rule: {words:?}");
        assert_eq!(
            KEYWORDS, words,
            "KEYWORDS must list the grammar's `keyword` rule"
        );
    }

    #[test]
    fn every_keyword_rule_is_its_word_and_handled() {
        let rules = grammar_rules();
        let kw: Vec<&GrammarRule> = rules.iter().filter(|r| r.name.starts_with("kw_")).collect();
        assert!(kw.len() > 40, "read the `kw_*` rules");
        for r in &kw {
            let word = &r.name["kw_".len()..];
            assert_eq!(r.modifier, '@', "`{}` is atomic", r.name);
            assert_eq!(
                r.body.split_whitespace().collect::<Vec<_>>(),
                [
                    format!("\"{word}\""),
                    "~".to_string(),
                    "!word_char".to_string()
                ],
                "`{}` matches the whole word `{word}`",
                r.name
            );
            let rule = rule_named(&r.name).expect("a generated rule");
            assert!(
                is_keyword(rule),
                "`{}` is missing from `is_keyword` in the parser",
                r.name
            );
        }
        for w in KEYWORDS {
            assert!(
                kw.iter().any(|r| r.name == format!("kw_{w}")),
                "the reserved word `{w}` has no `kw_{w}` rule"
            );
        }
        for r in Rule::all_rules() {
            assert_eq!(is_keyword(*r), format!("{r:?}").starts_with("kw_"), "{r:?}");
        }
    }

    #[test]
    fn every_grammar_rule_is_handled_by_the_parser() {
        fn sources(dir: &Path, out: &mut String) {
            for e in std::fs::read_dir(dir).expect("read src/lang") {
                let p = e.expect("a directory entry").path();
                if p.is_dir() {
                    sources(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push_str(&std::fs::read_to_string(&p).expect("read a source file"));
                }
            }
        }
        let mut text = String::new();
        sources(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lang"),
            &mut text,
        );
        let rules = grammar_rules();
        assert!(rules.len() > 150, "read the grammar: {} rules", rules.len());
        let mut missing = Vec::new();
        for r in &rules {
            // Silent rules never reach the parser; `keyword` is only a
            // look-ahead, checked against `KEYWORDS` above.
            if r.modifier == '_' || r.name == "keyword" {
                continue;
            }
            let token = format!("Rule::{}", r.name);
            let used = text.match_indices(&token).any(|(at, _)| {
                !text[at + token.len()..]
                    .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            });
            if !used {
                missing.push(r.name.clone());
            }
        }
        assert!(
            missing.is_empty(),
            "grammar rules the parser never handles: {missing:?}"
        );
    }

    #[test]
    fn rule_keywords_are_what_the_rules_start_with() {
        let rules = grammar_rules();
        let mut checked = 0;
        for r in Rule::all_rules() {
            let listed = rule_keywords(*r);
            if listed.is_empty() {
                continue;
            }
            let name = format!("{r:?}");
            let body = &rules.iter().find(|g| g.name == name).expect("a rule").body;
            let listed_set: BTreeSet<String> = listed.iter().map(|w| w.to_string()).collect();
            assert_eq!(listed_set.len(), listed.len(), "duplicates for {name}");
            assert_eq!(listed_set, firsts(&rules, body), "rule_keywords({name})");
            checked += 1;
        }
        assert!(checked >= 10, "checked {checked} rules");
    }

    #[test]
    fn block_keywords_start_the_blocks_of_files_and_games() {
        let rules = grammar_rules();
        let body = |n: &str| &rules.iter().find(|g| g.name == n).expect("a rule").body;
        let mut starts = firsts(&rules, body("file"));
        starts.extend(firsts(&rules, body("game_item")));
        // `when` also follows a move rule or a voter, so a `when` is not
        // taken as a sign of a missing `}`.
        assert!(starts.remove("when"));
        let listed: BTreeSet<String> = BLOCK_KEYWORDS.iter().map(|w| w.to_string()).collect();
        assert_eq!(listed.len(), BLOCK_KEYWORDS.len(), "duplicates");
        assert_eq!(listed, starts);
    }
}
