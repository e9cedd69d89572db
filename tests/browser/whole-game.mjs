// A whole game by clicking against the engine (strength 1), as the issue's
// "done when" asks: White plays random legal moves (drops, castling and
// promotions preferred half the time) by clicking the board, the reserve and
// the promotion chooser, until the game ends. Not part of CI (random).
//
//   myriad serve --port 0 &      # prints its address
//   node whole-game.mjs http://127.0.0.1:PORT perier [MAX_PLIES]
import { chromium } from "playwright-core";
const [base, variant, maxPly = "400"] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1280, height: 860 } });
const errs = [];
p.on("pageerror", (e) => errs.push(e.message));
p.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errs.push(m.text()); });
await p.addInitScript(() => localStorage.setItem("myriad-settings", JSON.stringify({ mode: "white", level: 1 })));
await p.goto(base + "/#/play/" + variant);
await p.locator("svg.board rect.sq").first().waitFor();
if (await p.locator('.vote-choice[data-answer="yes"]').count()) await p.locator('.vote-choice[data-answer="yes"]').click();
const click = async (s) => { const bx = await p.locator(`rect.sq[data-square="${s}"]`).boundingBox(); await p.mouse.click(bx.x + bx.width / 2, bx.y + bx.height / 2); };
let kinds = {};
for (let i = 0; i < +maxPly; i++) {
  await p.waitForFunction(() => /to move|wins|Draw/.test(document.getElementById("status").textContent) && !/thinking/.test(document.getElementById("status").textContent), null, { timeout: 30000 });
  const st = await p.evaluate(async () => { const id = location.hash.split("/")[3]; return (await fetch("/api/games/" + id)).json(); });
  if (st.result) { console.log(variant, "result", st.result, st.reason, "ply", st.ply, "kinds", JSON.stringify(kinds)); break; }
  if (st.turn !== "white") { await p.waitForTimeout(100); continue; }
  // Prefer drops, castling and promotions when there are some, to exercise them.
  const special = st.moves.filter((m) => m.drop || m.castle || m.promotion);
  const pool = special.length && Math.random() < 0.5 ? special : st.moves;
  const m = pool[Math.floor(Math.random() * pool.length)];
  const k = m.drop ? "drop" : m.castle ? "castle" : m.promotion ? "promo" : m.capture ? "capture" : "move";
  kinds[k] = (kinds[k] || 0) + 1;
  const ply = st.ply;
  if (m.drop) { await p.locator(`.reserve-piece[data-side="white"][data-piece="${m.piece}"]`).click(); await click(m.to); }
  else { await click(m.from); await click(m.to); }
  if (m.promotion) await p.locator(`.chooser-choice[data-move="${m.move}"]`).click();
  await p.waitForFunction((n) => Number(document.querySelector("svg.board").dataset.ply) > n, ply, { timeout: 30000 });
}
await p.screenshot({ path: new URL(`out/whole-${variant}.png`, import.meta.url).pathname });
console.log("page errors:", errs.length ? errs : "none");
await b.close();
