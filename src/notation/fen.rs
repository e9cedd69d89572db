//! FEN, extended with holes (`*`) and reserves (`[..]`), per conventions.md.

use crate::board::{Color, Kind, Piece, Position};
use crate::movegen::Variant;

/// A FEN that could not be read: which field, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN: {field}: {message}")]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// What is wrong.
    pub message: String,
}

/// The part of a FEN an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenField {
    /// The FEN as a whole (its number of fields).
    Whole,
    /// The board as a whole (its ranks).
    Board,
    /// One rank of the board, numbered from 1.
    Rank(usize),
    /// The reserve (`[..]`).
    Reserve,
    /// The side to move.
    SideToMove,
    /// The castling rights.
    Castling,
    /// The en-passant square.
    EnPassant,
    /// The check counters (`3+3`: the checks each player still has to give).
    Checks,
    /// The half-move clock.
    HalfmoveClock,
    /// The move number.
    MoveNumber,
    /// The position the fields describe together (e.g. the side not to
    /// move in check).
    Position,
    /// The passes in a row (`p1`, after the move number).
    Passes,
}

impl std::fmt::Display for FenField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FenField::Whole => f.write_str("FEN"),
            FenField::Board => f.write_str("board"),
            FenField::Rank(n) => write!(f, "rank {n}"),
            FenField::Reserve => f.write_str("reserve"),
            FenField::SideToMove => f.write_str("side to move"),
            FenField::Castling => f.write_str("castling"),
            FenField::EnPassant => f.write_str("en passant"),
            FenField::Checks => f.write_str("check counters"),
            FenField::HalfmoveClock => f.write_str("half-move clock"),
            FenField::MoveNumber => f.write_str("move number"),
            FenField::Position => f.write_str("position"),
            FenField::Passes => f.write_str("passes"),
        }
    }
}

pub(super) fn err(field: FenField, message: impl Into<String>) -> FenError {
    FenError {
        field,
        message: message.into(),
    }
}

/// Largest half-move clock or move number accepted, far beyond any real game.
const MAX_CLOCK: u32 = 1_000_000;
/// The largest counting limit (or count) a FEN may give, in plies.
const MAX_COUNT: u16 = 60_000;

/// Parse a FEN for variant `v`.
pub fn parse_fen(v: &Variant, fen: &str) -> Result<Position, FenError> {
    let fen = fen.trim();
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let checks = take_check_counters(v, &mut fields)?;
    let passes = take_passes(v, &mut fields)?;
    if fields.is_empty() {
        return Err(err(FenField::Board, "the FEN is empty"));
    }
    if fields.len() > 6 {
        return Err(err(
            FenField::Whole,
            format!("expected at most 6 fields, found {}", fields.len()),
        ));
    }
    let geo = &v.geo;
    let mut pos = Position::empty();

    // Board and reserves.
    let (board, reserve) = match fields[0].find('[') {
        Some(i) => {
            let rest = &fields[0][i + 1..];
            let Some(inner) = rest.strip_suffix(']') else {
                return Err(err(
                    FenField::Reserve,
                    "expected `]` at the end of the reserve",
                ));
            };
            (&fields[0][..i], Some(inner))
        }
        None => (fields[0], None),
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geo.ranks as usize {
        return Err(err(
            FenField::Board,
            format!(
                "expected {} ranks separated by `/`, found {}",
                geo.ranks,
                rows.len()
            ),
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = geo.ranks - 1 - i as u8;
        let field = FenField::Rank(rank as usize + 1);
        let mut file: u32 = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0);
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                    if n > 256 {
                        break;
                    }
                }
                if n == 0 {
                    return Err(err(field, "an empty-square count must be at least 1"));
                }
                if file + n > geo.files as u32 {
                    return Err(err(field, format!("more than {} squares", geo.files)));
                }
                for _ in 0..n {
                    let sq = geo.square((file as u8, rank));
                    if !geo.is_valid(sq) {
                        return Err(err(
                            field,
                            format!(
                                "{} is a hole and must be written `*`",
                                hole_name(v, file as u8, rank)
                            ),
                        ));
                    }
                    file += 1;
                }
                continue;
            }
            if file >= geo.files as u32 {
                return Err(err(field, format!("more than {} squares", geo.files)));
            }
            let sq = geo.square((file as u8, rank));
            if c == '*' {
                if geo.is_valid(sq) {
                    return Err(err(
                        field,
                        format!(
                            "`*` marks a hole, but {} is a square of the board",
                            geo.name(sq)
                        ),
                    ));
                }
                file += 1;
                continue;
            }
            // `+L`: the promoted form of `L` (a piece declared `"+L"`).
            let (plus, c) = match c {
                '+' => (true, chars.next().unwrap_or('+')),
                c => (false, c),
            };
            let Some(kind) = v
                .kind_of_symbol(plus, c)
                .filter(|_| c.is_ascii_alphabetic())
            else {
                let written = if plus { format!("+{c}") } else { c.to_string() };
                return Err(err(
                    field,
                    format!(
                        "unknown piece letter `{written}` (this variant has {})",
                        letters(v)
                    ),
                ));
            };
            if !geo.is_valid(sq) {
                return Err(err(
                    field,
                    format!(
                        "{} is a hole and must be written `*`",
                        hole_name(v, file as u8, rank)
                    ),
                ));
            }
            let color = case_color(c);
            pos.put(sq, Piece::new(kind, color), v.is_royal(kind), &v.keys);
            // `~`: a promoted piece, in games whose captures go to hand.
            if v.hand.is_some() && chars.peek() == Some(&'~') {
                chars.next();
                pos.promoted.set(sq);
            }
            file += 1;
        }
        if file != geo.files as u32 {
            return Err(err(
                field,
                format!("expected {} squares, found {}", geo.files, file),
            ));
        }
    }
    if let Some(res) = reserve {
        let mut chars = res.chars();
        while let Some(c) = chars.next() {
            if c == '-' {
                continue;
            }
            let (plus, c) = match c {
                '+' => (true, chars.next().unwrap_or('+')),
                c => (false, c),
            };
            let Some(kind) = v
                .kind_of_symbol(plus, c)
                .filter(|_| c.is_ascii_alphabetic())
            else {
                return Err(err(
                    FenField::Reserve,
                    format!(
                        "unknown piece letter `{c}` (this variant has {})",
                        letters(v)
                    ),
                ));
            };
            let color = case_color(c);
            let n = &mut pos.reserve[color][kind];
            *n = n
                .checked_add(1)
                .filter(|&n| n < 32)
                .ok_or_else(|| err(FenField::Reserve, "too many pieces in reserve"))?;
        }
    }

    // Side to move.
    pos.side = match fields.get(1).copied().unwrap_or("w") {
        "w" => Color::FIRST,
        "b" => Color::SECOND,
        other => {
            return Err(err(
                FenField::SideToMove,
                format!("expected `w` or `b`, found `{other}`"),
            ));
        }
    };

    // Castling.
    let castling = fields.get(2).copied().unwrap_or("-");
    if v.gating.is_some() {
        super::gates::read(v, &mut pos, castling)?;
    } else if castling != "-" {
        for c in castling.chars() {
            let color = case_color(c);
            let wing = castling_wing(v, color, c).ok_or_else(|| {
                err(
                    FenField::Castling,
                    format!("`{c}` names no castling side of this variant (expected K, Q, k, q, a file letter or `-`)"),
                )
            })?;
            if !v.castling_pieces_in_place(&pos, color, wing) {
                return Err(err(
                    FenField::Castling,
                    format!("`{c}`: the castling pieces are not on their start squares"),
                ));
            }
            pos.castling.grant(color, wing);
        }
    }

    // En passant, or (in a game with `counting`) a count's limit in plies,
    // as Fairy-Stockfish writes a count in progress.
    let mut ep = fields.get(3).copied().unwrap_or("-");
    if v.counting.is_some() && ep.starts_with(|c: char| c.is_ascii_digit()) {
        pos.count_limit = ep
            .parse()
            .ok()
            .filter(|&n: &u16| n <= MAX_COUNT)
            .ok_or_else(|| {
                err(
                    FenField::EnPassant,
                    format!("expected a counting limit up to {MAX_COUNT}, found `{ep}`"),
                )
            })?;
        ep = "-";
    }
    // Fairy-Stockfish may also name the square of the piece that passed,
    // in either order (`d3c4` after a diagonal double step to c4).
    let (ep, named) = match geo.parse_square_prefix(ep) {
        Some((a, n)) if n < ep.len() => match geo.parse_square(&ep[n..]) {
            Some(b) if geo.is_valid(a) && geo.is_valid(b) => {
                let (e, p) = if pos.board[a as usize].is_none() {
                    (a, b)
                } else {
                    (b, a)
                };
                let text = if e == a { &ep[..n] } else { &ep[n..] };
                (text, Some(p))
            }
            _ => (ep, None),
        },
        _ => (ep, None),
    };
    if ep != "-" {
        let sq = geo
            .parse_square(ep)
            .filter(|&s| geo.is_valid(s))
            .ok_or_else(|| {
                err(
                    FenField::EnPassant,
                    format!("expected a square or `-`, found `{ep}`"),
                )
            })?;
        if !pos.board[sq as usize].is_none() {
            return Err(err(FenField::EnPassant, format!("{ep} is not empty")));
        }
        let victim = v.ep_victim(&pos, sq).ok_or_else(|| {
            err(
                FenField::EnPassant,
                format!("no piece can have just passed over {ep}"),
            )
        })?;
        let victim = match named {
            Some(p) if v.ep_victim_from(&pos, sq, p) => p,
            Some(p) => {
                return Err(err(
                    FenField::EnPassant,
                    format!("no piece on {} can have just passed over {ep}", geo.name(p)),
                ));
            }
            None => victim,
        };
        // Recorded only if a capture there is pseudo-legally possible, as
        // when the position is reached by play (see `Variant::make`), or
        // always where the square passed does not tell the landing square.
        if v.ep_always[pos.side.other()] || v.ep_capturable(&pos, sq, pos.side) {
            pos.ep = Some((sq, victim));
        }
    }

    // Clocks.
    pos.halfmove = match fields.get(4) {
        Some(s) => s
            .parse()
            .ok()
            .filter(|&n: &u32| n <= MAX_CLOCK)
            .ok_or_else(|| {
                err(
                    FenField::HalfmoveClock,
                    format!("expected a number up to {MAX_CLOCK}, found `{s}`"),
                )
            })?,
        None => 0,
    };
    pos.fullmove = match fields.get(5) {
        Some(s) => s
            .parse()
            .ok()
            .filter(|&n: &u32| (1..=MAX_CLOCK).contains(&n))
            .ok_or_else(|| {
                err(
                    FenField::MoveNumber,
                    format!("expected a number from 1 to {MAX_CLOCK}, found `{s}`"),
                )
            })?,
        None => 1,
    };
    // With a count in progress, the half-move field is the count's plies.
    if pos.count_limit != 0 {
        pos.count_ply = pos.halfmove.min(u32::from(MAX_COUNT)) as u16;
        pos.halfmove = 0;
    }
    pos.checks = checks;
    pos.passes = passes;
    pos.hash = pos.compute_hash(&v.keys);
    pos.pawn_hash = pos.compute_pawn_hash(&v.keys);
    check_position(v, &pos)?;
    Ok(pos)
}

/// The checks on a whole position, beyond how it is written; shared by FEN
/// input and a rule file's start position.
pub fn check_position(v: &Variant, pos: &Position) -> Result<(), FenError> {
    // The side that just moved may not have left a royal piece attacked
    // (unless it has just won by removing the last royal piece of the side
    // to move: that move is legal whatever it leaves attacked).
    let them = pos.side.other();
    if v.royal_lost(pos).is_none()
        && pos.royals[them]
            .iter()
            .any(|k| v.royal_attacked(pos, k, pos.side))
    {
        return Err(err(
            FenField::Position,
            "the side not to move is in check, so the position cannot arise",
        ));
    }
    Ok(())
}

fn hole_name(v: &Variant, file: u8, rank: u8) -> String {
    format!(
        "{}{}",
        v.geo.file_label(file),
        v.rules.board.rank_labels[rank as usize]
    )
}

fn letters(v: &Variant) -> String {
    Kind::first(v.rules.pieces.len())
        .map(|k| v.symbol(k))
        .collect::<Vec<_>>()
        .join("")
}

/// The player a FEN letter belongs to: upper case the first, lower case the second.
pub(super) fn case_color(c: char) -> Color {
    if c.is_ascii_lowercase() {
        Color::SECOND
    } else {
        Color::FIRST
    }
}

/// The wing a castling letter names, if any.
pub(super) fn castling_wing(v: &Variant, color: Color, c: char) -> Option<usize> {
    let wings = &v.wings[color];
    let king_file = |w: usize| v.geo.coord(wings[w].king_from).0;
    let partner_file = |w: usize| v.geo.coord(wings[w].partner_from).0;
    match c.to_ascii_uppercase() {
        'K' => (0..wings.len())
            .filter(|&w| partner_file(w) > king_file(w))
            .max_by_key(|&w| partner_file(w)),
        'Q' => (0..wings.len())
            .filter(|&w| partner_file(w) < king_file(w))
            .min_by_key(|&w| partner_file(w)),
        _ => {
            let label = c.to_ascii_lowercase().to_string();
            (0..wings.len()).find(|&w| {
                v.geo
                    .file_label(partner_file(w))
                    .eq_ignore_ascii_case(&label)
            })
        }
    }
}

/// Write a position as FEN.
pub fn write_fen(v: &Variant, pos: &Position) -> String {
    let geo = &v.geo;
    let mut s = String::new();
    for rank in (0..geo.ranks).rev() {
        let mut empty = 0;
        for file in 0..geo.files {
            let sq = geo.square((file, rank));
            let p = pos.board[sq as usize];
            if geo.is_valid(sq) && p.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s += &empty.to_string();
                empty = 0;
            }
            if !geo.is_valid(sq) {
                s.push('*');
            } else {
                s += &v.symbol_of(p.kind(), p.color());
                if v.hand.is_some() && pos.promoted.has(sq) {
                    s.push('~');
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        if rank > 0 {
            s.push('/');
        }
    }
    let has_reserve = v.hand.is_some()
        || !v.rules.setup.reserves.is_empty()
        || pos.reserve.iter().flatten().any(|&n| n > 0);
    if has_reserve {
        s.push('[');
        for color in Color::ALL {
            for kind in Kind::first(v.rules.pieces.len()) {
                for _ in 0..pos.reserve[color][kind] {
                    s += &v.symbol_of(kind, color);
                }
            }
        }
        s.push(']');
    }
    s += if pos.side == Color::FIRST {
        " w "
    } else {
        " b "
    };
    let mut cast = String::new();
    for color in Color::ALL {
        let mut letters: Vec<(u8, char)> = Vec::new();
        for w in 0..v.wings[color].len() {
            if !pos.castling.has(color, w) {
                continue;
            }
            let c = ['K', 'Q']
                .into_iter()
                .find(|&c| castling_wing(v, color, c) == Some(w))
                .unwrap_or_else(|| {
                    let f = geo.coord(v.wings[color][w].partner_from).0;
                    geo.file_label(f)
                        .chars()
                        .next()
                        .unwrap_or('?')
                        .to_ascii_uppercase()
                });
            let order = match c {
                'K' => 0,
                'Q' => 1,
                _ => 2,
            };
            letters.push((
                order,
                if color == Color::FIRST {
                    c
                } else {
                    c.to_ascii_lowercase()
                },
            ));
        }
        letters.sort();
        cast.extend(letters.into_iter().map(|(_, c)| c));
        super::gates::letters(v, pos, color, &mut cast);
    }
    if cast.is_empty() {
        cast.push('-');
    }
    s += &cast;
    s.push(' ');
    match pos.ep {
        // A count in progress takes the en-passant field (Fairy-Stockfish).
        _ if pos.count_limit != 0 => s += &pos.count_limit.to_string(),
        // When the square alone does not tell which piece passed it (two
        // could have, or the player's double steps go along several
        // vectors), the piece's square follows, as Fairy-Stockfish
        // writes it: both squares, the lower first.
        Some((e, victim))
            if v.ep_always[pos.side.other()] || v.ep_victim(pos, e) != Some(victim) =>
        {
            s += &geo.name(e.min(victim));
            s += &geo.name(e.max(victim));
        }
        Some((e, _)) => s += &geo.name(e),
        None => s.push('-'),
    }
    if let Some((n, _)) = v.rules.end.checks {
        let left = |c: Color| n.saturating_sub(u32::from(pos.checks[c]));
        s += &format!(" {}+{}", left(Color::FIRST), left(Color::SECOND));
    }
    let clock = if pos.count_limit != 0 {
        u32::from(pos.count_ply)
    } else {
        pos.halfmove
    };
    // The passes in a row are not written (Fairy-Stockfish writes no such
    // field); a FEN read back starts with none.
    s += &format!(" {clock} {}", pos.fullmove);
    s
}

/// In a game with `pass`, a last field `pN` after the move number: the last
/// N moves were passes (read, never written: Fairy-Stockfish's FEN has no
/// such field, and absent means none). Removed from `fields`.
fn take_passes(v: &Variant, fields: &mut Vec<&str>) -> Result<u8, FenError> {
    if !v.rules.pass || fields.len() < 7 {
        return Ok(0);
    }
    let Some(field) = fields.pop() else {
        return Ok(0);
    };
    field
        .strip_prefix('p')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            err(
                FenField::Passes,
                format!("expected the passes in a row like `p1`, found `{field}`"),
            )
        })
}

/// In a game that counts checks, the field after the en-passant square may
/// be the check counters as Fairy-Stockfish writes them: `W+B`, the checks
/// each player still has to give. Removed from `fields`; the checks given
/// (none if the field is absent).
fn take_check_counters(v: &Variant, fields: &mut Vec<&str>) -> Result<[u8; 2], FenError> {
    let Some((n, _)) = v.rules.end.checks else {
        return Ok([0; 2]);
    };
    let Some(&field) = fields.get(4).filter(|f| f.contains('+')) else {
        return Ok([0; 2]);
    };
    fields.remove(4);
    let bad = || {
        err(
            FenField::Checks,
            format!("expected two numbers from 0 to {n} like `{n}+{n}`, found `{field}`"),
        )
    };
    let (w, b) = field.split_once('+').ok_or_else(bad)?;
    let left = |t: &str| t.parse::<u32>().ok().filter(|&k| k <= n);
    let (Some(w), Some(b)) = (left(w), left(b)) else {
        return Err(bad());
    };
    Ok([(n - w) as u8, (n - b) as u8])
}

/// A text diagram of the board, top rank first, with file and rank labels;
/// `*` marks holes, `.` empty squares.
pub fn diagram(v: &Variant, pos: &Position) -> String {
    let geo = &v.geo;
    let width = v
        .rules
        .board
        .rank_labels
        .iter()
        .map(|l| l.len())
        .max()
        .unwrap_or(1);
    let mut s = String::new();
    for rank in (0..geo.ranks).rev() {
        s += &format!("{:>width$} ", v.rules.board.rank_labels[rank as usize]);
        for file in 0..geo.files {
            let sq = geo.square((file, rank));
            let p = pos.board[sq as usize];
            let c = if !geo.is_valid(sq) {
                '*'
            } else if p.is_none() {
                '.'
            } else {
                v.letter_of(p.kind(), p.color())
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s += &" ".repeat(width + 1);
    for file in 0..geo.files {
        s += &format!(" {}", geo.file_label(file));
    }
    s.push('\n');
    s
}
