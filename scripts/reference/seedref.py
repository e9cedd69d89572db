#!/usr/bin/env python3
"""seedref.py -- an independent, deliberately simple reference move generator.

Written from docs in ../shared/spec/rules.md (and conventions.md) only, WITHOUT reading
Myriad's src/ or grammar/, so that its perft numbers can check Myriad from outside.
Simplicity over speed: a mailbox board, pseudo-legal generation, make-on-a-copy, and
"attacked" = "some enemy pseudo-legal capture lands on that square".

Variants: chess, perier (R=2), perier-1step (R=1), basilisk (R=1), culverin (R=1),
gustavian, gustavian-crab, gustav3, adjutant, plus the debug variant gustavian-pr
(gustavian without the fallback slide and without the 3-square castle, = FSF's
`gustavian-pR` in ../shared/oracle/variants/seed_oracle.ini).

Usage:
  seedref.py VARIANT [--fen FEN] [--extra yes|no] [--moves m1 m2 ...] --depth N [--divide]
  (--no-fallback and --two-square-castling are debug switches.)
Prints `move: count` lines (sorted, with --divide) and `nodes N`.
"""

import argparse
import sys

WHITE, BLACK = 0, 1
FILES = "abcdefghij"

CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
GUSTAVIAN_START = "crnbqkbnrc/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/CRNBQKBNRC w KQkq - 0 1"
GUSTAV3_START = "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
ADJUTANT_START = "1rnbqkbnr1/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/1RNBQKBNR1 w KQkq - 0 1"


# ----------------------------------------------------------------------------------
# Variants
# ----------------------------------------------------------------------------------

def _castles_chess():
    # (right, king_from, king_to, rook_from, rook_to, must_be_empty, must_not_be_attacked)
    return [
        ("K", "e1", "g1", "h1", "f1", ["f1", "g1"], ["e1", "f1", "g1"]),
        ("Q", "e1", "c1", "a1", "d1", ["b1", "c1", "d1"], ["e1", "d1", "c1"]),
    ]


def _castles_gustav(three_square):
    rows = [
        ("K", "f1", "h1", "i1", "g1", ["g1", "h1"], ["f1", "g1", "h1"]),
        ("Q", "f1", "d1", "b1", "e1", ["c1", "d1", "e1"], ["f1", "e1", "d1"]),
    ]
    if three_square:
        rows += [
            ("K", "f1", "i1", "i1", "g1", ["g1", "h1"], ["f1", "g1", "h1", "i1"]),
            ("Q", "f1", "c1", "b1", "e1", ["c1", "d1", "e1"], ["f1", "e1", "d1", "c1"]),
        ]
    return rows


VARIANTS = {
    "chess": dict(start=CHESS_START, promo="QRBN", drop_r=None, extra=None,
                  castles=_castles_chess(), crab=False, fallback=True),
    "perier": dict(start=CHESS_START, promo="QRBN", drop_r=2, extra="E",
                   castles=_castles_chess(), crab=False, fallback=True),
    "perier-1step": dict(start=CHESS_START, promo="QRBN", drop_r=1, extra="E",
                         castles=_castles_chess(), crab=False, fallback=True),
    "basilisk": dict(start=CHESS_START, promo="QRBN", drop_r=1, extra="S",
                     castles=_castles_chess(), crab=False, fallback=True),
    "culverin": dict(start=CHESS_START, promo="QRBN", drop_r=1, extra="U",
                     castles=_castles_chess(), crab=False, fallback=True),
    "gustavian": dict(start=GUSTAVIAN_START, promo="QRBNC", drop_r=None, extra=None,
                      castles=_castles_gustav(True), crab=False, fallback=True),
    "gustavian-crab": dict(start=GUSTAVIAN_START, promo="QRBNC", drop_r=None, extra=None,
                           castles=_castles_gustav(True), crab=True, fallback=True),
    "gustav3": dict(start=GUSTAV3_START, promo="QRBNA", drop_r=None, extra=None,
                    castles=_castles_gustav(False), crab=False, fallback=True),
    "adjutant": dict(start=ADJUTANT_START, promo="QRBN", drop_r=None, extra=None,
                     castles=_castles_gustav(True), crab=False, fallback=True),
    # debug: = FSF's gustavian-pR (plain pR cannon, ordinary 2-square castling)
    "gustavian-pr": dict(start=GUSTAVIAN_START, promo="QRBNC", drop_r=None, extra=None,
                         castles=_castles_gustav(False), crab=False, fallback=False),
}


# ----------------------------------------------------------------------------------
# Position
# ----------------------------------------------------------------------------------

def color_of(p):
    return WHITE if p.isupper() else BLACK


def is_piece(p):
    return p not in (".", "*")


class Pos:
    __slots__ = ("W", "H", "board", "side", "rights", "ep", "reserve", "half", "full")

    def copy(self):
        q = Pos()
        q.W, q.H = self.W, self.H
        q.board = self.board[:]
        q.side = self.side
        q.rights = set(self.rights)
        q.ep = self.ep
        q.reserve = [list(self.reserve[0]), list(self.reserve[1])]
        q.half, q.full = self.half, self.full
        return q

    def sq(self, x, y):
        return y * self.W + x

    def xy(self, s):
        return s % self.W, s // self.W

    def name(self, s):
        x, y = self.xy(s)
        return FILES[x] + str(y + 1)

    def parse_sq(self, n):
        return self.sq(FILES.index(n[0]), int(n[1:]) - 1)

    def on(self, x, y):
        """True if (x, y) is a square of the board (inside the rectangle, not a hole)."""
        return 0 <= x < self.W and 0 <= y < self.H and self.board[y * self.W + x] != "*"


def parse_fen(fen):
    parts = fen.split()
    placement = parts[0]
    reserve = [[], []]
    if "[" in placement:
        placement, res = placement.split("[", 1)
        res = res.rstrip("]")
        for ch in res:
            reserve[color_of(ch)].append(ch.upper())
    rows = placement.split("/")
    H = len(rows)
    grid = []
    for row in rows:
        cells = []
        i = 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                cells += ["."] * int(row[i:j])
                i = j
            else:
                cells.append(ch)
                i += 1
        grid.append(cells)
    W = len(grid[0])
    assert all(len(r) == W for r in grid), "ragged FEN rows"
    p = Pos()
    p.W, p.H = W, H
    p.board = []
    for y in range(H):  # y = 0 is rank 1, which is the LAST FEN row
        p.board += grid[H - 1 - y]
    p.reserve = reserve
    p.side = WHITE if (len(parts) < 2 or parts[1] == "w") else BLACK
    p.rights = set()
    if len(parts) > 2 and parts[2] != "-":
        for ch in parts[2]:
            assert ch in "KQkq", "only KQkq castling letters are supported"
            p.rights.add(ch)
    p.ep = None
    if len(parts) > 3 and parts[3] != "-":
        p.ep = p.parse_sq(parts[3])
    p.half = int(parts[4]) if len(parts) > 4 else 0
    p.full = int(parts[5]) if len(parts) > 5 else 1
    return p


def to_fen(p):
    rows = []
    for y in range(p.H - 1, -1, -1):
        s, n = "", 0
        for x in range(p.W):
            c = p.board[p.sq(x, y)]
            if c == ".":
                n += 1
            else:
                if n:
                    s += str(n)
                    n = 0
                s += c
        if n:
            s += str(n)
        rows.append(s)
    res = ""
    if p.reserve[0] or p.reserve[1]:
        res = "[" + "".join(p.reserve[0]) + "".join(x.lower() for x in p.reserve[1]) + "]"
    rights = "".join(c for c in "KQkq" if c in p.rights) or "-"
    ep = p.name(p.ep) if p.ep is not None else "-"
    return "%s%s %s %s %s %d %d" % ("/".join(rows), res, "wb"[p.side], rights, ep, p.half, p.full)


# ----------------------------------------------------------------------------------
# Moves.  A move is a tuple (kind, frm, to, promo, extra):
#   'n' normal (quiet or capture; promo = new piece letter or None)
#   'd' pawn double step (extra = en-passant square)
#   'e' en-passant capture (extra = square of the captured pawn)
#   'c' castling (extra = (rook_from, rook_to))
#   'D' drop (frm = None, promo = dropped letter, extra = (pawn_from, pawn_to, ep_square))
# ----------------------------------------------------------------------------------

KING_STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


class Gen:
    def __init__(self, vname, fallback=None, two_square=False, castle_relocate=False):
        v = dict(VARIANTS[vname])
        self.name = vname
        self.v = v
        if fallback is not None:
            self.fallback = fallback
        else:
            self.fallback = v["fallback"]
        castles = v["castles"]
        if two_square:
            castles = [c for c in castles if not (c[2] in ("i1", "c1") and c[1] == "f1")]
        self.castles = castles
        self.castle_relocate = castle_relocate  # debug: test passed squares with king moved there

    # -- geometry helpers ---------------------------------------------------------

    @staticmethod
    def ray(p, s, dx, dy):
        """Squares from s (exclusive) in direction (dx, dy) until the edge or a hole."""
        x, y = p.xy(s)
        out = []
        x += dx
        y += dy
        while p.on(x, y):
            out.append(p.sq(x, y))
            x += dx
            y += dy
        return out

    # -- hoppers --------------------------------------------------------------------

    def hop_moves(self, p, s, color, dirs, quiet_landing, pawn_screen_rule):
        """Jump moves of a cannon-like piece on s.  quiet_landing: may stop on empty
        squares beyond the screen (Basilisk, Cannon) or not (Perier, Culverin)."""
        out = []
        enemy_pawn = "p" if color == WHITE else "P"
        for dx, dy in dirs:
            line = self.ray(p, s, dx, dy)
            i = 0
            while i < len(line) and p.board[line[i]] == ".":
                i += 1
            if i >= len(line):
                continue  # no screen
            screen = p.board[line[i]]
            beyond = line[i + 1:]
            if pawn_screen_rule and screen == enemy_pawn:
                if beyond:
                    t = beyond[0]
                    c = p.board[t]
                    if c == ".":
                        if quiet_landing:
                            out.append(("n", s, t, None, None))
                    elif color_of(c) != color:
                        out.append(("n", s, t, None, None))
                continue
            for t in beyond:
                c = p.board[t]
                if c == ".":
                    if quiet_landing:
                        out.append(("n", s, t, None, None))
                    continue
                if color_of(c) != color:
                    out.append(("n", s, t, None, None))
                break
        return out

    # -- pseudo-legal generation ---------------------------------------------------------

    def pseudo(self, p, color, captures_only=False):
        out = []
        W, H = p.W, p.H
        b = p.board
        fwd = 1 if color == WHITE else -1
        last = H - 1 if color == WHITE else 0
        second = 1 if color == WHITE else H - 2
        promo = self.v["promo"]

        def add_step(s, t):
            c = b[t]
            if c == ".":
                if not captures_only:
                    out.append(("n", s, t, None, None))
            elif color_of(c) != color:
                out.append(("n", s, t, None, None))

        def slide(s, dirs, capture=True, quiet=True):
            for dx, dy in dirs:
                for t in self.ray(p, s, dx, dy):
                    c = b[t]
                    if c == ".":
                        if quiet and not captures_only:
                            out.append(("n", s, t, None, None))
                        continue
                    if capture and color_of(c) != color:
                        out.append(("n", s, t, None, None))
                    break

        def leap(s, offs, capture=True):
            x, y = p.xy(s)
            for dx, dy in offs:
                if p.on(x + dx, y + dy):
                    t = p.sq(x + dx, y + dy)
                    if b[t] == "." or capture:
                        add_step(s, t)

        for s in range(W * H):
            pc = b[s]
            if not is_piece(pc) or color_of(pc) != color:
                continue
            k = pc.upper()
            x, y = p.xy(s)
            if k == "K":
                leap(s, KING_STEPS)
            elif k == "N":
                leap(s, KNIGHT)
            elif k == "R":
                slide(s, ORTHO)
            elif k == "B":
                slide(s, DIAG)
            elif k == "Q":
                slide(s, ORTHO + DIAG)
            elif k == "A":
                slide(s, ORTHO + DIAG)
                leap(s, KNIGHT)
            elif k in ("E", "U"):
                # king step to an empty square only
                if not captures_only:
                    for dx, dy in KING_STEPS:
                        if p.on(x + dx, y + dy) and b[p.sq(x + dx, y + dy)] == ".":
                            out.append(("n", s, p.sq(x + dx, y + dy), None, None))
                out += self.hop_moves(p, s, color, ORTHO + DIAG, False, k == "U")
            elif k in ("S", "C"):
                dirs = ORTHO + DIAG if k == "S" else ORTHO
                jumps = self.hop_moves(p, s, color, dirs, True, k == "S")
                if captures_only:
                    out += [m for m in jumps if b[m[2]] != "."]
                else:
                    out += jumps
                    if self.fallback and not jumps:
                        slide(s, dirs, capture=False, quiet=True)
            elif k == "P":
                # forward step(s)
                if p.on(x, y + fwd):
                    t = p.sq(x, y + fwd)
                    if b[t] == "." and not captures_only:
                        if y + fwd == last:
                            for q in promo:
                                out.append(("n", s, t, q, None))
                        else:
                            out.append(("n", s, t, None, None))
                        if y == second and p.on(x, y + 2 * fwd) and b[p.sq(x, y + 2 * fwd)] == ".":
                            out.append(("d", s, p.sq(x, y + 2 * fwd), None, t))
                    # crab leaps: only when the square in front is occupied
                    if self.v["crab"] and b[t] != "." and not captures_only:
                        for dx in (2, -2):
                            if p.on(x + dx, y + fwd) and b[p.sq(x + dx, y + fwd)] == ".":
                                t2 = p.sq(x + dx, y + fwd)
                                if y + fwd == last:
                                    for q in promo:
                                        out.append(("n", s, t2, q, None))
                                else:
                                    out.append(("n", s, t2, None, None))
                # diagonal captures and en passant
                for dx in (1, -1):
                    if not p.on(x + dx, y + fwd):
                        continue
                    t = p.sq(x + dx, y + fwd)
                    c = b[t]
                    if c != "." and color_of(c) != color:
                        if y + fwd == last:
                            for q in promo:
                                out.append(("n", s, t, q, None))
                        else:
                            out.append(("n", s, t, None, None))
                    elif c == "." and p.ep == t:
                        victim = p.sq(x + dx, y)
                        if b[victim] == ("p" if color == WHITE else "P"):
                            out.append(("e", s, t, None, victim))
            else:
                raise ValueError("unknown piece %r" % pc)

        if captures_only:
            return out

        # drops with pawn relocation (rules.md 0.2)
        R = self.v["drop_r"]
        if R is not None and p.reserve[color]:
            first = 0 if color == WHITE else H - 1
            own_pawn = "P" if color == WHITE else "p"
            for letter in sorted(set(p.reserve[color])):
                for x in range(W):
                    if not p.on(x, first):
                        continue
                    d = p.sq(x, first)
                    if b[d] != ".":
                        continue
                    if not p.on(x, first + fwd) or b[p.sq(x, first + fwd)] != own_pawn:
                        continue
                    ok = True
                    for k2 in range(1, R + 1):
                        yy = first + fwd + k2 * fwd
                        if not p.on(x, yy) or b[p.sq(x, yy)] != ".":
                            ok = False
                            break
                    if not ok:
                        continue
                    pawn_from = p.sq(x, first + fwd)
                    pawn_to = p.sq(x, first + fwd + R * fwd)
                    ep = p.sq(x, first + 2 * fwd) if R == 2 else None
                    out.append(("D", None, d, letter, (pawn_from, pawn_to, ep)))

        # castling
        for (right, kf, kt, rf, rt, empty, safe) in self.castles:
            r = right if color == WHITE else right.lower()
            if r not in p.rights:
                continue
            kf_s, kt_s, rf_s, rt_s = (self.rank_sq(p, n, color) for n in (kf, kt, rf, rt))
            if b[kf_s] != ("K" if color == WHITE else "k"):
                continue
            if b[rf_s] != ("R" if color == WHITE else "r"):
                continue
            if any(b[self.rank_sq(p, n, color)] != "." for n in empty):
                continue
            if self.attacked(p, kf_s, 1 - color):
                continue  # in check
            bad = False
            for n in safe:
                t = self.rank_sq(p, n, color)
                if t == kf_s:
                    continue
                if self.castle_relocate:
                    q = p.copy()
                    q.board[t] = q.board[kf_s]
                    q.board[kf_s] = "."
                    if self.attacked(q, t, 1 - color):
                        bad = True
                        break
                elif self.attacked(p, t, 1 - color):
                    bad = True
                    break
            if bad:
                continue
            out.append(("c", kf_s, kt_s, None, (rf_s, rt_s)))
        return out

    @staticmethod
    def rank_sq(p, n, color):
        """'g1' for White, mirrored to rank H for Black."""
        x = FILES.index(n[0])
        y = int(n[1:]) - 1
        if color == BLACK:
            y = p.H - 1 - y
        return p.sq(x, y)

    # -- attack: any enemy pseudo-legal capture landing on t ------------------------------

    def attacked(self, p, t, by):
        if p.board[t] == ".":
            # put a dummy piece of the other side there so that "capture on t" makes sense
            q = p.copy()
            q.board[t] = "Z" if by == BLACK else "z"  # only its colour matters
            p = q
        for m in self.pseudo(p, by, captures_only=True):
            if m[0] == "n" and m[2] == t:
                return True
        return False

    def king_sq(self, p, color):
        k = "K" if color == WHITE else "k"
        for s in range(p.W * p.H):
            if p.board[s] == k:
                return s
        return None

    # -- make ------------------------------------------------------------------------

    def make(self, p, m):
        kind, frm, to, promo, extra = m
        q = p.copy()
        b = q.board
        color = p.side
        q.ep = None
        q.half += 1
        touched = []
        if kind == "D":
            pawn_from, pawn_to, ep = extra
            b[to] = promo if color == WHITE else promo.lower()
            b[pawn_to] = b[pawn_from]
            b[pawn_from] = "."
            q.reserve[color].remove(promo)
            q.ep = ep
            q.half = 0
            touched = [to]
        elif kind == "c":
            rf, rt = extra
            king = b[frm]
            rook = b[rf]
            b[frm] = "."
            b[rf] = "."
            b[rt] = rook
            b[to] = king
            touched = [frm, rf]
        else:
            pc = b[frm]
            if b[to] != "." or pc.upper() == "P":
                q.half = 0
            b[to] = pc if promo is None else (promo if color == WHITE else promo.lower())
            b[frm] = "."
            if kind == "e":
                b[extra] = "."
            elif kind == "d":
                q.ep = extra
            touched = [frm, to]
        # castling rights: lost when the king's or the rook's home square is touched
        for (right, kf, kt, rf, rt, empty, safe) in self.castles:
            for c in (WHITE, BLACK):
                r = right if c == WHITE else right.lower()
                if r in q.rights:
                    homes = (self.rank_sq(p, kf, c), self.rank_sq(p, rf, c))
                    if any(s in homes for s in touched):
                        q.rights.discard(r)
        q.side = 1 - color
        if color == BLACK:
            q.full += 1
        return q

    # -- legal moves ------------------------------------------------------------------

    def legal(self, p):
        out = []
        for m in self.pseudo(p, p.side):
            q = self.make(p, m)
            k = self.king_sq(q, p.side)
            if k is not None and self.attacked(q, k, q.side):
                continue
            out.append((m, q))
        return out

    def move_str(self, p, m):
        kind, frm, to, promo, extra = m
        if kind == "D":
            return "%s@%s" % (promo.upper(), p.name(to))
        s = p.name(frm) + p.name(to)
        if promo:
            s += promo.lower()
        return s

    def perft(self, p, depth):
        if depth == 0:
            return 1
        moves = self.legal(p)
        if depth == 1:
            return len(moves)
        return sum(self.perft(q, depth - 1) for _, q in moves)

    def divide(self, p, depth):
        res = {}
        for m, q in self.legal(p):
            res[self.move_str(p, m)] = self.perft(q, depth - 1)
        return res

    def apply_str(self, p, s):
        for m, q in self.legal(p):
            if self.move_str(p, m) == s:
                return q
        raise SystemExit("illegal move %s in %s" % (s, to_fen(p)))


def start_fen(vname, extra):
    v = VARIANTS[vname]
    fen = v["start"]
    if extra and v["extra"]:
        board, rest = fen.split(" ", 1)
        fen = "%s[%s%s] %s" % (board, v["extra"], v["extra"].lower(), rest)
    return fen


def _divide_worker(args):
    vname, opts, fen, mstr, depth = args
    g = Gen(vname, **opts)
    p = parse_fen(fen)
    q = g.apply_str(p, mstr)
    return mstr, g.perft(q, depth - 1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant", choices=sorted(VARIANTS))
    ap.add_argument("--fen")
    ap.add_argument("--extra", choices=["yes", "no"], default="no")
    ap.add_argument("--moves", nargs="*", default=[])
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--no-fallback", action="store_true")
    ap.add_argument("--two-square-castling", action="store_true")
    ap.add_argument("--castle-relocate", action="store_true",
                    help="debug: test passed squares with the king moved there")
    ap.add_argument("--jobs", type=int, default=1, help="processes for the root moves")
    ap.add_argument("--print-fen", action="store_true")
    a = ap.parse_args(argv)
    opts = dict(fallback=False if a.no_fallback else None, two_square=a.two_square_castling,
                castle_relocate=a.castle_relocate)
    g = Gen(a.variant, **opts)
    fen = a.fen if a.fen else start_fen(a.variant, a.extra == "yes")
    p = parse_fen(fen)
    for ms in a.moves:
        p = g.apply_str(p, ms)
    if a.print_fen:
        print("fen", to_fen(p))
    if a.depth <= 0:
        print("nodes 1")
        return
    if a.jobs > 1:
        import multiprocessing
        fen2 = to_fen(p)
        tasks = [(a.variant, opts, fen2, g.move_str(p, m), a.depth) for m, _ in g.legal(p)]
        with multiprocessing.Pool(a.jobs) as pool:
            res = dict(pool.map(_divide_worker, tasks, chunksize=1))
    else:
        res = g.divide(p, a.depth)
    if a.divide:
        for k in sorted(res):
            print("%s: %d" % (k, res[k]))
    print("nodes %d" % sum(res.values()))


if __name__ == "__main__":
    main()
