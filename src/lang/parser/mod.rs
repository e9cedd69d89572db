//! Text to AST: the entry point [`parse`], the one way builders read a node's
//! children, and the leaves. There is one builder function per grammar rule of
//! `grammar/variant.pest`, grouped by topic in the submodules; syntax errors
//! are rewritten in `syntax_error`.

use super::ast::*;
use super::codes::Code;
use super::diagnostic::{Diagnostic, FileId, Span};
use pest::Parser as _;
use pest::iterators::Pair;

mod blocks;
mod board;
mod end_tests;
mod goals;
#[cfg(test)]
mod grammar_tests;
mod items;
mod pieces;
mod syntax_error;
use blocks::*;
use board::*;
use end_tests::*;
use goals::*;
use items::*;
use pieces::*;
use syntax_error::syntax_error;

mod generated {
    //! The pest parser generated from `grammar/variant.pest`.
    #![allow(missing_docs)]

    /// The pest parser generated from `grammar/variant.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar/variant.pest"]
    pub struct VariantParser;
}
pub(crate) use generated::Rule;
use generated::VariantParser;

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
            .with_code(Code::TooDeep)
            .with_label(format!("block {} opens here", MAX_NESTING + 1))
            .with_help(format!(
                "at most {MAX_NESTING} blocks may sit inside one another (`prefer`, `when`, ...)"
            )),
        ]);
    }
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

/// The concrete syntax tree of `source`: every token, as the grammar's
/// rules matched them (the formatter needs them all, the AST keeps the
/// meaning only). `None` if it does not parse: [`parse`] gives the
/// diagnostics.
pub(crate) fn concrete(source: &str) -> Option<Pair<'_, Rule>> {
    if too_deep(source).is_some() {
        return None;
    }
    VariantParser::parse(Rule::file, source).ok()?.next()
}

// ============================================================================
// Reading a node's children
// ============================================================================

/// The one place that panics when the grammar and the builders drift apart:
/// a node of rule `parent` has a child no builder reads, or lacks a required
/// one; `problem` says which.
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
            | Rule::kw_figure
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
            | Rule::kw_points
            | Rule::kw_perpetual
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
            | Rule::kw_checks
            | Rule::kw_reaches
            | Rule::kw_is
            | Rule::kw_answered
            | Rule::kw_forbid
            | Rule::kw_facing
            | Rule::kw_along
            | Rule::kw_remove
            | Rule::kw_zone
            | Rule::kw_must
            | Rule::kw_capture
            | Rule::kw_extinct
            | Rule::kw_all
            | Rule::kw_except
            | Rule::kw_explosion
            | Rule::kw_around
            | Rule::kw_removes
            | Rule::kw_captured
            | Rule::kw_optional
            | Rule::kw_bare
            | Rule::kw_capturing
            | Rule::kw_within
            | Rule::kw_pass
            | Rule::kw_captures
            | Rule::kw_hand
            | Rule::kw_gating
            | Rule::kw_passes
            | Rule::kw_counting
            | Rule::kw_without
            | Rule::kw_or
            | Rule::kw_per
            | Rule::kw_by
            | Rule::kw_uncapturable
            | Rule::kw_never
            | Rule::kw_hops
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

/// Each pair as an [`Ident`].
fn idents(pairs: Vec<Pair<Rule>>, file: FileId) -> Vec<Ident> {
    pairs.into_iter().map(|p| ident(p, file)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let src = include_str!("../../../rules/chess.variant");
        let f = parse(src, 0).expect("chess.variant parses");
        assert_eq!(f.games.len(), 1);
        assert_eq!(f.games[0].name.text, "Chess");
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
