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
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            terms: Weights::DEFAULTS,
            values: Vec::new(),
        }
    }
}

impl Weights {
    /// The tunable weights' names, as a `.weights` file writes them.
    pub const NAMES: [&'static str; 18] = [
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
    /// value (`pieces`: the variant's piece names), `#` comments and blank
    /// lines. Weights not given keep their defaults. An error gives the
    /// line (from 0) and what is wrong with it.
    pub fn parse(text: &str, pieces: &[&str]) -> Result<Weights, (usize, String)> {
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
            let key = key.split_whitespace().collect::<Vec<_>>().join(" ");
            let limit = if key.starts_with("value ") {
                Weights::VALUE_LIMIT
            } else {
                Weights::LIMIT
            };
            let value: i32 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &i32| v.abs() <= limit)
                .ok_or_else(|| {
                    at(format!(
                        "`{}` is not an integer within ±{limit}",
                        value.trim()
                    ))
                })?;
            if seen.contains(&key) {
                return Err(at(format!("`{key}` is given twice")));
            }
            if let Some(piece) = key.strip_prefix("value ") {
                if !pieces.contains(&piece) {
                    return Err(at(format!(
                        "no piece is named `{piece}` (pieces: {})",
                        pieces.join(", ")
                    )));
                }
                w.values.push((piece.to_string(), value));
            } else if let Some(i) = Weights::NAMES.iter().position(|&k| k == key) {
                w.terms[i] = value;
            } else {
                return Err(at(format!(
                    "unknown weight `{key}` (weights: {}, or `value PIECE`)",
                    Weights::NAMES.join(", ")
                )));
            }
            seen.push(key);
        }
        Ok(w)
    }

    /// The text of a `.weights` file holding these weights, after `header`
    /// (written as `#` comment lines).
    pub fn to_text(&self, header: &str) -> String {
        let mut s: String = header.lines().map(|l| format!("# {l}\n")).collect();
        for (name, v) in Weights::NAMES.iter().zip(self.terms) {
            s += &format!("{name} = {v}\n");
        }
        for (piece, v) in &self.values {
            s += &format!("value {piece} = {v}\n");
        }
        s
    }
}
