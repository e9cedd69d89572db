//! `myriad tune --squares`: a middlegame and an endgame square table per
//! piece, fitted to labelled positions by gradient descent.
//!
//! A square table's entries enter the evaluation linearly: a piece of
//! the first player on square `s` adds `mg[s] (1 - l) + eg[s] l`, where
//! `l` (0 to 1) is how far into the endgame the position is, and a piece
//! of the second player subtracts the same at its square seen from the
//! first player's side. So the rest of the evaluation is computed once per
//! position, and the tables are fitted on top of it by gradient descent on the same
//! loss as the local search, with a small pull towards zero, keeping the
//! tables of the epoch that did best on a tenth of the positions held out
//! (gradient descent with momentum: see [`fit_squares`]).

use crate::board::{Color, Kind};
use crate::eval::{Eval, Weights, weights::SquareRow};
use crate::movegen::Variant;

use super::tune::Sample;

/// One report of the descent.
pub struct Epoch {
    /// The epoch, from 1.
    pub number: usize,
    /// The loss on the positions fitted to.
    pub fitted: f64,
    /// The loss on the positions held out.
    pub held_out: f64,
}

/// What fitting the square tables found.
pub struct Fitted {
    /// The weights with the fitted tables.
    pub weights: Weights,
    /// The held-out loss before and after.
    pub held_out: (f64, f64),
    /// The epoch whose tables were kept.
    pub epoch: usize,
}

/// A position reduced to what the fit needs.
struct Row {
    /// The evaluation without the square tables, for the first player.
    rest: f64,
    /// The label.
    result: f64,
    /// (parameter, coefficient) for each piece and phase.
    terms: Vec<(u32, f32)>,
}

/// Positions held out come in blocks of this many at most (a hundredth of
/// the positions, at least one).
const HELD_BLOCK: usize = 200;

/// The pull towards zero (weight decay), per centipawn, in the units of
/// the loss's gradient: chosen on 50000 chess positions labelled by
/// Stockfish, where it gave the lowest held-out loss of 0, 1e-9, 1e-8 and 3e-8.
const PULL: f64 = 1e-9;

/// The step, for k = 1, per unit of the gradient.
const RATE: f64 = 3e5;

/// Momentum.
const MOMENTUM: f64 = 0.9;

/// Fit the square tables of `weights` (all others kept) to `samples` with
/// scaling `k`, for at most `epochs` epochs; `report` sees every 100th.
pub fn fit_squares(
    v: &Variant,
    weights: &Weights,
    samples: &[Sample],
    k: f64,
    epochs: usize,
    report: &mut dyn FnMut(&Epoch),
) -> Fitted {
    let kinds = v.rules.pieces.len();
    let (files, ranks) = (v.geo.files as usize, v.geo.ranks as usize);
    let cells = files * ranks;
    let index = |kind: Kind, sq: u8, endgame: bool| {
        ((kind.index() * cells + sq as usize) * 2 + endgame as usize) as u32
    };
    // The current tables, as parameters.
    let mut theta = vec![0f64; kinds * cells * 2];
    for (kind, p) in Kind::first(kinds).zip(&v.rules.pieces) {
        for endgame in [false, true] {
            if let Some(t) = weights.square_table(&p.name, endgame, (files, ranks)) {
                for (r, row) in t.iter().enumerate() {
                    for (f, &x) in row.iter().enumerate() {
                        theta[index(kind, (r * files + f) as u8, endgame) as usize] = x as f64;
                    }
                }
            }
        }
    }
    let eval = Eval::with_weights(v, weights);
    let rows: Vec<Row> = samples
        .iter()
        .map(|s| {
            let e = eval.evaluate(v, &s.pos) as f64;
            let white = if s.pos.side == Color::FIRST { e } else { -e };
            let (late, pieces) = eval.square_terms(v, &s.pos);
            let l = late as f32 / 256.0;
            let mut terms = Vec::with_capacity(pieces.len() * 2);
            for (color, kind, sq) in pieces {
                let sign = if color == Color::FIRST { 1.0 } else { -1.0 };
                terms.push((index(kind, sq, false), sign * (1.0 - l)));
                terms.push((index(kind, sq, true), sign * l));
            }
            let now: f64 = terms
                .iter()
                .map(|&(i, c)| c as f64 * theta[i as usize])
                .sum();
            Row {
                rest: white - now,
                result: s.result,
                terms,
            }
        })
        .collect();
    // Held out: every tenth block of consecutive positions, so that
    // positions of one game (next to each other in a file written game by
    // game) are rarely on both sides.
    let block = (rows.len() / 100).clamp(1, HELD_BLOCK);
    let held_out = |i: usize| (i / block) % 10 == 9;
    let held: Vec<&Row> = rows
        .iter()
        .enumerate()
        .filter(|(i, _)| held_out(*i))
        .map(|(_, r)| r)
        .collect();
    let fit: Vec<&Row> = rows
        .iter()
        .enumerate()
        .filter(|(i, _)| !held_out(*i))
        .map(|(_, r)| r)
        .collect();
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let predict = |r: &Row, theta: &[f64]| {
        let e = r.rest
            + r.terms
                .iter()
                .map(|&(i, c)| c as f64 * theta[i as usize])
                .sum::<f64>();
        1.0 / (1.0 + (-scale * e).exp())
    };
    let loss_of = |set: &[&Row], theta: &[f64]| {
        if set.is_empty() {
            return 0.0;
        }
        set.iter()
            .map(|r| (r.result - predict(r, theta)).powi(2))
            .sum::<f64>()
            / set.len() as f64
    };
    let start_held = loss_of(&held, &theta);
    let (mut best, mut best_theta, mut best_epoch) = (start_held, theta.clone(), 0);
    // Gradient descent with momentum. An entry's curvature is at most
    // (scale / 4)^2 (a piece on its square in every position): the rate
    // keeps the steps stable there, whatever k, and entries of squares
    // seldom occupied move slowly, which holds them back from fitting
    // noise.
    let rate = RATE / (k * k);
    let mut velocity = vec![0f64; theta.len()];
    let mut grad = vec![0f64; theta.len()];
    let n = fit.len().max(1) as f64;
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for r in &fit {
            let p = predict(r, &theta);
            let d = -2.0 * (r.result - p) * p * (1.0 - p) * scale / n;
            for &(i, c) in &r.terms {
                grad[i as usize] += d * c as f64;
            }
        }
        for (i, g) in grad.iter().enumerate() {
            velocity[i] = MOMENTUM * velocity[i] + g + PULL * theta[i];
            theta[i] -= rate * velocity[i];
            theta[i] = theta[i].clamp(-(Weights::LIMIT as f64), Weights::LIMIT as f64);
        }
        if epoch % 20 == 0 || epoch == epochs {
            let rounded: Vec<f64> = theta.iter().map(|x| x.round()).collect();
            let h = loss_of(&held, &rounded);
            if h < best || held.is_empty() {
                (best, best_theta, best_epoch) = (h, rounded, epoch);
            }
            if epoch % 100 == 0 || epoch == epochs {
                report(&Epoch {
                    number: epoch,
                    fitted: loss_of(&fit, &theta),
                    held_out: h,
                });
            }
        }
    }
    let mut out = weights.clone();
    out.squares.clear();
    for (kind, p) in Kind::first(kinds).zip(&v.rules.pieces) {
        for endgame in [false, true] {
            let table: Vec<Vec<i32>> = (0..ranks)
                .map(|r| {
                    (0..files)
                        .map(|f| {
                            best_theta[index(kind, (r * files + f) as u8, endgame) as usize] as i32
                        })
                        .collect()
                })
                .collect();
            if table.iter().flatten().all(|&x| x == 0) {
                continue;
            }
            for (rank, values) in table.into_iter().enumerate().rev() {
                out.squares.push(SquareRow {
                    piece: p.name.clone(),
                    endgame,
                    rank,
                    values,
                });
            }
        }
    }
    Fitted {
        weights: out,
        held_out: (start_held, best),
        epoch: best_epoch,
    }
}
