#!/usr/bin/env python3
"""Myriad against the native Fairy-Stockfish in variants whose rules both engines share,
with Fairy-Stockfish as the referee.

  cargo build --release
  scripts/fsf_match.py makruk shatranj --games 20 --movetime 100 --elo 2400
  scripts/fsf_match.py all --games 10 --movetime 100 --full --jsonl /tmp/g.jsonl

VARIANT is a name of the table below (or `all`): the Myriad rule file (loaded by
`myriad uci` through `VariantPath`), FSF's variant name (the custom ones from
seed_oracle.ini, given to FSF through its own `VariantPath`) and how the variant's game
ends are adjudicated. Both engines think --movetime ms per move (`go movetime`); FSF plays
at `UCI_LimitStrength` + `UCI_Elo` (--elo) or at full strength (--full), one thread,
16 MB hash each.

Games come in pairs: a seeded opening of --plies random legal moves (drawn from FSF's
legal moves; seeded by --seed, the variant and the pair), played once with Myriad as
White and once as Black.

The referee is a second FSF process (full strength, never searching): before every
move it gives the position's FEN (`d`), whether the side to move is in check
(`Checkers:`) and its legal moves (`go perft 1`). A move not in that list loses and is
reported loudly (ILLEGAL ...): it means the rule files disagree. So does a `bestmove
0000` / `(none)` while FSF lists legal moves (Myriad's `info string game over` line is
reported with it). The game ends, checked in this order before each move:
  - no legal move: checkmate (the side to move loses) if in check, else stalemate, which
    is a draw, or a loss for the stalemated side in shatranj;
  - shatranj's bare king: a side with only its king loses if the other side still has
    more than its king and either it has just moved (it had its one move to bare the
    other king back) or the other side has two pieces or more (it cannot bare back);
    both kings bare is a draw;
  - kings only on the board (any variant): a draw;
  - the third occurrence of a position (board, reserves, side to move, castling,
    en-passant square): a draw;
  - the n-move rule read from FSF's FEN: half-move clock >= 100 (50 moves; 70 moves,
    140, in shatranj): a draw;
  - makruk's counting, read from FSF's FEN (`limit counted` in place of the en-passant
    and half-move fields): counted > limit is a draw, as FSF's is_optional_game_end
    has it (a mate on the last counted move is found first, by the first rule);
  - --max-plies plies (default 400): adjudicated a draw (reason `move cap`), a
    simplification.
An engine that exits or does not answer within 10 x --movetime + 5 s stops the match.

Output: one line per game on stdout (and a JSON line per game in --jsonl), then per
variant +W =D -L, the score and the Elo difference with a 95% error bar (as
scripts/match.py computes it), also appended as one JSON line to --json.

Engines: --myriad (target/release/myriad), --fsf-dir (~/.cache/fsf: fsf-8x8 for 8x8
boards, fsf-lb for the larger), --ini (the FSF definitions of the custom variants,
/work/shared/oracle/variants/seed_oracle.ini or $FSF_ORACLE_INI)."""
import argparse, json, os, random, select, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import elo_and_error  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INI = os.environ.get("FSF_ORACLE_INI", "/work/shared/oracle/variants/seed_oracle.ini")

# name: (Myriad rule file, FSF variant, FSF binary, custom (from --ini), end rules)
VARIANTS = {
    "capablanca": ("rules/capablanca.variant", "capablanca", "fsf-lb", False,
                   {"stalemate": "draw", "nmove": 50}),
    "shatranj": ("rules/shatranj.variant", "shatranj", "fsf-8x8", False,
                 {"stalemate": "loss", "nmove": 70, "bare": True}),
    "makruk": ("rules/makruk.variant", "makruk", "fsf-8x8", False,
               {"stalemate": "draw", "counting": True}),
    "perier-onboard": ("tests/fixtures/oracle/perier-onboard.variant", "perier-onboard",
                       "fsf-8x8", True, {"stalemate": "draw", "nmove": 50}),
    "prook-onboard": ("tests/fixtures/oracle/prook.variant", "prook-onboard", "fsf-8x8", True,
                      {"stalemate": "draw", "nmove": 50}),
    "pqueen-onboard": ("tests/fixtures/oracle/pqueen.variant", "pqueen-onboard", "fsf-8x8",
                       True, {"stalemate": "draw", "nmove": 50}),
    "gustavian-pR": ("tests/fixtures/oracle/gustavian-pR.variant", "gustavian-pR", "fsf-lb",
                     True, {"stalemate": "draw", "nmove": 50}),
}


class Dead(Exception):
    """The engine exited or did not answer in time."""


class Uci:
    def __init__(self, argv, name):
        self.name = name
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, cwd=ROOT)
        self.buf = b""
        self.send("uci")
        self.until(lambda l: l == "uciok", 30)

    def send(self, cmd):
        try:
            self.p.stdin.write((cmd + "\n").encode())
            self.p.stdin.flush()
        except BrokenPipeError:
            raise Dead(f"{self.name} exited")

    def readline(self, deadline):
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                raise Dead(f"{self.name}: no answer in time")
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    raise Dead(f"{self.name} exited")
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace").rstrip("\r")

    def until(self, done, timeout):
        deadline = time.time() + timeout
        lines = []
        while True:
            line = self.readline(deadline)
            lines.append(line)
            if done(line):
                return lines

    def sync(self, timeout=30):
        self.send("isready")
        return self.until(lambda l: l == "readyok", timeout)

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def position(self, fen, moves):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))

    def bestmove(self, fen, moves, movetime):
        """(move or None, the info strings said)."""
        self.position(fen, moves)
        self.send(f"go movetime {movetime}")
        out = self.until(lambda l: l.startswith("bestmove"), movetime / 100 + 5)
        said = [l[len("info string "):] for l in out if l.startswith("info string")]
        words = out[-1].split()
        m = words[1] if len(words) > 1 else None
        return (None if m in (None, "0000", "(none)") else m), said

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


class Referee(Uci):
    def state(self, fen, moves):
        """(FEN, in check, legal moves) after `moves` from `fen`."""
        self.position(fen, moves)
        self.send("d")
        self.send("go perft 1")
        out = self.until(lambda l: l.startswith("Nodes searched"), 60)
        now = next(l[5:] for l in out if l.startswith("Fen: "))
        check = next(l[len("Checkers:"):].strip() for l in out if l.startswith("Checkers:"))
        i = next(i for i, l in enumerate(out) if l.startswith("Checkers:"))
        legal = {l.split(":")[0] for l in out[i + 1:-1] if l.endswith(": 1")}
        return now, bool(check), legal


def fsf_engine(a, binary, variant, custom, cls=None):
    e = (cls or Uci)([os.path.join(a.fsf_dir, binary)], "fsf")
    if custom:
        e.setoption("VariantPath", a.ini)
    e.setoption("UCI_Variant", variant)
    e.setoption("Threads", 1)
    e.setoption("Hash", 16)
    e.sync()
    return e


def material(board):
    """Pieces besides the king per side: (white, black), and whether any king is on it."""
    w = b = 0
    for c in board.split("[")[0]:
        if c.isalpha() and c not in "kK":
            if c.isupper():
                w += 1
            else:
                b += 1
    return w, b


def adjudicate(rules, fen, check, legal, seen, moved):
    """The end of the game in this position, as (result for the side to move: 1, 0.5, 0;
    reason), or None. `moved`: a move has been played since the start."""
    f = fen.split()
    stm_white = f[1] == "w"
    if not legal:
        if check:
            return 0, "checkmate"
        return (0, "stalemate (a loss)") if rules["stalemate"] == "loss" else (0.5, "stalemate")
    w, b = material(f[0])
    me, other = (w, b) if stm_white else (b, w)
    if rules.get("bare"):
        if me == 0 and other == 0:
            return 0.5, "both kings bare"
        if other == 0 and moved:
            return 1, "bare king"
        if me == 0 and other >= 2:
            return 0, "bare king"
    if w == 0 and b == 0:
        return 0.5, "kings only"
    if seen >= 3:
        return 0.5, "repetition"
    if rules.get("nmove") and f[4].isdigit() and int(f[4]) >= 2 * rules["nmove"]:
        return 0.5, f"{rules['nmove']}-move rule"
    if rules.get("counting") and f[3].isdigit() and int(f[4]) > int(f[3]):
        return 0.5, "counting"
    return None


def key(fen):
    f = fen.split()
    ep = f[3] if f[3][:1].isalpha() else "-"
    return " ".join([f[0], f[1], f[2], ep])


def play(a, name, rules, ref, me, fsf, start, opening, me_white):
    moves = list(opening)
    seen = {}
    for i in range(len(moves)):
        k = key(ref.state(start, moves[:i])[0])
        seen[k] = seen.get(k, 0) + 1
    info = {}
    while True:
        fen, check, legal = ref.state(start, moves)
        seen[key(fen)] = seen.get(key(fen), 0) + 1
        stm_white = fen.split()[1] == "w"
        end = adjudicate(rules, fen, check, legal, seen[key(fen)], len(moves) > len(opening))
        if end is None and len(moves) >= a.max_plies:
            end = (0.5, "move cap")
        if end is not None:
            r, reason = end
            white = r if stm_white else 1 - r
            break
        mine = stm_white == me_white
        eng, who = (me, "myriad") if mine else (fsf, "fsf")
        try:
            m, said = eng.bestmove(start, moves, a.movetime)
        except Dead as e:
            sys.exit(f"{name}: {e} after {' '.join(moves)} (the match stops here)")
        if m is None or m not in legal:
            white = 0 if stm_white else 1
            reason = f"ILLEGAL from {who}: {m or 'no move'} with {len(legal)} legal moves"
            info = {"fen": fen, "said": said, "legal": sorted(legal)}
            print(f"  {name}: {reason} in {fen} after {' '.join(moves)}; {who} said {said}",
                  file=sys.stderr, flush=True)
            break
        moves.append(m)
    my = white if me_white else 1 - white
    return dict(variant=name, myriad_white=me_white,
                result={1: "1-0", 0: "0-1"}.get(white, "1/2-1/2"), myriad_score=my,
                reason=reason, plies=len(moves), opening=opening, moves=moves[len(opening):],
                start=start, end_fen=fen, **info)


def opening_moves(ref, start, n, rng):
    """n random legal moves from `start` that leave a game going on, or fewer."""
    for _ in range(20):
        moves = []
        for _ in range(n):
            _, _, legal = ref.state(start, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        if ref.state(start, moves)[2]:
            return moves
    return []


def run(a, name):
    path, variant, binary, custom, rules = VARIANTS[name]
    ref = fsf_engine(a, binary, variant, custom, Referee)
    fsf = fsf_engine(a, binary, variant, custom)
    if a.full:
        fsf.setoption("UCI_LimitStrength", "false")
    else:
        fsf.setoption("UCI_LimitStrength", "true")
        fsf.setoption("UCI_Elo", a.elo)
    fsf.sync()
    me = Uci([a.myriad, "uci"], "myriad")
    me.setoption("VariantPath", os.path.join(ROOT, path))
    me.setoption("Hash", 16)
    err = [l for l in me.sync() if "error" in l]
    if err:
        sys.exit(f"myriad: {path}: {err}")
    ref.send("position startpos")  # the start FEN, as FSF writes it
    ref.send("d")
    start = next(l[5:] for l in ref.sync() if l.startswith("Fen: "))
    w = d = l = 0
    by_colour = {"white": [0, 0, 0], "black": [0, 0, 0]}
    reasons = {}
    illegal = 0
    t0 = time.time()
    for g in range(a.games):
        pair = g // 2
        if g % 2 == 0:
            rng = random.Random(f"{a.seed}/{name}/{pair}")
            opening = opening_moves(ref, start, a.plies, rng)
        me_white = g % 2 == 0
        rec = play(a, name, rules, ref, me, fsf, start, opening, me_white)
        rec.update(game=g + 1, fsf="full" if a.full else f"elo {a.elo}", movetime=a.movetime,
                   seed=a.seed)
        s = rec["myriad_score"]
        col = "white" if me_white else "black"
        idx = 0 if s == 1 else (1 if s == 0.5 else 2)
        by_colour[col][idx] += 1
        w, d, l = w + (s == 1), d + (s == 0.5), l + (s == 0)
        reasons[rec["reason"]] = reasons.get(rec["reason"], 0) + 1
        illegal += rec["reason"].startswith("ILLEGAL")
        print(f"{name} game {g + 1}/{a.games} myriad {col}: {rec['result']} ({rec['reason']}, "
              f"{rec['plies']} plies)  total +{w} ={d} -{l}", flush=True)
        if a.jsonl:
            with open(a.jsonl, "a") as f:
                f.write(json.dumps(rec) + "\n")
    for e in (me, fsf, ref):
        e.quit()
    score, elo, err = elo_and_error(w, d, l)
    summary = {"variant": name, "fsf": "full" if a.full else f"elo {a.elo}",
               "movetime_ms": a.movetime, "games": w + d + l, "wins": w, "draws": d,
               "losses": l, "score": round(score, 3), "elo_diff": round(elo),
               "error95": round(err), "by_colour": by_colour, "reasons": reasons,
               "illegal": illegal, "seed": a.seed, "plies": a.plies,
               "minutes": round((time.time() - t0) / 60, 1)}
    print(json.dumps(summary), flush=True)
    if a.json:
        with open(a.json, "a") as f:
            f.write(json.dumps(summary) + "\n")
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variants", nargs="+", help=f"all, or some of: {', '.join(VARIANTS)}")
    ap.add_argument("--games", type=int, default=10, help="games per variant (pairs)")
    ap.add_argument("--movetime", type=int, default=100, help="ms per move, both engines")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--elo", type=int, default=2400, help="FSF's UCI_Elo (500-2850)")
    g.add_argument("--full", action="store_true", help="FSF at full strength")
    ap.add_argument("--plies", type=int, default=4, help="random opening plies")
    ap.add_argument("--max-plies", type=int, default=400, help="then a draw (move cap)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--myriad", default=os.path.join(ROOT, "target", "release", "myriad"))
    ap.add_argument("--fsf-dir", default=os.path.expanduser("~/.cache/fsf"))
    ap.add_argument("--ini", default=INI)
    ap.add_argument("--jsonl", help="append each game here")
    ap.add_argument("--json", help="append each variant's summary here")
    a = ap.parse_args()
    names = list(VARIANTS) if a.variants == ["all"] else a.variants
    for n in names:
        if n not in VARIANTS:
            sys.exit(f"unknown variant {n}; known: {', '.join(VARIANTS)}")
    out = [run(a, n) for n in names]
    print("\nvariant          games  +W =D -L      score  Elo diff (95%)  illegal")
    for s in out:
        wdl = f"+{s['wins']} ={s['draws']} -{s['losses']}"
        # At 0% or 100% the normal approximation has no width: no Elo figure.
        elo = (f"{s['elo_diff']:+5} ± {s['error95']:<5}" if 0 < s["score"] < 1
               else f"{'n/a':14}")
        print(f"{s['variant']:16} {s['games']:5}  {wdl:12} {100 * s['score']:5.1f}%  {elo}  "
              f"{s['illegal']}")
    sys.exit(1 if any(s["illegal"] for s in out) else 0)


if __name__ == "__main__":
    main()
