//! `myriad xboard` end to end, no GUI: scripted CECP sessions over the
//! engine's stdin/stdout (each batch of commands ends with `ping N` and is
//! read up to `pong N`), transcripts as snapshots; the robustness rules
//! (unknown commands, illegal moves, bad FENs, garbage input) and the
//! clocks (the engine never loses on time).
//!
//! The engine's own moves and thinking depend on the search's tuning: the
//! snapshots show them redacted, and the tests check them here instead
//! (every engine move is legal in the game the test keeps itself).

mod common;

use common::Engine;
use std::process::Command;
use std::time::{Duration, Instant};

use myriad::load::load;
use myriad::movegen::Variant;
use myriad::notation::{move_to_string, parse_move};
use myriad::play::Match;

struct Session {
    engine: Engine,
    transcript: Vec<String>,
    pings: u32,
}

impl Session {
    fn start() -> Session {
        let mut s = Session {
            engine: Engine::spawn(Command::new(env!("CARGO_BIN_EXE_myriad")).arg("xboard")),
            transcript: Vec::new(),
            pings: 0,
        };
        s.send("xboard");
        s.send("protover 2");
        s.until("feature done=1", 30);
        s
    }

    fn send(&mut self, cmd: &str) {
        assert!(
            self.engine.write_line(cmd.as_bytes()),
            "write to the engine"
        );
        self.transcript.push(format!("> {cmd}"));
    }

    /// Lines up to one starting with `end`, within `secs` seconds.
    fn until(&mut self, end: &str, secs: u64) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        match self.engine.until(end, deadline) {
            Ok((got, _)) => {
                self.transcript.extend(got.iter().map(|l| format!("< {l}")));
                got
            }
            Err((got, e)) => panic!("no `{end}` ({e:?}); got {got:?}\n{:#?}", self.transcript),
        }
    }

    /// Send `ping N` and read everything up to `pong N` (without it).
    fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"));
        let mut got = self.until(&format!("pong {n}"), 120);
        got.pop();
        got
    }

    /// The transcript with the engine's moves and thinking redacted.
    fn redacted(&self) -> String {
        self.transcript
            .iter()
            .map(|l| {
                if l.starts_with("< move ") {
                    "< move <engine's move>".to_string()
                } else if is_thinking(&l[2..]) {
                    "< <thinking>".to_string()
                } else if l.starts_with("< feature myname") {
                    // The version changes; the rest is checked below.
                    let i = l.find(" variants=").unwrap_or(l.len());
                    format!("< feature myname=\"Myriad <version>\"{}", &l[i..])
                } else {
                    l.clone()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A thinking line: it starts with the depth (a result like `0-1` is none).
fn is_thinking(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| w.parse::<u32>().is_ok())
}

fn variant(stem: &str, options: &[(&str, &str)]) -> Variant {
    let g = load(&common::root().join(format!("rules/{stem}.variant"))).expect("loads");
    let opts: Vec<(String, String)> = options
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    if opts.is_empty() {
        g.variant
    } else {
        g.with_options(&opts).expect("options").variant
    }
}

/// Play `text` (the engine's or the script's) in the test's own game:
/// panics unless it is legal there.
fn play(v: &Variant, game: &mut Match, text: &str) {
    let mut pos = game.position().clone();
    let m = parse_move(v, &mut pos, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(move_to_string(v, m), text);
    game.play(v, m);
}

/// The engine's move among `lines`.
fn engine_move(lines: &[String]) -> String {
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 1, "exactly one move in {lines:?}");
    moves[0]["move ".len()..].to_string()
}

#[test]
fn a_perier_game_with_the_vote_a_drop_and_a_hop_capture() {
    let v = variant("perier", &[("extra", "yes")]);
    let mut game = Match::new(v.start_position());
    let mut s = Session::start();
    s.send("option extra=yes");
    s.send("new");
    s.send("variant perier");
    let got = s.sync();
    // The variant defined for the GUI: both reserves hold a Perier; the
    // Perier moves as a king to empty squares and captures by hopping. The
    // parent variant is XBoard's one whose holdings take no captured piece.
    assert!(
        got.iter().any(|l| l.starts_with("setup (")
            && l.contains("8x8+6_seirawan")
            && l.ends_with("RNBQKBNR[Ee] w KQkq - 0 1")),
        "{got:?}"
    );
    assert!(got.contains(&"piece E& mKcpQ@1".to_string()), "{got:?}");
    assert!(got.contains(&"telluser vote extra: white (you) votes yes -> yes".to_string()));
    s.send("force");
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        s.send(&format!("usermove {m}"));
        play(&v, &mut game, m);
    }
    // XBoard names a holdings piece by its square beside the board: White's
    // Perier (the sixth piece of the table) is j6, Black's _3 (Black's
    // holdings count from the top). White to move: the lifted Perier may
    // enter on g1 only (b1 holds the knight, the pawns on c2..f2 have
    // pieces on their first-rank squares, h1 the rook); Black's, none.
    s.send("lift j6");
    s.send("lift _3");
    let got = s.sync();
    assert_eq!(
        got,
        ["highlight 8/8/8/8/8/8/8/6Y1", "highlight 8/8/8/8/8/8/8/8"]
    );
    // The drop pushes the g-pawn two squares (the engine keeps it so).
    s.send("usermove E@g1");
    play(&v, &mut game, "E@g1");
    s.send("usermove d7d6");
    play(&v, &mut game, "d7d6");
    s.send("lift g1");
    let got = s.sync();
    // The Perier on g1: the one empty square next to it is g2 (Y); it hops
    // over the pawn on g4 onto the pawn on g7, and over the pawn on f2
    // along the empty diagonal onto the pawn on a7 (R); over the bishop on
    // f1 it meets its own king, over h1 and h2 the edge. Before it, the
    // engine told the user what XBoard cannot show of the drop: the pawn
    // pushed from g2 to g4, and the real board to paste.
    assert_eq!(
        got,
        vec![
            "telluser XBoard cannot show all of E@g1: g2 is empty, P stands on g4. To see the \
             real board, paste this position (Edit > Paste Position): \
             r1bqkbnr/pppp1ppp/2n5/4p3/4P1P1/5N2/PPPP1P1P/RNBQKBER[e] b KQkq - 0 3"
                .to_string(),
            "highlight 8/R5R1/8/8/8/8/6Y1/8".to_string()
        ]
    );
    // A step never captures; the hop does.
    s.send("usermove g1g4");
    s.send("usermove g1g7");
    play(&v, &mut game, "g1g7");
    // Black's drop on b8 pushes b7 to b5.
    s.send("usermove E@b8");
    play(&v, &mut game, "E@b8");
    let got = s.sync();
    assert_eq!(got[0], "Illegal move: g1g4");
    assert!(
        got.len() == 2 && got[1].starts_with("telluser XBoard cannot show all of E@b8: "),
        "{got:?}"
    );
    // The engine plays White's next move at a fixed depth; the pong comes
    // after it.
    s.send("sd 2");
    s.send("go");
    let got = s.sync();
    let m = engine_move(&got);
    play(&v, &mut game, &m);
    assert!(
        got.last().is_some_and(|l| l.starts_with("move ")),
        "{got:?}"
    );
    s.send("force");
    s.send("quit");
    insta::assert_snapshot!("perier_session", s.redacted());
}

#[test]
fn a_gustavian_game_on_the_68_square_board() {
    let v = variant("gustavian", &[]);
    let mut game = Match::new(v.start_position());
    let mut s = Session::start();
    s.send("new");
    s.send("variant gustavian");
    let got = s.sync();
    assert!(
        got.iter().any(|l| l
            == "setup (PNBRQ......C.........Kpnbrq......c.........k) 10x8+0_fairy \
            crnbqkbnrc/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/CRNBQKBNRC w KQkq - 0 1"),
        "{got:?}"
    );
    assert!(got.contains(&"piece C& pRmR".to_string()), "{got:?}");
    assert!(got.contains(&"piece K& KO2O3".to_string()), "{got:?}");
    s.send("force");
    for m in ["h1g3", "h8g6"] {
        s.send(&format!("usermove {m}"));
        play(&v, &mut game, m);
    }
    // The cannon on j1 jumps the rook on i1 onto h1 (the bishop on g1 ends
    // the line); j2 is a hole.
    s.send("lift j1");
    s.send("usermove j1j2");
    s.send("usermove j1h1");
    play(&v, &mut game, "j1h1");
    let got = s.sync();
    assert_eq!(
        got,
        vec![
            "highlight 10/10/10/10/10/10/10/7Y2".to_string(),
            "Illegal move: j1j2".to_string()
        ]
    );
    s.send("sd 2");
    s.send("go");
    let got = s.sync();
    let m = engine_move(&got);
    play(&v, &mut game, &m);
    s.send("quit");
    insta::assert_snapshot!("gustavian_session", s.redacted());
}

/// What XBoard cannot show (it places a dropped piece and nothing else, and
/// puts a castling partner next to the king): the Gustav board's
/// three-square castling and the Perier's entry; everything else it shows.
#[test]
fn moves_xboard_cannot_show() {
    use myriad::protocol::xboard::unshown::{shown, unshown_squares};
    let moves_of = |v: &Variant, fen: &str| {
        let pos = myriad::notation::parse_fen(v, fen).expect("fen");
        let legal: Vec<_> = Match::new(pos.clone())
            .legal(v)
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        (pos, legal)
    };
    let names = |v: &Variant, ms: &[myriad::movegen::Move]| -> Vec<String> {
        let mut n: Vec<String> = ms.iter().map(|&m| move_to_string(v, m)).collect();
        n.sort();
        n
    };
    // Every castling of the table: the king's two-square ones leave the
    // rook next to it (XBoard shows them), the three-square ones do not.
    let v = variant("gustavian", &[]);
    let (pos, legal) = moves_of(
        &v,
        "1r3k2r1/*p6p*/*8*/*8*/*8*/*8*/*P6P*/1R3K2R1 w KQkq - 0 1",
    );
    let hidden: Vec<_> = legal
        .iter()
        .copied()
        .filter(|m| !shown(&v, &pos, &[*m]).contains(m))
        .collect();
    assert_eq!(names(&v, &hidden), ["f1c1", "f1i1"]);
    let f1i1 = legal
        .iter()
        .copied()
        .find(|&m| move_to_string(&v, m) == "f1i1")
        .unwrap();
    let sq: Vec<String> = unshown_squares(&v, &pos, f1i1)
        .iter()
        .map(|&s| myriad::protocol::xboard::betza::square_name(&v, s))
        .collect();
    assert_eq!(sq, ["g1", "h1"]);
    // Orthodox castling and crazyhouse drops: all shown.
    let v = variant("chess", &[]);
    let (pos, legal) = moves_of(&v, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    assert_eq!(shown(&v, &pos, &legal).len(), legal.len());
    let v = variant("crazyhouse", &[]);
    let (pos, legal) = moves_of(&v, "4k3/8/8/8/8/8/8/4K3[PNq] w - - 0 1");
    assert_eq!(shown(&v, &pos, &legal).len(), legal.len());
    // The Perier's entry pushes a pawn: not shown; its other moves are.
    let v = variant("perier", &[("extra", "yes")]);
    let (pos, legal) = moves_of(&v, "4k3/8/8/8/1N5p/8/1P4P1/4K3[E] w - - 0 1");
    let seen = shown(&v, &pos, &legal);
    assert_eq!(names(&v, &legal).len(), 15);
    assert_eq!(
        names(&v, &legal)
            .into_iter()
            .filter(|m| !names(&v, &seen).contains(m))
            .collect::<Vec<_>>(),
        ["E@g1"]
    );

    // In a game the engine plays, the option keeps the user to moves
    // XBoard shows too: the three-square castling is refused with the
    // reason while other moves exist; with the option off it is played
    // and told, and the engine answers.
    let mut s = Session::start();
    s.send("new");
    s.send("variant gustavian");
    s.send("setboard 1r3k2r1/*p6p*/*8*/*8*/*8*/*8*/*P6P*/1R3K2R1 w KQkq - 0 1");
    s.send("sd 1");
    s.sync();
    s.send("usermove f1i1");
    let got = s.sync();
    assert_eq!(
        got,
        [
            "Illegal move (XBoard cannot show it): f1i1",
            "telluser XBoard cannot show f1i1: after it R stands on g1, h1 is empty. To play \
             such moves, turn off the engine option \"Only moves XBoard shows\"."
        ]
    );
    s.send("option Only moves XBoard shows=0");
    s.send("usermove f1i1");
    let got = s.sync();
    // The engine's answer follows; if it is itself a move XBoard cannot
    // show (its own three-square castling, as at depth 1 with the weights
    // of 2026-12-05), it is told too, after the move.
    let moves: Vec<&String> = got.iter().filter(|l| l.starts_with("move ")).collect();
    assert!(
        got[0].starts_with("telluser XBoard cannot show all of f1i1: ")
            && got.get(1).is_some_and(|l| l.starts_with("move "))
            && moves.len() == 1
            && got[2..].iter().all(|l| l.starts_with(&format!(
                "telluser XBoard cannot show all of {}: ",
                &moves[0][5..]
            ))),
        "{got:?}"
    );
    s.send("quit");

    // In force mode (XBoard replaying a game) every legal move is taken:
    // the user's three-square castling is accepted and told; the
    // two-square one is not told; the option takes a boolean.
    let mut s = Session::start();
    s.send("new");
    s.send("variant gustavian");
    s.send("force");
    s.send("setboard 1r3k2r1/*p6p*/*8*/*8*/*8*/*8*/*P6P*/1R3K2R1 w KQkq - 0 1");
    s.sync();
    s.send("usermove f1i1");
    s.send("usermove f8d8");
    s.send("option Only moves XBoard shows=0");
    s.send("option Only moves XBoard shows=maybe");
    let got = s.sync();
    assert_eq!(
        got,
        [
            "telluser XBoard cannot show all of f1i1: R stands on g1, h1 is empty. To see the \
             real board, paste this position (Edit > Paste Position): \
             1r3k2r1/*p6p*/*8*/*8*/*8*/*8*/*P6P*/1R4R1K1 b kq - 1 1",
            "Error (bad option value): Only moves XBoard shows=maybe"
        ]
    );
    s.send("quit");
}

/// `lift` of any square, on the board, in the holdings or nowhere, is
/// answered with a highlight (empty where nothing can move), and the game
/// goes on.
#[test]
fn lift_of_any_square_answers_a_highlight() {
    let mut s = Session::start();
    s.send("option extra=yes");
    s.send("new");
    s.send("variant perier");
    s.send("force");
    s.sync();
    let empty = "highlight 8/8/8/8/8/8/8/8";
    // Holdings squares beyond the table (j7, j8, _1, _2), a rank past the
    // board, rank 0, files no board has, no rank, a number too large, and
    // no square at all.
    for sq in [
        "j7",
        "j8",
        "_1",
        "_2",
        "j9",
        "j0",
        "_0",
        "k5",
        "~5",
        "j",
        "_",
        "j99999999999999999999",
        "",
        "j6x",
        "e2e4",
    ] {
        s.send(&format!("lift {sq}"));
        assert_eq!(s.sync(), [empty], "lift {sq}");
    }
    s.send("lift e2");
    s.send("usermove e2e4");
    s.send("lift j6");
    let got = s.sync();
    // White's e-pawn: e3 and e4; after 1.e4 Black is to move, so White's
    // Perier shows nothing.
    assert_eq!(got, ["highlight 8/8/8/8/4Y3/4Y3/8/8", empty]);
    s.send("quit");
}

#[test]
fn bad_commands_leave_the_game_as_it_was() {
    let v = variant("chess", &[]);
    let mut s = Session::start();
    s.send("new");
    s.send("force");
    s.send("usermove e2e4");
    s.send("frobnicate 1 2");
    s.send("usermove e2e4");
    s.send("usermove e7e9");
    s.send("usermove zz");
    s.send("setboard not a fen");
    s.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1");
    s.send("variant nosuchgame");
    s.send("level x y z");
    s.send("sd -3");
    s.send("option nosuch=1");
    s.send("option extra=maybe");
    s.send("memory lots");
    let got = s.sync();
    assert_eq!(got[0], "Error (unknown command): frobnicate 1 2");
    assert_eq!(got[1], "Illegal move: e2e4");
    assert_eq!(got[2], "Illegal move: e7e9");
    assert_eq!(got[3], "Illegal move: zz");
    assert!(
        got[4].starts_with("tellusererror Illegal position: "),
        "{got:?}"
    );
    assert!(
        got[5].starts_with("tellusererror Illegal position: "),
        "{got:?}"
    );
    assert_eq!(got[6], "Error (unsupported variant): nosuchgame");
    assert!(got[7].starts_with("Error (bad level"), "{got:?}");
    assert_eq!(got[8], "Error (bad sd): -3");
    assert_eq!(got[9], "Error (unknown option): nosuch");
    assert!(
        got[10].starts_with("Error (bad option value): extra=maybe"),
        "{got:?}"
    );
    assert_eq!(got[11], "Error (bad memory): lots");
    assert_eq!(got.len(), 12, "{got:?}");
    // The game goes on from 1.e4: Black's e7e5 is legal, White's e2e4 not.
    let mut game = Match::new(v.start_position());
    play(&v, &mut game, "e2e4");
    s.send("lift e7");
    s.send("usermove e7e5");
    play(&v, &mut game, "e7e5");
    s.send("sd 1");
    s.send("go");
    let got = s.sync();
    assert_eq!(got[0], "highlight 8/8/4Y3/4Y3/8/8/8/8");
    play(&v, &mut game, &engine_move(&got));
    s.send("quit");
}

#[test]
fn thinking_output_and_the_end_of_the_game() {
    let mut s = Session::start();
    s.send("new");
    s.send("force");
    // Fool's mate, one move short: Black to move mates with Qh4.
    s.send("setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
    s.send("post");
    s.send("sd 3");
    s.send("go");
    let got = s.sync();
    // ply score time nodes pv; a mate in 1 is 100001.
    let thinking: Vec<&String> = got.iter().filter(|l| is_thinking(l)).collect();
    assert!(!thinking.is_empty(), "{got:?}");
    for l in &thinking {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert!(f.len() >= 5, "{l}");
        for n in &f[..4] {
            n.parse::<i64>().unwrap_or_else(|_| panic!("{l}"));
        }
    }
    assert!(
        thinking.last().unwrap().split_whitespace().nth(1) == Some("100001"),
        "{got:?}"
    );
    let n = got.len();
    assert_eq!(got[n - 2], "move d8h4");
    assert_eq!(got[n - 1], "0-1 {checkmate}");
    // After the end, no more moves.
    s.send("usermove a2a3");
    assert_eq!(s.sync(), vec!["Illegal move: a2a3".to_string()]);
    s.send("quit");
}

#[test]
fn analysis_answers_at_once_and_follows_the_moves() {
    let mut s = Session::start();
    s.send("new");
    s.send("force");
    s.send("post");
    s.send("analyze");
    s.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(300));
    s.send(".");
    let t = Instant::now();
    let got = s.sync();
    assert!(
        t.elapsed() < Duration::from_secs(10),
        "pong while analysing"
    );
    assert!(got.iter().all(|l| is_thinking(l)), "{got:?}");
    s.send("exit");
    s.send("quit");
}

/// Garbage of every kind, then the engine still answers and plays legally.
#[test]
fn garbage_input_never_stops_the_engine() {
    let words = [
        "new",
        "variant",
        "force",
        "go",
        "playother",
        "usermove",
        "time",
        "otim",
        "level",
        "st",
        "sd",
        "nps",
        "undo",
        "remove",
        "result",
        "setboard",
        "analyze",
        "exit",
        ".",
        "post",
        "nopost",
        "hard",
        "easy",
        "memory",
        "option",
        "lift",
        "put",
        "hover",
        "?",
        "protover",
        "e2e4",
        "E@g1",
        "@@@@",
        "a",
        "perier",
        "gustavian",
        "xiangqi",
        "janggi",
        "-1",
        "0",
        "99999999999999999999",
        "1:2:3",
        "=",
        "extra=yes",
        "Hash=1",
        "[Ee]",
        "*",
        "/",
        "8/8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "w",
        "KQkq",
        "j10",
        "z9z9",
        "é",
        "\t",
    ];
    let mut s = Session::start();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..300 {
        let n = 1 + next() % 5;
        let mut line: Vec<&str> = Vec::new();
        for _ in 0..n {
            line.push(words[(next() % words.len() as u64) as usize]);
        }
        // Keep the hash small and the session alive.
        let text = line.join(" ");
        if text.contains("memory") && !text.contains("memory 0") || text.starts_with("quit") {
            continue;
        }
        s.send(&text);
        if round % 25 == 24 {
            // Move now (a search with a huge `st` may be running), then ping.
            s.send("?");
            s.pings += 1;
            let n = s.pings;
            s.send(&format!("ping {n}"));
            let deadline = Instant::now() + Duration::from_secs(120);
            loop {
                assert!(Instant::now() < deadline, "no pong {n}");
                match s.engine.until(
                    &format!("pong {n}"),
                    Instant::now() + Duration::from_millis(500),
                ) {
                    Ok(_) => break,
                    Err(_) => s.send("?"),
                }
            }
        }
    }
    // Bytes that are not UTF-8, and a NUL.
    assert!(s.engine.write_line(b"\xff\xfe usermove \x00"));
    s.send("?");
    s.send("force");
    s.send("new");
    s.send("force");
    s.send("usermove e2e4");
    let got = s.sync();
    assert!(got.iter().all(|l| !l.starts_with("Illegal")), "{got:?}");
    s.send("quit");
    let status = s.engine.child.wait().expect("the engine ends");
    assert!(status.success(), "exit status {status}");
}

/// Play a game of the engine against itself under XBoard's clocks, `plies`
/// plies at `level mps base 0`, as the GUI would: `time` and `otim` in
/// centiseconds before each `go`, the clock charged with the time until
/// `move` came. Panics if a side's clock runs out.
fn clock_game(mps: u32, base_secs: u64, plies: usize) {
    let v = variant("chess", &[]);
    let mut game = Match::new(v.start_position());
    let mut s = Session::start();
    s.send("new");
    s.send(&format!("level {mps} 0:{base_secs:02} 0"));
    s.send("force");
    let base = Duration::from_secs(base_secs);
    let mut clock = [base, base];
    let mut made = [0u32; 2];
    for ply in 0..plies {
        if game.end(&v).is_some() {
            break;
        }
        let side = ply % 2;
        s.send(&format!("time {}", clock[side].as_millis() / 10));
        s.send(&format!("otim {}", clock[1 - side].as_millis() / 10));
        let t = Instant::now();
        s.send("go");
        let got = s.until("move ", 120);
        let used = t.elapsed();
        assert!(
            used < clock[side],
            "ply {ply}: {used:?} used with {:?} left",
            clock[side]
        );
        clock[side] -= used;
        made[side] += 1;
        if mps > 0 && made[side] % mps == 0 {
            clock[side] += base;
        }
        let m = engine_move(&got[got.len() - 1..]);
        play(&v, &mut game, &m);
        s.send("force");
    }
    s.send("quit");
}

#[test]
fn never_loses_on_time_sudden_death() {
    // 10 s + 0 for 60 plies: the same budget rule as 1 min + 0, faster.
    clock_game(0, 10, 60);
}

#[test]
fn never_loses_on_time_with_moves_per_session() {
    // 10 moves in 10 s, for more than two sessions.
    clock_game(10, 10, 50);
}

#[test]
#[ignore = "takes minutes: run by hand (cargo test --release --test xboard -- --ignored)"]
fn never_loses_on_time_at_one_minute() {
    clock_game(0, 60, 100);
    clock_game(40, 60, 100);
}

/// XBetza strings derived from rule files, against the notation's own
/// published examples (H. G. Muller's XBetza pages: the archbishop `BN`,
/// the chancellor `RN`, the Xiangqi cannon `mRcpR`, the ferz `F`, the
/// alfil `A`, the orthodox pawn's moves, castling `O2`).
#[test]
fn xbetza_of_known_pieces() {
    use myriad::protocol::xboard::betza::xbetza;
    let of = |stem: &str, letter: char| {
        let v = variant(stem, &[]);
        let k = v
            .rules
            .pieces
            .iter()
            .position(|p| p.letter == letter)
            .unwrap();
        xbetza(&v.rules, k)
    };
    assert_eq!(of("capablanca", 'A'), "BN");
    assert_eq!(of("capablanca", 'C'), "RN");
    assert_eq!(of("xiangqi", 'C'), "mRcpR");
    assert_eq!(of("shatranj", 'Q'), "F");
    assert_eq!(of("shatranj", 'B'), "A");
    assert_eq!(of("chess", 'P'), "fmWfimnDfceF");
    assert_eq!(of("chess", 'K'), "KO2");
    assert_eq!(of("chess", 'N'), "N");
    // The Perier: king steps to empty squares, captures by a cannon's hop
    // along all eight lines.
    assert_eq!(of("perier", 'E'), "mKcpQ");
}
