//! `myriad play`: a whole game in the terminal, against the engine, between
//! two people, or engine against engine: the pre-game vote asked as the rules
//! order it, moves in SAN or coordinates, commands, the end announced with
//! its result and reason. Reads stdin line by line, so it can be scripted.

mod board;
mod commands;
mod vote;

use std::io::{BufRead, IsTerminal, Read, Write};

use clap::{Args, ValueEnum};

use myriad::board::Color;
use myriad::load::Game;
use myriad::play::{GameResult, MAX_GAME_PLIES, Match, reason_text};
use myriad::protocol::score_text;
use myriad::search::{Limits, Score, Searcher};

use super::args::{RulesArgs, hash_mb};
use super::search::new_searcher;
use super::{Failure, bad_input, print_warnings};

use board::Style;

/// Who is at the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Humans {
    /// You play White (the first player); the engine Black.
    White,
    /// You play Black (the second player); the engine White.
    Black,
    /// Two people at one keyboard.
    Both,
    /// The engine against itself.
    None,
}

/// `myriad play`'s flags.
#[derive(Args)]
pub(super) struct PlayArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Who plays at the keyboard: white, black, both (two people) or none
    /// (engine against engine).
    #[arg(long, value_enum, default_value_t = Humans::White)]
    human: Humans,
    /// The engine thinks this many milliseconds per move (and per choice
    /// when it votes).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: u64,
    /// The engine searches at most this deep.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=myriad::search::params::MAX_PLY as i64))]
    depth: Option<u32>,
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 16, value_parser = hash_mb())]
    hash: usize,
    /// Draw pieces with letters only (no Unicode figures).
    #[arg(long)]
    ascii: bool,
}

/// Capitalised, for a player's name in sentences: `white` -> `White`.
pub(crate) fn title(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Lines from stdin, each as text (invalid UTF-8 replaced), without the
/// line end; None at the end of input. When stdin is not a terminal each
/// line is echoed after its prompt, so a transcript reads as a session.
pub(crate) struct Input {
    lines: std::io::StdinLock<'static>,
    echo: bool,
}

/// The longest input line read, bytes (longer ones are refused).
const MAX_LINE: usize = 4096;

impl Input {
    fn stdin() -> Input {
        let stdin = std::io::stdin();
        let echo = !stdin.is_terminal();
        Input {
            lines: stdin.lock(),
            echo,
        }
    }

    /// Print `prompt`, read one line. Err(message) for a line too long.
    pub(crate) fn ask(&mut self, prompt: &str) -> Option<Result<String, String>> {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let mut buf = Vec::new();
        let n = (&mut self.lines)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .ok()?;
        if n == 0 {
            println!();
            return None;
        }
        if buf.len() > MAX_LINE && !buf.ends_with(b"\n") {
            // Skip the rest of the line.
            let mut rest = Vec::new();
            let _ = self.lines.read_until(b'\n', &mut rest);
            if self.echo {
                println!("(a line of more than {MAX_LINE} bytes)");
            }
            return Some(Err(format!(
                "that line is longer than {MAX_LINE} bytes: type a move or a command (help)"
            )));
        }
        // Control characters (an arrow key's escape sequence) are never
        // echoed back to the terminal as they came.
        let line: String = String::from_utf8_lossy(&buf)
            .trim()
            .chars()
            .map(|c| if c.is_control() { '\u{fffd}' } else { c })
            .collect();
        if self.echo {
            println!("{line}");
        }
        Some(Ok(line))
    }
}

/// A game ended by the players rather than the rules: the result and why.
type Agreed = (GameResult, String);

/// Everything `myriad play` keeps.
pub(crate) struct Session {
    /// The rules at their default options (votes and `load` start from them).
    base: Game,
    /// The rules with the decided options.
    game: Game,
    /// Every declared option's value, in declared order.
    options: Vec<(String, String)>,
    /// The votes, explained, for the PGN.
    votes: Vec<String>,
    m: Match,
    humans: [bool; 2],
    flipped: bool,
    style: Style,
    limits: Limits,
    hash: usize,
    searcher: Searcher,
    /// Resigned or agreed drawn.
    agreed: Option<Agreed>,
    input: Input,
}

/// Play the game.
pub(super) fn play(args: &PlayArgs) -> Result<(), Failure> {
    let base = myriad::load::load(&args.rules.rules).map_err(|e| bad_input(e.rendered()))?;
    print_warnings(&base);
    let fixed = base
        .parse_options(&args.rules.option_texts())
        .map_err(bad_input)?;
    let humans = match args.human {
        Humans::White => [true, false],
        Humans::Black => [false, true],
        Humans::Both => [true, true],
        Humans::None => [false, false],
    };
    let limits = Limits {
        depth: args.depth,
        movetime: Some(std::time::Duration::from_millis(args.movetime)),
        ..Limits::default()
    };
    let mut input = Input::stdin();
    println!(
        "{}: {}",
        base.variant.rules.name,
        match args.human {
            Humans::White | Humans::Black => "you against the engine",
            Humans::Both => "two players",
            Humans::None => "the engine against itself",
        }
    );
    let Some((options, votes)) =
        vote::decide(&base, &fixed, humans, &limits, args.hash, &mut input)?
    else {
        return Ok(());
    };
    let game = base
        .with_options(&options)
        .map_err(|e| bad_input(e.rendered()))?;
    let searcher = new_searcher(&game.variant, args.hash)?;
    let start = game.variant.start_position();
    let mut s = Session {
        base,
        game,
        options,
        votes,
        m: Match::new(start),
        humans,
        // From the human's side: Black's when only Black is human.
        flipped: humans == [false, true],
        style: Style::for_stdout(args.ascii),
        limits,
        hash: args.hash,
        searcher,
        agreed: None,
        input,
    };
    if humans.contains(&true) {
        println!("Type a move (SAN or coordinates) or a command; help lists them.");
    }
    s.run();
    Ok(())
}

impl Session {
    /// The side to move's player name, capitalised.
    fn name(&self, c: Color) -> String {
        title(
            self.game
                .variant
                .rules
                .players
                .get(c.index())
                .map_or("", |p| p.name.as_str()),
        )
    }

    /// How the game has ended, if it has: by the rules, or resigned or agreed.
    fn ended(&self) -> Option<Agreed> {
        if let Some(a) = &self.agreed {
            return Some(a.clone());
        }
        if let Some((r, why)) = self.m.end(&self.game.variant) {
            return Some((r, reason_text(why).to_string()));
        }
        if self.m.played.len() >= MAX_GAME_PLIES {
            return Some((GameResult::Draw, "ply cap".to_string()));
        }
        None
    }

    fn board(&self) {
        let v = &self.game.variant;
        let pos = self.m.position();
        print!(
            "\n{}",
            board::draw(v, pos, self.m.last(), self.flipped, self.style)
        );
        if let Some(p) = self.m.last() {
            println!(
                "Last move: {}",
                self.numbered(self.m.played.len() - 1, &p.san)
            );
        }
        if v.in_check(pos) && self.ended().is_none() {
            println!("{} is in check.", self.name(pos.side));
        }
    }

    /// `12. Nf3` or `12... Nf6` for the move at index `i`.
    fn numbered(&self, i: usize, san: &str) -> String {
        let before = if i == 0 {
            &self.m.start
        } else {
            &self.m.played[i - 1].after
        };
        let dots = if before.side == Color::FIRST {
            "."
        } else {
            "..."
        };
        format!("{}{dots} {san}", before.fullmove)
    }

    /// The game loop: engine moves, human turns, the end.
    fn run(&mut self) {
        let any_human = self.humans.contains(&true);
        let watching = !any_human && std::io::stdout().is_terminal();
        let mut announced = false;
        let mut show_board = true;
        loop {
            if let Some((r, why)) = self.ended() {
                if !announced {
                    self.board();
                    show_board = false;
                    println!("{}, {why}", r.pgn());
                    announced = true;
                    if !any_human {
                        return;
                    }
                    println!("The game is over: undo, pgn, save FILE, load FILE or quit.");
                }
            } else {
                announced = false;
                let side = self.m.position().side;
                if !self.humans[side.index()] {
                    if !self.engine_move() {
                        return;
                    }
                    show_board = any_human || watching;
                    continue;
                }
            }
            if show_board {
                self.board();
                show_board = false;
            }
            let prompt = match self.ended() {
                Some(_) => "> ".to_string(),
                None => format!("{} to move> ", self.name(self.m.position().side)),
            };
            let line = match self.input.ask(&prompt) {
                None => return,
                Some(Err(msg)) => {
                    println!("{msg}");
                    continue;
                }
                Some(Ok(l)) => l,
            };
            match self.command(&line) {
                commands::Next::Quit => return,
                commands::Next::Board => show_board = true,
                commands::Next::Stay => {}
            }
        }
    }

    /// The engine plays the side to move; false if it found no move.
    fn engine_move(&mut self) -> bool {
        let v = &self.game.variant;
        let pos = self.m.position().clone();
        let history = self.m.history();
        let r = self
            .searcher
            .search(v, &pos, &history, &self.limits, &mut |_| {});
        let legal = self.m.legal(v);
        let Some(mv) = r.best.filter(|b| legal.iter().any(|(m, _)| m == b)) else {
            println!("The engine found no move.");
            return false;
        };
        let i = self.m.played.len();
        self.m.play(v, mv);
        let san = self.m.played[i].san.clone();
        println!(
            "{} plays {} ({}, depth {})",
            self.name(pos.side),
            self.numbered(i, &san),
            score_text(white_view(r.score, pos.side)),
            r.depth
        );
        true
    }
}

/// A score from the first player's point of view.
fn white_view(s: Score, side: Color) -> Score {
    if side == Color::FIRST {
        s
    } else {
        match s {
            Score::Cp(c) => Score::Cp(-c),
            Score::Mate(m) => Score::Mate(-m),
        }
    }
}
