//! AST builders for end conditions and test blocks.

use super::*;

// ============================================================================
// End
// ============================================================================

pub(super) fn end(p: Pair<Rule>, file: FileId) -> End {
    let sp = span(&p, file);
    let mut rules = Vec::new();
    let mut points = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::end_rule => rules.push(end_rule(c, file)),
            Rule::points_table => points.push(points_table(c, file)),
            _ => {}
        }
    }
    End {
        rules,
        points,
        span: sp,
    }
}

/// `points { NAME N ... }`.
fn points_table(p: Pair<Rule>, file: FileId) -> PointsTable {
    let sp = span(&p, file);
    let entries = Children::of(p)
        .many(Rule::points_entry)
        .into_iter()
        .map(|e| {
            let mut c = Children::of(e);
            let name = ident(c.one(Rule::name), file);
            let n = c.one(Rule::number);
            let n = Number {
                text: n.as_str().to_string(),
                span: span(&n, file),
            };
            (name, n)
        })
        .collect();
    PointsTable { entries, span: sp }
}

pub(super) fn end_rule(p: Pair<Rule>, file: FileId) -> EndRule {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    if let Some(g) = c
        .opt(Rule::checks_end)
        .or_else(|| c.opt(Rule::reach_end))
        .or_else(|| c.opt(Rule::passes_end))
        .or_else(|| c.opt(Rule::facing_end))
    {
        let (kind, outcome) = goal_end(g, file);
        return EndRule {
            kind,
            outcome: outcome_of(outcome),
            span: sp,
        };
    }
    if let Some(d) = c.opt(Rule::drop_mate_end) {
        let mut k = Children::of(d);
        let pieces = idents(k.many(Rule::name), file);
        return EndRule {
            kind: EndKind::DropMate(pieces),
            outcome: outcome_of(k.one(Rule::outcome)),
            span: sp,
        };
    }
    let head = c.one_of(&[
        Rule::kw_checkmate,
        Rule::kw_stalemate,
        Rule::kw_repetition,
        Rule::kw_no_progress,
        Rule::extinct,
        Rule::bare_end,
        Rule::counting_end,
        Rule::perpetual_end,
    ]);
    let kind = match head.as_rule() {
        Rule::kw_checkmate => EndKind::Checkmate,
        Rule::kw_stalemate => EndKind::Stalemate,
        Rule::kw_repetition => EndKind::Repetition(uint(c.one(Rule::uint), file)),
        Rule::kw_no_progress => EndKind::NoProgress(uint(c.one(Rule::uint), file)),
        Rule::extinct => EndKind::Extinct(extinct(head, file)),
        Rule::bare_end => return bare_end(head, file, sp),
        Rule::counting_end => return counting_end(head, file, sp),
        Rule::perpetual_end => {
            return EndRule {
                kind: EndKind::Perpetual,
                outcome: outcome_of(Children::of(head).one(Rule::outcome)),
                span: sp,
            };
        }
        r => Children::unexpected(Rule::end_rule, r),
    };
    let k = Children::choice(c.one(Rule::outcome));
    let outcome = match k.as_rule() {
        Rule::kw_loss => Outcome::Loss,
        Rule::kw_win => Outcome::Win,
        Rule::kw_draw => Outcome::Draw,
        Rule::kw_points => Outcome::Points,
        r => Children::unexpected(Rule::outcome, r),
    };
    EndRule {
        kind,
        outcome,
        span: sp,
    }
}

/// `counting without P+ { board N  P K -> N ...  else N } -> O`.
fn counting_end(p: Pair<Rule>, file: FileId, sp: Span) -> EndRule {
    let mut c = Children::of(p);
    c.one(Rule::kw_counting);
    c.one(Rule::kw_without);
    let without = c
        .many(Rule::name)
        .into_iter()
        .map(|n| ident(n, file))
        .collect();
    c.one(Rule::kw_board);
    let board = uint(c.one(Rule::uint), file);
    let limits = c
        .many(Rule::counting_limit)
        .into_iter()
        .map(|l| {
            let mut lc = Children::of(l);
            let piece = ident(lc.one(Rule::name), file);
            let k = uint(lc.one(Rule::uint), file);
            let n = uint(lc.one(Rule::uint), file);
            (piece, k, n)
        })
        .collect();
    c.one(Rule::kw_else);
    let otherwise = uint(c.one(Rule::uint), file);
    EndRule {
        kind: EndKind::Counting(crate::lang::ast::Counting {
            without,
            board,
            limits,
            otherwise,
        }),
        outcome: outcome_of(c.one(Rule::outcome)),
        span: sp,
    }
}

/// `bare P+ -> O`.
fn bare_end(p: Pair<Rule>, file: FileId, sp: Span) -> EndRule {
    let mut c = Children::of(p);
    c.one(Rule::kw_bare);
    let pieces = c
        .many(Rule::name)
        .into_iter()
        .map(|n| ident(n, file))
        .collect();
    EndRule {
        kind: EndKind::Bare(pieces),
        outcome: outcome_of(c.one(Rule::outcome)),
        span: sp,
    }
}

/// `extinct all [except P+]` or `extinct P+`.
fn extinct(p: Pair<Rule>, file: FileId) -> Extinct {
    let mut c = Children::of(p);
    c.one(Rule::kw_extinct);
    let all = c.opt(Rule::kw_all).is_some();
    if all {
        c.opt(Rule::kw_except);
    }
    Extinct {
        all,
        pieces: c
            .many(Rule::name)
            .into_iter()
            .map(|n| ident(n, file))
            .collect(),
    }
}

/// `remove castling | end | must capture | piece A B | zone a b`.
pub(super) fn remove(p: Pair<Rule>, file: FileId) -> Remove {
    let sp = span(&p, file);
    let mut c = Children::of(p);
    c.one(Rule::kw_remove);
    let head = c.one_of(&[
        Rule::kw_castling,
        Rule::kw_end,
        Rule::must_capture,
        Rule::kw_piece,
        Rule::kw_zone,
    ]);
    let head_rule = head.as_rule();
    let mut names = || -> Vec<Ident> {
        c.many(Rule::name)
            .into_iter()
            .map(|n| ident(n, file))
            .collect()
    };
    let what = match head_rule {
        Rule::kw_castling => RemoveWhat::Castling,
        Rule::kw_end => RemoveWhat::End,
        Rule::must_capture => RemoveWhat::MustCapture,
        Rule::kw_piece => RemoveWhat::Pieces(names()),
        Rule::kw_zone => RemoveWhat::Zones(names()),
        r => Children::unexpected(Rule::remove, r),
    };
    Remove { what, span: sp }
}

// ============================================================================
// Tests
// ============================================================================

pub(super) fn test(p: Pair<Rule>, file: FileId) -> Test {
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
pub(super) fn two_names(p: Pair<Rule>, file: FileId) -> (Ident, Ident) {
    let mut c = Children::of(p);
    let a = ident(c.one(Rule::name), file);
    let b = ident(c.one(Rule::name), file);
    (a, b)
}

/// The `option_setting` or `ballot` children of a test step, as name pairs.
pub(super) fn pairs(c: &mut Children, rule: Rule, file: FileId) -> Vec<(Ident, Ident)> {
    c.many(rule)
        .into_iter()
        .map(|x| two_names(x, file))
        .collect()
}

pub(super) fn test_step(p: Pair<Rule>, file: FileId) -> TestStep {
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
        Rule::fen_is_step => TestStepKind::FenIs(string(k.one(Rule::string), file)),
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
        Rule::extinct_step => TestStepKind::Extinct,
        Rule::bare_step => TestStepKind::Bare,
        Rule::counting_step => TestStepKind::Counting,
        Rule::result_step => TestStepKind::Result(outcome_of(k.one(Rule::outcome))),
        r => Children::unexpected(Rule::test_step, r),
    };
    TestStep { kind, span: sp }
}
