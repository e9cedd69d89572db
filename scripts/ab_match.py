#!/usr/bin/env python3
"""A/B match between two myriad builds (orthodox chess, python-chess referee).

  scripts/ab_match.py NEW_BINARY OLD_BINARY [--games 100]
                      [--tc 2+0.02 | --nodes N] [--concurrency 1]
                      [--adjudicate] [--openings FILE] [--hash MB]
                      [--new-option NAME=VALUE ...] [--old-option NAME=VALUE ...]

The options are UCI options set on one side (e.g. the same binary twice,
--new-option Threads=2 against Threads 1).

Both colours from each opening of the openings file (default
scripts/openings-ab.txt, 500 balanced positions made by
scripts/make_openings.py; scripts/openings.txt holds the ten hand-picked ones
of scripts/match.py). With --nodes each move is searched to a fixed node
count (a fair measure for a change that does not alter the work per node,
and reproducible under load); with --tc, a clock per side. --concurrency runs
that many games at once, each with its own pair of engines. A game is drawn
at 400 plies; with --adjudicate it is also decided once both engines have
reported a score of at least 1000 centipawns for the same side for 4 moves
each, and drawn once both have reported within 10 centipawns of 0 for 8
moves each after ply 80. Prints NEW's score and the Elo difference with a
95% error bar.
"""
import argparse, os, sys, threading, time

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import elo_and_error  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_PLIES = 400
WIN_CP, WIN_PLIES = 1000, 8
DRAW_CP, DRAW_PLIES, DRAW_AFTER = 10, 16, 80


def white_cp(info):
    """The engine's score from White's side, mates as +-100000; None if absent."""
    score = info.get("score")
    if score is None:
        return None
    return score.white().score(mate_score=100000)


def play_game(new, old, opening, new_white, a, game):
    board = chess.Board(opening)
    base, inc = (float(x) for x in a.tc.split("+"))
    clocks = {chess.WHITE: base, chess.BLACK: base}
    scores = []  # White-side score after each ply, None if unreported
    plies = 0
    while True:
        if board.is_game_over(claim_draw=True):
            return board.result(claim_draw=True)
        if plies >= MAX_PLIES:
            return "1/2-1/2"
        eng = new if (board.turn == chess.WHITE) == new_white else old
        if a.nodes:
            limit = chess.engine.Limit(nodes=a.nodes)
        else:
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=inc, black_inc=inc)
        t = time.time()
        r = eng.play(board, limit, info=chess.engine.INFO_SCORE, game=game)
        if not a.nodes:
            clocks[board.turn] += inc - (time.time() - t)
            if clocks[board.turn] < 0:
                return "0-1" if board.turn == chess.WHITE else "1-0"
        if r.move is None or r.move not in board.legal_moves:
            print(f"illegal move {r.move} in {board.fen()}", flush=True)
            return "0-1" if board.turn == chess.WHITE else "1-0"
        scores.append(white_cp(r.info))
        board.push(r.move)
        plies += 1
        if a.adjudicate:
            last = scores[-WIN_PLIES:]
            if len(last) == WIN_PLIES and None not in last:
                if all(s >= WIN_CP for s in last):
                    return "1-0"
                if all(s <= -WIN_CP for s in last):
                    return "0-1"
            last = scores[-DRAW_PLIES:]
            if plies > DRAW_AFTER and len(last) == DRAW_PLIES and None not in last \
                    and all(abs(s) <= DRAW_CP for s in last):
                return "1/2-1/2"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("new")
    ap.add_argument("old")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--tc", default="2+0.02")
    ap.add_argument("--nodes", type=int, default=0, help="fixed nodes per move instead of a clock")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--adjudicate", action="store_true")
    ap.add_argument("--openings", default=None)
    ap.add_argument("--hash", type=int, default=0, help="Hash (MB) on both sides")
    ap.add_argument("--new-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--old-option", action="append", default=[], metavar="NAME=VALUE")
    a = ap.parse_args()
    path = a.openings or os.path.join(ROOT, "scripts", "openings-ab.txt")
    if not os.path.exists(path):
        path = os.path.join(ROOT, "scripts", "openings.txt")
    openings = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]

    lock = threading.Lock()
    state = {"next": 0, "w": 0, "d": 0, "l": 0}

    def worker():
        new = chess.engine.SimpleEngine.popen_uci([a.new, "uci"])
        old = chess.engine.SimpleEngine.popen_uci([a.old, "uci"])
        for eng, opts in ((new, a.new_option), (old, a.old_option)):
            o = dict(x.split("=", 1) for x in opts)
            if a.hash:
                o.setdefault("Hash", str(a.hash))
            if o:
                eng.configure(o)
        try:
            while True:
                with lock:
                    g = state["next"]
                    if g >= a.games:
                        return
                    state["next"] += 1
                new_white = g % 2 == 0
                res = play_game(new, old, openings[(g // 2) % len(openings)], new_white, a, g)
                s = {"1-0": 1.0, "0-1": 0.0}.get(res, 0.5)
                s = s if new_white else 1 - s
                with lock:
                    state["w"] += s == 1.0
                    state["d"] += s == 0.5
                    state["l"] += s == 0.0
                    print(f"game {g + 1}: {res} new {'white' if new_white else 'black'}  "
                          f"+{state['w']} ={state['d']} -{state['l']}", flush=True)
        finally:
            new.quit()
            old.quit()

    threads = [threading.Thread(target=worker) for _ in range(max(1, a.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    w, d, l = state["w"], state["d"], state["l"]
    score, elo, err = elo_and_error(w, d, l)
    print(f"new vs old: +{w} ={d} -{l}  score {score:.3f}  elo {elo:+.0f} +- {err:.0f}")


if __name__ == "__main__":
    main()
