#!/usr/bin/env bash
# Extension-stage benchmark: `herald render` as an app's extension would run it.
#
#   Tools/bench/stage.sh [N]        (default N = 20000 sealed lottery pushes, 16 locales)
#   RUNS=3 (best of RUNS)  COLD=30 (process starts timed for the cold-start ratio)
#
# 1. Throughput: N sealed lottery payloads (4 games, HPKE, keys from `herald keygen`,
#    sealed by `herald seal`, tickets in a real store) through `herald render --batch`;
#    every answer is checked (no error, no fallback, ≤ 4096 bytes). Prints payloads/s per
#    core (user+sys CPU time, so the figure does not depend on how many cores run it).
# 2. Cold start: one `herald render` of a sealed push (open keys, decrypt, read tickets,
#    render, badge write) against a C program that opens one ICU currency formatter
#    and prints one sentence (Tools/bench/stage/cold_baseline.c). Goal ≤ 3×.
# 3. Peak RSS of one `herald render` and of the batch (goal ≤ 24 MB, the extension's
#    jetsam limit reported for extensions), from /usr/bin/time -v.
#
# The binary measured is the shipping build (Tools/scripts/build-release.sh: static Swift
# runtime and Foundation, no PIE, hot code first); the plain `swift build -c release`
# binary's cold start and peak RSS are printed after it for comparison.
# Needs `herald-bench stage` wired in Tools/bench/HeraldBench/main.swift.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-20000}
RUNS=${RUNS:-3}
COLD=${COLD:-30}

echo "building release…" >&2
swift build -c release --product herald >&2
swift build -c release --product herald-bench >&2
BIN=$(swift build -c release --show-bin-path)
DYN_H="$BIN/herald"
H=$(Tools/scripts/build-release.sh)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cc -O2 -o "$WORK/cold_baseline" Tools/bench/stage/cold_baseline.c $(pkg-config --cflags --libs icu-i18n icu-uc)
export HERALD_STORE="$WORK/store"
TABLES="$PWD/Localizations"

# Tickets and sealed pushes (hand-checkable against the operators' prize charts).
"$H" keygen --id bench >/dev/null 2>&1
"$H" store add-ticket --game powerball --draw 2026-11-18 --numbers 4,11,23,50,60 --bonus 1 >/dev/null
"$H" store add-ticket --game powerball --draw 2026-11-18 --numbers 4,11,1,2,3 --bonus 9 >/dev/null
"$H" store add-ticket --game powerball --draw 2026-11-18 --numbers 5,6,7,8,10 --bonus 2 >/dev/null
"$H" store add-ticket --game euromillions --draw 2026-11-20 --numbers 5,10,15,1,2 --bonus 3,8 >/dev/null
"$H" store add-ticket --game lotto6aus49 --draw 2026-11-21 --numbers 3,8,1,2,4,5 --bonus 7 >/dev/null
"$H" store add-ticket --game loto6 --draw 2026-11-19 --numbers 1,2,3,10,11,12 --bonus "" >/dev/null
mkdir -p "$WORK/plain" "$WORK/sealed"
push() { # name game draw numbers bonus extra
  printf '{"aps":{"alert":{"title":"DidIWin","body":"New results are in"},"mutable-content":1,"thread-id":"%s"},"herald":{"kind":"lottery.draw","game":"%s","draw":"%s","numbers":%s,"bonus":%s%s}}' \
    "$2" "$2" "$3" "$4" "$5" "$6" > "$WORK/plain/$1.json"
  "$H" seal --payload "$WORK/plain/$1.json" --key-id bench > "$WORK/sealed/$1.json"
}
push 1-powerball powerball 2026-11-18 '[4,11,23,45,61]' '[9]' ',"multiplier":2'
push 2-euromillions euromillions 2026-11-20 '[5,10,15,20,25]' '[3,7]' ',"prizes":{"3+1":{"amount":1406,"currency":"EUR"}}'
push 3-lotto6aus49 lotto6aus49 2026-11-21 '[3,8,15,22,37,44]' '[7]' ''
push 4-loto6 loto6 2026-11-19 '[1,2,3,4,5,6]' '[7]' ''
"$BIN/herald-bench" stage requests --payloads "$WORK/sealed" --count "$N" --out "$WORK/requests.jsonl" >&2

# 1. Throughput.
best_cpu=""; best_wall=""
for _ in $(seq "$RUNS"); do
  /usr/bin/time -f "%U %S %e %M" -o "$WORK/time" "$H" render --batch "$WORK/requests.jsonl" --tables "$TABLES" > "$WORK/out.jsonl"
  read -r user sys wall rss < "$WORK/time"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN{ print u+s }')
  best_cpu=$(awk -v a="$cpu" -v b="$best_cpu" 'BEGIN{ print (b=="" || a<b) ? a : b }')
  best_wall=$(awk -v a="$wall" -v b="$best_wall" 'BEGIN{ print (b=="" || a<b) ? a : b }')
  batch_rss=$rss
done
"$BIN/herald-bench" stage check "$WORK/out.jsonl" "$N"
sed -n '1p' "$WORK/out.jsonl" | cut -c1-300
awk -v n="$N" -v c="$best_cpu" -v w="$best_wall" 'BEGIN{ printf "throughput: %d sealed pushes in %.2f s CPU (%.2f s wall) → %.0f payloads/s per core\n", n, c, w, n/c }'

# 2. Cold start (median of COLD runs each; the sealed Powerball push, en). The four
# programs take turns in every round, so a load that comes and goes (other builds on the
# machine) weighs on each of them alike.
one="$WORK/sealed/1-powerball.json"
"$H" render --payload "$one" --locale en --tables "$TABLES" > "$WORK/one.json"
"$WORK/cold_baseline" > /dev/null
median_ms() { sort -n | awk '{ a[NR]=$1 } END{ print a[int((NR+1)/2)] }'; }
us() { local t0 t1; t0=$(date +%s%N); "$@" > /dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000 )); }
: > "$WORK/c"; : > "$WORK/h"; : > "$WORK/v"; : > "$WORK/d"
for _ in $(seq "$COLD"); do
  us "$WORK/cold_baseline" >> "$WORK/c"
  us "$H" render --payload "$one" --locale en --tables "$TABLES" >> "$WORK/h"
  us "$H" --version >> "$WORK/v"
  us "$DYN_H" render --payload "$one" --locale en --tables "$TABLES" >> "$WORK/d"
done
c_us=$(median_ms < "$WORK/c"); h_us=$(median_ms < "$WORK/h"); v_us=$(median_ms < "$WORK/v"); d_us=$(median_ms < "$WORK/d")
echo "one push: $(cut -c1-200 "$WORK/one.json")"
awk -v h="$h_us" -v c="$c_us" -v v="$v_us" 'BEGIN{ printf "cold start: herald render %.1f ms vs C (one ICU formatter) %.1f ms, median of runs → ratio %.2f× (goal ≤ 3×); herald --version alone %.1f ms (%.2f×)\n", h/1000, c/1000, h/c, v/1000, v/c }'
# 3. Peak RSS.
/usr/bin/time -v "$H" render --payload "$one" --locale ar --tables "$TABLES" > /dev/null 2> "$WORK/rss1"
/usr/bin/time -v "$WORK/cold_baseline" > /dev/null 2> "$WORK/rss0"
one_rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/rss1")
c_rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/rss0")
awk -v a="$one_rss" -v b="$batch_rss" -v c="$c_rss" -v n="$N" 'BEGIN{ printf "peak RSS: one render %.1f MB, batch of %d %.1f MB (goal ≤ 24 MB); C baseline %.1f MB\n", a/1024, n, b/1024, c/1024 }'

# 4. The plain release build (dynamic Swift libraries), for comparison.
/usr/bin/time -v "$DYN_H" render --payload "$one" --locale ar --tables "$TABLES" > /dev/null 2> "$WORK/rss2"
d_rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/rss2")
awk -v d="$d_us" -v c="$c_us" -v r="$d_rss" 'BEGIN{ printf "dynamic build (swift build -c release): herald render %.1f ms → ratio %.2f×; peak RSS %.1f MB\n", d/1000, d/c, r/1024 }'
