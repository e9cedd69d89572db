//! A position: the board, the side to move, rights, clocks, reserves and the hash.

use super::Bitset;
use super::CastlingRights;
use super::zobrist::Keys;

/// A square index: `rank * files + file`.
pub type Square = u8;

/// A player: 0 moves first (upper case in FEN), 1 second.
pub type Color = usize;

/// A piece code: 0 is empty, otherwise `1 + 2 * piece_type + color`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Piece(pub u8);

impl Piece {
    /// No piece.
    pub const NONE: Piece = Piece(0);

    /// The code of a piece type for a player.
    #[inline(always)]
    pub fn new(kind: usize, color: Color) -> Piece {
        Piece((1 + 2 * kind + color) as u8)
    }

    /// True for an empty square.
    #[inline(always)]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// What [`Piece::kind`] answers for an empty square: no piece type has it
    /// (it is at least [`MAX_KINDS`]), so a table indexed by it fails loudly.
    pub const NO_KIND: usize = 127;

    /// The piece type (index into the rule set's pieces); [`Piece::NO_KIND`]
    /// for an empty square.
    #[inline(always)]
    pub fn kind(self) -> usize {
        (self.0.wrapping_sub(1) >> 1) as usize
    }

    /// The owner (meaningless for an empty square: ask [`Piece::is_none`] first).
    #[inline(always)]
    pub fn color(self) -> Color {
        (self.0.wrapping_sub(1) & 1) as usize
    }
}

/// Most piece types a variant may declare.
pub const MAX_KINDS: usize = 32;

/// A position of some variant. The meaning of piece codes, castling bits and
/// squares comes from the variant it belongs to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    /// The piece on each square.
    pub board: [Piece; 256],
    /// Occupied squares of each player.
    pub occ: [Bitset; 2],
    /// Squares of each player's royal pieces.
    pub royals: [Bitset; 2],
    /// Pieces in hand: `reserve[color][kind]`.
    pub reserve: [[u8; MAX_KINDS]; 2],
    /// The player to move.
    pub side: Color,
    /// Castling rights.
    pub castling: CastlingRights,
    /// En-passant square for the side to move, and the square of the piece it captures.
    pub ep: Option<(Square, Square)>,
    /// Plies since the last capture or clock-resetting move.
    pub halfmove: u32,
    /// Move number, starting at 1, incremented after the second player moves.
    pub fullmove: u32,
    /// Checks each player has given (counted only when the game counts them).
    pub checks: [u8; 2],
    /// Passes in a row that led here (only in games with `pass`).
    pub passes: u8,
    /// Zobrist hash of all of the above but the clocks.
    pub hash: u64,
}

impl Position {
    /// An empty position, first player to move.
    pub fn empty() -> Position {
        Position {
            board: [Piece::NONE; 256],
            occ: [Bitset::EMPTY; 2],
            royals: [Bitset::EMPTY; 2],
            reserve: [[0; MAX_KINDS]; 2],
            side: 0,
            castling: CastlingRights::NONE,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            passes: 0,
            hash: 0,
        }
    }

    /// Put a piece on an empty square, updating the hash.
    #[inline(always)]
    pub fn put(&mut self, sq: Square, p: Piece, royal: bool, keys: &Keys) {
        self.board[sq as usize] = p;
        self.occ[p.color()].set(sq);
        if royal {
            self.royals[p.color()].set(sq);
        }
        self.hash ^= keys.piece[p.0 as usize * 256 + sq as usize];
    }

    /// Remove the piece on a square, updating the hash.
    #[inline(always)]
    pub fn take(&mut self, sq: Square, keys: &Keys) -> Piece {
        let p = self.board[sq as usize];
        self.board[sq as usize] = Piece::NONE;
        self.occ[p.color()].clear(sq);
        self.royals[p.color()].clear(sq);
        self.hash ^= keys.piece[p.0 as usize * 256 + sq as usize];
        p
    }

    /// The hash computed from scratch (for checking the incremental one).
    pub fn compute_hash(&self, keys: &Keys) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            for sq in self.occ[c].iter() {
                h ^= keys.piece[self.board[sq as usize].0 as usize * 256 + sq as usize];
            }
            for k in 0..MAX_KINDS {
                let n = self.reserve[c][k];
                if n > 0 {
                    h ^= reserve_key(keys, Piece::new(k, c), n);
                }
            }
        }
        if self.side == 1 {
            h ^= keys.side;
        }
        for b in self.castling.indices() {
            h ^= keys.castling[b];
        }
        if let Some((ep, _)) = self.ep {
            h ^= keys.ep[ep as usize];
        }
        for c in 0..2 {
            h ^= checks_key(keys, c, self.checks[c]);
        }
        h ^= keys.passes[self.passes as usize];
        h
    }
}

/// The hash key of holding `n` pieces `p` in reserve.
#[inline]
pub fn reserve_key(keys: &Keys, p: Piece, n: u8) -> u64 {
    keys.reserve
        .get(p.0 as usize * 32 + n.min(31) as usize)
        .copied()
        .unwrap_or(0)
}

/// The hash key of player `c` having given `n` checks (0 for none, so games
/// that do not count checks hash as before).
#[inline]
pub fn checks_key(keys: &Keys, c: Color, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        keys.checks[c * 256 + n as usize]
    }
}
