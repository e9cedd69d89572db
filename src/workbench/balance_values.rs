//! `myriad balance --values`: piece values estimated from self-play games, by
//! a logistic regression of the games' results on the material differences
//! of each piece kind in their quiet positions.

use std::fmt::Write as _;

use serde::Serialize;

use crate::board::{Color, Kind, MAX_KINDS, Position};
use crate::ir::RuleSet;
use crate::movegen::{Move, Variant};

/// White's count minus Black's of each piece kind (board and reserve), in
/// one position.
pub type Sample = Vec<i16>;

/// White's count minus Black's of each piece kind, on the board and in reserve.
pub fn material(v: &Variant, pos: &Position) -> Sample {
    let n = v.rules.pieces.len().min(MAX_KINDS);
    let mut d = vec![0i16; n];
    for c in Color::ALL {
        let sign = if c == Color::FIRST { 1 } else { -1 };
        for sq in pos.occ[c].iter() {
            let k = pos.board[sq as usize].kind().index();
            if k < n {
                d[k] += sign;
            }
        }
        for (k, x) in d.iter_mut().enumerate() {
            *x += sign * i16::from(pos.reserve[c][k]);
        }
    }
    d
}

/// The material of the quiet positions of a game (those where the move
/// played changed no count: no capture, promotion or drop), after its
/// `skip` random opening plies.
pub fn samples(v: &Variant, moves: &[Move], skip: usize) -> Vec<Sample> {
    let mut pos = v.start_position();
    let mut before = material(v, &pos);
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        v.make(&mut pos, m);
        let after = material(v, &pos);
        if i >= skip && after == before {
            out.push(before);
        }
        before = after;
    }
    out
}

/// One piece's value as the games tell it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PieceValue {
    /// The piece's name.
    pub piece: String,
    /// Its FEN letter.
    pub letter: char,
    /// The value written in the rule file (`value`), in pawn units as written.
    pub file: f64,
    /// Quiet positions sampled in which the two sides had a different count of it.
    pub imbalanced: usize,
    /// The regression's coefficient: the change in the log-odds of White's
    /// score per piece more (None: never imbalanced, nothing to estimate).
    pub logit: Option<f64>,
    /// Its standard error.
    pub logit_error: Option<f64>,
    /// The coefficient in the file's units (times [`Values::scale`]).
    pub estimate: Option<f64>,
    /// Half the 95% interval of `estimate`.
    pub error: Option<f64>,
}

/// The piece values of one outcome.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Values {
    /// Quiet positions sampled, over all games.
    pub positions: usize,
    /// Games that gave at least one.
    pub games: usize,
    /// File units per unit of log-odds: the one factor that best fits the
    /// estimates to the file's values (least squares, each piece weighted by
    /// its estimate's precision). None when no fit is possible.
    pub scale: Option<f64>,
    /// Every piece that is not royal, in the file's order.
    pub pieces: Vec<PieceValue>,
}

/// Estimate the pieces' values from games: `games` holds each game's score
/// for White (1, 1/2, 0) and its samples. Each game weighs the same (its
/// samples share a weight of one), so a long game does not count for more
/// and the standard errors are those of about one observation per game.
pub fn estimate_values(rules: &RuleSet, games: &[(f64, &[Sample])]) -> Values {
    let n = rules.pieces.len().min(MAX_KINDS);
    // Pieces estimated: not royal, imbalanced at least once.
    let mut imbalanced = vec![0usize; n];
    for (_, ss) in games {
        for s in ss.iter() {
            for (k, &d) in s.iter().enumerate().take(n) {
                if d != 0 {
                    imbalanced[k] += 1;
                }
            }
        }
    }
    let features: Vec<usize> = Kind::first(n)
        .map(Kind::index)
        .filter(|&k| !rules.pieces[k].royal && imbalanced[k] > 0)
        .collect();
    let feats = &features;
    let rows: Vec<(Vec<f64>, f64, f64)> = games
        .iter()
        .filter(|(_, ss)| !ss.is_empty())
        .flat_map(|(y, ss)| {
            let w = 1.0 / ss.len() as f64;
            ss.iter().map(move |s| {
                let mut x = Vec::with_capacity(feats.len() + 1);
                x.push(1.0);
                x.extend(feats.iter().map(|&k| f64::from(s[k])));
                (x, *y, w)
            })
        })
        .collect();
    let fit = logistic(&rows, features.len() + 1);
    let mut coef = vec![None; n];
    for (j, &k) in features.iter().enumerate() {
        if let Some((b, se)) = &fit {
            coef[k] = Some((b[j + 1], se[j + 1]));
        }
    }
    // The scale s minimises the sum over pieces of (file - s*b)^2 / se^2:
    // s = sum(f b / se^2) / sum(b^2 / se^2).
    let (mut num, mut den) = (0.0, 0.0);
    for (k, c) in coef.iter().enumerate() {
        if let Some((b, se)) = *c {
            let f = f64::from(rules.pieces[k].value) / 100.0;
            let w = 1.0 / (se * se).max(1e-12);
            num += w * f * b;
            den += w * b * b;
        }
    }
    let scale = (den > 0.0 && num > 0.0)
        .then(|| num / den)
        .filter(|s| s.is_finite());
    let pieces = Kind::first(n)
        .map(Kind::index)
        .filter(|&k| !rules.pieces[k].royal)
        .map(|k| {
            let p = &rules.pieces[k];
            let c = coef[k];
            PieceValue {
                piece: p.name.clone(),
                letter: p.letter,
                file: f64::from(p.value) / 100.0,
                imbalanced: imbalanced[k],
                logit: c.map(|(b, _)| b),
                logit_error: c.map(|(_, se)| se),
                estimate: c.zip(scale).map(|((b, _), s)| b * s),
                error: c.zip(scale).map(|((_, se), s)| 1.959_964 * se * s),
            }
        })
        .collect();
    Values {
        positions: rows.len(),
        games: games.iter().filter(|(_, ss)| !ss.is_empty()).count(),
        scale,
        pieces,
    }
}

/// The ridge added to the information matrix: keeps the fit finite when a
/// piece more always won (or the games are few).
const RIDGE: f64 = 0.05;

/// Weighted logistic regression with fractional outcomes (y in [0, 1]) by
/// Newton's method: the coefficients and their standard errors (from the
/// inverse of the information matrix). Row: (x with the intercept first, y, weight).
fn logistic(rows: &[(Vec<f64>, f64, f64)], dim: usize) -> Option<(Vec<f64>, Vec<f64>)> {
    if rows.is_empty() {
        return None;
    }
    let mut b = vec![0.0; dim];
    let mut info = vec![vec![0.0; dim]; dim];
    for _ in 0..100 {
        let mut grad = vec![0.0; dim];
        for (i, row) in info.iter_mut().enumerate() {
            row.iter_mut().for_each(|x| *x = 0.0);
            if i > 0 {
                row[i] = RIDGE;
                grad[i] = -RIDGE * b[i];
            }
        }
        for (x, y, w) in rows {
            let z: f64 = x.iter().zip(&b).map(|(a, c)| a * c).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let q = w * p * (1.0 - p);
            for i in 0..dim {
                grad[i] += w * (y - p) * x[i];
                for j in 0..dim {
                    info[i][j] += q * x[i] * x[j];
                }
            }
        }
        let step = solve(&info, &grad)?;
        let mut moved = 0.0f64;
        for i in 0..dim {
            // A damped step: the log-odds never jump by more than 2 at once.
            let s = step[i].clamp(-2.0, 2.0);
            b[i] += s;
            moved = moved.max(s.abs());
        }
        if moved < 1e-9 {
            break;
        }
    }
    let mut se = Vec::with_capacity(dim);
    for i in 0..dim {
        let mut e = vec![0.0; dim];
        e[i] = 1.0;
        let col = solve(&info, &e)?;
        se.push(col[i].max(0.0).sqrt());
    }
    b.iter().all(|x| x.is_finite()).then_some((b, se))
}

/// Solve `a x = y` by Gaussian elimination with partial pivoting (None if singular).
fn solve(a: &[Vec<f64>], y: &[f64]) -> Option<Vec<f64>> {
    let n = y.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(y)
        .map(|(r, &v)| {
            let mut r = r.clone();
            r.push(v);
            r
        })
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))?;
        if m[p][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, p);
        for r in 0..n {
            if r != c {
                let f = m[r][c] / m[c][c];
                if f != 0.0 {
                    let pivot = m[c].clone();
                    for (x, p) in m[r].iter_mut().zip(&pivot).skip(c) {
                        *x -= f * p;
                    }
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// The values as the text report prints them.
pub fn values_text(v: &Values) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "  piece values: file / games (95%), from {} quiet positions of {} games{}",
        v.positions,
        v.games,
        match v.scale {
            Some(k) => format!(", scaled to the file's units ({k:.2} per unit of log-odds)"),
            None => ", no scale fits the file's values (log-odds shown)".to_string(),
        }
    );
    for p in &v.pieces {
        let est = match (p.estimate, p.error, p.logit, p.logit_error) {
            (Some(e), Some(h), _, _) => format!("{e:6.2} ± {h:.2}"),
            (None, None, Some(b), Some(se)) => format!("log-odds {b:.3} ± {:.3}", 1.959_964 * se),
            _ => "   -   (never imbalanced)".to_string(),
        };
        let _ = writeln!(
            s,
            "    {:<14} {}  {:6.2}  {est}   imbalanced in {} positions",
            p.piece, p.letter, p.file, p.imbalanced
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_recovers_a_known_solution() {
        let a = vec![vec![2.0, 1.0], vec![1.0, 3.0]];
        let x = solve(&a, &[3.0, 5.0]).unwrap();
        assert!(
            (x[0] - 0.8).abs() < 1e-9 && (x[1] - 1.4).abs() < 1e-9,
            "{x:?}"
        );
        assert!(solve(&[vec![1.0, 2.0], vec![2.0, 4.0]], &[1.0, 2.0]).is_none());
    }

    #[test]
    fn logistic_finds_a_planted_coefficient() {
        // y = sigmoid(0.2 + 0.7 x) exactly, for x in -3..=3: the fit returns it
        // (the ridge pulls it a hair towards 0).
        let rows: Vec<(Vec<f64>, f64, f64)> = (-3..=3)
            .map(|x| {
                let x = f64::from(x);
                (vec![1.0, x], 1.0 / (1.0 + (-(0.2 + 0.7 * x)).exp()), 10.0)
            })
            .collect();
        let (b, se) = logistic(&rows, 2).unwrap();
        assert!((b[0] - 0.2).abs() < 0.01, "{b:?}");
        assert!((b[1] - 0.7).abs() < 0.01, "{b:?}");
        assert!(se[1] > 0.0 && se[1] < 1.0, "{se:?}");
    }
}
