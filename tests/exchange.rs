//! The static exchange evaluation (`Variant::see`) on hand-made positions, in
//! chess and in xiangqi, whose cannons capture over a screen. Values are the
//! rule files' own piece values (chess: pawn 100, bishop 325, rook 500;
//! xiangqi: soldier 100, chariot 900); every exchange is played out in its
//! comment.

use myriad::load::load;
use myriad::movegen::Variant;
use myriad::notation::{parse_fen, parse_move};

fn see(rules: &str, fen: &str, mv: &str) -> Option<i32> {
    let root = env!("CARGO_MANIFEST_DIR");
    let game = load(std::path::Path::new(&format!("{root}/rules/{rules}")))
        .unwrap_or_else(|e| panic!("{}", e.rendered()));
    let v: &Variant = &game.variant;
    let mut pos = parse_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let before = pos.clone();
    let m = parse_move(v, &mut pos, mv).unwrap_or_else(|e| panic!("{mv}: {e:?}"));
    let s = v.see(&mut pos, m, |k| v.rules.pieces[k.index()].value);
    assert!(
        pos.board == before.board && pos.occ == before.occ,
        "the board is put back"
    );
    s
}

#[test]
fn chess_undefended_pawn() {
    // exd5 and nothing takes back: +100.
    let s = see("chess.variant", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5");
    assert_eq!(s, Some(100));
}

#[test]
fn chess_rook_takes_a_defended_pawn() {
    // Rxd5 cxd5: +100 - 500.
    let s = see(
        "chess.variant",
        "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1",
        "d1d5",
    );
    assert_eq!(s, Some(-400));
}

#[test]
fn chess_quiet_move_onto_an_attacked_square() {
    // Rd1-d5 takes nothing and cxd5 takes the rook: -500.
    let s = see("chess.variant", "4k3/8/2p5/8/8/8/8/3RK3 w - - 0 1", "d1d5");
    assert_eq!(s, Some(-500));
}

#[test]
fn chess_battery_behind_the_capturer() {
    // Rd2xd5 Rd8xd5 Rd1xd5: the rook d1 joins once d2 is empty. White ends
    // a pawn up: +100. (Black could also not take back: +100 as well.)
    let s = see(
        "chess.variant",
        "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1",
        "d2d5",
    );
    assert_eq!(s, Some(100));
}

#[test]
fn chess_king_cannot_take_back_into_an_attack() {
    // Rxd5: the king e6 defends d5, but the bishop b3 covers it too, so
    // Kxd5 is illegal and the pawn is won: +100.
    let s = see(
        "chess.variant",
        "8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1",
        "d1d5",
    );
    assert_eq!(s, Some(100));
    // Without the bishop, Kxd5 wins the rook: +100 - 500.
    let s = see("chess.variant", "8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5");
    assert_eq!(s, Some(-400));
}

#[test]
fn chess_moves_it_does_not_evaluate() {
    // Castling: no answer.
    let s = see("chess.variant", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
    assert_eq!(s, None);
}

#[test]
fn xiangqi_cannon_loses_its_screen() {
    // The cannon e1 attacks e6 over the chariot e3. Re3xe6 (+100) takes the
    // screen away, so after Ra6xe6 (-900) the cannon cannot take back:
    // -800. An exchange evaluation that counted the attackers before the
    // first capture would have Cxe6 (+900) and say +100.
    let fen = "5k3/9/9/9/r3p4/9/9/4R4/9/3KC4 w - - 0 1";
    assert_eq!(see("xiangqi.variant", fen, "e3e6"), Some(-800));
}

#[test]
fn xiangqi_cannon_gains_its_screen() {
    // With the advisor e2 the cannon e1 has two pieces before e6 and does
    // not attack it; Re3xe6 leaves the advisor its one screen. Re3xe6
    // (+100) Ra6xe6 (-900) Cxe6 (+900): +100.
    let fen = "5k3/9/9/9/r3p4/9/9/4R4/4A4/3KC4 w - - 0 1";
    assert_eq!(see("xiangqi.variant", fen, "e3e6"), Some(100));
}

#[test]
fn xiangqi_cannon_behind_the_defenders() {
    // The black cannon e10 is behind the advisor e9 and the chariot e8: two
    // pieces, no attack on e6, until the chariot has taken. Re4xe6 (+100)
    // Re8xe6 (-900); now Re3xe6 (+900) would be met by Ce10xe6 over e9
    // (-900), so White is 800 down whether it takes back or not: -800.
    // Counting only the attackers before the first capture (chariots e4 and
    // e3 against e8) gives +100.
    let fen = "4ck3/4a4/4r4/9/4p4/9/4R4/4R4/9/3K5 w - - 0 1";
    assert_eq!(see("xiangqi.variant", fen, "e4e6"), Some(-800));
}
