//! Any bytes as a UCI session: one command per line, through the UCI engine
//! in-process (`Engine::command`, lines read as `run` reads them). Must
//! never panic, and every `go` must end in exactly one `bestmove`.
//!
//! So that no input can hang or exhaust the fuzzer, the target rewrites
//! what would be unbounded: every `go` gets ` depth 2 nodes 400` appended
//! (the last value of a parameter wins, and a node limit ends even
//! `go infinite`'s search; its `bestmove` then waits for the `stop` that
//! ends every input), at most 4 `go`s and 64 lines are passed per input,
//! `Hash` values above 64 MB and `VariantPath` (which reads files) are
//! dropped.
//!
//! One engine serves every input (building one loads every bundled rule
//! file); before each input it is stopped and its options, variant, hash
//! size and position reset to the defaults `uci` reports.
#![no_main]

use std::cell::RefCell;
use std::io::Write;
use std::sync::{Arc, Mutex};

use libfuzzer_sys::fuzz_target;
use myriad::protocol::uci::{Engine, Output, read_line};

/// Everything the engine writes, for counting `bestmove`s.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct State {
    engine: Engine,
    out: Shared,
    /// `setoption` commands that put the defaults back.
    reset: Vec<String>,
    /// The last input changed an option.
    dirty: bool,
}

fn state() -> State {
    let out = Shared::default();
    let output: Output = Arc::new(Mutex::new(Box::new(out.clone())));
    let mut engine = Engine::new(output);
    engine.command("uci");
    let text = String::from_utf8_lossy(&out.0.lock().unwrap()).into_owned();
    let mut reset = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("option name ") else {
            continue;
        };
        let (Some(t), Some(d)) = (rest.find(" type combo default "), rest.find(" default ")) else {
            continue;
        };
        let name = &rest[..t];
        let default = rest[d + 9..].split_whitespace().next().unwrap_or("");
        reset.push(format!("setoption name {name} value {default}"));
    }
    // The variant last: an option change reloads it anyway.
    reset.sort_by_key(|c| c.contains("UCI_Variant"));
    engine.command("setoption name Hash value 1");
    State {
        engine,
        out,
        reset,
        dirty: false,
    }
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// The command to pass for `line`, if any; counts `go`s. Words are split
/// as the engine splits them.
fn rewrite(line: &str, gos: &mut usize) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.first() {
        Some(&"go") => {
            if *gos >= 4 {
                return None;
            }
            *gos += 1;
            Some(format!("{line} depth 2 nodes 400"))
        }
        Some(&"setoption") => {
            let vpos = words.iter().position(|&w| w == "value");
            let name = words[1.min(words.len())..vpos.unwrap_or(words.len())].join(" ");
            let value = vpos.map(|i| words[i + 1..].join(" ")).unwrap_or_default();
            let name = name.to_ascii_lowercase();
            if name.contains("variantpath") {
                return None;
            }
            if name.contains("hash") && value.parse::<u64>().is_ok_and(|mb| mb > 64) {
                return None;
            }
            Some(line.to_string())
        }
        _ => Some(line.to_string()),
    }
}

fuzz_target!(|data: &[u8]| {
    STATE.with(|cell| {
        let mut cell = cell.borrow_mut();
        let st = cell.get_or_insert_with(state);
        st.engine.command("stop");
        if st.dirty {
            for c in st.reset.clone() {
                st.engine.command(&c);
            }
            st.dirty = false;
        }
        st.engine.command("setoption name Hash value 1");
        st.engine.command("ucinewgame");
        st.engine.command("position startpos");
        st.out.0.lock().unwrap().clear();

        let mut input = data;
        let mut buf = Vec::new();
        let mut gos = 0;
        for _ in 0..64 {
            let Some(line) = read_line(&mut input, &mut buf) else {
                break;
            };
            let line = match line {
                Ok(l) => l,
                Err(e) => {
                    st.engine.error(&e);
                    continue;
                }
            };
            let Some(cmd) = rewrite(&line, &mut gos) else {
                continue;
            };
            if cmd.split_whitespace().next() == Some("setoption") {
                st.dirty = true;
            }
            if !st.engine.command(&cmd) {
                break;
            }
        }
        st.engine.command("stop");
        let text = String::from_utf8_lossy(&st.out.0.lock().unwrap()).into_owned();
        let answers = text.lines().filter(|l| l.starts_with("bestmove ")).count();
        assert_eq!(answers, gos, "every go answers exactly one bestmove:\n{text}");
    });
});
