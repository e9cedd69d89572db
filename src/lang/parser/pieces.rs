//! AST builders for pieces and their move rules.

use super::*;

// ============================================================================
// Pieces and movement
// ============================================================================

pub(super) fn piece(p: Pair<Rule>, file: FileId) -> Piece {
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

pub(super) fn piece_item(p: Pair<Rule>, file: FileId) -> PieceItem {
    let c = Children::choice(p);
    match c.as_rule() {
        Rule::royal => PieceItem::Royal(bare(c, file)),
        Rule::not_royal => PieceItem::NotRoyal(bare(c, file)),
        Rule::resets_clock => PieceItem::ResetsClock(bare(c, file)),
        Rule::value => value(c, file),
        Rule::figure => PieceItem::Figure(string(Children::of(c).one(Rule::string), file)),
        Rule::moves => moves(c, file),
        Rule::promote => promote(c, file),
        Rule::uncapturable => {
            let sp = span(&c, file);
            let mut c = Children::of(c);
            let by = c.flag(Rule::kw_by);
            let names = idents(c.many(Rule::name), file);
            PieceItem::Uncapturable {
                by: by.then_some(names),
                span: sp,
            }
        }
        Rule::never_captures | Rule::never_hops => {
            let hops = c.as_rule() == Rule::never_hops;
            let sp = span(&c, file);
            let names = idents(Children::of(c).many(Rule::name), file);
            PieceItem::Never {
                what: if hops {
                    Never::HopsOver
                } else {
                    Never::Captures
                },
                pieces: names,
                span: sp,
            }
        }
        r => Children::unexpected(Rule::piece_item, r),
    }
}

pub(super) fn value(p: Pair<Rule>, file: FileId) -> PieceItem {
    let n = Children::of(p).one(Rule::number);
    PieceItem::Value(Number {
        text: n.as_str().to_string(),
        span: span(&n, file),
    })
}

pub(super) fn moves(p: Pair<Rule>, file: FileId) -> PieceItem {
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
pub(super) fn move_rules(c: &mut Children, file: FileId) -> Vec<MoveRule> {
    c.many(Rule::move_rule)
        .into_iter()
        .map(|r| move_rule(r, file))
        .collect()
}

pub(super) fn promote(p: Pair<Rule>, file: FileId) -> PieceItem {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let leaving = c.opt(Rule::leaving).is_some();
    let zone = ident(c.one(Rule::name), file);
    let how = PromoteHow {
        leaving,
        captured: c.flag(Rule::kw_captured),
        optional: c.flag(Rule::kw_optional),
    };
    PieceItem::Promote {
        zone,
        to: idents(c.many(Rule::name), file),
        how,
        span: sp,
    }
}

pub(super) fn move_rule(p: Pair<Rule>, file: FileId) -> MoveRule {
    let c = Children::choice(p);
    match c.as_rule() {
        Rule::hop_rule => MoveRule::Hop(hop_rule(c, file)),
        Rule::prefer_rule => prefer_rule(c, file),
        Rule::step_rule | Rule::slide_rule | Rule::leap_rule => MoveRule::Ride(ride_rule(c, file)),
        r => Children::unexpected(Rule::move_rule, r),
    }
}

pub(super) fn hop_rule(p: Pair<Rule>, file: FileId) -> HopRule {
    let sp = rule_span(&p, file);
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

pub(super) fn filter(p: Pair<Rule>, file: FileId) -> Filter {
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

pub(super) fn prefer_rule(p: Pair<Rule>, file: FileId) -> MoveRule {
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

pub(super) fn ride_rule(p: Pair<Rule>, file: FileId) -> RideRule {
    let sp = rule_span(&p, file);
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

pub(super) fn range(p: Pair<Rule>, file: FileId) -> RangeSpec {
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
pub(super) fn modifiers(c: &mut Children, file: FileId) -> Vec<Modifier> {
    c.many(Rule::modifier)
        .into_iter()
        .map(|m| modifier(m, file))
        .collect()
}

pub(super) fn modifier(p: Pair<Rule>, file: FileId) -> Modifier {
    let c = Children::choice(p);
    let sp = span(&c, file);
    match c.as_rule() {
        Rule::target => Modifier::To(target(c), sp),
        Rule::guard => Modifier::When(guard(c, file), sp),
        Rule::effect => {
            bare(c, file);
            Modifier::SetsEnPassant(sp)
        }
        Rule::capturing => Modifier::Capturing(filter(Children::of(c).one(Rule::filter), file), sp),
        Rule::within => Modifier::Within(ident(Children::of(c).one(Rule::name), file), sp),
        r => Children::unexpected(Rule::modifier, r),
    }
}

pub(super) fn target(p: Pair<Rule>) -> TargetKind {
    let kind = Children::choice(Children::of(p).one(Rule::target_kind));
    match kind.as_rule() {
        Rule::kw_empty => TargetKind::Empty,
        Rule::kw_enemy => TargetKind::Enemy,
        Rule::kw_not_friend => TargetKind::NotFriend,
        Rule::kw_en_passant => TargetKind::EnPassant,
        r => Children::unexpected(Rule::target_kind, r),
    }
}

pub(super) fn guard(p: Pair<Rule>, file: FileId) -> Vec<Condition> {
    Children::of(p)
        .many(Rule::condition)
        .into_iter()
        .map(|c| condition(c, file))
        .collect()
}

pub(super) fn condition(p: Pair<Rule>, file: FileId) -> Condition {
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

/// The span of a move rule without the spaces and comments after its last
/// token: a rule that ends in an optional part (`sym`, modifiers, `and ...`)
/// is matched with the trivia that follows it, up to the next rule, which a
/// diagnostic pointing at the rule should not underline.
fn rule_span(p: &Pair<Rule>, file: FileId) -> Span {
    let s = p.as_span();
    let mut text = p.as_str();
    loop {
        text = text.trim_end();
        let line = text.rfind('\n').map_or(0, |i| i + 1);
        // A move rule holds no string, so `//` on its last line is a comment.
        match text[line..].find("//") {
            Some(at) => text = &text[..line + at],
            None => break,
        }
    }
    Span::new(file, s.start()..s.start() + text.len())
}
