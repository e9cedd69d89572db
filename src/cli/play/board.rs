//! `myriad play`'s board: the position drawn for a terminal, from either
//! side, with Unicode figures where Unicode has one for the piece (chosen by
//! its `figure` name only, as the browser board chooses), letters
//! otherwise; holes as gaps, reserves beside the board, the last move and a
//! checked royal piece marked, in colour when the terminal has colours.

use myriad::board::{Color, Kind, Piece, Position};
use myriad::movegen::{MoveKind, Variant};

use myriad::play::Played;

/// How to draw.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// ANSI colours (else brackets mark squares).
    pub colour: bool,
    /// 256-colour backgrounds (else the 8 basic ones).
    pub colour256: bool,
    /// Letters only, no Unicode figures.
    pub ascii: bool,
}

impl Style {
    /// The style for stdout: colours only on a terminal that has them and
    /// when `NO_COLOR` is not set (<https://no-color.org>).
    pub fn for_stdout(ascii: bool) -> Style {
        use std::io::IsTerminal;
        let term = std::env::var("TERM").unwrap_or_default();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let colour =
            std::io::stdout().is_terminal() && !no_color && !term.is_empty() && term != "dumb";
        let colour256 = term.contains("256") || std::env::var_os("COLORTERM").is_some();
        Style {
            colour,
            colour256,
            ascii,
        }
    }
}

/// The Unicode figures by figure name, as data (data/unicode-figures.txt):
/// `NAME WHITE BLACK` per line, `#` comments. Unicode has six; any other
/// figure is drawn with the piece's letter.
const UNICODE_FIGURES: &str = include_str!("../../../data/unicode-figures.txt");

/// The white and black Unicode figure for a figure name, if the table has one.
fn unicode_figure(name: &str) -> Option<(char, char)> {
    UNICODE_FIGURES
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .find_map(|l| {
            let mut f = l.split_whitespace();
            if f.next()? != name {
                return None;
            }
            let w = f.next()?.chars().next()?;
            let b = f.next()?.chars().next()?;
            Some((w, b))
        })
}

/// The character for a piece: its figure's Unicode symbol, else its letter (White's upper
/// case, Black's lower case). With colours, both sides use the solid
/// figures (the colour tells them apart).
pub fn glyph(v: &Variant, p: Piece, style: Style) -> char {
    let def = &v.rules.pieces[p.kind()];
    let white = p.color() == Color::FIRST;
    if !style.ascii
        && let Some((w, b)) = def.figure.as_deref().and_then(unicode_figure)
    {
        return if white && !style.colour { w } else { b };
    }
    v.letter_of(p.kind(), p.color())
}

/// A reserve as text: `E×1 N×2` (letters, upper case for White), or None if empty.
fn reserve_text(v: &Variant, pos: &Position, c: Color) -> Option<String> {
    let parts: Vec<String> = (0..v.rules.pieces.len())
        .filter_map(|k| {
            let n = pos.reserve[c.index()][k];
            (n > 0).then(|| format!("{}×{n}", v.letter_of(Kind::new(k), c)))
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

const RESET: &str = "\x1b[0m";

/// Draw the board: Black's side at the top unless `flipped`; `last` is the
/// move that led here (marked), `check` the royal squares in check.
pub fn draw(
    v: &Variant,
    pos: &Position,
    last: Option<&Played>,
    flipped: bool,
    style: Style,
) -> String {
    let geo = &v.geo;
    let names = &v.rules.players;
    let marked: Vec<u8> = match last {
        Some(p) if p.mv.kind == MoveKind::Drop => vec![p.mv.to],
        Some(p) if p.mv.kind == MoveKind::Pass => Vec::new(),
        Some(p) => vec![p.mv.from, p.mv.to],
        None => Vec::new(),
    };
    let checked: Vec<u8> = if v.in_check(pos) {
        pos.royals[pos.side.index()].iter().collect()
    } else {
        Vec::new()
    };
    let width = v
        .rules
        .board
        .rank_labels
        .iter()
        .map(|l| l.len())
        .max()
        .unwrap_or(1);
    let ranks: Vec<u8> = if flipped {
        (0..geo.ranks).collect()
    } else {
        (0..geo.ranks).rev().collect()
    };
    let files: Vec<u8> = if flipped {
        (0..geo.files).rev().collect()
    } else {
        (0..geo.files).collect()
    };
    // The player at the top and at the bottom, for the reserves.
    let (top, bottom) = if flipped {
        (Color::FIRST, Color::SECOND)
    } else {
        (Color::SECOND, Color::FIRST)
    };
    let side_note = |c: Color| -> String {
        let name = names.get(c.index()).map_or("", |p| p.name.as_str());
        match reserve_text(v, pos, c) {
            Some(r) => format!("   {} in hand: {r}", super::title(name)),
            None => String::new(),
        }
    };
    let mut s = String::new();
    let n = ranks.len();
    for (row, &rank) in ranks.iter().enumerate() {
        s += &format!("{:>width$} ", v.rules.board.rank_labels[rank as usize]);
        for &file in &files {
            let sq = geo.square((file, rank));
            s += &cell(v, pos, sq, &marked, &checked, style);
        }
        if row == 0 {
            s += &side_note(top);
        } else if row + 1 == n {
            s += &side_note(bottom);
        }
        s.push('\n');
    }
    s += &" ".repeat(width + 1);
    for &file in &files {
        s += &format!(" {:<2}", geo.file_label(file));
    }
    s.push('\n');
    s
}

/// One square, three columns wide.
fn cell(
    v: &Variant,
    pos: &Position,
    sq: u8,
    marked: &[u8],
    checked: &[u8],
    style: Style,
) -> String {
    let geo = &v.geo;
    if !geo.is_valid(sq) {
        return "   ".to_string();
    }
    let p = pos.board[sq as usize];
    let (f, r) = geo.coord(sq);
    let light = (f + r) % 2 == 1;
    let is_check = checked.contains(&sq);
    let is_last = marked.contains(&sq);
    let g = if p.is_none() {
        if style.colour { ' ' } else { '·' }
    } else {
        glyph(v, p, style)
    };
    if !style.colour {
        let (l, rt) = if is_check {
            ('(', ')')
        } else if is_last {
            ('[', ']')
        } else {
            (' ', ' ')
        };
        return format!("{l}{g}{rt}");
    }
    let bg = match (style.colour256, is_check, is_last, light) {
        (true, true, _, _) => "48;5;160",
        (true, false, true, true) => "48;5;186",
        (true, false, true, false) => "48;5;143",
        (true, false, false, true) => "48;5;223",
        (true, false, false, false) => "48;5;137",
        (false, true, _, _) => "41",
        (false, false, true, _) => "43",
        (false, false, false, true) => "47",
        (false, false, false, false) => "42",
    };
    let fg = if p.is_none() || p.color() == Color::FIRST {
        "1;97"
    } else {
        "1;30"
    };
    format!("\x1b[{bg};{fg}m {g} {RESET}")
}
