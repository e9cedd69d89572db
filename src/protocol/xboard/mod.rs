//! XBoard's Chess Engine Communication Protocol (CECP, version 2) over
//! stdin/stdout: `myriad xboard`.
//!
//! Every bundled rule file is a variant (`chess` is XBoard's `normal`);
//! after `variant X` (anything but `normal`) the engine defines it for the
//! GUI: `setup` with the piece-to-char table, board size, holdings and start
//! FEN, and one `piece` line per piece in XBetza ([`betza`]). It answers
//! `lift` with `highlight` (the legal targets) and accepts exactly the legal
//! moves. Rule-file options are engine options (`option NAME=VALUE`); an
//! option decided by a vote takes the setting as the human's ballot and the
//! engine votes for its own side (the outcome is told with `telluser` and a
//! `#` line).
//!
//! Input is read on its own thread and the searches run on theirs
//! ([`search`]): while the engine thinks about its move, `?`, `quit`,
//! `post`/`nopost`, `time`/`otim`, `lift` and other harmless commands are
//! answered at once; `force`, `new`, `result`, `undo`, `remove`, `setboard`
//! and `variant` abandon the search; every other command (a `ping` among
//! them: its `pong` never precedes the move) waits until the move is sent.
//!
//! Bad input never stops the engine: an unknown command gets `Error
//! (unknown command): ...`, an illegal move `Illegal move: ...`, a bad FEN
//! `tellusererror ...`; the game stays as it was.

pub mod betza;
mod commands;
pub mod search;
pub mod unshown;

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};

use crate::board::Color;
use crate::load::Game;
use crate::movegen::Variant;
use crate::play::Match;
use crate::protocol::bundled::{self, RuleOption};
use crate::protocol::uci::{Output, read_line};
use crate::protocol::uci_error::LineError;
use crate::search::{Searcher, params};

use search::{Job, TimeControl};

/// What the main loop waits for.
pub enum Event {
    /// A line of input (or why it was skipped).
    Line(Result<String, LineError>),
    /// The end of the input.
    Eof,
    /// The search with this id has ended.
    Done(u64),
}

/// Write one line to the GUI.
pub fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The engine's state between commands.
pub struct Xboard {
    out: Output,
    tx: Sender<Event>,
    bundled: Vec<(String, PathBuf)>,
    rule_options: Vec<RuleOption>,
    /// Rule-option settings (the human's ballot where a vote decides).
    settings: BTreeMap<String, String>,
    /// The bundled stem of the variant (`chess` for `normal`).
    variant_name: String,
    game: Option<Game>,
    variant: Option<Arc<Variant>>,
    game_match: Option<Match>,
    /// Force mode: the engine plays neither side.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_color: Color,
    /// The game has ended (announced or `result`): no more searches.
    over: bool,
    post: Arc<AtomicBool>,
    tc: TimeControl,
    hash_mb: usize,
    /// Search threads (`cores`), applied at each search.
    threads: usize,
    searcher: Option<Searcher>,
    job: Option<Job>,
    next_id: u64,
    analyzing: bool,
    /// Commands waiting for the engine's move to be sent.
    queue: VecDeque<String>,
    /// The engine plays only moves XBoard shows as they are.
    shown_only: bool,
}

impl Xboard {
    /// An engine writing to `out`, sending search events to `tx`.
    pub fn new(out: Output, tx: Sender<Event>) -> Xboard {
        let bundled = bundled::variants();
        let rule_options = bundled::rule_options(&bundled);
        let mut x = Xboard {
            out,
            tx,
            bundled,
            rule_options,
            settings: BTreeMap::new(),
            variant_name: "chess".to_string(),
            game: None,
            variant: None,
            game_match: None,
            force: false,
            engine_color: Color::FIRST.other(),
            over: false,
            post: Arc::new(AtomicBool::new(false)),
            tc: TimeControl::default(),
            hash_mb: params::DEFAULT_HASH_MB,
            threads: 1,
            searcher: None,
            job: None,
            next_id: 0,
            analyzing: false,
            queue: VecDeque::new(),
            shown_only: true,
        };
        if let Err(e) = x.start_game(false) {
            x.say(&format!("tellusererror {e}"));
        }
        x
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// The names XBoard knows the bundled variants by.
    fn xboard_names(&self) -> Vec<String> {
        self.bundled
            .iter()
            .map(|(n, _)| {
                if n == "chess" {
                    "normal".to_string()
                } else {
                    n.clone()
                }
            })
            .collect()
    }
}

/// Run the protocol on `input` until `quit` or the end of the input.
pub fn run(input: impl BufRead + Send + 'static, out: Output) {
    let (tx, rx) = channel();
    let reader_tx = tx.clone();
    let mut input = input;
    let reader = std::thread::Builder::new().spawn(move || {
        let mut buf = Vec::new();
        while let Some(line) = read_line(&mut input, &mut buf) {
            if reader_tx.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader_tx.send(Event::Eof);
    });
    if reader.is_err() {
        say(&out, "tellusererror the input thread could not start");
        return;
    }
    let mut engine = Xboard::new(out, tx);
    while let Ok(ev) = rx.recv() {
        let go_on = match ev {
            Event::Line(Ok(line)) => engine.line(&line),
            Event::Line(Err(e)) => {
                engine.say(&format!("Error (bad input): {e}"));
                true
            }
            Event::Done(id) => {
                engine.finished(id);
                true
            }
            Event::Eof => {
                engine.end_of_input();
                false
            }
        };
        if !go_on {
            break;
        }
    }
}

/// Run the protocol on stdin/stdout.
pub fn run_stdio() {
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    run(std::io::BufReader::new(std::io::stdin()), out);
}
