//! Zobrist keys from a fixed-seed generator, so hashes are the same on every run.

/// SplitMix64: small, fast, well mixed; good enough for hash keys.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The keys for one variant.
#[derive(Debug, Clone)]
pub struct Keys {
    /// `piece[code * 256 + sq]`, code = piece code (1-based).
    pub piece: Vec<u64>,
    /// Side to move is the second player.
    pub side: u64,
    /// One key per castling-right bit.
    pub castling: [u64; super::CastlingRights::COUNT],
    /// En-passant square.
    pub ep: [u64; 256],
    /// `reserve[code * 32 + count]`: count clipped at 31.
    pub reserve: Vec<u64>,
    /// `checks[player * 256 + n]`: the player has given `n` checks.
    pub checks: Vec<u64>,
    /// `passes[n]`: the last `n` moves were passes (0 for none).
    pub passes: Vec<u64>,
    /// `gates[player * 16 + file]`: the player's gating right on that file
    /// (`gating`).
    pub gates: [u64; 32],
    /// `pawn[code * 256 + sq]`: the piece key for the pieces that promote,
    /// 0 for the rest (set once the promotions are compiled); their keys
    /// summed make [`Position::pawn_hash`](super::Position::pawn_hash).
    pub pawn: Vec<u64>,
}

impl Keys {
    /// Keys for `codes` piece codes (1..codes).
    pub fn new(codes: usize) -> Keys {
        let mut rng = SplitMix64(0x6D79_7269_6164_2121);
        let piece = (0..codes * 256).map(|_| rng.next_u64()).collect();
        let side = rng.next_u64();
        let castling = std::array::from_fn(|_| rng.next_u64());
        let ep = std::array::from_fn(|_| rng.next_u64());
        let reserve = (0..codes * 32)
            .map(|i| if i % 32 == 0 { 0 } else { rng.next_u64() })
            .collect();
        // Drawn last, so the keys above are those of every earlier version.
        let checks = (0..2 * 256).map(|_| rng.next_u64()).collect();
        // Drawn after the check keys, so those are as before.
        let passes = (0..256)
            .map(|i| if i == 0 { 0 } else { rng.next_u64() })
            .collect();
        // Drawn after the pass keys, so those are as before.
        let gates = std::array::from_fn(|_| rng.next_u64());
        let pawn = vec![0; codes * 256];
        Keys {
            pawn,
            gates,
            passes,
            piece,
            side,
            castling,
            ep,
            reserve,
            checks,
        }
    }
}
