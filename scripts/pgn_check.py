#!/usr/bin/env python3
"""Read a PGN of orthodox chess written by `myriad selfplay` with python-chess
and check every move: legal, and written exactly as python-chess writes SAN.

    pip install chess
    myriad selfplay rules/chess.variant --games 4 --depth 3 --pgn /tmp/g.pgn
    scripts/pgn_check.py /tmp/g.pgn
"""
import re
import sys

import chess
import chess.pgn


def main(path):
    games = moves = 0
    with open(path) as f:
        text = f.read()
    with open(path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            if game.errors:
                sys.exit(f"game {games + 1}: {game.errors}")
            games += 1
            board = game.board()
            sans = []
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
                moves += 1
            result = game.headers["Result"]
            if board.is_checkmate():
                want = "0-1" if board.turn == chess.WHITE else "1-0"
                assert result == want, f"game {games}: mate but {result}"
            # Our SAN, token by token, as python-chess writes it.
            body = text.split(f'[Round "{games}"]', 1)[1].split("\n\n", 1)[1]
            body = body.split("\n\n", 1)[0]
            ours = [t for t in body.split() if not re.match(r"^\d+\.+$|^(1-0|0-1|1/2-1/2|\*)$", t)]
            assert ours == sans, f"game {games}: {[(a, b) for a, b in zip(ours, sans) if a != b][:5]}"
    print(f"{path}: {games} games, {moves} moves, all legal and in python-chess's SAN")


if __name__ == "__main__":
    main(sys.argv[1])
