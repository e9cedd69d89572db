// Square names, moves and FEN for any rectangle up to 16x16 with holes: the
// page's reading of the notation that `myriad` prints.

export const FILES = "abcdefghijklmnop";

/** Geometry from the API's board: {files, ranks, holes}; files/ranks a count or a list of labels. */
export function geometry(board) {
  const fl = board.file_labels || board.files;
  const rl = board.rank_labels || board.ranks;
  const files = Array.isArray(fl) ? fl.map(String) : FILES.slice(0, fl).split("");
  const ranks = Array.isArray(rl) ? rl.map(String) : Array.from({ length: rl }, (_, i) => String(i + 1));
  const holes = new Set((board.holes || []).map(String));
  return { files, ranks, holes, width: files.length, height: ranks.length };
}

export const squareName = (geo, f, r) => geo.files[f] + geo.ranks[r];

/** Parse a square name into {f, r} indices, or null. */
export function parseSquare(geo, name) {
  const m = /^([a-z])(\d+)$/.exec(name || "");
  if (!m) return null;
  const f = geo.files.indexOf(m[1]);
  const r = geo.ranks.indexOf(m[2]);
  return f < 0 || r < 0 ? null : { f, r };
}

/**
 * A move as `myriad moves` prints it: e2e4, a7a8q, E@g1 (drop), f1i1.
 * Returns {from, to, promo} or {drop, to}, or null.
 */
export function parseMove(m) {
  let x = /^([A-Za-z]+)@([a-p]\d+)$/.exec(m || "");
  if (x) return { drop: x[1], to: x[2] };
  x = /^([a-p]\d+)([a-p]\d+)(.*)$/.exec(m || "");
  if (x) return { from: x[1], to: x[2], promo: x[3] || "" };
  return null;
}

/**
 * Parse a FEN placement (+ reserve in brackets) for this geometry.
 * Returns {squares: Map(name -> {letter, white, promoted}), reserves: {white: [[L, n]], black: [[L, n]]}, turn}.
 */
export function parseFen(geo, fen) {
  const parts = String(fen || "").trim().split(/\s+/);
  let placement = parts[0] || "";
  let reserveText = null;
  const br = /\[([^\]]*)\]/.exec(placement);
  if (br) {
    reserveText = br[1];
    placement = placement.replace(br[0], "");
  }
  const rows = placement.split("/");
  // A reserve may also be written as an extra rank after the last.
  if (reserveText === null && rows.length === geo.height + 1) reserveText = rows.pop();
  const squares = new Map();
  rows.forEach((row, i) => {
    const r = geo.height - 1 - i;
    let f = 0;
    let j = 0;
    while (j < row.length && f < geo.width + 1) {
      const ch = row[j];
      if (/\d/.test(ch)) {
        let n = "";
        while (j < row.length && /\d/.test(row[j])) n += row[j++];
        f += parseInt(n, 10);
        continue;
      }
      if (ch === "*") {
        f++;
        j++;
        continue;
      }
      let promoted = false;
      if (ch === "+") {
        promoted = true;
        j++;
      }
      const letter = row[j++];
      if (!letter) break;
      if (row[j] === "~") {
        promoted = true;
        j++;
      }
      if (f < geo.width && r >= 0) {
        squares.set(squareName(geo, f, r), { letter: letter.toUpperCase(), white: letter === letter.toUpperCase(), promoted });
      }
      f++;
    }
  });
  const reserves = { white: [], black: [] };
  if (reserveText) {
    const counts = { white: new Map(), black: new Map() };
    for (const m of reserveText.matchAll(/(\d*)([A-Za-z])/g)) {
      const n = m[1] ? parseInt(m[1], 10) : 1;
      const side = m[2] === m[2].toUpperCase() ? "white" : "black";
      const L = m[2].toUpperCase();
      counts[side].set(L, (counts[side].get(L) || 0) + n);
    }
    for (const side of ["white", "black"]) reserves[side] = [...counts[side].entries()];
  }
  const turn = parts[1] === "b" ? "black" : "white";
  return { squares, reserves, turn };
}

/** A name from a rule file, for people: `SwedishCannon` -> `Swedish Cannon`, `Gustav3` -> `Gustav 3`. */
export function pretty(name) {
  return String(name || "").replace(/([a-z])([A-Z0-9])/g, "$1 $2");
}
