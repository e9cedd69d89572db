//! Runs the tests written inside rule files (`test "..." { ... }`).

use crate::board::Position;
use crate::ir::{Expectation, TestDef, TestStep};
use crate::lang::codes::Code;
use crate::lang::diagnostic::{Diagnostic, Span};
use crate::load::Game;
use crate::movegen::{EndReason, perft};
use crate::notation::{move_to_string, parse_fen, parse_move, write_fen};

/// The outcome of one test.
pub struct TestResult {
    /// The test's title.
    pub name: String,
    /// Failures, located at the failing step; empty if it passed.
    pub failures: Vec<Diagnostic>,
}

/// Run every test of a game.
pub fn run_tests(game: &Game) -> Vec<TestResult> {
    game.variant
        .rules
        .tests
        .iter()
        .map(|t| TestResult {
            name: t.name.clone(),
            failures: run_test(game, t),
        })
        .collect()
}

fn fail(span: Span, msg: String) -> Diagnostic {
    Diagnostic::error(span, msg).with_code(Code::TestFailed)
}

fn run_test(original: &Game, t: &TestDef) -> Vec<Diagnostic> {
    // A test that sets options runs on the rule file lowered with them.
    let mut relowered: Option<Game> = None;
    let mut failures = Vec::new();
    for step in &t.steps {
        if let TestStep::Options(opts) = step {
            let values: Vec<(String, String)> = opts
                .iter()
                .map(|(n, v, _)| (n.clone(), v.clone()))
                .collect();
            match original.with_options(&values) {
                Ok(g) => relowered = Some(g),
                Err(e) => {
                    let span = opts.first().map(|o| o.2).unwrap_or(t.span);
                    failures.push(fail(span, format!("cannot set options: {}", e.rendered())));
                    return failures;
                }
            }
        }
    }
    let game = relowered.as_ref().unwrap_or(original);
    let v = &game.variant;
    let mut pos: Position = v.start_position();
    let mut history: Vec<u64> = Vec::new();
    for step in &t.steps {
        match step {
            TestStep::Options(_) => {}
            TestStep::Vote {
                option,
                ballots,
                expect,
                span,
            } => {
                if let Err(e) = check_vote(game, option, ballots, expect.as_deref()) {
                    failures.push(fail(*span, e.to_string()));
                }
            }
            TestStep::Fen(fen, span) => match parse_fen(v, fen) {
                Ok(p) => {
                    pos = p;
                    history.clear();
                }
                Err(e) => {
                    failures.push(fail(*span, e.to_string()));
                    return failures;
                }
            },
            TestStep::FenIs(fen, span) => {
                // Both sides written by the FEN writer, so that two spellings
                // of one position (counters left out, pieces in hand in
                // another order) compare equal.
                let found = write_fen(v, &pos);
                match parse_fen(v, fen) {
                    Ok(p) if write_fen(v, &p) == found => {}
                    Ok(p) => failures.push(fail(
                        *span,
                        format!(
                            "expected the position `{}`, found `{found}`",
                            write_fen(v, &p)
                        ),
                    )),
                    Err(e) => {
                        failures.push(fail(*span, e.to_string()));
                        return failures;
                    }
                }
            }
            TestStep::Play(moves) => {
                for (m, span) in moves {
                    match parse_move(v, &mut pos, m) {
                        Ok(mv) => {
                            history.push(pos.hash);
                            v.make(&mut pos, mv);
                        }
                        Err(e) => {
                            failures.push(
                                fail(*span, format!("cannot play: {e}"))
                                    .with_label(legal_list(game, &mut pos)),
                            );
                            return failures;
                        }
                    }
                }
            }
            TestStep::Perft { depth, nodes, span } => {
                let got = perft(v, &mut pos, *depth);
                if got != *nodes {
                    failures.push(fail(
                        *span,
                        format!("perft {depth}: expected {nodes}, found {got}"),
                    ));
                }
            }
            TestStep::Legal(moves) => {
                for (m, span) in moves {
                    if let Err(e) = parse_move(v, &mut pos, m) {
                        failures.push(
                            fail(*span, format!("expected `{m}` to be legal: {e}"))
                                .with_label(legal_list(game, &mut pos)),
                        );
                    }
                }
            }
            TestStep::Illegal(moves) => {
                for (m, span) in moves {
                    if parse_move(v, &mut pos, m).is_ok() {
                        failures.push(fail(
                            *span,
                            format!("expected `{m}` to be illegal, but it is legal"),
                        ));
                    }
                }
            }
            TestStep::MoveCount(n, span) => {
                let mut moves = Vec::new();
                v.legal_moves(&mut pos, &mut moves);
                if moves.len() as u64 != *n {
                    failures.push(
                        fail(
                            *span,
                            format!("expected {n} legal moves, found {}", moves.len()),
                        )
                        .with_label(legal_list(game, &mut pos)),
                    );
                }
            }
            TestStep::Expect(Expectation::Result(o), span) => {
                let end = v.game_end(&mut pos, &history);
                if end.map(|(got, _)| got) != Some(*o) {
                    let found = match end {
                        Some((got, why)) => format!(
                            "over with {} for the side to move ({})",
                            format!("{got:?}").to_lowercase(),
                            crate::play::reason_text(why)
                        ),
                        None => "not over".to_string(),
                    };
                    failures.push(fail(
                        *span,
                        format!(
                            "expected the game over with {} for the side to move, found it {found}",
                            format!("{o:?}").to_lowercase()
                        ),
                    ));
                }
            }
            TestStep::Expect(e, span) => {
                let mut moves = Vec::new();
                v.legal_moves(&mut pos, &mut moves);
                let check = v.in_check(&pos);
                let material = v.material_end(&pos).map(|(_, r)| r);
                let extinct = material.is_some();
                let counted = v.counting_end(&mut pos).is_some();
                let ok = match e {
                    Expectation::Check => check,
                    Expectation::NotCheck => !check,
                    Expectation::Checkmate => check && moves.is_empty() && !extinct,
                    Expectation::Stalemate => !check && moves.is_empty() && !extinct,
                    Expectation::Extinct => material == Some(EndReason::Extinction),
                    Expectation::Bare => material == Some(EndReason::Bare),
                    Expectation::Counting => counted,
                    Expectation::Result(_) => true,
                };
                if !ok {
                    let state = match (check, moves.is_empty()) {
                        _ if material == Some(EndReason::Bare) => {
                            "over: a player is bare".to_string()
                        }
                        _ if extinct => "over by extinction".to_string(),
                        _ if counted => "over: a count passed its limit".to_string(),
                        (true, true) => "checkmate".to_string(),
                        (false, true) => "stalemate".to_string(),
                        (true, false) => format!("in check with {} legal moves", moves.len()),
                        (false, false) => format!("not in check, {} legal moves", moves.len()),
                    };
                    failures.push(fail(
                        *span,
                        format!("expected {e:?}, found {state}").to_lowercase(),
                    ));
                }
            }
        }
    }
    failures
}

/// How a `vote` test step failed.
#[derive(Debug, thiserror::Error)]
enum VoteCheckError {
    #[error("no option `{0}`")]
    NoOption(String),
    #[error("option `{0}` has no vote")]
    NoVote(String),
    #[error("no player `{0}`")]
    NoPlayer(String),
    #[error("`{choice}` is not a choice of `{option}`")]
    NoChoice { choice: String, option: String },
    #[error("vote result: expected {expected}, found {found}")]
    Result { expected: String, found: String },
    #[error("expected the ballots to be refused, but the vote gave {0}")]
    NotRefused(String),
    #[error("expected the vote to give {expected}, but the ballots were refused: {reason}")]
    Refused { expected: String, reason: String },
}

/// Run a vote and compare its result with the expected one.
fn check_vote(
    game: &Game,
    option: &str,
    ballots: &[(String, String)],
    expect: Option<&str>,
) -> Result<(), VoteCheckError> {
    let rules = &game.variant.rules;
    let opt = rules
        .options
        .iter()
        .find(|o| o.name == option)
        .ok_or_else(|| VoteCheckError::NoOption(option.to_string()))?;
    let vote = opt
        .vote
        .as_ref()
        .ok_or_else(|| VoteCheckError::NoVote(option.to_string()))?;
    let mut cast = Vec::new();
    for (player, choice) in ballots {
        let p = rules
            .players
            .iter()
            .position(|x| &x.name == player)
            .ok_or_else(|| VoteCheckError::NoPlayer(player.clone()))?;
        let c = opt
            .choices
            .iter()
            .position(|x| x == choice)
            .ok_or_else(|| VoteCheckError::NoChoice {
                choice: choice.clone(),
                option: option.to_string(),
            })?;
        cast.push((p, c));
    }
    match (vote.decide(&cast), expect) {
        (Ok(r), Some(e)) if opt.choices[r] == e => Ok(()),
        (Ok(r), Some(e)) => Err(VoteCheckError::Result {
            expected: e.to_string(),
            found: opt.choices[r].clone(),
        }),
        (Ok(r), None) => Err(VoteCheckError::NotRefused(opt.choices[r].clone())),
        (Err(_), None) => Ok(()),
        (Err(msg), Some(e)) => Err(VoteCheckError::Refused {
            expected: e.to_string(),
            reason: msg.to_string(),
        }),
    }
}

fn legal_list(game: &Game, pos: &mut Position) -> String {
    let v = &game.variant;
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| move_to_string(v, m)).collect();
    names.sort();
    format!("legal here: {}", names.join(" "))
}
