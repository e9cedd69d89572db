#!/usr/bin/env python3
"""Perft tables for rules/perft/NAME.perft from a native Fairy-Stockfish, and a
cross-check of myriad against it that names the first differing move.

Setup, once per machine:

  ../shared/oracle/build-fsf.sh        # native current FSF: ~/.cache/fsf/fsf-lb (a few minutes)
  cargo build --release                # target/release/myriad

Use:

  scripts/fsf-perft-table.py capablanca              # print the rows (FSF's numbers), checked against myriad
  scripts/fsf-perft-table.py capablanca --write --deep-depth 5   # ... and write rules/perft/capablanca.perft
  scripts/fsf-perft-table.py capablanca shatranj makruk knightmate --write --deep-depth 5   # all four tables
  scripts/fsf-perft-table.py makruk --fen "FEN" --depth 3   # one position: myriad vs FSF, divide on a difference

NAME is both the rule file (rules/NAME.variant) and Fairy-Stockfish's variant name
(`--variant` if they differ). The rows: the start position at depths 1..--start-depth
(default 4), optionally --deep-depth (marked `deep`: only `cargo test --release -- --ignored`),
and --playouts (default 10) positions reached by seeded random playouts through FSF
(--seed, default 1; --plies, default 10-120 plies), each at --depth (default 3). FENs are
written as FSF prints them (`d`). The same seed gives the same table.

For every row the script also
  - reads FSF's FEN with myriad and checks that myriad writes it back unchanged, and
    replays the playout's moves in myriad from the start and checks it reaches the same FEN;
  - compares myriad's perft with FSF's. On a difference it follows the divide down: the
    first root move whose count differs is played in both, and so on, until depth 1, where
    it prints the line and the moves only one side generates.
Exit status: 0 if everything agrees, 1 otherwise (and --write then writes nothing).

Engine: --engine, else $FSF_ENGINE, else ~/.cache/fsf/fsf-lb. Debian's fairy-stockfish
11.1 is older and is not the reference. See also scripts/fsf-crosscheck.py (the ffish/pyffish
oracle of ../shared/oracle, custom ini variants, myriad's letters mapped to FSF's).
"""
import argparse, os, random, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MYRIAD = os.path.join(ROOT, "target", "release", "myriad")

# Written into a table's header: where FSF's perft and ours may part.
NOTES = {
    "shatranj": [
        "# The extra rows reach bare kings within the tree (`bare King -> loss`): FSF's extinction of",
        "# all pieces but one, with the bared side's answer when the other has one piece left.",
    ],
}

NOTES["janggi"] = [
    "# FSF does not write in a FEN that the last move was a pass; myriad writes it (`p1` after the",
    "# move number). A FEN without it means no pass just before, in both. No row is right after a pass.",
]

NOTES["berolina"] = [
    "# After a diagonal double step FSF writes the en-passant field as the passed square and the",
    "# pawn's (`d3c4`), always; so does myriad, whose double steps here go along two vectors.",
]

# Hand-picked positions (FEN, depth) added to a table as rows `extra-N`: where
# random playouts rarely go, such as a game about to end by a goal.
EXTRA = {
    "shatranj": [
        ("3k4/8/8/8/3q4/8/4R3/3K4 w - - 0 1", 4),  # rook and Ferz trade: a king bared, the other answers
        ("8/8/3k4/2q1r3/8/3Q4/4R3/3K4 b - - 0 1", 4),
        ("3k4/8/2n5/8/3Q4/8/2P5/3K4 w - - 0 1", 4),
        ("3k4/8/8/8/8/8/8/R2K4 b - - 0 1", 2),  # bare, the rook can't be taken: any move loses
        ("3k4/8/8/8/8/8/P7/R2K4 b - - 0 1", 1),  # bare against two pieces: lost at once, no move
        ("3k4/8/8/8/8/8/4r3/3K4 w - - 0 1", 3),  # Kxe2 bares Black back: both bare, play goes on
    ],
    "kingofthehill": [
        ("4k3/8/8/8/8/4K3/8/8 w - - 0 1", 4),  # both kings race to the hill
        ("r1bq1rk1/ppp2ppp/2n5/3pP3/3P4/2NK4/PP3PPP/R1BQ1BNR w - - 0 1", 3),  # one step from d4/e4
        ("8/8/3k4/8/8/4K3/8/8 b - - 0 1", 4),
    ],
    "3check": [
        ("rnbqkbnr/ppppp2p/5pp1/8/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 1+3 0 4", 3),  # the third check is on
        ("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2+2 4 4", 3),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 1+1 0 1", 4),  # every rook check is the winning one
    ],
    "atomic": [
        ("8/8/8/3kK3/8/2q5/8/7R w - - 0 1", 4),  # kings side by side: neither is in check
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 3),  # en passant explodes f6's neighbours
        ("rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3", 3),  # Qxf7 explodes the king
        ("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1", 3),  # promotion captures, rooks and rights exploded
        ("5r2/8/8/8/8/8/5k2/4K2R w K - 0 1", 4),  # castling past a square next to the enemy king
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 3),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 4),  # en passant next to nothing: the pawns go, kings stay
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", 1),  # Black's king is gone: the game is over, no move follows
    ],
    "berolina": [
        ("4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1", 4),  # c7-e5 passes d6, where the d5 pawn takes it
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 4),  # the double step both ways, none in front
        ("4k3/8/8/8/1p6/8/2P5/4K3 w - - 0 1", 4),  # c2-a4 passes b3: b4xb3 takes en passant
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3),
        ("4k3/8/8/8/8/8/6p1/4K2R b K - 0 1", 3),  # promotion by moving, by capturing straight
    ],
    "racingkings": [
        ("8/8/8/8/8/8/6K1/k7 w - - 0 1", 5),
        ("8/1k6/8/8/8/8/4K3/8 w - - 0 1", 5),  # White ahead: Black must answer on rank 8
        ("8/6K1/1k6/8/8/8/8/8 w - - 0 1", 3),
        ("4K3/k7/8/8/8/8/8/8 b - - 0 1", 3),  # White has arrived, Black may answer
        ("8/8/8/k7/4K3/8/8/1rR5 w - - 0 1", 3),
    ],
    "grand": [
        # Pawns on the eighth and ninth ranks of both sides, some pieces lost: White may make a
        # rook, a queen or a knight... only what is missing; Black a chancellor or a bishop.
        ("r3k3r1/1P1q1nab2/6P3/n9/10/10/10/7p2/1Np1KCAB1N/R2B6 w - - 0 1", 3),
        ("4k5/10/10/10/10/10/10/1p8/p9/4K5 b - - 0 1", 4),  # once one pawn is a queen, the other may not be
        ("4k5/PP8/10/10/10/10/10/10/2BQKCABN1/R8R w - - 0 1", 3),  # one knight to win back, two pawns want it
        ("4k5/P9/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1", 3),  # nothing to become: a9 may not move
    ],
    "janggi": [
        ("9/4k4/9/9/9/9/9/9/4K4/9 w - - 0 1", 4),  # bikjang: end it or pass, and the pass ends the game
        ("3k5/9/4r4/9/9/4P4/9/2C1C1Pc1/9/5K3 w - - 0 1", 3),  # cannons over cannons, onto cannons
        ("5a3/4P4/3C1k3/9/9/9/9/9/4K4/9 w - - 0 1", 3),  # the palace's lines: cannon, soldier
        ("4r4/3k5/9/9/9/9/9/9/4K4/9 w - - 0 1", 4),  # in check: no pass
        ("r1ba1abnr/4k4/1c2n2c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2R2C1/4K4/1NBA1ABNR w - - 0 1", 3),  # a chariot in the palace
        ("3ak4/4a4/4R4/9/9/9/9/9/3KC4/9 b - - 0 1", 4),  # a chariot on e8 and palace diagonals
    ],
    "xiangqi": [
        ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", 4),  # the generals may not face each other
        ("4k4/4a4/9/9/9/9/9/9/4R4/3AK4 w - - 0 1", 3),  # a chariot between them
        ("3k5/9/9/9/4c4/9/9/4C4/9/4K4 w - - 0 1", 3),  # a cannon checks over a cannon
    ],
}

# Hands: full pockets, castling beside drops, promotions whose pieces are marked `~`.
EXTRA["crazyhouse"] = [
    ("4k3/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2),  # every kind in hand, both sides
    ("r3k2r/8/8/8/8/8/8/R3K2R[NNPPnnpp] w KQkq - 0 1", 3),  # drops that block or allow castling
    ("4k3/1P6/8/8/8/8/6p1/4K3[Qq] w - - 0 1", 4),  # promotions, then the promoted taken back
    ("r3k3/1Q~6/8/8/8/8/8/R3K3[] b Qq - 0 1", 4),  # a marked queen to take: a pawn to hand
    ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[N] w KQkq - 1 3", 3),  # a drop on f2 or g3, or mate
    ("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1", 4),  # a drop interposes
]


# Shogi: promotion moving into, inside and out of the zone, forced on the last
# ranks; pawn drops limited by file (nifu); checkmate by a pawn drop, legal but lost.
EXTRA["minishogi"] = [
    ("2k2/P4/5/5/4K[Pp] w - - 0 1", 4),  # a pawn about to promote, pawns in hand
    ("4k/1S3/5/B4/3R1[] w - - 0 1", 3),  # silver, bishop, rook promoting in, inside, out of the zone
    ("3pk/3b1/3G1/5/4K[P] w - - 0 1", 3),  # P@e4 mates by a pawn drop
    ("k4/5/5/5/1R2K[GSBRPgsbrp] w - - 0 1", 2),  # every kind in hand, both sides
    ("+P1k2/2+B2/5/2+r2/K1+s2[PP] b - - 0 1", 3),  # promoted pieces taken back to hand unpromoted
]
EXTRA["shogi"] = [
    ("4k4/L7P/4N4/9/9/9/9/9/4K4[] w - - 0 1", 3),  # forced promotions on the last ranks
    ("4k4/9/9/9/9/9/9/9/4K4[NLP] w - - 0 1", 2),  # knight, lance, pawn drops kept off the last ranks
    ("7pk/7b1/7G1/9/9/9/9/9/1K7[P] w - - 0 1", 3),  # P@i8 mates by a pawn drop
    ("4k4/9/9/9/9/9/9/9/4K4[GNLPSRBgnlpsrb] w - - 0 1", 2),  # every kind in hand
]

# Gating: castling beside gating on either square, gates lost, pins the entering piece would
# block, promotion to the new pieces, empty hands (file letters are then castling sides).
EXTRA["seirawan"] = [
    ("r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQkq - 0 1", 3),  # castling with gating on e1, a1 or h1
    ("r3k2r/pppq1ppp/2n2n2/4p3/4P3/2N2N2/PPPQ1PPP/R3K2R[EHeh] w KQkq - 0 1", 3),
    ("7k/8/8/8/8/8/8/4KB1r[H] w F - 0 1", 4),  # a pinned bishop: the Hawk entering f1 does not free it
    ("4k3/1P6/8/8/8/8/6p1/4K3[Hh] w - - 0 1", 4),  # promotion to Hawk and Elephant
    ("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", 3),  # no hands: no gating
    ("rn2k2r/8/8/8/8/8/8/RN2K2R[Ee] b KBkb - 0 1", 3),  # a knight's gate beside castling rights
]
NOTES["seirawan"] = [
    "# A gating move is legal when the move without the entering piece is (FSF: the piece entering",
    "# the square just left does not shield the king); extra-3 is such a pin.",
]

class Fsf:
    """A native Fairy-Stockfish over UCI, one process per variant."""

    def __init__(self, engine, variant):
        self.p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until(lambda l: l == "uciok")
        self.version = next((l for l in self.lines if l.startswith("id name")), "id name ?")[8:]
        self.send(f"setoption name UCI_Variant value {variant}")
        self.sync()
        self.variant = variant

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")

    def until(self, done):
        self.lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("fsf: the engine exited")
            line = line.rstrip("\n")
            self.lines.append(line)
            if done(line):
                return self.lines

    def sync(self):
        self.send("isready")
        return self.until(lambda l: l == "readyok")

    def position(self, fen=None, moves=()):
        pos = f"fen {fen}" if fen else "startpos"
        self.send(f"position {pos}" + (" moves " + " ".join(moves) if moves else ""))

    def fen(self, fen=None, moves=()):
        self.position(fen, moves)
        self.send("d")
        out = self.sync()
        return next(l[5:] for l in out if l.startswith("Fen: "))

    def divide(self, fen, depth, moves=()):
        self.position(fen, moves)
        self.send(f"go perft {depth}")
        out = self.until(lambda l: l.startswith("Nodes searched"))
        div = {}
        for l in out:
            m = re.match(r"^(\S+): (\d+)$", l)
            if m:
                div[m.group(1)] = int(m.group(2))
        return div, int(out[-1].split(":")[1])

    def quit(self):
        self.send("quit")
        self.p.wait()


def myriad(*args):
    out = subprocess.run([MYRIAD, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"myriad {' '.join(args)}: {out.stderr.strip()}")
    return out.stdout


def myriad_divide(rules, fen, depth):
    out = myriad("perft", rules, "--fen", fen, "--depth", str(depth), "--divide")
    div = {}
    for l in out.splitlines():
        m = re.match(r"^(\S+): (\d+)$", l)
        if m:
            div[m.group(1)] = int(m.group(2))
    total = int(re.search(r"^nodes (\d+)", out, re.M).group(1))
    return div, total


def myriad_perft(rules, fen, depth):
    out = myriad("perft", rules, "--fen", fen, "--depth", str(depth))
    return int(re.search(r"^nodes (\d+)", out, re.M).group(1))


def myriad_fen(rules, fen=None, moves=()):
    """The FEN myriad writes for a position (myriad analyze prints it first)."""
    args = ["analyze", rules, "--depth", "1"]
    if fen:
        args += ["--fen", fen]
    if moves:
        args += ["--moves", *moves]
    out = myriad(*args)
    first = out.splitlines()[0]
    assert first.startswith("info string "), first
    return first.split(" ", 3)[3]


def first_difference(fsf, rules, fen, depth):
    """Follow a perft difference down the divide; return a report (list of lines)."""
    line = []
    report = []
    while True:
        cur = fsf.fen(fen, line)
        theirs, _ = fsf.divide(fen, depth, line)
        try:
            ours, _ = myriad_divide(rules, cur, depth)
        except RuntimeError as e:
            return report + [f"  after {' '.join(line) or '(root)'}: {e}"]
        only_fsf = sorted(set(theirs) - set(ours))
        only_ours = sorted(set(ours) - set(theirs))
        where = f"after {' '.join(line)}" if line else "at the root"
        if only_fsf or only_ours:
            report.append(f"  {where} ({cur}):")
            if only_fsf:
                report.append(f"    only Fairy-Stockfish: {' '.join(only_fsf)}")
            if only_ours:
                report.append(f"    only myriad: {' '.join(only_ours)}")
            return report
        bad = [m for m in sorted(theirs) if theirs[m] != ours[m]]
        if not bad or depth == 1:
            return report + [f"  {where}: no root move differs ({cur})"]
        m = bad[0]
        report.append(f"  {where}: {m} myriad {ours[m]} fsf {theirs[m]}")
        line.append(m)
        depth -= 1


def playouts(fsf, n, seed, lo, hi):
    """n distinct positions (FSF FEN, moves) reached by seeded random play, each with a legal move."""
    rng = random.Random(f"{fsf.variant}/{seed}")
    seen, out, tries = set(), [], 0
    while len(out) < n and tries < 50 * n:
        tries += 1
        length = rng.randint(lo, hi)
        moves = []
        for _ in range(length):
            div, _ = fsf.divide(None, 1, moves)
            if not div:
                break
            moves.append(rng.choice(sorted(div)))
        div, _ = fsf.divide(None, 1, moves)
        fen = fsf.fen(None, moves)
        if not div or fen in seen:
            continue
        seen.add(fen)
        out.append((fen, moves))
    return out


def table(a, name, rules, fsf):
    start = fsf.fen()
    rows, problems = [], []

    def check_fen(label, fen, moves=None):
        try:
            back = myriad_fen(rules, fen)
            if back != fen:
                problems.append(f"{label}: myriad writes FSF's FEN back as {back!r}, FSF {fen!r}")
            if moves is not None:
                got = myriad_fen(rules, None, moves)
                if got != fen:
                    problems.append(f"{label}: after the moves myriad has {got!r}, FSF {fen!r}")
        except RuntimeError as e:
            problems.append(f"{label}: {e}")

    def row(label, fen, depth, deep=False, is_start=False):
        _, nodes = fsf.divide(fen, depth)
        try:
            ours = myriad_perft(rules, fen, depth)
        except RuntimeError as e:
            ours = None
            problems.append(f"{label} depth {depth}: {e}")
        if ours is not None and ours != nodes:
            problems.append(f"{label} depth {depth}: myriad {ours}, fsf {nodes}; first difference:")
            problems.extend(first_difference(fsf, rules, fen, depth))
        status = "ok" if ours == nodes else "DIFFERS"
        print(f"# {label:<10} d{depth}: fsf {nodes} myriad {ours} {status}", file=sys.stderr)
        rows.append((label, depth, nodes, "start" if is_start else fen, deep))

    check_fen("start", start, [])
    if a.fen:
        row("fen", a.fen, a.depth)
    else:
        for d in range(1, a.start_depth + 1):
            row("start", start, d, is_start=True)
        if a.deep_depth:
            row("start", start, a.deep_depth, deep=True, is_start=True)
        lo, hi = (int(x) for x in a.plies.split("-"))
        for i, (fen, moves) in enumerate(playouts(fsf, a.playouts, a.seed, lo, hi), 1):
            check_fen(f"random-{i}", fen, moves)
            row(f"random-{i}", fen, a.depth)
        for i, (fen, depth) in enumerate(EXTRA.get(name, []), 1):
            fen = fsf.fen(fen)
            check_fen(f"extra-{i}", fen)
            row(f"extra-{i}", fen, depth)

    head = [
        f"# Perft counts for rules/{name}.variant.",
        f"# Source: Fairy-Stockfish ({fsf.version}, built natively by ../shared/oracle/build-fsf.sh),",
        f"# variant `{fsf.variant}`, `go perft N`; regenerate with",
        f"#   scripts/fsf-perft-table.py {name} --write"
        + (f" --seed {a.seed}" if a.seed != 1 else "")
        + (f" --deep-depth {a.deep_depth}" if a.deep_depth else ""),
        f"# random-N: the position after a seeded random playout ({a.plies} plies) through FSF, FEN as FSF",
        "# prints it. Columns: id | depth | nodes | position (`start` = the variant's start) | deep?",
    ] + (["# extra-N: a hand-picked position (EXTRA in the script), where random play rarely goes."] if name in EXTRA else []) + [
        "# Rows marked `deep` run only with `cargo test --release -- --ignored`.",
    ] + NOTES.get(name, [])
    w = max(len(r[0]) for r in rows)
    nw = max(len(str(r[2])) for r in rows)
    body = [
        f"{l:<{w}} | {d} | {n:<{nw}} | {pos}" + (" | deep" if deep else "")
        for l, d, n, pos, deep in rows
    ]
    return "\n".join(head + body) + "\n", problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="+", help="rules/NAME.variant; also FSF's variant name")
    ap.add_argument("--variant", help="FSF's variant name, if not NAME (one NAME only)")
    ap.add_argument("--engine", default=os.environ.get("FSF_ENGINE", os.path.expanduser("~/.cache/fsf/fsf-lb")))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--playouts", type=int, default=10)
    ap.add_argument("--plies", default="10-120", help="playout length range, e.g. 10-120")
    ap.add_argument("--depth", type=int, default=3, help="depth of the playout rows (and of --fen)")
    ap.add_argument("--start-depth", type=int, default=4)
    ap.add_argument("--deep-depth", type=int, default=0, help="one more start row at this depth, marked deep")
    ap.add_argument("--fen", help="only this position: compare at --depth, divide on a difference")
    ap.add_argument("--write", action="store_true", help="write rules/perft/NAME.perft if all agree")
    a = ap.parse_args()
    if not os.access(a.engine, os.X_OK):
        sys.exit(f"{a.engine}: not found; run ../shared/oracle/build-fsf.sh first")
    if not os.access(MYRIAD, os.X_OK):
        sys.exit(f"{MYRIAD}: not found; run cargo build --release first")
    ok = True
    for name in a.names:
        rules = os.path.join(ROOT, "rules", f"{name}.variant")
        fsf = Fsf(a.engine, a.variant or name)
        text, problems = table(a, name, rules, fsf)
        fsf.quit()
        if problems:
            ok = False
            print(f"{name}: differences:", file=sys.stderr)
            for p in problems:
                print(p, file=sys.stderr)
        if a.fen:
            continue
        print(text, end="")
        if a.write and not problems:
            with open(os.path.join(ROOT, "rules", "perft", f"{name}.perft"), "w") as f:
                f.write(text)
            print(f"# wrote rules/perft/{name}.perft", file=sys.stderr)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
