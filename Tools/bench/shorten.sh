#!/bin/sh
# Shortening an over-long alert text: PayloadWriter.shorten (Swift, grapheme-safe cut,
# "…" appended) against a C baseline that finds the same cut with ICU's character break
# iterator, on worst-case shapes (4 MiB of ASCII, ZWJ emoji, flags, stacked combining
# marks, conjoining jamo), same texts, same budget, one invocation.
# Usage: Tools/bench/shorten.sh [iterations]   (default 2000 calls per case)
# Both sides time their loop in thread CPU time; ROUNDS=n alternating rounds (default 5),
# best of each kept. The kept byte counts must agree (the same cut on both sides).
set -eu
. "$(dirname "$0")/lib.sh"
N="${1:-2000}"
bench_build shorten shorten_baseline Tools/bench/shorten/shorten_baseline.c
round() { "$OUT/shorten_baseline" "$N" && "$BIN" shorten "$N"; }
bench_rounds round
awk '
  $1 == "c-shorten"     { if (!($2 in c) || $4 < c[$2]) c[$2] = $4; ck[$2] = $5; n = $3; order[++k] = $2 }
  $1 == "swift-shorten" { if (!($2 in s) || $4 < s[$2]) s[$2] = $4; sk[$2] = $5 }
  END {
    bad = 0
    for (i = 1; i <= k; i++) {
      name = order[i]; if (seen[name]++) continue
      if (ck[name] != sk[name]) { print "MISMATCH " name ": c keeps " ck[name] " bytes, swift " sk[name]; bad = 1 }
      printf "%-6s kept %5d bytes  c %8.1f us/call  swift %8.1f us/call  ratio swift/c = %.2f\n",
        name, sk[name], c[name] / n * 1e6, s[name] / n * 1e6, s[name] / c[name]
    }
    exit bad
  }' "$OUT/runs.txt"
