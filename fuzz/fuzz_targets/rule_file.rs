//! Any text as a rule file: parse, lower, compile, and if it loads, generate
//! moves from its start position. Must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use myriad::load::load_source;
use myriad::movegen::perft;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Named as if it sat in rules/, so `import "chess.variant"` resolves and
    // the fuzzer reaches lowering and move generation, not just imports.
    let name = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/fuzz-input.variant");
    if let Ok(game) = load_source(name, text) {
        let v = &game.variant;
        let mut pos = v.start_position();
        let _ = perft(v, &mut pos, 2);
    }
});
