// The page's entry: the menu of served variants (the front page), the game
// page for one of them, and the subscription to the watcher's reload events.

import { get } from "./api.js";
import { staticBoardSvg } from "./board.js";
import { geometry, parseFen, pretty } from "./fen.js";
import { GamePage } from "./game.js";
import { figureKey, pieceSvg } from "./pieces.js";

const main = document.getElementById("main");
const title = document.getElementById("variant-title");
let page = null;
let menuCache = null;
const ORTHODOX = new Set(["king", "queen", "rook", "bishop", "knight", "pawn"]);
const esc = (s) => String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

function route() {
  if (page && page.destroy) page.destroy();
  page = null;
  const h = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (h[0] === "play" && h[1]) {
    title.textContent = h[1];
    document.body.dataset.page = "game";
    page = new GamePage(main, {
      variantId: h[1],
      gameId: h[2] || null,
      onGame: (st) => {
        const want = `#/play/${encodeURIComponent(h[1])}/${encodeURIComponent(st.id)}`;
        if (location.hash !== want) history.replaceState(null, "", want);
      },
    });
  } else {
    document.body.dataset.page = "menu";
    title.textContent = "";
    document.title = "Myriad — chess variants from rule files";
    showMenu().catch((e) => {
      main.innerHTML = `<p class="error">Cannot reach the server: ${esc(e.message)}</p>`;
    });
  }
}

async function showMenu() {
  main.innerHTML = `<section class="menu"><div class="intro"><h1>Choose a game</h1>
    <p>Every board here is drawn from its rule file: the squares, the pieces and their moves. Pick a variant to play it against the engine, watch the engine play itself, or play a friend at this screen.</p></div>
    <div class="cards" id="cards"><p class="muted">Loading the variants…</p></div></section>`;
  const list = await get("/api/variants");
  const infos = await Promise.all(list.map((v) => (v.board || v.status === "error" ? v : get(`/api/variants/${encodeURIComponent(v.id)}`).catch(() => v))));
  menuCache = infos;
  const cards = document.getElementById("cards");
  if (!cards) return;
  cards.innerHTML = infos.map(card).join("");
}

function card(v) {
  const href = `#/play/${encodeURIComponent(v.id)}`;
  if (!v.board) {
    return `<a class="card broken" href="${href}" data-variant="${esc(v.id)}"><div class="card-body"><h2>${esc(pretty(v.name || v.id))}</h2>
      <div class="card-id">${esc(v.id)}</div><p class="error">The rule file has errors: open it to see them.</p></div></a>`;
  }
  const geo = geometry(v.board);
  const letters = new Map((v.pieces || []).map((p) => [p.letter.toUpperCase(), p]));
  const pieceOf = (L) => letters.get(L) || { letter: L, name: L };
  let preview = "";
  try {
    preview = staticBoardSvg(geo, parseFen(geo, v.start_fen), pieceOf);
  } catch { /* a preview is a nicety */ }
  const fairy = (v.pieces || []).filter((p) => !ORTHODOX.has(figureKey(p) || "") || !ORTHODOX.has(String(p.name).toLowerCase()));
  const squares = v.board.squares ?? geo.width * geo.height - geo.holes.size;
  const extras = fairy.map((p) => `<span class="fairy" title="${esc(pretty(p.name))} (${esc(p.letter)})">${pieceSvg(p, true, 28)}${esc(pretty(p.name))}</span>`).join("");
  const opts = (v.options || []).length ? `<div class="card-opt">${(v.options || []).map((o) => esc(o.prompt || o.name)).join(" · ")}</div>` : "";
  return `<a class="card${v.status === "error" ? " broken" : ""}" href="${href}" data-variant="${esc(v.id)}">
    <div class="card-board">${preview}</div>
    <div class="card-body"><h2>${esc(pretty(v.name || v.id))}</h2>
      <div class="card-id">${esc(v.id)} · ${geo.width}×${geo.height}${geo.holes.size ? `, ${squares} squares` : ""}</div>
      ${extras ? `<div class="card-fairy">${extras}</div>` : ""}${opts}
      ${v.status === "error" ? `<p class="error">The rule file has errors now.</p>` : ""}
    </div></a>`;
}

// The watcher: reload events for every client (docs/api.md).
function subscribe() {
  if (!window.EventSource) return;
  const es = new EventSource("/api/events");
  const onEvent = (ev) => {
    let d;
    try { d = JSON.parse(ev.data); } catch { return; }
    if (d.type && d.type !== "reload") return;
    document.body.dataset.reloads = String(Number(document.body.dataset.reloads || 0) + 1);
    if (page && page.variantId === d.variant) page.reloaded(d).catch((e) => page.error(e));
    else if (!page && menuCache) showMenu().catch(() => {});
  };
  es.addEventListener("reload", onEvent);
  es.onmessage = onEvent;
  es.onopen = () => (document.body.dataset.watching = "true");
}

window.addEventListener("hashchange", route);
route();
subscribe();
