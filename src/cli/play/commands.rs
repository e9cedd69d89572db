//! `myriad play`'s input: a move (SAN or coordinates) or a command (help,
//! moves, undo, hint, fen, pgn, save, load, resign, draw, flip, board,
//! quit); bad input is answered with what was expected, and the game goes on.

use myriad::board::Color;
use myriad::notation::{
    MAX_PGN_BYTES, SanError, options_tag, parse_san, read_pgn, write_fen, write_pgn,
};
use myriad::play::{GameResult, Match};
use myriad::protocol::score_value;
use myriad::protocol::selfplay::pgn_date;
use myriad::search::Searcher;

use super::Session;

/// What the loop does after a line.
pub(super) enum Next {
    /// Ask again.
    Stay,
    /// Draw the board, then ask.
    Board,
    /// End the program.
    Quit,
}

/// The help text.
pub(super) const HELP: &str = "\
Moves: SAN (Nf3, exd5, O-O, e8=Q) or coordinates (g1f3, e7e8q); drops as E@g1.
Commands:
  help         this text
  moves        the legal moves
  undo         take back your last move (and the engine's reply)
  hint         the engine's suggestion
  fen          the position as FEN
  pgn          the game so far as PGN
  save FILE    write the game as PGN to FILE
  load FILE    read a game from a PGN file (its variant's, with its options)
  resign       give up the game
  draw         offer a draw
  flip         turn the board around
  board        draw the board again
  quit         leave (end of input does too)";

impl Session {
    /// Act on one line of input.
    pub(super) fn command(&mut self, line: &str) -> Next {
        let (word, arg) = match line.split_once(char::is_whitespace) {
            Some((w, a)) => (w, a.trim()),
            None => (line, ""),
        };
        let takes_arg = matches!(word, "save" | "load");
        if !arg.is_empty() && !takes_arg && is_command(word) {
            println!("`{word}` takes no argument: type `{word}` alone (help lists the commands)");
            return Next::Stay;
        }
        let over = self.ended();
        match word {
            "" => Next::Stay,
            "help" | "?" => {
                println!("{HELP}");
                Next::Stay
            }
            "quit" | "exit" => Next::Quit,
            "board" => Next::Board,
            "flip" => {
                self.flipped = !self.flipped;
                Next::Board
            }
            "fen" => {
                println!("{}", write_fen(&self.game.variant, self.m.position()));
                Next::Stay
            }
            "pgn" => {
                print!("{}", self.pgn());
                Next::Stay
            }
            "save" | "load" if arg.is_empty() => {
                println!("`{word}` needs a file name: {word} FILE");
                Next::Stay
            }
            "save" => {
                match std::fs::write(arg, self.pgn()) {
                    Ok(()) => println!("Saved the game ({} moves) to {arg}.", self.m.played.len()),
                    Err(e) => println!("save {arg}: {e}; the game goes on"),
                }
                Next::Stay
            }
            "load" => match self.load(arg) {
                Ok(()) => Next::Board,
                Err(e) => {
                    println!("load {arg}: {e}; the game goes on unchanged");
                    Next::Stay
                }
            },
            "undo" => {
                if self.undo() {
                    Next::Board
                } else {
                    Next::Stay
                }
            }
            _ if over.is_some() => {
                let (r, why) = over.unwrap_or((GameResult::Draw, String::new()));
                println!(
                    "The game is over ({}, {why}): undo, pgn, save FILE, load FILE or quit.",
                    r.pgn()
                );
                Next::Stay
            }
            "moves" => {
                let v = &self.game.variant;
                let pos = self.m.position();
                let mut sans: Vec<String> = self
                    .m
                    .legal(v)
                    .into_iter()
                    .map(|(m, _)| myriad::notation::move_to_san(v, pos, m))
                    .collect();
                sans.sort();
                println!("{} legal moves: {}", sans.len(), sans.join(" "));
                Next::Stay
            }
            "hint" => {
                self.hint();
                Next::Stay
            }
            "resign" => {
                let side = self.m.position().side;
                let r = if side == Color::FIRST {
                    GameResult::BlackWins
                } else {
                    GameResult::WhiteWins
                };
                self.agreed = Some((r, format!("{} resigns", self.name(side))));
                Next::Stay
            }
            "draw" => {
                self.offer_draw();
                Next::Stay
            }
            _ => self.move_text(line),
        }
    }

    /// Read and play a move, or say what was expected.
    fn move_text(&mut self, text: &str) -> Next {
        let v = &self.game.variant;
        match parse_san(v, self.m.position(), text) {
            Ok(mv) => {
                self.m.play(v, mv);
                Next::Board
            }
            Err(e) => {
                let example = self.m.legal(v).into_iter().next().map(|(m, coord)| {
                    let san = myriad::notation::move_to_san(v, self.m.position(), m);
                    format!(" like {san} or {coord}")
                });
                let example = example.unwrap_or_default();
                match e {
                    SanError::Syntax(t) => println!(
                        "`{t}` is neither a move nor a command: expected a move in SAN or coordinates{example}, or a command (help lists them)"
                    ),
                    SanError::Illegal(t) => {
                        println!("`{t}` is not a legal move here (moves lists the legal ones)")
                    }
                    SanError::Ambiguous(..) => {
                        println!("{e}: add the start file or rank, or use coordinates")
                    }
                }
                Next::Stay
            }
        }
    }

    /// Take back the last move, and the engine's moves before it, back to a
    /// turn of a person (or to the start).
    /// True if something was taken back.
    fn undo(&mut self) -> bool {
        if let Some((_, why)) = self.agreed.take() {
            println!("Taken back ({why}): the game goes on.");
            return true;
        }
        if !self.m.undo() {
            println!("There is no move to take back.");
            return false;
        }
        while !self.humans[self.m.position().side.index()] && self.m.undo() {}
        println!("Taken back: {} moves played.", self.m.played.len());
        true
    }

    /// The engine's suggestion for the side to move.
    fn hint(&mut self) {
        let v = &self.game.variant;
        let pos = self.m.position().clone();
        let r = self
            .searcher
            .search(v, &pos, &self.m.history(), &self.limits, &mut |_| {});
        match r.best {
            Some(m) => println!(
                "Hint: {} ({})",
                myriad::notation::move_to_san(v, &pos, m),
                myriad::protocol::score_text(super::white_view(r.score, pos.side))
            ),
            None => println!("No hint: there is no legal move."),
        }
    }

    /// A draw offered by the side to move: a person opposite is asked; the
    /// engine takes it when it does not think itself better.
    fn offer_draw(&mut self) {
        let side = self.m.position().side;
        let other = side.other();
        let who = self.name(side);
        let them = self.name(other);
        let accepted = if self.humans[other.index()] {
            let prompt = format!("{them}, {who} offers a draw: accept? [yes/no] ");
            loop {
                match self.input.ask(&prompt) {
                    None => return,
                    Some(Ok(l)) if l.eq_ignore_ascii_case("yes") || l.eq_ignore_ascii_case("y") => {
                        break true;
                    }
                    Some(Ok(l)) if l.eq_ignore_ascii_case("no") || l.eq_ignore_ascii_case("n") => {
                        break false;
                    }
                    Some(Ok(l)) => println!("`{l}` is not an answer: expected yes or no"),
                    Some(Err(msg)) => println!("{msg}"),
                }
            }
        } else {
            let v = &self.game.variant;
            let pos = self.m.position().clone();
            let r = self
                .searcher
                .search(v, &pos, &self.m.history(), &self.limits, &mut |_| {});
            // The score is the offering side's; the engine's is its negation.
            score_value(r.score) >= 0
        };
        if accepted {
            println!("{them} accepts the draw.");
            self.agreed = Some((GameResult::Draw, "draw agreed".to_string()));
        } else {
            println!("{them} declines the draw; the game goes on.");
        }
    }

    /// The game so far as PGN (`*` while it goes on).
    pub(super) fn pgn(&self) -> String {
        let v = &self.game.variant;
        let player = |c: usize| {
            if self.humans[c] {
                "human".to_string()
            } else {
                "myriad".to_string()
            }
        };
        let end = self.ended();
        let result = end.as_ref().map_or("*", |(r, _)| r.pgn());
        let mut tags: Vec<(&str, String)> = vec![
            ("Event", "Myriad play".into()),
            ("Site", "myriad".into()),
            ("Date", pgn_date()),
            ("Round", "-".into()),
            ("White", player(0)),
            ("Black", player(1)),
            ("Result", result.into()),
            ("Variant", v.rules.name.clone()),
            ("SetUp", "1".into()),
            ("FEN", write_fen(v, &self.m.start)),
        ];
        if let Some(o) = options_tag(&self.options) {
            tags.push(("Options", o));
        }
        if !self.votes.is_empty() {
            tags.push(("Vote", self.votes.join("; ")));
        }
        if let Some((_, why)) = &end {
            tags.push(("ResultReason", why.clone()));
        }
        let san: Vec<String> = self.m.played.iter().map(|p| p.san.clone()).collect();
        write_pgn(
            &tags,
            self.m.start.fullmove,
            self.m.start.side,
            &san,
            result,
        )
    }

    /// Replace the game by the one in a PGN file: the same rules, its
    /// options (re-lowered if they differ), its start position, its moves.
    fn load(&mut self, path: &str) -> Result<(), String> {
        let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
        if meta.len() > MAX_PGN_BYTES as u64 {
            return Err(format!("larger than {MAX_PGN_BYTES} bytes"));
        }
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let pgn = read_pgn(&text)?;
        let name = &self.base.variant.rules.name;
        if let Some(other) = pgn.tag("Variant")
            && !other.eq_ignore_ascii_case(name)
        {
            return Err(format!("a game of {other}, not {name}"));
        }
        let settings: Vec<String> = pgn
            .tag("Options")
            .map(|o| o.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default();
        let options = if settings.is_empty() {
            self.options.clone()
        } else {
            let given = self.base.parse_options(&settings)?;
            self.base.variant.rules.option_settings(&given)
        };
        let game = if options == self.options {
            None
        } else {
            Some(self.base.with_options(&options).map_err(|e| e.rendered())?)
        };
        let v = &game.as_ref().unwrap_or(&self.game).variant;
        let start = match pgn.tag("FEN") {
            Some(f) => myriad::notation::parse_fen(v, f).map_err(|e| format!("FEN tag: {e}"))?,
            None => v.start_position(),
        };
        let mut m = Match::new(start);
        for (i, t) in pgn.moves.iter().enumerate() {
            m.play_text(v, t)
                .map_err(|e| format!("move {} `{t}`: {e}", i + 1))?;
        }
        let n = m.played.len();
        if let Some(g) = game {
            self.searcher = Searcher::try_new(&g.variant, self.hash).map_err(|e| e.to_string())?;
            self.game = g;
            self.options = options;
            self.votes.clear();
        }
        self.searcher.clear();
        self.m = m;
        self.agreed = None;
        println!("Loaded {path}: {n} moves.");
        Ok(())
    }
}

/// Is `w` one of the command words?
fn is_command(w: &str) -> bool {
    matches!(
        w,
        "help"
            | "?"
            | "quit"
            | "exit"
            | "board"
            | "flip"
            | "fen"
            | "pgn"
            | "save"
            | "load"
            | "undo"
            | "moves"
            | "hint"
            | "resign"
            | "draw"
    )
}
