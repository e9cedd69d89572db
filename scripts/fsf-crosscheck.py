#!/usr/bin/env python3
"""Compare myriad's perft divide with Fairy-Stockfish's on the same position.

  scripts/fsf-crosscheck.py RULES --variant NAME [--ini INI] --fen FEN --depth N
                            [--letters Ea] [--option extra=yes] [--moves m1 m2 ...]

FEN and moves are written in myriad's letters; --letters maps them to FSF's
(pairs: `Ea` means myriad's E is FSF's a, both cases). Uses the oracle in
../shared/oracle (fsf_perft.py; set FFISH_DIR if ../shared is read-only).
Exit 0 if every root move agrees, 1 otherwise (the differing moves listed),
so you can follow a difference down with --moves.

For Fairy-Stockfish's built-in variants that a rule file plays with FSF's own
letters (capablanca, shatranj, makruk, knightmate), scripts/fsf-perft-table.py
uses a native FSF, writes the perft tables and follows a difference down itself.
"""
import argparse, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.environ.get("ORACLE", os.path.join(ROOT, "..", "shared", "oracle", "fsf_perft.py"))


def translate(text, pairs):
    table = {}
    for a, b in pairs:
        table[a.upper()] = b.upper()
        table[a.lower()] = b.lower()
    return "".join(table.get(c, c) for c in text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rules")
    ap.add_argument("--variant", required=True)
    ap.add_argument("--ini")
    ap.add_argument("--fen", required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--letters", default="", help="e.g. Ea: myriad E = FSF a")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--moves", nargs="*", default=[], help=argparse.SUPPRESS)
    a = ap.parse_args()
    pairs = [(a.letters[i], a.letters[i + 1]) for i in range(0, len(a.letters), 2)]

    myriad = os.path.join(ROOT, "target", "release", "myriad")
    fen = a.fen
    cmd = [myriad, "perft", a.rules, "--fen", fen, "--depth", str(a.depth), "--divide"]
    for o in a.option:
        cmd += ["--option", o]
    if a.moves:
        sys.exit("--moves: give the FEN after the moves instead (myriad perft has no --moves)")
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("myriad: " + out.stderr)
    ours = {}
    for line in out.stdout.splitlines():
        m = re.match(r"^(\S+): (\d+)$", line)
        if m:
            ours[translate(m.group(1), pairs) if "@" in m.group(1) else m.group(1)] = int(m.group(2))

    ocmd = [sys.executable, ORACLE, "--variant", a.variant, "--fen", translate(fen, pairs), "--depth", str(a.depth)]
    if a.ini:
        ocmd += ["--ini", a.ini]
    out = subprocess.run(ocmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("oracle: " + out.stderr + out.stdout)
    theirs = {}
    for line in out.stdout.splitlines():
        m = re.match(r"^(\S+): (\d+)$", line)
        if m and m.group(1) != "total":
            theirs[m.group(1)] = int(m.group(2))

    diff = sorted(set(ours) | set(theirs))
    bad = [(mv, ours.get(mv), theirs.get(mv)) for mv in diff if ours.get(mv) != theirs.get(mv)]
    print(f"myriad {sum(ours.values())}  fsf {sum(theirs.values())}  root moves {len(ours)}/{len(theirs)}")
    for mv, o, t in bad:
        print(f"  {mv}: myriad {o}  fsf {t}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
