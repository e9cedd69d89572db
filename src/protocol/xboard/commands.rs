//! The XBoard engine's commands: dispatch (with the rule of what waits for
//! a move in progress), the game (new, variant, setboard, moves, undo, the
//! end announced), options and the vote, and starting searches.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::betza::{highlight, holdings_piece, move_text, setup_lines};
use super::search;
use super::unshown;
use super::{RuleOption, Xboard};
use crate::board::{Color, Position};
use crate::load::{Game, load};
use crate::movegen::{Move, Variant};
use crate::notation::{move_to_string, parse_fen};
use crate::play::{Match, reason_text};
use crate::protocol::score_value;
use crate::protocol::vote::decide_vote;
use crate::search::{Limits, Searcher, params};

/// Answered at once, even while the engine thinks about its move.
const IMMEDIATE: [&str; 26] = [
    "?", "quit", "exit", "post", "nopost", "time", "otim", "lift", "put", "hover", "easy", "hard",
    "accepted", "rejected", "computer", "name", "rating", "ics", "random", "hint", "bk", "draw",
    "xboard", ".", "cores", "egtpath",
];

/// Abandon the engine's search (no move is sent), then take effect.
const ABANDON: [&str; 7] = [
    "force", "new", "result", "undo", "remove", "setboard", "variant",
];

/// Option values decided, and the lines telling how votes went.
type Decided = (Vec<(String, String)>, Vec<String>);

/// The engine option: in a game the engine plays, both sides keep to moves
/// XBoard shows as they are while there is one (see [`unshown`]): the
/// engine plays only those, and answers the user's others with `Illegal
/// move` and the reason; in force mode every legal move is taken.
pub(super) const SHOWN_ONLY: &str = "Only moves XBoard shows";

/// How deep the engine searches each outcome of a vote.
const VOTE_DEPTH: u32 = 3;

/// Does `text` have the shape of a move (`e2e4`, `e7e8q`, `E@g1`, `@@@@`)?
fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |i: &mut usize| -> bool {
        if *i < b.len() && b[*i].is_ascii_lowercase() {
            *i += 1;
            let start = *i;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
            *i > start && *i - start <= 2
        } else {
            false
        }
    };
    if text == "@@@@" {
        return true;
    }
    let mut i = 0;
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b'@' {
        i = 2;
        return square(&mut i) && i == b.len();
    }
    if !(square(&mut i) && square(&mut i)) {
        return false;
    }
    i == b.len() || (i + 1 == b.len() && b[i].is_ascii_alphabetic())
}

impl Xboard {
    fn thinking_move(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.analysis)
    }

    /// Handle one line of input; false after `quit`.
    pub(super) fn line(&mut self, line: &str) -> bool {
        let Some(cmd) = line.split_whitespace().next() else {
            return true;
        };
        if self.thinking_move() {
            if ABANDON.contains(&cmd) {
                self.abandon();
            } else if !IMMEDIATE.contains(&cmd) {
                self.queue.push_back(line.to_string());
                return true;
            }
        }
        self.command(line)
    }

    /// Stop the search in progress, if any, and drop its result.
    fn abandon(&mut self) {
        if let Some(job) = self.job.take() {
            job.flag.store(true, Ordering::Relaxed);
            match job.handle.join() {
                Ok((s, _)) => self.searcher = Some(s),
                Err(_) => self.searcher = None,
            }
        }
    }

    /// A search has ended: send the engine's move (then the commands that
    /// waited for it), or keep the analysis' searcher.
    pub(super) fn finished(&mut self, id: u64) -> bool {
        if self.job.as_ref().is_none_or(|j| j.id != id) {
            return true;
        }
        let job = self.job.take().expect("checked above");
        let result = match job.handle.join() {
            Ok((s, r)) => {
                self.searcher = Some(s);
                Some(r)
            }
            Err(_) => None,
        };
        if !job.analysis {
            match result.and_then(|r| r.best) {
                Some(m) if !self.over && !self.force => {
                    let v = self.variant.clone().expect("a game is loaded");
                    self.say(&format!("move {}", move_text(&v, m)));
                    if let Some(g) = &mut self.game_match {
                        let before = g.position().clone();
                        g.play(&v, m);
                        self.tell_unshown(&v, &before, m);
                    }
                    self.announce_end();
                }
                Some(_) => {}
                None => {
                    if !self.announce_end() {
                        self.say("Error (search failed): no move");
                    }
                }
            }
        }
        while !self.thinking_move() {
            let Some(line) = self.queue.pop_front() else {
                break;
            };
            if !self.command(&line) {
                return false;
            }
        }
        true
    }

    /// The input has ended: let the engine's move come, then stop.
    pub(super) fn end_of_input(&mut self) {
        while let Some(job) = &self.job {
            if job.analysis {
                self.abandon();
            } else {
                let id = job.id;
                if !self.finished(id) {
                    break;
                }
            }
        }
    }

    /// One command (not queued); false after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return true;
        };
        let args = &words[1..];
        let rest = line.trim_start()[cmd.len()..].trim();
        match cmd {
            "quit" => {
                self.abandon();
                return false;
            }
            "protover" => self.features(),
            "new" => {
                self.abandon();
                self.variant_name = "chess".to_string();
                self.force = false;
                self.engine_color = Color::FIRST.other();
                self.tc.sd = None;
                self.tc.st = None;
                if let Err(e) = self.start_game(false) {
                    self.say(&format!("tellusererror {e}"));
                }
                self.restart_analysis();
            }
            "variant" => self.variant(rest),
            "force" => self.force = true,
            "go" => {
                self.force = false;
                if let Some(g) = &self.game_match {
                    self.engine_color = g.position().side;
                }
                self.start_move_search();
            }
            "playother" => {
                self.force = false;
                if let Some(g) = &self.game_match {
                    self.engine_color = g.position().side.other();
                }
            }
            "usermove" => self.user_move(rest),
            "time" => match args.first().and_then(|t| t.parse::<i64>().ok()) {
                Some(cs) => self.tc.time = Some(Duration::from_millis(cs.max(0) as u64 * 10)),
                None => self.say(&format!("Error (bad time): {rest}")),
            },
            "level" => self.level(args),
            "st" => match args.first().and_then(|t| t.parse::<f64>().ok()) {
                Some(s) if s.is_finite() && s > 0.0 => {
                    self.tc.st = Some(Duration::from_secs_f64(s.min(1e9)));
                }
                _ => self.say(&format!("Error (bad st): {rest}")),
            },
            "sd" => match args.first().and_then(|t| t.parse::<u32>().ok()) {
                Some(d) if d > 0 => self.tc.sd = Some(d.min(params::MAX_PLY as u32)),
                _ => self.say(&format!("Error (bad sd): {rest}")),
            },
            "nps" => match args.first().and_then(|t| t.parse::<u64>().ok()) {
                Some(n) => self.tc.nps = (n > 0).then_some(n),
                None => self.say(&format!("Error (bad nps): {rest}")),
            },
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if let Some(g) = &mut self.game_match {
                    for _ in 0..n {
                        g.undo();
                    }
                }
                self.over = false;
                self.restart_analysis();
            }
            "result" => self.over = true,
            "setboard" => self.setboard(rest),
            "analyze" => {
                self.abandon();
                self.analyzing = true;
                self.restart_analysis();
            }
            "exit" => self.analyzing = false,
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "ping" => self.say(&format!("pong {rest}")),
            "memory" => match args.first().and_then(|t| t.parse::<usize>().ok()) {
                Some(mb) => self.set_hash(mb),
                None => self.say(&format!("Error (bad memory): {rest}")),
            },
            "cores" => match args.first().and_then(|t| t.parse::<usize>().ok()) {
                Some(n) if n >= 1 => self.threads = n.min(params::MAX_THREADS),
                _ => self.say(&format!("Error (bad cores): {rest}")),
            },
            "option" => self.option(rest),
            "lift" => self.lift(rest),
            "?" => {
                if let Some(j) = &self.job
                    && !j.analysis
                {
                    j.flag.store(true, Ordering::Relaxed);
                }
            }
            // Accepted and ignored: no pondering, no opening book, no draw
            // offers taken, no tablebases.
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "computer" | "name"
            | "rating" | "ics" | "random" | "hint" | "bk" | "draw" | "otim" | "put" | "hover"
            | "." | "egtpath" => {}
            _ if looks_like_move(cmd) && args.is_empty() => self.user_move(cmd),
            _ => self.say(&format!("Error (unknown command): {}", truncate(line))),
        }
        true
    }

    fn features(&self) {
        self.say("feature done=0");
        self.say(&format!(
            "feature myname=\"Myriad {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 \
             sigint=0 sigterm=0 san=0 colors=0 memory=1 time=1 draw=0 reuse=1 analyze=1 \
             highlight=1 nps=1 debug=1 exclude=0 pause=0 smp=1",
            env!("CARGO_PKG_VERSION"),
            self.xboard_names().join(",")
        ));
        self.say(&format!(
            "feature option=\"Hash -spin {} 1 {}\"",
            self.hash_mb,
            params::MAX_HASH_MB
        ));
        self.say(&format!(
            "feature option=\"{SHOWN_ONLY} -check {}\"",
            u8::from(self.shown_only)
        ));
        for o in &self.rule_options {
            let choices: Vec<String> = o
                .choices
                .iter()
                .map(|c| {
                    let v = self.settings.get(&o.name).unwrap_or(&o.default);
                    if c == v { format!("*{c}") } else { c.clone() }
                })
                .collect();
            self.say(&format!(
                "feature option=\"{} -combo {}\"",
                o.name,
                choices.join(" /// ")
            ));
        }
        if self.bundled.is_empty() {
            self.say("tellusererror the bundled rules directory was not found: set MYRIAD_RULES");
        }
        self.say("feature done=1");
    }

    fn variant(&mut self, name: &str) {
        let stem = if name == "normal" {
            Some("chess".to_string())
        } else {
            self.bundled
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(n, _)| n.clone())
        };
        let Some(stem) = stem else {
            self.say(&format!("Error (unsupported variant): {}", truncate(name)));
            return;
        };
        let old = std::mem::replace(&mut self.variant_name, stem);
        if let Err(e) = self.start_game(true) {
            self.variant_name = old;
            self.say(&format!("tellusererror {e}"));
        }
        self.restart_analysis();
    }

    /// Load the current variant with its options decided (a vote with the
    /// human's setting as their ballot) and start a game from its start
    /// position; `announce`: send `setup` and `piece` (not for `normal`).
    pub(super) fn start_game(&mut self, announce: bool) -> Result<(), String> {
        let path = self
            .bundled
            .iter()
            .find(|(n, _)| *n == self.variant_name)
            .map(|(_, p)| p.clone())
            .ok_or_else(|| format!("no bundled rule file `{}`", self.variant_name))?;
        let base = load(&path).map_err(|e| one_line(&e.rendered()))?;
        let (values, told) = self.decide_options(&base)?;
        let game = if values.is_empty() {
            base
        } else {
            base.with_options(&values)
                .map_err(|e| one_line(&e.rendered()))?
        };
        let v = Arc::new(game.variant.clone());
        let start = v.start_position();
        self.searcher = Some(match self.searcher.take() {
            Some(old) => {
                let mut tt = old.tt;
                tt.clear();
                Searcher::with_table(&v, tt)
            }
            None => Searcher::try_new(&v, self.hash_mb)
                .unwrap_or_else(|_| Searcher::new(&v, params::DEFAULT_HASH_MB.min(self.hash_mb))),
        });
        if announce && self.variant_name != "chess" {
            for l in setup_lines(&v, &start) {
                self.say(&l);
            }
        }
        for t in told {
            self.say(&format!("telluser {t}"));
        }
        self.game_match = Some(Match::new(start));
        self.game = Some(game);
        self.variant = Some(v);
        self.over = false;
        Ok(())
    }

    /// The option values for `game`, and the lines telling how votes went.
    fn decide_options(&self, game: &Game) -> Result<Decided, String> {
        let mut values: Vec<(String, String)> = Vec::new();
        let mut told = Vec::new();
        for o in &game.variant.rules.options {
            let human = self
                .settings
                .get(&o.name)
                .and_then(|s| o.choices.iter().position(|c| c == s))
                .unwrap_or(o.default);
            let Some(vote) = &o.vote else {
                values.push((o.name.clone(), o.choices[human].clone()));
                continue;
            };
            let limits = Limits {
                depth: Some(VOTE_DEPTH),
                ..Limits::default()
            };
            let d = decide_vote(game, &o.name, &values, &limits, 1)?;
            let me = self.engine_color.index();
            let mut mine = o.default;
            let value = |i: usize| {
                let s = score_value(d.scores[i].1);
                if me == 0 { s } else { -s }
            };
            for i in 0..o.choices.len() {
                if value(i) > value(mine) {
                    mine = i;
                }
            }
            let mut cast: Vec<(usize, usize)> = Vec::new();
            for &(player, cond) in &vote.voters {
                let asked = cond.is_none_or(|(p, c)| cast.iter().any(|&(q, e)| q == p && e == c));
                if asked {
                    cast.push((player, if player == me { mine } else { human }));
                }
            }
            let result = vote.decide(&cast)?;
            let players = &game.variant.rules.players;
            let ballots: Vec<String> = cast
                .iter()
                .map(|&(p, c)| {
                    let who = if p == me { "engine" } else { "you" };
                    format!("{} ({who}) votes {}", players[p].name, o.choices[c])
                })
                .collect();
            told.push(format!(
                "vote {}: {} -> {}",
                o.name,
                ballots.join(", "),
                o.choices[result]
            ));
            values.push((o.name.clone(), o.choices[result].clone()));
        }
        Ok((values, told))
    }

    fn level(&mut self, args: &[&str]) {
        let parsed = (|| -> Option<(u32, Duration, Duration)> {
            let [mps, base, inc] = args else { return None };
            let mps: u32 = mps.parse().ok()?;
            let base = match base.split_once(':') {
                Some((m, s)) => m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?,
                None => base.parse::<u64>().ok()? * 60,
            };
            let inc: f64 = inc.parse().ok()?;
            if !inc.is_finite() || inc < 0.0 {
                return None;
            }
            Some((
                mps,
                Duration::from_secs(base.min(1 << 32)),
                Duration::from_secs_f64(inc.min(1e9)),
            ))
        })();
        match parsed {
            Some((mps, base, inc)) => {
                self.tc.mps = mps;
                self.tc.inc = inc;
                self.tc.st = None;
                self.tc.time = Some(base);
            }
            None => self.say(&format!(
                "Error (bad level, expected `level MPS BASE INC`): {}",
                truncate(&args.join(" "))
            )),
        }
    }

    fn setboard(&mut self, fen: &str) {
        let Some(v) = self.variant.clone() else {
            return;
        };
        match parse_fen(&v, fen) {
            Ok(pos) => {
                self.game_match = Some(Match::new(pos));
                self.over = false;
                self.restart_analysis();
            }
            Err(e) => self.say(&format!(
                "tellusererror Illegal position: {}",
                one_line(&e.to_string())
            )),
        }
    }

    fn set_hash(&mut self, mb: usize) {
        let mb = mb.clamp(1, params::MAX_HASH_MB);
        if let Some(s) = &mut self.searcher
            && let Err(e) = s.set_hash(mb)
        {
            self.say(&format!("tellusererror hash {mb} MB: {e}"));
            return;
        }
        self.hash_mb = mb;
    }

    fn option(&mut self, text: &str) {
        let (name, value) = match text.split_once('=') {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (text.trim(), ""),
        };
        if name.eq_ignore_ascii_case("hash") {
            match value.parse::<usize>() {
                Ok(mb) => self.set_hash(mb),
                Err(_) => self.say(&format!("Error (bad option value): {}", truncate(text))),
            }
            return;
        }
        if name.eq_ignore_ascii_case(SHOWN_ONLY) {
            match value {
                "1" | "true" | "on" => self.shown_only = true,
                "0" | "false" | "off" => self.shown_only = false,
                _ => self.say(&format!("Error (bad option value): {}", truncate(text))),
            }
            return;
        }
        let found: Option<RuleOption> = self
            .rule_options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .cloned();
        let Some(o) = found else {
            self.say(&format!("Error (unknown option): {}", truncate(name)));
            return;
        };
        let Some(choice) = o.choices.iter().find(|c| c.eq_ignore_ascii_case(value)) else {
            self.say(&format!(
                "Error (bad option value): {}={} (choices: {})",
                o.name,
                truncate(value),
                o.choices.join(", ")
            ));
            return;
        };
        self.settings.insert(o.name.clone(), choice.clone());
        // Before the first move, the game starts again under the new setting.
        let fresh = self
            .game_match
            .as_ref()
            .is_some_and(|g| g.played.is_empty());
        let declared = self
            .game
            .as_ref()
            .is_some_and(|g| g.variant.rules.options.iter().any(|d| d.name == o.name));
        if fresh
            && declared
            && self.job.is_none()
            && let Err(e) = self.start_game(true)
        {
            self.say(&format!("tellusererror {e}"));
        }
    }

    fn lift(&self, what: &str) {
        let (Some(v), Some(g)) = (&self.variant, &self.game_match) else {
            return;
        };
        let moves: Vec<Move> = if self.over {
            Vec::new()
        } else {
            g.legal(v).into_iter().map(|(m, _)| m).collect()
        };
        // A holdings square names the piece to drop (`E@`), if it is the
        // side to move's.
        let dropped = holdings_piece(v, what).map(|(color, k)| {
            if color == g.position().side {
                format!("{}@", v.rules.pieces[k].letter)
            } else {
                String::new()
            }
        });
        let lifted = dropped.as_deref().unwrap_or(what);
        self.say(&format!(
            "highlight {}",
            highlight(v, g.position(), &moves, lifted)
        ));
    }

    /// The legal move written `text` (XBoard's notation, or the variant's).
    fn find_move(v: &Variant, g: &Match, text: &str) -> Option<Move> {
        let legal = g.legal(v);
        legal
            .iter()
            .find(|(m, _)| move_text(v, *m) == text)
            .or_else(|| legal.iter().find(|(m, _)| move_to_string(v, *m) == text))
            .or_else(|| {
                legal
                    .iter()
                    .find(|(m, _)| move_text(v, *m).eq_ignore_ascii_case(text))
            })
            .map(|(m, _)| *m)
    }

    fn user_move(&mut self, text: &str) {
        let (Some(v), Some(g)) = (self.variant.clone(), &mut self.game_match) else {
            return;
        };
        let text = text.trim();
        let found = if self.over || g.played.len() >= crate::play::MAX_GAME_PLIES {
            None
        } else {
            Self::find_move(&v, g, text)
        };
        let Some(m) = found else {
            self.say(&format!("Illegal move: {}", truncate(text)));
            return;
        };
        // In a game the engine plays, keep to moves XBoard shows, as the
        // engine does (in force mode XBoard may be replaying a game: take
        // every legal move then).
        if self.shown_only && !self.force && !self.analyzing {
            let legal: Vec<Move> = g.legal(&v).into_iter().map(|(m, _)| m).collect();
            if let Some(no) = unshown::refusal(&v, g.position(), m, &legal) {
                for line in no {
                    self.say(&line);
                }
                return;
            }
        }
        let before = g.position().clone();
        g.play(&v, m);
        self.tell_unshown(&v, &before, m);
        if self.analyzing {
            self.restart_analysis();
            return;
        }
        if self.announce_end() {
            return;
        }
        let side = g_side(&self.game_match);
        if !self.force && side == Some(self.engine_color) {
            self.start_move_search();
        }
    }

    /// If the game is over, say so (`1-0 {checkmate}`) and stop playing.
    fn announce_end(&mut self) -> bool {
        let (Some(v), Some(g)) = (&self.variant, &self.game_match) else {
            return false;
        };
        let Some((result, why)) = g.end(v) else {
            return false;
        };
        self.say(&format!("{} {{{}}}", result.pgn(), reason_text(why)));
        self.over = true;
        true
    }

    /// Tell the user what XBoard's board misses after `m` (played in
    /// `before`), if anything.
    fn tell_unshown(&self, v: &Variant, before: &Position, m: Move) {
        if let Some(t) = unshown::notice(v, before, m) {
            self.say(&format!("telluser {t}"));
        }
    }

    fn start_move_search(&mut self) {
        if self.over || self.force || self.analyzing {
            return;
        }
        if self.announce_end() {
            return;
        }
        let Some(g) = &self.game_match else { return };
        let pos = g.position().clone();
        let first_side = g.start.side;
        let made = (0..g.played.len())
            .filter(|i| {
                let side = if i % 2 == 0 {
                    first_side
                } else {
                    first_side.other()
                };
                side == pos.side
            })
            .count() as u32;
        let mut limits = self.tc.limits(made);
        if self.shown_only
            && let Some(v) = &self.variant
        {
            let legal: Vec<Move> = g.legal(v).into_iter().map(|(m, _)| m).collect();
            let shown = unshown::shown(v, &pos, &legal);
            if !shown.is_empty() && shown.len() < legal.len() {
                limits.searchmoves = shown;
            }
        }
        self.spawn(limits, false);
    }

    /// Start (again) the analysis of the current position, in analysis mode.
    fn restart_analysis(&mut self) {
        if !self.analyzing {
            return;
        }
        self.abandon();
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.spawn(limits, true);
    }

    fn spawn(&mut self, limits: Limits, analysis: bool) {
        let (Some(v), Some(g)) = (self.variant.clone(), &self.game_match) else {
            return;
        };
        let pos = g.position().clone();
        let history = g.history();
        let mut searcher = match self.searcher.take() {
            Some(s) => s,
            None => Searcher::new(&v, params::DEFAULT_HASH_MB.min(self.hash_mb)),
        };
        searcher.set_threads(self.threads);
        self.next_id += 1;
        match search::spawn(
            searcher,
            v,
            pos,
            history,
            limits,
            self.out.clone(),
            self.post.clone(),
            self.tx.clone(),
            self.next_id,
            analysis,
        ) {
            Ok(job) => self.job = Some(job),
            Err(failed) => {
                let (s, e) = *failed;
                self.searcher = Some(s);
                self.say(&format!("Error (search): {e}"));
            }
        }
    }
}

fn g_side(g: &Option<Match>) -> Option<Color> {
    g.as_ref().map(|g| g.position().side)
}

/// A message on one line.
fn one_line(msg: &str) -> String {
    let parts: Vec<&str> = msg
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    parts.join(" | ")
}

/// Echoed input, at most 200 characters.
fn truncate(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}
