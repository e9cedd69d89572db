//! The XBoard engine's clocks and searches: `level`/`st`/`sd`/`nps`/`time`
//! turned into search [`Limits`] (the search's own time manager does the
//! rest), the search thread, and thinking output in XBoard's format
//! (`ply score time nodes pv`, time in centiseconds).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::Event;
use super::betza::move_text;
use crate::board::Position;
use crate::movegen::Variant;
use crate::protocol::uci::Output;
use crate::search::{Clock, Info, Limits, Score, SearchResult, Searcher};

/// What XBoard set for the clocks.
#[derive(Debug, Clone, Default)]
pub struct TimeControl {
    /// `level MPS BASE INC`: moves per session (0: the whole game).
    pub mps: u32,
    /// The increment per move.
    pub inc: Duration,
    /// `st N`: exactly this long per move.
    pub st: Option<Duration>,
    /// `sd N`: at most this depth.
    pub sd: Option<u32>,
    /// `nps N`: think in nodes, N per second of the clock.
    pub nps: Option<u64>,
    /// `time N`: the engine's clock.
    pub time: Option<Duration>,
}

/// Time kept back for the GUI's and the pipe's lag on every move.
const LAG: Duration = Duration::from_millis(60);

impl TimeControl {
    /// The limits for the engine's move; `moves_made`: the moves the engine's
    /// side has made in this game (for the moves left in a session).
    pub fn limits(&self, moves_made: u32) -> Limits {
        let mut l = Limits {
            depth: self.sd,
            ..Limits::default()
        };
        if let Some(st) = self.st {
            l.movetime = Some(st.saturating_sub(LAG).max(Duration::from_millis(5)));
        } else if let Some(t) = self.time {
            let movestogo = (self.mps > 0).then(|| self.mps - moves_made % self.mps);
            let time = t
                .saturating_sub(LAG.min(t / 4))
                .max(Duration::from_millis(5));
            let clock = Clock {
                time,
                inc: self.inc,
                movestogo,
            };
            match self.nps {
                Some(n) if n > 0 => {
                    let mtg = movestogo.unwrap_or(30).max(1);
                    let secs = (time / mtg + self.inc).as_secs_f64();
                    l.nodes = Some(((n as f64 * secs) as u64).max(1));
                }
                _ => l.clock = Some(clock),
            }
        } else if self.sd.is_none() {
            l.movetime = Some(Duration::from_secs(1));
        }
        l
    }
}

/// A score as XBoard reads it: centipawns; mates as 100000 + moves
/// (negative when being mated).
pub fn score_number(s: Score) -> i64 {
    match s {
        Score::Cp(c) => c as i64,
        Score::Mate(m) if m > 0 => 100_000 + m as i64,
        Score::Mate(m) => -100_000 + m as i64,
    }
}

/// One thinking line.
pub fn thinking_line(v: &Variant, info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|&m| move_text(v, m)).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        score_number(info.score),
        info.time.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// A running search.
pub struct Job {
    /// The thread; it returns the searcher and the result.
    pub handle: JoinHandle<(Searcher, SearchResult)>,
    /// The searcher's stop flag.
    pub flag: Arc<AtomicBool>,
    /// Which search it is (the [`Event::Done`] it sends carries it).
    pub id: u64,
    /// Analysis (`analyze`) rather than the engine's move.
    pub analysis: bool,
}

/// Start a search on its own thread; it prints thinking lines while
/// `post` is set and sends [`Event::Done`] with `id` when it ends.
#[allow(clippy::too_many_arguments)]
pub fn spawn(
    searcher: Searcher,
    v: Arc<Variant>,
    pos: Position,
    history: Vec<u64>,
    limits: Limits,
    out: Output,
    post: Arc<AtomicBool>,
    tx: Sender<Event>,
    id: u64,
    analysis: bool,
) -> Result<Job, Box<(Searcher, String)>> {
    let flag = searcher.stop_flag();
    flag.store(false, Ordering::Relaxed);
    let slot = Arc::new(Mutex::new(Some(searcher)));
    let inner = slot.clone();
    let spawned = std::thread::Builder::new().spawn(move || {
        let mut searcher = inner
            .lock()
            .ok()
            .and_then(|mut s| s.take())
            .expect("the searcher is handed over");
        let r = searcher.search(&v, &pos, &history, &limits, &mut |info| {
            if post.load(Ordering::Relaxed) {
                super::say(&out, &thinking_line(&v, info));
            }
        });
        let _ = tx.send(Event::Done(id));
        (searcher, r)
    });
    match spawned {
        Ok(handle) => Ok(Job {
            handle,
            flag,
            id,
            analysis,
        }),
        Err(e) => {
            let s = slot.lock().ok().and_then(|mut s| s.take());
            Err(Box::new((
                s.expect("the thread never started"),
                format!("the search thread could not start: {e}"),
            )))
        }
    }
}
