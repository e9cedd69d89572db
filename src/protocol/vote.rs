//! The engine's vote on a pre-game option: search the start position briefly
//! under each outcome and vote, for each player asked, the outcome whose score
//! is better for that player. The rule file's own vote order decides who is
//! asked and what the ballots result in.

use crate::board::Color;
use crate::ir::BallotError;
use crate::load::{Game, LoadError};
use crate::protocol::{score_text, score_value};
use crate::search::{Limits, Score, Searcher};

/// Why the engine could not decide an option.
#[derive(Debug, thiserror::Error)]
pub enum VoteError {
    /// The game declares no option of that name.
    #[error("game {game} has no option `{option}`")]
    NoOption {
        /// The game's name.
        game: String,
        /// The option asked for.
        option: String,
    },
    /// The game does not load under one of the option's choices.
    #[error("{}", .0.rendered())]
    Load(Box<LoadError>),
    /// The transposition table could not be had.
    #[error("--hash {mb}: {err}")]
    Hash {
        /// The size asked for, MB.
        mb: usize,
        /// Why not.
        err: crate::search::TtError,
    },
    /// The rule file's vote order does not fit the ballots.
    #[error(transparent)]
    Ballots(#[from] BallotError),
}

impl From<VoteError> for String {
    fn from(e: VoteError) -> String {
        e.to_string()
    }
}

/// How the engine decided an option, with the scores it based it on.
#[derive(Debug, Clone)]
pub struct VoteDecision {
    /// The option's name.
    pub option: String,
    /// Each choice, and the search score of the start position under it, from
    /// White's (player 0's) point of view.
    pub scores: Vec<(String, Score)>,
    /// The ballots cast: (player index, choice).
    pub ballots: Vec<(usize, String)>,
    /// The result.
    pub value: String,
}

impl VoteDecision {
    /// One line explaining it, e.g.
    /// `extra: no cp 30, yes cp 12; white votes no, black votes yes -> yes`.
    pub fn explain(&self, game: &Game) -> String {
        let scores: Vec<String> = self
            .scores
            .iter()
            .map(|(c, s)| format!("{c} {}", score_text(*s)))
            .collect();
        let ballots: Vec<String> = self
            .ballots
            .iter()
            .map(|(p, c)| {
                let name = game
                    .variant
                    .rules
                    .players
                    .get(*p)
                    .map_or_else(|| format!("player {p}"), |pl| pl.name.clone());
                format!("{name} votes {c}")
            })
            .collect();
        format!(
            "{}: {}; {} -> {}",
            self.option,
            scores.join(", "),
            ballots.join(", "),
            self.value
        )
    }
}

/// Decide option `option` of `game` for the engine. `others` fixes the other
/// options' values while it searches. An option without a vote is decided
/// by the same scores, for the side to move at the start.
pub fn decide_vote(
    game: &Game,
    option: &str,
    others: &[(String, String)],
    limits: &Limits,
    hash_mb: usize,
) -> Result<VoteDecision, VoteError> {
    let Some(def) = game
        .variant
        .rules
        .options
        .iter()
        .find(|o| o.name == option)
        .cloned()
    else {
        return Err(VoteError::NoOption {
            game: game.variant.rules.name.clone(),
            option: option.to_string(),
        });
    };
    let mut scores = Vec::new();
    for choice in &def.choices {
        let mut settings: Vec<(String, String)> = others
            .iter()
            .filter(|(n, _)| n != option)
            .cloned()
            .collect();
        settings.push((option.to_string(), choice.clone()));
        let g = game
            .with_options(&settings)
            .map_err(|e| VoteError::Load(Box::new(e)))?;
        let v = &g.variant;
        let pos = v.start_position();
        let mut searcher =
            Searcher::try_new(v, hash_mb).map_err(|err| VoteError::Hash { mb: hash_mb, err })?;
        let r = searcher.search(v, &pos, &[], limits, &mut |_| {});
        // From player 0's point of view.
        let s = if pos.side == Color::FIRST {
            r.score
        } else {
            negate(r.score)
        };
        scores.push((choice.clone(), s));
    }
    let prefer = |player: usize| preferred_choice(def.default, &scores, player);
    let (ballots, value) = match &def.vote {
        Some(vote) => {
            let mut cast: Vec<(usize, usize)> = Vec::new();
            for &(player, cond) in &vote.voters {
                let asked = cond.is_none_or(|(p, c)| cast.iter().any(|&(q, d)| q == p && d == c));
                if asked {
                    cast.push((player, prefer(player)));
                }
            }
            let value = vote.decide(&cast)?;
            (cast, value)
        }
        None => {
            let side = game.variant.start_position().side;
            (Vec::new(), prefer(side.index()))
        }
    };
    Ok(VoteDecision {
        option: option.to_string(),
        scores,
        ballots: ballots
            .into_iter()
            .map(|(p, c)| (p, def.choices[c].clone()))
            .collect(),
        value: def.choices[value].clone(),
    })
}

/// Player `player`'s preferred choice (an index into `scores`, which are
/// from player 0's point of view, one per choice): the best score for that
/// player; ties keep `default`.
pub fn preferred_choice(default: usize, scores: &[(String, Score)], player: usize) -> usize {
    let value = |i: usize| {
        let s = score_value(scores[i].1);
        if player == 0 { s } else { -s }
    };
    let mut best = default;
    for i in 0..scores.len() {
        if value(i) > value(best) {
            best = i;
        }
    }
    best
}

fn negate(s: Score) -> Score {
    match s {
        Score::Cp(c) => Score::Cp(-c),
        Score::Mate(m) => Score::Mate(-m),
    }
}
