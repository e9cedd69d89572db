//! Coordinate move notation: `e2e4`, `e7e8q`, `a4a5+`, `E@g1`; castling as the king's move.

use crate::board::{Kind, Position};
use crate::movegen::{Move, MoveKind, Variant};

/// A move that could not be read or is not legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not in coordinate notation.
    #[error("`{0}` is not a move: expected coordinate notation like e2e4, e7e8q or E@g1")]
    Syntax(String),
    /// Well-formed but not legal here.
    #[error("illegal move `{0}`")]
    Illegal(String),
}

/// The coordinate notation of a move.
pub fn move_to_string(v: &Variant, m: Move) -> String {
    let base = base_move_string(v, m);
    gate_suffix(v, m, base, |s| v.geo.name(s))
}

/// A gating move as Fairy-Stockfish writes it: the move, then the entering
/// piece's letter in lower case (`b1c3h`); castling with the piece entering
/// on the partner's square is written from that square to the king's
/// (`h1e1h`). `name` writes a square.
pub(crate) fn gate_suffix(
    v: &Variant,
    m: Move,
    base: String,
    name: impl Fn(crate::board::Square) -> String,
) -> String {
    let Some(kind) = m.gated() else { return base };
    let letter = v.letter(kind).to_ascii_lowercase();
    if m.kind == MoveKind::Castle && m.gates_on_partner() {
        return format!("{}{}{letter}", name(v.gate_square_of(m)), name(m.from));
    }
    format!("{base}{letter}")
}

/// The coordinate notation of a move without its gating.
fn base_move_string(v: &Variant, m: Move) -> String {
    match m.kind {
        MoveKind::Drop => format!("{}@{}", v.symbol(v.drop_piece(m)), v.geo.name(m.to)),
        MoveKind::Promotion => {
            // To a `"+L"` piece: `+` alone (`a4a5+`).
            let to = Kind::new(m.data as usize);
            let suffix = if v.rules.pieces[to].plus {
                "+".to_string()
            } else {
                v.letter(to).to_ascii_lowercase().to_string()
            };
            format!("{}{}{suffix}", v.geo.name(m.from), v.geo.name(m.to))
        }
        _ => format!("{}{}", v.geo.name(m.from), v.geo.name(m.to)),
    }
}

/// Find the legal move written `text` in `pos`.
pub fn parse_move(v: &Variant, pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if !well_formed(v, text) {
        return Err(MoveError::Syntax(text.to_string()));
    }
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    moves
        .into_iter()
        .find(|&m| move_to_string(v, m).eq_ignore_ascii_case(text) && same_drop_case(v, m, text))
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}

fn same_drop_case(_v: &Variant, _m: Move, _text: &str) -> bool {
    true
}

fn well_formed(v: &Variant, text: &str) -> bool {
    if let Some((piece, sq)) = text.split_once('@') {
        let piece = piece.strip_prefix('+').unwrap_or(piece);
        let mut chars = piece.chars();
        return matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_alphabetic())
            && v.geo.parse_square(sq).is_some();
    }
    let Some((_, used)) = v.geo.parse_square_prefix(text) else {
        return false;
    };
    let Some((_, used2)) = v.geo.parse_square_prefix(&text[used..]) else {
        return false;
    };
    let rest = &text[used + used2..];
    // A promotion letter (or `+`), a gating letter, or both.
    rest.len() <= 2 && rest.chars().all(|c| c.is_ascii_alphabetic() || c == '+')
}
