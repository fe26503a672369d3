# Sourced by alternate.sh and cpu-per-request.sh: the referee's load and pinning for one target at a
# time. The upstream (../shared/bench/upstream.mjs) and wrk run on core 0, the target on core 1;
# wrk -t1 -c50 after 3 s of warm-up; the target's stderr (its log) goes to a temporary file. Everything
# started here is stopped when the sourcing script exits.
#
# A TARGET is a folder holding out/server.mjs (a compiled project, or a copy of one changed by hand)
# or a .mjs file (a referee baseline), optionally followed by node options in the same word.

rounds=${rounds:-5} seconds=${seconds:-5}
# --rounds N and --seconds S; the targets are left in TARGETS
TARGETS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=${2:?}; shift 2 ;;
    --seconds) seconds=${2:?}; shift 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done

load_bench=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../shared/bench" && pwd)
load_work=$(mktemp -d)
load_port=18080 load_upstream_port=18081
load_pids=()
load_cleanup() {
  for pid in "${load_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  rm -rf "$load_work"
}
trap load_cleanup EXIT INT TERM

# started in a session of its own, with no inherited output, so nothing waits for it
setsid taskset -c 0 env PORT=$load_upstream_port node "$load_bench/upstream.mjs" </dev/null >/dev/null 2>&1 &
load_pids+=($!)
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$load_upstream_port/users" && break; sleep 0.1; done

# Starts TARGET ($1) and warms it up; TARGET_PID is its node process (its own process group).
start_target() {
  local words=($1) dir program
  if [ -d "${words[0]}" ]; then dir=${words[0]} program=out/server.mjs; else dir=$(dirname "${words[0]}") program=$(basename "${words[0]}"); fi
  # exec all the way down: the started process is node itself
  (cd "$dir" && exec setsid taskset -c 1 env PORT=$load_port HOST=127.0.0.1 UPSTREAM=http://127.0.0.1:$load_upstream_port NODE_ENV=production \
    node "${words[@]:1}" "$program" </dev/null >/dev/null 2>"$load_work/stderr") &
  TARGET_PID=$!
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$load_port/users" && break; sleep 0.1; done
  taskset -c 0 wrk -t1 -c50 -d3s "http://127.0.0.1:$load_port/users" >/dev/null
}

# wrk's report of $seconds of load on the started target
measure_target() {
  taskset -c 0 wrk -t1 -c50 -d"${seconds}s" "http://127.0.0.1:$load_port/users"
}

stop_target() {
  kill -- "-$TARGET_PID" 2>/dev/null || true
  wait "$TARGET_PID" 2>/dev/null || true
}
