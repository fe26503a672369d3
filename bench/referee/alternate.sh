#!/usr/bin/env bash
# Diagnosis helper, not a goal: alternates builds (or node scripts) under the referee's load and
# pinning (load.sh), round after round, and prints each round's req/s and each one's ratio to the
# first. The variants of bench/README.md's step-by-step tables were measured this way; only same-round
# ratios compare (this VM's runs spread by ±5-10 %), so use 5 rounds or more.
#
#   bash bench/referee/alternate.sh [--rounds N] [--seconds S] TARGET...
#
# TARGETs as load.sh describes them, e.g.
#   bash bench/referee/alternate.sh bench/referee/proxy /tmp/variant ../shared/bench/sut/proxy.mjs \
#     "../shared/bench/sut/proxy.mjs --import $PWD/bench/referee/logged-baseline.mjs"
set -euo pipefail

rounds=5 seconds=5
source "$(dirname "$0")/load.sh"
[ ${#TARGETS[@]} -gt 0 ] || { sed -n '2,11p' "$0"; exit 2; }

for round in $(seq "$rounds"); do
  line=""
  for target in "${TARGETS[@]}"; do
    start_target "$target"
    line="$line $(measure_target | awk '/Requests\/sec/ { print $2 }')"
    stop_target
  done
  echo "round $round:$line" | awk '{ printf "%s", $0; for (i = 4; i <= NF; i++) printf " %.3f", $i / $3; print "" }'
done
