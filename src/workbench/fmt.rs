//! `myriad fmt`: one canonical layout for rule files, comments kept in
//! place, idempotent. Works on the concrete syntax tree (every token, as the
//! grammar matched it), not the AST, so nothing but layout can change; the
//! result is checked to hold the same tokens and comments before it is
//! returned.
//!
//! The layout (docs/workbench.md says it for authors):
//! - two spaces of indentation per open block; `{` ends the line that opens
//!   a block, `}` stands on its own line (or ends a one-line block);
//! - one item per line (a game's blocks, a piece's properties, move rules,
//!   end rules, test steps...). A block written on one line stays on one line
//!   (`moves { slide orth }`, `board { files a..h  ranks 1..8 }`) if it holds
//!   at most one item, or if it is a block of short data (board, players,
//!   setup rows, reserve, castling, vote, points, per-player zones, counting
//!   limits, explosion); in those data blocks the author's grouping of items
//!   on a line is kept too (`King e1  Queen d1`). Items on one line are
//!   separated by two spaces;
//! - inside an item, one space between tokens, none inside `(x,y)`, around
//!   `..` or before `:`, and `name(a, b)` for macros;
//! - blank lines between items and comments kept, at most one; none after
//!   `{` or before `}`; one newline at the end of the file;
//! - a comment stays where it is: on its own line (indented as what follows
//!   it), or after the token it followed on its line (in the same column if
//!   the line leaves room, so aligned comments stay aligned).

use pest::iterators::Pair;

use crate::lang::diagnostic::{SourceMap, render_all};
use crate::lang::parser::{Rule, concrete, parse};

/// The formatted text of a rule file, or the rendered diagnostics (located,
/// as `myriad check` prints them) when it does not parse.
pub fn format(name: &str, source: &str) -> Result<String, String> {
    let mut sources = SourceMap::new();
    let file = sources.add(name, source);
    if let Err(diags) = parse(source, file) {
        return Err(render_all(&diags, &sources));
    }
    let internal = |what: &str| {
        format!(
            "{name}: myriad fmt failed ({what}); the file is left as it is (please report this)"
        )
    };
    let before = elements(source).ok_or_else(|| internal("it does not parse"))?;
    let out = print(&before);
    // The safety net: the result must parse and hold the same tokens and
    // comments, in the same order; only the space between them may change.
    let after = elements(&out).ok_or_else(|| internal("the formatted text does not parse"))?;
    let same = before.els.len() == after.els.len()
        && before
            .els
            .iter()
            .zip(&after.els)
            .all(|(a, b)| a.text == b.text && a.kind == b.kind);
    if !same {
        return Err(internal("the formatted text differs in more than layout"));
    }
    Ok(out)
}

/// The first line where `old` and `new` differ: its number (from 1) and the
/// two lines (empty past the end of a text). `None` if they are equal.
pub fn first_difference(old: &str, new: &str) -> Option<(usize, String, String)> {
    if old == new {
        return None;
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (old.split('\n').collect(), new.split('\n').collect());
    let n = a.len().max(b.len());
    (0..n)
        .find(|&i| a.get(i) != b.get(i))
        .map(|i| {
            let line = |v: &[&str]| v.get(i).map_or(String::new(), |s| s.to_string());
            (i + 1, line(&a), line(&b))
        })
        .or(Some((n, String::new(), String::new())))
}

// ============================================================================
// The elements: tokens and comments, with what the layout needs to know
// ============================================================================

/// What an element is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A word, number, string or punctuation other than braces.
    Token,
    /// `{`.
    Open,
    /// `}`.
    Close,
    /// `// ...` (its text without trailing spaces).
    Comment,
}

/// One token or comment of the source.
#[derive(Debug, Clone)]
struct El<'s> {
    kind: Kind,
    text: &'s str,
    /// Byte offsets in the source.
    start: usize,
    end: usize,
    /// The grammar rule whose node it belongs to (for punctuation: the node
    /// whose text holds it).
    owner: Rule,
    /// It is the first token of an item of the enclosing block.
    starts_item: bool,
}

/// A block: an `{` and its `}`, as the layout decides it.
#[derive(Debug, Clone, Copy)]
struct BlockInfo {
    /// All on one line.
    inline: bool,
    /// Nothing inside (printed `{}`).
    empty: bool,
    /// A block of short data: items written on one line stay together.
    joinable: bool,
}

/// The elements of a source and what the printer needs about them.
struct Elements<'s> {
    els: Vec<El<'s>>,
    /// For each element, its source line (from 0).
    line: Vec<usize>,
    /// For each element, its column in its source line (in characters).
    column: Vec<usize>,
    /// For each element, a blank line stands before it.
    blank_before: Vec<bool>,
    /// For each `{` (by element index), its block.
    blocks: Vec<Option<BlockInfo>>,
}

/// Children that continue the item before them instead of starting one
/// (the names after `choices`, `king`, `partner`; the squares of a castling
/// side; the numbers of a counting block; the vectors of an explosion).
fn continues_item(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::name | Rule::square | Rule::uint | Rule::choice | Rule::dir_item | Rule::filter
    )
}

/// Blocks of short data, whose items an author may group on one line.
fn data_block(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::board
            | Rule::players
            | Rule::castling
            | Rule::castle_side
            | Rule::setup_player
            | Rule::reserve
            | Rule::vote
            | Rule::points_table
            | Rule::zone_def
            | Rule::counting_end
            | Rule::explosion
    )
}

/// Parse `source` and list its elements; `None` if it does not parse.
fn elements(source: &str) -> Option<Elements<'_>> {
    let top = concrete(source)?;
    let mut els = Vec::new();
    walk(top, source, &mut els);
    let lines = line_starts(source);
    let line: Vec<usize> = els
        .iter()
        .map(|e| lines.partition_point(|&s| s <= e.start) - 1)
        .collect();
    let column = els
        .iter()
        .zip(&line)
        .map(|(e, &l)| source[lines[l]..e.start].chars().count())
        .collect();
    let blank_before = (0..els.len())
        .map(|i| i > 0 && source[els[i - 1].end..els[i].start].matches('\n').count() >= 2)
        .collect();
    let mut out = Elements {
        blocks: vec![None; els.len()],
        els,
        line,
        column,
        blank_before,
    };
    decide_blocks(&mut out);
    Some(out)
}

/// The byte offset where each line starts.
fn line_starts(source: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// Push the elements of node `p` (tokens of its children, and the
/// punctuation and comments between them) onto `out`, in source order.
fn walk<'s>(p: Pair<'s, Rule>, source: &'s str, out: &mut Vec<El<'s>>) {
    let rule = p.as_rule();
    let span = p.as_span();
    let mut pos = span.start();
    // The top level is a block without braces.
    let mut in_block = rule == Rule::file;
    let mut first_in_block = in_block;
    for child in p.into_inner() {
        let cs = child.as_span();
        gap(
            source,
            pos,
            cs.start(),
            rule,
            out,
            &mut in_block,
            &mut first_in_block,
        );
        pos = cs.end();
        if child.as_rule() == Rule::EOI {
            continue;
        }
        let starts = in_block && (first_in_block || !continues_item(child.as_rule()));
        first_in_block = false;
        let at = out.len();
        let crule = child.as_rule();
        // A leaf is one token, except a `prefer` block with nothing inside
        // (`{ }`: its braces, and any comment between them, are elements).
        let leaf = crule == Rule::string
            || (crule != Rule::prefer_block && child.clone().into_inner().next().is_none());
        if leaf {
            out.push(El {
                kind: Kind::Token,
                text: child.as_str(),
                start: cs.start(),
                end: cs.end(),
                owner: crule,
                starts_item: false,
            });
        } else {
            walk(child, source, out);
        }
        if starts && let Some(e) = out[at..].iter_mut().find(|e| e.kind != Kind::Comment) {
            e.starts_item = true;
        }
    }
    gap(
        source,
        pos,
        span.end(),
        rule,
        out,
        &mut in_block,
        &mut first_in_block,
    );
}

/// The text between two children of a node: whitespace,
/// comments and the punctuation of that node (rule `node`).
fn gap<'s>(
    source: &'s str,
    from: usize,
    to: usize,
    node: Rule,
    out: &mut Vec<El<'s>>,
    in_block: &mut bool,
    first_in_block: &mut bool,
) {
    let bytes = source.as_bytes();
    let mut i = from;
    while i < to {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let (len, kind) = if source[i..to].starts_with("//") {
            let len = source[i..to].find('\n').unwrap_or(to - i);
            (len, Kind::Comment)
        } else if ["->", "..", "+=", "=="]
            .iter()
            .any(|p| source[i..to].starts_with(p))
        {
            (2, Kind::Token)
        } else {
            let len = source[i..to].chars().next().map_or(1, char::len_utf8);
            match c {
                b'{' => (len, Kind::Open),
                b'}' => (len, Kind::Close),
                _ => (len, Kind::Token),
            }
        };
        let text = if kind == Kind::Comment {
            source[i..i + len].trim_end()
        } else {
            &source[i..i + len]
        };
        match kind {
            Kind::Open => {
                *in_block = true;
                *first_in_block = true;
            }
            Kind::Close => *in_block = false,
            _ => {}
        }
        out.push(El {
            kind,
            text,
            start: i,
            end: i + text.len(),
            owner: node,
            starts_item: false,
        });
        i += len;
    }
}

/// Decide every block's layout, inner blocks first: a block stays on one
/// line if it was written on one line, holds no comment and no block that is
/// not on one line, and holds at most one item or is a data block.
fn decide_blocks(e: &mut Elements<'_>) {
    let mut open: Vec<(usize, usize, bool)> = Vec::new(); // (index, items, nested all inline)
    for i in 0..e.els.len() {
        match e.els[i].kind {
            Kind::Open => open.push((i, 0, true)),
            Kind::Close => {
                let Some((o, items, nested_inline)) = open.pop() else {
                    continue;
                };
                let has_comment = e.els[o..i].iter().any(|x| x.kind == Kind::Comment);
                let joinable = data_block(e.els[o].owner);
                let empty = i == o + 1;
                let inline = empty
                    || (e.line[o] == e.line[i]
                        && !has_comment
                        && nested_inline
                        && (items <= 1 || joinable));
                e.blocks[o] = Some(BlockInfo {
                    inline,
                    empty,
                    joinable,
                });
                if let Some(outer) = open.last_mut() {
                    outer.2 &= inline;
                }
            }
            _ => {
                if e.els[i].starts_item
                    && let Some(top) = open.last_mut()
                {
                    top.1 += 1;
                }
            }
        }
    }
}

// ============================================================================
// Printing
// ============================================================================

/// An open block while printing.
struct Open {
    info: BlockInfo,
    /// The number of output lines when its current item started.
    item_line: usize,
}

/// The output, line by line.
struct Printer {
    lines: Vec<String>,
    /// The line being written.
    cur: String,
    /// A block has just been opened: no blank line yet.
    just_opened: bool,
}

impl Printer {
    /// End the current line (if anything is on it).
    fn flush(&mut self) {
        if !self.cur.is_empty() {
            let line = std::mem::take(&mut self.cur);
            self.lines.push(line.trim_end().to_string());
        }
    }

    /// A blank line, unless at the top of the file or of a block, or after one.
    fn blank(&mut self) {
        self.flush();
        if !self.just_opened && self.lines.last().is_some_and(|l| !l.is_empty()) {
            self.lines.push(String::new());
        }
    }

    /// Start a line at `depth`.
    fn start(&mut self, depth: usize) {
        self.flush();
        self.cur = "  ".repeat(depth);
    }
}

/// The canonical text of the elements.
fn print(e: &Elements<'_>) -> String {
    let mut p = Printer {
        lines: Vec::new(),
        cur: String::new(),
        just_opened: false,
    };
    let mut stack: Vec<Open> = Vec::new();
    let depth = |stack: &[Open]| stack.iter().filter(|b| !b.info.inline).count();
    for (i, el) in e.els.iter().enumerate() {
        match el.kind {
            Kind::Comment => {
                let trailing = i > 0 && e.line[i - 1] == e.line[i];
                if trailing && !p.cur.trim().is_empty() {
                    // In its column if the line leaves room (comments
                    // aligned stay aligned), else one space after the code.
                    let width = p.cur.chars().count();
                    p.cur
                        .push_str(&" ".repeat(e.column[i].saturating_sub(width).max(1)));
                    p.cur.push_str(el.text);
                    p.flush();
                } else {
                    p.flush();
                    if e.blank_before[i] {
                        p.blank();
                    }
                    // Indented as what follows: an item or the block's end at
                    // the block's depth, the rest of an item one deeper.
                    let next = e.els[i + 1..].iter().find(|x| x.kind != Kind::Comment);
                    let inside = next.is_some_and(|x| !x.starts_item && x.kind != Kind::Close);
                    p.start(depth(&stack) + usize::from(inside));
                    p.cur.push_str(el.text);
                    p.flush();
                }
                p.just_opened = false;
            }
            Kind::Open => {
                let info = e.blocks[i].unwrap_or(BlockInfo {
                    inline: false,
                    empty: false,
                    joinable: false,
                });
                token(&mut p, depth(&stack) + 1, "{", true);
                stack.push(Open {
                    info,
                    item_line: p.lines.len(),
                });
                p.just_opened = !info.inline;
            }
            Kind::Close => {
                let Some(b) = stack.pop() else { continue };
                if b.info.inline {
                    p.cur.push_str(if b.info.empty { "}" } else { " }" });
                } else {
                    p.flush();
                    while p.lines.last().is_some_and(|l| l.is_empty()) {
                        p.lines.pop();
                    }
                    p.start(depth(&stack));
                    p.cur.push('}');
                }
                p.just_opened = false;
            }
            Kind::Token => {
                let d = depth(&stack);
                let inline = stack.last().is_some_and(|b| b.info.inline);
                if el.starts_item && inline {
                    let after_open = i > 0 && e.els[i - 1].kind == Kind::Open;
                    p.cur.push_str(if after_open { " " } else { "  " });
                    p.cur.push_str(el.text);
                } else if el.starts_item {
                    let lines = p.lines.len();
                    let join = stack.last().is_some_and(|b| {
                        b.info.joinable
                            && b.item_line == lines
                            && i > 0
                            && !matches!(e.els[i - 1].kind, Kind::Comment | Kind::Open)
                            && e.line[i - 1] == e.line[i]
                    });
                    if join {
                        p.cur.push_str("  ");
                    } else {
                        if e.blank_before[i] {
                            p.blank();
                        }
                        p.start(d);
                    }
                    p.cur.push_str(el.text);
                    if let Some(b) = stack.last_mut() {
                        b.item_line = p.lines.len();
                    }
                } else {
                    let space = i > 0 && space_between(&e.els[i - 1], el);
                    token(&mut p, d + 1, el.text, space);
                }
                p.just_opened = false;
            }
        }
    }
    p.flush();
    while p.lines.last().is_some_and(|l| l.is_empty()) {
        p.lines.pop();
    }
    let mut out = p.lines.join("\n");
    out.push('\n');
    out
}

/// Write a token inside an item: on a fresh line (after a comment) at
/// `depth`, else after one space if `space`.
fn token(p: &mut Printer, depth: usize, text: &str, space: bool) {
    if p.cur.trim().is_empty() {
        p.start(depth);
    } else if space {
        p.cur.push(' ');
    }
    p.cur.push_str(text);
}

/// One space between two tokens of an item, or none.
fn space_between(prev: &El<'_>, next: &El<'_>) -> bool {
    if matches!(next.text, "," | ")" | ":" | "..") || matches!(prev.text, "(" | "..") {
        return false;
    }
    let macro_paren = next.text == "(" && matches!(next.owner, Rule::define | Rule::use_item);
    let vector_comma = prev.text == "," && prev.owner == Rule::vector;
    !(macro_paren || vector_comma)
}
