#!/usr/bin/env python3
"""FEN agreement with a native Fairy-Stockfish: seeded random games played in both,
myriad's FEN compared with FSF's `d` (its `Fen:` line) after every move.

  cargo build --release
  scripts/fsf-fen-check.py                       # every bundled rule file FSF knows
  scripts/fsf-fen-check.py makruk shatranj --games 20 --plies 200 --seed 3

NAME is both the rule file (rules/NAME.variant, loaded by myriad's UCI as a bundled
variant) and FSF's variant name. Each game: FSF's start position, then up to --plies
moves, each chosen at random (seeded by --seed, the variant and the game number) among
FSF's legal moves (`go perft 1`), played in both engines (`position startpos moves ...`);
after each, both FENs are read (`d`) and compared. A game stops at the first difference
(reported with the moves that led there) or when FSF has no legal move. Prints, per
variant, the games and plies compared and the differences; exit status 1 on any.

Makruk's counting (rules/makruk.variant's `counting`) is written as FSF writes it: a count
in progress in place of the en-passant and half-move fields (`128 0`: a limit of 128 plies,
none counted).

Engine: --engine, else $FSF_ENGINE, else ~/.cache/fsf/fsf-lb (scripts/fsf-perft-table.py
says how to build it)."""
import argparse, os, random, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MYRIAD = os.path.join(ROOT, "target", "release", "myriad")

# The bundled rule files whose names are Fairy-Stockfish variants.
VARIANTS = [
    "chess", "3check", "antichess", "atomic", "berolina", "capablanca", "giveaway", "gustav3",
    "horde", "janggi", "kingofthehill", "knightmate", "losers", "makruk", "racingkings",
    "shatranj", "xiangqi",
    # Hands (issue 11).
    "crazyhouse", "minishogi", "seirawan", "shogi",
]


class Engine:
    """A UCI engine that answers `d` with a `Fen:` line and `go perft 1` with its moves."""

    def __init__(self, argv, variant):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until(lambda l: l == "uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.sync()

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"{self.p.args[0]}: the engine exited")
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def sync(self):
        self.send("isready")
        return self.until(lambda l: l == "readyok")

    def fen(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        out = self.sync()
        fens = [l[5:] for l in out if l.startswith("Fen: ")]
        errors = [l for l in out if l.startswith("info string") and "rror" in l]
        return fens[0] if fens else None, errors

    def moves(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        out = self.until(lambda l: l.startswith("Nodes searched"))
        return sorted(l.split(":")[0] for l in out[:-1] if l.endswith(": 1"))

    def quit(self):
        self.send("quit")
        self.p.wait()


def check(name, a):
    fsf = Engine([a.engine], name)
    ours = Engine([MYRIAD, "uci"], name)
    plies = games = 0
    diffs = []
    for g in range(1, a.games + 1):
        rng = random.Random(f"{name}/{a.seed}/{g}")
        moves = []
        games += 1
        while True:
            theirs, _ = fsf.fen(moves)
            mine, errors = ours.fen(moves)
            if moves:
                plies += 1
            if theirs != mine:
                diffs.append(f"{name} game {g} after {len(moves)} plies ({' '.join(moves) or 'start'}):\n"
                             f"    fsf    {theirs}\n    myriad {mine}" + "".join(f"\n    {e}" for e in errors))
                break
            if len(moves) >= a.plies:
                break
            legal = fsf.moves(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
    fsf.quit()
    ours.quit()
    return games, plies, diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help=f"variants (default: {' '.join(VARIANTS)})")
    ap.add_argument("--engine", default=os.environ.get("FSF_ENGINE", os.path.expanduser("~/.cache/fsf/fsf-lb")))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--plies", type=int, default=150, help="the longest game, plies")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    for path, what in ((a.engine, "run ../shared/oracle/build-fsf.sh first"), (MYRIAD, "run cargo build --release first")):
        if not os.access(path, os.X_OK):
            sys.exit(f"{path}: not found; {what}")
    bad = 0
    for name in a.names or VARIANTS:
        games, plies, diffs = check(name, a)
        print(f"{name:<14} {games} games, {plies} plies compared, {len(diffs)} differing", flush=True)
        for d in diffs:
            print("  " + d)
        bad += len(diffs)
    sys.exit(1 if bad else 0)


main()
