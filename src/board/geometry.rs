//! Board geometry: which squares exist and how vectors move between them.

use crate::ir::{BoardDef, Coord, Vector};

use super::Bitset;

/// The squares of a board (holes excluded) and their labels.
#[derive(Debug, Clone)]
pub struct Geometry {
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Squares that exist (not holes, inside the rectangle).
    pub valid: Bitset,
    file_labels: Vec<String>,
    rank_labels: Vec<String>,
}

impl Geometry {
    /// Build from the IR's board.
    pub fn new(def: &BoardDef) -> Geometry {
        let mut valid = Bitset::EMPTY;
        for r in 0..def.ranks {
            for f in 0..def.files {
                if !def.holes.contains(&(f, r)) {
                    valid.set(r * def.files + f);
                }
            }
        }
        Geometry {
            files: def.files,
            ranks: def.ranks,
            valid,
            file_labels: def.file_labels.clone(),
            rank_labels: def.rank_labels.clone(),
        }
    }

    /// Number of cells of the rectangle (holes included).
    pub fn cells(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The square index of a coordinate.
    #[inline]
    pub fn square(&self, (f, r): Coord) -> u8 {
        (r as usize * self.files as usize + f as usize) as u8
    }

    /// The coordinate of a square index.
    #[inline]
    pub fn coord(&self, sq: u8) -> Coord {
        (sq % self.files, sq / self.files)
    }

    /// The ranks' labels, from the first rank.
    pub fn rank_labels(&self) -> &[String] {
        &self.rank_labels
    }

    /// Is this a square of the board (not a hole)?
    pub fn is_valid(&self, sq: u8) -> bool {
        (sq as usize) < self.cells() && self.valid.has(sq)
    }

    /// The square reached from `sq` by an absolute vector, if it exists.
    pub fn offset(&self, sq: u8, (dx, dy): Vector) -> Option<u8> {
        let (f, r) = self.coord(sq);
        let nf = f as i32 + dx as i32;
        let nr = r as i32 + dy as i32;
        if nf < 0 || nr < 0 || nf >= self.files as i32 || nr >= self.ranks as i32 {
            return None;
        }
        let t = self.square((nf as u8, nr as u8));
        self.valid.has(t).then_some(t)
    }

    /// The name of a square, e.g. "e4".
    pub fn name(&self, sq: u8) -> String {
        let (f, r) = self.coord(sq);
        format!(
            "{}{}",
            self.file_labels[f as usize], self.rank_labels[r as usize]
        )
    }

    /// Parse a square name at the start of `s`; returns the square and the bytes used.
    pub fn parse_square_prefix(&self, s: &str) -> Option<(u8, usize)> {
        let mut best: Option<(u8, usize)> = None;
        for (f, fl) in self.file_labels.iter().enumerate() {
            if let Some(rest) = s.strip_prefix(fl.as_str()) {
                for (r, rl) in self.rank_labels.iter().enumerate() {
                    if rest.starts_with(rl.as_str()) {
                        let used = fl.len() + rl.len();
                        if best.is_none_or(|(_, u)| used > u) {
                            best = Some((self.square((f as u8, r as u8)), used));
                        }
                    }
                }
            }
        }
        best
    }

    /// Parse a whole square name.
    pub fn parse_square(&self, s: &str) -> Option<u8> {
        match self.parse_square_prefix(s) {
            Some((sq, used)) if used == s.len() => Some(sq),
            _ => None,
        }
    }

    /// The label of a file.
    pub fn file_label(&self, f: u8) -> &str {
        &self.file_labels[f as usize]
    }
}
