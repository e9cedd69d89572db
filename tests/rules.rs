//! One snapshot per bundled rule file: what the compiler understood (IR dump),
//! the start position under every combination of option values with its legal
//! moves and shallow perft, and the legal moves in every position the file's
//! own tests set up. A rule change shows up here as a readable diff.

use myriad::board::Position;
use myriad::ir::TestStep;
use myriad::ir::describe::describe;
use myriad::load::{Game, load};
use myriad::movegen::perft;
use myriad::notation::{diagram, move_to_string, parse_fen, parse_move, write_fen};
use std::fmt::Write;

fn legal(game: &Game, pos: &mut Position) -> String {
    let v = &game.variant;
    let mut moves = Vec::new();
    v.legal_moves(pos, &mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| move_to_string(v, m)).collect();
    names.sort();
    format!("moves ({}): {}", names.len(), names.join(" "))
}

/// Every assignment of values to the game's options.
fn option_combinations(game: &Game) -> Vec<Vec<(String, String)>> {
    let mut combos = vec![Vec::new()];
    for o in &game.variant.rules.options {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                o.choices.iter().map(move |choice| {
                    let mut c = c.clone();
                    c.push((o.name.clone(), choice.clone()));
                    c
                })
            })
            .collect();
    }
    combos
}

#[test]
fn rule_files() {
    insta::glob!("../rules", "*.variant", |path| {
        let game = load(path).unwrap_or_else(|e| panic!("{}", e.rendered()));
        let mut text = describe(&game.variant.rules);
        let start = game.variant.start_position();
        let _ = writeln!(text, "\n{}", diagram(&game.variant, &start));
        for opts in option_combinations(&game) {
            let g = game
                .with_options(&opts)
                .unwrap_or_else(|e| panic!("{}", e.rendered()));
            let v = &g.variant;
            let mut pos = v.start_position();
            let label: Vec<String> = opts.iter().map(|(n, c)| format!("{n}={c}")).collect();
            let _ = writeln!(text, "start [{}]: {}", label.join(" "), write_fen(v, &pos));
            let _ = writeln!(text, "{}", legal(&g, &mut pos));
            let counts: Vec<String> = (1..=3).map(|d| perft(v, &mut pos, d).to_string()).collect();
            let _ = writeln!(text, "perft 1..3: {}\n", counts.join(" "));
        }
        // The positions the file's tests set up, with their legal moves.
        for t in &game.variant.rules.tests {
            let opts: Vec<(String, String)> = t
                .steps
                .iter()
                .flat_map(|s| match s {
                    TestStep::Options(o) => {
                        o.iter().map(|(n, v, _)| (n.clone(), v.clone())).collect()
                    }
                    _ => Vec::new(),
                })
                .collect();
            let g = game
                .with_options(&opts)
                .unwrap_or_else(|e| panic!("{}", e.rendered()));
            let v = &g.variant;
            let mut pos = v.start_position();
            for s in &t.steps {
                match s {
                    TestStep::Fen(f, _) => {
                        pos = parse_fen(v, f).unwrap_or_else(|e| panic!("{}: {e}", t.name));
                        let _ = writeln!(
                            text,
                            "test \"{}\": {}\n{}\n",
                            t.name,
                            write_fen(v, &pos),
                            legal(&g, &mut pos)
                        );
                    }
                    TestStep::Play(ms) => {
                        for (m, _) in ms {
                            match parse_move(v, &mut pos, m) {
                                Ok(mv) => {
                                    v.make(&mut pos, mv);
                                }
                                Err(_) => break,
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        insta::assert_snapshot!(text);
    });
}
