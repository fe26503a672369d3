#!/usr/bin/env bash
# How a flow's cost grows with the size of the upstream's answer (issue 22): the referee harness
# (../shared/bench/run.sh, its load, pinning and interleaved repetitions) run once per list size
# (BENCH_USERS: 10 users are 1 KB, 1000 are 108 KB), each gateway route beside its hand-written
# equivalent in the same repetitions, every server's peak RSS, event-loop delay and GC pauses recorded
# (run-stats.mjs). Then scale-report.mjs prints the tables: same-repetition req/s and p99 ratios,
# peak RSS; loop delay and GC pauses.
#
#   bash bench/referee/scale.sh [--reps N] [--duration S] [--sizes "10 100 1000 10000"]
#                               [--shapes "transform pick merge proxy"] OUTDIR
#
# Shapes (gateway project in bench/referee/ : baseline):
#   transform  transform/ and transform-indented/ : the referee's sut/transform.mjs and sut/transform-pino.mjs
#   pick       pick/ (a `with` over the last user) : pick/handwritten.mjs
#   merge      merge/ (`requests` to 3 upstreams, one template) : merge/handwritten.mjs
#   proxy      proxy/ (x-svc-proxy) : the referee's sut/proxy-pino.mjs
# A full run (4 sizes, 3 shapes, 5 repetitions of 10 s) takes about 45 minutes.
set -euo pipefail

reps=5 duration=10 sizes="10 100 1000 10000" shapes="transform pick merge"
while [ $# -gt 1 ]; do
  case "$1" in
    --reps) reps=${2:?}; shift 2 ;;
    --duration) duration=${2:?}; shift 2 ;;
    --sizes) sizes=${2:?}; shift 2 ;;
    --shapes) shapes=${2:?}; shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { sed -n '2,17p' "$0"; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bench=$(cd "$repo/../shared/bench" && pwd)

suts=()
# add LABEL DIR FILE: a server started in DIR as `node FILE`, its run-stats.mjs line labelled LABEL
add() {
  suts+=("custom@$1:cd $2 && exec env RUN_STATS_LABEL=$1 RUN_STATS_LOG=\$RUN_STATS_LOG node --import $here/run-stats.mjs $3")
}
gateway() {
  node "$repo/bin/svc-compile.mjs" "$here/$2/definition.yaml" -o "$here/$2/out" > /dev/null
  add "$1" "$here/$2" out/server.mjs
}
for shape in $shapes; do
  case "$shape" in
    transform)
      add transform "$bench" sut/transform.mjs
      add transform-pino "$bench" sut/transform-pino.mjs
      gateway gw-transform transform
      gateway gw-transform-indented transform-indented ;;
    pick) add pick "$here/pick" handwritten.mjs; gateway gw-pick pick ;;
    merge) add merge "$here/merge" handwritten.mjs; gateway gw-merge merge ;;
    proxy) add proxy-pino "$bench" sut/proxy-pino.mjs; gateway gw-proxy proxy ;;
    *) echo "scale.sh: unknown shape $shape" >&2; exit 2 ;;
  esac
done

for size in $sizes; do
  echo "== $size users"
  : > "$out/stats-$size.jsonl"
  (cd "$bench" && RUN_STATS_LOG="$out/stats-$size.jsonl" BENCH_USERS=$size \
    bash run.sh --reps "$reps" --duration "$duration" --out "$out/users-$size.json" "${suts[@]}")
done
node "$here/scale-report.mjs" "$out"
