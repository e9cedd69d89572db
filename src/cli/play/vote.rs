//! `myriad play`'s pre-game vote: each option with a vote that `--option`
//! did not fix is put to the players in the order the rule file gives; a
//! person answers at the keyboard, the engine votes by its own searches
//! (as `myriad selfplay` and UCI do); options without a vote keep their
//! defaults.

use myriad::load::Game;
use myriad::protocol::vote::{decide_vote, preferred_choice};
use myriad::search::Limits;

use super::super::{Failure, bad_input};
use super::{Input, title};

/// Every declared option's value in declared order, and the votes explained.
pub(super) type Decided = (Vec<(String, String)>, Vec<String>);

/// Every declared option's value in declared order, and the votes explained
/// (for the PGN); None if the input ended during the vote.
pub(super) fn decide(
    base: &Game,
    fixed: &[(String, String)],
    humans: [bool; 2],
    limits: &Limits,
    hash: usize,
    input: &mut Input,
) -> Result<Option<Decided>, Failure> {
    let rules = &base.variant.rules;
    let mut values: Vec<(String, String)> = fixed.to_vec();
    let mut explained = Vec::new();
    // The engine's vote searches: as deep as its moves, at most 6 plies.
    let vote_limits = Limits {
        depth: Some(limits.depth.unwrap_or(6).min(6)),
        movetime: limits.movetime,
        ..Limits::default()
    };
    for def in &rules.options {
        let Some(vote) = &def.vote else { continue };
        if values.iter().any(|(n, _)| *n == def.name) {
            continue;
        }
        println!("Vote on `{}`: {}", def.name, def.prompt);
        let mut engine = None;
        let mut cast: Vec<(usize, usize)> = Vec::new();
        let mut words = Vec::new();
        for &(player, cond) in &vote.voters {
            let asked = cond.is_none_or(|(p, c)| cast.iter().any(|&(q, d)| q == p && d == c));
            if !asked {
                continue;
            }
            let who = title(rules.players.get(player).map_or("", |p| p.name.as_str()));
            let choice = if humans.get(player).copied().unwrap_or(false) {
                let prompt = format!("{who}: {} [{}] ", def.prompt, def.choices.join("/"));
                loop {
                    let line = match input.ask(&prompt) {
                        None => return Ok(None),
                        Some(Err(msg)) => {
                            println!("{msg}");
                            continue;
                        }
                        Some(Ok(l)) => l,
                    };
                    match def
                        .choices
                        .iter()
                        .position(|c| c.eq_ignore_ascii_case(&line))
                    {
                        Some(i) => break i,
                        None if line.eq_ignore_ascii_case("quit") => return Ok(None),
                        None => println!(
                            "`{line}` is not a choice: expected one of {}",
                            def.choices.join(", ")
                        ),
                    }
                }
            } else {
                if engine.is_none() {
                    engine = Some(
                        decide_vote(base, &def.name, &values, &vote_limits, hash)
                            .map_err(bad_input)?,
                    );
                }
                let d = engine.as_ref().expect("decided above");
                let i = preferred_choice(def.default, &d.scores, player);
                println!("{who} (engine) votes {}", def.choices[i]);
                i
            };
            cast.push((player, choice));
            words.push(format!(
                "{} votes {}",
                rules.players[player].name, def.choices[choice]
            ));
        }
        let r = vote.decide(&cast).map_err(bad_input)?;
        println!("`{}` is {}.", def.name, def.choices[r]);
        explained.push(format!(
            "{}: {} -> {}",
            def.name,
            words.join(", "),
            def.choices[r]
        ));
        values.push((def.name.clone(), def.choices[r].clone()));
    }
    let all = rules.option_settings(&values);
    Ok(Some((all, explained)))
}
