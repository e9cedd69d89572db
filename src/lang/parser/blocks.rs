//! AST builders for the other game blocks: castling, setup, reserves, drops,
//! options and votes, and `when`.

use super::*;

// ============================================================================
// Castling and setup
// ============================================================================

pub(super) fn castling(p: Pair<Rule>, file: FileId) -> Castling {
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

pub(super) fn castle_side(p: Pair<Rule>, file: FileId) -> CastleSide {
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

pub(super) fn setup(p: Pair<Rule>, file: FileId) -> Setup {
    let sp = span(&p, file);
    let players = Children::of(p)
        .many(Rule::setup_player)
        .into_iter()
        .map(|c| setup_player(c, file))
        .collect();
    Setup { players, span: sp }
}

pub(super) fn setup_player(p: Pair<Rule>, file: FileId) -> SetupPlayer {
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

pub(super) fn placement(p: Pair<Rule>, file: FileId) -> Placement {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    Placement {
        piece: ident(c.one(Rule::name), file),
        squares: square_sets(&mut c, file),
        span: sp,
    }
}

// ============================================================================
// Reserves and drops
// ============================================================================

pub(super) fn reserve(p: Pair<Rule>, file: FileId) -> Reserve {
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

pub(super) fn drop_rule(p: Pair<Rule>, file: FileId) -> Drop {
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

pub(super) fn drop_item(p: Pair<Rule>, file: FileId) -> DropItem {
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
        Rule::drop_per_file => DropItem::PerFile(uint(k.one(Rule::uint), file), sp),
        r => Children::unexpected(Rule::drop_item, r),
    }
}

// ============================================================================
// Options, votes and `when`
// ============================================================================

pub(super) fn option(p: Pair<Rule>, file: FileId) -> OptionDecl {
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

pub(super) fn vote(p: Pair<Rule>, file: FileId) -> (Vec<Voter>, Span) {
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

pub(super) fn when_block(p: Pair<Rule>, file: FileId) -> When {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    When {
        option: ident(c.one(Rule::name), file),
        choice: ident(c.one(Rule::name), file),
        items: game_items(&mut c, file),
        span: sp,
    }
}
