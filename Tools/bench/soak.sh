#!/usr/bin/env bash
# Soak of herald serve (issue #31): the shipped pod's flags and a ulimit of 1024 open files,
# mixed traffic (format, render with a context, batches, small uploads) with hostile clients
# beside it (trickling batches, stalled bodies, hundreds of silent sockets, 12 MiB uploads),
# and a prober asking /healthz and /readyz every second, as a kubelet does
# (Tools/bench/serve/soak.py). Goals: /healthz always 200, /readyz never 503 for more than
# 15 s in a row, peak RSS under the pod's 512 MiB, no 500, and SIGTERM at the end exits 0
# within the pod's 30 s.
#
#   Tools/bench/soak.sh [MINUTES]     default 10
#
# Needs python3. Uses a release herald-server (built here into .build-release) unless
# SERVER_BIN=path names one.
set -euo pipefail
cd "$(dirname "$0")/../.."
MINUTES=${1:-10}
PORT=${PORT:-18490}
LIMIT_MIB=${LIMIT_MIB:-512}
OUT=.build/bench-soak
mkdir -p "$OUT"
if [ -z "${SERVER_BIN:-}" ]; then
  swift build -c release --scratch-path .build-release --product herald-server >"$OUT/build.log" 2>&1 || {
    cat "$OUT/build.log" >&2
    exit 1
  }
  SERVER_BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/herald-server"
fi
rm -f "$OUT/port"
# The Deployment's flags (deploy/kubernetes/deployment.yaml), a container's file limit.
(
  ulimit -n 1024
  exec "$SERVER_BIN" --host 127.0.0.1 --port "$PORT" --port-file "$OUT/port" --watch-interval-ms 0 \
    --max-connections 512 --max-upload-bytes 16777216 --upload-budget-bytes 50331648 --shutdown-grace-s 20 \
    --log-level warning
) 2>"$OUT/server.log" &
SERVER=$!
trap 'kill -9 $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 600); do [ -s "$OUT/port" ] && break; sleep 0.1; done
[ -s "$OUT/port" ] || { echo "soak.sh: the server did not start (its log: $OUT/server.log)" >&2; exit 1; }

status=0
python3 Tools/bench/serve/soak.py "$PORT" "$SERVER" "$((MINUTES * 60))" "$LIMIT_MIB" | tee "$OUT/result.json" || status=1

# SIGTERM with the hostile clients gone: the server must exit 0 within the pod's 30 s.
start=$(date +%s.%N)
kill -TERM "$SERVER"
code=0
for _ in $(seq 300); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$SERVER" 2>/dev/null; then
  echo "soak.sh: SIGTERM: still running after 30 s" >&2
  status=1
else
  wait "$SERVER" || code=$?
  printf 'SIGTERM: exit %s after %.1f s\n' "$code" "$(echo "$(date +%s.%N) - $start" | bc)"
  [ "$code" = 0 ] || status=1
fi
exit $status
