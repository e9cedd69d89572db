#!/usr/bin/env bash
# UCI soak: random valid and invalid command sequences with random timing
# against `myriad uci` for MINUTES minutes (tests/uci_soak.rs, the ignored
# long test). Checks that isready answers within 100 ms, that every go gets
# exactly one legal bestmove, that the process never dies and that its
# memory stays bounded. The seed is printed; MYRIAD_SOAK_SEED=N replays it.
# Usage: scripts/uci-soak.sh [MINUTES, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
MYRIAD_SOAK_MINUTES=$minutes cargo test --release --test uci_soak -- \
  --ignored uci_soak_long --nocapture
