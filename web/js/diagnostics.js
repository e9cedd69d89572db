// A rule file's problems and test results, as the page shows them in place
// of the board: file:line:col, the source line with a caret, the hint.

const esc = (s) => String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

export function diagnosticsHtml(diags, rendered) {
  if (!diags || !diags.length) {
    return `<pre class="rendered">${esc(rendered || "The file has errors.")}</pre>`;
  }
  const items = diags.map((d) => {
    const loc = `${d.file || "?"}:${d.line ?? "?"}:${d.col ?? "?"}`;
    // Spaces up to the column, keeping the source line's tabs so the caret lines up.
    const caretPad = d.col ? [...String(d.source_line ?? "").padEnd(d.col - 1).slice(0, d.col - 1)].map((c) => (c === "\t" ? "\t" : " ")).join("") : "";
    // Underline the word the column points at, as `myriad check` does.
    const word = d.col && d.source_line ? (/^[\w.]+/.exec(String(d.source_line).slice(d.col - 1)) || [""])[0] : "";
    const carets = "^".repeat(Math.max(1, Math.min(word.length, 40)));
    const src = d.source_line != null
      ? `<pre class="diag-source"><span class="ln">${esc(d.line)} │ </span>${esc(d.source_line)}\n<span class="ln">${" ".repeat(String(d.line).length)} │ </span><span class="caret">${caretPad}${carets}${d.label ? " " + esc(d.label) : ""}</span></pre>`
      : "";
    return `<li class="diag diag-${esc(d.severity || "error")}">
      <div class="diag-head"><span class="diag-sev">${esc(d.severity || "error")}${d.code ? `[${esc(d.code)}]` : ""}</span>
        <span class="diag-msg">${esc(d.message)}</span></div>
      <div class="diag-loc">${esc(loc)}</div>${src}
      ${d.hint ? `<div class="diag-hint">help: ${esc(d.hint)}</div>` : ""}</li>`;
  });
  return `<ul class="diags">${items.join("")}</ul>` +
    (rendered ? `<details class="rendered-box"><summary>as <code>myriad check</code> prints it</summary><pre class="rendered">${esc(rendered)}</pre></details>` : "");
}

export function testsHtml(tests) {
  if (!tests || !tests.length) return "";
  const passed = tests.filter((t) => t.passed).length;
  const rows = tests.map((t) => {
    const fails = (t.failures || []).map((f) => `<div class="test-fail">${esc(f.file ? `${f.file}:${f.line}:${f.col}: ` : "")}${esc(f.message || f)}</div>`).join("");
    return `<li class="test ${t.passed ? "passed" : "failed"}"><span class="mark">${t.passed ? "✓" : "✗"}</span> ${esc(t.name)}${fails}</li>`;
  });
  return `<div class="tests-summary">${passed} of ${tests.length} tests passed</div><ul class="tests">${rows.join("")}</ul>`;
}
