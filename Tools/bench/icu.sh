#!/bin/sh
# Plural-select + currency-format throughput: plain C against ICU4C versus the
# Swift layer (HeraldICU), same work, same locales, one invocation.
# Usage: Tools/bench/icu.sh [iterations]   (default 20000 × 16 locales)
# Prints both timings, checks the outputs agree, and prints swift/c.
set -eu
cd "$(dirname "$0")/../.."
N="${1:-20000}"
OUT=.build/bench-icu
mkdir -p "$OUT"
cc -O2 -Wall -o "$OUT/bench_icu" Tools/bench/icu/bench_icu.c $(pkg-config --cflags --libs icu-i18n 2>/dev/null || echo -licui18n -licuuc)
swift build -c release --product herald-bench >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log"; exit 1; }
BIN="$(swift build -c release --show-bin-path)/herald-bench"
C_LINE=$("$OUT/bench_icu" "$N")
S_LINE=$("$BIN" icu "$N")
echo "$C_LINE"
echo "$S_LINE"
echo "$C_LINE $S_LINE" | awk '{
  if ($4 != $8) { print "MISMATCH: checksums differ (c " $4 ", swift " $8 ")"; exit 1 }
  printf "items %d  c %.1f ns/item  swift %.1f ns/item  ratio swift/c = %.3f (goal <= 1.3)\n",
    $2, $3 / $2 * 1e9, $7 / $6 * 1e9, $7 / $3
}'
