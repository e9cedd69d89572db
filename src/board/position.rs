//! A position: the board, the side to move, rights, clocks, reserves and the hash.

use super::Bitset;
use super::CastlingRights;
use super::zobrist::Keys;

/// A square index: `rank * files + file`.
pub type Square = u8;

/// A player: [`Color::FIRST`] moves first (upper case in FEN), then
/// [`Color::SECOND`]. Always one of the two, so indexing a `[T; 2]` by it
/// needs no bounds check.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Color(u8);

impl Color {
    /// The player who moves first (upper case in FEN, "white").
    pub const FIRST: Color = Color(0);
    /// The player who moves second (lower case in FEN, "black").
    pub const SECOND: Color = Color(1);
    /// Both players, first then second.
    pub const ALL: [Color; 2] = [Color::FIRST, Color::SECOND];

    /// The opponent.
    #[inline(always)]
    pub const fn other(self) -> Color {
        Color(self.0 ^ 1)
    }

    /// 0 for the first player, 1 for the second: for tables laid out per player.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The player of index 0 or 1; `None` for any other number.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Color> {
        match i {
            0 => Some(Color::FIRST),
            1 => Some(Color::SECOND),
            _ => None,
        }
    }

    /// The player of the low bit of `i` (0 first, 1 second): for numbers that
    /// are a player by construction, such as a piece code's low bit.
    #[inline(always)]
    pub const fn from_bit(i: usize) -> Color {
        Color((i & 1) as u8)
    }
}

impl From<Color> for usize {
    #[inline(always)]
    fn from(c: Color) -> usize {
        c.index()
    }
}

impl std::fmt::Display for Color {
    /// The player's index, as player numbers are written in messages.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl<T> std::ops::Index<Color> for [T; 2] {
    type Output = T;
    #[inline(always)]
    fn index(&self, c: Color) -> &T {
        // `& 1` is the identity on a Color; it lets the compiler drop the bounds check.
        &self[(c.0 & 1) as usize]
    }
}

impl<T> std::ops::IndexMut<Color> for [T; 2] {
    #[inline(always)]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self[(c.0 & 1) as usize]
    }
}

/// A piece type: the index of a piece in the rule set's list (`RuleSet::pieces`),
/// below [`MAX_KINDS`]. Tables laid out per piece type (`Vec<T>`, `[T; N]`,
/// slices) are indexed by it directly.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Kind(u8);

impl Kind {
    /// The piece type of index `i` in the rule set's pieces (below [`MAX_KINDS`],
    /// which the rule set guarantees).
    #[inline(always)]
    pub const fn new(i: usize) -> Kind {
        debug_assert!(i < MAX_KINDS);
        Kind(i as u8)
    }

    /// The index in the rule set's pieces.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every piece type of a rule set with `n` of them, in order.
    pub fn first(n: usize) -> impl Iterator<Item = Kind> + Clone {
        (0..n.min(MAX_KINDS)).map(Kind::new)
    }
}

impl From<Kind> for usize {
    #[inline(always)]
    fn from(k: Kind) -> usize {
        k.index()
    }
}

impl<T> std::ops::Index<Kind> for [T] {
    type Output = T;
    #[inline(always)]
    fn index(&self, k: Kind) -> &T {
        &self[k.index()]
    }
}

impl<T> std::ops::IndexMut<Kind> for [T] {
    #[inline(always)]
    fn index_mut(&mut self, k: Kind) -> &mut T {
        &mut self[k.index()]
    }
}

impl<T> std::ops::Index<Kind> for Vec<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, k: Kind) -> &T {
        &self[k.index()]
    }
}

impl<T> std::ops::IndexMut<Kind> for Vec<T> {
    #[inline(always)]
    fn index_mut(&mut self, k: Kind) -> &mut T {
        &mut self[k.index()]
    }
}

/// A piece code: 0 is empty, otherwise `1 + 2 * piece_type + color`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Piece(pub u8);

impl Piece {
    /// No piece.
    pub const NONE: Piece = Piece(0);

    /// The code of a piece type for a player.
    #[inline(always)]
    pub fn new(kind: Kind, color: Color) -> Piece {
        Piece(kind.0.wrapping_mul(2).wrapping_add(1).wrapping_add(color.0))
    }

    /// True for an empty square.
    #[inline(always)]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// What [`Piece::kind`] answers for an empty square: no piece type has it
    /// (it is at least [`MAX_KINDS`]), so a table indexed by it fails loudly.
    pub const NO_KIND: Kind = Kind(127);

    /// The piece type (index into the rule set's pieces); [`Piece::NO_KIND`]
    /// for an empty square.
    #[inline(always)]
    pub fn kind(self) -> Kind {
        Kind(self.0.wrapping_sub(1) >> 1)
    }

    /// The owner (meaningless for an empty square: ask [`Piece::is_none`] first).
    #[inline(always)]
    pub fn color(self) -> Color {
        Color(self.0.wrapping_sub(1) & 1)
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
    /// Zobrist hash of the pieces that promote alone (pawn structure; the
    /// search keys its evaluation corrections by it).
    pub pawn_hash: u64,
    /// A count in progress (`counting`): its limit in plies, 0 for none.
    /// Hashed.
    pub count_limit: u16,
    /// The plies counted so far (a clock, not hashed).
    pub count_ply: u16,
    /// Squares whose piece got there by promotion (`captures to hand`
    /// games only: captured, it goes to the hand as the kind it promoted
    /// from; FEN writes it with `~`). Not hashed.
    pub promoted: Bitset,
    /// Each player's last moves in a row that gave check (kept only in
    /// games with `perpetual check`; not hashed, not in the FEN).
    pub checking: [u8; 2],
    /// The kind the last move dropped, `Piece::NO_KIND` if it was no drop
    /// or is not known (for `checkmate by drop`; not hashed, not in the FEN).
    pub dropped: Kind,
    /// Each player's gating rights (`gating`), one bit per file: a piece
    /// from the hand may still enter the player's gating square on that
    /// file when its piece leaves. Hashed.
    pub gates: [u16; 2],
}

impl Position {
    /// An empty position, first player to move.
    pub fn empty() -> Position {
        Position {
            board: [Piece::NONE; 256],
            occ: [Bitset::EMPTY; 2],
            royals: [Bitset::EMPTY; 2],
            reserve: [[0; MAX_KINDS]; 2],
            side: Color::FIRST,
            castling: CastlingRights::NONE,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            passes: 0,
            hash: 0,
            pawn_hash: 0,
            count_limit: 0,
            count_ply: 0,
            promoted: Bitset::EMPTY,
            checking: [0; 2],
            dropped: Piece::NO_KIND,
            gates: [0; 2],
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
        self.pawn_hash ^= keys.pawn[p.0 as usize * 256 + sq as usize];
    }

    /// Remove the piece on a square, updating the hash.
    #[inline(always)]
    pub fn take(&mut self, sq: Square, keys: &Keys) -> Piece {
        let p = self.board[sq as usize];
        self.board[sq as usize] = Piece::NONE;
        self.occ[p.color()].clear(sq);
        self.royals[p.color()].clear(sq);
        self.hash ^= keys.piece[p.0 as usize * 256 + sq as usize];
        self.pawn_hash ^= keys.pawn[p.0 as usize * 256 + sq as usize];
        p
    }

    /// Make the occupancy sets at `sq` say what the board holds there
    /// (after a change to the board array alone).
    #[inline]
    pub fn sync_occ(&mut self, sq: Square) {
        let p = self.board[sq as usize];
        self.occ[0].clear(sq);
        self.occ[1].clear(sq);
        if !p.is_none() {
            self.occ[p.color()].set(sq);
        }
    }

    /// The pawn hash computed from scratch.
    pub fn compute_pawn_hash(&self, keys: &Keys) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for sq in self.occ[c].iter() {
                h ^= keys.pawn[self.board[sq as usize].0 as usize * 256 + sq as usize];
            }
        }
        h
    }

    /// The hash computed from scratch (for checking the incremental one).
    pub fn compute_hash(&self, keys: &Keys) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for sq in self.occ[c].iter() {
                h ^= keys.piece[self.board[sq as usize].0 as usize * 256 + sq as usize];
            }
            for k in Kind::first(MAX_KINDS) {
                let n = self.reserve[c][k];
                if n > 0 {
                    h ^= reserve_key(keys, Piece::new(k, c), n);
                }
            }
        }
        if self.side == Color::SECOND {
            h ^= keys.side;
        }
        for b in self.castling.indices() {
            h ^= keys.castling[b];
        }
        if let Some((ep, _)) = self.ep {
            h ^= keys.ep[ep as usize];
        }
        for c in Color::ALL {
            h ^= checks_key(keys, c, self.checks[c]);
        }
        h ^= keys.passes[self.passes as usize];
        h ^= count_key(self.count_limit);
        for c in Color::ALL {
            let g = self.gates[c];
            for f in 0..16 {
                if g >> f & 1 != 0 {
                    h ^= keys.gates[c.index() * 16 + f];
                }
            }
        }
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

/// The hash key of a count in progress with this limit (0 for none, so
/// games that do not count hash as before).
#[inline]
pub fn count_key(limit: u16) -> u64 {
    if limit == 0 {
        0
    } else {
        super::zobrist::SplitMix64(0x636F_756E_7400_0000 ^ u64::from(limit)).next_u64()
    }
}

/// The hash key of player `c` having given `n` checks (0 for none, so games
/// that do not count checks hash as before).
#[inline]
pub fn checks_key(keys: &Keys, c: Color, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        keys.checks[c.index() * 256 + n as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_and_their_tables() {
        assert_eq!(Color::FIRST.other(), Color::SECOND);
        assert_eq!(Color::SECOND.other(), Color::FIRST);
        assert_eq!(Color::ALL.map(Color::index), [0, 1]);
        assert_eq!(Color::from_index(1), Some(Color::SECOND));
        assert_eq!(Color::from_index(2), None);
        assert_eq!(Color::from_bit(3), Color::SECOND);
        let mut t = [10, 20];
        t[Color::SECOND] += 1;
        assert_eq!((t[Color::FIRST], t[Color::SECOND]), (10, 21));
        assert_eq!(usize::from(Color::SECOND), 1);
    }

    #[test]
    fn piece_codes_round_trip() {
        for k in Kind::first(MAX_KINDS) {
            for c in Color::ALL {
                let p = Piece::new(k, c);
                assert!(!p.is_none());
                assert_eq!((p.kind(), p.color()), (k, c));
                assert_eq!(p.0 as usize, 1 + 2 * k.index() + c.index());
            }
        }
        let v: Vec<char> = "abc".chars().collect();
        assert_eq!(v[Kind::new(2)], 'c');
        assert_eq!(Kind::first(3).count(), 3);
    }

    /// An empty square's piece type is [`Piece::NO_KIND`]: no underflow, and
    /// no table of piece types has that entry.
    #[test]
    fn empty_square_has_no_kind() {
        assert_eq!(Piece::NONE.kind(), Piece::NO_KIND);
        assert!(Piece::NO_KIND.index() >= MAX_KINDS);
        assert_eq!([0u8; MAX_KINDS].get(Piece::NONE.kind().index()), None);
    }
}
