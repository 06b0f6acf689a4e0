#!/usr/bin/env bash
# `herald worker` on PostgreSQL against `herald format --batch` and `herald render --batch`
# on the same requests, in one run (issues #17, #37):
#   - requests/s with 1 and 2 worker processes draining a campaign (--exit-when-idle),
#     format and render requests, queued as jobs of J requests each (--requests-per-job;
#     J=1 is one job per request), next to the batch command's requests/s in one process;
#   - CPU per request, the worker's and the database's (the postmaster's whole tree), so a
#     ratio "per core" compares CPU seconds, not wall time on a shared machine;
#   - what the database does: statements per request (pg_stat_statements calls; each is one
#     round trip) and WAL bytes per request (pg_current_wal_lsn() before and after), and the
#     statements that took the database's time;
#   - faults: a campaign drained while one worker is killed (SIGKILL) and the server is
#     restarted, its results compared byte for byte with the batch's: nothing lost, nothing twice.
# A throw-away PostgreSQL 15 is started in a temporary folder (as the postgres user when
# run as root) with the server's default durability (fsync on, synchronous_commit on), and
# removed at the end.
#
#   Tools/bench/worker.sh                     N=200000 format, R=20000 render requests, J=1000, release build
#   J=1 N=20000 Tools/bench/worker.sh         one job per request (the queue's cost per request)
#   BUILD=debug Tools/bench/worker.sh         reuse the debug build (quicker; slower rendering)
#   SCRATCH=.build-release Tools/bench/…      the release build's --scratch-path
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${N:-200000}
R=${R:-20000}
J=${J:-1000}
BUILD=${BUILD:-release}
SCRATCH=${SCRATCH:-.build}
PG=/usr/lib/postgresql/15/bin
[ -x "$PG/postgres" ] || { echo "worker.sh: needs PostgreSQL 15 (apt-get install postgresql)" >&2; exit 1; }
if [ "$BUILD" = release ]; then
  swift build -c release --scratch-path "$SCRATCH" --product herald >&2
  swift build -c release --scratch-path "$SCRATCH" --product herald-worker >&2
  bin=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)
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

# CPU seconds (user + system) of the database: the postmaster, its live children, and the
# children it has reaped (each connection's backend is one).
pgcpu() {
  python3 - "$WORK/data/postmaster.pid" <<'PY'
import os, sys
tick = os.sysconf("SC_CLK_TCK")
pm = int(open(sys.argv[1]).readline())
def fields(pid):
    text = open(f"/proc/{pid}/stat").read()
    return text[text.rindex(")") + 2:].split()
total = sum(int(x) for x in fields(pm)[11:15])   # utime stime cutime cstime
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            f = fields(pid)
            if int(f[1]) == pm: total += int(f[11]) + int(f[12])
        except (OSError, ValueError, IndexError):
            pass
print(total / tick)
PY
}
# Runs COMMAND…, prints its wall seconds and its CPU seconds (user + system, children included).
timed() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
t0 = time.monotonic()
r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
print(time.monotonic() - t0, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))
PY
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg), $BUILD build, J=$J requests per job"
read -r fwall fcpu < <(timed "$bin/herald" format --batch "$WORK/format.jsonl" --tables "$TABLES")
read -r rwall rcpu < <(timed "$bin/herald" render --batch "$WORK/render.jsonl" "${FLAGS[@]}")
fbatch=$(python3 -c "print(round($N / $fwall))"); fbatchcpu=$(python3 -c "print(round($N / $fcpu))")
rbatch=$(python3 -c "print(round($R / $rwall))"); rbatchcpu=$(python3 -c "print(round($R / $rcpu))")
echo "herald format --batch: $fbatch requests/s, $fbatchcpu requests per CPU second ($N requests, one process)"
echo "herald render --batch: $rbatch requests/s, $rbatchcpu requests per CPU second ($R requests, one process)"
"$bin/herald" format --batch "$WORK/format.jsonl" --tables "$TABLES" >"$WORK/format.expected"

declare -A RATE
run() {  # run KIND FILE COUNT WORKERS
  local kind=$1 file=$2 count=$3 workers=$4 db="b_${1}_$4"
  psql -d postgres -c "CREATE DATABASE $db"
  local url="postgres://postgres@127.0.0.1:$PORT/$db?sslmode=disable"
  "$bin/herald-worker" db migrate --database "$url" 2>/dev/null
  psql -d "$db" -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
  local e0 e1; e0=$(now)
  "$bin/herald-worker" enqueue --database "$url" --campaign bench --kind "$kind" --requests-per-job "$J" "$file" 2>/dev/null
  e1=$(now)
  psql -d "$db" -c "CHECKPOINT"
  psql -d "$db" -c "SELECT pg_stat_statements_reset()" >/dev/null
  local lsn0 pg0 pg1; lsn0=$(psql -d "$db" -c "SELECT pg_current_wal_lsn()"); pg0=$(pgcpu)
  local t0 t1 pids=() cpu=0
  t0=$(now)
  for i in $(seq "$workers"); do
    timed "$bin/herald-worker" worker --database "$url" --exit-when-idle --batch-size "$((J > 100 ? J * 10 : 100))" "${FLAGS[@]}" >"$WORK/cpu.$i" 2>/dev/null &
    pids+=($!)
  done
  wait "${pids[@]}"
  t1=$(now); pg1=$(pgcpu)
  for i in $(seq "$workers"); do cpu=$(python3 -c "print($cpu + $(cut -d' ' -f2 "$WORK/cpu.$i"))"); done
  local wal calls done
  wal=$(psql -d "$db" -c "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '$lsn0')")
  calls=$(psql -d "$db" -c "SELECT sum(calls) FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = '$db' AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_current_wal_lsn%'")
  done=$(psql -d "$db" -c "SELECT sum(requests) FROM herald_results")
  [ "$done" = "$count" ] || echo "worker.sh: $done results for $count requests" >&2
  RATE[$kind$workers]=$(python3 -c "print($count / ($t1 - $t0))")
  python3 - "$kind" "$workers" "$count" "$t0" "$t1" "$e0" "$e1" "$wal" "$calls" "$fbatch" "$rbatch" "$cpu" "$pg0" "$pg1" "$fbatchcpu" "$rbatchcpu" <<'PY'
import sys
kind, workers, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t0, t1, e0, e1, wal, calls = map(float, sys.argv[4:10])
batch = float(sys.argv[10] if kind == "format" else sys.argv[11])
cpu, pg0, pg1 = map(float, sys.argv[12:15])
batchcpu = float(sys.argv[15] if kind == "format" else sys.argv[16])
rate = count / (t1 - t0)
percpu = count / (cpu + pg1 - pg0)
print(f"{kind}, {workers} worker(s): {rate:.0f} requests/s = {rate / batch:.2f}x the batch; "
      f"{percpu:.0f} requests per CPU second (worker {cpu:.1f} s + database {pg1 - pg0:.1f} s) = {percpu / batchcpu:.2f}x the batch's; "
      f"enqueue {count / (e1 - e0):.0f} lines/s; per request: {calls / count:.4f} statements, {wal / count:.0f} WAL bytes")
PY
  if [ "$workers" = 1 ] && [ "$kind" = format ]; then
    echo "  where the database's time went (pg_stat_statements, top 4 by total time):"
    psql -d "$db" -F ' | ' -c "SELECT calls, round(total_exec_time::numeric, 1) AS ms, round(mean_exec_time::numeric, 3) AS mean_ms, rows, shared_blks_hit + shared_blks_read AS blocks, wal_bytes, left(regexp_replace(query, '\s+', ' ', 'g'), 70) FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = '$db' ORDER BY total_exec_time DESC LIMIT 4" | sed 's/^/    /'
  fi
}
for w in 1 2; do run format "$WORK/format.jsonl" "$N" "$w"; done
for w in 1 2; do run render "$WORK/render.jsonl" "$R" "$w"; done
python3 -c "print(f'2 workers against 1: format {${RATE[format2]} / ${RATE[format1]}:.2f}x, render {${RATE[render2]} / ${RATE[render1]}:.2f}x')"

# Faults: 2 workers drain the format campaign; one is killed (SIGKILL) while it holds jobs
# and a fresh one started; the server is restarted (fast shutdown) once a third is answered.
# The results must be the batch's output, byte for byte.
psql -d postgres -c "CREATE DATABASE b_faults"
url="postgres://postgres@127.0.0.1:$PORT/b_faults?sslmode=disable"
"$bin/herald-worker" db migrate --database "$url" 2>/dev/null
"$bin/herald-worker" enqueue --database "$url" --campaign bench --kind format --requests-per-job "$J" "$WORK/format.jsonl" 2>/dev/null
WF=(worker --database "$url" --lease-seconds 5 --poll-ms 200 "${FLAGS[@]}")
"$bin/herald-worker" "${WF[@]}" 2>"$WORK/w1.log" & w1=$!
"$bin/herald-worker" "${WF[@]}" 2>"$WORK/w2.log" & w2=$!
answered() { psql -d b_faults -c "SELECT coalesce(sum(requests), 0) FROM herald_results"; }
until [ "$(psql -d b_faults -c "SELECT count(*) FROM herald_jobs WHERE state = 'running' AND lease_owner LIKE '%:$w1:%'")" != 0 ]; do sleep 0.05; done
killedAt=$(answered); kill -KILL "$w1"; wait "$w1" 2>/dev/null || true
"$bin/herald-worker" "${WF[@]}" 2>"$WORK/w3.log" & w3=$!
until [ "$(answered)" -ge $((N / 3)) ]; do sleep 0.05; done
restartedAt=$(answered); as_pg "$PG/pg_ctl" restart -D "$WORK/data" -m fast -w -l "$WORK/data/server.log" -o \
  "-p $PORT -k $WORK/sock -c listen_addresses=127.0.0.1 -c shared_preload_libraries=pg_stat_statements -c dynamic_shared_memory_type=mmap" >/dev/null
until [ "$(psql -d b_faults -c "SELECT count(*) FROM herald_jobs WHERE state IN ('queued', 'running')" 2>/dev/null)" = 0 ]; do sleep 0.5; done
kill -TERM "$w2" "$w3"; wait "$w2" "$w3" || echo "worker.sh: a worker did not stop cleanly" >&2
"$bin/herald-worker" campaign results --database "$url" --campaign bench >"$WORK/format.got" 2>/dev/null
reconnects=$(cat "$WORK/w2.log" "$WORK/w3.log" | grep -c reconnected || true)
if cmp -s "$WORK/format.expected" "$WORK/format.got"; then
  echo "faults: 1 of 2 workers killed holding jobs at $killedAt answers, the server restarted at $restartedAt ($reconnects reconnections): $N answers, the batch's byte for byte (nothing lost, nothing twice)"
else
  echo "faults: the results differ from the batch's ($(wc -l <"$WORK/format.got") lines for $N)"; exit 1
fi
