#!/usr/bin/env bash
# Perft speed: Myriad next to a native, current Fairy-Stockfish, on the same
# machine in the same run, both counting leaves in bulk. Five rows: the chess
# start (d6) and Kiwipete (d5); the same two with a pQ hopper per side (the
# `pqueen` fixture = FSF's pqueen-onboard); the Gustav III board with pR
# cannons (the `gustavian-pR` fixture = FSF's gustavian-pR, d5).
#
# Needs the native FSF builds: ../shared/oracle/build-fsf.sh (run here if
# missing; FSF_DIR overrides ~/.cache/fsf). fsf-8x8 plays the 8x8 rows (its
# fastest build), fsf-lb the 10x8 one. FSF's perft runs on one thread; Myriad
# runs on one thread and on every core (`--threads`, default all), each
# column with its ratio to FSF.
#
# Usage: scripts/compare-speed.sh [runs]     (medians of `runs`, default 3;
# prints a Markdown table; node counts must agree or it stops)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
fsf_dir=${FSF_DIR:-$HOME/.cache/fsf}
ini=${FSF_INI:-../shared/oracle/variants/seed_oracle.ini}
if [ ! -x "$fsf_dir/fsf-8x8" ] || [ ! -x "$fsf_dir/fsf-lb" ]; then
  ../shared/oracle/build-fsf.sh "$fsf_dir" >&2
fi
cargo build --release --quiet
myriad=./target/release/myriad
cores=$(nproc)

start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kiwi="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
pq_start="rnbqkbnr/pppppppp/3c4/8/8/3C4/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
pq_kiwi="r3k2r/p1ppqpb1/bn1cpnp1/3PN3/1p2P3/2N1CQ1p/PPPBBPPP/R3K2R w KQkq - 0 1"
gus_start="crnbqkbnrc/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/CRNBQKBNRC w KQkq - 0 1"

# name | rule file | FSF build | FSF variant | depth | FEN
cases=(
  "chess start|rules/chess.variant|fsf-8x8|chess|6|$start"
  "chess Kiwipete|rules/chess.variant|fsf-8x8|chess|5|$kiwi"
  "pQ hoppers, start|tests/fixtures/oracle/pqueen.variant|fsf-8x8|pqueen-onboard|6|$pq_start"
  "pQ hoppers, Kiwipete|tests/fixtures/oracle/pqueen.variant|fsf-8x8|pqueen-onboard|5|$pq_kiwi"
  "Gustav III board, pR cannons, start|tests/fixtures/oracle/gustavian-pR.variant|fsf-lb|gustavian-pR|5|$gus_start"
)
if [ -n "${ONLY:-}" ]; then # ONLY=2: just the second row (for a quick look)
  cases=("${cases[$((ONLY - 1))]}")
fi

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

fsf_perft() { # engine variant depth fen -> "nodes seconds"
  python3 - "$1" "$ini" "$2" "$3" "$4" <<'PY'
import subprocess, sys, time
eng, ini, variant, depth, fen = sys.argv[1:]
p = subprocess.Popen([eng], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def wait(prefix):
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit("engine died")
        if l.startswith(prefix): return l
send("uci"); wait("uciok")
send(f"setoption name VariantPath value {ini}")
send(f"setoption name UCI_Variant value {variant}")
send(f"position fen {fen}"); send("isready"); wait("readyok")
t = time.perf_counter(); send(f"go perft {depth}")
nodes = int(wait("Nodes searched").split(":")[1])
print(nodes, time.perf_counter() - t)
send("quit")
PY
}

myriad_perft() { # rules depth fen threads -> "nodes seconds"
  $myriad perft "$1" --depth "$2" --fen "$3" --threads "$4" 2>/dev/null | tail -1 |
    sed -E 's/nodes ([0-9]+) time ([0-9.]+)s.*/\1 \2/'
}

echo "| position | depth | nodes | FSF M leaves/s | Myriad 1 thread | ratio | Myriad $cores threads | ratio |"
echo "|---|---|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r name rules build variant depth fen <<<"$c"
  f_times=(); m1_times=(); mn_times=(); nodes=""
  for _ in $(seq "$runs"); do
    read -r fnodes ftime < <(fsf_perft "$fsf_dir/$build" "$variant" "$depth" "$fen" 2>/dev/null)
    read -r n1 t1 < <(myriad_perft "$rules" "$depth" "$fen" 1)
    read -r nn tn < <(myriad_perft "$rules" "$depth" "$fen" "$cores")
    for n in "$n1" "$nn"; do
      [ "$fnodes" = "$n" ] || { echo "node counts differ on $name: Myriad $n, FSF $fnodes" >&2; exit 1; }
    done
    nodes=$fnodes; f_times+=("$ftime"); m1_times+=("$t1"); mn_times+=("$tn")
  done
  ft=$(printf '%s\n' "${f_times[@]}" | median)
  m1=$(printf '%s\n' "${m1_times[@]}" | median)
  mn=$(printf '%s\n' "${mn_times[@]}" | median)
  awk -v n="$name" -v d="$depth" -v nodes="$nodes" -v ft="$ft" -v m1="$m1" -v mn="$mn" 'BEGIN {
    printf "| %s | %d | %d | %.1f | %.1f | %.2fx | %.1f | %.2fx |\n",
      n, d, nodes, nodes/ft/1e6, nodes/m1/1e6, ft/m1, nodes/mn/1e6, ft/mn }'
done
echo
echo "Medians of $runs runs; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(date -u +%Y-%m-%d)."
