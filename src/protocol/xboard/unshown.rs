//! Moves XBoard cannot show: it applies a drop as the piece placed and
//! nothing else, and castling with the partner next to the king's
//! destination (backend.c, `ApplyMove`). A drop that relocates a piece, or
//! castling whose partner lands elsewhere, leaves XBoard's board different
//! from the engine's; this module finds those moves (generically, by
//! comparing the two boards), words what XBoard misses, and lists the moves
//! it can show (under the option `Only moves XBoard shows`, the engine
//! plays only those and refuses the user's others, with the reason). No
//! CECP command puts XBoard's board right during a game: `setup` counts
//! only before the first move, and an engine's `setboard` aborts the game.

use super::betza::{move_text, square_name};
use super::commands::SHOWN_ONLY;
use crate::board::{Piece, Position, Square};
use crate::movegen::{Move, MoveKind, Variant};
use crate::notation::write_fen;

/// The squares where XBoard's board after `m` (played in `pos`) differs
/// from the engine's, in square order; empty when XBoard shows the move as
/// it is. Only drops and castling can differ: XBoard applies every other
/// move (captures, promotions, en passant) as the engine does.
pub fn unshown_squares(v: &Variant, pos: &Position, m: Move) -> Vec<Square> {
    if !matches!(m.kind, MoveKind::Drop | MoveKind::Castle) {
        return Vec::new();
    }
    let us = pos.side;
    let mut gui = pos.board;
    match m.kind {
        MoveKind::Drop => {
            gui[m.to as usize] = Piece::new(v.drop_piece(m), us);
        }
        _ => {
            let Some(w) = v.wings[us.index()].get(m.data as usize) else {
                return Vec::new();
            };
            // XBoard puts the partner on the square the king passed last.
            let (kf, _) = v.geo.coord(m.from);
            let (tf, tr) = v.geo.coord(m.to);
            let beside = if tf > kf {
                tf.checked_sub(1)
            } else {
                Some(tf + 1)
            };
            let Some(beside) = beside.filter(|&f| f < v.geo.files) else {
                return Vec::new();
            };
            let king = gui[m.from as usize];
            let partner = gui[w.partner_from as usize];
            gui[m.from as usize] = Piece::NONE;
            gui[w.partner_from as usize] = Piece::NONE;
            gui[m.to as usize] = king;
            gui[v.geo.square((beside, tr)) as usize] = partner;
        }
    }
    let mut after = pos.clone();
    v.make(&mut after, m);
    (0..=255u8)
        .filter(|&s| v.geo.is_valid(s) && gui[s as usize] != after.board[s as usize])
        .collect()
}

/// What the board really holds after `m` (played in `pos`) on the squares
/// XBoard gets wrong (`g2 is empty, P stands on g4`), and that board; None
/// if XBoard shows `m` as it is.
fn differences(v: &Variant, pos: &Position, m: Move) -> Option<(String, Position)> {
    let squares = unshown_squares(v, pos, m);
    if squares.is_empty() {
        return None;
    }
    let mut after = pos.clone();
    v.make(&mut after, m);
    let what: Vec<String> = squares
        .iter()
        .map(|&s| {
            let p = after.board[s as usize];
            if p.is_none() {
                format!("{} is empty", square_name(v, s))
            } else {
                let l = v.letter(p.kind());
                let l = if p.color().index() == 0 {
                    l.to_ascii_uppercase()
                } else {
                    l.to_ascii_lowercase()
                };
                format!("{l} stands on {}", square_name(v, s))
            }
        })
        .collect();
    Some((what.join(", "), after))
}

/// The `telluser` text for a move XBoard cannot show (None if it can):
/// what the board really holds on the squares XBoard gets wrong, and the
/// FEN to paste into XBoard (Edit > Paste Position) to put it right.
pub fn notice(v: &Variant, pos: &Position, m: Move) -> Option<String> {
    let (what, after) = differences(v, pos, m)?;
    Some(format!(
        "XBoard cannot show all of {}: {what}. To see the real board, paste this \
         position (Edit > Paste Position): {}",
        move_text(v, m),
        write_fen(v, &after)
    ))
}

/// The answer to the user's move `m` (legal in `pos`, where `legal` are
/// all the legal moves) when the engine keeps to moves XBoard shows: None
/// if XBoard shows `m`, or if no legal move is one it shows (the game must
/// go on); else `Illegal move (REASON): MOVE`, on which XBoard takes the
/// move back (its status line has room for little of a reason), and a
/// `telluser` saying why, shown as a dialog.
pub fn refusal(v: &Variant, pos: &Position, m: Move, legal: &[Move]) -> Option<[String; 2]> {
    let (what, _) = differences(v, pos, m)?;
    if shown(v, pos, legal).is_empty() {
        return None;
    }
    let text = move_text(v, m);
    Some([
        format!("Illegal move (XBoard cannot show it): {text}"),
        format!(
            "telluser XBoard cannot show {text}: after it {what}. To play such moves, turn \
             off the engine option {SHOWN_ONLY:?}."
        ),
    ])
}

/// The moves of `legal` XBoard shows as they are.
pub fn shown(v: &Variant, pos: &Position, legal: &[Move]) -> Vec<Move> {
    legal
        .iter()
        .copied()
        .filter(|&m| unshown_squares(v, pos, m).is_empty())
        .collect()
}
