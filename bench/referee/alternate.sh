#!/usr/bin/env bash
# Diagnosis helper, not a goal: alternates builds (or node scripts) under the referee's load and
# pinning, round after round, and prints each round's req/s and each one's ratio to the first. The
# variants of bench/README.md's step-by-step tables were measured this way; only same-round ratios
# compare (this VM's runs spread by ±5-10 %), so use 5 rounds or more.
#
#   bash bench/referee/alternate.sh [--rounds N] [--seconds S] TARGET...
#
# A TARGET is a folder holding out/server.mjs (a compiled project, or a copy of one changed by hand)
# or a .mjs file (a referee baseline), optionally followed by node options in the same word:
#   bash bench/referee/alternate.sh bench/referee/proxy /tmp/variant ../shared/bench/sut/proxy.mjs \
#     "../shared/bench/sut/proxy.mjs --import $PWD/bench/referee/logged-baseline.mjs"
# Like the referee: the upstream (../shared/bench/upstream.mjs) and wrk on core 0, the target on
# core 1, wrk -t1 -c50, 3 s of warm-up; the target's stderr (its log) goes to a temporary file.
set -euo pipefail

rounds=5 seconds=5
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=${2:?}; shift 2 ;;
    --seconds) seconds=${2:?}; shift 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { sed -n '2,15p' "$0"; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)
bench=$(cd "$here/../../../shared/bench" && pwd)
work=$(mktemp -d)
port=18080 upstream_port=18081
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

# started in a session of its own, with no inherited output, so nothing waits for it
setsid taskset -c 0 env PORT=$upstream_port node "$bench/upstream.mjs" </dev/null >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$upstream_port/users" && break; sleep 0.1; done

# req/s of one target: started, warmed up, measured, stopped
measure() {
  local words=($1) dir program
  if [ -d "${words[0]}" ]; then dir=${words[0]} program=out/server.mjs; else dir=$(dirname "${words[0]}") program=$(basename "${words[0]}"); fi
  (cd "$dir" && exec setsid taskset -c 1 env PORT=$port HOST=127.0.0.1 UPSTREAM=http://127.0.0.1:$upstream_port NODE_ENV=production \
    node "${words[@]:1}" "$program" </dev/null >/dev/null 2>"$work/stderr") &
  local pid=$!
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/users" && break; sleep 0.1; done
  taskset -c 0 wrk -t1 -c50 -d3s "http://127.0.0.1:$port/users" >/dev/null
  taskset -c 0 wrk -t1 -c50 -d"${seconds}s" "http://127.0.0.1:$port/users" | awk '/Requests\/sec/ { print $2 }'
  kill -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

for round in $(seq "$rounds"); do
  line=""
  for target in "$@"; do line="$line $(measure "$target")"; done
  echo "round $round:$line" | awk '{ printf "%s", $0; for (i = 4; i <= NF; i++) printf " %.3f", $i / $3; print "" }'
done
