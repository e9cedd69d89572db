// Piece figures, drawn for Myriad (no third-party set): each figure is SVG
// markup in a 100x100 box, base at y = 89. A figure is chosen by the piece's
// `figure` name from the API (never guessed from its name); any other piece is a disc
// with its letter.

const W = { fill: "#fbfaf6", line: "#1c1b1a", detail: "#1c1b1a" };
const B = { fill: "#2b2a29", line: "#0c0c0c", detail: "#ecebe6" };

const attrs = (c) => `fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"`;
const det = (c, w = 2.6) => `fill="none" stroke="${c.detail}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"`;
const pedestal = (c) => `<path d="M22 89 Q22 80 30 80 L70 80 Q78 80 78 89 Z" ${attrs(c)}/>`;

// The horse head, facing left, used by the knight and the compounds.
const HORSE =
  "M33 84 C33 72 40 64 50 58 C44 60 39 61 34 62 C27 67 18 63 18 56 C18 50 23 46 28 41 " +
  "C34 33 39 26 45 21 L47 11 L56 18 C70 20 81 34 81 51 C81 65 75 75 73 84 Z";
function horse(c, hatted) {
  const t = hatted ? `transform="translate(7 12) scale(0.86)"` : "";
  return `<g ${t}><path d="${HORSE}" ${attrs(c)}/>` +
    `<circle cx="40" cy="33" r="3" fill="${c.detail}"/>` +
    `<path d="M22 53 l3 1" ${det(c)}/>` +
    `<path d="M58 24 C70 30 75 42 74 60" ${det(c)}/></g>`;
}

const FIGURES = {
  pawn: (c) => pedestal(c) +
    `<path d="M31 80 C31 64 40 57 44 51 L56 51 C60 57 69 64 69 80 Z" ${attrs(c)}/>` +
    `<ellipse cx="50" cy="50" rx="12" ry="4" ${attrs(c)}/>` +
    `<circle cx="50" cy="34" r="12" ${attrs(c)}/>`,

  rook: (c) => pedestal(c) +
    `<path d="M31 80 L34 43 L66 43 L69 80 Z" ${attrs(c)}/>` +
    `<path d="M26 43 L26 21 L36 21 L36 28 L45 28 L45 21 L55 21 L55 28 L64 28 L64 21 L74 21 L74 43 Z" ${attrs(c)}/>` +
    `<path d="M35 49 L65 49 M33 73 L67 73" ${det(c)}/>`,

  bishop: (c) => pedestal(c) +
    `<path d="M40 65 C39 72 31 76 29 80 L71 80 C69 76 61 72 60 65 Z" ${attrs(c)}/>` +
    `<rect x="35" y="58" width="30" height="7" rx="2" ${attrs(c)}/>` +
    `<path d="M50 17 C36 30 32 45 38 58 L62 58 C68 45 64 30 50 17 Z" ${attrs(c)}/>` +
    `<circle cx="50" cy="13" r="5" ${attrs(c)}/>` +
    `<path d="M57 30 L46 43 M44 50 L56 50" ${det(c)}/>`,

  knight: (c) => pedestal(c) + horse(c, false),

  queen: (c) => pedestal(c) +
    `<path d="M27 80 L19 35 L33 58 L35 28 L44 56 L50 23 L56 56 L65 28 L67 58 L81 35 L73 80 Z" ${attrs(c)}/>` +
    [[19, 32], [35, 25], [50, 19], [65, 25], [81, 32]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" ${attrs(c)}/>`).join("") +
    `<path d="M29 70 L71 70" ${det(c)}/>`,

  king: (c) => pedestal(c) +
    `<path d="M27 80 C22 67 15 55 23 47 C31 39 44 44 50 55 C56 44 69 39 77 47 C85 55 78 67 73 80 Z" ${attrs(c)}/>` +
    `<path d="M50 55 C44 47 44 39 50 33 C56 39 56 47 50 55 Z" ${attrs(c)}/>` +
    `<path d="M50 11 L50 31 M42 18 L58 18" fill="none" stroke="${c.line}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M50 11 L50 31 M42 18 L58 18" fill="none" stroke="${c.fill}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="M29 70 C42 64 58 64 71 70" ${det(c)}/>`,

  // Perier: the eight lines it hops along, as a star above a bell.
  perier: (c) => pedestal(c) +
    `<path d="M30 80 C30 62 39 52 50 52 C61 52 70 62 70 80 Z" ${attrs(c)}/>` +
    `<path d="${star(50, 31, 20, 8, 8)}" ${attrs(c)}/>` +
    `<circle cx="50" cy="31" r="4" fill="${c.detail}"/>` +
    `<path d="M36 72 L64 72" ${det(c)}/>`,

  // Basilisk: the crowned serpent, coiled.
  basilisk: (c) => pedestal(c) +
    `<ellipse cx="50" cy="74" rx="25" ry="8" ${attrs(c)}/>` +
    `<ellipse cx="52" cy="64" rx="19" ry="7" ${attrs(c)}/>` +
    `<path d="M60 62 C74 50 70 38 58 33 C50 30 46 30 44 26" fill="none" stroke="${c.line}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M60 62 C74 50 70 38 58 33 C50 30 46 30 44 26" fill="none" stroke="${c.fill}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M28 27 C28 20 36 16 44 17 C52 18 54 26 50 31 C46 35 34 34 28 27 Z" ${attrs(c)}/>` +
    `<path d="M33 17 L35 7 L40 13 L44 5 L47 13 L52 8 L51 19 Z" ${attrs(c)}/>` +
    `<circle cx="40" cy="24" r="2.6" fill="${c.detail}"/>` +
    `<path d="M28 28 L20 30 M20 30 L16 27 M20 30 L17 34" fill="none" stroke="#c0392b" stroke-width="2.2" stroke-linecap="round"/>`,

  // Swedish Cannon: a barrel on a wheel.
  swedishcannon: (c) => cannon(c),
  cannon: (c) => cannon(c),

  // Culverin: a long, upright gun on its carriage, with the Perier's star.
  culverin: (c) => pedestal(c) +
    `<path d="M40 68 L42 24 L37 17 L63 17 L58 24 L60 68 Z" ${attrs(c)}/>` +
    `<path d="M42 30 L58 30 M41 44 L59 44" ${det(c)}/>` +
    `<path d="M24 80 L30 64 L70 64 L76 80 Z" ${attrs(c)}/>` +
    `<circle cx="33" cy="79" r="8" ${attrs(c)}/><circle cx="67" cy="79" r="8" ${attrs(c)}/>` +
    `<circle cx="33" cy="79" r="2.5" fill="${c.detail}"/><circle cx="67" cy="79" r="2.5" fill="${c.detail}"/>` +
    `<path d="${star(50, 55, 8, 3.5, 8)}" fill="${c.detail}" stroke="none"/>`,

  // Crab: the pawn that leaps sideways when blocked.
  crab: (c) =>
    `<path d="M30 66 L16 74 M32 71 L20 83 M36 74 L28 87 M70 66 L84 74 M68 71 L80 83 M64 74 L72 87" fill="none" stroke="${c.line}" stroke-width="4.5" stroke-linecap="round"/>` +
    `<path d="M36 55 C30 46 26 40 27 33 M64 55 C70 46 74 40 73 33" fill="none" stroke="${c.line}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M27 35 C16 33 14 20 22 15 L27 24 L31 14 C37 19 36 32 27 35 Z" ${attrs(c)}/>` +
    `<path d="M73 35 C84 33 86 20 78 15 L73 24 L69 14 C63 19 64 32 73 35 Z" ${attrs(c)}/>` +
    `<ellipse cx="50" cy="63" rx="24" ry="15" ${attrs(c)}/>` +
    `<path d="M44 49 L42 41 M56 49 L58 41" fill="none" stroke="${c.line}" stroke-width="3"/>` +
    `<circle cx="42" cy="40" r="3.5" ${attrs(c)}/><circle cx="58" cy="40" r="3.5" ${attrs(c)}/>` +
    `<path d="M38 63 C44 68 56 68 62 63" ${det(c)}/>`,

  // Compounds: the knight wearing the other piece's hat.
  amazon: (c) => pedestal(c) + horse(c, true) +
    `<path d="M33 26 L30 8 L39 18 L46 4 L53 17 L61 7 L60 26 Z" ${attrs(c)}/>` +
    `<circle cx="30" cy="7" r="3.4" ${attrs(c)}/><circle cx="46" cy="4" r="3.4" ${attrs(c)}/><circle cx="61" cy="6" r="3.4" ${attrs(c)}/>`,
  archbishop: (c) => pedestal(c) + horse(c, true) +
    `<path d="M46 3 C37 11 34 19 36 26 L58 26 C60 19 56 11 46 3 Z" ${attrs(c)}/>` +
    `<path d="M51 11 L45 19" ${det(c)}/>`,
  chancellor: (c) => pedestal(c) + horse(c, true) +
    `<path d="M32 27 L32 8 L39 8 L39 13 L44 13 L44 8 L50 8 L50 13 L55 13 L55 8 L62 8 L62 27 Z" ${attrs(c)}/>`,

  // Ferz and Met: one diagonal step, a diamond on a cone.
  ferz: (c) => counsellor(c),
  met: (c) => counsellor(c),

  // Alfil: the elephant.
  alfil: (c) => pedestal(c) +
    `<path d="M36 80 C36 70 40 64 46 60 L54 60 C60 64 64 70 64 80 Z" ${attrs(c)}/>` +
    `<ellipse cx="27" cy="42" rx="13" ry="17" ${attrs(c)}/><ellipse cx="73" cy="42" rx="13" ry="17" ${attrs(c)}/>` +
    `<path d="M50 20 C63 20 69 30 67 42 C65 51 58 55 56 58 C56 66 60 70 64 70 C66 70 67 73 64 75 C55 78 46 70 45 59 C40 55 33 50 33 40 C33 29 39 20 50 20 Z" ${attrs(c)}/>` +
    `<circle cx="43" cy="38" r="2.6" fill="${c.detail}"/><circle cx="57" cy="38" r="2.6" fill="${c.detail}"/>` +
    `<path d="M42 54 C38 60 36 62 33 62 M58 54 C62 60 64 62 67 62" fill="none" stroke="${c.line}" stroke-width="3" stroke-linecap="round"/>`,

  // Khon: a temple spire, stepped.
  khon: (c) => pedestal(c) +
    `<path d="M29 80 C29 66 38 59 50 59 C62 59 71 66 71 80 Z" ${attrs(c)}/>` +
    `<rect x="36" y="50" width="28" height="9" rx="2" ${attrs(c)}/>` +
    `<rect x="41" y="42" width="18" height="8" rx="2" ${attrs(c)}/>` +
    `<path d="M43 42 L50 12 L57 42 Z" ${attrs(c)}/>` +
    `<circle cx="50" cy="11" r="4" ${attrs(c)}/>` +
    `<path d="M36 72 L64 72" ${det(c)}/>`,

  // Mann: a man, steps like a king but is not royal.
  mann: (c) => pedestal(c) +
    `<path d="M25 80 C25 60 36 50 50 50 C64 50 75 60 75 80 Z" ${attrs(c)}/>` +
    `<circle cx="50" cy="35" r="12" ${attrs(c)}/>` +
    `<path d="M34 26 L66 26 L60 23 C58 14 42 14 40 23 Z" ${attrs(c)}/>` +
    `<path d="M42 58 L50 66 L58 58 M50 66 L50 78" ${det(c)}/>`,
};

function cannon(c) {
  return pedestal(c) +
    `<path d="M22 66 L66 25 L77 36 L35 78 Z" ${attrs(c)}/>` +
    `<path d="M63 22 L81 40" fill="none" stroke="${c.line}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M63 22 L81 40" fill="none" stroke="${c.fill}" stroke-width="3.5" stroke-linecap="round"/>` +
    `<path d="M44 47 L55 58" ${det(c)}/>` +
    `<circle cx="40" cy="68" r="13" ${attrs(c)}/>` +
    `<circle cx="40" cy="68" r="4" fill="${c.detail}"/>` +
    `<path d="M40 57 L40 79 M29 68 L51 68" ${det(c, 2)}/>`;
}

function counsellor(c) {
  return pedestal(c) +
    `<path d="M31 80 C33 66 41 58 44 52 L56 52 C59 58 67 66 69 80 Z" ${attrs(c)}/>` +
    `<ellipse cx="50" cy="51" rx="13" ry="4" ${attrs(c)}/>` +
    `<path d="M50 14 L67 32 L50 48 L33 32 Z" ${attrs(c)}/>` +
    `<path d="M50 22 L59 32 L50 41 L41 32 Z" ${det(c)}/>`;
}

function star(cx, cy, R, r, n) {
  let d = "";
  for (let i = 0; i < 2 * n; i++) {
    const a = (Math.PI * i) / n - Math.PI / 2;
    const rad = i % 2 ? r : R;
    d += (i ? "L" : "M") + (cx + rad * Math.cos(a)).toFixed(1) + " " + (cy + rad * Math.sin(a)).toFixed(1) + " ";
  }
  return d + "Z";
}

function disc(c, letter) {
  const fs = letter.length > 1 ? 34 : 46;
  return `<circle cx="50" cy="52" r="34" ${attrs(c)}/>` +
    `<circle cx="50" cy="52" r="28" ${det(c, 1.6)}/>` +
    `<text x="50" y="53" text-anchor="middle" dominant-baseline="central" font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" font-size="${fs}" fill="${c.detail}">${escapeXml(letter)}</text>`;
}

function escapeXml(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);
}

/** The figure key for a piece description {name, figure}: its `figure` only. */
export function figureKey(piece) {
  const k = String((piece && piece.figure) || "").toLowerCase().replace(/[^a-z]/g, "");
  return FIGURES[k] ? k : null;
}

/** SVG markup (no outer <svg>) for a piece: `piece` = {name, letter, figure}, white = bool. */
export function pieceMarkup(piece, white) {
  const c = white ? W : B;
  const key = figureKey(piece);
  return key ? FIGURES[key](c) : disc(c, (piece && piece.letter) || "?");
}

/** A standalone <svg> element string, for reserves, choosers and lists. */
export function pieceSvg(piece, white, size = 48) {
  return `<svg class="piece-svg" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">${pieceMarkup(piece, white)}</svg>`;
}

export const FIGURE_NAMES = Object.keys(FIGURES);
