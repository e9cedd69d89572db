//! Tests that the parser's lists of keywords and rules agree with
//! `grammar/variant.pest`, read as text: a keyword or a rule added to the
//! grammar and not handled by the parser fails here.

use super::syntax_error::{KEYWORDS, rule_keywords, starts_block};
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
            !text[at + token.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
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
    assert!(!starts_block("when"));
    for w in &starts {
        assert!(starts_block(w), "`{w}` starts a block");
    }
    for w in KEYWORDS.iter().filter(|w| !starts.contains(**w)) {
        assert!(!starts_block(w), "`{w}` starts no block");
    }
}
