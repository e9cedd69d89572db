//! Gating rights in the FEN's castling field, as Fairy-Stockfish writes
//! them: after a player's castling letters, the files of its open gating
//! squares (`KQBCDFGkqbcdfg`), while the player has a piece in hand.

use super::fen::{FenError, FenField, case_color, castling_wing, err};
use crate::board::{Color, Position};
use crate::movegen::Variant;

/// Does gating apply to player `c` here: a piece in hand, or a hand that
/// can fill again? Without it, gating rights are neither read nor written,
/// and file letters name castling sides, as in any other game.
fn applies(v: &Variant, pos: &Position, c: Color) -> bool {
    v.gating
        .as_ref()
        .is_some_and(|g| g.refills || pos.reserve[c].iter().any(|&n| n > 0))
}

/// Read the castling field of a game with `gating` (after the board and
/// the reserve). `K`/`Q` are castling rights that also open the gates of
/// the king's and the partner's squares; a file letter opens the player's
/// gating square on that file, which must hold one of the player's pieces.
/// The gates of the king's and a partner's squares without the castling
/// right grant it (Fairy-Stockfish reads `EH` as `K`).
pub(super) fn read(v: &Variant, pos: &mut Position, field: &str) -> Result<(), FenError> {
    let Some(g) = &v.gating else {
        return Ok(());
    };
    if field == "-" {
        return Ok(());
    }
    let no_side = |c: char| {
        err(
            FenField::Castling,
            format!("`{c}` names no castling side or gating file of this variant"),
        )
    };
    for c in field.chars() {
        let color = case_color(c);
        let gating = applies(v, pos, color);
        let up = c.to_ascii_uppercase();
        let wing = if !gating || up == 'K' || up == 'Q' {
            castling_wing(v, color, c)
        } else {
            None
        };
        let Some(wing) = wing else {
            if gating {
                open_file(v, pos, color, c)?;
                continue;
            }
            return Err(no_side(c));
        };
        if !v.castling_pieces_in_place(pos, color, wing) {
            return Err(err(
                FenField::Castling,
                format!("`{c}`: the castling pieces are not on their start squares"),
            ));
        }
        pos.castling.grant(color, wing);
        if gating {
            let w = &v.wings[color][wing];
            pos.gates[color] |=
                g.bit[color][w.king_from as usize] | g.bit[color][w.partner_from as usize];
        }
    }
    for color in Color::ALL {
        if !applies(v, pos, color) || pos.castling.any_for(color) {
            continue;
        }
        for (wing, w) in v.wings[color].iter().enumerate() {
            if g.open(pos, color, w.king_from)
                && g.open(pos, color, w.partner_from)
                && v.castling_pieces_in_place(pos, color, wing)
            {
                pos.castling.grant(color, wing);
            }
        }
    }
    Ok(())
}

/// Open `color`'s gating square on the file of letter `c`.
fn open_file(v: &Variant, pos: &mut Position, color: Color, c: char) -> Result<(), FenError> {
    let Some(g) = &v.gating else {
        return Ok(());
    };
    let label = c.to_ascii_lowercase().to_string();
    let sq = (0..v.geo.files)
        .find(|&f| v.geo.file_label(f).eq_ignore_ascii_case(&label))
        .and_then(|f| g.square[color][f as usize & 15]);
    let Some(sq) = sq else {
        return Err(err(
            FenField::Castling,
            format!("`{c}` names no castling side or gating file of this variant"),
        ));
    };
    let p = pos.board[sq as usize];
    if p.is_none() || p.color() != color {
        return Err(err(
            FenField::Castling,
            format!(
                "`{c}`: no piece of that player on {} to gate behind",
                v.geo.name(sq)
            ),
        ));
    }
    pos.gates[color] |= g.bit[color][sq as usize];
    Ok(())
}

/// The gating letters of `color`, to follow its castling letters: the file
/// of each open gating square, but the king's file while the player may
/// castle and the file of each partner it may castle with (implied by
/// `K`/`Q`).
pub(super) fn letters(v: &Variant, pos: &Position, color: Color, out: &mut String) {
    if !applies(v, pos, color) {
        return;
    }
    let wings = &v.wings[color];
    let file = |sq: u8| v.geo.coord(sq).0;
    let castles = pos.castling.any_for(color);
    for f in 0..v.geo.files {
        if pos.gates[color] >> (f & 15) & 1 == 0 {
            continue;
        }
        let implied = wings.iter().enumerate().any(|(w, wing)| {
            (castles && file(wing.king_from) == f)
                || (pos.castling.has(color, w) && file(wing.partner_from) == f)
        });
        if implied {
            continue;
        }
        let l = v.geo.file_label(f).chars().next().unwrap_or('?');
        out.push(if color == Color::FIRST {
            l.to_ascii_uppercase()
        } else {
            l.to_ascii_lowercase()
        });
    }
}
