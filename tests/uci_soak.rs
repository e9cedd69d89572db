//! UCI soak: random command sequences, valid and invalid, with random
//! timing, against the real `myriad uci` process. Searches are interrupted
//! by every kind of command, `go infinite`/`stop` come in storms, options
//! and variants change under the engine's feet, `position` lists run to
//! hundreds of moves, and garbage lines (some not UTF-8) are mixed in.
//!
//! Checked throughout: `isready` is answered with `readyok` within 500 ms
//! of being written (ten times the longest `movetime` the soak asks for, so
//! an answer that waited for a search fails, while a machine busy with other
//! builds does not); every `go` gets exactly one `bestmove`, legal in the
//! position it searched (and among its `searchmoves`), checked with the
//! library's move generator; the process never dies; its resident memory
//! stays under the largest hash table asked for plus 200 MB.
//!
//! The command sequence comes from a seeded generator: the seed is printed
//! at the start and in every failure (`MYRIAD_SOAK_SEED=N` replays it; the
//! timing of the engine's answers still varies from run to run).
//!
//! `cargo test --release --test uci_soak` runs a short soak (about 15 s);
//! `scripts/uci-soak.sh MINUTES` runs the long one (the ignored test below,
//! with `MYRIAD_SOAK_MINUTES`).

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::Path;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

mod common;

use common::Engine;
use myriad::board::Position;
use myriad::load::{Game, load};
use myriad::movegen::Move;
use myriad::notation::{move_to_string, parse_fen, parse_move, write_fen};

/// The bound on `isready`, from writing it to reading `readyok`. It was
/// 100 ms, and a clean-clone CI run on a 2-core machine shared with four
/// other builds saw 120 ms for the `isready` after a 16 MB hash resize: the
/// test measured the machine's scheduling, not the engine. 500 ms is still
/// far below any search the soak starts that an `isready` could wrongly wait
/// for (`go infinite`, clocks of minutes), and ten times its longest
/// `movetime`.
const READY_BOUND: Duration = Duration::from_millis(500);
/// Resident memory allowed beyond the largest hash table, MB.
const RSS_SLACK_MB: u64 = 200;
/// Hash sizes the soak sets (MB): small, so that allocating and clearing a
/// table (which `isready` rightly waits for) stays far below its bound on a
/// loaded machine.
const HASH_SIZES: [u64; 5] = [1, 2, 4, 8, 16];

/// A small xorshift generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// The engine's state as the soak knows it.
#[derive(Clone)]
struct Model {
    variant: String,
    /// Option settings sent (`option_NAME`), applied where declared.
    settings: BTreeMap<String, String>,
    /// The `position` setup: None for the start position, or a FEN.
    fen: Option<String>,
    moves: Vec<String>,
}

/// A `go` waiting for its `bestmove`.
struct Pending {
    cmd: String,
    model: Model,
    /// The searchmoves that are legal (empty: any legal move).
    searchmoves: Vec<String>,
}

struct Soak {
    seed: u64,
    rng: Rng,
    engine: Engine,
    log: VecDeque<String>,
    games: HashMap<(String, BTreeMap<String, String>), Game>,
    variants: Vec<String>,
    /// Options by name with their choices, as `uci` lists them.
    options: Vec<(String, Vec<String>)>,
    model: Model,
    pending: VecDeque<Pending>,
    /// The last `bestmove` and the model it was legal in (to play it).
    last_best: Option<(Model, String)>,
    max_hash_mb: u64,
    stats: BTreeMap<&'static str, u64>,
    worst_ready: Duration,
    max_rss_mb: u64,
}

impl Soak {
    fn start(seed: u64) -> Soak {
        Soak {
            seed,
            rng: Rng(seed.max(1)),
            engine: Engine::uci(),
            log: VecDeque::new(),
            games: HashMap::new(),
            variants: Vec::new(),
            options: Vec::new(),
            model: Model {
                variant: "chess".into(),
                settings: BTreeMap::new(),
                fen: None,
                moves: Vec::new(),
            },
            pending: VecDeque::new(),
            last_best: None,
            max_hash_mb: 64,
            stats: BTreeMap::new(),
            worst_ready: Duration::ZERO,
            max_rss_mb: 0,
        }
    }

    fn note(&mut self, line: String) {
        if self.log.len() >= 60 {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }

    fn fail(&mut self, msg: &str) -> ! {
        let status = self.engine.child.try_wait().ok().flatten();
        let tail: Vec<String> = self.log.iter().cloned().collect();
        panic!(
            "uci soak, seed {} (MYRIAD_SOAK_SEED={} replays it): {msg}\nprocess status: {status:?}\nlast lines:\n{}",
            self.seed,
            self.seed,
            tail.join("\n")
        );
    }

    fn count(&mut self, what: &'static str) {
        *self.stats.entry(what).or_default() += 1;
    }

    fn write_raw(&mut self, bytes: &[u8], shown: String) {
        self.note(format!("> {shown}"));
        if !self.engine.write_line(bytes) {
            self.fail("writing to the engine failed (did it die?)");
        }
    }

    fn send(&mut self, cmd: &str) {
        let shown = if cmd.len() > 200 {
            format!("{}... ({} bytes)", &cmd[..200], cmd.len())
        } else {
            cmd.to_string()
        };
        self.write_raw(cmd.as_bytes(), shown);
    }

    /// Handle one line from the engine.
    fn take(&mut self, line: &str) {
        self.note(format!("< {line}"));
        if let Some(best) = line.strip_prefix("bestmove ") {
            let best = best.split_whitespace().next().unwrap_or("").to_string();
            self.check_bestmove(&best);
        }
    }

    /// Read what has arrived, without waiting.
    fn drain(&mut self) {
        loop {
            match self.engine.lines.try_recv() {
                Ok((_, line)) => self.take(&line),
                Err(std::sync::mpsc::TryRecvError::Empty) => return,
                Err(_) => self.fail("the engine's output ended (it died)"),
            }
        }
    }

    /// Read up to a line starting with `end`; the time it arrived.
    fn until(&mut self, end: &str, limit: Duration) -> Instant {
        match self.engine.until(end, Instant::now() + limit) {
            Ok((lines, t)) => {
                for line in lines {
                    self.take(&line);
                }
                t
            }
            Err((lines, why)) => {
                for line in lines {
                    self.take(&line);
                }
                match why {
                    RecvTimeoutError::Timeout => self.fail(&format!("no `{end}` within {limit:?}")),
                    RecvTimeoutError::Disconnected => {
                        self.fail("the engine's output ended (it died)")
                    }
                }
            }
        }
    }

    fn game(&mut self, m: &Model) -> &Game {
        let declared: BTreeMap<String, String> = {
            let key = (m.variant.clone(), BTreeMap::new());
            if !self.games.contains_key(&key) {
                let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("rules")
                    .join(format!("{}.variant", m.variant));
                let g = load(&path).unwrap_or_else(|e| panic!("{}", e.rendered()));
                self.games.insert(key.clone(), g);
            }
            let base = &self.games[&key];
            m.settings
                .iter()
                .filter(|(n, v)| {
                    base.variant
                        .rules
                        .options
                        .iter()
                        .any(|o| &o.name == *n && o.choices.contains(v))
                })
                .map(|(n, v)| (n.clone(), v.clone()))
                .collect()
        };
        let key = (m.variant.clone(), declared.clone());
        if !self.games.contains_key(&key) {
            let base = &self.games[&(m.variant.clone(), BTreeMap::new())];
            let values: Vec<(String, String)> = declared.into_iter().collect();
            let g = base
                .with_options(&values)
                .unwrap_or_else(|e| panic!("{}", e.rendered()));
            self.games.insert(key.clone(), g);
        }
        &self.games[&key]
    }

    /// The model's position.
    fn position(&mut self, m: &Model) -> Position {
        let moves = m.moves.clone();
        let fen = m.fen.clone();
        let v = &self.game(m).variant;
        let mut pos = match &fen {
            Some(f) => parse_fen(v, f).expect("the soak's own FEN parses"),
            None => v.start_position(),
        };
        for t in &moves {
            let mv = parse_move(v, &mut pos, t).expect("the soak's own moves are legal");
            v.make(&mut pos, mv);
        }
        pos
    }

    fn legal(&mut self, m: &Model) -> Vec<String> {
        let mut pos = self.position(m);
        let v = &self.game(m).variant;
        let mut moves: Vec<Move> = Vec::new();
        v.legal_moves(&mut pos, &mut moves);
        moves.iter().map(|&mv| move_to_string(v, mv)).collect()
    }

    fn check_bestmove(&mut self, best: &str) {
        let Some(p) = self.pending.pop_front() else {
            self.fail(&format!("`bestmove {best}` answers no `go`"));
        };
        self.count("bestmove");
        let legal = self.legal(&p.model);
        if legal.is_empty() {
            if best != "0000" && best != "(none)" {
                self.fail(&format!(
                    "`{}`: no legal move, but `bestmove {best}`",
                    p.cmd
                ));
            }
            return;
        }
        if !legal.iter().any(|m| m == best) {
            self.fail(&format!(
                "`{}`: `bestmove {best}` is not legal (legal: {})",
                p.cmd,
                legal.join(" ")
            ));
        }
        if !p.searchmoves.is_empty() && !p.searchmoves.iter().any(|m| m == best) {
            self.fail(&format!(
                "`{}`: `bestmove {best}` is not among the searchmoves",
                p.cmd
            ));
        }
        self.last_best = Some((p.model, best.to_string()));
    }

    fn rss_mb(&mut self) -> u64 {
        let path = format!("/proc/{}/status", self.engine.child.id());
        let Ok(text) = std::fs::read_to_string(&path) else {
            return 0;
        };
        text.lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|r| r.split_whitespace().next()?.parse::<u64>().ok())
            .map_or(0, |kb| kb / 1024)
    }

    fn check_alive_and_memory(&mut self) {
        if let Ok(Some(status)) = self.engine.child.try_wait() {
            self.fail(&format!("the engine exited: {status}"));
        }
        let rss = self.rss_mb();
        self.max_rss_mb = self.max_rss_mb.max(rss);
        if rss > self.max_hash_mb + RSS_SLACK_MB {
            self.fail(&format!(
                "resident memory {rss} MB, above the largest hash {} MB + {RSS_SLACK_MB} MB",
                self.max_hash_mb
            ));
        }
    }

    // ---- commands ----

    fn isready(&mut self) {
        self.drain();
        self.send("isready");
        let sent = Instant::now();
        let got = self.until("readyok", Duration::from_secs(10));
        let took = got.saturating_duration_since(sent);
        self.worst_ready = self.worst_ready.max(took);
        self.count("isready");
        if took > READY_BOUND {
            self.fail(&format!("`readyok` took {took:?} (bound {READY_BOUND:?})"));
        }
    }

    /// `stop` then `isready`: every `go` so far has its `bestmove`.
    fn sync(&mut self) {
        self.send("stop");
        self.isready();
        if !self.pending.is_empty() {
            let cmds: Vec<String> = self.pending.iter().map(|p| p.cmd.clone()).collect();
            self.fail(&format!(
                "after `stop` and `readyok`, no bestmove yet for {cmds:?}"
            ));
        }
        self.count("sync");
    }

    fn go(&mut self, cmd: String, searchmoves: Vec<String>) {
        self.pending.push_back(Pending {
            cmd: cmd.clone(),
            model: self.model.clone(),
            searchmoves,
        });
        self.send(&cmd);
        self.count("go");
    }

    fn random_go(&mut self) {
        let r = self.rng.below(100);
        let d = 1 + self.rng.below(4);
        let cmd = match r {
            0..=19 => format!("go depth {d}"),
            20..=31 => format!("go nodes {}", 1 + self.rng.below(20_000)),
            32..=43 => format!("go movetime {}", 1 + self.rng.below(50)),
            44..=53 => {
                let (w, b) = (self.rng.below(3000), self.rng.below(3000));
                let inc = self.rng.below(50);
                format!("go wtime {w} btime {b} winc {inc} binc {inc}")
            }
            54..=61 => "go infinite".to_string(),
            62..=64 => "go".to_string(),
            65..=79 => {
                let model = self.model.clone();
                let legal = self.legal(&model);
                let k = 1 + self.rng.below(3) as usize;
                let mut chosen: Vec<String> = Vec::new();
                for _ in 0..k {
                    if let Some(m) = (!legal.is_empty()).then(|| self.rng.pick(&legal).clone())
                        && !chosen.contains(&m)
                    {
                        chosen.push(m);
                    }
                }
                let mut words = chosen.clone();
                if self.rng.chance(30) {
                    words.insert(0, "a1a1".to_string());
                }
                let tail = if self.rng.chance(50) {
                    format!("depth {d}")
                } else {
                    format!("movetime {}", 1 + self.rng.below(40))
                };
                let cmd = format!("go searchmoves {} {tail}", words.join(" "));
                self.go(cmd, chosen);
                return;
            }
            _ => self
                .rng
                .pick(&[
                    "go depth",
                    "go depth abc",
                    "go perft 2",
                    "go nodes -5",
                    "go movetime -1",
                    "go frobnicate 3",
                    "go mate 1",
                    "go depth 2 depth",
                    "go wtime 99999999999999999999 btime 99999999999999999999",
                    "go wtime 99999999999999999999 btime 99999999999999999999 movetime 20",
                    "go ponder wtime 500 btime 500",
                    "go winc 10 binc 10 movestogo 99999999999 wtime 200 btime 200",
                ])
                .to_string(),
        };
        self.go(cmd, Vec::new());
    }

    /// A random legal game from the model's variant start, `plies` long at
    /// most (it stops when there is no legal move).
    fn random_game(&mut self, plies: usize) -> Vec<String> {
        let mut m = self.model.clone();
        m.fen = None;
        m.moves.clear();
        let mut pos = self.position(&m);
        let mut out = Vec::new();
        let mut moves: Vec<Move> = Vec::new();
        for _ in 0..plies {
            let r = self.rng.below(1 << 32);
            let v = &self.game(&m).variant;
            moves.clear();
            v.legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(r % moves.len() as u64) as usize];
            out.push(move_to_string(v, mv));
            v.make(&mut pos, mv);
        }
        out
    }

    fn random_position(&mut self) {
        let r = self.rng.below(100);
        match r {
            0..=39 => {
                let n = match self.rng.below(10) {
                    0 => 300 + self.rng.below(700),
                    1..=3 => 60 + self.rng.below(240),
                    _ => self.rng.below(60),
                } as usize;
                let moves = self.random_game(n);
                let cmd = if moves.is_empty() {
                    "position startpos".to_string()
                } else {
                    format!("position startpos moves {}", moves.join(" "))
                };
                self.model.fen = None;
                self.model.moves = moves;
                self.send(&cmd);
                self.count("position startpos");
            }
            40..=59 => {
                // A FEN reached by play, then a few more moves.
                let n = self.rng.below(80) as usize;
                let moves = self.random_game(n);
                let mut m = self.model.clone();
                m.fen = None;
                m.moves = moves;
                let pos = self.position(&m);
                let fen = write_fen(&self.game(&m).variant, &pos);
                m.fen = Some(fen.clone());
                m.moves.clear();
                self.model = m;
                let more = self.rng.below(6) as usize;
                let mut extra = Vec::new();
                for _ in 0..more {
                    let legal = self.legal(&self.model.clone());
                    if legal.is_empty() {
                        break;
                    }
                    let mv = self.rng.pick(&legal).clone();
                    self.model.moves.push(mv.clone());
                    extra.push(mv);
                }
                let cmd = if extra.is_empty() {
                    format!("position fen {fen}")
                } else {
                    format!("position fen {fen} moves {}", extra.join(" "))
                };
                self.send(&cmd);
                self.count("position fen");
            }
            60..=79 => {
                // Play the engine's last answer, if it was for this game.
                let Some((m, best)) = self.last_best.clone() else {
                    return;
                };
                if m.variant != self.model.variant
                    || m.settings != self.model.settings
                    || best == "0000"
                {
                    return;
                }
                let mut m = m;
                m.moves.push(best);
                let setup = match &m.fen {
                    Some(f) => format!("fen {f}"),
                    None => "startpos".to_string(),
                };
                let cmd = format!("position {setup} moves {}", m.moves.join(" "));
                self.model = m;
                self.send(&cmd);
                self.count("position play on");
            }
            _ => {
                // Refused: the state stays.
                let bad = self.rng.pick(&[
                    "position",
                    "position startpos moves a1a1",
                    "position startpos moves zz",
                    "position fen",
                    "position fen 8/8/8 w - - 0 1",
                    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                    "position somewhere",
                ]);
                let cmd = bad.to_string();
                self.send(&cmd);
                self.count("position refused");
            }
        }
    }

    fn random_setoption(&mut self) {
        let r = self.rng.below(100);
        match r {
            0..=24 => {
                let mb = *self.rng.pick(&HASH_SIZES);
                self.max_hash_mb = self.max_hash_mb.max(mb);
                self.send(&format!("setoption name Hash value {mb}"));
            }
            25..=34 => {
                let bad =
                    *self
                        .rng
                        .pick(&["0", "-1", "abc", "", "99999999999999999999", "100000000"]);
                self.send(&format!("setoption name Hash value {bad}"));
            }
            35..=44 => self.send("setoption name Clear Hash"),
            45..=74 => {
                let name = self.rng.pick(&self.variants.clone()).clone();
                self.model.variant = name.clone();
                self.model.fen = None;
                self.model.moves.clear();
                self.send(&format!("setoption name UCI_Variant value {name}"));
                self.count("variant");
            }
            75..=89 => {
                if self.options.is_empty() {
                    return;
                }
                let (name, choices) = self.rng.pick(&self.options.clone()).clone();
                let choice = self.rng.pick(&choices).clone();
                self.model.settings.insert(name.clone(), choice.clone());
                self.model.fen = None;
                self.model.moves.clear();
                self.send(&format!("setoption name option_{name} value {choice}"));
            }
            _ => {
                let bad = *self.rng.pick(&[
                    "setoption",
                    "setoption name",
                    "setoption name Nonsense value 3",
                    "setoption name UCI_Variant value no-such-game",
                    "setoption name option_extra value maybe",
                    "setoption name VariantPath value /no/such/file.variant",
                    "setoption value 3",
                ]);
                self.send(bad);
            }
        }
        self.count("setoption");
    }

    fn garbage(&mut self) {
        let r = self.rng.below(100);
        match r {
            0..=29 => {
                // Random bytes, some not UTF-8; never a known command.
                let n = self.rng.below(80) as usize;
                let mut bytes = vec![b'#'];
                for _ in 0..n {
                    let b = (self.rng.next() >> 24) as u8;
                    bytes.push(if b == b'\n' { b' ' } else { b });
                }
                self.write_raw(&bytes, format!("<{} random bytes>", bytes.len()));
            }
            30..=59 => {
                let words = [
                    "frobnicate",
                    "stopp",
                    "quitx",
                    "GO",
                    "Position startpos",
                    "\t",
                    "",
                    "   ",
                    "ucinewgam",
                    "register later",
                    "debug on",
                    "debug off",
                    "ponderhit",
                ];
                let w = *self.rng.pick(&words);
                self.send(w);
            }
            60..=69 => {
                // A long line.
                let n = 1000 + self.rng.below(100_000) as usize;
                let line = "x".repeat(n);
                self.send(&line);
            }
            _ => {
                self.write_raw(b"\xff\xfe\xfd garbage \xc3\x28", "<not UTF-8>".into());
            }
        }
        self.count("garbage");
    }

    fn storm(&mut self) {
        let n = 2 + self.rng.below(15);
        for _ in 0..n {
            self.go("go infinite".into(), Vec::new());
            if self.rng.chance(50) {
                std::thread::sleep(Duration::from_millis(self.rng.below(3)));
            }
            self.send("stop");
        }
        self.count("storm");
    }

    fn step(&mut self) {
        let r = self.rng.below(100);
        match r {
            0..=14 => self.isready(),
            15..=36 => self.random_go(),
            37..=44 => self.send("stop"),
            45..=56 => self.random_position(),
            57..=60 => self.send("ucinewgame"),
            61..=72 => self.random_setoption(),
            73..=81 => self.garbage(),
            82..=84 => self.storm(),
            85..=88 => self.sync(),
            89 => self.send("uci"),
            _ => {
                // Give a search time to run.
                std::thread::sleep(Duration::from_millis(self.rng.below(60)));
            }
        }
        if self.rng.chance(70) {
            std::thread::sleep(Duration::from_millis(self.rng.below(15)));
        }
        self.drain();
    }

    fn handshake(&mut self) {
        self.send("uci");
        let mut lines = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Ok((_, line)) = self.engine.lines.recv_timeout(left) else {
                self.fail("no `uciok`");
            };
            self.note(format!("< {line}"));
            if line == "uciok" {
                break;
            }
            lines.push(line);
        }
        for l in &lines {
            if let Some(rest) = l.strip_prefix("option name UCI_Variant type combo ") {
                let words: Vec<&str> = rest.split_whitespace().collect();
                self.variants = words
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string())
                    .collect();
            }
            if let Some(rest) = l.strip_prefix("option name option_") {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let choices = words
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string())
                    .collect();
                self.options.push((words[0].to_string(), choices));
            }
        }
        assert!(
            self.variants.len() > 1,
            "uci lists the bundled variants: {lines:?}"
        );
        // The engine's first readiness may include loading every rule file.
        self.send("isready");
        self.until("readyok", Duration::from_secs(30));
    }

    fn finish(&mut self) {
        self.sync();
        self.check_alive_and_memory();
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match self.engine.child.try_wait() {
                Ok(Some(status)) if status.success() => break,
                Ok(Some(status)) => self.fail(&format!("`quit`: exit status {status}")),
                _ if Instant::now() > deadline => self.fail("`quit`: still running after 10 s"),
                _ => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    }
}

fn seed() -> u64 {
    std::env::var("MYRIAD_SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
}

fn soak(duration: Duration) {
    let seed = seed();
    eprintln!("uci soak: seed {seed} (MYRIAD_SOAK_SEED={seed} replays it), {duration:?}");
    let mut s = Soak::start(seed);
    s.handshake();
    let start = Instant::now();
    let mut steps = 0u64;
    while start.elapsed() < duration {
        s.step();
        steps += 1;
        if steps.is_multiple_of(25) {
            s.check_alive_and_memory();
        }
    }
    s.finish();
    eprintln!(
        "uci soak: seed {seed}: {steps} steps in {:.1?}, worst isready {:?}, peak RSS {} MB (largest hash {} MB), counts {:?}",
        start.elapsed(),
        s.worst_ready,
        s.max_rss_mb,
        s.max_hash_mb,
        s.stats
    );
}

/// The short soak, part of `cargo test`.
#[test]
fn uci_soak_short() {
    let secs = std::env::var("MYRIAD_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    soak(Duration::from_secs(secs));
}

/// The long soak: `MYRIAD_SOAK_MINUTES` minutes (default 10); run by
/// `scripts/uci-soak.sh`.
#[test]
#[ignore = "long; run by scripts/uci-soak.sh"]
fn uci_soak_long() {
    let minutes: u64 = std::env::var("MYRIAD_SOAK_MINUTES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    soak(Duration::from_secs(minutes * 60));
}
