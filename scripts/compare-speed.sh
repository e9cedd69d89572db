#!/usr/bin/env bash
# Perft speed, myriad next to Fairy-Stockfish, on the same machine in the same run.
# Needs Debian's fairy-stockfish (apt-get install fairy-stockfish).
# Usage: scripts/compare-speed.sh [runs]     (prints a Markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
fsf=${FSF:-/usr/games/fairy-stockfish}
cargo build --release --quiet
myriad=./target/release/myriad

# name | rule file | FSF variant | depth | FEN ("start" = the rule file's start)
cases=(
  "chess start|rules/chess.variant|chess|6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "chess kiwipete|rules/chess.variant|chess|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)
if [ -n "${EXTRA_CASES:-}" ]; then
  while IFS= read -r line; do [ -n "$line" ] && cases+=("$line"); done <<<"$EXTRA_CASES"
fi

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

fsf_perft() { # variant depth fen -> "nodes seconds"
  python3 - "$fsf" "$1" "$2" "$3" <<'PY'
import subprocess, sys, time
eng, variant, depth, fen = sys.argv[1:]
p = subprocess.Popen([eng], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def wait(prefix):
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit("engine died")
        if l.startswith(prefix): return l
send("uci"); wait("uciok")
send(f"setoption name UCI_Variant value {variant}")
send(f"position fen {fen}"); send("isready"); wait("readyok")
t = time.perf_counter(); send(f"go perft {depth}")
nodes = int(wait("Nodes searched").split(":")[1])
print(nodes, time.perf_counter() - t)
send("quit")
PY
}

echo "| position | depth | nodes | myriad M nodes/s | Fairy-Stockfish M nodes/s | ratio |"
echo "|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r name rules variant depth fen <<<"$c"
  m_times=(); f_times=(); nodes=""
  for _ in $(seq "$runs"); do
    out=$($myriad perft "$rules" --fen "$fen" --depth "$depth" | tail -1)
    nodes=$(awk '{print $2}' <<<"$out")
    m_times+=("$(sed -E 's/.*time ([0-9.]+)s.*/\1/' <<<"$out")")
    read -r fnodes ftime < <(fsf_perft "$variant" "$depth" "$fen")
    [ "$fnodes" = "$nodes" ] || { echo "node counts differ on $name: myriad $nodes, FSF $fnodes" >&2; exit 1; }
    f_times+=("$ftime")
  done
  mt=$(printf '%s\n' "${m_times[@]}" | median); ft=$(printf '%s\n' "${f_times[@]}" | median)
  awk -v n="$name" -v d="$depth" -v nodes="$nodes" -v mt="$mt" -v ft="$ft" \
    'BEGIN { printf "| %s | %d | %d | %.1f | %.1f | %.2fx |\n", n, d, nodes, nodes/mt/1e6, nodes/ft/1e6, ft/mt }'
done
# Seed variants: Debian's FSF 11.1 has no custom pieces, so these compare with
# FSF compiled to WASM (npm ffish 0.7.10, through ../shared/oracle/fsf_perft.py)
# on its closest expressible approximation (variants/seed_oracle.ini).
oracle=${ORACLE:-../shared/oracle}
if [ -x "$oracle/fsf_perft.py" ] && command -v node >/dev/null; then
  echo
  echo "| seed variant (myriad) | FSF approximation (ffish, WASM) | depth | myriad nodes | myriad M nodes/s | FSF nodes | FSF M nodes/s |"
  echo "|---|---|---|---|---|---|---|"
  seeds=(
    "perier, extra=yes|rules/perier.variant|--option extra=yes|perier-droprank|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Aa] w KQkq - 0 1|5"
    "basilisk, extra=yes|rules/basilisk.variant|--option extra=yes|pqueen-onboard|startpos|5"
    "gustavian|rules/gustavian.variant||gustavian-pR|startpos|5"
    "gustavian-crab|rules/gustavian-crab.variant||gustavian-pR|startpos|5"
  )
  for c in "${seeds[@]}"; do
    IFS='|' read -r name rules opt fvariant ffen depth <<<"$c"
    m_times=(); f_times=(); nodes=""; fnodes=""
    for _ in $(seq "$runs"); do
      # shellcheck disable=SC2086
      out=$($myriad perft "$rules" $opt --depth "$depth" | tail -1)
      nodes=$(awk '{print $2}' <<<"$out")
      m_times+=("$(sed -E 's/.*time ([0-9.]+)s.*/\1/' <<<"$out")")
      fargs=(--ini "$oracle/variants/seed_oracle.ini" --variant "$fvariant" --depth "$depth" --no-divide)
      [ "$ffen" != startpos ] && fargs+=(--fen "$ffen")
      fout=$(python3 "$oracle/fsf_perft.py" "${fargs[@]}")
      fnodes=$(sed -n 's/^total: //p' <<<"$fout")
      f_times+=("$(sed -nE 's/.*seconds=([0-9.]+).*/\1/p' <<<"$fout")")
    done
    mt=$(printf '%s\n' "${m_times[@]}" | median); ft=$(printf '%s\n' "${f_times[@]}" | median)
    awk -v n="$name" -v f="$fvariant" -v d="$depth" -v mn="$nodes" -v fn="$fnodes" -v mt="$mt" -v ft="$ft" \
      'BEGIN { printf "| %s | %s | %d | %d | %.1f | %d | %.1f |\n", n, f, d, mn, mn/mt/1e6, fn, fn/ft/1e6 }'
  done
fi

echo
echo "Medians of $runs runs; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)."
