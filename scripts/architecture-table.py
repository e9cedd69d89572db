#!/usr/bin/env python3
"""Print the "what lives where" table of docs/architecture.md: every file under
src/ with the first sentence of its `//!` comment. tests/structure.rs checks
that the table in the doc lists exactly the files there are."""
import os, re, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
rows = []
for d, _, fs in sorted(os.walk(os.path.join(root, "src"))):
    for f in sorted(fs):
        if not f.endswith(".rs"):
            continue
        p = os.path.join(d, f)
        rel = os.path.relpath(p, root).replace(os.sep, "/")
        with open(p, encoding="utf-8") as fh:
            first = fh.readline()
        first = first[3:].strip() if first.startswith("//!") else "(no `//!` comment)"
        rows.append((rel, first.replace("|", "\\|")))
rows.sort()
print("| path | concern |")
print("|---|---|")
for rel, first in rows:
    print(f"| `{rel}` | {first} |")
