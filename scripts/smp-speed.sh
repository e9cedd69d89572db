#!/usr/bin/env bash
# Lazy SMP speed: nodes per second and time to depth of `myriad bestmove`
# with 1 and 2 (or the given) threads on five chess middlegame positions.
#
#   scripts/smp-speed.sh [MOVETIME_MS] [DEPTH] [THREADS...]
#
# Defaults: 3000 ms, depth 11, threads 1 2. For each position and thread
# count: the `nps` and depth of the last `info` line of a --movetime search,
# then the wall time of a --depth search (fresh process, 64 MB table). The
# sums at the end compare the thread counts. Needs a release build
# (cargo build --release), or another binary in BIN=PATH (to compare two
# builds). On a shared or loaded machine the numbers mean little: say how
# loaded it was (`uptime`) next to them.
set -euo pipefail
cd "$(dirname "$0")/.."

movetime=${1:-3000}
depth=${2:-11}
shift $(($# < 2 ? $# : 2))
threads=("$@")
[ ${#threads[@]} -eq 0 ] && threads=(1 2)
bin=${BIN:-target/release/myriad}
rules=rules/chess.variant

fens=(
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
  "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"
  "2rq1rk1/pp1bppbp/3p1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 13"
  "r1bqk2r/pp2bppp/2n2n2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 8"
)

echo "# $(date -u +%F) $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| position | threads | movetime depth | nodes/s | time to depth $depth (s) |"
echo "|---|---|---|---|---|"
declare -A nps_sum time_sum
for i in "${!fens[@]}"; do
  fen=${fens[$i]}
  for t in "${threads[@]}"; do
    last=$("$bin" bestmove "$rules" --fen "$fen" --movetime "$movetime" --threads "$t" |
      grep '^info depth' | tail -1)
    d=$(awk '{for (i = 1; i < NF; i++) if ($i == "depth") print $(i + 1)}' <<<"$last")
    nps=$(awk '{for (i = 1; i < NF; i++) if ($i == "nps") print $(i + 1)}' <<<"$last")
    start=$(date +%s.%N)
    "$bin" bestmove "$rules" --fen "$fen" --depth "$depth" --threads "$t" >/dev/null
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    printf '| %d | %d | %s | %s | %.2f |\n' $((i + 1)) "$t" "$d" "$nps" "$secs"
    nps_sum[$t]=$(( ${nps_sum[$t]:-0} + nps ))
    time_sum[$t]=$(echo "${time_sum[$t]:-0} + $secs" | bc)
  done
done
for t in "${threads[@]}"; do
  printf '# %d threads: mean %d nodes/s, %.2f s to depth %d in all\n' \
    "$t" $(( ${nps_sum[$t]} / ${#fens[@]} )) "${time_sum[$t]}" "$depth"
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
