#!/usr/bin/env bash
# Renderer benchmark: Swift (HeraldRender) vs a C program doing the same ICU
# work (Tools/bench/render/render_baseline.c), in one invocation.
#
#   Tools/bench/render.sh [N]        (default N = 100000 requests, 16 locales)
#   RUNS=5 (best of RUNS, C and Swift interleaved)
#
# Prints the in-process ratio (goal ≤ 1.3× C) and the end-to-end ratio of
# `herald format --batch` on the same requests read from .stringsdict tables
# (process start, JSON Lines in and out, table reading; goal ≤ 2× C).
# The end-to-end figure is taken for the shipping build (Tools/scripts/build-release.sh:
# static Swift runtime, no PIE, order file; the first build takes ~10 minutes) and
# for the plain `swift build -c release` binary, whose fixed cost is mostly the
# dynamic linker binding ~55 shared libraries.
# Tools/bench/render-callgrind.sh gives the same comparison in instructions.
# Needs `herald-bench render` wired in Tools/bench/HeraldBench/main.swift.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-100000}
RUNS=${RUNS:-5}

echo "building release…" >&2
swift build -c release --product herald-bench >&2
swift build -c release --product herald >&2
BIN=$(swift build -c release --show-bin-path)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cc -O2 -o "$WORK/render_baseline" Tools/bench/render/render_baseline.c $(pkg-config --cflags --libs icu-i18n icu-uc)

field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p"; }
best_c=""; best_s=""; best_sb=""; c_line=""; s_line=""
for _ in $(seq "$RUNS"); do
  c_line=$("$WORK/render_baseline" "$N")
  s_line=$("$BIN/herald-bench" render "$N")
  c=$(echo "$c_line" | field c_ms); s=$(echo "$s_line" | field swift_ms); sb=$(echo "$s_line" | field swift_bytes_ms)
  best_c=$(awk -v a="$c" -v b="$best_c" 'BEGIN{ print (b=="" || a<b) ? a : b }')
  best_s=$(awk -v a="$s" -v b="$best_s" 'BEGIN{ print (b=="" || a<b) ? a : b }')
  best_sb=$(awk -v a="$sb" -v b="$best_sb" 'BEGIN{ print (b=="" || a<b) ? a : b }')
done
echo "C:     $c_line"
echo "Swift: $s_line"
c_hash=$(echo "$c_line" | field hash); s_hash=$(echo "$s_line" | field hash)
if [ "$c_hash" != "$s_hash" ]; then
  echo "MISMATCH: the Swift output differs from the C output (hash $s_hash vs $c_hash)" >&2
  exit 1
fi
if [ "$(echo "$s_line" | field failures)" != "0" ]; then
  echo "the Swift side failed renders or its two APIs disagree: $s_line" >&2
  exit 1
fi
echo "identical output ($(echo "$c_line" | field bytes) bytes, hash $c_hash)"
awk -v s="$best_s" -v c="$best_c" -v n="$N" 'BEGIN{ printf "in-process: swift %.1f ms, C %.1f ms (best of runs) → ratio %.2f× (goal ≤ 1.3×); %.2f µs per render\n", s, c, s/c, s*1000/n }'
awk -v s="$best_sb" -v c="$best_c" 'BEGIN{ printf "in-process, text lent as UTF-8 (render(…, text:), no String): swift %.1f ms → ratio %.2f×\n", s, s/c }'

"$BIN/herald-bench" render --write-fixture "$WORK/fixture" "$N" >/dev/null
# herald's CPU time (user + system, from bash's `time`) compares with the C
# program's CPU time; the wall time is printed too.
end_to_end() {  # herald binary, label
  local herald=$1 label=$2 best_e="" best_w="" t w e
  for _ in $(seq "$RUNS"); do
    TIMEFORMAT='%R %U %S'
    rm -f "$WORK/out.jsonl"  # not truncating the last run's 4 MB inside the timed command
    t=$( { time "$herald" format --batch "$WORK/fixture/requests.jsonl" --tables "$WORK/fixture/Localizations" > "$WORK/out.jsonl"; } 2>&1 )
    w=$(echo "$t" | awk '{ printf "%.1f", $1*1000 }')
    e=$(echo "$t" | awk '{ printf "%.1f", ($2+$3)*1000 }')
    best_e=$(awk -v a="$e" -v b="$best_e" 'BEGIN{ print (b=="" || a<b) ? a : b }')
    best_w=$(awk -v a="$w" -v b="$best_w" 'BEGIN{ print (b=="" || a<b) ? a : b }')
  done
  lines=$(wc -l < "$WORK/out.jsonl")
  errors=$(grep -c '"error"' "$WORK/out.jsonl" || true)
  if [ "$lines" != "$N" ] || [ "$errors" != "0" ]; then
    echo "end-to-end: herald format --batch answered $lines lines with $errors errors (expected $N, 0)" >&2
    head -3 "$WORK/out.jsonl" >&2
    exit 1
  fi
  awk -v e="$best_e" -v w="$best_w" -v c="$best_c" -v l="$label" 'BEGIN{ printf "end-to-end%s: herald format --batch %.1f ms CPU (%.1f ms wall, process start, table reading, JSON Lines in and out) vs C %.1f ms → ratio %.2f× (goal ≤ 2×)\n", l, e, w, c, e/c }'
}
SHIP=$(Tools/scripts/build-release.sh)
end_to_end "$SHIP" " (shipping build)"
end_to_end "$BIN/herald" " (plain release build)"

# Peak RSS of a one-shot `herald format` (issue #4, goal ≤ 24 MB): the shipping build
# (Tools/scripts/build-release.sh) and the plain release build, tables from Localizations/.
rss() { /usr/bin/time -f "%M" -o "$WORK/rss" "$@" > /dev/null; cat "$WORK/rss"; }
one=(format --key lottery.loss.body --locale ru --arg 3 --tables "$PWD/Localizations")
awk -v s="$(rss "$SHIP" "${one[@]}")" -v d="$(rss "$BIN/herald" "${one[@]}")" 'BEGIN{ printf "peak RSS, one herald format: shipping build %.1f MB, plain release build %.1f MB (goal ≤ 24 MB)\n", s/1024, d/1024 }'
