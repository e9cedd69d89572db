#!/usr/bin/env python3
"""Compute the rows of rules/perft/<variant>.perft with seedref.py and compare them with
myriad.  Usage: make_perft.py VARIANT... [--jobs N] [--no-myriad] [--write]

Results are cached in scripts/reference/cache.json ((variant, fen, depth) -> nodes), so a
rerun only computes what is new.  --write writes (or, for perier, appends to) the .perft files.
"""
import argparse
import json
import multiprocessing
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import seedref  # noqa: E402
import positions  # noqa: E402

MYRIAD = os.path.join(ROOT, "target", "release", "myriad")
CACHE = os.path.join(HERE, "cache.json")

HEADER = """# Perft counts for rules/{variant}.variant.
# Source: scripts/reference/seedref.py, an independent Python move generator written from
# the project spec rules.md only (without reading src/ or grammar/), regenerated with
# scripts/reference/make_perft.py. seedref.py was validated first against
#  - the Chess Programming Wiki perft numbers (start d1-4, Kiwipete d1-3, positions 3 d1-4,
#    4 d1-3 and its mirror d3, 5 d1-3, 6 d3), and
#  - Fairy-Stockfish's recorded cases in ../shared/oracle/cases.json: perier-start d1-4,
#    perier-kiwi d1-3, perier-T1 d1-4, perier-T2-check d1-4, perier-T3-nostepcapture d1-4,
#    perier-T6-ep-discovery d1-4, perier-T6-after-c5 d1-3 (Perier on the board), and
#    gustavian-pR-start d1-4 and gustavian-pR-castling d1-4 (seedref's debug variant
#    gustavian-pr: Gustavian without the fallback slide and the 3-square castle).
# `start` = the variant's start position without extra pieces; with extra pieces the FEN
# carries the reserve. Columns: id | depth | nodes | position
"""

PERIER_APPEND = """
# --- Perier Chess with the reserve, drops and pawn relocation (R = 2) ---
# Source: scripts/reference/seedref.py, an independent Python move generator written from
# rules.md only (without reading src/ or grammar/), validated against the CPW chess numbers
# and against the Fairy-Stockfish rows above (perier-*) and FSF's gustavian-pR cases
# (see scripts/reference/make_perft.py). `start` = start without extra pieces.
"""


def load_cache():
    if os.path.exists(CACHE):
        with open(CACHE) as f:
            return json.load(f)
    return {}


def save_cache(c):
    with open(CACHE, "w") as f:
        json.dump(c, f, indent=0, sort_keys=True)


def key(variant, fen, depth):
    return "%s|%s|%d" % (variant, fen, depth)


def ref_perft(variant, fen, depth, jobs):
    g = seedref.Gen(variant)
    p = seedref.parse_fen(seedref.start_fen(variant, False) if fen == "start" else fen)
    if depth <= 2 or jobs <= 1:
        return g.perft(p, depth)
    f2 = seedref.to_fen(p)
    tasks = [(variant, dict(fallback=None, two_square=False, castle_relocate=False), f2,
              g.move_str(p, m), depth) for m, _ in g.legal(p)]
    with multiprocessing.Pool(jobs) as pool:
        return sum(n for _, n in pool.map(seedref._divide_worker, tasks, chunksize=1))


def myriad_perft(variant, fen, depth):
    cmd = [MYRIAD, "perft", os.path.join(ROOT, "rules", variant + ".variant"), "--depth", str(depth)]
    if fen != "start":
        cmd += ["--fen", fen]
    r = subprocess.run(cmd, capture_output=True, text=True)
    lines = [l for l in r.stdout.splitlines() if l.startswith("nodes ")]
    if r.returncode != 0 or not lines:
        return "ERROR: " + (r.stderr.strip() or r.stdout.strip())[:300]
    return int(lines[-1].split()[1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-myriad", action="store_true")
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    cache = load_cache()
    for v in a.variants:
        rows = []
        for ident, fen, dmax in positions.rows_for(v):
            for d in range(1, dmax + 1):
                k = key(v, fen, d)
                if k not in cache:
                    cache[k] = ref_perft(v, fen, d, a.jobs)
                    save_cache(cache)
                n = cache[k]
                m = None if a.no_myriad else myriad_perft(v, fen, d)
                flag = "" if (m is None or m == n) else "   <-- MYRIAD %s" % m
                print("%-14s %-30s %d %10d%s" % (v, ident, d, n, flag), flush=True)
                rows.append((ident, d, n, fen))
        if a.write:
            path = os.path.join(ROOT, "rules", "perft", v + ".perft")
            w = max(len(r[0]) for r in rows)
            wn = max(len(str(r[2])) for r in rows)
            body = "".join("%s | %d | %s | %s\n" % (r[0].ljust(w), r[1], str(r[2]).ljust(wn), r[3])
                           for r in rows)
            if v == "perier":
                with open(path) as f:
                    old = f.read()
                marker = PERIER_APPEND.strip().splitlines()[0]
                if marker in old:
                    old = old[:old.index(marker)].rstrip("\n") + "\n"
                with open(path, "w") as f:
                    f.write(old + PERIER_APPEND + body)
            else:
                with open(path, "w") as f:
                    f.write(HEADER.format(variant=v) + body)


if __name__ == "__main__":
    main()
