#!/usr/bin/env bash
# What the order file (Tools/scripts/herald.order) buys the shipping build: the same build
# linked with and without it (Tools/scripts/build-release.sh, ORDER=0: one compile, two links),
# then `herald render` of the example lottery push (ar, with its tickets in a fresh store)
# run by both in turns. Prints median and best start-up of each, the ratio without/with,
# and peak RSS and page faults (least of 5 runs each).
#
#   Tools/bench/order-file.sh        N=41 runs of each   SCRATCH as build-release.sh's
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${N:-41}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cp "$(Tools/scripts/build-release.sh)" "$W/with"
cp "$(ORDER=0 Tools/scripts/build-release.sh)" "$W/without"
Tools/scripts/build-release.sh >/dev/null  # leave the shipping build as it was
export HERALD_STORE="$W/store"
cd "$W"
./with examples --output ex >/dev/null
./with store add-ticket --game powerball --numbers 4,11,23,50,60 --bonus 9 --draw 2026-11-18 --power-play >/dev/null
./with store add-ticket --game powerball --numbers 4,11,1,2,3 --bonus 9 --draw 2026-11-18 >/dev/null
render() { "$1" render --payload ex/lottery-win.json --locale ar --allow-unsealed --tables ex/Localizations; }
render ./with > a.json
render ./without > b.json
cmp a.json b.json
us() { local t0 t1; t0=$(date +%s%N); render "$1" >/dev/null; t1=$(date +%s%N); echo $(((t1 - t0) / 1000)); }
: >a; : >b
for i in $(seq "$N"); do  # alternate which goes first, so a passing load weighs on both alike
  if [ $((i % 2)) = 0 ]; then us ./with >>a; us ./without >>b; else us ./without >>b; us ./with >>a; fi
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
best() { sort -n "$1" | head -1; }
awk -v ma="$(median a)" -v mb="$(median b)" -v ba="$(best a)" -v bb="$(best b)" 'BEGIN {
  printf "with the order file: median %.2f ms, best %.2f ms\n", ma / 1000, ba / 1000
  printf "without:             median %.2f ms, best %.2f ms\n", mb / 1000, bb / 1000
  printf "without/with: median %.3f×, best %.3f×\n", mb / ma, bb / ba }'
for bin in with without; do
  rss=""; faults=""
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f "%M %R" -o t "./$bin" render --payload ex/lottery-win.json --locale ar --allow-unsealed --tables ex/Localizations >/dev/null
    read -r r f <t
    rss=$((${rss:-$r} < r ? ${rss:-$r} : r)); faults=$((${faults:-$f} < f ? ${faults:-$f} : f))
  done
  awk -v b="$bin" -v r="$rss" -v f="$faults" 'BEGIN { printf "%-7s peak RSS %.1f MB, %d minor page faults (least of 5)\n", b, r / 1024, f }'
done
