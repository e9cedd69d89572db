//! Any text as a FEN of orthodox chess: parse; if it parses, print it back,
//! re-parse (must be equal) and generate moves. Must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use myriad::load::{Game, load};
use myriad::movegen::perft;
use myriad::notation::{parse_fen, write_fen};
use std::sync::OnceLock;

fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/chess.variant");
        match load(std::path::Path::new(path)) {
            Ok(g) => g,
            Err(e) => panic!("{}", e.rendered()),
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let v = &game().variant;
    if let Ok(mut pos) = parse_fen(v, text) {
        let printed = write_fen(v, &pos);
        let again = parse_fen(v, &printed).expect("a printed FEN parses");
        assert_eq!(again, pos, "round trip");
        let _ = perft(v, &mut pos, 2);
    }
});
