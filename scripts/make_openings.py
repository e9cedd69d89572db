#!/usr/bin/env python3
"""Make the A/B openings file: balanced chess positions a few random plies in.

  scripts/make_openings.py [--count 500] [--plies 8] [--seed 1]
                           [--stockfish /usr/games/stockfish] [--depth 10]
                           [--max-cp 60] > scripts/openings-ab.txt

Each position is reached by PLIES uniformly random legal moves from the
start (seeded), kept only if it is not over, is new, and Stockfish (an engine
nobody here wrote) scores it within MAX_CP centipawns of equality at DEPTH.
Random plies give far more variety than book lines, so that two builds of
the same engine do not replay the same game; the balance filter keeps the
result from depending on the opening more than on the engines.
"""
import argparse, random

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--max-cp", type=int, default=60)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    sf = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    seen, out = set(), []
    try:
        while len(out) < a.count:
            board = chess.Board()
            for _ in range(a.plies):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            if board.is_game_over() or board.ply() < a.plies:
                continue
            key = board.epd()
            if key in seen:
                continue
            seen.add(key)
            info = sf.analyse(board, chess.engine.Limit(depth=a.depth))
            cp = info["score"].white().score(mate_score=100000)
            if abs(cp) <= a.max_cp:
                out.append(board.fen())
    finally:
        sf.quit()
    print(f"# {a.count} openings: {a.plies} random plies from the start (seed {a.seed}),")
    print(f"# each within {a.max_cp} cp of equality by Stockfish at depth {a.depth}.")
    print("# Made by scripts/make_openings.py; read by scripts/ab_match.py.")
    for fen in out:
        print(fen)


if __name__ == "__main__":
    main()
