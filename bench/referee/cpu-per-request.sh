#!/usr/bin/env bash
# Diagnosis helper, not a goal: the CPU time one request costs a target's main thread, split into user
# and system time, under the referee's load and pinning (load.sh). req/s says which one is faster; this
# says whether the difference is the process's own code (user) or the kernel's work for it (system),
# which a V8 CPU profile cannot tell apart (it counts a system call as the JavaScript that made it).
#
#   bash bench/referee/cpu-per-request.sh [--rounds N] [--seconds S] TARGET...
#
# TARGETs as load.sh describes them. The figures come from /proc/<pid>/task/<pid>/stat (utime, stime)
# read before and after S seconds of load, divided by the requests wrk counted.
set -euo pipefail

rounds=2 seconds=8
source "$(dirname "$0")/load.sh"
[ ${#TARGETS[@]} -gt 0 ] || { sed -n '2,10p' "$0"; exit 2; }

ticks=$(getconf CLK_TCK)

# "user system" clock ticks of the main thread of process $1
main_thread_ticks() {
  awk '{ print $14, $15 }' "/proc/$1/task/$1/stat"
}

for round in $(seq "$rounds"); do
  echo "round $round:"
  for target in "${TARGETS[@]}"; do
    start_target "$target"
    before=$(main_thread_ticks "$TARGET_PID")
    requests=$(measure_target | awk '/requests in/ { print $1 }')
    after=$(main_thread_ticks "$TARGET_PID")
    stop_target
    echo "$before $after $requests" | awk -v tick="$ticks" -v seconds="$seconds" -v name="$target" '{
      user = ($3 - $1) / tick * 1e6 / $5; sys = ($4 - $2) / tick * 1e6 / $5
      printf "  %-60s %8.0f req/s  user %5.1f us  system %5.1f us  total %5.1f us per request\n", name, $5 / seconds, user, sys, user + sys
    }'
  done
done
