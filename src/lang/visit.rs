//! Walking the syntax tree: every place a macro parameter `$P` may stand
//! (names, whole numbers, macro arguments), for macro substitution and checks.

use super::ast::*;

/// A place where a macro parameter `$P` may stand.
#[derive(Debug)]
pub enum Slot<'a> {
    /// A name.
    Name(&'a mut Ident),
    /// A whole number.
    Number(&'a mut Uint),
    /// An argument of `use`: a name or a number.
    Arg(&'a mut MacroArg),
}

/// Call `f` on every name, whole number and macro argument of `items`, in
/// source order. Labels, squares and moves are not visited (they cannot hold
/// a parameter).
pub fn walk_items(items: &mut [GameItem], f: &mut dyn FnMut(Slot<'_>)) {
    for item in items {
        walk_item(item, f);
    }
}

fn walk_filter(x: &mut Filter, f: &mut dyn FnMut(Slot<'_>)) {
    for p in &mut x.pieces {
        f(Slot::Name(p));
    }
}

fn walk_dir(d: &mut DirItem, f: &mut dyn FnMut(Slot<'_>)) {
    if let DirItem::Name(n) = d {
        f(Slot::Name(n));
    }
}

fn walk_modifiers(ms: &mut [Modifier], f: &mut dyn FnMut(Slot<'_>)) {
    for m in ms {
        match m {
            Modifier::When(conds, _) => {
                for c in conds {
                    if let Condition::From { zone, .. } = c {
                        f(Slot::Name(zone));
                    }
                }
            }
            Modifier::Capturing(x, _) => walk_filter(x, f),
            Modifier::Within(zone, _) => f(Slot::Name(zone)),
            Modifier::To(..) | Modifier::SetsEnPassant(_) => {}
        }
    }
}

fn walk_rule(r: &mut MoveRule, f: &mut dyn FnMut(Slot<'_>)) {
    match r {
        MoveRule::Ride(r) => {
            r.dirs.iter_mut().for_each(|d| walk_dir(d, f));
            match &mut r.range {
                Some(RangeSpec::Max(n) | RangeSpec::Exactly(n)) => f(Slot::Number(n)),
                None => {}
            }
            walk_modifiers(&mut r.modifiers, f);
        }
        MoveRule::Hop(h) => {
            h.dirs.iter_mut().for_each(|d| walk_dir(d, f));
            if let Some(o) = &mut h.over {
                walk_filter(o, f);
            }
            walk_modifiers(&mut h.modifiers, f);
        }
        MoveRule::Prefer {
            first, fallback, ..
        } => {
            first.iter_mut().for_each(|r| walk_rule(r, f));
            fallback.iter_mut().for_each(|r| walk_rule(r, f));
        }
    }
}

fn walk_item(item: &mut GameItem, f: &mut dyn FnMut(Slot<'_>)) {
    match item {
        GameItem::Board(_) => {}
        GameItem::Players(p) => {
            for pl in &mut p.players {
                f(Slot::Name(&mut pl.name));
            }
        }
        GameItem::Directions(defs) => {
            for d in defs {
                f(Slot::Name(&mut d.name));
                d.items.iter_mut().for_each(|i| walk_dir(i, f));
            }
        }
        GameItem::Zones(defs) => {
            for z in defs {
                f(Slot::Name(&mut z.name));
                if let ZoneBody::PerPlayer(parts) = &mut z.body {
                    for (player, _) in parts {
                        f(Slot::Name(player));
                    }
                }
            }
        }
        GameItem::Piece(p) => {
            f(Slot::Name(&mut p.name));
            if let Some(e) = &mut p.extends {
                f(Slot::Name(e));
            }
            if let Some(r) = &mut p.replaces {
                f(Slot::Name(r));
            }
            for it in &mut p.items {
                match it {
                    PieceItem::Moves { rules, .. } => {
                        rules.iter_mut().for_each(|r| walk_rule(r, f));
                    }
                    PieceItem::Promote { zone, to, .. } => {
                        f(Slot::Name(zone));
                        to.iter_mut().for_each(|t| f(Slot::Name(t)));
                    }
                    PieceItem::Uncapturable { by, .. } => {
                        by.iter_mut().flatten().for_each(|t| f(Slot::Name(t)));
                    }
                    PieceItem::Never { pieces, .. } => {
                        pieces.iter_mut().for_each(|t| f(Slot::Name(t)));
                    }
                    PieceItem::Royal(_)
                    | PieceItem::NotRoyal(_)
                    | PieceItem::Value(_)
                    | PieceItem::ResetsClock(_)
                    | PieceItem::Figure(_) => {}
                }
            }
        }
        GameItem::Castling(c) => {
            f(Slot::Name(&mut c.king));
            f(Slot::Name(&mut c.partner));
            for s in &mut c.sides {
                f(Slot::Name(&mut s.name));
            }
        }
        GameItem::Setup(s) => {
            for p in &mut s.players {
                f(Slot::Name(&mut p.player));
                if let SetupBody::Placements(list) = &mut p.body {
                    for pl in list {
                        f(Slot::Name(&mut pl.piece));
                    }
                }
            }
        }
        GameItem::End(e) => {
            for r in &mut e.rules {
                match &mut r.kind {
                    EndKind::Repetition(n) | EndKind::NoProgress(n) => f(Slot::Number(n)),
                    EndKind::Checkmate | EndKind::Stalemate => {}
                    EndKind::Checks(n) => f(Slot::Number(n)),
                    EndKind::Reach(r) => {
                        r.pieces.iter_mut().for_each(|p| f(Slot::Name(p)));
                        f(Slot::Name(&mut r.zone));
                    }
                    EndKind::Extinct(x) => x.pieces.iter_mut().for_each(|p| f(Slot::Name(p))),
                    EndKind::Bare(pieces) => pieces.iter_mut().for_each(|p| f(Slot::Name(p))),
                    EndKind::Passes(n) => f(Slot::Number(n)),
                    EndKind::Counting(x) => {
                        x.without.iter_mut().for_each(|p| f(Slot::Name(p)));
                        f(Slot::Number(&mut x.board));
                        for (p, k, n) in &mut x.limits {
                            f(Slot::Name(p));
                            f(Slot::Number(k));
                            f(Slot::Number(n));
                        }
                        f(Slot::Number(&mut x.otherwise));
                    }
                    EndKind::Facing { pieces, dirs } => {
                        pieces.iter_mut().for_each(|p| f(Slot::Name(p)));
                        dirs.iter_mut().for_each(|d| walk_dir(d, f));
                    }
                    EndKind::Perpetual => {}
                    EndKind::DropMate(pieces) => pieces.iter_mut().for_each(|p| f(Slot::Name(p))),
                }
            }
            for t in &mut e.points {
                t.entries.iter_mut().for_each(|(n, _)| f(Slot::Name(n)));
            }
        }
        GameItem::Test(t) => {
            for s in &mut t.steps {
                match &mut s.kind {
                    TestStepKind::Perft { depth, nodes } => {
                        f(Slot::Number(depth));
                        f(Slot::Number(nodes));
                    }
                    TestStepKind::MoveCount(n) => f(Slot::Number(n)),
                    TestStepKind::Options(list) => {
                        for (a, b) in list {
                            f(Slot::Name(a));
                            f(Slot::Name(b));
                        }
                    }
                    TestStepKind::Vote {
                        option,
                        ballots,
                        expect,
                    } => {
                        f(Slot::Name(option));
                        for (a, b) in ballots {
                            f(Slot::Name(a));
                            f(Slot::Name(b));
                        }
                        if let Some(e) = expect {
                            f(Slot::Name(e));
                        }
                    }
                    _ => {}
                }
            }
        }
        GameItem::Reserve(r) => {
            for (player, entries) in &mut r.players {
                f(Slot::Name(player));
                for (piece, n) in entries {
                    f(Slot::Name(piece));
                    if let Some(n) = n {
                        f(Slot::Number(n));
                    }
                }
            }
        }
        GameItem::Drop(d) => {
            f(Slot::Name(&mut d.piece));
            for it in &mut d.items {
                match it {
                    DropItem::Zone(z, _) => f(Slot::Name(z)),
                    DropItem::RequireEmpty(..) => {}
                    DropItem::PerFile(n, _) => f(Slot::Number(n)),
                    DropItem::RequirePiece(filter, ..) => walk_filter(filter, f),
                    DropItem::Move { dir, steps, .. } => {
                        walk_dir(dir, f);
                        f(Slot::Number(steps));
                    }
                }
            }
        }
        GameItem::Option(o) => {
            f(Slot::Name(&mut o.name));
            o.choices.iter_mut().for_each(|c| f(Slot::Name(c)));
            if let Some(d) = &mut o.default {
                f(Slot::Name(d));
            }
            if let Some((voters, _)) = &mut o.vote {
                for v in voters {
                    f(Slot::Name(&mut v.player));
                    if let Some((p, c)) = &mut v.when {
                        f(Slot::Name(p));
                        f(Slot::Name(c));
                    }
                }
            }
            if let Some((a, b, _)) = &mut o.result {
                f(Slot::Name(a));
                f(Slot::Name(b));
            }
        }
        GameItem::When(w) => {
            f(Slot::Name(&mut w.option));
            f(Slot::Name(&mut w.choice));
            walk_items(&mut w.items, f);
        }
        GameItem::Use(u) => {
            f(Slot::Name(&mut u.name));
            u.args.iter_mut().for_each(|a| f(Slot::Arg(a)));
        }
        GameItem::Forbid(b) => {
            for r in &mut b.rules {
                if let ForbidKind::Facing { pieces, dirs } = &mut r.kind {
                    pieces.iter_mut().for_each(|p| f(Slot::Name(p)));
                    dirs.iter_mut().for_each(|d| walk_dir(d, f));
                }
            }
        }
        GameItem::Remove(r) => match &mut r.what {
            RemoveWhat::Pieces(names) | RemoveWhat::Zones(names) => {
                names.iter_mut().for_each(|n| f(Slot::Name(n)));
            }
            RemoveWhat::Castling | RemoveWhat::End | RemoveWhat::MustCapture => {}
        },
        GameItem::MustCapture(_) | GameItem::Pass(_) | GameItem::CapturesToHand(_) => {}
        GameItem::Gating(zone, _) => f(Slot::Name(zone)),
        GameItem::Explosion(x) => {
            x.around.iter_mut().for_each(|d| walk_dir(d, f));
            if let Some(r) = &mut x.removes {
                r.pieces.iter_mut().for_each(|p| f(Slot::Name(p)));
            }
        }
    }
}
