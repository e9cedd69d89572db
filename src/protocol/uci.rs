//! The UCI protocol over stdin/stdout.
//!
//! Options:
//! - `Hash` (spin, MB), `Clear Hash` (button).
//! - `UCI_Variant` (combo): the bundled rule files by their stem (`chess`,
//!   `gustavian-crab`, ...), default `chess`.
//! - `VariantPath` (string): a user's rule file; it replaces `UCI_Variant`
//!   until set to `<empty>` (or an empty value).
//! - `option_NAME` (combo): one per option declared by any bundled rule file
//!   (the union, so that a GUI may set them before or after the variant),
//!   e.g. `option_extra` with `no`/`yes`. A value applies whenever the current
//!   variant declares the option, and sets it for `position startpos`.
//!
//! Changing the variant or an option resets the position to the start.
//!
//! The search runs on its own thread and the command loop never waits for
//! it: `isready`, `stop`, `quit`, `uci`, `debug` and `ponderhit` are
//! answered at once while it searches; `position`, `ucinewgame`,
//! `setoption` and `go` stop it first (as `stop` would: the stopped search
//! prints its `bestmove`), then take effect. Every `go` ends in exactly one
//! `bestmove` (`0000` when there is no legal move). `go searchmoves` takes
//! moves in the variant's coordinate notation.
//!
//! Every bad command, unknown option, bad FEN or illegal move (and a line
//! that is not UTF-8, or is longer than [`MAX_LINE`]) is answered with one
//! `info string error: ...` line and otherwise ignored: the state is as
//! before. A `go` with a bad parameter reports it, ignores it and still
//! searches; if nothing it asked for was usable, to depth 1, so that it
//! answers at once.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::board::{Color, Position};
use crate::load::{Game, load};
use crate::movegen::{Move, Variant};
use crate::notation::{move_to_string, parse_fen, parse_move, write_fen};
use crate::protocol::bundled::{self, RuleOption};
use crate::protocol::info_line;
use crate::protocol::uci_error::{LineError, UciError};
use crate::search::{Clock, Limits, Searcher, params};

/// The longest command line read, bytes; a longer one is an error (and
/// skipped), so that no input makes the engine hold unbounded memory. A
/// `position` with thousands of moves takes a few tens of kilobytes.
pub const MAX_LINE: usize = 1 << 22;

/// The largest time any `go` parameter is taken as, milliseconds (about
/// 35 years): larger values, however many digits, are clamped to it.
const MAX_MS: u64 = 1 << 40;

/// The parameters of `go`.
const GO_KEYS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// A count as `go` takes it: digits with an optional sign; negative values
/// (a clock after a flag fall) are 0, values beyond `u64` saturate.
fn parse_count(text: &str) -> Option<u64> {
    let (neg, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if neg {
        return Some(0);
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

/// Where the engine writes: shared by the main and the search thread.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The loaded variant and the position being played.
struct Current {
    game: Game,
    variant: Arc<Variant>,
    /// The position after the moves of the last `position` command.
    pos: Position,
    /// Hashes of the positions before it (for repetitions).
    history: Vec<u64>,
}

/// A running search.
struct Job {
    handle: JoinHandle<Searcher>,
    /// The searcher's own stop flag.
    flag: Arc<AtomicBool>,
    /// Set when `stop` (or `quit`) was received.
    requested: Arc<AtomicBool>,
    /// `go infinite`: ends only with `stop`.
    infinite: bool,
}

/// The engine's state between commands.
pub struct Engine {
    out: Output,
    bundled: Vec<(String, PathBuf)>,
    rule_options: Vec<RuleOption>,
    variant_name: String,
    variant_path: Option<PathBuf>,
    settings: BTreeMap<String, String>,
    hash_mb: usize,
    /// Search threads (`Threads`), applied at each `go`.
    threads: usize,
    current: Option<Current>,
    searcher: Option<Searcher>,
    job: Option<Job>,
}

impl Engine {
    /// An engine writing to `out`, with the bundled default variant loaded.
    pub fn new(out: Output) -> Engine {
        let bundled = bundled::variants();
        let rule_options = bundled::rule_options(&bundled);
        let variant_name = if bundled.iter().any(|(n, _)| n == "chess") {
            "chess".to_string()
        } else {
            bundled.first().map(|(n, _)| n.clone()).unwrap_or_default()
        };
        let mut e = Engine {
            out,
            bundled,
            rule_options,
            variant_name,
            variant_path: None,
            settings: BTreeMap::new(),
            hash_mb: params::DEFAULT_HASH_MB,
            threads: 1,
            current: None,
            searcher: None,
            job: None,
        };
        if let Ok(c) = e.load_current() {
            e.install(c);
        }
        e
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Report `msg` as one `info string error: ...` line.
    pub fn error(&self, msg: &str) {
        // One line, whatever the message.
        let one: Vec<&str> = msg
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        self.say(&format!("info string error: {}", one.join(" | ")));
    }

    /// Load the selected variant with the option settings it declares.
    fn load_current(&self) -> Result<Current, UciError> {
        let path = match &self.variant_path {
            Some(p) => p.clone(),
            None => self
                .bundled
                .iter()
                .find(|(n, _)| *n == self.variant_name)
                .map(|(_, p)| p.clone())
                .ok_or_else(|| UciError::NoBundledFile(self.variant_name.clone()))?,
        };
        let mut game = load(&path).map_err(|e| UciError::Load(Box::new(e)))?;
        let values: Vec<(String, String)> = game
            .variant
            .rules
            .options
            .iter()
            .filter_map(|o| {
                let v = self.settings.get(&o.name)?;
                o.choices.contains(v).then(|| (o.name.clone(), v.clone()))
            })
            .collect();
        if !values.is_empty() {
            game = game
                .with_options(&values)
                .map_err(|e| UciError::Load(Box::new(e)))?;
        }
        let variant = Arc::new(game.variant.clone());
        let pos = variant.start_position();
        Ok(Current {
            game,
            variant,
            pos,
            history: Vec::new(),
        })
    }

    /// Make `c` the current game, with a fresh searcher for it. The table
    /// of the previous searcher is kept (cleared): no second allocation of
    /// a table that may be large.
    fn install(&mut self, c: Current) {
        let searcher = match self.searcher.take() {
            Some(old) => {
                let mut tt = old.tt;
                tt.clear();
                Searcher::with_table(&c.variant, tt)
            }
            None => self.new_searcher(&c.variant),
        };
        self.searcher = Some(searcher);
        self.current = Some(c);
    }

    /// A searcher with a table of the `Hash` size, or if that cannot be
    /// allocated (any more), of the default size.
    fn new_searcher(&mut self, v: &Variant) -> Searcher {
        match Searcher::try_new(v, self.hash_mb) {
            Ok(s) => s,
            Err(e) => {
                self.error(&format!(
                    "{e}; using {} MB",
                    params::DEFAULT_HASH_MB.min(self.hash_mb)
                ));
                self.hash_mb = params::DEFAULT_HASH_MB.min(self.hash_mb);
                Searcher::new(v, self.hash_mb)
            }
        }
    }

    /// Handle one line; false after `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return true;
        };
        let args = &words[1..];
        match cmd {
            "uci" => self.uci(),
            "isready" => self.say("readyok"),
            "debug" => {}
            "stop" => self.stop(),
            "quit" => {
                self.stop();
                return false;
            }
            "ponderhit" => {}
            // Fairy-Stockfish's `d`, its FEN line only.
            "d" => match &self.current {
                Some(c) => self.say(&format!("Fen: {}", write_fen(&c.variant, &c.pos))),
                None => self.error("d: no variant loaded"),
            },
            // These change what a search works on: a search in progress
            // is stopped first (it prints its `bestmove`).
            "ucinewgame" => {
                self.stop();
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
            }
            "setoption" => {
                self.stop();
                if let Err(e) = self.setoption(args) {
                    self.error(&e.to_string());
                }
            }
            "position" => {
                self.stop();
                if let Err(e) = self.position(args) {
                    self.error(&e.to_string());
                }
            }
            "go" => {
                self.stop();
                self.go(args);
            }
            _ => self.error(&format!("unknown command `{cmd}`")),
        }
        true
    }

    fn uci(&self) {
        self.say(&format!("id name Myriad {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the Myriad authors");
        self.say(&format!(
            "option name Hash type spin default {} min 1 max {}",
            params::DEFAULT_HASH_MB,
            params::MAX_HASH_MB
        ));
        self.say("option name Clear Hash type button");
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {}",
            params::MAX_THREADS
        ));
        let vars: Vec<String> = self
            .bundled
            .iter()
            .map(|(n, _)| format!("var {n}"))
            .collect();
        self.say(&format!(
            "option name UCI_Variant type combo default {} {}",
            self.variant_name,
            vars.join(" ")
        ));
        self.say("option name VariantPath type string default <empty>");
        for o in &self.rule_options {
            let vars: Vec<String> = o.choices.iter().map(|c| format!("var {c}")).collect();
            self.say(&format!(
                "option name option_{} type combo default {} {}",
                o.name,
                o.default,
                vars.join(" ")
            ));
        }
        if self.bundled.is_empty() {
            self.error(
                "the bundled rules directory was not found: set MYRIAD_RULES or VariantPath",
            );
        }
        self.say("uciok");
    }

    fn setoption(&mut self, args: &[&str]) -> Result<(), UciError> {
        if args.first() != Some(&"name") {
            return Err(UciError::SetoptionSyntax);
        }
        let vpos = args.iter().position(|&w| w == "value");
        let name = args[1..vpos.unwrap_or(args.len())].join(" ");
        let value = vpos.map(|i| args[i + 1..].join(" ")).unwrap_or_default();
        let lname = name.to_ascii_lowercase();
        match lname.as_str() {
            "hash" => {
                let max = params::MAX_HASH_MB;
                let mb: usize = value
                    .parse()
                    .ok()
                    .filter(|&n| (1..=max).contains(&n))
                    .ok_or_else(|| UciError::HashRange {
                        value: value.clone(),
                        max,
                    })?;
                // The old table stays until the new one is had.
                if let Some(s) = &mut self.searcher {
                    s.set_hash(mb).map_err(|err| UciError::HashAlloc {
                        err,
                        kept_mb: self.hash_mb,
                    })?;
                }
                self.hash_mb = mb;
            }
            "threads" => {
                let max = params::MAX_THREADS;
                self.threads = value
                    .parse()
                    .ok()
                    .filter(|&n| (1..=max).contains(&n))
                    .ok_or_else(|| UciError::ThreadsRange {
                        value: value.clone(),
                        max,
                    })?;
            }
            "clear hash" => {
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
            }
            "uci_variant" => {
                let Some((n, _)) = self
                    .bundled
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(&value))
                else {
                    let names: Vec<&str> = self.bundled.iter().map(|(n, _)| n.as_str()).collect();
                    return Err(UciError::UnknownVariant {
                        value,
                        known: names.join(", "),
                    });
                };
                let (old_name, old_path) = (self.variant_name.clone(), self.variant_path.take());
                self.variant_name = n.clone();
                self.reload().inspect_err(|_| {
                    self.variant_name = old_name;
                    self.variant_path = old_path;
                })?;
            }
            "variantpath" => {
                let old = self.variant_path.clone();
                self.variant_path = if value.is_empty() || value == "<empty>" {
                    None
                } else {
                    Some(PathBuf::from(&value))
                };
                self.reload().inspect_err(|_| self.variant_path = old)?;
            }
            _ => {
                let Some(opt) = lname.strip_prefix("option_") else {
                    return Err(UciError::UnknownOption(name));
                };
                let declared = self.current.as_ref().and_then(|c| {
                    c.game
                        .variant
                        .rules
                        .options
                        .iter()
                        .find(|o| o.name.eq_ignore_ascii_case(opt))
                        .map(|o| (o.name.clone(), o.choices.clone()))
                });
                let known = self
                    .rule_options
                    .iter()
                    .find(|o| o.name.eq_ignore_ascii_case(opt))
                    .map(|o| (o.name.clone(), o.choices.clone()));
                let Some((oname, choices)) = declared.or(known) else {
                    return Err(UciError::UnknownOption(name));
                };
                let Some(choice) = choices.iter().find(|c| c.eq_ignore_ascii_case(&value)) else {
                    return Err(UciError::NotAChoice {
                        name,
                        value,
                        choices: choices.join(", "),
                    });
                };
                let old = self.settings.insert(oname.clone(), choice.clone());
                self.reload().inspect_err(|_| match &old {
                    Some(o) => {
                        self.settings.insert(oname.clone(), o.clone());
                    }
                    None => {
                        self.settings.remove(&oname);
                    }
                })?;
            }
        }
        Ok(())
    }

    fn reload(&mut self) -> Result<(), UciError> {
        let c = self.load_current()?;
        let opts: Vec<String> = c
            .game
            .variant
            .rules
            .options
            .iter()
            .map(|o| {
                let v = self.settings.get(&o.name).unwrap_or(&o.choices[o.default]);
                format!(" {}={v}", o.name)
            })
            .collect();
        self.say(&format!(
            "info string variant {} (game {}){}",
            self.variant_path
                .as_ref()
                .map_or_else(|| self.variant_name.clone(), |p| p.display().to_string()),
            c.game.variant.rules.name,
            opts.concat()
        ));
        self.install(c);
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), UciError> {
        let Some(c) = &self.current else {
            return Err(UciError::NoVariant("position"));
        };
        let v = &c.variant;
        let mpos = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match mpos {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut pos = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => v.start_position(),
            Some(&"fen") if setup.len() > 1 => {
                parse_fen(v, &setup[1..].join(" ")).map_err(UciError::Fen)?
            }
            _ => {
                return Err(UciError::PositionSyntax);
            }
        };
        let mut history = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let mv: Move =
                parse_move(v, &mut pos, m).map_err(|err| UciError::Move { index: i + 1, err })?;
            history.push(pos.hash);
            v.make(&mut pos, mv);
        }
        let c = self.current.as_mut().expect("checked above");
        c.pos = pos;
        c.history = history;
        Ok(())
    }

    /// Start a search. Whatever goes wrong, the search or this function
    /// prints one `bestmove`; a bad parameter is reported and ignored.
    fn go(&mut self, args: &[&str]) {
        let Some(c) = &self.current else {
            self.error("go: no variant loaded");
            self.say("bestmove 0000");
            return;
        };
        let mut errors: Vec<String> = Vec::new();
        let mut limits = Limits::default();
        let mut asked = false;
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, None, None, None);
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            i += 1;
            if !GO_KEYS.contains(&key) {
                errors.push(format!("go: unknown parameter `{key}` (ignored)"));
                continue;
            }
            match key {
                "infinite" => {
                    limits.infinite = true;
                    asked = true;
                    continue;
                }
                "ponder" => continue,
                "searchmoves" => {
                    let mut pos = c.pos.clone();
                    while let Some(&text) = args.get(i).filter(|t| !GO_KEYS.contains(t)) {
                        i += 1;
                        match parse_move(&c.variant, &mut pos, text) {
                            Ok(m) => limits.searchmoves.push(m),
                            Err(e) => errors.push(format!("go searchmoves: {e} (ignored)")),
                        }
                    }
                    continue;
                }
                _ => {}
            }
            // A key with a number.
            let Some(&text) = args.get(i).filter(|t| !GO_KEYS.contains(t)) else {
                errors.push(format!("go: `{key}` needs a number (ignored)"));
                continue;
            };
            i += 1;
            let Some(n) = parse_count(text) else {
                errors.push(format!("go: `{key} {text}`: not a number (ignored)"));
                continue;
            };
            let ms = n.min(MAX_MS);
            let plies = n.min(params::MAX_PLY as u64) as u32;
            match key {
                "wtime" => wtime = Some(ms),
                "btime" => btime = Some(ms),
                "winc" => winc = Some(ms),
                "binc" => binc = Some(ms),
                "movestogo" => mtg = Some(n.min(u32::MAX as u64) as u32),
                "depth" => limits.depth = Some(plies.max(1)),
                "nodes" => limits.nodes = Some(n.max(1)),
                "movetime" => limits.movetime = Some(Duration::from_millis(ms)),
                "mate" => limits.depth = Some(plies.saturating_mul(2).max(2)),
                "perft" => errors.push(format!(
                    "go perft {text}: not supported over UCI (use `myriad perft RULES --depth N`)"
                )),
                _ => unreachable!("every key of GO_KEYS is handled"),
            }
            asked |= key != "perft";
        }
        let (time, inc) = if c.pos.side == Color::FIRST {
            (wtime, winc)
        } else {
            (btime, binc)
        };
        if let Some(t) = time {
            limits.clock = Some(Clock {
                time: Duration::from_millis(t),
                inc: Duration::from_millis(inc.unwrap_or(0)),
                movestogo: mtg,
            });
        }
        if limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none()
        {
            if errors.is_empty() || asked {
                // A bare `go` (or one with only searchmoves, ponder or the
                // other side's clock) analyses until `stop`.
                limits.infinite = true;
            } else {
                // Nothing usable was asked: answer at once.
                limits.depth = Some(1);
            }
        }
        let v = c.variant.clone();
        let pos = c.pos.clone();
        let history = c.history.clone();
        for e in &errors {
            self.error(e);
        }
        let mut searcher = match self.searcher.take() {
            Some(s) => s,
            None => self.new_searcher(&v),
        };
        searcher.set_threads(self.threads);
        let out = self.out.clone();
        let flag = searcher.stop_flag();
        flag.store(false, Ordering::Relaxed);
        let requested = Arc::new(AtomicBool::new(false));
        let req = requested.clone();
        let infinite = limits.infinite;
        let spawned = std::thread::Builder::new().spawn(move || {
            let r = searcher.search(&v, &pos, &history, &limits, &mut |info| {
                say(&out, &info_line(&v, info));
            });
            // Infinite analysis reports its move only when told to stop.
            while limits.infinite && !req.load(Ordering::Relaxed) {
                std::thread::park_timeout(Duration::from_millis(5));
            }
            if r.best.is_none()
                && let Some(line) = super::selfplay::game_over_line(&v, &pos, &history)
            {
                say(&out, &line);
            }
            let best = r
                .best
                .map_or_else(|| "0000".to_string(), |m| move_to_string(&v, m));
            say(&out, &format!("bestmove {best}"));
            searcher
        });
        let handle = match spawned {
            Ok(h) => h,
            Err(e) => {
                self.error(&format!("go: the search thread could not start: {e}"));
                self.say("bestmove 0000");
                if let Some(c) = &self.current {
                    let v = c.variant.clone();
                    self.searcher = Some(self.new_searcher(&v));
                }
                return;
            }
        };
        self.job = Some(Job {
            handle,
            flag,
            requested,
            infinite,
        });
    }

    /// Stop the search, if any, and wait for its `bestmove`.
    fn stop(&mut self) {
        let Some(job) = self.job.take() else { return };
        job.requested.store(true, Ordering::Relaxed);
        job.flag.store(true, Ordering::Relaxed);
        // End a wait in progress at once (see the waits in go and search).
        job.handle.thread().unpark();
        self.join(job);
    }

    /// Wait for the search, if any, to finish by itself.
    fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            self.join(job);
        }
    }

    fn join(&mut self, job: Job) {
        match job.handle.join() {
            Ok(s) => self.searcher = Some(s),
            Err(_) => {
                // The search panicked before its answer: still one bestmove.
                self.error("the search failed");
                self.say("bestmove 0000");
                if let Some(c) = &self.current {
                    let v = c.variant.clone();
                    self.searcher = Some(self.new_searcher(&v));
                }
            }
        }
    }
}

/// The next command line of `input` (without its line end), as [`run`]
/// reads it: None at the end of the input (or on a read error); `Err` with
/// the message for a line that is not UTF-8 or longer than [`MAX_LINE`]
/// (the whole line is skipped). `buf` is scratch space.
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Option<Result<String, LineError>> {
    buf.clear();
    let n = std::io::Read::take(&mut *input, MAX_LINE as u64 + 1)
        .read_until(b'\n', buf)
        .ok()?;
    if n == 0 {
        return None;
    }
    if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE {
        let _ = input.skip_until(b'\n');
        return Some(Err(LineError::TooLong(MAX_LINE)));
    }
    while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        buf.pop();
    }
    match std::str::from_utf8(buf) {
        Ok(s) => Some(Ok(s.to_string())),
        Err(_) => Some(Err(LineError::NotUtf8)),
    }
}

/// Run the UCI loop on `input` until `quit` or the end of the input.
pub fn run(mut input: impl BufRead, out: Output) {
    let mut engine = Engine::new(out);
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf) {
        match line {
            Ok(line) => {
                if !engine.command(&line) {
                    return;
                }
            }
            Err(e) => engine.error(&e.to_string()),
        }
    }
    // End of input: let a finite search finish, stop an infinite one.
    if engine.job.as_ref().is_some_and(|j| j.infinite) {
        engine.stop();
    } else {
        engine.wait();
    }
}

/// Run UCI on stdin/stdout.
pub fn run_stdio() {
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    run(std::io::stdin().lock(), out);
}
