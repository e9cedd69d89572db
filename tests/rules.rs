//! One snapshot per bundled rule file: what the compiler understood (IR dump),
//! the start position, and the legal moves and shallow perft from it. A rule
//! change shows up here as a readable diff.

use myriad::ir::describe::describe;
use myriad::load::load;
use myriad::movegen::perft;
use myriad::notation::{diagram, move_to_string, write_fen};

#[test]
fn rule_files() {
    insta::glob!("../rules", "*.variant", |path| {
        let game = load(path).unwrap_or_else(|e| panic!("{}", e.rendered));
        let v = &game.variant;
        let mut pos = v.start_position();
        let mut moves = Vec::new();
        v.legal_moves(&mut pos, &mut moves);
        let mut names: Vec<String> = moves.iter().map(|&m| move_to_string(v, m)).collect();
        names.sort();
        let perfts: Vec<String> = (1..=3)
            .map(|d| format!("perft {d} = {}", perft(v, &mut pos, d)))
            .collect();
        let text = format!(
            "{}\nstart: {}\n{}\nmoves ({}): {}\n{}\n",
            describe(&v.rules),
            write_fen(v, &pos),
            diagram(v, &pos),
            names.len(),
            names.join(" "),
            perfts.join("\n")
        );
        insta::assert_snapshot!(text);
    });
}
