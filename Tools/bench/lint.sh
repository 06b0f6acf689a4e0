#!/usr/bin/env bash
# Linter benchmark: a generated tree of LOCALES × KEYS (default 300 × 1,000:
# Localizable.strings with %@/%d/positional specifiers, Localizable.stringsdict
# plurals for each locale's CLDR categories, one planted specifier mismatch
# in every 50th locale), validated with every check, render checks included.
#
#   Tools/bench/lint.sh [LOCALES] [KEYS]      RUNS=3 (best of)
#
# Prints (1) the in-process linter's CPU time on one thread (herald-bench lint)
# and (2) `herald validate` end to end on the same tree, pinned to one core
# (process start, reading, checking, writing the report). Goal: under 2 s.
# Both must report exactly the planted errors and no warnings.
set -euo pipefail
cd "$(dirname "$0")/../.."
LOCALES=${1:-300}
KEYS=${2:-1000}
RUNS=${RUNS:-3}

echo "building release…" >&2
swift build -c release --product herald-bench >&2
swift build -c release --product herald >&2
BIN=$(swift build -c release --show-bin-path)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

echo "in-process (one thread, CPU time, best of $RUNS):"
"$BIN/herald-bench" lint --locales "$LOCALES" --keys "$KEYS" --runs "$RUNS" --keep "$WORK/tree"

PIN=""
command -v taskset >/dev/null && PIN="taskset -c 0"
best=""
for _ in $(seq "$RUNS"); do
  start=$(date +%s.%N)
  set +e
  $PIN "$BIN/herald" validate "$WORK/tree" > "$WORK/out.txt"
  status=$?
  set -e
  end=$(date +%s.%N)
  s=$(awk -v a="$start" -v b="$end" 'BEGIN{ printf "%.3f", b - a }')
  best=$(awk -v a="$s" -v b="$best" 'BEGIN{ print (b=="" || a<b) ? a : b }')
done
echo "herald validate end to end (one core, wall, best of $RUNS): ${best} s, exit $status"
tail -1 "$WORK/out.txt"
awk -v t="$best" 'BEGIN{ exit !(t < 2.0) }' && echo "goal (< 2 s): met" || echo "goal (< 2 s): NOT met"
