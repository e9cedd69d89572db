#!/usr/bin/env python3
"""Label chess positions with a UCI engine's evaluation, for `myriad tune --positions`.

  scripts/label_positions.py GAMES.pgn OUT.txt [--engine /usr/games/stockfish]
                             [--depth 10] [--per-game 8] [--skip 12] [--concurrency 2]

Reads the games (e.g. from `myriad selfplay rules/chess.variant --pgn`), takes
from each game up to --per-game positions after the first --skip plies whose
side to move is not in check and whose next move in the game was quiet (no
capture, no promotion), spread evenly over the game, has the engine evaluate
each to --depth, and writes one line per position: the FEN, `;`, and the
engine's score mapped to White's expected score, 1 / (1 + 10^(-cp / 400))
(mates as +-2000 cp). `myriad tune` fits its own scale (k) on top, so only
the order and rough spread of the labels matter. python-chess reads the
PGN, so this is for orthodox chess; for other variants, write the same file
from Fairy-Stockfish (its UCI_Variant) or from game results.
"""
import argparse, queue, sys, threading

import chess
import chess.engine
import chess.pgn


def positions(pgn_path, per_game, skip):
    with open(pgn_path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            board = game.board()
            found = []
            for ply, move in enumerate(game.mainline_moves()):
                quiet = not board.is_capture(move) and move.promotion is None
                if ply >= skip and quiet and not board.is_check():
                    found.append(board.fen())
                board.push(move)
            if len(found) > per_game:
                step = len(found) / per_game
                found = [found[int(i * step)] for i in range(per_game)]
            yield from found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn")
    ap.add_argument("out")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--per-game", type=int, default=8)
    ap.add_argument("--skip", type=int, default=12)
    ap.add_argument("--concurrency", type=int, default=2)
    a = ap.parse_args()

    todo = queue.Queue()
    seen = set()
    for fen in positions(a.pgn, a.per_game, a.skip):
        key = " ".join(fen.split()[:4])
        if key not in seen:
            seen.add(key)
            todo.put(fen)
    total = todo.qsize()
    out = open(a.out, "w")
    lock = threading.Lock()
    done = [0]

    def work():
        eng = chess.engine.SimpleEngine.popen_uci(a.engine)
        try:
            while True:
                try:
                    fen = todo.get_nowait()
                except queue.Empty:
                    return
                board = chess.Board(fen)
                info = eng.analyse(board, chess.engine.Limit(depth=a.depth))
                cp = info["score"].white().score(mate_score=2000)
                cp = max(-2000, min(2000, cp))
                p = 1 / (1 + 10 ** (-cp / 400))
                with lock:
                    out.write(f"{fen} ; {p:.4f}\n")
                    done[0] += 1
                    if done[0] % 1000 == 0:
                        print(f"{done[0]}/{total}", file=sys.stderr, flush=True)
        finally:
            eng.quit()

    threads = [threading.Thread(target=work) for _ in range(a.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.close()
    print(f"{done[0]} positions labelled", file=sys.stderr)


if __name__ == "__main__":
    main()
