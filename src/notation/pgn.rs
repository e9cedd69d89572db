//! PGN: writing a game's tags and SAN movetext, and reading them back
//! (tags, moves, result; comments, variations and NAGs skipped).

use crate::board::Color;
use std::fmt::Write as _;

/// The longest PGN text read, bytes.
pub const MAX_PGN_BYTES: usize = 1 << 20;

/// A game read from PGN: its tags in order, its moves as written, its result.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// `[Name "value"]` pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The moves (SAN or coordinate notation), without move numbers.
    pub moves: Vec<String>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if written.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The `Options` tag's value for option settings (`extra=yes size=big`),
/// as [`PgnGame::tag`] gives it back; None when there are none.
pub fn options_tag(options: &[(String, String)]) -> Option<String> {
    let o: Vec<String> = options.iter().map(|(n, v)| format!("{n}={v}")).collect();
    (!o.is_empty()).then(|| o.join(" "))
}

/// A PGN game: tags, a blank line, the movetext wrapped at 79 columns, the
/// result, a blank line. Move numbers count from `fullmove`, with
/// `N...` first when the first mover is the second player (`first_side` [`Color::SECOND`]).
pub fn write_pgn(
    tags: &[(&str, String)],
    fullmove: u32,
    first_side: Color,
    san: &[String],
    result: &str,
) -> String {
    let mut s = String::new();
    for (k, val) in tags {
        let val = val.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(s, "[{k} \"{val}\"]");
    }
    s.push('\n');
    let mut tokens = Vec::new();
    let mut number = fullmove.max(1);
    let mut side = first_side;
    for (i, m) in san.iter().enumerate() {
        if side == Color::FIRST {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.clone());
        if side == Color::SECOND {
            number += 1;
        }
        side = side.other();
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    s.push_str(&line);
    s.push_str("\n\n");
    s
}

/// Read the first game of a PGN text.
pub fn read_pgn(text: &str) -> Result<PgnGame, String> {
    if text.len() > MAX_PGN_BYTES {
        return Err(format!("PGN longer than {MAX_PGN_BYTES} bytes"));
    }
    let mut game = PgnGame::default();
    let mut movetext = String::new();
    let mut in_moves = false;
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('%') {
            continue;
        }
        if !in_moves && t.starts_with('[') {
            let tag = parse_tag(t).ok_or_else(|| {
                format!(
                    "PGN line {}: a tag must read [Name \"value\"], found `{t}`",
                    n + 1
                )
            })?;
            game.tags.push(tag);
            continue;
        }
        if t.is_empty() {
            continue;
        }
        in_moves = true;
        movetext.push_str(line);
        movetext.push('\n');
    }
    // Comments, variations and NAGs removed; then tokens.
    let mut clean = String::with_capacity(movetext.len());
    let (mut brace, mut paren) = (false, 0usize);
    let mut chars = movetext.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if !brace => brace = true,
            '}' if brace => brace = false,
            _ if brace => {}
            ';' => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
                clean.push(' ');
            }
            '(' => paren += 1,
            ')' if paren > 0 => paren -= 1,
            _ if paren > 0 => {}
            _ => clean.push(c),
        }
    }
    for tok in clean.split_whitespace() {
        if tok.starts_with('$') {
            continue;
        }
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
            game.result = Some(tok.to_string());
            break;
        }
        // Move numbers: `12.`, `12...`, or glued to the move (`12.e4`).
        let body = tok.trim_start_matches(|c: char| c.is_ascii_digit());
        let body = if body.len() < tok.len() && body.starts_with('.') {
            body.trim_start_matches('.')
        } else {
            tok
        };
        if !body.is_empty() {
            game.moves.push(body.to_string());
        }
    }
    Ok(game)
}

fn parse_tag(t: &str) -> Option<(String, String)> {
    let inner = t.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let quoted = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.extend(chars.next());
        } else {
            value.push(c);
        }
    }
    Some((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_it_writes() {
        let san: Vec<String> = ["e4", "e5", "Nf3"].iter().map(|s| s.to_string()).collect();
        let text = write_pgn(
            &[("Event", "a \"test\"".into()), ("Variant", "chess".into())],
            1,
            Color::FIRST,
            &san,
            "*",
        );
        assert!(text.contains("1. e4 e5 2. Nf3 *"), "{text}");
        let g = read_pgn(&text).unwrap();
        assert_eq!(g.tag("event"), Some("a \"test\""));
        assert_eq!(g.moves, san);
        assert_eq!(g.result.as_deref(), Some("*"));
    }

    #[test]
    fn skips_comments_variations_and_numbers() {
        let g = read_pgn("1.e4 {best} e5 (1...c5 2.Nf3) 2. Nf3 $1 ; note\n2... Nc6 1-0").unwrap();
        assert_eq!(g.moves, ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(g.result.as_deref(), Some("1-0"));
        assert!(read_pgn("[Event x]\n1. e4").is_err());
    }

    #[test]
    fn reads_up_to_its_limit() {
        let mut at = "1. e4".to_string();
        at.push_str(&" ".repeat(MAX_PGN_BYTES - 1 - at.len()));
        at.push('*');
        assert_eq!(at.len(), MAX_PGN_BYTES);
        assert_eq!(read_pgn(&at).unwrap().moves, ["e4"]);
        let beyond = format!("{at} ");
        assert!(read_pgn(&beyond).unwrap_err().contains("longer than"));
    }
}
