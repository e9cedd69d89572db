// The board: an SVG drawn from the variant's geometry (any rectangle up to
// 16x16, holes left out), pieces, labels, highlights, click-click and drag
// moves with the legal targets shown, drops from the reserve, the promotion
// chooser, and moves animated from the difference of two positions.

import { parseMove, parseSquare, pretty, squareName } from "./fen.js";
import { pieceMarkup, pieceSvg } from "./pieces.js";

const NS = "http://www.w3.org/2000/svg";
const S = 100; // one square in SVG units
const M = 36; // margin for the labels

const el = (name, attrs = {}, parent) => {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
};

export class BoardView {
  /**
   * container: element to draw in; geo: from fen.geometry; pieceOf(letter) -> {name, letter, figure};
   * onMove(move): called with a legal move string.
   */
  constructor(container, { geo, pieceOf, onMove }) {
    this.geo = geo;
    this.pieceOf = pieceOf;
    this.onMove = onMove;
    this.flipped = false;
    this.legal = [];
    this.position = null;
    this.marks = {};
    this.selected = null; // {from} or {drop}
    this.container = container;
    this.root = document.createElement("div");
    this.root.className = "board-wrap";
    container.replaceChildren(this.root);
    this.reserveTop = document.createElement("div");
    this.reserveTop.className = "reserve reserve-top";
    this.boardBox = document.createElement("div");
    this.boardBox.className = "board-box";
    this.reserveBottom = document.createElement("div");
    this.reserveBottom.className = "reserve reserve-bottom";
    this.root.append(this.reserveTop, this.boardBox, this.reserveBottom);
    this.svg = el("svg", { class: "board", role: "img", "aria-label": "board" });
    this.boardBox.appendChild(this.svg);
    this.draw();
  }

  // ---------------------------------------------------------------- geometry
  xy(name) {
    const s = parseSquare(this.geo, name);
    if (!s) return null;
    const x = this.flipped ? this.geo.width - 1 - s.f : s.f;
    const y = this.flipped ? s.r : this.geo.height - 1 - s.r;
    return { x: this.m + x * S, y: y * S };
  }

  squareAt(clientX, clientY) {
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    const x = Math.floor((p.x - this.m) / S);
    const y = Math.floor(p.y / S);
    if (x < 0 || y < 0 || x >= this.geo.width || y >= this.geo.height) return null;
    const f = this.flipped ? this.geo.width - 1 - x : x;
    const r = this.flipped ? y : this.geo.height - 1 - y;
    const name = squareName(this.geo, f, r);
    return this.geo.holes.has(name) ? null : name;
  }

  // ------------------------------------------------------------------ layers
  draw() {
    const { width, height } = this.geo;
    // Labels grow with the board, so that they stay legible on 16x16.
    const k = Math.max(1, Math.max(width, height) / 10);
    this.m = Math.round(M * k);
    this.labelSize = Math.round(24 * k);
    this.svg.replaceChildren();
    this.svg.setAttribute("viewBox", `0 0 ${this.m + width * S + 8} ${height * S + this.m}`);
    // As large as the window allows: the board's height fits the viewport.
    const aspect = (this.m + width * S + 8) / (height * S + this.m);
    this.sizer().style.setProperty("--board-max", `calc((100vh - 100px) * ${aspect.toFixed(4)})`);
    this.svg.dataset.files = width;
    this.svg.dataset.ranks = height;
    this.lSquares = el("g", { class: "squares" }, this.svg);
    this.lMarks = el("g", { class: "marks" }, this.svg);
    this.lLabels = el("g", { class: "labels" }, this.svg);
    this.lPieces = el("g", { class: "pieces" }, this.svg);
    this.lTargets = el("g", { class: "targets" }, this.svg);
    this.lDrag = el("g", { class: "drag" }, this.svg);
    for (let f = 0; f < width; f++) {
      for (let r = 0; r < height; r++) {
        const name = squareName(this.geo, f, r);
        if (this.geo.holes.has(name)) continue;
        const { x, y } = this.xy(name);
        el("rect", { class: `sq ${(f + r) % 2 ? "light" : "dark"}`, x, y, width: S, height: S, "data-square": name }, this.lSquares);
      }
    }
    // File labels under the board, rank labels to its left.
    for (let f = 0; f < width; f++) {
      const x = this.flipped ? width - 1 - f : f;
      const t = el("text", { class: "label", "font-size": this.labelSize, x: this.m + x * S + S / 2, y: height * S + this.m * 0.7, "text-anchor": "middle" }, this.lLabels);
      t.textContent = this.geo.files[f];
    }
    for (let r = 0; r < height; r++) {
      const y = this.flipped ? r : height - 1 - r;
      const t = el("text", { class: "label", "font-size": this.labelSize, x: this.m * 0.45, y: y * S + S / 2, "text-anchor": "middle", "dominant-baseline": "central" }, this.lLabels);
      t.textContent = this.geo.ranks[r];
    }
    this.svg.onpointerdown = (e) => this.pointerDown(e);
    if (this.position) this.renderPieces();
    this.renderMarks();
    this.renderReserves();
  }

  /** The element whose width follows the board's (the page's board column). */
  sizer() {
    return this.container.closest(".game-main") || this.root;
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.draw();
  }

  /** Set the position (from fen.parseFen); animate = show the pieces that moved travelling. */
  setPosition(position, { animate = false } = {}) {
    const before = this.position;
    this.position = position;
    this.selected = null;
    this.renderPieces();
    this.renderTargets();
    this.renderReserves();
    if (animate && before) this.animateFrom(before);
  }

  /** The legal moves the user may make now (empty = the board only shows). */
  setLegal(legal) {
    this.legal = legal || [];
    this.selected = null;
    // How many moves the user may make now: the browser test waits on it.
    if (this.svg) this.svg.dataset.legal = String(this.legal.length);
    this.renderTargets();
    this.renderReserves();
  }

  /** marks: {lastMove: [from, to], check: square, dropSquare} */
  setMarks(marks) {
    this.marks = marks || {};
    this.renderMarks();
  }

  renderMarks() {
    if (!this.lMarks) return;
    this.lMarks.replaceChildren();
    const lm = this.marks.lastMove || [];
    for (const sq of lm) {
      const p = sq && this.xy(sq);
      if (p) el("rect", { class: "mark-last", x: p.x, y: p.y, width: S, height: S }, this.lMarks);
    }
    if (this.marks.check) {
      const p = this.xy(this.marks.check);
      if (p) el("rect", { class: "mark-check", x: p.x, y: p.y, width: S, height: S, "data-square": this.marks.check }, this.lMarks);
    }
    if (this.selected && this.selected.from) {
      const p = this.xy(this.selected.from);
      if (p) el("rect", { class: "mark-selected", x: p.x, y: p.y, width: S, height: S }, this.lMarks);
    }
  }

  pieceNode(sq, pc) {
    const p = this.xy(sq);
    const g = el("g", { class: "piece", "data-square": sq, "data-piece": pc.letter, "data-color": pc.white ? "w" : "b", transform: `translate(${p.x} ${p.y})` });
    const inner = el("g", { class: "piece-inner" }, g);
    inner.innerHTML = pieceMarkup(this.pieceOf(pc.letter), pc.white);
    return g;
  }

  renderPieces() {
    this.lPieces.replaceChildren();
    if (!this.position) return;
    for (const [sq, pc] of this.position.squares) {
      if (!this.xy(sq)) continue;
      this.lPieces.appendChild(this.pieceNode(sq, pc));
    }
  }

  /** Find what moved between `before` and the current position, and show it travelling. */
  animateFrom(before) {
    const after = this.position;
    const same = (a, b) => a && b && a.letter === b.letter && a.white === b.white;
    const gone = [];
    const came = [];
    for (const [sq, pc] of before.squares) if (!same(pc, after.squares.get(sq))) gone.push({ sq, pc });
    for (const [sq, pc] of after.squares) if (!same(pc, before.squares.get(sq))) came.push({ sq, pc });
    const moves = [];
    const dist = (a, b) => {
      const p = this.xy(a), q = this.xy(b);
      return Math.hypot(p.x - q.x, p.y - q.y);
    };
    for (const c of came) {
      let best = -1;
      gone.forEach((g, i) => {
        if (g.used || !same(g.pc, c.pc)) return;
        if (best < 0 || dist(g.sq, c.sq) < dist(gone[best].sq, c.sq)) best = i;
      });
      // A promotion: the piece that left a square is not the one that came.
      if (best < 0) gone.forEach((g, i) => { if (best < 0 && !g.used && g.pc.white === c.pc.white && dist(g.sq, c.sq) <= 1.5 * S * 1.5) best = i; });
      if (best >= 0) {
        gone[best].used = true;
        moves.push({ from: gone[best].sq, to: c.sq });
      } else {
        moves.push({ from: null, to: c.sq }); // from the reserve
      }
    }
    this.lastAnimation = moves.map((m) => `${m.from || "@"}-${m.to}`).sort().join(" ");
    this.svg.dataset.animated = this.lastAnimation;
    // Every animation of the last few moves, for the browser test to read.
    this.animLog = [...(this.animLog || []).slice(-15), this.lastAnimation];
    this.svg.dataset.animlog = this.animLog.join(" | ");
    const dragged = this.draggedTo;
    this.draggedTo = null;
    for (const m of moves) {
      if (m.to === dragged) continue; // the hand already carried it there
      const node = this.lPieces.querySelector(`g.piece[data-square="${m.to}"] .piece-inner`);
      if (!node || !node.animate) continue;
      if (m.from) {
        const p = this.xy(m.from), q = this.xy(m.to);
        node.animate([{ transform: `translate(${p.x - q.x}px, ${p.y - q.y}px)` }, { transform: "translate(0px, 0px)" }], { duration: 320, easing: "ease-out" });
      } else {
        node.animate([{ transform: "translate(50px, 50px) scale(0.2)", opacity: 0 }, { transform: "translate(0px, 0px) scale(1)", opacity: 1 }], { duration: 320, easing: "ease-out" });
      }
    }
  }

  // --------------------------------------------------------------- selection
  movesFrom(sel) {
    return this.legal.filter((m) => {
      const p = parseMove(m);
      if (!p) return false;
      return sel.drop ? p.drop && p.drop.toUpperCase() === sel.drop : p.from === sel.from;
    });
  }

  renderTargets() {
    this.lTargets.replaceChildren();
    this.renderMarks();
    if (!this.selected) return;
    const seen = new Set();
    for (const m of this.movesFrom(this.selected)) {
      const to = parseMove(m).to;
      if (seen.has(to)) continue;
      seen.add(to);
      const p = this.xy(to);
      if (!p) continue;
      const occupied = this.position && this.position.squares.has(to);
      el(occupied ? "circle" : "circle", occupied
        ? { class: "target capture", cx: p.x + S / 2, cy: p.y + S / 2, r: S / 2 - 6, "data-square": to }
        : { class: "target", cx: p.x + S / 2, cy: p.y + S / 2, r: S * 0.15, "data-square": to }, this.lTargets);
    }
  }

  select(sel) {
    this.selected = sel && this.movesFrom(sel).length ? sel : null;
    this.renderTargets();
    this.renderReserves();
  }

  /** Try to move from the selection to `to`: one legal move, or the promotion chooser. */
  tryMove(to) {
    const cands = this.movesFrom(this.selected).filter((m) => parseMove(m).to === to);
    if (!cands.length) return false;
    this.selected = null;
    this.renderTargets();
    const mover = this.position && cands[0] && this.position.squares.get(parseMove(cands[0]).from || "");
    if (cands.length === 1) this.onMove(cands[0]);
    else this.choosePromotion(cands, mover ? mover.white : this.position.turn === "white");
    return true;
  }

  choosePromotion(cands, white) {
    this.boardBox.querySelectorAll(".chooser").forEach((c) => c.remove());
    const box = document.createElement("div");
    box.className = "chooser";
    box.setAttribute("role", "dialog");
    const title = document.createElement("div");
    title.className = "chooser-title";
    title.textContent = "Promote to";
    box.appendChild(title);
    const row = document.createElement("div");
    row.className = "chooser-row";
    const value = (m) => {
      const suffix = parseMove(m).promo.replace(/^[=+]/, "");
      return suffix ? this.pieceOf(suffix.toUpperCase()).value ?? 0 : -1;
    };
    cands = [...cands].sort((a, b) => value(b) - value(a));
    for (const m of cands) {
      const suffix = parseMove(m).promo.replace(/^[=+]/, "");
      const b = document.createElement("button");
      b.className = "chooser-choice";
      b.dataset.move = m;
      if (suffix) {
        const pc = this.pieceOf(suffix.toUpperCase());
        b.innerHTML = pieceSvg(pc, white, 64) + `<span>${pretty(pc.name || suffix)}</span>`;
      } else {
        b.innerHTML = `<span class="nopromo">stay</span>`;
      }
      b.onclick = () => {
        box.remove();
        this.onMove(m);
      };
      row.appendChild(b);
    }
    box.appendChild(row);
    const cancel = document.createElement("button");
    cancel.className = "chooser-cancel";
    cancel.textContent = "Cancel";
    cancel.onclick = () => box.remove();
    box.appendChild(cancel);
    this.boardBox.appendChild(box);
  }

  // ------------------------------------------------------------------ pointer
  pointerDown(e) {
    if (e.button !== 0) return;
    const sq = this.squareAt(e.clientX, e.clientY);
    if (!sq) return;
    if (this.selected && this.tryMove(sq)) return;
    const pc = this.position && this.position.squares.get(sq);
    if (!pc || !this.movesFrom({ from: sq }).length) {
      this.select(null);
      return;
    }
    const wasSelected = this.selected && this.selected.from === sq;
    this.select({ from: sq });
    // Drag: a ghost follows the pointer; released on a target, it moves.
    const node = this.lPieces.querySelector(`g.piece[data-square="${sq}"]`);
    const start = { x: e.clientX, y: e.clientY };
    let ghost = null;
    let hover = null;
    const move = (ev) => {
      if (!ghost && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 6) return;
      const pt = this.svg.createSVGPoint();
      pt.x = ev.clientX;
      pt.y = ev.clientY;
      const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
      if (!ghost) {
        ghost = node.cloneNode(true);
        ghost.classList.add("ghost");
        this.lDrag.appendChild(ghost);
        node.classList.add("dragging");
      }
      ghost.setAttribute("transform", `translate(${p.x - S / 2} ${p.y - S / 2})`);
      // The target under the pointer is outlined.
      const over = this.squareAt(ev.clientX, ev.clientY);
      const ok = over && over !== sq && this.movesFrom({ from: sq }).some((m) => parseMove(m).to === over);
      if (!hover) hover = el("rect", { class: "drag-over", width: S, height: S }, this.lTargets);
      hover.style.display = ok ? "" : "none";
      if (ok) {
        const q = this.xy(over);
        hover.setAttribute("x", q.x);
        hover.setAttribute("y", q.y);
      }
    };
    const up = (ev) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (!ghost) {
        if (wasSelected) this.select(null);
        return;
      }
      ghost.remove();
      if (hover) hover.remove();
      node.classList.remove("dragging");
      const to = this.squareAt(ev.clientX, ev.clientY);
      this.draggedTo = to;
      if (!(to && to !== sq && this.tryMove(to))) {
        this.draggedTo = null;
        if (to !== sq) this.select(null);
      }
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    e.preventDefault();
  }

  // ----------------------------------------------------------------- reserves
  renderReserves() {
    if (!this.reserveTop) return;
    const pos = this.position;
    const has = pos && (pos.reserves.white.length || pos.reserves.black.length);
    this.root.classList.toggle("has-reserves", !!has || !!this.showReserves);
    this.sizer().style.setProperty("--reserve-w", has || this.showReserves ? "96px" : "0px");
    const fill = (box, side) => {
      box.replaceChildren();
      box.dataset.side = side;
      if (!pos) return;
      const label = document.createElement("span");
      label.className = "reserve-label";
      label.textContent = side === "white" ? "White's reserve" : "Black's reserve";
      box.appendChild(label);
      const list = pos.reserves[side];
      if (!list.length) {
        const none = document.createElement("span");
        none.className = "reserve-empty";
        none.textContent = "empty";
        box.appendChild(none);
      }
      for (const [L, n] of list) {
        const b = document.createElement("button");
        b.className = "reserve-piece";
        b.dataset.piece = L;
        b.dataset.side = side;
        const canDrop = pos.turn === side && this.movesFrom({ drop: L }).length > 0;
        b.disabled = !canDrop;
        if (this.selected && this.selected.drop === L && pos.turn === side) b.classList.add("selected");
        b.innerHTML = pieceSvg(this.pieceOf(L), side === "white", 56) + (n > 1 ? `<span class="count">${n}</span>` : "");
        b.title = `${pretty(this.pieceOf(L).name || L)}: ${canDrop ? "click, then a highlighted square" : "no drop now"}`;
        b.onclick = () => this.select(this.selected && this.selected.drop === L ? null : { drop: L });
        box.appendChild(b);
      }
    };
    fill(this.flipped ? this.reserveBottom : this.reserveTop, "black");
    fill(this.flipped ? this.reserveTop : this.reserveBottom, "white");
  }
}

/** A small, static picture of a position (the menu's previews). */
export function staticBoardSvg(geo, position, pieceOf) {
  const parts = [];
  for (let f = 0; f < geo.width; f++) {
    for (let r = 0; r < geo.height; r++) {
      const name = squareName(geo, f, r);
      if (geo.holes.has(name)) continue;
      const x = f * S, y = (geo.height - 1 - r) * S;
      parts.push(`<rect class="sq ${(f + r) % 2 ? "light" : "dark"}" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
      const pc = position && position.squares.get(name);
      if (pc) parts.push(`<g transform="translate(${x} ${y})">${pieceMarkup(pieceOf(pc.letter), pc.white)}</g>`);
    }
  }
  return `<svg class="board mini" viewBox="0 0 ${geo.width * S} ${geo.height * S}" aria-hidden="true">${parts.join("")}</svg>`;
}
