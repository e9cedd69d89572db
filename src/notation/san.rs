//! Standard algebraic notation (SAN), for people and PGN, derived from the
//! rule file alone.
//!
//! - A piece move is the piece's letter, a disambiguation if needed (the
//!   start file, else the start rank, else both), `x` for a capture, the
//!   destination and, for a promotion, `=` and the new piece's letter:
//!   `Nf3`, `Rdxe5`, `Qh4e1`.
//! - Pieces with a promotion rule (the pawns of the bundled games, and the
//!   Crab that replaces them) are written without a letter; their captures
//!   name the start file: `e4`, `exd5`, `e8=Q`, `exd8=C`.
//! - Drops are written as in coordinate notation: `E@g1`.
//! - Castling on the wing whose partner starts on a higher file than the king
//!   is `O-O`, on the other wing `O-O-O`. When a wing lets the king choose
//!   among several destinations (the Gustav board: `f1h1` or `f1i1`), the
//!   first one the rule file lists is written plainly and every other one
//!   adds its square: `O-O` (king to h1), `O-O-i1` (king to i1),
//!   `O-O-O` (d1), `O-O-O-c1` (c1).
//! - A gating move adds `/` and the entering piece's letter, and for
//!   castling the square it enters: `Nc3/H`, `O-O/Hh1` (Fairy-Stockfish's
//!   SAN).
//! - `+` marks a check, `#` a check with no legal reply.
//!
//! [`parse_san`] reads all of that, plus the usual leniencies (`0-0`,
//! redundant disambiguation, a missing `x` or `=`, annotations like `!?`),
//! and coordinate notation as a fallback.

use crate::board::{Kind, Position};
use crate::movegen::{Move, MoveKind, Variant};
use crate::notation::{move_to_string, parse_move};

/// A SAN move that could not be read or matched no legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// Not SAN, not coordinate notation.
    #[error("`{0}` is not a move in SAN or coordinate notation")]
    Syntax(String),
    /// Well-formed, but no legal move fits.
    #[error("illegal move `{0}`")]
    Illegal(String),
    /// Several legal moves fit.
    #[error("ambiguous move `{0}`: it could be {1}")]
    Ambiguous(String, String),
}

/// Is this piece type written without a letter (it has a promotion rule)?
fn letterless(v: &Variant, kind: Kind) -> bool {
    v.rules.pieces[kind].promotion.is_some()
}

/// The piece type that moves (the dropped one for drops).
fn mover(v: &Variant, pos: &Position, m: Move) -> Kind {
    if m.kind == MoveKind::Drop {
        v.drop_piece(m)
    } else {
        pos.board[m.from as usize].kind()
    }
}

fn is_capture(pos: &Position, m: Move) -> bool {
    match m.kind {
        MoveKind::EnPassant => true,
        MoveKind::Castle | MoveKind::Drop | MoveKind::Pass => false,
        _ => {
            let p = pos.board[m.to as usize];
            !p.is_none() && p.color() != pos.side
        }
    }
}

/// The promotion piece of a move, if it promotes.
fn promotion(m: Move) -> Option<Kind> {
    (m.kind == MoveKind::Promotion).then_some(Kind::new(m.data as usize))
}

/// File and rank labels of a square.
fn file_rank(v: &Variant, sq: u8) -> (String, String) {
    let (f, _) = v.geo.coord(sq);
    let file = v.geo.file_label(f).to_string();
    let name = v.geo.name(sq);
    let rank = name[file.len()..].to_string();
    (file, rank)
}

/// The castling text of a castling move: `O-O`, `O-O-O`, maybe with a square.
fn castle_text(v: &Variant, pos: &Position, m: Move) -> String {
    let color = pos.side;
    let Some(c) = &v.rules.castling else {
        return move_to_string(v, m);
    };
    let Some(side) = c.sides.get(m.data as usize) else {
        return move_to_string(v, m);
    };
    let short = side.partner_from[color].0 > side.king_from[color].0;
    let base = if short { "O-O" } else { "O-O-O" };
    let dest = v.geo.coord(m.to);
    match side.king_to[color].iter().position(|&d| d == dest) {
        Some(0) | None => base.to_string(),
        Some(_) => format!("{base}-{}", v.geo.name(m.to)),
    }
}

/// The SAN of legal move `m` in `pos`, without the check suffix: with a
/// gating piece, `/` and its letter follow, and for castling the square it
/// enters (`Nc3/H`, `O-O/Hh1`), as Fairy-Stockfish writes it.
fn san_body(v: &Variant, pos: &Position, legal: &[Move], m: Move) -> String {
    let mut s = san_plain(v, pos, legal, m);
    if let Some(kind) = m.gated() {
        s.push('/');
        s.push(v.letter(kind));
        if m.kind == MoveKind::Castle {
            s.push_str(&v.geo.name(v.gate_square_of(m)));
        }
    }
    s
}

/// [`san_body`] without the gating piece.
fn san_plain(v: &Variant, pos: &Position, legal: &[Move], m: Move) -> String {
    match m.kind {
        MoveKind::Drop => return move_to_string(v, m),
        MoveKind::Castle => return castle_text(v, pos, m),
        MoveKind::Pass => return "pass".to_string(),
        _ => {}
    }
    let kind = mover(v, pos, m);
    let pawnlike = letterless(v, kind);
    let capture = is_capture(pos, m);
    let (from_file, from_rank) = file_rank(v, m.from);
    // Other legal moves written the same way without disambiguation.
    let rivals: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&o| {
            o != m
                && o.from != m.from
                && o.to == m.to
                && !matches!(o.kind, MoveKind::Drop | MoveKind::Castle | MoveKind::Pass)
                && promotion(o) == promotion(m)
                && {
                    let k = mover(v, pos, o);
                    if pawnlike {
                        letterless(v, k)
                    } else {
                        k == kind
                    }
                }
        })
        .collect();
    let mut s = String::new();
    if !pawnlike {
        s.push_str(&v.symbol(kind));
    }
    // A letterless capture always names its start file.
    let mut need_file = pawnlike && capture;
    let mut need_rank = false;
    let rivals: Vec<Move> = if need_file {
        rivals
            .into_iter()
            .filter(|&o| file_rank(v, o.from).0 == from_file)
            .collect()
    } else {
        rivals
    };
    if !rivals.is_empty() {
        if rivals.iter().all(|&o| file_rank(v, o.from).0 != from_file) {
            need_file = true;
        } else if rivals.iter().all(|&o| file_rank(v, o.from).1 != from_rank) {
            need_rank = true;
        } else {
            need_file = true;
            need_rank = true;
        }
    }
    if need_file {
        s.push_str(&from_file);
    }
    if need_rank {
        s.push_str(&from_rank);
    }
    if capture {
        s.push('x');
    }
    s.push_str(&v.geo.name(m.to));
    if let Some(p) = promotion(m) {
        s.push('=');
        s.push_str(&v.symbol(p));
    }
    s
}

/// The SAN of legal move `m` in `pos` (see the module documentation).
pub fn move_to_san(v: &Variant, pos: &Position, m: Move) -> String {
    let mut pos = pos.clone();
    let mut legal = Vec::new();
    v.legal_moves(&mut pos, &mut legal);
    let mut s = san_body(v, &pos, &legal, m);
    let undo = v.make(&mut pos, m);
    if v.in_check(&pos) {
        let mut replies = Vec::new();
        v.legal_moves(&mut pos, &mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    v.unmake(&mut pos, m, undo);
    s
}

/// What a SAN text says about a move, read leniently.
#[derive(Debug, Default)]
struct Pattern {
    /// None: a letterless (promoting) piece.
    piece: Option<Kind>,
    from_file: Option<String>,
    from_rank: Option<String>,
    capture: bool,
    to: u8,
    promo: Option<Kind>,
}

/// Strip check marks and annotations.
fn strip(text: &str) -> &str {
    text.trim().trim_end_matches(['+', '#', '!', '?'])
}

fn parse_castle(v: &Variant, pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let t = text.replace('0', "O");
    let (long, rest) = if let Some(r) = t.strip_prefix("O-O-O") {
        (true, r)
    } else if let Some(r) = t.strip_prefix("O-O") {
        (false, r)
    } else {
        return None;
    };
    let dest = match rest.strip_prefix('-') {
        Some(sq) => Some(v.geo.parse_square(sq)?),
        None if rest.is_empty() => None,
        None => return None,
    };
    legal
        .iter()
        .copied()
        .filter(|&m| m.kind == MoveKind::Castle && m.gate == 0)
        .find(|&m| {
            let t = castle_text(v, pos, m);
            let is_long = t.starts_with("O-O-O");
            is_long == long
                && match dest {
                    Some(d) => m.to == d,
                    None => t == "O-O" || t == "O-O-O",
                }
        })
}

/// Read a SAN body (no suffix) into a pattern.
fn parse_pattern(v: &Variant, text: &str) -> Option<Pattern> {
    let mut p = Pattern::default();
    let mut rest = text;
    // Promotion suffix: `=Q` or a trailing letter after the destination.
    if let Some((body, promo)) = rest.rsplit_once('=') {
        let (plus, promo) = match promo.strip_prefix('+') {
            Some(r) => (true, r),
            None => (false, promo),
        };
        let mut cs = promo.chars();
        let (Some(c), None) = (cs.next(), cs.next()) else {
            return None;
        };
        p.promo = Some(v.kind_of_symbol(plus, c)?);
        rest = body;
    }
    // Leading piece letter (upper case; lower-case letters are files), or
    // `+` and a letter.
    let (plus, body) = match rest.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let first = body.chars().next()?;
    if first.is_ascii_uppercase() {
        p.piece = Some(v.kind_of_symbol(plus, first)?);
        rest = &body[1..];
    } else if plus {
        return None;
    }
    // The destination is the last square in the text; try every split.
    let rest = rest.replace('-', "");
    for split in (0..rest.len()).rev() {
        if !rest.is_char_boundary(split) {
            continue;
        }
        let (head, tail) = rest.split_at(split);
        let (tail, promo_letter) = match v.geo.parse_square(tail) {
            Some(_) => (tail, None),
            None => {
                // `e8Q`: a promotion letter without `=`.
                let mut t = tail.to_string();
                let last = t.pop();
                match last {
                    Some(c) if c.is_ascii_alphabetic() && p.promo.is_none() => {
                        (&tail[..tail.len() - 1], Some(c))
                    }
                    _ => continue,
                }
            }
        };
        let Some(to) = v.geo.parse_square(tail) else {
            continue;
        };
        let mut head = head.to_string();
        if head.ends_with('x') || head.ends_with(':') {
            head.pop();
            p.capture = true;
        }
        // Disambiguation: a file label, a rank label, or a whole square.
        if !head.is_empty() {
            if let Some((_, used)) = v.geo.parse_square_prefix(&head)
                && used == head.len()
            {
                let sq = v.geo.parse_square(&head)?;
                let (f, r) = file_rank(v, sq);
                p.from_file = Some(f);
                p.from_rank = Some(r);
            } else if head.chars().all(|c| c.is_ascii_digit()) {
                p.from_rank = Some(head.clone());
            } else if head.chars().all(|c| c.is_ascii_lowercase()) {
                p.from_file = Some(head.clone());
            } else {
                continue;
            }
        }
        if let Some(c) = promo_letter {
            p.promo = Some(v.kind_of_letter(c)?);
        }
        p.to = to;
        return Some(p);
    }
    None
}

/// Find the legal move written `text` (SAN, or coordinate notation) in `pos`.
pub fn parse_san(v: &Variant, pos: &Position, text: &str) -> Result<Move, SanError> {
    let mut pos = pos.clone();
    let mut legal = Vec::new();
    v.legal_moves(&mut pos, &mut legal);
    // Coordinate notation whose `+` is a promotion (`a4a5+`), before `+`
    // is taken for a check mark.
    if text.trim().ends_with('+')
        && let Ok(m) = parse_move(v, &mut pos, text.trim())
    {
        return Ok(m);
    }
    let body = strip(text);
    if body.is_empty() {
        return Err(SanError::Syntax(text.trim().to_string()));
    }
    // Exactly what move_to_san writes.
    if let Some(&m) = legal
        .iter()
        .find(|&&m| san_body(v, &pos, &legal, m) == body)
    {
        return Ok(m);
    }
    if body.starts_with("O-") || body.starts_with("0-") {
        return parse_castle(v, &pos, &legal, body)
            .ok_or_else(|| SanError::Illegal(text.trim().to_string()));
    }
    // Coordinate notation (drops included).
    match parse_move(v, &mut pos, body) {
        Ok(m) => return Ok(m),
        Err(crate::notation::MoveError::Illegal(_)) if body.contains('@') => {
            return Err(SanError::Illegal(text.trim().to_string()));
        }
        Err(_) => {}
    }
    let Some(p) = parse_pattern(v, body) else {
        return Err(SanError::Syntax(text.trim().to_string()));
    };
    let fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            !matches!(m.kind, MoveKind::Drop | MoveKind::Pass) && m.to == p.to && m.gate == 0
        })
        .filter(|&m| {
            let k = mover(v, &pos, m);
            match p.piece {
                Some(pk) => pk == k,
                None => letterless(v, k),
            }
        })
        .filter(|&m| promotion(m) == p.promo)
        .filter(|&m| !p.capture || is_capture(&pos, m))
        .filter(|&m| {
            let (f, r) = file_rank(v, m.from);
            p.from_file.as_ref().is_none_or(|x| *x == f)
                && p.from_rank.as_ref().is_none_or(|x| *x == r)
        })
        .collect();
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::Illegal(text.trim().to_string())),
        many => {
            let names: Vec<String> = many.iter().map(|&m| move_to_string(v, m)).collect();
            Err(SanError::Ambiguous(
                text.trim().to_string(),
                names.join(" or "),
            ))
        }
    }
}
