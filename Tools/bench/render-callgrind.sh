#!/usr/bin/env bash
# Instruction counts per render (valgrind --tool=callgrind), which stay
# stable on a busy machine where times do not:
#   - the C baseline (Tools/bench/render/render_baseline.c) per request,
#   - the in-process Swift render (herald-bench render) per request,
#   - `herald format --batch` per line, and its fixed cost (process start,
#     table reading, opening ICU for 16 locales).
# Each figure is the difference of two runs (N and 2N requests) divided by N,
# so start-up and warm-up cancel out. Also prints the functions that grew
# most per request, and the atomic reference-count and allocation calls.
#
#   Tools/bench/render-callgrind.sh [N]      (default N = 20000)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-20000}
command -v valgrind >/dev/null || { echo "render-callgrind: needs valgrind" >&2; exit 1; }

echo "building release…" >&2
swift build -c release --product herald-bench >&2
swift build -c release --product herald >&2
BIN=$(swift build -c release --show-bin-path)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cc -O2 -o "$WORK/render_baseline" Tools/bench/render/render_baseline.c $(pkg-config --cflags --libs icu-i18n icu-uc)
# valgrind 3.19 cannot read the DWARF 5 Swift emits: profile copies without debug info.
objcopy --strip-debug "$BIN/herald-bench" "$WORK/herald-bench"
objcopy --strip-debug "$BIN/herald" "$WORK/herald"
"$BIN/herald-bench" render --write-fixture "$WORK/fixture" $((2 * N)) >/dev/null
head -n "$N" "$WORK/fixture/requests.jsonl" > "$WORK/fixture/half.jsonl"

profile() {  # name, then the command for N and for 2N (REQ is replaced)
  local name=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$WORK/$name.a" "${@//REQ/$N}" >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$WORK/$name.b" "${@//REQ/$((2 * N))}" >/dev/null 2>&1
}
profile c "$WORK/render_baseline" REQ
profile swift "$WORK/herald-bench" render --string-only REQ
valgrind --tool=callgrind --callgrind-out-file="$WORK/batch.a" "$WORK/herald" format --batch "$WORK/fixture/half.jsonl" \
  --tables "$WORK/fixture/Localizations" >/dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file="$WORK/batch.b" "$WORK/herald" format --batch "$WORK/fixture/requests.jsonl" \
  --tables "$WORK/fixture/Localizations" >/dev/null 2>&1

for name in c swift batch; do
  for run in a b; do
    callgrind_annotate --threshold=100 "$WORK/$name.$run" 2>/dev/null | grep -E '^ *[0-9,]+ ' > "$WORK/$name.$run.self"
    callgrind_annotate --tree=caller --threshold=100 "$WORK/$name.$run" 2>/dev/null > "$WORK/$name.$run.callers"
  done
done

python3 - "$WORK" "$N" <<'PY'
import re, sys
work, n = sys.argv[1], int(sys.argv[2])

def self_costs(path):
    d = {}
    for line in open(path):
        m = re.match(r'\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*)', line)
        if m:
            d[m.group(2)[:140]] = int(m.group(1).replace(',', ''))
    return d

def calls(path):
    """Calls into swift_retain/swift_release/malloc per caller."""
    out, block = {}, []
    for line in open(path):
        if not line.strip():
            block = []
            continue
        block.append(line)
        m = re.search(r'\*\s+\S*:(swift_retain|swift_release|malloc) ', line)
        if m:
            for b in block[:-1]:
                mm = re.match(r'\s*[\d,]+\s+(?:\([^)]*\)\s+)?<\s+(\S+)\s+\(([\d,]+)x\)', b)
                if mm:
                    out[(m.group(1), mm.group(1))] = int(mm.group(2).replace(',', ''))
    return out

for name, label in (("c", "C baseline, per request"), ("swift", "in-process Swift render, per request"),
                    ("batch", "herald format --batch, per line")):
    a, b = self_costs(f"{work}/{name}.a.self"), self_costs(f"{work}/{name}.b.self")
    per = (b["PROGRAM TOTALS"] - a["PROGRAM TOTALS"]) / n
    fixed = a["PROGRAM TOTALS"] - per * n
    print(f"{label}: {per:,.0f} instructions" + (f"; fixed {fixed / 1e6:.1f}M" if name == "batch" else ""))
    rows = sorted(((b.get(k, 0) - a.get(k, 0)) / n, k) for k in set(a) | set(b) if k != "PROGRAM TOTALS")
    for v, k in reversed(rows[-8:]):
        print(f"    {v:7,.0f}  {k}")
    ca, cb = calls(f"{work}/{name}.a.callers"), calls(f"{work}/{name}.b.callers")
    totals = {}
    for (fn, caller) in set(ca) | set(cb):
        if caller.startswith("???:swift_bridgeObject"):
            continue  # counted at the bridge call's own caller
        totals[fn] = totals.get(fn, 0) + (cb.get((fn, caller), 0) - ca.get((fn, caller), 0)) / n
    print("    calls per request: " + ", ".join(f"{fn} {v:.1f}" for fn, v in sorted(totals.items())))
PY
