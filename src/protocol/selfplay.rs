//! Engine-against-itself games: from the start position (options decided by
//! a configured preference or the engine's vote), to a game end of the rule
//! file or a ply cap, written as PGN with SAN moves; many games at once on
//! threads, or one shard of a run's games.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::board::{Color, Position};
use crate::load::Game;
use crate::movegen::{Move, Variant};
use crate::notation::{move_to_san, options_tag, write_fen, write_pgn};
use crate::play::{reason_text, result_of};
use crate::protocol::vote::{VoteDecision, decide_vote};
use crate::search::{Limits, Searcher};

/// How to play the games.
#[derive(Debug, Clone)]
pub struct Config {
    /// Search limits for every move.
    pub limits: Limits,
    /// Adjudicate a draw after this many plies.
    pub max_plies: usize,
    /// The first plies of each game are random legal moves (seeded by the
    /// game's number and [`Config::seed`]), so that the games differ.
    pub random_plies: usize,
    /// Mixed into the random opening's seed; 0 gives the openings
    /// `myriad selfplay` has always played.
    pub seed: u64,
    /// Transposition table size, megabytes.
    pub hash_mb: usize,
    /// Option values fixed by the user; the other options with a vote are
    /// decided by [`decide_vote`], the rest keep their defaults.
    pub options: Vec<(String, String)>,
    /// Limits for the engine's vote searches.
    pub vote_limits: Limits,
    /// A second engine with these limits: it plays Black in odd rounds and
    /// White in even ones (the first engine uses `limits`).
    pub opponent: Option<Limits>,
    /// The second engine's evaluation weights (default: the variant's, as
    /// the first engine's).
    pub opponent_weights: Option<crate::eval::Weights>,
}

pub use crate::play::GameResult;

/// One game played.
#[derive(Debug, Clone)]
pub struct Record {
    /// The game's number, from 1.
    pub round: usize,
    /// The start position.
    pub start_fen: String,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The same in SAN.
    pub san: Vec<String>,
    /// The result.
    pub result: GameResult,
    /// Why it ended: `checkmate`, `stalemate`, `repetition`, `no progress`, `ply cap`.
    pub reason: String,
    /// Every declared option's value in this game.
    pub options: Vec<(String, String)>,
    /// The engine's votes, if it voted.
    pub votes: Vec<String>,
}

/// Option values, (name, value).
pub type OptionValues = Vec<(String, String)>;

/// The options of a game: fixed ones, voted ones, defaults; and the
/// explanations of the votes.
pub fn decide_options(
    game: &Game,
    cfg: &Config,
) -> Result<(OptionValues, Vec<VoteDecision>), String> {
    let mut values = cfg.options.clone();
    let mut votes = Vec::new();
    for def in &game.variant.rules.options {
        if values.iter().any(|(n, _)| *n == def.name) {
            continue;
        }
        if def.vote.is_some() {
            let d = decide_vote(game, &def.name, &values, &cfg.vote_limits, cfg.hash_mb)?;
            values.push((def.name.clone(), d.value.clone()));
            votes.push(d);
        }
    }
    // Declared order, every option named.
    let all = game.variant.rules.option_settings(&values);
    Ok((all, votes))
}

/// A small deterministic random number generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Play one game of `game` (already lowered with its options) with `searcher`
/// on both sides.
pub fn play_game(
    game: &Game,
    searcher: &mut Searcher,
    cfg: &Config,
    round: usize,
    options: Vec<(String, String)>,
    votes: Vec<String>,
) -> Record {
    play_game_between(game, searcher, None, cfg, round, options, votes)
}

/// Does the first engine play White in this round (with an opponent configured)?
pub fn first_engine_is_white(round: usize) -> bool {
    round % 2 == 1
}

/// Play one game; with `opponent` (and `cfg.opponent`), the two engines
/// alternate colours by round (see [`first_engine_is_white`]).
pub fn play_game_between(
    game: &Game,
    searcher: &mut Searcher,
    mut opponent: Option<&mut Searcher>,
    cfg: &Config,
    round: usize,
    options: Vec<(String, String)>,
    votes: Vec<String>,
) -> Record {
    let v = &game.variant;
    let mut pos = v.start_position();
    let start_fen = write_fen(v, &pos);
    let mut history: Vec<u64> = Vec::new();
    let mut moves = Vec::new();
    let mut san = Vec::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15
        ^ (round as u64).wrapping_mul(0x1000_0000_01b3)
        ^ cfg.seed.wrapping_mul(0xd1b5_4a32_d192_ed03));
    searcher.clear();
    if let Some(o) = opponent.as_deref_mut() {
        o.clear();
    }
    let (result, reason) = loop {
        if let Some((outcome, why)) = v.game_end(&mut pos, &history) {
            break (result_of(outcome, pos.side), reason_text(why).to_string());
        }
        if moves.len() >= cfg.max_plies {
            break (GameResult::Draw, "ply cap".to_string());
        }
        let m = if moves.len() < cfg.random_plies {
            let mut legal = Vec::new();
            v.legal_moves(&mut pos, &mut legal);
            legal[(rng.next() % legal.len() as u64) as usize]
        } else {
            let first_to_move = (pos.side == Color::FIRST) == first_engine_is_white(round);
            let r = match (opponent.as_deref_mut(), &cfg.opponent) {
                (Some(o), Some(limits)) if !first_to_move => {
                    o.search(v, &pos, &history, limits, &mut |_| {})
                }
                _ => searcher.search(v, &pos, &history, &cfg.limits, &mut |_| {}),
            };
            let mut legal = Vec::new();
            v.legal_moves(&mut pos, &mut legal);
            match r.best {
                Some(m) if legal.contains(&m) => m,
                // Never expected: the game stops with the reason recorded,
                // so a soak run finds it in the PGN.
                Some(_) => break (GameResult::Draw, "illegal move from the engine".to_string()),
                // game_end saw a legal move; the search must too.
                None => break (GameResult::Draw, "no move found".to_string()),
            }
        };
        san.push(move_to_san(v, &pos, m));
        history.push(pos.hash);
        v.make(&mut pos, m);
        moves.push(m);
    };
    Record {
        round,
        start_fen,
        moves,
        san,
        result,
        reason,
        options,
        votes,
    }
}

/// Which games of a run of `games` this shard plays: shard `k` of `m`
/// (from 1) takes the `k`-th of `m` contiguous blocks of rounds (1..=games),
/// so that the shards' outputs, concatenated in order, are the unsharded
/// run's. Errors if not 1 <= k <= m.
pub fn shard_rounds(
    games: usize,
    k: usize,
    m: usize,
) -> Result<std::ops::RangeInclusive<usize>, String> {
    if m == 0 || k == 0 || k > m {
        return Err(format!("shard {k}/{m}: K/M needs 1 <= K <= M"));
    }
    let start = (k - 1) * games / m + 1;
    let end = k * games / m;
    Ok(start..=end)
}

/// Play the games of `rounds` on `threads` threads (at least 1), each thread
/// with its own searcher (and a second one if `cfg.opponent` is set), both
/// cleared at each game's start. A game depends only on its round and
/// `cfg` (its opening is seeded by both), so with depth or node limits the
/// games are the same whatever the number of threads; with a time limit the
/// machine's load decides as ever. `each` gets the records on the calling
/// thread, in the order of `rounds`; an error from it stops handing out
/// games (those being played finish) and is returned.
pub fn play_rounds(
    game: &Game,
    cfg: &Config,
    rounds: &[usize],
    threads: usize,
    options: &[(String, String)],
    votes: &[String],
    each: &mut dyn FnMut(Record) -> Result<(), String>,
) -> Result<(), String> {
    let threads = threads.clamp(1, rounds.len().max(1));
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Result<(usize, Record), String>>();
    let mut failure = None;
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || {
                let v = &game.variant;
                let made = Searcher::try_new(v, cfg.hash_mb).and_then(|a| {
                    let b = match cfg.opponent {
                        Some(_) => {
                            let mut b = Searcher::try_new(v, cfg.hash_mb)?;
                            if let Some(w) = &cfg.opponent_weights {
                                b.set_weights(v, w);
                            }
                            Some(b)
                        }
                        None => None,
                    };
                    Ok((a, b))
                });
                let (mut a, mut b) = match made {
                    Ok(ab) => ab,
                    Err(e) => {
                        let _ = tx.send(Err(format!("--hash {}: {e}", cfg.hash_mb)));
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&round) = rounds.get(i) else { break };
                    let rec = play_game_between(
                        game,
                        &mut a,
                        b.as_mut(),
                        cfg,
                        round,
                        options.to_vec(),
                        votes.to_vec(),
                    );
                    if tx.send(Ok((i, rec))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Records that arrived before an earlier one, by index in `rounds`.
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for msg in rx {
            match msg {
                Ok((i, rec)) => {
                    waiting.insert(i, rec);
                    while let Some(rec) = waiting.remove(&due) {
                        due += 1;
                        if failure.is_none()
                            && let Err(e) = each(rec)
                        {
                            failure = Some(e);
                            next.store(rounds.len(), Ordering::Relaxed);
                        }
                    }
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    next.store(rounds.len(), Ordering::Relaxed);
                }
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// If the game is over in `pos` (`history`: the hashes of the game's
/// earlier positions), the UCI `info string` line that says how:
/// `info string game over: 1-0 (zone reached)`.
pub fn game_over_line(v: &Variant, pos: &Position, history: &[u64]) -> Option<String> {
    let mut pos = pos.clone();
    let (outcome, why) = v.game_end(&mut pos, history)?;
    Some(format!(
        "info string game over: {} ({})",
        result_of(outcome, pos.side).pgn(),
        reason_text(why)
    ))
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn pgn_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days to civil date (Howard Hinnant's algorithm).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A game as PGN.
pub fn pgn(v: &Variant, rec: &Record, date: &str) -> String {
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", "Myriad self-play".into()),
        ("Site", "myriad".into()),
        ("Date", date.into()),
        ("Round", rec.round.to_string()),
        ("White", "myriad".into()),
        ("Black", "myriad".into()),
        ("Result", rec.result.pgn().into()),
        ("Variant", v.rules.name.clone()),
        ("SetUp", "1".into()),
        ("FEN", rec.start_fen.clone()),
    ];
    if let Some(o) = options_tag(&rec.options) {
        tags.push(("Options", o));
    }
    if !rec.votes.is_empty() {
        tags.push(("Vote", rec.votes.join("; ")));
    }
    let termination = match rec.reason.as_str() {
        "ply cap" | "no move found" => "adjudication",
        _ => "normal",
    };
    tags.push(("Termination", termination.into()));
    tags.push(("ResultReason", rec.reason.clone()));
    tags.push(("PlyCount", rec.moves.len().to_string()));
    // Move numbers from the start position's.
    let start = crate::notation::parse_fen(v, &rec.start_fen).unwrap_or_else(|_| Position::empty());
    write_pgn(
        &tags,
        start.fullmove,
        start.side,
        &rec.san,
        rec.result.pgn(),
    )
}

/// Results per colour over many games.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// Games White won.
    pub white: usize,
    /// Games Black won.
    pub black: usize,
    /// Draws.
    pub draws: usize,
    /// Why games ended: (reason, count), in order of first appearance.
    pub reasons: Vec<(String, usize)>,
}

impl Tally {
    /// Count one game.
    pub fn add(&mut self, rec: &Record) {
        match rec.result {
            GameResult::WhiteWins => self.white += 1,
            GameResult::BlackWins => self.black += 1,
            GameResult::Draw => self.draws += 1,
        }
        match self.reasons.iter_mut().find(|(r, _)| *r == rec.reason) {
            Some((_, n)) => *n += 1,
            None => self.reasons.push((rec.reason.clone(), 1)),
        }
    }

    /// The table printed at the end of a self-play run.
    pub fn table(&self) -> String {
        let n = (self.white + self.black + self.draws).max(1);
        let pct = |k: usize| 100.0 * k as f64 / n as f64;
        let mut s = String::new();
        let _ = writeln!(s, "result       games      %");
        let _ = writeln!(s, "white wins   {:5}  {:5.1}", self.white, pct(self.white));
        let _ = writeln!(s, "black wins   {:5}  {:5.1}", self.black, pct(self.black));
        let _ = writeln!(s, "draws        {:5}  {:5.1}", self.draws, pct(self.draws));
        let score = (self.white as f64 + 0.5 * self.draws as f64) / n as f64;
        let _ = writeln!(s, "white score  {:.3}", score);
        for (r, k) in &self.reasons {
            let _ = writeln!(s, "ended by {r}: {k}");
        }
        s
    }
}
