//! AST builders for files and games: imports, games, macros (`define`, `use`)
//! and the choice of a game block.

use super::*;

// ============================================================================
// Files and games
// ============================================================================

pub(super) fn build_file(p: Pair<Rule>, file: FileId) -> File {
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

pub(super) fn define(p: Pair<Rule>, file: FileId) -> Define {
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
pub(super) fn game_items(c: &mut Children, file: FileId) -> Vec<GameItem> {
    c.many(Rule::game_item)
        .into_iter()
        .map(|i| game_item(i, file))
        .collect()
}

pub(super) fn use_item(p: Pair<Rule>, file: FileId) -> Use {
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

pub(super) fn import(p: Pair<Rule>, file: FileId) -> Import {
    let sp = span(&p, file);
    Import {
        path: string(Children::of(p).one(Rule::string), file),
        span: sp,
    }
}

pub(super) fn game(p: Pair<Rule>, file: FileId) -> Game {
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
pub(super) fn extends(p: Pair<Rule>, file: FileId) -> Ident {
    ident(Children::of(p).one(Rule::name), file)
}

pub(super) fn game_item(p: Pair<Rule>, file: FileId) -> GameItem {
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
        Rule::forbid => GameItem::Forbid(forbid(c, file)),
        Rule::remove => GameItem::Remove(super::end_tests::remove(c, file)),
        Rule::must_capture => GameItem::MustCapture(bare(c, file)),
        Rule::explosion => GameItem::Explosion(explosion(c, file)),
        Rule::pass => GameItem::Pass(bare(c, file)),
        Rule::captures_to_hand => GameItem::CapturesToHand(bare(c, file)),
        Rule::gating => gating(c, file),
        r => Children::unexpected(Rule::game_item, r),
    }
}

/// `gating in ZONE`.
fn gating(p: Pair<Rule>, file: FileId) -> GameItem {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    c.one(Rule::kw_gating);
    c.one(Rule::kw_in);
    GameItem::Gating(ident(c.one(Rule::name), file), sp)
}
