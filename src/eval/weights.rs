//! The evaluation's weights: the constants it is built from, and the
//! [`Weights`] a variant's engine uses, the defaults or those tuned for it
//! (`myriad tune`) and stored beside its rule file in a `.weights` file.
//!
//! The constants below are the defaults; those named in [`Weights::NAMES`]
//! can be tuned, the others are fixed.

/// Centipawns per square of empty-board mobility a square gives a piece
/// above that piece's average over the board (centralisation).
pub const CENTRALISATION: i32 = 4;
/// Royal pieces in the middlegame: centipawns lost per square of mobility
/// above average (they shelter on the edges).
pub const ROYAL_SHELTER: i32 = 6;
/// Royal pieces in the endgame: centipawns per square of mobility.
pub const ROYAL_ENDGAME: i32 = 8;
/// Per rank advanced towards the promotion zone, as a share of the
/// value difference to the best promotion, per mille; squared distance.
pub const ADVANCEMENT_PERMILLE: i32 = 8;
/// A piece in reserve that can still enter is worth this share of its value, per mille.
pub const RESERVE_PERMILLE: i32 = 900;
/// The side to move's bonus.
pub const TEMPO: i32 = 10;
/// Material (excluding royals and promoting pieces) below which the
/// royal piece should centralise instead of hiding, in centipawns.
pub const ENDGAME_MATERIAL: i32 = 1300;
/// Mobility: centipawns for a piece's average empty-board mobility worth
/// of moves. Each move of a piece is worth `MOBILITY / average`, so a
/// move counts for more the fewer a piece usually has.
pub const MOBILITY: i32 = 50;
/// Moves, per mille of the empty-board average, that count as neither
/// good nor bad.
pub const MOBILITY_NEUTRAL_PERMILLE: i32 = 400;
/// A promoting piece no enemy promoting piece can stop or take on its
/// way (a passed pawn): this share of the promotion's gain, per mille,
/// times the square of the share of the way already made.
pub const PASSED_PERMILLE: i32 = 300;
/// King safety: danger units per piece attacking squares near the
/// enemy royal piece...
pub const KING_ATTACKER: i32 = 50;
/// ...and per attack on such a square.
pub const KING_ZONE_HIT: i32 = 60;
/// The penalty is danger squared divided by this, once two or more
/// pieces take part in the attack.
pub const KING_DANGER_DIVISOR: i32 = 4096;
/// The most the king-safety penalty can be, in centipawns.
pub const KING_DANGER_MAX: i32 = 500;
/// A promoting piece attacking an enemy piece worth more than itself
/// (neither royal nor promoting; a pawn forking or hitting a piece), in
/// centipawns per such attack.
pub const PROMOTING_THREAT: i32 = 40;
/// Threats by officers: an enemy piece worth more than the attacker (neither
/// royal nor promoting, on either side) that it could capture, per piece.
pub const OFFICER_THREAT: i32 = 30;
/// Pieces bound to one colour of square (a bishop): for each such kind a
/// side has on squares of both colours (the bishop pair), in centipawns.
pub const COLOUR_PAIR: i32 = 30;
/// A promoting piece that another of its side's promoting pieces could
/// capture on (a pawn defended by a pawn), in centipawns, per defender.
pub const PROMOTING_SUPPORTED: i32 = 8;
/// Before the endgame, each file of a royal piece's own and its two
/// neighbours with none of its side's promoting pieces (an open file next
/// to the king), in centipawns.
pub const ROYAL_OPEN_FILE: i32 = -15;
/// In the endgame, a passed promoting piece gains this many centipawns per
/// step the enemy royal piece is further from it than its own.
pub const PASSED_ROYAL_DISTANCE: i32 = 5;
/// Before the endgame, each own promoting piece next to a royal piece
/// (its pawn cover), in centipawns.
pub const ROYAL_COVER: i32 = 10;
/// A promoting piece with another of its side's promoting pieces on the
/// same file (doubled pawns), in centipawns, for each such piece.
pub const PROMOTING_DOUBLED: i32 = -12;
/// A promoting piece with none of its side's promoting pieces on either
/// neighbouring file (an isolated pawn), in centipawns.
pub const PROMOTING_ISOLATED: i32 = -10;
/// A piece riding along files (a rook) on a file with none of its side's
/// promoting pieces and none of the enemy's (an open file), in
/// centipawns; half of it when only enemy ones stand there (half open).
pub const FILE_OPEN: i32 = 20;
/// The largest piece value the evaluation works with, in centipawns: a
/// rule file's values (up to a million pawns) are scaled down together,
/// keeping their ratios, when its largest is above this.
pub const VALUE_CAP: i32 = 4_000;
/// No static evaluation is further from zero than this, so evaluation
/// never reaches the search's mate scores whatever the values.
pub const EVAL_LIMIT: i32 = 20_000;

/// The weights one evaluation is built from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// The tunable weights, in the order of [`Weights::NAMES`].
    pub terms: [i32; Weights::NAMES.len()],
    /// Piece values that replace the rule file's, for the engine only
    /// (centipawns, before scaling to [`VALUE_CAP`]): (piece name, value).
    pub values: Vec<(String, i32)>,
    /// Square tables: centipawns for a piece on a square, one row of the
    /// board at a time, in the first player's view (the second player's
    /// squares are mapped by its frame), blended by the game's phase.
    pub squares: Vec<SquareRow>,
}

/// One rank of a piece's square table (a `.weights` file's
/// `square PIECE RANK = ...` or `endgame PIECE RANK = ...` line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareRow {
    /// The piece's name.
    pub piece: String,
    /// The endgame table (else the middlegame one).
    pub endgame: bool,
    /// The rank, from 0 (the first player's first rank).
    pub rank: usize,
    /// One value per file, from the first file.
    pub values: Vec<i32>,
}

/// What a `.weights` file may name: the variant's pieces, and its board's
/// rank labels and number of files (for square tables).
pub struct Shape<'a> {
    /// The piece names.
    pub pieces: &'a [&'a str],
    /// The rank labels, from the first rank.
    pub ranks: &'a [&'a str],
    /// The number of files.
    pub files: usize,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            terms: Weights::DEFAULTS,
            values: Vec::new(),
            squares: Vec::new(),
        }
    }
}

impl Weights {
    /// The tunable weights' names, as a `.weights` file writes them.
    pub const NAMES: [&'static str; 22] = [
        "centralisation",
        "royal_shelter",
        "royal_endgame",
        "advancement_permille",
        "reserve_permille",
        "tempo",
        "mobility",
        "mobility_neutral_permille",
        "passed_permille",
        "king_attacker",
        "king_zone_hit",
        "king_danger_max",
        "promoting_threat",
        "royal_cover",
        "promoting_doubled",
        "promoting_isolated",
        "file_open",
        "officer_threat",
        "colour_pair",
        "promoting_supported",
        "royal_open_file",
        "passed_royal_distance",
    ];

    /// Their defaults, the constants of this module.
    pub const DEFAULTS: [i32; Weights::NAMES.len()] = [
        CENTRALISATION,
        ROYAL_SHELTER,
        ROYAL_ENDGAME,
        ADVANCEMENT_PERMILLE,
        RESERVE_PERMILLE,
        TEMPO,
        MOBILITY,
        MOBILITY_NEUTRAL_PERMILLE,
        PASSED_PERMILLE,
        KING_ATTACKER,
        KING_ZONE_HIT,
        KING_DANGER_MAX,
        PROMOTING_THREAT,
        ROYAL_COVER,
        PROMOTING_DOUBLED,
        PROMOTING_ISOLATED,
        FILE_OPEN,
        OFFICER_THREAT,
        COLOUR_PAIR,
        PROMOTING_SUPPORTED,
        ROYAL_OPEN_FILE,
        PASSED_ROYAL_DISTANCE,
    ];

    /// The largest magnitude a weight in a file may have.
    pub const LIMIT: i32 = 10_000;

    /// The largest magnitude a piece value in a file may have (as in a rule file).
    pub const VALUE_LIMIT: i32 = 1_000_000;

    /// A tunable weight by its name in [`Weights::NAMES`].
    pub fn term(&self, name: &str) -> i32 {
        let i = Weights::NAMES.iter().position(|&n| n == name);
        self.terms[i.unwrap_or_else(|| unreachable!("no weight named {name}"))]
    }

    /// The value a piece of this name has for the engine: the file's, if it
    /// gives one, else `rule_value`.
    pub fn value_of(&self, name: &str, rule_value: i32) -> i32 {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map_or(rule_value, |&(_, v)| v)
    }

    /// Read a `.weights` file's text: `NAME = INTEGER` lines for the
    /// weights of [`Weights::NAMES`], `value PIECE = INTEGER` for a piece
    /// value, `square PIECE RANK = INTEGER...` and `endgame PIECE RANK =
    /// INTEGER...` for a rank of a piece's middlegame or endgame square
    /// table (one integer per file), `#` comments and blank lines. Weights
    /// not given keep their defaults. An error gives the line (from 0) and
    /// what is wrong with it.
    pub fn parse(text: &str, shape: &Shape) -> Result<Weights, (usize, String)> {
        let mut w = Weights::default();
        let mut seen: Vec<String> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let at = |msg: String| (n, msg);
            let Some((key, value)) = line.split_once('=') else {
                return Err(at(format!("expected `NAME = INTEGER`, found `{line}`")));
            };
            let words: Vec<&str> = key.split_whitespace().collect();
            let key = words.join(" ");
            let limit = if words.first() == Some(&"value") {
                Weights::VALUE_LIMIT
            } else {
                Weights::LIMIT
            };
            let numbers: Vec<i32> = value
                .split_whitespace()
                .map(|x| {
                    x.parse()
                        .ok()
                        .filter(|v: &i32| v.abs() <= limit)
                        .ok_or_else(|| at(format!("`{x}` is not an integer within ±{limit}")))
                })
                .collect::<Result<_, _>>()?;
            if seen.contains(&key) {
                return Err(at(format!("`{key}` is given twice")));
            }
            let piece_named = |piece: &str| {
                if shape.pieces.contains(&piece) {
                    Ok(piece.to_string())
                } else {
                    Err(at(format!(
                        "no piece is named `{piece}` (pieces: {})",
                        shape.pieces.join(", ")
                    )))
                }
            };
            let table = matches!(words.first(), Some(&"square") | Some(&"endgame"));
            if table {
                let [kind, piece, rank] = words[..] else {
                    return Err(at(format!(
                        "expected `{} PIECE RANK = INTEGER...`, found `{key}`",
                        words[0]
                    )));
                };
                let piece = piece_named(piece)?;
                let rank = shape.ranks.iter().position(|&r| r == rank).ok_or_else(|| {
                    at(format!(
                        "no rank is labelled `{rank}` (ranks: {})",
                        shape.ranks.join(", ")
                    ))
                })?;
                if numbers.len() != shape.files {
                    return Err(at(format!(
                        "{} numbers for a rank of {} files",
                        numbers.len(),
                        shape.files
                    )));
                }
                w.squares.push(SquareRow {
                    piece,
                    endgame: kind == "endgame",
                    rank,
                    values: numbers,
                });
                seen.push(key);
                continue;
            }
            let [value] = numbers[..] else {
                return Err(at(format!(
                    "expected one integer after `{key} =`, found {}",
                    numbers.len()
                )));
            };
            if let Some(piece) = key.strip_prefix("value ") {
                w.values.push((piece_named(piece)?, value));
            } else if let Some(i) = Weights::NAMES.iter().position(|&k| k == key) {
                w.terms[i] = value;
            } else {
                return Err(at(format!(
                    "unknown weight `{key}` (weights: {}, `value PIECE`, `square PIECE RANK` \
                     or `endgame PIECE RANK`)",
                    Weights::NAMES.join(", ")
                )));
            }
            seen.push(key);
        }
        Ok(w)
    }

    /// A piece's square table for one phase, `[rank][file]` in the first
    /// player's view (zeros where the file gives none), if it gives any row.
    pub fn square_table(
        &self,
        piece: &str,
        endgame: bool,
        shape: (usize, usize),
    ) -> Option<Vec<Vec<i32>>> {
        let (files, ranks) = shape;
        let mut t = vec![vec![0; files]; ranks];
        let mut any = false;
        for row in self
            .squares
            .iter()
            .filter(|r| r.piece == piece && r.endgame == endgame && r.rank < ranks)
        {
            for (x, &v) in t[row.rank].iter_mut().zip(&row.values) {
                *x = v;
            }
            any = true;
        }
        any.then_some(t)
    }

    /// The text of a `.weights` file holding these weights, after `header`
    /// (written as `#` comment lines).
    /// `ranks`: the board's rank labels, which name the square tables' rows.
    pub fn to_text(&self, header: &str, ranks: &[&str]) -> String {
        let mut s: String = header.lines().map(|l| format!("# {l}\n")).collect();
        for (name, v) in Weights::NAMES.iter().zip(self.terms) {
            s += &format!("{name} = {v}\n");
        }
        for (piece, v) in &self.values {
            s += &format!("value {piece} = {v}\n");
        }
        if !self.squares.is_empty() {
            s += "# Square tables, in the first player's view from the last rank down:\n\
                  # `square` in the middlegame, `endgame` once the pieces are off.\n";
            for row in &self.squares {
                let rank = ranks
                    .get(row.rank)
                    .map_or(row.rank.to_string(), |r| r.to_string());
                let values: Vec<String> = row.values.iter().map(|v| format!(" {v:3}")).collect();
                s += &format!(
                    "{} {} {rank} ={}\n",
                    if row.endgame { "endgame" } else { "square" },
                    row.piece,
                    values.concat()
                );
            }
        }
        s
    }
}
