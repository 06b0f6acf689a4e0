#!/usr/bin/env bash
# `herald format --batch` against the floor: the fastest C program on ICU 72 we know
# that prints the same texts (Tools/bench/floor/floor.c: templates compiled and
# formatters opened before the first request, tab-separated requests in, one text
# line out), and against the equal-work C program of render.sh
# (Tools/bench/render/render_baseline.c), in one run.
#
#   Tools/bench/floor.sh [N]      (default N = 100000 requests over 16 locales)
#   RUNS=3                        best of RUNS whole processes, the sides taking turns
#   HERALD=path                   a herald binary to measure (default: the shipping build,
#                                 Tools/scripts/build-release.sh)
#
# Workloads (Tools/bench/floor/workload.py writes each as JSON Lines and as TSV):
# - mixed: Tools/bench/floor/Localizations/*/Floor.stringsdict, four kinds of request
#   changing every 16 requests: decimal (value type f, forms print %.2f), single (%d
#   plural), two (plurals ld and d in one message), named (%@ beside a %d plural);
# - current: render.sh's requests ("%#@count@ from %@", Bench.stringsdict).
# Every text herald writes is compared with the floor's line for the same request, and
# the floor's current-workload output with render_baseline's hash; any difference
# stops the script. CPU time is user + system of the whole process (bash's `time`);
# the equal-work figure is render_baseline's own timed loop, as in render.sh.
# Per kind: (CPU of N requests − CPU of 16 requests) / (N − 16), start-up cancelled.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-100000}
RUNS=${RUNS:-3}
HERALD=${HERALD:-$(Tools/scripts/build-release.sh)}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
ICU=$(pkg-config --cflags --libs icu-i18n icu-uc)
cc -O2 -Wall -o "$WORK/floor" Tools/bench/floor/floor.c $ICU
cc -O2 -o "$WORK/render_baseline" Tools/bench/render/render_baseline.c $ICU
TABLES=$PWD/Tools/bench/floor/Localizations
LOCALES=(en_US=en de_DE=de fr_FR=fr es_ES=es it_IT=it pt_BR=pt-BR ru_RU=ru pl_PL=pl cs_CZ=cs
  ar_EG=ar he_IL=he ja_JP=ja zh_Hans_CN=zh-Hans cy_GB=cy ga_IE=ga lt_LT=lt)
KINDS=(decimal single two named)

W=Tools/bench/floor/workload.py
python3 "$W" mixed "$N" "$WORK/mixed"
python3 "$W" current "$N" "$WORK/current"
for k in "${KINDS[@]}"; do
  python3 "$W" kind "$k" "$N" "$WORK/$k"
  python3 "$W" kind "$k" 16 "$WORK/$k-16"
done

# cpu_ms OUTPUT COMMAND…: runs COMMAND (stdout to OUTPUT), prints its CPU ms.
cpu_ms() {
  local output=$1 t; shift
  TIMEFORMAT='%U %S'
  rm -f "$output"
  t=$( { time "$@" > "$output" 2>/dev/null; } 2>&1 )
  echo "$t" | awk '{ printf "%.1f", ($1 + $2) * 1000 }'
}
min() { awk -v a="$1" -v b="$2" 'BEGIN{ print (b == "" || a + 0 < b + 0) ? a : b }'; }

# run NAME TABLE: best-of-RUNS CPU of herald and of the floor on $WORK/NAME, in turns;
# sets H and F (ms) and checks the texts.
run() {
  local name=$1 table=$2 h="" f=""
  for _ in $(seq "$RUNS"); do
    h=$(min "$(cpu_ms "$WORK/$name.herald" "$HERALD" format --batch "$WORK/$name.jsonl" --tables "$TABLES")" "$h")
    f=$(min "$(cpu_ms "$WORK/$name.floor" "$WORK/floor" "$TABLES" "$table" "${LOCALES[@]}" < "$WORK/$name.tsv")" "$f")
  done
  python3 - "$WORK/$name.herald" "$WORK/$name.floor" "$name" <<'PY'
import json, sys
herald = open(sys.argv[1], encoding="utf-8").read().split("\n")[:-1]
floor = open(sys.argv[2], encoding="utf-8").read().split("\n")[:-1]
if len(herald) != len(floor):
    sys.exit(f"floor.sh: {sys.argv[3]}: herald wrote {len(herald)} lines, the floor {len(floor)}")
for i, (h, f) in enumerate(zip(herald, floor)):
    text = json.loads(h).get("text")
    if text != f:
        sys.exit(f"floor.sh: {sys.argv[3]}: request {i + 1}: herald {h!r}, floor {f!r}")
PY
  H=$h F=$f
}

echo "herald: $HERALD; N=$N, best of $RUNS; load average $(cut -d' ' -f1-3 /proc/loadavg)"
run mixed Floor
MH=$H MF=$F
awk -v h="$MH" -v f="$MF" -v n="$N" 'BEGIN{ printf "mixed workload: herald format --batch %.1f ms CPU, floor %.1f ms → herald/floor %.2f× (goal ≤ 2×); %.2f vs %.2f µs a request\n", h, f, h/f, h*1000/n, f*1000/n }'

run current Bench
CH=$H CF=$F
c_best="" c_line=""
for _ in $(seq "$RUNS"); do
  c_line=$("$WORK/render_baseline" "$N")
  c_best=$(min "$(echo "$c_line" | sed -n 's/.*c_ms=\([^ ]*\).*/\1/p')" "$c_best")
done
c_hash=$(echo "$c_line" | sed -n 's/.*hash=\([^ ]*\).*/\1/p')
f_hash=$(python3 -c '
import sys
h = 1469598103934665603
for b in open(sys.argv[1], "rb").read().replace(b"\n", b""):
    h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
print(f"{h:016x}")' "$WORK/current.floor")
[ "$c_hash" = "$f_hash" ] || { echo "floor.sh: the floor's current-workload texts differ from render_baseline's (hash $f_hash vs $c_hash)" >&2; exit 1; }
awk -v h="$CH" -v f="$CF" -v c="$c_best" 'BEGIN{ printf "current workload (render.sh): herald %.1f ms CPU, floor %.1f ms → herald/floor %.2f×; equal-work C %.1f ms (timed loop) → herald/equal-work %.2f×\n", h, f, h/f, c, h/c }'

echo "per kind, µs a request (N − 16 requests, start-up cancelled):"
declare -A KH KF
start_h="" start_f=""
for k in "${KINDS[@]}"; do
  run "$k" Floor; big_h=$H big_f=$F
  run "$k-16" Floor
  start_h=$(min "$H" "$start_h") start_f=$(min "$F" "$start_f")
  KH[$k]=$(awk -v a="$big_h" -v b="$H" -v n="$N" 'BEGIN{ printf "%.3f", (a - b) * 1000 / (n - 16) }')
  KF[$k]=$(awk -v a="$big_f" -v b="$F" -v n="$N" 'BEGIN{ printf "%.3f", (a - b) * 1000 / (n - 16) }')
done
summary=""
for k in "${KINDS[@]}"; do summary+="$k ${KH[$k]} ${KF[$k]}"$'\n'; done
printf '%s' "$summary" | awk '
  { k[NR] = $1; h[NR] = $2; f[NR] = $3; sh += $2; sf += $3 }
  END {
    avg = sh / sf
    for (i = 1; i <= NR; i++)
      printf "  %-8s herald %.2f µs, floor %.2f µs → %.2f× (%.2f× the kinds'"'"' average ratio %.2f×; goal ≤ 1.5×)\n", k[i], h[i], f[i], h[i]/f[i], (h[i]/f[i])/avg, avg
  }'
echo "start-up (a batch of 16 requests, the least of the four kinds): herald $start_h ms CPU, floor $start_f ms"
echo "all texts equal (mixed, current and per-kind workloads; the floor's current texts equal render_baseline's, hash $c_hash)"
