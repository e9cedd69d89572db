//! `myriad balance`: engine self-play from the start position, once per
//! outcome of the game's votes, on several threads; White's score with its
//! 95% interval, draws, game lengths and how the games ended.

use serde::Serialize;

use crate::load::Game;
use crate::play::GameResult;
use crate::protocol::selfplay::{Config, first_engine_is_white, pgn, play_rounds};

use super::balance_values::{Sample, Values, estimate_values, samples};

/// The most outcomes (combinations of voted options) one run plays.
pub const MAX_OUTCOMES: usize = 16;

/// The number of bars of the game-length histogram (at most).
pub const HISTOGRAM_BARS: usize = 20;

/// How to run the games.
#[derive(Debug, Clone)]
pub struct BalanceConfig {
    /// The self-play settings shared with `myriad selfplay` (its `options`
    /// and `opponent` are ignored: each outcome brings its options, and the
    /// second engine always has the first one's limits).
    pub selfplay: Config,
    /// The PGN `Date` tag of the games.
    pub date: String,
    /// Games per outcome.
    pub games: usize,
    /// Threads playing games at once (at least 1).
    pub concurrency: usize,
    /// Also sample material from the games' positions to estimate piece values.
    pub values: bool,
}

/// One game as the balance report counts it.
#[derive(Debug, Clone)]
pub struct GameSummary {
    /// The game's number, from 1 (its random opening is seeded by it).
    pub round: usize,
    /// The result.
    pub result: GameResult,
    /// Why it ended (the reasons of `myriad selfplay`: `checkmate`,
    /// `stalemate`, `repetition`, `no progress`, `ply cap`, ...).
    pub reason: String,
    /// Plies played.
    pub plies: usize,
    /// The random opening plies, in SAN.
    pub opening: Vec<String>,
    /// Did engine A (the first of the two searchers) play White?
    pub a_is_white: bool,
    /// The game as PGN.
    pub pgn: String,
    /// Material samples (only when piece values are asked for).
    pub samples: Vec<Sample>,
}

/// The games of one outcome, while they are played (for progress lines).
#[derive(Debug, Clone, Copy, Default)]
pub struct Running {
    /// Games finished.
    pub done: usize,
    /// Games in the outcome.
    pub total: usize,
    /// White wins, Black wins, draws so far.
    pub white: usize,
    /// Black wins so far.
    pub black: usize,
    /// Draws so far.
    pub draws: usize,
}

/// The option values of each outcome to play: every option with a vote that
/// `fixed` does not set takes each of its choices in turn (all combinations,
/// in declaration order); the others keep their `fixed` value or default.
/// Each outcome names every declared option ([`crate::ir::RuleSet::option_settings`]).
pub fn outcomes(
    game: &Game,
    fixed: &[(String, String)],
) -> Result<Vec<Vec<(String, String)>>, String> {
    let rules = &game.variant.rules;
    let mut all: Vec<Vec<(String, String)>> = vec![fixed.to_vec()];
    for def in &rules.options {
        if def.vote.is_none() || fixed.iter().any(|(n, _)| *n == def.name) {
            continue;
        }
        if all.len() * def.choices.len() > MAX_OUTCOMES {
            return Err(format!(
                "the votes have more than {MAX_OUTCOMES} outcomes; fix some options with --option NAME=VALUE"
            ));
        }
        all = all
            .into_iter()
            .flat_map(|o| {
                def.choices.iter().map(move |c| {
                    let mut o = o.clone();
                    o.push((def.name.clone(), c.clone()));
                    o
                })
            })
            .collect();
    }
    Ok(all.iter().map(|o| rules.option_settings(o)).collect())
}

/// A label for an outcome: `extra=yes`, or `start` for a game without options.
pub fn outcome_label(options: &[(String, String)]) -> String {
    if options.is_empty() {
        "start".to_string()
    } else {
        let parts: Vec<String> = options.iter().map(|(n, v)| format!("{n}={v}")).collect();
        parts.join(" ")
    }
}

/// Play `cfg.games` games of `game` (already lowered with `options`) on
/// `cfg.concurrency` threads, through [`play_rounds`] as `myriad selfplay`
/// plays them. Each thread has two searchers, engines A and B, with the same
/// limits and their own tables (cleared at each game's start); A plays White
/// in odd rounds and B in even ones (the selfplay's alternation), so
/// whatever differs between two searchers (with a time limit, the machine's
/// load) falls on both colours alike. `progress` is called on this thread
/// after each game, in round order, as are the summaries.
pub fn play_games(
    game: &Game,
    options: &[(String, String)],
    cfg: &BalanceConfig,
    progress: &mut dyn FnMut(&Running, &GameSummary),
) -> Result<Vec<GameSummary>, String> {
    let selfplay = Config {
        options: options.to_vec(),
        opponent: Some(cfg.selfplay.limits.clone()),
        ..cfg.selfplay.clone()
    };
    let v = &game.variant;
    let rounds: Vec<usize> = (1..=cfg.games).collect();
    let mut out = Vec::with_capacity(cfg.games);
    let mut running = Running {
        total: cfg.games,
        ..Running::default()
    };
    play_rounds(
        game,
        &selfplay,
        &rounds,
        cfg.concurrency,
        options,
        &[],
        &mut |rec| {
            let samples = if cfg.values {
                samples(v, &rec.moves, selfplay.random_plies)
            } else {
                Vec::new()
            };
            let g = GameSummary {
                round: rec.round,
                result: rec.result,
                plies: rec.moves.len(),
                opening: rec
                    .san
                    .iter()
                    .take(selfplay.random_plies)
                    .cloned()
                    .collect(),
                a_is_white: first_engine_is_white(rec.round),
                pgn: pgn(v, &rec, &cfg.date),
                reason: rec.reason,
                samples,
            };
            running.done += 1;
            match g.result {
                GameResult::WhiteWins => running.white += 1,
                GameResult::BlackWins => running.black += 1,
                GameResult::Draw => running.draws += 1,
            }
            progress(&running, &g);
            out.push(g);
            Ok(())
        },
    )?;
    Ok(out)
}

/// White's score and its 95% interval.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Score {
    /// White's mean score (win 1, draw 1/2, loss 0).
    pub mean: f64,
    /// The standard error of the mean: the per-game scores' sample standard
    /// deviation (n - 1) over the square root of n (0 for one game).
    pub std_error: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;

/// White's mean score and its 95% interval: Wilson's score interval with
/// the games' own variance v (the per-game scores' mean squared deviation)
/// in place of a coin's p(1-p), so draws narrow it:
/// centre = (m + z²/2n) / (1 + z²/n), half-width =
/// z / (1 + z²/n) · sqrt(v/n + z²/4n²). Unlike mean ± z·SE it stays inside
/// [0, 1] and keeps a width when every game ended alike (four draws are
/// not proof of a 0.5 game); for many games it is mean ± z·SE.
pub fn score_interval(scores: &[f64]) -> Score {
    let count = scores.len();
    let n = count.max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let squares = scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>();
    let var = squares / n;
    let std_error = if count > 1 {
        (squares / (n - 1.0) / n).sqrt()
    } else {
        0.0
    };
    let z2n = Z95 * Z95 / n;
    let centre = (mean + z2n / 2.0) / (1.0 + z2n);
    let half = Z95 / (1.0 + z2n) * (var / n + z2n / (4.0 * n)).sqrt();
    Score {
        mean,
        std_error,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Game lengths in plies.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Lengths {
    /// Mean.
    pub mean: f64,
    /// Median (of an even count, the mean of the middle two).
    pub median: f64,
    /// Shortest.
    pub min: usize,
    /// Longest.
    pub max: usize,
    /// Plies per histogram bar (bar i counts lengths from i*bin to i*bin+bin-1;
    /// the last bar also counts the ply cap itself).
    pub bin: usize,
    /// Games per bar, from 0 plies to the ply cap.
    pub histogram: Vec<usize>,
}

/// How many games ended one way.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Ending {
    /// The reason, as `myriad selfplay` writes it.
    pub reason: String,
    /// Games.
    pub games: usize,
    /// Of them, won by White.
    pub white: usize,
    /// Won by Black.
    pub black: usize,
    /// Drawn.
    pub draws: usize,
}

/// The report on one outcome.
#[derive(Debug, Clone, Serialize)]
pub struct OutcomeReport {
    /// `extra=yes`, or `start`.
    pub label: String,
    /// The option values played.
    pub options: Vec<OptionValue>,
    /// Games played.
    pub games: usize,
    /// Won by White.
    pub white_wins: usize,
    /// Won by Black.
    pub black_wins: usize,
    /// Drawn.
    pub draws: usize,
    /// Draws / games.
    pub draw_rate: f64,
    /// White's score.
    pub white_score: Score,
    /// Game lengths.
    pub length: Lengths,
    /// How the games ended, most frequent first.
    pub endings: Vec<Ending>,
    /// Piece values estimated from the games (with `--values`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Values>,
    /// Every game, in round order.
    pub rounds: Vec<Round>,
}

/// One game in the report.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Round {
    /// The game's number, from 1.
    pub round: usize,
    /// The engine playing White: `A` in odd rounds, `B` in even ones.
    pub white: &'static str,
    /// The random opening plies, in SAN.
    pub opening: Vec<String>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Why it ended.
    pub reason: String,
    /// Plies played.
    pub plies: usize,
}

/// An option's value in an outcome.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct OptionValue {
    /// The option.
    pub name: String,
    /// Its value.
    pub value: String,
}

/// The plies per histogram bar for games capped at `max_plies`: a round
/// number giving at most [`HISTOGRAM_BARS`] bars.
pub fn histogram_bin(max_plies: usize) -> usize {
    let want = max_plies.div_ceil(HISTOGRAM_BARS).max(1);
    let mut unit = 1;
    loop {
        for m in [1, 2, 5] {
            if unit * m >= want {
                return unit * m;
            }
        }
        unit *= 10;
    }
}

/// The report on one outcome's games (in round order).
pub fn report(
    game: &Game,
    options: &[(String, String)],
    games: &[GameSummary],
    max_plies: usize,
    values: bool,
) -> OutcomeReport {
    let count = |r: GameResult| games.iter().filter(|g| g.result == r).count();
    let (white, black, draws) = (
        count(GameResult::WhiteWins),
        count(GameResult::BlackWins),
        count(GameResult::Draw),
    );
    let scores: Vec<f64> = games
        .iter()
        .map(|g| match g.result {
            GameResult::WhiteWins => 1.0,
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
        })
        .collect();
    let mut plies: Vec<usize> = games.iter().map(|g| g.plies).collect();
    plies.sort_unstable();
    let n = plies.len();
    let median = match n {
        0 => 0.0,
        _ if n % 2 == 1 => plies[n / 2] as f64,
        _ => (plies[n / 2 - 1] + plies[n / 2]) as f64 / 2.0,
    };
    let bin = histogram_bin(max_plies);
    let bars = max_plies.div_ceil(bin).max(1);
    let mut histogram = vec![0; bars];
    for &p in &plies {
        histogram[(p / bin).min(bars - 1)] += 1;
    }
    let mut endings: Vec<Ending> = Vec::new();
    for g in games {
        let i = match endings.iter().position(|e| e.reason == g.reason) {
            Some(i) => i,
            None => {
                endings.push(Ending {
                    reason: g.reason.clone(),
                    games: 0,
                    white: 0,
                    black: 0,
                    draws: 0,
                });
                endings.len() - 1
            }
        };
        let e = &mut endings[i];
        e.games += 1;
        match g.result {
            GameResult::WhiteWins => e.white += 1,
            GameResult::BlackWins => e.black += 1,
            GameResult::Draw => e.draws += 1,
        }
    }
    // Most frequent first; ties by name, so the order does not depend on threads.
    endings.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.reason.cmp(&b.reason)));
    let values = values.then(|| {
        let per_game: Vec<(f64, &[Sample])> = games
            .iter()
            .zip(&scores)
            .map(|(g, &s)| (s, g.samples.as_slice()))
            .collect();
        estimate_values(&game.variant.rules, &per_game)
    });
    OutcomeReport {
        label: outcome_label(options),
        options: options
            .iter()
            .map(|(n, v)| OptionValue {
                name: n.clone(),
                value: v.clone(),
            })
            .collect(),
        games: n,
        white_wins: white,
        black_wins: black,
        draws,
        draw_rate: draws as f64 / n.max(1) as f64,
        white_score: score_interval(&scores),
        length: Lengths {
            mean: plies.iter().sum::<usize>() as f64 / n.max(1) as f64,
            median,
            min: plies.first().copied().unwrap_or(0),
            max: plies.last().copied().unwrap_or(0),
            bin,
            histogram,
        },
        endings,
        values,
        rounds: games
            .iter()
            .map(|g| Round {
                round: g.round,
                white: if g.a_is_white { "A" } else { "B" },
                opening: g.opening.clone(),
                result: g.result.pgn(),
                reason: g.reason.clone(),
                plies: g.plies,
            })
            .collect(),
    }
}

/// The whole run.
#[derive(Debug, Clone, Serialize)]
pub struct BalanceReport {
    /// The game's name.
    pub variant: String,
    /// The rule file.
    pub rules: String,
    /// Games per outcome.
    pub games_per_outcome: usize,
    /// The search limits per move, in words (`50 ms per move`, `depth 2`).
    pub limits: String,
    /// Games were adjudicated drawn after this many plies (`ply cap`).
    pub max_plies: usize,
    /// Random plies opening each game (seeded by its number and `seed`).
    pub random_plies: usize,
    /// The seed of the random openings.
    pub seed: u64,
    /// Threads used.
    pub concurrency: usize,
    /// One report per outcome.
    pub outcomes: Vec<OutcomeReport>,
}

impl BalanceReport {
    /// The report as text.
    pub fn text(&self) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} ({}): {} games per outcome, {}, drawn after {} plies, {} random plies first (seed {})",
            self.variant,
            self.rules,
            self.games_per_outcome,
            self.limits,
            self.max_plies,
            self.random_plies,
            self.seed
        );
        for o in &self.outcomes {
            let sc = &o.white_score;
            let _ = writeln!(s, "\n{}: {} games", o.label, o.games);
            let _ = writeln!(
                s,
                "  white score   {:.3}  (SE {:.3}; 95%: {:.3} to {:.3})   white +{} black +{} draws {} ({:.1}%)",
                sc.mean,
                sc.std_error,
                sc.low,
                sc.high,
                o.white_wins,
                o.black_wins,
                o.draws,
                100.0 * o.draw_rate
            );
            let l = &o.length;
            let _ = writeln!(
                s,
                "  length        mean {:.1}  median {}  range {} to {} plies",
                l.mean, l.median, l.min, l.max
            );
            for e in &o.endings {
                let _ = writeln!(
                    s,
                    "  ended by {:<14} {:4}   white {} black {} draws {}",
                    e.reason, e.games, e.white, e.black, e.draws
                );
            }
            if let Some(values) = &o.values {
                s.push_str(&super::balance_values::values_text(values));
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_of_seven_wins_two_draws_one_loss() {
        // By hand: n = 10, mean m = (7 + 2 * 0.5) / 10 = 0.8; squared
        // deviations 7 * 0.2² + 2 * 0.3² + 0.8² = 0.28 + 0.18 + 0.64 = 1.10, so
        // v = 0.11 and SE = sqrt(1.10 / 9 / 10) = 0.110554. z²/n = 3.841459 / 10
        // = 0.384146; centre = (0.8 + 0.192073) / 1.384146 = 0.716740;
        // half = 1.959964 / 1.384146 * sqrt(0.011 + 0.0096036) = 1.416009 *
        // 0.143539 = 0.203254: the interval is 0.513487 to 0.919994 (mean ± 1.96
        // SE would reach 1.017, past a perfect score).
        let mut scores = vec![1.0; 7];
        scores.extend([0.5, 0.5, 0.0]);
        let s = score_interval(&scores);
        assert!((s.mean - 0.8).abs() < 1e-12, "{s:?}");
        assert!((s.std_error - 0.110_554).abs() < 1e-6, "{s:?}");
        assert!((s.low - 0.513_487).abs() < 1e-5, "{s:?}");
        assert!((s.high - 0.919_994).abs() < 1e-5, "{s:?}");
        // One game: no standard error, an interval nonetheless.
        let one = score_interval(&[1.0]);
        assert_eq!(one.std_error, 0.0);
        assert!(one.low > 0.0 && one.high > 0.999, "{one:?}");
    }

    #[test]
    fn the_interval_holds_the_score_and_narrows_with_games() {
        let few = score_interval(&[1.0, 0.5, 0.0, 1.0]);
        assert!((few.mean - 0.625).abs() < 1e-12);
        assert!(few.low < few.mean && few.mean < few.high, "{few:?}");
        let many: Vec<f64> = (0..400).map(|i| [1.0, 0.5, 0.0, 1.0][i % 4]).collect();
        let many = score_interval(&many);
        assert!(
            many.high - many.low < (few.high - few.low) / 5.0,
            "{many:?}"
        );
        // 400 games of variance 11/64: the normal interval's half-width.
        let half = 1.959_964 * (11.0f64 / 64.0 / 400.0).sqrt();
        assert!(
            ((many.high - many.low) / 2.0 - half).abs() < 0.002,
            "{many:?}"
        );
        // All draws: still a width, inside [0, 1].
        let draws = score_interval(&[0.5; 4]);
        assert!(draws.low > 0.0 && draws.high < 1.0 && draws.low < 0.5 && draws.high > 0.5);
        let wins = score_interval(&[1.0; 10]);
        assert!(wins.high > 0.999 && wins.high <= 1.0, "{wins:?}");
        assert!(wins.low < 1.0 && wins.low > 0.6, "{wins:?}");
    }

    #[test]
    fn histogram_bins_are_round() {
        assert_eq!(histogram_bin(300), 20);
        assert_eq!(histogram_bin(60), 5);
        assert_eq!(histogram_bin(7), 1);
        assert_eq!(histogram_bin(1000), 50);
        assert_eq!(histogram_bin(5000), 500);
        for m in [1usize, 7, 60, 99, 300, 301, 5000] {
            assert!(m.div_ceil(histogram_bin(m)) <= HISTOGRAM_BARS, "{m}");
        }
    }
}
