#!/usr/bin/env bash
# `herald worker` on PostgreSQL against `herald format --batch` and `herald render --batch`
# on the same requests, in one run (issue #17):
#   - jobs/s with 1, 2 and 4 worker processes draining a campaign (--exit-when-idle),
#     format jobs and render jobs, next to the batch command's requests/s in one process;
#   - what the database does per job: statements (pg_stat_statements calls; each is one
#     round trip: postgres-nio sends parse/bind/execute/sync in one flight), and WAL bytes
#     (pg_current_wal_lsn() before and after).
# A throw-away PostgreSQL 15 is started in a temporary folder (as the postgres user when
# run as root) with the server's default durability (fsync on, synchronous_commit on), and
# removed at the end.
#
#   Tools/bench/worker.sh                 N=20000 format jobs, R=2000 render jobs, release build
#   BUILD=debug Tools/bench/worker.sh     reuse the debug build (quicker; slower rendering)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${N:-20000}
R=${R:-2000}
BUILD=${BUILD:-release}
PG=/usr/lib/postgresql/15/bin
[ -x "$PG/postgres" ] || { echo "worker.sh: needs PostgreSQL 15 (apt-get install postgresql)" >&2; exit 1; }
if [ "$BUILD" = release ]; then
  swift build -c release --product herald >&2
  swift build -c release --product herald-worker >&2
  bin=$(swift build -c release --show-bin-path)
else
  swift build --product herald >&2
  swift build --product herald-worker >&2
  bin=$(swift build --show-bin-path)
fi
TABLES=$PWD/Localizations
WORK=$(mktemp -d)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$WORK"
cleanup() {
  as_pg "$PG/pg_ctl" stop -D "$WORK/data" -m fast >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
as_pg "$PG/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg mkdir "$WORK/sock"
as_pg "$PG/pg_ctl" start -D "$WORK/data" -w -l "$WORK/data/server.log" -o \
  "-p $PORT -k $WORK/sock -c listen_addresses=127.0.0.1 -c shared_preload_libraries=pg_stat_statements -c dynamic_shared_memory_type=mmap" >/dev/null
psql() { "$PG/psql" -X -q -A -t -h "$WORK/sock" -p "$PORT" -U postgres "$@"; }
now() { date +%s.%N; }

python3 - "$N" "$R" "$WORK" <<'PY'
import json, sys
n, r, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
locales = ["en", "ru", "de", "ar", "ja", "pt-BR", "pl", "cy"]
with open(f"{work}/format.jsonl", "w") as f:
    for i in range(n):
        loc = locales[i % len(locales)]
        if i % 3 == 0: req = {"key": "lottery.loss.body", "locale": loc, "args": [i % 50]}
        elif i % 3 == 1: req = {"key": "lottery.title", "locale": loc, "args": [f"Game {i}"]}
        else: req = {"key": "message.attachments", "locale": loc, "args": [i % 7], "table": "Messages"}
        f.write(json.dumps(req, ensure_ascii=False) + "\n")
with open(f"{work}/render.jsonl", "w") as f:
    for i in range(r):
        push = {"aps": {"alert": {"title": f"T{i}", "body": f"Hello {i}"}, "mutable-content": 1},
                "herald": {"kind": "message", "text": f"Body {i}", "from": f"Ann {i}"}}
        f.write(json.dumps({"id": f"r{i}", "locale": locales[i % len(locales)], "payload": push}) + "\n")
PY
FLAGS=(--tables "$TABLES" --store "$WORK/store" --allow-unsealed --now 2026-11-21T18:30:00Z)

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1 /proc/loadavg), $BUILD build"
t0=$(now); "$bin/herald" format --batch "$WORK/format.jsonl" --tables "$TABLES" >/dev/null; t1=$(now)
fbatch=$(python3 -c "print(round($N / ($t1 - $t0)))")
t0=$(now); "$bin/herald" render --batch "$WORK/render.jsonl" "${FLAGS[@]}" >/dev/null; t1=$(now)
rbatch=$(python3 -c "print(round($R / ($t1 - $t0)))")
echo "herald format --batch: $fbatch requests/s ($N requests, one process)"
echo "herald render --batch: $rbatch requests/s ($R requests, one process)"

run() {  # run KIND FILE COUNT WORKERS
  local kind=$1 file=$2 count=$3 workers=$4 db="b_${1}_$4"
  psql -d postgres -c "CREATE DATABASE $db"
  local url="postgres://postgres@127.0.0.1:$PORT/$db?sslmode=disable"
  "$bin/herald-worker" db migrate --database "$url" 2>/dev/null
  psql -d "$db" -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
  local e0 e1; e0=$(now)
  "$bin/herald-worker" enqueue --database "$url" --campaign bench --kind "$kind" "$file" 2>/dev/null
  e1=$(now)
  psql -d "$db" -c "SELECT pg_stat_statements_reset()" >/dev/null
  local lsn0; lsn0=$(psql -d "$db" -c "SELECT pg_current_wal_lsn()")
  local t0 t1 pids=()
  t0=$(now)
  for _ in $(seq "$workers"); do
    "$bin/herald-worker" worker --database "$url" --exit-when-idle --batch-size 100 "${FLAGS[@]}" 2>/dev/null &
    pids+=($!)
  done
  wait "${pids[@]}"
  t1=$(now)
  local wal calls done
  wal=$(psql -d "$db" -c "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '$lsn0')")
  calls=$(psql -d "$db" -c "SELECT sum(calls) FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = '$db' AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_current_wal_lsn%'")
  done=$(psql -d "$db" -c "SELECT count(*) FROM herald_results")
  [ "$done" = "$count" ] || echo "worker.sh: $done results for $count jobs" >&2
  python3 - "$kind" "$workers" "$count" "$t0" "$t1" "$e0" "$e1" "$wal" "$calls" "$fbatch" "$rbatch" <<'PY'
import sys
kind, workers, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t0, t1, e0, e1, wal, calls = map(float, sys.argv[4:10])
batch = float(sys.argv[10] if kind == "format" else sys.argv[11])
rate = count / (t1 - t0)
print(f"{kind} jobs, {workers} worker(s): {rate:.0f} jobs/s = {rate / batch:.2f}x the batch command; "
      f"enqueue {count / (e1 - e0):.0f} lines/s; per job: {calls / count:.3f} statements (round trips), {wal / count:.0f} WAL bytes")
PY
}
for w in 1 2 4; do run format "$WORK/format.jsonl" "$N" "$w"; done
for w in 1 2 4; do run render "$WORK/render.jsonl" "$R" "$w"; done
