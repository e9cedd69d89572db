#!/usr/bin/env python3
"""A/B match between two myriad builds (orthodox chess, python-chess referee).

  scripts/ab_match.py NEW_BINARY OLD_BINARY [--games 100] [--tc 2+0.02]
                      [--new-option NAME=VALUE ...] [--old-option NAME=VALUE ...]

The options are UCI options set on one side (e.g. the same binary twice,
--new-option Threads=2 against Threads 1).

Both colours from each opening of scripts/openings.txt; prints NEW's score
and the Elo difference with a 95% error bar.
"""
import argparse, os, sys, time

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import elo_and_error  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("new")
    ap.add_argument("old")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--tc", default="2+0.02")
    ap.add_argument("--new-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--old-option", action="append", default=[], metavar="NAME=VALUE")
    a = ap.parse_args()
    base, inc = (float(x) for x in a.tc.split("+"))
    openings = [l.strip() for l in open(os.path.join(ROOT, "scripts", "openings.txt")) if l.strip() and not l.startswith("#")]
    new = chess.engine.SimpleEngine.popen_uci([a.new, "uci"])
    old = chess.engine.SimpleEngine.popen_uci([a.old, "uci"])
    for eng, opts in ((new, a.new_option), (old, a.old_option)):
        eng.configure(dict(o.split("=", 1) for o in opts))
    w = d = l = 0
    for g in range(a.games):
        board = chess.Board(openings[(g // 2) % len(openings)])
        new_white = g % 2 == 0
        clocks = {chess.WHITE: base, chess.BLACK: base}
        flagged = None
        while not board.is_game_over(claim_draw=True):
            eng = new if (board.turn == chess.WHITE) == new_white else old
            t = time.time()
            r = eng.play(board, chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK], white_inc=inc, black_inc=inc))
            clocks[board.turn] += inc - (time.time() - t)
            if clocks[board.turn] < 0 or r.move not in board.legal_moves:
                flagged = board.turn
                break
            board.push(r.move)
        res = board.result(claim_draw=True) if flagged is None else ("0-1" if flagged == chess.WHITE else "1-0")
        s = {"1-0": 1.0, "0-1": 0.0}.get(res, 0.5)
        s = s if new_white else (1 - s if res != "1/2-1/2" else 0.5)
        w, d, l = w + (s == 1.0), d + (s == 0.5), l + (s == 0.0)
        print(f"game {g + 1}: {res} new {'white' if new_white else 'black'}  +{w} ={d} -{l}", flush=True)
    new.quit(); old.quit()
    score, elo, err = elo_and_error(w, d, l)
    print(f"new vs old: +{w} ={d} -{l}  score {score:.3f}  elo {elo:+.0f} +- {err:.0f}")


if __name__ == "__main__":
    main()
