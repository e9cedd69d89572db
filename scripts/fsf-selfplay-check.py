#!/usr/bin/env python3
"""Replay `myriad selfplay` games through Fairy-Stockfish (pyffish) and check that
every move is legal there, and that every game ending with no legal move (checkmate,
stalemate, extinction, ...) ends with Fairy-Stockfish's result.

  pip install pyffish                       # Fairy-Stockfish as a Python module
  myriad selfplay rules/antichess.variant --games 6 --depth 4 --pgn /tmp/g.pgn
  scripts/fsf-selfplay-check.py antichess /tmp/g.pgn

The first argument is Fairy-Stockfish's variant name. SAN is matched with the check
marks stripped. Exit status 1 if a move or a result differs."""
import re, sys
import pyffish as sf

def games(text):
    for block in re.split(r'\n(?=\[Event )', text.strip()):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        body = re.sub(r'\[[^\]]*\]', '', block)
        body = re.sub(r'\{[^}]*\}', '', body)
        toks = [t for t in body.split() if not re.match(r'^\d+\.+$', t) and t not in ('1-0', '0-1', '1/2-1/2', '*')]
        toks = [re.sub(r'^\d+\.+', '', t) for t in toks]
        yield tags, [t for t in toks if t]

def norm(s):
    return s.rstrip('+#')

def main(variant, path):
    bad = 0
    for tags, sans in games(open(path).read()):
        fen = tags.get('FEN', sf.start_fen(variant))
        moves = []
        for san in sans:
            cur = sf.get_fen(variant, fen, moves)
            legal = sf.legal_moves(variant, cur, [])
            hits = [m for m in legal if norm(sf.get_san(variant, cur, m)) == norm(san)]
            if len(hits) != 1:
                print(f"round {tags['Round']}: {san} after {len(moves)} plies: fsf matches {hits}")
                bad += 1
                break
            moves.append(hits[0])
        else:
            legal = sf.legal_moves(variant, sf.get_fen(variant, fen, moves), [])
            reason = tags.get('ResultReason', tags.get('Termination'))
            if not legal:
                r = sf.game_result(variant, fen, moves)
                stm_white = sf.get_fen(variant, fen, moves).split()[1] == 'w'
                res = '1/2-1/2' if r == 0 else ('1-0' if (r > 0) == stm_white else '0-1')
                ok = res == tags['Result']
                print(f"round {tags['Round']}: {len(moves)} plies, {reason}: myriad {tags['Result']} fsf {res} {'ok' if ok else 'DIFFERS'}")
                bad += not ok
            else:
                print(f"round {tags['Round']}: {len(moves)} plies, {reason} ({tags['Result']}): fsf has {len(legal)} legal moves (a non-terminal rule end)")
    sys.exit(1 if bad else 0)

main(sys.argv[1], sys.argv[2])
