#!/usr/bin/env python3
"""Play `myriad uci` against Stockfish with UCI_LimitStrength, orthodox chess.

The referee is python-chess (a UCI client nobody here wrote): it runs both
engines, keeps the clocks, checks every move and adjudicates the game end.

  pip install chess; apt-get install stockfish
  scripts/match.py --elo 1800 --games 100 [--tc 5+0.05] [--myriad target/release/myriad]

Both colours from each opening of scripts/openings.txt (balanced positions a
few moves in). Prints each result and, at the end, the score and the Elo
difference with a 95% error bar; with --json, appends the summary to a file.
"""
import argparse, json, math, os, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def elo_and_error(wins, draws, losses):
    n = wins + draws + losses
    if n == 0:
        return 0.0, 0.0, 0.0
    score = (wins + 0.5 * draws) / n
    # Per-game variance of the score, normal approximation.
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    se = math.sqrt(var / n)

    def elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)

    return score, elo(score), (elo(min(score + 1.96 * se, 1)) - elo(max(score - 1.96 * se, 0))) / 2


def main():
    import chess  # here, so that other scripts import elo_and_error without python-chess
    import chess.engine

    ap = argparse.ArgumentParser()
    ap.add_argument("--elo", type=int, required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--tc", default="5+0.05", help="base seconds + increment seconds")
    ap.add_argument("--myriad", default=os.path.join(ROOT, "target", "release", "myriad"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--openings", default=os.path.join(ROOT, "scripts", "openings.txt"))
    ap.add_argument("--json")
    a = ap.parse_args()
    base, inc = (float(x) for x in a.tc.split("+"))
    openings = [l.strip() for l in open(a.openings) if l.strip() and not l.startswith("#")]

    me = chess.engine.SimpleEngine.popen_uci([a.myriad, "uci"])
    sf = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    sf.configure({"UCI_LimitStrength": True, "UCI_Elo": a.elo, "Threads": 1, "Hash": 16})
    me.configure({"Hash": 64})
    w = d = l = 0
    by_colour = {"white": [0, 0, 0], "black": [0, 0, 0]}
    t0 = time.time()
    for g in range(a.games):
        fen = openings[(g // 2) % len(openings)]
        me_white = g % 2 == 0
        board = chess.Board(fen)
        clocks = {chess.WHITE: base, chess.BLACK: base}
        while not board.is_game_over(claim_draw=True):
            eng = me if (board.turn == chess.WHITE) == me_white else sf
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=inc, black_inc=inc)
            start = time.time()
            r = eng.play(board, limit)
            used = time.time() - start
            clocks[board.turn] += inc - used
            if clocks[board.turn] < 0:
                break  # flag fall
            if r.move is None or r.move not in board.legal_moves:
                print(f"illegal move from {'myriad' if eng is me else 'stockfish'}: {r.move}", file=sys.stderr)
                break
            board.push(r.move)
        if board.is_game_over(claim_draw=True):
            res = board.result(claim_draw=True)
        else:
            loser_white = board.turn == chess.WHITE
            res = "0-1" if loser_white else "1-0"
        my = {"1-0": 1.0, "0-1": 0.0}.get(res, 0.5)
        if not me_white:
            my = 1.0 - my if res != "1/2-1/2" else 0.5
        colour = "white" if me_white else "black"
        if my == 1.0:
            w += 1; by_colour[colour][0] += 1
        elif my == 0.5:
            d += 1; by_colour[colour][1] += 1
        else:
            l += 1; by_colour[colour][2] += 1
        print(f"game {g + 1}/{a.games} myriad {colour}: {res} ({len(board.move_stack)} plies)  total +{w} ={d} -{l}", flush=True)
    me.quit(); sf.quit()
    score, elo, err = elo_and_error(w, d, l)
    summary = {"stockfish_elo": a.elo, "games": w + d + l, "wins": w, "draws": d, "losses": l,
               "score": round(score, 3), "elo_diff": round(elo), "error95": round(err),
               "by_colour": by_colour, "tc": a.tc, "minutes": round((time.time() - t0) / 60, 1)}
    print(json.dumps(summary))
    if a.json:
        with open(a.json, "a") as f:
            f.write(json.dumps(summary) + "\n")


if __name__ == "__main__":
    main()
