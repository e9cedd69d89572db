// Dev helper: node shot.mjs URL OUT.png [WIDTHxHEIGHT] — a screenshot of a page.
import { chromium } from "playwright-core";
const [url, out, size = "1280x800"] = process.argv.slice(2);
const [width, height] = size.split("x").map(Number);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width, height } });
page.on("console", (m) => console.log("console:", m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto(url);
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
