#!/usr/bin/env bash
# Soak: many fast self-play games per bundled variant; every engine move is
# checked against the legal moves (selfplay ends a game with "illegal move
# from the engine" otherwise) and every game must end.
# Usage: scripts/soak.sh [games per variant, default 1000] [nodes per move, default 1500]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
nodes=${2:-1500}
cargo build --release --quiet
out=$(mktemp -d)
status=0
for f in rules/*.variant; do
  name=$(basename "$f" .variant)
  ./target/release/myriad selfplay "$f" --games "$games" --nodes "$nodes" --random-plies 6 \
    --pgn "$out/$name.pgn" > "$out/$name.txt" 2>/dev/null
  bad=$(grep -c 'illegal move from the engine\|no move found' "$out/$name.pgn" || true)
  played=$(grep -c '^\[Result ' "$out/$name.pgn" || true)
  echo "$name: $played games, $bad with an engine failure"
  [ "$bad" = 0 ] && [ "$played" = "$games" ] || status=1
done
echo "PGN files in $out"
exit $status
