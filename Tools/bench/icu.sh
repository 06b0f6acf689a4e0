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
# Second line: currency formatting alone (Foundation has no plural rules), C
# against HeraldICU against Foundation's Decimal.FormatStyle.Currency.
set -eu
N="${1:-20000}"
. "$(dirname "$0")/lib.sh"
bench_build icu bench_icu Tools/bench/icu/bench_icu.c
round() {
  "$OUT/bench_icu" "$N"
  "$BIN" icu "$N"
  "$OUT/bench_icu" "$N" format
  "$BIN" icu-format "$N"
  "$BIN" foundation "$N"
}
bench_rounds round
cat "$OUT/runs.txt"
awk '
  $1 == "c"     { if (!c || $3 < c) c = $3; cs = $4; n = $2 }
  $1 == "swift" { if (!s || $3 < s) s = $3; ss = $4 }
  $1 == "c-format"     { if (!cf || $3 < cf) cf = $3; cfs = $4 }
  $1 == "swift-format" { if (!sf || $3 < sf) sf = $3; sfs = $4 }
  $1 == "foundation"   { if (!f || $3 < f) f = $3; fs = $4 }
  END {
    if (cs != ss) { print "MISMATCH: checksums differ (c " cs ", swift " ss ")"; exit 1 }
    if (cfs != sfs) { print "MISMATCH: format-only checksums differ (c " cfs ", swift " sfs ")"; exit 1 }
    printf "best of runs: items %d  c %.1f ns/item  swift %.1f ns/item  ratio swift/c = %.3f (goal <= 1.3)\n",
      n, c / n * 1e9, s / n * 1e9, s / c
    printf "currency format only: c %.1f ns/item  herald %.1f ns/item  Foundation FormatStyle %.1f ns/item  ratio herald/c = %.3f, Foundation/herald = %.2f%s\n",
      cf / n * 1e9, sf / n * 1e9, f / n * 1e9, sf / cf, f / sf,
      (fs == cfs ? " (same text)" : " (Foundation, with its own ICU, formats some items differently)")
  }' "$OUT/runs.txt"
