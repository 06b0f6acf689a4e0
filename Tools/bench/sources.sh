#!/usr/bin/env bash
# `herald validate --sources`: a real app's tables checked against its Swift code, release build.
#
#   Tools/bench/sources.sh TABLES CODE      RUNS=3 (best of)
#
# TABLES: an app's tables (its .lproj folders); CODE: a checkout of the same
# app's code (any folder of .swift files; none of it belongs in this repository). Prints, best
# of RUNS, the CPU time (user + system, herald and the herald-sourcekeys it runs) of
# `herald validate TABLES` and of `herald validate --sources CODE TABLES`, the helper's own
# share, and the binaries' sizes. Goal (issue 30): under 3 s of CPU with --sources on
# DuckDuckGo's tables and code.
set -euo pipefail
cd "$(dirname "$0")/../.."
TABLES=${1:?usage: Tools/bench/sources.sh TABLES CODE}
CODE=${2:?usage: Tools/bench/sources.sh TABLES CODE}
RUNS=${RUNS:-3}
SCRATCH=${SCRATCH:-.build-release}

echo "building release…" >&2
swift build -c release --scratch-path "$SCRATCH" --product herald >&2
swift build -c release --scratch-path "$SCRATCH" --product herald-sourcekeys >&2
BIN=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# best_cpu COMMAND…: the least user + system CPU time (children included) of RUNS runs.
best_cpu() {
  local best="" t cpu
  for _ in $(seq "$RUNS"); do
    TIMEFORMAT="%U %S %R"
    t=$( { time "$@" > "$WORK/out.txt"; } 2>&1 || true)
    cpu=$(echo "$t" | tail -1 | awk '{ printf "%.3f", $1 + $2 }')
    if [ -z "$best" ] || awk -v a="$cpu" -v b="$best" 'BEGIN{ exit !(a < b) }'; then best=$cpu; fi
  done
  echo "$best"
}

echo "binaries: herald $(stat -c %s "$BIN/herald") bytes, herald-sourcekeys $(stat -c %s "$BIN/herald-sourcekeys") bytes"
plain=$(best_cpu "$BIN/herald" validate "$TABLES")
echo "herald validate TABLES: ${plain} s CPU"
tail -1 "$WORK/out.txt"
helper=$(best_cpu "$BIN/herald-sourcekeys" "$CODE")
echo "herald-sourcekeys CODE alone: ${helper} s CPU"
with=$(best_cpu "$BIN/herald" validate --sources "$CODE" "$TABLES")
echo "herald validate --sources CODE TABLES: ${with} s CPU (helper included)"
tail -1 "$WORK/out.txt"
awk -v t="$with" 'BEGIN{ exit !(t < 3.0) }' && echo "goal (< 3 s of CPU): met" || echo "goal (< 3 s of CPU): NOT met"
