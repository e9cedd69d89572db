// End-to-end test of `myriad serve` in a real headless browser: Debian's
// chromium driven by playwright-core (issue 8 item 5).
//
//   cargo build --release && (cd tests/browser && npm ci && node e2e.mjs)
//
// It starts target/release/myriad (or $MYRIAD_BIN) as
// `serve --port 0 --watch <a temporary copy of rules/chess.variant>`, reads
// the address it prints, and then, clicking as a person does:
//   1. the menu lists the bundled variants;
//   2. Perier: votes yes, plays Nf3, gets the engine's reply, drops the Perier
//      on g1 from the reserve and sees the g2 pawn travel to g4, gets the
//      engine's reply, plays e2-e4 by dragging, gets the reply, reads the
//      move list and steps back through it, turns on live analysis;
//   3. Gustavian: exactly 68 squares drawn; castles f1->i1 by clicking and
//      sees the rook arrive on g1; flips the board; promotes to a cannon
//      through the chooser;
//   4. watch mode: breaks the temporary rule file, sees the located error in
//      the page, fixes it, sees the board again with the game going on.
// Screenshots go to tests/browser/out/ ($E2E_OUT).

import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const bin = path.resolve(process.env.MYRIAD_BIN || path.join(repo, "target/release/myriad"));
const out = process.env.E2E_OUT || path.join(here, "out");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const T = 20000; // the longest any one step may take, in ms
mkdirSync(out, { recursive: true });

const t0 = Date.now();
const log = (msg) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
function check(cond, msg) {
  if (!cond) throw new Error(`check failed: ${msg}`);
  log(`ok: ${msg}`);
}

// ------------------------------------------------------------------ server
const tmp = mkdtempSync(path.join(tmpdir(), "myriad-e2e-"));
const watched = path.join(tmp, "e2e-watch.variant");
copyFileSync(path.join(repo, "rules/chess.variant"), watched);
const good = readFileSync(watched, "utf8");
const WATCH_ID = "e2e-watch";

const server = spawn(bin, ["serve", "--port", "0", "--watch", watched], { cwd: tmp, stdio: ["ignore", "pipe", "pipe"] });
let serverOut = "";
server.stderr.on("data", (d) => (serverOut += d));
const base = await new Promise((resolve, reject) => {
  let buf = "";
  const timer = setTimeout(() => reject(new Error(`no address printed in 20 s:\n${buf}\n${serverOut}`)), 20000);
  server.stdout.on("data", (d) => {
    buf += d;
    serverOut += d;
    const m = /https?:\/\/[^\s]+/.exec(buf);
    if (m) {
      clearTimeout(timer);
      resolve(m[0].replace(/\/$/, ""));
    }
  });
  server.on("exit", (code) => reject(new Error(`myriad serve exited (${code}):\n${serverOut}`)));
  server.on("error", (e) => reject(new Error(`cannot start ${bin} (build it: cargo build --release): ${e.message}`)));
});
log(`server at ${base}`);

// ----------------------------------------------------------------- browser
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
const page = await context.newPage();
page.setDefaultTimeout(T);
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push(e.message));
page.on("console", (m) => {
  if (m.type() === "error") pageErrors.push(`console: ${m.text()}`);
});

const shot = (name) => page.screenshot({ path: path.join(out, name) });
const sq = (name) => page.locator(`svg.board rect.sq[data-square="${name}"]`);
async function clickSquare(name) {
  const box = await sq(name).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
async function dragSquare(from, to) {
  const a = await sq(from).boundingBox();
  const b = await sq(to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 - 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}
const pieceAt = (name) => page.locator(`svg.board g.piece[data-square="${name}"]`);
async function pieceOn(name) {
  const g = pieceAt(name);
  if ((await g.count()) === 0) return null;
  return (await g.getAttribute("data-color")) + (await g.getAttribute("data-piece"));
}
const ply = async () => Number(await page.locator("svg.board").getAttribute("data-ply"));
// At least n plies shown: against the engine, its reply may follow a move within one
// frame (depth 3 at the test's level), so the board can pass ply n before a poll sees
// it. The engine's replies are deterministic (a depth limit; the move list is checked
// below), and the squares checked after each wait are ones they leave alone.
const waitPly = (n) => page.waitForFunction((n) => Number(document.querySelector("svg.board")?.dataset.ply) >= n, n);
// The user's moves have arrived (the board is drawn from the variant before the game's state).
const waitLegal = () => page.waitForFunction(() => Number(document.querySelector("svg.board")?.dataset.legal) > 0);
const waitTurn = (who) => page.waitForFunction((who) => (document.getElementById("status")?.textContent || "").startsWith(who + " to move"), who);

let failed = null;
try {
  // 1. The menu.
  await page.goto(base + "/");
  await page.locator('.card[data-variant="perier"]').waitFor();
  const ids = await page.locator(".card").evaluateAll((cs) => cs.map((c) => c.dataset.variant));
  for (const id of ["chess", "perier", "basilisk", "gustavian", "gustavian-crab", "capablanca", "shatranj", "makruk", "knightmate", WATCH_ID]) {
    check(ids.includes(id), `the menu lists ${id}`);
  }
  await page.screenshot({ path: path.join(out, "menu.png"), fullPage: true });

  // 2. Perier against the engine.
  await page.locator('.card[data-variant="perier"]').click();
  await page.locator('.vote-choice[data-answer="yes"]').click();
  await page.waitForFunction(() => /→\s*yes/.test(document.getElementById("vote-outcome")?.textContent || ""));
  check(true, "Perier: White voted yes, the outcome is shown");
  await page.locator('.reserve-piece[data-side="white"][data-piece="E"]').waitFor();
  check((await page.locator('.reserve-piece[data-side="black"][data-piece="E"]').count()) === 1, "both reserves hold a Perier");
  await clickSquare("g1");
  check((await page.locator("svg.board .target").count()) === 2, "the knight on g1 shows its two targets");
  await clickSquare("f3");
  await waitPly(1);
  check((await pieceOn("f3")) === "wN", "Nf3 played by clicking");
  await waitPly(2);
  await waitTurn("White");
  check(true, "the engine replied");
  await page.locator('.reserve-piece[data-side="white"][data-piece="E"]').click();
  const dropTargets = await page.locator("svg.board .target").evaluateAll((ts) => ts.map((t) => t.dataset.square));
  check(dropTargets.includes("g1"), `the Perier may be dropped on g1 (targets ${dropTargets.join(" ")})`);
  await clickSquare("g1");
  await waitPly(3);
  const anim = await page.locator("svg.board").getAttribute("data-animlog");
  check(/@-g1 g2-g4/.test(anim || ""), `the Perier entered on g1 and the pawn was seen moving (animated: ${anim})`);
  await page.waitForTimeout(150);
  await shot("perier-drop.png");
  await waitPly(4);
  await waitTurn("White");
  check(true, "the engine replied to the drop");
  // The position right after the drop, from the move list: the engine's reply
  // may already have taken the pushed pawn (it depends on its weights).
  await page.locator('#moves .mv[data-ply="3"]').click();
  check((await ply()) === 3 && (await pieceOn("g1")) === "wE", "the Perier stands on g1");
  check((await pieceOn("g4")) === "wP" && (await pieceOn("g2")) === null, "the g2 pawn went two squares up, to g4");
  await page.locator("#nav-last").click();
  check((await ply()) === 4, "back to the current position after the drop");
  await dragSquare("e2", "e4");
  await waitPly(5);
  await waitPly(6);
  await waitTurn("White");
  const sans = await page.locator("#moves .mv").allTextContents();
  // From the move list: the engine's reply may already have taken on e4.
  check(sans[4] === "e4", `e2-e4 played by dragging (move 5: ${sans[4]})`);
  check(sans.length === 6 && sans[0] === "Nf3" && sans[2].startsWith("E@g1"), `the move list in SAN: ${sans.join(" ")}`);
  await page.locator('#moves .mv[data-ply="2"]').click();
  check((await ply()) === 2 && (await pieceOn("g2")) === "wP", "clicking move 2 shows the position after it");
  await page.locator("#nav-last").click();
  check((await ply()) === 6, "back to the current position");
  await page.locator("#analysis-on").check();
  await page.waitForFunction(() => Number(document.getElementById("analysis")?.dataset.depth || 0) >= 4);
  const pv = await page.locator("#analysis .an-pv").textContent();
  check(pv.trim().length > 0, `live analysis: depth ${await page.locator("#analysis").getAttribute("data-depth")}, PV ${pv.trim()}`);
  await shot("perier.png");
  await page.locator("#analysis-on").uncheck();

  // 3. Gustavian: the 68-square board, castling f1->i1.
  await page.goto(base + "/#/");
  await page.locator('.card[data-variant="gustavian"]').click();
  await page.locator('svg.board rect.sq[data-square="f1"]').waitFor();
  const n = await page.locator("svg.board rect.sq").count();
  check(n === 68, `Gustavian: ${n} squares drawn`);
  check((await sq("a2").count()) === 0 && (await sq("j7").count()) === 0 && (await sq("a1").count()) === 1, "a2-a7 and j2-j7 are holes, a1 a square");
  await page.selectOption("#mode", "both");
  await page.locator("details.io summary").click();
  await page.fill("#fen", "crnbqkbnrc/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/CRNBQK2RC w KQkq - 0 1");
  await page.locator("#load-fen").click();
  await page.waitForFunction(() => !document.querySelector('svg.board g.piece[data-square="g1"]'));
  await clickSquare("f1");
  const kingTargets = await page.locator("svg.board .target").evaluateAll((ts) => ts.map((t) => t.dataset.square));
  check(kingTargets.includes("i1") && kingTargets.includes("h1"), `the king may castle to h1 or i1 (targets ${kingTargets.join(" ")})`);
  await clickSquare("i1");
  await waitPly(1);
  check((await pieceOn("i1")) === "wK" && (await pieceOn("g1")) === "wR" && (await pieceOn("h1")) === null, "castled f1->i1: the king on i1, the rook arrived on g1");
  const canim = await page.locator("svg.board").getAttribute("data-animlog");
  check(/f1-i1/.test(canim) && /i1-g1/.test(canim), `king and rook seen moving (animated: ${canim})`);
  const castleSan = await page.locator("#moves .mv").first().textContent();
  check(castleSan.startsWith("O-O"), `the move list says ${castleSan}`);
  await page.waitForTimeout(400);
  await shot("gustavian.png");
  await page.locator("#flip").click();
  const [a1, a8] = [await sq("a1").boundingBox(), await sq("a8").boundingBox()];
  check(a1.y < a8.y, "flipped: a1 at the top");
  await page.locator("#flip").click();
  // Promotion: the chooser offers the variant's own set, the Swedish Cannon included.
  await page.fill("#fen", "5k4/*2P5*/*8*/*8*/*8*/*8*/*8*/5K4 w - - 0 1");
  await page.locator("#load-fen").click();
  await page.waitForFunction(() => document.querySelector("svg.board")?.dataset.ply === "0" && document.querySelectorAll("svg.board g.piece").length === 3);
  await clickSquare("d7");
  await clickSquare("d8");
  const choices = await page.locator(".chooser-choice").evaluateAll((bs) => bs.map((b) => b.dataset.move));
  check(choices.length === 5 && choices.includes("d7d8c"), `the promotion chooser: ${choices.join(" ")}`);
  await page.locator('.chooser-choice[data-move="d7d8c"]').click();
  await waitPly(1);
  check((await pieceOn("d8")) === "wC", "promoted to a Swedish Cannon");

  // 4. The author's loop: break the watched file, see the error, fix it.
  await page.goto(base + `/#/play/${WATCH_ID}`);
  await page.locator('svg.board rect.sq[data-square="e2"]').waitFor();
  await waitLegal();
  await clickSquare("e2");
  await clickSquare("e4");
  await waitPly(1);
  check((await pieceOn("e4")) === "wP", "watched file: e2-e4 played");
  const broken = good.replace(/slide orth to not_friend/, "slide orht to not_friend");
  check(broken !== good, "the temporary rule file is broken (orth -> orht)");
  const brokenLine = good.split("\n").findIndex((l) => l.includes("slide orth to not_friend")) + 1;
  writeFileSync(watched, broken);
  const loc = page.locator(".errors-area .diag-loc").first();
  await loc.waitFor();
  const locText = await loc.textContent();
  check(new RegExp(`e2e-watch\\.variant:${brokenLine}:\\d+`).test(locText), `the page shows the located error: ${locText}`);
  check(/orht/.test(await page.locator(".errors-area").textContent()), "with the source line");
  check(await page.locator("#board-area").isHidden(), "in place of the board");
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(out, "watch-error.png"), clip: { x: 0, y: 0, width: 1280, height: 470 } });
  writeFileSync(watched, good);
  await page.locator("#board-area svg.board rect.sq").first().waitFor({ state: "visible" });
  check(await page.locator("#errors-area").isHidden(), "fixed: the errors are gone");
  check((await page.locator("svg.board rect.sq").count()) === 64, "the board is back");
  check((await pieceOn("e4")) === "wP" && (await ply()) === 1, "and the game goes on from e2-e4");
  await page.locator("#tests li.test").first().waitFor();
  const tests = await page.locator("#tests li.test").count();
  const failedTests = await page.locator("#tests li.test.failed").count();
  check(tests > 0 && failedTests === 0, `the file's tests are listed: ${tests} passed`);
  await shot("watch-fixed.png");

  check(pageErrors.length === 0, `no errors in the page${pageErrors.length ? ": " + pageErrors.join("; ") : ""}`);
} catch (e) {
  failed = e;
  await shot("failure.png").catch(() => {});
  console.error(e.stack || String(e));
  console.error("page errors:", pageErrors.join("\n"));
  // What the page showed when it failed: enough to tell a lost click from a refused move.
  const seen = await page
    .evaluate(() => {
      const svg = document.querySelector("svg.board");
      const text = (id) => (document.getElementById(id)?.textContent || "").trim().slice(0, 300);
      return {
        ply: svg?.dataset.ply,
        live: svg?.dataset.live,
        animlog: svg?.dataset.animlog,
        status: text("status"),
        notice: text("notice"),
        moves: text("moves"),
        fen: document.getElementById("fen")?.value,
        targets: [...document.querySelectorAll("svg.board .target")].map((t) => t.dataset.square).join(" "),
        chooser: !!document.querySelector(".chooser"),
        selectedReserve: [...document.querySelectorAll(".reserve-piece.selected")].map((b) => b.dataset.side + b.dataset.piece).join(" "),
      };
    })
    .catch((err) => ({ unavailable: String(err) }));
  console.error("page state:", JSON.stringify(seen, null, 1));
  console.error("server output (tail):\n" + serverOut.slice(-3000));
} finally {
  await browser.close().catch(() => {});
  server.kill("SIGTERM");
  rmSync(tmp, { recursive: true, force: true });
}
if (failed) {
  log("FAILED");
  process.exit(1);
}
log(`passed; screenshots in ${out}`);
process.exit(0);
