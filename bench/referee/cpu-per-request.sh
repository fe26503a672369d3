#!/usr/bin/env bash
# Diagnosis helper, not a goal: the CPU time one request costs a target's main thread, split into user
# and system time, under the referee's load and pinning. req/s says which one is faster; this says
# whether the difference is the process's own code (user) or the kernel's work for it (system), which
# a V8 CPU profile cannot tell apart (it counts a system call as the JavaScript that made it).
#
#   bash bench/referee/cpu-per-request.sh [--rounds N] [--seconds S] TARGET...
#
# TARGETs as for alternate.sh: a folder holding out/server.mjs or a .mjs file, optionally followed by
# node options in the same word. The figures come from /proc/<pid>/task/<pid>/stat (utime, stime) read
# before and after S seconds of wrk -t1 -c50, divided by the requests wrk counted.
set -euo pipefail

rounds=2 seconds=8
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=${2:?}; shift 2 ;;
    --seconds) seconds=${2:?}; shift 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { sed -n '2,11p' "$0"; exit 2; }

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

setsid taskset -c 0 env PORT=$upstream_port node "$bench/upstream.mjs" </dev/null >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$upstream_port/users" && break; sleep 0.1; done

ticks=$(getconf CLK_TCK)

# "user system" clock ticks of the main thread of process $1
main_thread_ticks() {
  awk '{ print $14, $15 }' "/proc/$1/task/$1/stat"
}

measure() {
  local words=($1) dir program
  if [ -d "${words[0]}" ]; then dir=${words[0]} program=out/server.mjs; else dir=$(dirname "${words[0]}") program=$(basename "${words[0]}"); fi
  # exec all the way down: the started process is node itself, so its pid is the one to read
  (cd "$dir" && exec setsid taskset -c 1 env PORT=$port HOST=127.0.0.1 UPSTREAM=http://127.0.0.1:$upstream_port NODE_ENV=production \
    node "${words[@]:1}" "$program" </dev/null >/dev/null 2>"$work/stderr") &
  local pid=$!
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/users" && break; sleep 0.1; done
  taskset -c 0 wrk -t1 -c50 -d3s "http://127.0.0.1:$port/users" >/dev/null
  local before after requests
  before=$(main_thread_ticks "$pid")
  requests=$(taskset -c 0 wrk -t1 -c50 -d"${seconds}s" "http://127.0.0.1:$port/users" | awk '/requests in/ { print $1 }')
  after=$(main_thread_ticks "$pid")
  kill -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  echo "$before $after $requests" | awk -v tick="$ticks" -v name="$1" '{
    user = ($3 - $1) / tick * 1e6 / $5; sys = ($4 - $2) / tick * 1e6 / $5
    printf "  %-60s %8.0f req/s  user %5.1f us  system %5.1f us  total %5.1f us per request\n", name, $5 / '"$seconds"', user, sys, user + sys
  }'
}

for round in $(seq "$rounds"); do
  echo "round $round:"
  for target in "$@"; do measure "$target"; done
done
