#!/usr/bin/env python3
"""Drive `myriad uci` with a real UCI client (python-chess) and play a short
game of orthodox chess against it: every move it returns must be legal.

    pip install chess
    cargo build --release
    scripts/uci_smoke.py [path/to/myriad]
"""
import sys

import chess
import chess.engine

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "target/release/myriad"


def main():
    engine = chess.engine.SimpleEngine.popen_uci([ENGINE, "uci"])
    print("id:", engine.id)
    print("options:", ", ".join(sorted(engine.options)))
    assert "UCI_Variant" in engine.options and "Hash" in engine.options
    engine.configure({"Hash": 16})
    board = chess.Board()
    plies = 0
    while not board.is_game_over() and plies < 16:
        limit = chess.engine.Limit(depth=4) if plies % 2 == 0 else chess.engine.Limit(time=0.05)
        result = engine.play(board, limit, info=chess.engine.INFO_ALL)
        assert result.move in board.legal_moves, result.move
        print(f"{board.san(result.move):8} score {result.info.get('score')}  depth {result.info.get('depth')}")
        board.push(result.move)
        plies += 1
    # Analysis with a clock, then an infinite analysis stopped by the client.
    info = engine.analyse(board, chess.engine.Limit(white_clock=5, black_clock=5))
    print("analyse:", info.get("depth"), info.get("score"), info.get("pv", [])[:3])
    with engine.analysis(board) as analysis:
        for i, info in enumerate(analysis):
            if info.get("depth", 0) >= 6 or i > 50:
                break
    print("infinite analysis stopped at depth", info.get("depth"))
    engine.quit()
    print("ok:", board.fen())


if __name__ == "__main__":
    main()
