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
//! The search runs on its own thread, so `isready` and `stop` are answered
//! while it searches; other commands wait for it to finish. Every bad
//! command, unknown option, bad FEN or illegal move is answered with one
//! `info string error: ...` line and otherwise ignored: the state is as before.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::board::Position;
use crate::load::{Game, load};
use crate::movegen::{Move, Variant};
use crate::notation::{move_to_string, parse_fen, parse_move};
use crate::protocol::{bundled, info_line};
use crate::search::{Clock, Limits, Searcher, params};

/// Where the engine writes: shared by the main and the search thread.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// An option declared by a bundled rule file: name, choices, default.
#[derive(Debug, Clone)]
struct RuleOption {
    name: String,
    choices: Vec<String>,
    default: String,
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
    current: Option<Current>,
    searcher: Option<Searcher>,
    job: Option<Job>,
}

impl Engine {
    /// An engine writing to `out`, with the bundled default variant loaded.
    pub fn new(out: Output) -> Engine {
        let bundled = bundled::variants();
        let mut rule_options: Vec<RuleOption> = Vec::new();
        for (_, path) in &bundled {
            let Ok(g) = load(path) else { continue };
            for o in &g.variant.rules.options {
                match rule_options.iter_mut().find(|r| r.name == o.name) {
                    Some(r) => {
                        for c in &o.choices {
                            if !r.choices.contains(c) {
                                r.choices.push(c.clone());
                            }
                        }
                    }
                    None => rule_options.push(RuleOption {
                        name: o.name.clone(),
                        choices: o.choices.clone(),
                        default: o.choices[o.default].clone(),
                    }),
                }
            }
        }
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

    fn error(&self, msg: &str) {
        // One line, whatever the message.
        let one: Vec<&str> = msg
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        self.say(&format!("info string error: {}", one.join(" | ")));
    }

    /// Load the selected variant with the option settings it declares.
    fn load_current(&self) -> Result<Current, String> {
        let path = match &self.variant_path {
            Some(p) => p.clone(),
            None => self
                .bundled
                .iter()
                .find(|(n, _)| *n == self.variant_name)
                .map(|(_, p)| p.clone())
                .ok_or_else(|| {
                    format!(
                        "no bundled rule file `{}` (rules directory not found?)",
                        self.variant_name
                    )
                })?,
        };
        let mut game = load(&path).map_err(|e| e.rendered)?;
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
            game = game.with_options(&values).map_err(|e| e.rendered)?;
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
            "ucinewgame" => {
                self.wait();
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
            }
            "setoption" => {
                self.wait();
                if let Err(e) = self.setoption(args) {
                    self.error(&e);
                }
            }
            "position" => {
                self.wait();
                if let Err(e) = self.position(args) {
                    self.error(&e);
                }
            }
            "go" => {
                self.wait();
                if let Err(e) = self.go(args) {
                    self.error(&e);
                }
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

    fn setoption(&mut self, args: &[&str]) -> Result<(), String> {
        if args.first() != Some(&"name") {
            return Err("setoption: expected `setoption name NAME [value VALUE]`".into());
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
                    .ok_or_else(|| format!("setoption Hash: `{value}` is not 1..{max}"))?;
                // The old table stays until the new one is had.
                if let Some(s) = &mut self.searcher {
                    s.set_hash(mb).map_err(|e| {
                        format!(
                            "setoption Hash: {e}; the table stays at {} MB",
                            self.hash_mb
                        )
                    })?;
                }
                self.hash_mb = mb;
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
                    return Err(format!(
                        "setoption UCI_Variant: unknown variant `{value}` (known: {})",
                        names.join(", ")
                    ));
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
                    return Err(format!("setoption: unknown option `{name}`"));
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
                    return Err(format!("setoption: unknown option `{name}`"));
                };
                let Some(choice) = choices.iter().find(|c| c.eq_ignore_ascii_case(&value)) else {
                    return Err(format!(
                        "setoption {name}: `{value}` is not a choice (choices: {})",
                        choices.join(", ")
                    ));
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

    fn reload(&mut self) -> Result<(), String> {
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

    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let Some(c) = &self.current else {
            return Err("position: no variant loaded".into());
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
                parse_fen(v, &setup[1..].join(" ")).map_err(|e| format!("position: {e}"))?
            }
            _ => {
                return Err(
                    "position: expected `position startpos|fen FEN [moves ...]`".to_string()
                );
            }
        };
        let mut history = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let mv: Move =
                parse_move(v, &mut pos, m).map_err(|e| format!("position: move {}: {e}", i + 1))?;
            history.push(pos.hash);
            v.make(&mut pos, mv);
        }
        let c = self.current.as_mut().expect("checked above");
        c.pos = pos;
        c.history = history;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let Some(c) = &self.current else {
            return Err("go: no variant loaded".into());
        };
        let mut limits = Limits::default();
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, None, None, None);
        let mut i = 0;
        let num = |i: usize, key: &str| -> Result<u64, String> {
            let text = args
                .get(i + 1)
                .ok_or_else(|| format!("go: `{key}` needs a number"))?;
            // Clocks may be negative after a flag fall: take them as zero.
            text.parse::<i64>()
                .map(|n| n.max(0) as u64)
                .map_err(|_| format!("go: `{key} {text}`: not a number"))
        };
        while i < args.len() {
            let key = args[i];
            match key {
                "infinite" => limits.infinite = true,
                "ponder" => {}
                "wtime" => wtime = Some(num(i, key)?),
                "btime" => btime = Some(num(i, key)?),
                "winc" => winc = Some(num(i, key)?),
                "binc" => binc = Some(num(i, key)?),
                "movestogo" => mtg = Some(num(i, key)? as u32),
                "depth" => limits.depth = Some(num(i, key)?.max(1) as u32),
                "nodes" => limits.nodes = Some(num(i, key)?.max(1)),
                "movetime" => limits.movetime = Some(Duration::from_millis(num(i, key)?)),
                "mate" => limits.depth = Some(2 * num(i, key)?.max(1) as u32),
                "searchmoves" => {
                    return Err("go: searchmoves is not supported".into());
                }
                _ => return Err(format!("go: unknown parameter `{key}`")),
            }
            i += if matches!(key, "infinite" | "ponder") {
                1
            } else {
                2
            };
        }
        let (time, inc) = if c.pos.side == 0 {
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
            limits.infinite = true;
        }
        let Some(mut searcher) = self.searcher.take() else {
            return Err("go: no searcher".into());
        };
        let v = c.variant.clone();
        let pos = c.pos.clone();
        let history = c.history.clone();
        let out = self.out.clone();
        let flag = searcher.stop_flag();
        flag.store(false, Ordering::Relaxed);
        let requested = Arc::new(AtomicBool::new(false));
        let req = requested.clone();
        let infinite = limits.infinite;
        let handle = std::thread::spawn(move || {
            let r = searcher.search(&v, &pos, &history, &limits, &mut |info| {
                say(&out, &info_line(&v, info));
            });
            // Infinite analysis reports its move only when told to stop.
            while limits.infinite && !req.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = r
                .best
                .map_or_else(|| "0000".to_string(), |m| move_to_string(&v, m));
            say(&out, &format!("bestmove {best}"));
            searcher
        });
        self.job = Some(Job {
            handle,
            flag,
            requested,
            infinite,
        });
        Ok(())
    }

    /// Stop the search, if any, and wait for its `bestmove`.
    fn stop(&mut self) {
        let Some(job) = self.job.take() else { return };
        job.requested.store(true, Ordering::Relaxed);
        job.flag.store(true, Ordering::Relaxed);
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
                self.error("the search failed");
                if let Some(c) = &self.current {
                    let v = c.variant.clone();
                    self.searcher = Some(self.new_searcher(&v));
                }
            }
        }
    }
}

/// Run the UCI loop on `input` until `quit` or the end of the input.
pub fn run(input: impl BufRead, out: Output) {
    let mut engine = Engine::new(out);
    for line in input.lines() {
        let Ok(line) = line else { break };
        if !engine.command(&line) {
            return;
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
