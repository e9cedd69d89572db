//! `myriad tune`: the engine's evaluation weights and piece values fitted
//! to the results of its own games (Texel's method), for one variant.
//!
//! Positions come from self-play games: after the opening plies, each
//! position whose side to move is not in check and whose next move was
//! quiet (no capture, no promotion), labelled with the game's result; or
//! from a file of labelled positions ([`read_positions`]). The
//! loss is the mean squared difference between that result and the
//! evaluation mapped to an expected score, `1 / (1 + 10^(-k e / 400))`,
//! with `k` fitted first; a local search then moves each weight and value
//! up or down by a step while the loss falls.

use crate::board::{Color, Position};
use crate::eval::{Eval, Weights};
use crate::movegen::{MoveKind, Variant};
use crate::notation::parse_fen;
use crate::play::GameResult;
use crate::protocol::selfplay::Record;

/// One labelled position.
pub struct Sample {
    /// The position.
    pub pos: Position,
    /// The game's result for the first player: 1, ½ or 0.
    pub result: f64,
}

/// The positions of one game worth fitting to: after `skip` plies, those
/// not in check whose next move was quiet.
pub fn samples(v: &Variant, rec: &Record, skip: usize) -> Result<Vec<Sample>, String> {
    let mut pos = parse_fen(v, &rec.start_fen).map_err(|e| e.to_string())?;
    let result = match rec.result {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw => 0.5,
    };
    let mut out = Vec::new();
    for (ply, &m) in rec.moves.iter().enumerate() {
        let quiet = !v.is_capture(&pos, m) && m.kind != MoveKind::Promotion;
        if ply >= skip && quiet && !v.in_check(&pos) {
            out.push(Sample {
                pos: pos.clone(),
                result,
            });
        }
        v.make(&mut pos, m);
    }
    Ok(out)
}

/// Labelled positions from a text file, one per line: a FEN, `;`, and the
/// label, the first player's expected score (a number from 0 to 1, e.g. a
/// strong engine's evaluation mapped to an expected score) or a game result
/// (`1-0`, `1/2-1/2`, `0-1`). Blank lines and lines starting with `#` are
/// skipped. Positions in check are left out, as from self-play. Errors
/// name the line.
pub fn read_positions(v: &Variant, text: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("line {}: {what}", i + 1);
        let (fen, label) = line
            .rsplit_once(';')
            .ok_or_else(|| at("expected `FEN ; LABEL`".into()))?;
        let label = label.trim();
        let result = match label {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            _ => match label.parse::<f64>() {
                Ok(x) if (0.0..=1.0).contains(&x) => x,
                _ => {
                    return Err(at(format!(
                        "label `{label}` is neither a number from 0 to 1 nor 1-0, 1/2-1/2 or 0-1"
                    )));
                }
            },
        };
        let pos = parse_fen(v, fen.trim()).map_err(|e| at(e.to_string()))?;
        if !v.in_check(&pos) {
            out.push(Sample { pos, result });
        }
    }
    Ok(out)
}

/// The tunable parameters: every weight, then the value of each piece
/// that is not royal.
#[derive(Debug, Clone)]
pub struct Params {
    /// The weights as they stand.
    pub weights: Weights,
    /// Names of the pieces whose values are tuned, and their rule-file values.
    pieces: Vec<(String, i32)>,
}

impl Params {
    /// Start from `weights` (with the rule file's values where they give none).
    pub fn new(v: &Variant, weights: &Weights) -> Params {
        let pieces: Vec<(String, i32)> = v
            .rules
            .pieces
            .iter()
            .filter(|p| !p.royal)
            .map(|p| (p.name.clone(), p.value))
            .collect();
        let mut weights = weights.clone();
        for (name, value) in &pieces {
            if !weights.values.iter().any(|(n, _)| n == name) {
                weights.values.push((name.clone(), *value));
            }
        }
        weights
            .values
            .retain(|(n, _)| pieces.iter().any(|(p, _)| p == n));
        Params { weights, pieces }
    }

    /// How many parameters.
    pub fn len(&self) -> usize {
        Weights::NAMES.len() + self.weights.values.len()
    }

    /// Never: there are always the weights.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Parameter `i`'s name.
    pub fn name(&self, i: usize) -> String {
        match Weights::NAMES.get(i) {
            Some(n) => n.to_string(),
            None => format!("value {}", self.weights.values[i - Weights::NAMES.len()].0),
        }
    }

    fn get(&self, i: usize) -> i32 {
        match self.weights.terms.get(i) {
            Some(&t) => t,
            None => self.weights.values[i - Weights::NAMES.len()].1,
        }
    }

    fn set(&mut self, i: usize, x: i32) {
        match self.weights.terms.get_mut(i) {
            Some(t) => *t = x,
            None => self.weights.values[i - Weights::NAMES.len()].1 = x,
        }
    }

    /// The step parameter `i` moves by: its default (a piece value: its
    /// rule-file value) divided by `divisor`, at least 1.
    fn step(&self, i: usize, divisor: i32) -> i32 {
        let base = match Weights::DEFAULTS.get(i) {
            Some(&d) => d,
            None => self.pieces[i - Weights::NAMES.len()].1,
        };
        (base.abs() / divisor).max(1)
    }
}

/// The mean squared error of `eval`'s expected scores against the results,
/// with scaling `k` (on `threads` threads).
pub fn loss(v: &Variant, eval: &Eval, samples: &[Sample], k: f64, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let chunk = samples.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|s| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|x| {
                            let e = eval.evaluate(v, &x.pos) as f64;
                            let white = if x.pos.side == Color::FIRST { e } else { -e };
                            let p = 1.0 / (1.0 + 10f64.powf(-k * white / 400.0));
                            (x.result - p) * (x.result - p)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        parts.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / samples.len() as f64
}

/// The scaling `k` that fits the current evaluation best (golden-section
/// search over 0.05..4).
pub fn fit_k(v: &Variant, eval: &Eval, samples: &[Sample], threads: usize) -> f64 {
    let (mut a, mut b) = (0.05f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if loss(v, eval, samples, c, threads) < loss(v, eval, samples, d, threads) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// What one pass of the local search did.
pub struct Pass {
    /// The pass, from 1.
    pub number: usize,
    /// The loss after it.
    pub loss: f64,
    /// Parameters it moved: (name, new value).
    pub moved: Vec<(String, i32)>,
}

/// Texel's local search from `params`: each pass tries every parameter a
/// step up, then down, keeping a change that lowers the loss. Steps start
/// at a sixteenth of each parameter's default and halve after a pass that
/// changes nothing, down to a sixty-fourth; the search stops after such
/// a pass at the finest step or after `max_passes`. `report` sees each
/// pass. Returns the final loss.
pub fn local_search(
    v: &Variant,
    params: &mut Params,
    samples: &[Sample],
    k: f64,
    max_passes: usize,
    threads: usize,
    report: &mut dyn FnMut(&Pass),
) -> f64 {
    let eval_of = |p: &Params| Eval::with_weights(v, &p.weights);
    let mut best = loss(v, &eval_of(params), samples, k, threads);
    let mut divisor = 16;
    for number in 1..=max_passes {
        let mut moved = Vec::new();
        for i in 0..params.len() {
            let was = params.get(i);
            let step = params.step(i, divisor);
            for candidate in [was + step, was - step] {
                if candidate.abs() > Weights::LIMIT && i < Weights::NAMES.len() {
                    continue;
                }
                params.set(i, candidate);
                let l = loss(v, &eval_of(params), samples, k, threads);
                if l < best {
                    best = l;
                    moved.push((params.name(i), candidate));
                    break;
                }
                params.set(i, was);
            }
        }
        let still = moved.is_empty();
        report(&Pass {
            number,
            loss: best,
            moved,
        });
        if still {
            if divisor >= 64 {
                break;
            }
            divisor *= 2;
        }
    }
    best
}
