#!/bin/sh
# Plural-select + currency-format throughput: plain C against ICU4C versus the
# Swift layer (HeraldICU), same work, same locales, one invocation.
# Usage: Tools/bench/icu.sh [iterations]   (default 20000 × 16 locales)
# Both sides time their loop in thread CPU time (CLOCK_THREAD_CPUTIME_ID) after
# opening their formatters; the Swift side goes through the public API
# (PluralRules.for, Currency.formatter, CurrencyFormat.formatAndSelect) on
# every item. Prints both timings, checks the outputs agree (checksum over
# every formatted byte and category), and prints swift/c. ROUNDS=n to change
# the number of alternating rounds (default 5).
set -eu
cd "$(dirname "$0")/../.."
N="${1:-20000}"
OUT=.build/bench-icu
mkdir -p "$OUT"
cc -O2 -Wall -o "$OUT/bench_icu" Tools/bench/icu/bench_icu.c $(pkg-config --cflags --libs icu-i18n 2>/dev/null || echo -licui18n -licuuc)
swift build -c release --product herald-bench >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log"; exit 1; }
BIN="$(swift build -c release --show-bin-path)/herald-bench"
ROUNDS="${ROUNDS:-5}"
# Alternate the two sides ROUNDS times and keep each side's best time, so
# one-off stalls on a busy machine do not count.
i=0
: >"$OUT/runs.txt"
while [ "$i" -lt "$ROUNDS" ]; do
  "$OUT/bench_icu" "$N" >>"$OUT/runs.txt"
  "$BIN" icu "$N" >>"$OUT/runs.txt"
  i=$((i + 1))
done
cat "$OUT/runs.txt"
awk '
  $1 == "c"     { if (!c || $3 < c) c = $3; cs = $4; n = $2 }
  $1 == "swift" { if (!s || $3 < s) s = $3; ss = $4 }
  END {
    if (cs != ss) { print "MISMATCH: checksums differ (c " cs ", swift " ss ")"; exit 1 }
    printf "best of runs: items %d  c %.1f ns/item  swift %.1f ns/item  ratio swift/c = %.3f (goal <= 1.3)\n",
      n, c / n * 1e9, s / n * 1e9, s / c
  }' "$OUT/runs.txt"
