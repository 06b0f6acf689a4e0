#!/usr/bin/env bash
# Herald as a service (issue #16) against a minimal Node `http` + `Intl` server doing the
# same work, on loopback, in the same run. The server under test is pinned to core 0
# (`taskset -c 0`), the load client to core 1.
#
#   Tools/bench/serve.sh              POST /v1/format: Herald and Node side by side, the
#                                     ceiling of each stack (no-work probes: Node, Hummingbird,
#                                     bare SwiftNIO), then /v1/render/batch against
#                                     `herald render --batch`
#   Tools/bench/serve.sh node         the Node side only (no herald-server needed)
#   Tools/bench/serve.sh soak [MIN]   Herald at 70 % of its maximum for MIN minutes (default 10):
#                                     RSS growth (goal < 5 %) and error responses (goal 0)
#
# POST /v1/format: maximum requests/s with wrk (keep-alive, 64 connections, one thread), the
# two servers taking turns for ROUNDS rounds (with a GET probe that does no work: each one's
# ceiling), then p50/p99 at 50 % and 90 % of that maximum with Tools/bench/serve/fixed-rate.py (an
# open-loop client with a fixed rate, latency counted from when each request was due, as
# wrk2 does; wrk has no fixed rate). The ceiling table puts five servers side by side, each
# as its max req/s and p99 at 90 % of that max: Node with no work (GET /readyz), Hummingbird
# with no work (herald serve's GET /healthz: its router and middleware, no tables), bare
# SwiftNIO with no work (Tools/bench/serve/NIOProbe: NIO's HTTP/1 pipeline and a handler
# answering 6 bytes), herald serve POST /v1/format, Node POST /format. The request mix is `herald examples`' format requests
# (keys with plurals and numbers in every language); Node reads the same tables, exported
# with `herald export --format json`, and its answers are compared with Herald's first.
#
# Needs: wrk, node, python3, taskset (util-linux); a release build of herald and
# herald-server (made here). DURATION=seconds per measurement (default 10); ROUNDS=turns each
# server takes at its maximum (default 3; the median is reported).
set -euo pipefail
cd "$(dirname "$0")/../.."
MODE=${1:-bench}
OUT=.build/bench-serve
HERE=Tools/bench/serve
DURATION=${DURATION:-10}
HERALD_PORT=${HERALD_PORT:-18480}
NODE_PORT=${NODE_PORT:-18481}
NIO_PORT=${NIO_PORT:-18482}
mkdir -p "$OUT"
case "$MODE" in
bench | node | soak) ;;
*) echo "usage: Tools/bench/serve.sh [node | soak [MINUTES]]" >&2; exit 2 ;;
esac

for tool in wrk node python3 taskset; do
  command -v "$tool" >/dev/null || { echo "serve.sh: $tool is missing (apt-get install wrk nodejs python3 util-linux)" >&2; exit 1; }
done

# The release binaries (herald finds herald-server beside itself). HERALD=path uses another
# herald for the inputs (the node mode needs no server).
if [ -z "${HERALD:-}" ]; then
  if [ "$MODE" = node ]; then products=(herald); else products=(herald herald-server herald-bench-nio-probe); fi
  for p in "${products[@]}"; do
    swift build -c release --product "$p" >"$OUT/build-$p.log" 2>&1 || {
      cat "$OUT/build-$p.log" >&2
      echo "serve.sh: the release build of $p failed" >&2
      exit 1
    }
  done
  HERALD="$(swift build -c release --show-bin-path)/herald"
fi
SERVER_BIN="$(dirname "$HERALD")/herald-server"
NIO_BIN="$(dirname "$HERALD")/herald-bench-nio-probe"

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

# The inputs: the example tables, their format and render requests, Node's messages.
rm -rf "$OUT/examples"
"$HERALD" examples --output "$OUT/examples" >/dev/null
TABLES="$OUT/examples/Localizations"
FORMAT_REQUESTS="$OUT/examples/format-requests.jsonl"
"$HERALD" export "$TABLES" --format json >"$OUT/messages.json"
"$HERALD" format --batch "$FORMAT_REQUESTS" >"$OUT/expected.jsonl"

# wait_ready URL LOG NAME PID: polls URL until it answers 200 (60 s at most, and only while
# the process PID runs).
wait_ready() {
  python3 - "$1" "$3" "$2" "$4" <<'PY'
import os, sys, time, urllib.request
url, name, log, pid = sys.argv[1:]
for _ in range(600):
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        sys.exit(f"serve.sh: {name} exited before answering {url} (its log: {log})")
    try:
        if urllib.request.urlopen(url, timeout=1).status == 200:
            sys.exit(0)
    except Exception:
        time.sleep(0.1)
sys.exit(f"serve.sh: {name} did not answer {url} within 60 s (its log: {log})")
PY
}

start_node() {
  taskset -c 0 node "$HERE/node-format.js" "$OUT/messages.json" "$NODE_PORT" >"$OUT/node.log" 2>&1 &
  pids+=($!)
  NODE_PID=$!
  wait_ready "http://127.0.0.1:$NODE_PORT/readyz" "$OUT/node.log" "the Node server" "$NODE_PID"
}

start_nio() {
  if [ ! -x "$NIO_BIN" ]; then
    echo "serve.sh: $NIO_BIN is not built (swift build -c release --product herald-bench-nio-probe)" >&2
    exit 1
  fi
  taskset -c 0 "$NIO_BIN" "$NIO_PORT" >"$OUT/nio.log" 2>&1 &
  pids+=($!)
  NIO_PID=$!
  wait_ready "http://127.0.0.1:$NIO_PORT/" "$OUT/nio.log" "the SwiftNIO probe" "$NIO_PID"
}

start_herald() {
  if [ ! -x "$SERVER_BIN" ]; then
    echo "serve.sh: $SERVER_BIN is not built: herald serve needs herald-server (swift build -c release --product herald-server)" >&2
    exit 1
  fi
  taskset -c 0 "$HERALD" serve --port "$HERALD_PORT" --tables "$TABLES" >"$OUT/herald.log" 2>&1 &
  pids+=($!)
  HERALD_PID=$!
  sleep 0.5
  if ! kill -0 "$HERALD_PID" 2>/dev/null; then
    cat "$OUT/herald.log" >&2
    echo "serve.sh: herald serve exited at once: is herald-server built with the server (issue #16)?" >&2
    exit 1
  fi
  wait_ready "http://127.0.0.1:$HERALD_PORT/readyz" "$OUT/herald.log" "herald serve (is herald-server built with the server, issue #16?)" "$HERALD_PID"
}

# same_answers NAME PORT: POSTs every format request once and compares the answers with
# `herald format --batch`'s (what POST /v1/format must say); prints how many differ.
same_answers() {
  python3 - "$FORMAT_REQUESTS" "$OUT/expected.jsonl" "$2" "$1" <<'PY'
import json, sys, urllib.request
requests, expected, port, name = sys.argv[1:]
bad = 0
lines = [l for l in open(requests, encoding="utf-8") if l.strip()]
wants = [json.loads(l) for l in open(expected, encoding="utf-8") if l.strip()]
for line, want in zip(lines, wants):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/format", data=line.encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        got = json.loads(urllib.request.urlopen(req, timeout=10).read())
    except urllib.error.HTTPError as e:
        got = json.loads(e.read() or b"{}")
    keep = ("text", "servedBy", "plural")
    if {k: got.get(k) for k in keep} != {k: want.get(k) for k in keep}:
        bad += 1
        if bad <= 3:
            print(f"  {name} differs: {line.strip()}\n    herald format: {want.get('text')!r}\n    {name}: {got.get('text')!r}", file=sys.stderr)
print(f"{name}: {len(lines) - bad} of {len(lines)} answers as herald format --batch")
PY
}

# bare_rate PORT PATH: wrk flat out on GET PATH (a probe: no body, no work) — each server's
# own ceiling for a request through its HTTP stack, router and middleware.
bare_rate() {
  taskset -c 1 wrk -t1 -c64 -d"${DURATION}s" "http://127.0.0.1:$1$2" >"$OUT/wrk-bare-$1.txt"
  awk '/Requests\/sec:/ { printf "%d\n", $2 }' "$OUT/wrk-bare-$1.txt"
}

# max_rate PORT: wrk flat out for DURATION seconds; prints requests/s (non-2xx fail the run).
max_rate() {
  taskset -c 1 wrk -t1 -c64 -d"${DURATION}s" -s "$HERE/post-lines.lua" "http://127.0.0.1:$1/v1/format" -- "$FORMAT_REQUESTS" >"$OUT/wrk-$1.txt"
  if grep -q "Non-2xx" "$OUT/wrk-$1.txt"; then
    cat "$OUT/wrk-$1.txt" >&2
    echo "serve.sh: error responses under load" >&2
    exit 1
  fi
  awk '/Requests\/sec:/ { printf "%d\n", $2 }' "$OUT/wrk-$1.txt"
}

# at_rate PORT RATE SECONDS: the fixed-rate client's JSON line.
at_rate() {
  taskset -c 1 python3 "$HERE/fixed-rate.py" "http://127.0.0.1:$1/v1/format" "$FORMAT_REQUESTS" --rate "$2" --seconds "$3"
}

# probe_at_rate PORT PATH RATE SECONDS: the fixed-rate client's JSON line for GET PATH.
probe_at_rate() {
  taskset -c 1 python3 "$HERE/fixed-rate.py" "http://127.0.0.1:$1$2" --get --rate "$3" --seconds "$4"
}

field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }

# report NAME MAX HALF HIGH: one line of figures (HALF, HIGH: the fixed-rate client's JSON lines
# at 50 % and 90 % of MAX), kept in $OUT too.
report() {
  printf '%-7s %10d req/s   50%%: p50 %s ms p99 %s ms   90%%: p50 %s ms p99 %s ms%s\n' "$1" "$2" \
    "$(field "$3" p50_ms)" "$(field "$3" p99_ms)" "$(field "$4" p50_ms)" "$(field "$4" p99_ms)" \
    "$( [ "$(field "$4" client_limited)" = True ] && echo '   (the fixed-rate client could not keep 90 %: its figures are the client'"'"'s)' || true)"
  echo "$3" >"$OUT/$1-50.json"
  echo "$4" >"$OUT/$1-90.json"
}

# measure NAME PORT: max, then p50/p99 at 50 % and 90 % of it.
measure() {
  local max
  max=$(max_rate "$2")
  report "$1" "$max" "$(at_rate "$2" $((max / 2)) "$DURATION")" "$(at_rate "$2" $((max * 9 / 10)) "$DURATION")"
}

median() { python3 -c 'import statistics, sys; print(int(statistics.median(map(float, sys.argv[1:]))))' "$@"; }

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

case "$MODE" in
node)
  start_node
  same_answers node "$NODE_PORT"
  measure node "$NODE_PORT"
  ;;
bench)
  start_herald
  same_answers herald "$HERALD_PORT"
  start_node
  same_answers node "$NODE_PORT"
  # The two servers take turns, round after round, so that a change in the machine's load
  # (other work on the same cores) falls on both alike; each figure is the median of its rounds.
  ROUNDS=${ROUNDS:-3}
  echo "POST /v1/format, keep-alive, server on 1 core, ${DURATION} s each, ${ROUNDS} rounds taking turns:"
  start_nio
  hmax=() nmax=() hbare=() nbare=() xbare=()
  for r in $(seq 1 "$ROUNDS"); do
    hmax+=("$(max_rate "$HERALD_PORT")")
    nmax+=("$(max_rate "$NODE_PORT")")
    # The ceiling: a probe (GET, no body, no work) through the same server, flat out; and
    # the same through bare SwiftNIO.
    hbare+=("$(bare_rate "$HERALD_PORT" /healthz)")
    nbare+=("$(bare_rate "$NODE_PORT" /readyz)")
    xbare+=("$(bare_rate "$NIO_PORT" /)")
    echo "  round $r: /v1/format herald ${hmax[-1]}, node ${nmax[-1]} req/s; probe herald ${hbare[-1]}, node ${nbare[-1]}, swiftnio ${xbare[-1]} req/s (load average $(cut -d' ' -f1 /proc/loadavg))"
  done
  MAX_herald=$(median "${hmax[@]}")
  MAX_node=$(median "${nmax[@]}")
  # p50/p99 at 50 % and 90 % of each server's own maximum, taking turns too.
  h50=$(at_rate "$HERALD_PORT" $((MAX_herald / 2)) "$DURATION")
  n50=$(at_rate "$NODE_PORT" $((MAX_node / 2)) "$DURATION")
  h90=$(at_rate "$HERALD_PORT" $((MAX_herald * 9 / 10)) "$DURATION")
  n90=$(at_rate "$NODE_PORT" $((MAX_node * 9 / 10)) "$DURATION")
  report herald "$MAX_herald" "$h50" "$h90"
  report node "$MAX_node" "$n50" "$n90"
  python3 -c 'import sys; h,n,ph,pn=map(float,sys.argv[1:]); print(f"herald/node throughput: {h/n:.2f}x (goal >= 3x); p99 at 90 %: herald {ph} ms, node {pn} ms (goal: lower)")' \
    "$MAX_herald" "$MAX_node" "$(field "$h90" p99_ms)" "$(field "$n90" p99_ms)"
  bare_herald=$(median "${hbare[@]}")
  bare_node=$(median "${nbare[@]}")
  python3 -c 'import sys; h,n,fh,fn=map(float,sys.argv[1:]); print(f"ceiling, GET probe: herald /healthz {h:.0f} req/s, node /readyz {n:.0f} req/s ({h/n:.2f}x); /v1/format reaches {fh/h*100:.0f} % of herald'"'"'s ceiling, node {fn/n*100:.0f} % of its own")' \
    "$bare_herald" "$bare_node" "$MAX_herald" "$MAX_node"
  # The ceiling table: each server's max (median of the rounds) and p99 at 90 % of it,
  # the latency runs taking turns.
  bare_nio=$(median "${xbare[@]}")
  p_node=$(probe_at_rate "$NODE_PORT" /readyz $((bare_node * 9 / 10)) "$DURATION")
  p_herald=$(probe_at_rate "$HERALD_PORT" /healthz $((bare_herald * 9 / 10)) "$DURATION")
  p_nio=$(probe_at_rate "$NIO_PORT" / $((bare_nio * 9 / 10)) "$DURATION")
  echo "$p_node" >"$OUT/ceiling-node.json"
  echo "$p_herald" >"$OUT/ceiling-hummingbird.json"
  echo "$p_nio" >"$OUT/ceiling-swiftnio.json"
  python3 - "$bare_node" "$p_node" "$bare_herald" "$p_herald" "$bare_nio" "$p_nio" "$MAX_herald" "$h90" "$MAX_node" "$n90" <<'PY'
import json, sys
a = sys.argv[1:]
rows = [
    ("Node, no work (GET /readyz)", a[0], a[1]),
    ("Hummingbird, no work (herald GET /healthz)", a[2], a[3]),
    ("SwiftNIO, no work (NIOProbe GET /)", a[4], a[5]),
    ("herald serve POST /v1/format", a[6], a[7]),
    ("Node POST /format", a[8], a[9]),
]
print("ceiling, same cores, each at its own max and at 90 % of it:")
print(f"  {'server':44} {'max req/s':>10} {'p99 at 90 %':>12}")
for name, peak, line in rows:
    r = json.loads(line)
    note = "  (client-limited: the fixed-rate client could not keep 90 %)" if r["client_limited"] else ""
    print(f"  {name:44} {int(float(peak)):>10} {r['p99_ms']:>9} ms{note}")
node, hb, nio, fmt, nfmt = (float(x) for x in (a[0], a[2], a[4], a[6], a[8]))
print(f"  ratios: Hummingbird/Node no-work {hb/node:.2f}x, SwiftNIO/Node no-work {nio/node:.2f}x, "
      f"Hummingbird/SwiftNIO {hb/nio:.2f}x; herald /v1/format / SwiftNIO no-work {fmt/nio:.2f}x; "
      f"herald/Node /format {fmt/nfmt:.2f}x; 3x Node /format would be {3*nfmt:.0f} req/s, {3*nfmt/nio:.2f}x bare SwiftNIO's no-work ceiling")
PY

  # /v1/render/batch against herald render --batch on the same lines (core 0 both).
  python3 -c 'import sys; l=[x for x in open(sys.argv[1]) if x.strip()]; n=int(sys.argv[2]); open(sys.argv[3],"w").writelines((l*(n//len(l)+1))[:n])' \
    "$OUT/examples/requests.jsonl" 20000 "$OUT/render-batch.jsonl"
  cli=$( { /usr/bin/time -f %e taskset -c 0 "$HERALD" render --batch "$OUT/render-batch.jsonl" --allow-unsealed >"$OUT/render-cli.jsonl"; } 2>&1 | tail -1)
  served=$(python3 - "$HERALD_PORT" "$OUT/render-batch.jsonl" "$OUT/render-served.jsonl" <<'PY'
import http.client, sys, time
port, src, dst = sys.argv[1:]
body = open(src, "rb").read()
c = http.client.HTTPConnection("127.0.0.1", int(port), timeout=600)
t = time.monotonic()
c.request("POST", "/v1/render/batch", body=body, headers={"Content-Type": "application/x-ndjson"})
r = c.getresponse()
data = r.read()
elapsed = time.monotonic() - t
open(dst, "wb").write(data)
if r.status != 200:
    sys.exit(f"serve.sh: /v1/render/batch answered {r.status}: {data[:300]!r}")
print(f"{elapsed:.3f}")
PY
)
  python3 - "$cli" "$served" "$OUT/render-cli.jsonl" "$OUT/render-served.jsonl" <<'PY'
import sys
cli, served, a, b = sys.argv[1:]
n = sum(1 for _ in open(a))
m = sum(1 for _ in open(b))
errors = sum(1 for l in open(b) if '"error"' in l)
print(f"/v1/render/batch: {m} lines in {float(served):.2f} s = {m/float(served):.0f} lines/s; "
      f"herald render --batch: {n} lines in {float(cli):.2f} s = {n/float(cli):.0f} lines/s; "
      f"ratio {(m/float(served))/(n/float(cli)):.2f} (goal >= 0.80); {errors} error answers")
PY
  ;;
soak)
  MINUTES=${2:-10}
  start_herald
  max=$(max_rate "$HERALD_PORT")
  rate=$((max * 7 / 10))
  echo "soak: herald serve at $rate req/s (70 % of $max) for $MINUTES min"
  # One minute of load first, then RSS is taken as the baseline.
  at_rate "$HERALD_PORT" "$rate" 60 >"$OUT/soak-warmup.json"
  start_rss=$(rss_kb "$HERALD_PID")
  errors=0
  : >"$OUT/soak.jsonl"
  for m in $(seq 1 "$MINUTES"); do
    line=$(at_rate "$HERALD_PORT" "$rate" 60)
    echo "$line" >>"$OUT/soak.jsonl"
    errors=$((errors + $(field "$line" errors)))
    echo "  minute $m: RSS $(rss_kb "$HERALD_PID") kB, p99 $(field "$line" p99_ms) ms, errors $(field "$line" errors)"
  done
  end_rss=$(rss_kb "$HERALD_PID")
  python3 -c 'import sys; a,b,e=map(int,sys.argv[1:]); g=(b-a)*100/a; print(f"soak: RSS {a} kB -> {b} kB ({g:+.1f} %, goal < 5 %), {e} error responses (goal 0): " + ("PASS" if g < 5 and e == 0 else "FAIL"))' \
    "$start_rss" "$end_rss" "$errors"
  ;;
*)
  echo "usage: Tools/bench/serve.sh [node | soak [MINUTES]]" >&2
  exit 2
  ;;
esac
