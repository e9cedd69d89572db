#!/usr/bin/env bash
# Self-play sanity per bundled variant: depth 6 against depth 4, colours
# alternating, a few random opening plies so games differ. Prints a Markdown
# table of the deeper engine's score (the aim: at least 75%).
# Usage: scripts/sanity-table.sh [games per variant, default 20]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
cargo build --release --quiet
echo "| variant | games | depth 6 vs depth 4: +won =drawn -lost | score |"
echo "|---|---|---|---|"
for f in rules/*.variant; do
  name=$(basename "$f" .variant)
  line=$(./target/release/myriad selfplay "$f" --games "$games" --depth 6 --opponent-depth 4 \
           --random-plies 4 --pgn "/tmp/sanity-$name.pgn" 2>/dev/null | grep '^first engine')
  record=$(sed -E 's/.*: (\+[0-9]+ =[0-9]+ -[0-9]+).*/\1/' <<<"$line")
  score=$(sed -E 's/.*score ([0-9.]+%).*/\1/' <<<"$line")
  echo "| $name | $games | $record | $score |"
done
