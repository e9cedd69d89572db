// The game page: the board, the vote, the move list, the engine (a chosen
// strength, engine against engine, or two people at one screen), live
// analysis, FEN and PGN, and, under --watch, the rule file's diagnostics and
// test results in place of the board.

import { get, getText, post } from "./api.js";
import { BoardView } from "./board.js";
import { diagnosticsHtml, testsHtml } from "./diagnostics.js";
import { geometry, parseFen, parseMove, pretty } from "./fen.js";
import { pieceSvg } from "./pieces.js";

const esc = (s) => String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const cap = (s) => String(s || "").replace(/^./, (c) => c.toUpperCase());

const REASONS = {
  checkmate: "checkmate",
  stalemate: "stalemate",
  repetition: "threefold repetition",
  "no progress": "no progress (move rule)",
};

export class GamePage {
  constructor(root, { variantId, gameId, onGame }) {
    this.root = root;
    this.variantId = variantId;
    this.onGame = onGame || (() => {});
    this.gameId = gameId;
    this.state = null;
    this.view = null; // null: live; else a ply 0..history.length
    this.flipped = false;
    this.settings = loadSettings();
    this.engineBusy = false;
    this.eeRunning = false;
    this.analysis = null;
    this.token = 0;
    this.build();
    this.start().catch((e) => this.error(e));
  }

  // -------------------------------------------------------------------- setup
  build() {
    this.root.innerHTML = `
    <section class="game">
      <div class="game-main">
        <div class="board-area" id="board-area"></div>
        <div class="errors-area" id="errors-area" hidden></div>
      </div>
      <aside class="panel">
        <div class="status" id="status" aria-live="polite"></div>
        <div class="notice" id="notice" hidden></div>
        <div class="vote" id="vote" hidden></div>
        <div class="vote-outcome" id="vote-outcome" hidden></div>
        <div class="controls">
          <label>Play <select id="mode">
            <option value="white">as White vs engine</option>
            <option value="black">as Black vs engine</option>
            <option value="both">two players, one screen</option>
            <option value="none">engine vs engine</option>
          </select></label>
          <label>Strength <select id="level">${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `<option value="${n}">${n}</option>`).join("")}</select></label>
          <div class="buttons">
            <button id="new-game" title="A new game of this variant">New game</button>
            <button id="undo" title="Take back the last move">Undo</button>
            <button id="flip" title="Turn the board round">Flip</button>
            <button id="ee-toggle" hidden>Start</button>
          </div>
        </div>
        <div class="moves-box">
          <div class="moves-head"><span>Moves</span>
            <span class="nav">
              <button id="nav-first" title="Start position (Home)">«</button><button id="nav-prev" title="Back (←)">‹</button><button id="nav-next" title="Forward (→)">›</button><button id="nav-last" title="Current position (End)">»</button>
            </span></div>
          <ol class="moves" id="moves"></ol>
        </div>
        <div class="analysis-box">
          <label class="toggle"><input type="checkbox" id="analysis-on"> Live analysis</label>
          <div class="analysis" id="analysis"></div>
        </div>
        <details class="io">
          <summary>FEN and PGN</summary>
          <label>FEN <input id="fen" spellcheck="false"></label>
          <div class="buttons"><button id="copy-fen">Copy FEN</button><button id="load-fen">Load FEN</button></div>
          <label>PGN <textarea id="pgn" rows="5" spellcheck="false"></textarea></label>
          <div class="buttons"><button id="show-pgn">Show PGN</button><button id="copy-pgn">Copy PGN</button><button id="load-pgn">Load PGN</button></div>
          <div class="io-msg" id="io-msg"></div>
        </details>
        <div class="legend" id="legend" hidden></div>
        <div class="tests-box" id="tests" hidden></div>
      </aside>
    </section>`;
    const $ = (id) => this.root.querySelector("#" + id);
    this.$ = $;
    $("mode").value = this.settings.mode;
    $("level").value = String(this.settings.level);
    $("mode").onchange = () => {
      this.settings.mode = $("mode").value;
      saveSettings(this.settings);
      this.eeRunning = false;
      if (this.settings.mode === "black" && !this.flipped) this.setFlipped(true);
      if (this.settings.mode === "white" && this.flipped) this.setFlipped(false);
      this.afterState();
    };
    $("level").onchange = () => {
      this.settings.level = Number($("level").value);
      saveSettings(this.settings);
    };
    $("new-game").onclick = () => this.newGame().catch((e) => this.error(e));
    $("undo").onclick = () => this.undo().catch((e) => this.error(e));
    $("flip").onclick = () => this.setFlipped(!this.flipped);
    $("ee-toggle").onclick = () => {
      this.eeRunning = !this.eeRunning;
      this.afterState();
    };
    $("nav-first").onclick = () => this.goto(0);
    $("nav-prev").onclick = () => this.goto(this.viewPly() - 1);
    $("nav-next").onclick = () => this.goto(this.viewPly() + 1);
    $("nav-last").onclick = () => this.goto(null);
    $("analysis-on").onchange = () => this.updateAnalysis();
    $("copy-fen").onclick = () => copy($("fen").value, $("io-msg"), "FEN copied");
    $("load-fen").onclick = () => this.loadFen().catch((e) => this.ioError(e));
    $("show-pgn").onclick = () => this.showPgn().catch((e) => this.ioError(e));
    $("copy-pgn").onclick = () => this.showPgn().then((t) => copy(t, $("io-msg"), "PGN copied")).catch((e) => this.ioError(e));
    $("load-pgn").onclick = () => this.loadPgn().catch((e) => this.ioError(e));
    this.keyHandler = (e) => {
      if (e.target.closest && e.target.closest("input, textarea, select")) return;
      if (e.key === "ArrowLeft") this.goto(this.viewPly() - 1);
      else if (e.key === "ArrowRight") this.goto(this.viewPly() + 1);
      else if (e.key === "Home") this.goto(0);
      else if (e.key === "End") this.goto(null);
      else if (e.key === "f") this.setFlipped(!this.flipped);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", this.keyHandler);
  }

  destroy() {
    this.token++;
    window.removeEventListener("keydown", this.keyHandler);
    this.stopAnalysis();
  }

  async start() {
    await this.loadVariant();
    if (this.variant.status === "error" && !this.variant.board) {
      this.showErrors(this.variant);
      return;
    }
    if (this.gameId) {
      try {
        this.setState(await get(`/api/games/${this.gameId}`), false);
        return;
      } catch {
        /* gone (server restarted): a new game */
      }
    }
    await this.newGame();
  }

  async loadVariant(info) {
    this.variant = info || (await get(`/api/variants/${encodeURIComponent(this.variantId)}`));
    document.title = `${pretty(this.variant.name || this.variantId)} — Myriad`;
    const head = document.getElementById("variant-title");
    if (head) head.textContent = pretty(this.variant.name || this.variantId);
    if (this.variant.status === "error") this.showErrors(this.variant);
    else this.hideErrors();
    this.showTests(this.variant.tests);
    if (!this.variant.board) return;
    this.renderLegend();
    const geo = geometry(this.variant.board);
    const key = JSON.stringify([geo.files, geo.ranks, [...geo.holes]]);
    const letters = new Map((this.variant.pieces || []).map((p) => [p.letter.toUpperCase(), p]));
    this.pieceOf = (L) => letters.get(L) || { letter: L, name: L };
    if (this.board && this.geoKey === key) {
      this.board.pieceOf = this.pieceOf;
      return;
    }
    this.geo = geo;
    this.geoKey = key;
    this.board = new BoardView(this.$("board-area"), { geo, pieceOf: (L) => this.pieceOf(L), onMove: (m) => this.play(m) });
    this.board.flipped = this.flipped;
    this.board.showReserves = (this.variant.pieces || []).some((p) => p.droppable);
    this.board.draw();
  }

  async newGame(body) {
    this.token++;
    this.eeRunning = false;
    this.view = null;
    this.lastEngine = null;
    const state = await post("/api/games", body || { variant: this.variantId });
    this.setState(state, false);
  }

  // -------------------------------------------------------------------- state
  setState(state, animate = true) {
    const prev = this.state;
    this.state = state;
    this.gameId = state.id;
    this.onGame(state);
    if (prev && prev.id !== state.id) this.view = null;
    this.render(animate && prev && prev.id === state.id);
    this.afterState();
  }

  viewPly() {
    return this.view === null ? this.state.history.length : this.view;
  }

  fenAt(ply) {
    return ply === 0 ? this.state.start_fen : this.state.history[ply - 1].fen;
  }

  goto(ply) {
    if (!this.state) return;
    const n = this.state.history.length;
    if (ply !== null) ply = Math.max(0, Math.min(n, ply));
    const from = this.viewPly();
    this.view = ply === null || ply === n ? null : ply;
    this.render(Math.abs(this.viewPly() - from) === 1);
    this.updateAnalysis();
  }

  render(animate) {
    const s = this.state;
    if (!s || !this.board) return;
    const ply = this.viewPly();
    const live = this.view === null;
    const fen = live ? s.fen : this.fenAt(ply);
    const pos = parseFen(this.geo, fen);
    // The reserves' column: for a variant with drops, unless the game began with none (a vote said no).
    const start = parseFen(this.geo, s.start_fen);
    const hasAny = (p) => p.reserves.white.length + p.reserves.black.length > 0;
    this.board.showReserves = (this.variant.pieces || []).some((p) => p.droppable) && (s.vote_pending || hasAny(start) || hasAny(pos));
    this.board.setPosition(pos, { animate });
    this.board.setLegal(live && this.humanToMove() ? s.legal : []);
    // Marks: the last move, and the king in check.
    let lastMove = null;
    if (ply > 0) {
      const h = live && s.last_move ? s.last_move : s.history[ply - 1];
      const pm = parseMove(h.move);
      if (pm) lastMove = [h.from !== undefined ? h.from : pm.from || null, h.to || pm.to];
    }
    let check = null;
    const inCheck = live ? s.check : /[+#]$/.test((s.history[ply - 1] || {}).san || "");
    if (inCheck) {
      const royal = (this.variant.pieces || []).filter((p) => p.royal).map((p) => p.letter.toUpperCase());
      const royals = royal.length ? royal : ["K"];
      const white = pos.turn === "white";
      for (const [sq, pc] of pos.squares) if (pc.white === white && royals.includes(pc.letter)) check = sq;
    }
    this.board.setMarks({ lastMove, check });
    this.board.svg.dataset.ply = String(ply);
    this.board.svg.dataset.live = String(live);
    this.renderStatus();
    this.renderVote();
    this.renderMoves();
    this.$("fen").value = fen;
    this.$("undo").disabled = !s.history.length;
    const notice = this.$("notice");
    notice.hidden = !s.notice;
    notice.textContent = s.notice || "";
    if (s.notice && this.newRules) {
      const b = document.createElement("button");
      b.className = "link";
      b.id = "new-rules";
      b.textContent = "start a new game under the new rules";
      b.onclick = async () => {
        const info = this.newRules;
        this.newRules = null;
        try {
          await this.loadVariant(info || undefined);
          await this.newGame();
        } catch (e) {
          this.error(e);
        }
      };
      notice.append(" ", b);
    }
  }

  /** The pieces beyond the orthodox six, with their figures, names and letters. */
  renderLegend() {
    const orthodox = new Set(["king", "queen", "rook", "bishop", "knight", "pawn"]);
    const fairy = (this.variant.pieces || []).filter((p) => !orthodox.has(String(p.name).toLowerCase()));
    const box = this.$("legend");
    box.hidden = !fairy.length;
    box.innerHTML = fairy.length ? `<div class="box-title">Pieces of this game</div>` + fairy.map((p) =>
      `<div class="legend-row">${pieceSvg(p, true, 34)}${pieceSvg(p, false, 34)}<span><b>${esc(pretty(p.name))}</b> <span class="muted">(${esc(p.letter)})</span></span></div>`).join("") : "";
  }

  renderStatus() {
    const s = this.state;
    const el = this.$("status");
    el.className = "status";
    if (s.result) {
      const reason = REASONS[s.reason] || s.reason || "";
      const [first, second] = this.variant.players || ["white", "black"];
      const winner = s.result === "1-0" ? `${cap(first)} wins` : s.result === "0-1" ? `${cap(second)} wins` : "Draw";
      el.classList.add("over");
      el.innerHTML = `<span class="result">${esc(s.result)}</span> ${esc(winner)}${reason ? ` by ${esc(reason)}` : ""}`;
      el.dataset.result = s.result;
      el.dataset.reason = s.reason || "";
      return;
    }
    delete el.dataset.result;
    if (this.view !== null) {
      el.innerHTML = `Viewing move ${this.view} of ${s.history.length} <button class="link" id="back-live">back to the game</button>`;
      el.querySelector("#back-live").onclick = () => this.goto(null);
      return;
    }
    if (s.vote_pending) {
      el.textContent = "Before move 1: the vote";
      return;
    }
    const who = cap(s.turn);
    const thinking = this.engineBusy ? " — the engine is thinking…" : "";
    const e = this.lastEngine;
    const engineLine = e && e.san && !this.engineBusy
      ? `<span class="engine-line">engine played ${esc(e.san)}${e.depth ? `, depth ${esc(e.depth)}` : ""}${e.score_white ? `, ${esc(scoreText(e.score_white))}` : ""}</span>`
      : "";
    el.innerHTML = `<span class="dot ${esc(s.turn)}"></span><span>${esc(who)} to move${s.check ? ", <b>check</b>" : ""}${esc(thinking)}${engineLine}</span>`;
  }

  renderVote() {
    const s = this.state;
    const box = this.$("vote");
    const out = this.$("vote-outcome");
    const votes = s.votes || [];
    const open = votes.find((v) => v.asked);
    const opt = (name) => (this.variant.options || []).find((o) => o.name === name) || {};
    if (open && s.vote_pending) {
      const asked = open.asked;
      const byEngine = !this.isHuman(asked);
      box.hidden = false;
      const prev = (open.ballots || []).map((b) => `${cap(b.player)} said <b>${esc(b.answer)}</b>. `).join("");
      box.innerHTML = `<div class="vote-q">${prev}<b>${esc(cap(asked))}</b>: ${esc(open.prompt || opt(open.option).prompt || open.option)}</div>
        <div class="buttons">${byEngine ? `<span class="muted">the engine votes…</span>` : (open.choices || []).map((c) => `<button class="vote-choice" data-answer="${esc(c)}">${esc(cap(c))}</button>`).join("")}</div>`;
      box.querySelectorAll(".vote-choice").forEach((b) => {
        b.onclick = () => this.vote(asked, b.dataset.answer).catch((e) => this.error(e));
      });
    } else {
      box.hidden = true;
    }
    const decided = votes.filter((v) => v.result);
    out.hidden = !decided.length;
    out.innerHTML = decided.map((v) => {
      const ballots = (v.ballots || []).map((b) => `${cap(b.player)}: ${esc(b.answer)}`).join(", ");
      return `<div><b>The vote</b>: ${esc(v.prompt || opt(v.option).prompt || v.option)} ${ballots} → <b class="vote-result">${esc(v.result)}</b></div>`;
    }).join("");
  }

  renderMoves() {
    const s = this.state;
    const ol = this.$("moves");
    const startTurn = parseFen(this.geo, s.start_fen).turn;
    const fullmove = parseInt((s.start_fen || "").trim().split(/\s+/)[5], 10) || 1;
    const cur = this.viewPly();
    const parts = [];
    let num = fullmove;
    let i = 0;
    const cell = (k) => {
      const h = s.history[k];
      return `<button class="mv${k + 1 === cur ? " current" : ""}" data-ply="${k + 1}" title="${esc(h.move)}">${esc(h.san || h.move)}</button>`;
    };
    if (startTurn === "black" && s.history.length) {
      parts.push(`<li><span class="num">${num}.</span><span class="mv-empty">…</span>${cell(0)}</li>`);
      i = 1;
      num++;
    }
    for (; i < s.history.length; i += 2, num++) {
      parts.push(`<li><span class="num">${num}.</span>${cell(i)}${i + 1 < s.history.length ? cell(i + 1) : ""}</li>`);
    }
    if (s.result) parts.push(`<li class="res">${esc(s.result)}</li>`);
    ol.innerHTML = parts.join("") || `<li class="muted">No moves yet</li>`;
    ol.querySelectorAll(".mv").forEach((b) => (b.onclick = () => this.goto(Number(b.dataset.ply))));
    const curEl = ol.querySelector(".current");
    if (curEl) curEl.scrollIntoView({ block: "nearest" });
    else ol.scrollTop = ol.scrollHeight;
  }

  setFlipped(f) {
    this.flipped = f;
    if (this.board) {
      this.board.setFlipped(f);
      this.render(false);
    }
  }

  // ------------------------------------------------------------------ players
  isHuman(player) {
    const m = this.settings.mode;
    return m === "both" || m === player;
  }

  humanToMove() {
    const s = this.state;
    return !s.result && !s.vote_pending && this.isHuman(s.turn);
  }

  /** After each new state: let the engine vote or move when it is its turn. */
  afterState() {
    const s = this.state;
    if (!s) return;
    const ee = this.settings.mode === "none";
    const t = this.$("ee-toggle");
    t.hidden = !ee;
    t.textContent = this.eeRunning ? "Pause" : "Start";
    if (this.board) this.board.setLegal(this.view === null && this.humanToMove() ? s.legal : []);
    this.renderStatus();
    this.renderVote();
    this.updateAnalysis();
    if (s.result || this.engineBusy || this.view !== null) return;
    if (ee && !this.eeRunning) return;
    const open = (s.votes || []).find((v) => v.asked);
    if (s.vote_pending && open && !this.isHuman(open.asked)) {
      this.engineVote(open.asked);
    } else if (!s.vote_pending && !this.isHuman(s.turn)) {
      this.engineMove();
    }
  }

  async vote(player, answer) {
    this.setState(await post(`/api/games/${this.gameId}/vote`, { player, answer }), false);
  }

  async engineVote(player) {
    const token = this.token;
    this.engineBusy = true;
    try {
      const st = await post(`/api/games/${this.gameId}/vote`, { player, engine: true });
      this.engineBusy = false;
      if (token === this.token) this.setState(st, false);
      else this.afterState(); // the game changed meanwhile: look at the new one
    } catch (e) {
      this.engineBusy = false;
      this.error(e);
    }
  }

  async engineMove() {
    const token = this.token;
    const id = this.gameId;
    this.engineBusy = true;
    this.renderStatus();
    try {
      if (this.settings.mode === "none") await sleep(250);
      const st = await post(`/api/games/${id}/engine`, { level: this.settings.level });
      this.engineBusy = false;
      if (token === this.token && id === this.gameId) {
        this.lastEngine = st.engine;
        this.setState(st);
      } else {
        this.afterState();
      }
    } catch (e) {
      this.engineBusy = false;
      if (token !== this.token) {
        this.afterState();
        return;
      }
      if (e.status === 409) {
        this.setState(await get(`/api/games/${id}`), false);
      } else {
        this.eeRunning = false;
        this.error(e);
      }
    }
  }

  async play(move) {
    const token = ++this.token;
    try {
      const st = await post(`/api/games/${this.gameId}/moves`, { move });
      if (token === this.token) this.setState(st);
    } catch (e) {
      this.error(e);
      this.render(false);
    }
  }

  async undo() {
    this.token++;
    this.eeRunning = false;
    this.lastEngine = null;
    let st = await post(`/api/games/${this.gameId}/undo`);
    // Against the engine, take back its reply too, so that it is your turn again.
    if (st.history.length && !this.isHuman(st.turn) && this.settings.mode !== "none") {
      st = await post(`/api/games/${this.gameId}/undo`);
    }
    this.view = null;
    this.setState(st, true);
  }

  // ----------------------------------------------------------------- analysis
  updateAnalysis() {
    const on = this.$("analysis-on").checked && this.state && !this.state.vote_pending && !this.state.result && this.view === null;
    const key = on ? `${this.gameId}:${this.state.fen}` : null;
    if (this.analysis && this.analysis.key === key) return;
    this.stopAnalysis();
    const box = this.$("analysis");
    delete box.dataset.depth;
    if (!on) {
      box.innerHTML = this.$("analysis-on").checked && this.view !== null ? `<span class="muted">analysis follows the game's current position</span>` : "";
      return;
    }
    box.innerHTML = `<span class="muted">starting…</span>`;
    const es = new EventSource(`/api/games/${this.gameId}/analysis`);
    this.analysis = { key, es };
    es.addEventListener("info", (ev) => {
      let d;
      try { d = JSON.parse(ev.data); } catch { return; }
      box.innerHTML = `<div class="an-line"><span class="an-score">${esc(scoreText(d.score_white))}</span>
        <span class="an-depth">depth ${esc(d.depth)}${d.seldepth ? "/" + esc(d.seldepth) : ""}</span>
        <span class="an-nps">${esc(fmtNps(d.nps))}</span></div>
        <div class="an-pv">${esc((d.pv || []).join(" "))}</div>`;
      box.dataset.depth = d.depth;
    });
    es.addEventListener("done", () => es.close());
    es.onerror = () => es.close();
  }

  stopAnalysis() {
    if (this.analysis) this.analysis.es.close();
    this.analysis = null;
  }

  // -------------------------------------------------------------- FEN and PGN
  async loadFen() {
    const fen = this.$("fen").value.trim();
    const body = { variant: this.variantId, fen };
    if (this.state && this.state.options && Object.keys(this.state.options).length) body.options = this.state.options;
    await this.newGame(body);
    this.$("io-msg").textContent = "FEN loaded";
  }

  async showPgn() {
    const t = await getText(`/api/games/${this.gameId}/pgn`);
    this.$("pgn").value = t;
    return t;
  }

  async loadPgn() {
    await this.newGame({ pgn: this.$("pgn").value, variant: this.variantId });
    this.$("io-msg").textContent = "PGN loaded";
  }

  ioError(e) {
    this.$("io-msg").textContent = e.message;
    this.$("io-msg").classList.add("err");
  }

  // -------------------------------------------------------------- the watcher
  /** A reload event for this variant (docs/api.md, Watching rule files). */
  async reloaded(ev) {
    if (ev.status === "error") {
      this.showErrors(ev);
      this.showTests(null);
      return;
    }
    const mine = (ev.games || []).find((g) => g.id === this.gameId);
    if (this.state && mine && mine.kept === false) {
      // The game goes on under its old rules (and board): offer the new ones.
      this.newRules = ev.info;
      this.hideErrors();
      this.showTests(ev.tests);
      this.setState(await get(`/api/games/${this.gameId}`), false);
      return;
    }
    this.newRules = null;
    await this.loadVariant(ev.info || undefined);
    this.showTests(ev.tests);
    if (this.gameId) {
      try {
        this.setState(await get(`/api/games/${this.gameId}`), false);
      } catch {
        await this.newGame();
      }
    } else {
      await this.newGame();
    }
  }

  showErrors(info) {
    const area = this.$("errors-area");
    area.hidden = false;
    area.innerHTML = `<div class="errors-head">The rule file has errors — fix it and save: the board comes back.</div>` +
      diagnosticsHtml(info.diagnostics, info.rendered);
    this.$("board-area").hidden = true;
    this.root.querySelector(".game").classList.add("broken");
    if (!this.state) this.$("status").textContent = "Waiting for the rule file to load";
  }

  hideErrors() {
    this.$("errors-area").hidden = true;
    this.$("board-area").hidden = false;
    this.root.querySelector(".game").classList.remove("broken");
  }

  showTests(tests) {
    const box = this.$("tests");
    box.hidden = !tests || !tests.length;
    box.innerHTML = tests && tests.length ? `<div class="box-title">The file's tests</div>` + testsHtml(tests) : "";
  }

  error(e) {
    const el = this.$("status");
    el.classList.add("error");
    el.textContent = e.message || String(e);
    console.warn(e);
  }
}

function scoreText(score) {
  if (!score) return "";
  if (score.mate !== undefined && score.mate !== null) return `#${score.mate}`;
  const v = (score.cp || 0) / 100;
  return (v > 0 ? "+" : "") + v.toFixed(2);
}

function fmtNps(nps) {
  if (!nps) return "";
  return nps >= 1e6 ? `${(nps / 1e6).toFixed(1)} Mn/s` : `${Math.round(nps / 1000)} kn/s`;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function copy(text, msgEl, ok) {
  try {
    await navigator.clipboard.writeText(text);
    msgEl.textContent = ok;
  } catch {
    msgEl.textContent = "Select the text and copy it (the clipboard is not available here)";
  }
}

function loadSettings() {
  try {
    const s = JSON.parse(localStorage.getItem("myriad-settings") || "{}");
    return { mode: s.mode || "white", level: s.level || 3 };
  } catch {
    return { mode: "white", level: 3 };
  }
}

function saveSettings(s) {
  try {
    localStorage.setItem("myriad-settings", JSON.stringify(s));
  } catch { /* private mode */ }
}
