//! `myriad play` end to end in a pseudo-terminal (rexpect), as a person
//! types at it: fool's mate in chess (in colour), a Perier game with the
//! vote, drops and a promotion (NO_COLOR), and a move against the engine.

use std::process::Command;

use rexpect::session::{PtySession, spawn_command};

/// `myriad play ARGS` in a pseudo-terminal with these environment settings.
fn spawn(args: &[&str], env: &[(&str, &str)]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_myriad"));
    cmd.arg("play")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("COLORTERM");
    for (k, v) in env {
        cmd.env(k, v);
    }
    spawn_command(cmd, Some(30_000)).expect("myriad starts in a pty")
}

/// Wait for the prompt `prompt`, then type `line`; the text before the prompt.
fn turn(p: &mut PtySession, prompt: &str, line: &str) -> String {
    let before = p
        .exp_string(prompt)
        .unwrap_or_else(|e| panic!("waiting for {prompt:?}: {e}"));
    p.send_line(line).expect("typed");
    before
}

#[test]
fn fools_mate_in_colour() {
    let mut p = spawn(
        &["rules/chess.variant", "--human", "both"],
        &[("TERM", "xterm-256color")],
    );
    let first = turn(&mut p, "White to move> ", "f3");
    // A terminal with 256 colours: the squares have backgrounds.
    assert!(first.contains("\x1b[48;5;"), "{first:?}");
    turn(&mut p, "Black to move> ", "e5");
    turn(&mut p, "White to move> ", "g4");
    turn(&mut p, "Black to move> ", "Qh4");
    let end = p.exp_string("0-1, checkmate").expect("the mate announced");
    assert!(end.contains("Last move: 2... Qh4#"), "{end:?}");
    // The checked king's square in red.
    assert!(end.contains("\x1b[48;5;160;"), "{end:?}");
    turn(&mut p, "> ", "quit");
    p.exp_eof().expect("it ends");
}

#[test]
fn perier_with_the_vote_drops_and_a_promotion() {
    let mut p = spawn(
        &["rules/perier.variant", "--human", "both"],
        &[("TERM", "xterm-256color"), ("NO_COLOR", "1")],
    );
    // White declines, Black is asked and overrules (rules/lib/extra-piece.variant).
    turn(&mut p, "White: Play with the extra pieces? [no/yes] ", "no");
    turn(
        &mut p,
        "Black: Play with the extra pieces? [no/yes] ",
        "yes",
    );
    p.exp_string("`extra` is yes.").expect("the vote's result");
    let moves = [
        "Nf3", "Nf6", // g1 and g8 emptied, pawns g2 and g7 free to go two squares
        "E@g1", "E@g8", // both Periers dropped: the pawns go to g4 and g5
        "h4", "d6", "hxg5", "e6", "g6", "Be7", "gxf7+", "Kd7",
        "fxg8=Q", // the pawn takes the Perier on g8 and promotes
    ];
    let mut screen = String::new();
    for (i, m) in moves.iter().enumerate() {
        let prompt = if i % 2 == 0 {
            "White to move> "
        } else {
            "Black to move> "
        };
        screen = turn(&mut p, prompt, m);
    }
    // NO_COLOR: no escape codes, brackets mark the last move.
    assert!(!screen.contains('\x1b'), "{screen:?}");
    assert!(screen.contains("Last move: 6... Kd7"), "{screen:?}");
    turn(&mut p, "Black to move> ", "fen");
    // After 7.fxg8=Q: White queen on g8, Black's rook on h8; both Periers
    // entered play (White's on g1, Black's taken), so the hands are empty.
    p.exp_string("rnbq2Qr/pppkb2p/3ppn2/8/6P1/5N2/PPPPPP2/RNBQKBER[] b KQ - 0 7")
        .expect("the FEN after the promotion");
    turn(&mut p, "Black to move> ", "pgn");
    p.exp_string("2. E@g1 E@g8").expect("the drops in the PGN");
    p.exp_string("7. fxg8=Q *")
        .expect("the promotion in the PGN");
    turn(&mut p, "Black to move> ", "quit");
    p.exp_eof().expect("it ends");
}

#[test]
fn against_the_engine() {
    let mut p = spawn(
        &["rules/chess.variant", "--depth", "1"],
        &[("TERM", "dumb")],
    );
    let board = turn(&mut p, "White to move> ", "e4");
    // TERM=dumb: no colours, even on a terminal.
    assert!(!board.contains('\x1b'), "{board:?}");
    p.exp_string("Black plays 1... ")
        .expect("the engine replies");
    turn(&mut p, "White to move> ", "resign");
    p.exp_string("0-1, White resigns").expect("the resignation");
    // End of input (Ctrl-D) ends it cleanly.
    p.send_control('d').expect("EOF sent");
    p.exp_eof().expect("it ends");
}
