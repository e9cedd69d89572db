//! AST builders for goals and position-level legality: the `checks` and
//! `reaches` end conditions and the `forbid` block.

use super::*;

/// `checks N`, or `PIECE... reaches ZONE ... answered -> O`; the caller reads
/// the outcome that follows.
pub(super) fn goal_end(p: Pair<Rule>, file: FileId) -> (EndKind, Pair<Rule>) {
    let rule = p.as_rule();
    let mut c = Children::of(p);
    match rule {
        Rule::checks_end => (
            EndKind::Checks(uint(c.one(Rule::uint), file)),
            c.one(Rule::outcome),
        ),
        Rule::reach_end => {
            let pieces = c
                .many(Rule::reach_piece)
                .into_iter()
                .map(|r| ident(Children::of(r).one(Rule::name), file))
                .collect();
            let zone = ident(c.one(Rule::name), file);
            let outcome = c.one(Rule::outcome);
            let answered = c
                .opt(Rule::answered)
                .map(|a| outcome_of(Children::of(a).one(Rule::outcome)));
            (
                EndKind::Reach(Reach {
                    pieces,
                    zone,
                    answered,
                }),
                outcome,
            )
        }
        Rule::passes_end => (
            EndKind::Passes(uint(c.one(Rule::uint), file)),
            c.one(Rule::outcome),
        ),
        Rule::facing_end => {
            let (pieces, dirs) = facing_parts(c.one(Rule::facing), file);
            (EndKind::Facing { pieces, dirs }, c.one(Rule::outcome))
        }
        r => Children::unexpected(Rule::end_rule, r),
    }
}

/// `loss`, `win` or `draw`.
pub(super) fn outcome_of(p: Pair<Rule>) -> Outcome {
    let k = Children::choice(p);
    match k.as_rule() {
        Rule::kw_loss => Outcome::Loss,
        Rule::kw_win => Outcome::Win,
        Rule::kw_draw => Outcome::Draw,
        Rule::kw_points => Outcome::Points,
        r => Children::unexpected(Rule::outcome, r),
    }
}

pub(super) fn forbid(p: Pair<Rule>, file: FileId) -> Forbid {
    let sp = span(&p, file);
    let rules = Children::of(p)
        .many(Rule::forbid_rule)
        .into_iter()
        .map(|r| forbid_rule(r, file))
        .collect();
    Forbid { rules, span: sp }
}

pub(super) fn forbid_rule(p: Pair<Rule>, file: FileId) -> ForbidRule {
    let sp = span(&p, file);
    let c = Children::choice(p);
    let kind = match c.as_rule() {
        Rule::kw_check => ForbidKind::Check,
        Rule::facing => facing(c, file),
        r => Children::unexpected(Rule::forbid_rule, r),
    };
    ForbidRule { kind, span: sp }
}

pub(super) fn facing(p: Pair<Rule>, file: FileId) -> ForbidKind {
    let (pieces, dirs) = facing_parts(p, file);
    ForbidKind::Facing { pieces, dirs }
}

/// The pieces and the lines of `facing PIECE... along DIRS`.
fn facing_parts(p: Pair<Rule>, file: FileId) -> (Vec<Ident>, Vec<DirItem>) {
    let mut c = Children::of(p);
    let pieces = c
        .many(Rule::facing_piece)
        .into_iter()
        .map(|r| ident(Children::of(r).one(Rule::name), file))
        .collect();
    (pieces, dir_items(&mut c, file))
}

/// `explosion { around DIRS [removes FILTER] }`.
pub(super) fn explosion(p: Pair<Rule>, file: FileId) -> Explosion {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    let around = dir_items(&mut c, file);
    let removes = c.opt(Rule::filter).map(|f| filter(f, file));
    Explosion {
        around,
        removes,
        span: sp,
    }
}
