// Unit tests of the page's notation module (web/js/fen.js) in plain node:
// FEN with holes, multi-digit runs and reserves, moves and drops.
import assert from "node:assert/strict";
import { geometry, parseFen, parseMove, pretty } from "../../web/js/fen.js";

const gus = geometry({ files: 10, ranks: 8, holes: ["a2", "a3", "a4", "a5", "a6", "a7", "j2", "j3", "j4", "j5", "j6", "j7"] });
const p = parseFen(gus, "crnbqkbnrc/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/CRNBQKBNRC w KQkq - 0 1");
assert.equal(p.squares.size, 36);
assert.deepEqual(p.squares.get("a1"), { letter: "C", white: true, promoted: false });
assert.deepEqual(p.squares.get("j8"), { letter: "C", white: false, promoted: false });
assert.equal(p.squares.get("b2").letter, "P");
assert.equal(p.squares.get("i7").white, false);
assert.equal(p.turn, "white");

const chess = geometry({ files: 8, ranks: 8, holes: [] });
const q = parseFen(chess, "r1bqkbnr/pppppppp/2n5/8/6P1/5N2/PPPPPP1P/RNBQKBER[e] b KQkq g3 0 2");
assert.equal(q.squares.get("g1").letter, "E");
assert.equal(q.squares.get("g4").letter, "P");
assert.equal(q.squares.has("g2"), false);
assert.deepEqual(q.reserves, { white: [], black: [["E", 1]] });
assert.equal(q.turn, "black");
assert.deepEqual(parseFen(chess, "8/8/8/8/8/8/8/4K3[EEe2P] w - - 0 1").reserves, { white: [["E", 2], ["P", 2]], black: [["E", 1]] });

const big = geometry({ files: 16, ranks: 16, holes: [] });
const r = parseFen(big, "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/10K5 w - - 0 1");
assert.equal(r.squares.get("k1").letter, "K");
assert.equal(big.ranks[15], "16");

assert.deepEqual(parseMove("E@g1"), { drop: "E", to: "g1" });
assert.deepEqual(parseMove("f1i1"), { from: "f1", to: "i1", promo: "" });
assert.deepEqual(parseMove("a7a8q"), { from: "a7", to: "a8", promo: "q" });
assert.deepEqual(parseMove("a15a16c"), { from: "a15", to: "a16", promo: "c" });
assert.equal(parseMove("nonsense"), null);
assert.equal(pretty("SwedishCannon"), "Swedish Cannon");
console.log("unit: fen.js ok");
