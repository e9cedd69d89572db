//! AST builders for the board, the players, directions and zones.

use super::*;

// ============================================================================
// Board and players
// ============================================================================

pub(super) fn board(p: Pair<Rule>, file: FileId) -> Board {
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
pub(super) fn labels(p: Pair<Rule>, file: FileId) -> (Labels, Span) {
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

pub(super) fn holes(p: Pair<Rule>, file: FileId) -> Vec<SquareSet> {
    square_sets(&mut Children::of(p), file)
}

/// The `square_set` children of a node.
pub(super) fn square_sets(c: &mut Children, file: FileId) -> Vec<SquareSet> {
    c.many(Rule::square_set)
        .into_iter()
        .map(|s| square_set(s, file))
        .collect()
}

pub(super) fn square_set(p: Pair<Rule>, file: FileId) -> SquareSet {
    let c = Children::choice(p);
    match c.as_rule() {
        Rule::square_range => square_range(c, file),
        Rule::square => SquareSet::One(ident(c, file)),
        r => Children::unexpected(Rule::square_set, r),
    }
}

pub(super) fn square_range(p: Pair<Rule>, file: FileId) -> SquareSet {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let from = ident(c.one(Rule::square), file);
    let to = ident(c.one(Rule::square), file);
    SquareSet::Range { from, to, span: sp }
}

pub(super) fn players(p: Pair<Rule>, file: FileId) -> Players {
    let sp = span(&p, file);
    let players = Children::of(p)
        .many(Rule::player)
        .into_iter()
        .map(|c| player(c, file))
        .collect();
    Players { players, span: sp }
}

pub(super) fn player(p: Pair<Rule>, file: FileId) -> Player {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Player {
        name: ident(c.one(Rule::name), file),
        frame: c.opt(Rule::frame).map(|f| frame(f, file)),
        span: sp,
    }
}

pub(super) fn frame(p: Pair<Rule>, file: FileId) -> (FrameKind, Span) {
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

pub(super) fn directions(p: Pair<Rule>, file: FileId) -> Vec<DirectionDef> {
    Children::of(p)
        .many(Rule::direction_def)
        .into_iter()
        .map(|c| direction_def(c, file))
        .collect()
}

pub(super) fn direction_def(p: Pair<Rule>, file: FileId) -> DirectionDef {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    DirectionDef {
        name: ident(c.one(Rule::name), file),
        items: dir_items(&mut c, file),
        span: sp,
    }
}

/// The `dir_item` children of a node.
pub(super) fn dir_items(c: &mut Children, file: FileId) -> Vec<DirItem> {
    c.many(Rule::dir_item)
        .into_iter()
        .map(|d| dir_item(d, file))
        .collect()
}

pub(super) fn dir_item(p: Pair<Rule>, file: FileId) -> DirItem {
    let c = Children::choice(p);
    match c.as_rule() {
        Rule::vector => DirItem::Vector(vector(c, file)),
        Rule::name => DirItem::Name(ident(c, file)),
        r => Children::unexpected(Rule::dir_item, r),
    }
}

pub(super) fn vector(p: Pair<Rule>, file: FileId) -> Vector {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let x = int(&c.one(Rule::int));
    let y = int(&c.one(Rule::int));
    Vector { x, y, span: sp }
}

pub(super) fn zones(p: Pair<Rule>, file: FileId) -> Vec<ZoneDef> {
    Children::of(p)
        .many(Rule::zone_def)
        .into_iter()
        .map(|c| zone_def(c, file))
        .collect()
}

pub(super) fn zone_def(p: Pair<Rule>, file: FileId) -> ZoneDef {
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

pub(super) fn zone_player(p: Pair<Rule>, file: FileId) -> (Ident, Region) {
    let mut c = Children::of(p);
    let name = ident(c.one(Rule::name), file);
    let r = region(c.one(Rule::region), file);
    (name, r)
}

pub(super) fn region(p: Pair<Rule>, file: FileId) -> Region {
    let sp = span(&p, file);
    let items = Children::of(p)
        .many(Rule::region_item)
        .into_iter()
        .map(|c| region_item(c, file))
        .collect();
    Region { items, span: sp }
}

pub(super) fn region_item(p: Pair<Rule>, file: FileId) -> RegionItem {
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
