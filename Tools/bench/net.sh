#!/usr/bin/env bash
# Network benchmark (#15): herald-net against curl, same run, same loopback server (a plain
# Python HTTP/1.1 server, threaded, started here on an ephemeral port and stopped at exit).
#
#   Tools/bench/net.sh [--debug] [--rounds N]     (default: release build, 5 rounds)
#
# 1. 11 concurrent downloads of 3 KB–200 KB: `herald-net fetch` (one process, 11 URLs) vs
#    `curl --parallel` (one process, 11 URLs); each round runs both, alternating which goes
#    first; medians of the wall times (process start included on both sides) and their ratio.
# 2. A stalled transfer: the server sends the headers and 100 bytes of a 100,000-byte PNG,
#    then nothing. herald-net fetch with a 2,000 ms deadline: how long after the deadline it
#    ends, and the CPU it used while waiting (utime+stime from /proc/PID/stat between 0.5 s
#    and 1.5 s after its start, as a share of one core).
# 3. 1,000 receipts flushed in batches of 100 to the loopback endpoint (`herald-net flush`):
#    requests/s, receipts/s and the flush's peak RSS (wait4's ru_maxrss).
set -euo pipefail
cd "$(dirname "$0")/../.."
CONFIG=release
ROUNDS=5
while [ $# -gt 0 ]; do
  case "$1" in
    --debug) CONFIG=debug ;;
    --rounds) ROUNDS=$2; shift ;;
    *) echo "net.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
command -v curl >/dev/null || { echo "net.sh: needs curl (the baseline)" >&2; exit 1; }
echo "building $CONFIG herald-net and herald…" >&2
swift build -c "$CONFIG" --product herald-net >&2
swift build -c "$CONFIG" --product herald >&2
BIN=$(swift build -c "$CONFIG" --show-bin-path)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 - "$BIN" "$WORK" "$ROUNDS" "$CONFIG" <<'PY'
import http.server, json, os, socketserver, statistics, subprocess, sys, threading, time

BIN, WORK, ROUNDS, CONFIG = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a73")
SIZES = [3_000, 5_000, 8_000, 12_000, 20_000, 35_000, 50_000, 80_000, 110_000, 150_000, 200_000]
stop = threading.Event()

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def do_GET(self):
        name = self.path.strip("/").split(".")[0]
        if name == "stall":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(PNG + b"A" * (100 - len(PNG)))
            self.wfile.flush()
            stop.wait(60)
            return
        size = int(name)
        body = PNG + b"A" * (size - len(PNG))
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        body = b'{"ok":true}'
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 64

server = Server(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
port = server.server_address[1]
base = f"http://127.0.0.1:{port}"
urls = [f"{base}/{s}.png" for s in SIZES]
policy = {"allowHTTP": "always", "allowHosts": ["127.0.0.1"], "maxRedirects": 5,
          "limits": {"audio": 5_000_000, "image": 10_000_000, "video": 50_000_000}}

def fetch_request(urls, timeout_ms):
    folder = os.path.join(WORK, "attachments")
    os.makedirs(folder, exist_ok=True)
    for f in os.listdir(folder): os.unlink(os.path.join(folder, f))
    return json.dumps({"folder": folder, "timeoutMs": timeout_ms, "urls": urls, "policy": policy}).encode()

def herald_fetch():
    request = fetch_request(urls, 30_000)
    t = time.monotonic()
    out = subprocess.run([f"{BIN}/herald-net", "fetch"], input=request, capture_output=True, check=True).stdout
    elapsed = time.monotonic() - t
    answers = [json.loads(l) for l in out.decode().splitlines()]
    ok = [a for a in answers if "file" in a]
    if len(ok) != len(urls): sys.exit(f"net.sh: herald-net fetch answered {answers}")
    return elapsed

def curl_fetch():
    args = ["curl", "--parallel", "--parallel-max", "11", "--no-progress-meter", "-f"]
    for i, u in enumerate(urls): args += ["-o", os.path.join(WORK, f"curl-{i}.bin"), u]
    t = time.monotonic()
    subprocess.run(args, check=True)
    return time.monotonic() - t

herald_fetch(); curl_fetch()  # warm: page cache, the server's threads
h, c = [], []
for r in range(ROUNDS):
    if r % 2 == 0: h.append(herald_fetch()); c.append(curl_fetch())
    else: c.append(curl_fetch()); h.append(herald_fetch())
hm, cm = statistics.median(h), statistics.median(c)
print(f"[{CONFIG} build, {ROUNDS} rounds] 11 concurrent loopback downloads, 3 KB–200 KB (673 KB in all):")
print(f"  curl --parallel {cm*1000:.1f} ms, herald-net fetch {hm*1000:.1f} ms (medians) → {hm/cm:.2f}× curl (goal ≤ 2×)")
print(f"  herald-net runs (ms): {', '.join(f'{x*1000:.0f}' for x in h)}; curl runs: {', '.join(f'{x*1000:.0f}' for x in c)}")

def ticks(pid):
    with open(f"/proc/{pid}/stat") as f: fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime (fields 14, 15)

hz = os.sysconf("SC_CLK_TCK")
late, cpu = [], []
for _ in range(3):
    deadline_ms = 2000
    t = time.monotonic()
    p = subprocess.Popen([f"{BIN}/herald-net", "fetch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    p.stdin.write(fetch_request([f"{base}/stall.png"], deadline_ms)); p.stdin.close()
    time.sleep(0.5 - (time.monotonic() - t))
    a = ticks(p.pid); ta = time.monotonic()
    time.sleep(1.5 - (time.monotonic() - t))
    b = ticks(p.pid); tb = time.monotonic()
    out = p.stdout.read(); p.wait()
    ended = time.monotonic() - t
    answer = json.loads(out.decode().splitlines()[0])
    if answer.get("failure", {}).get("code") != "timed-out": sys.exit(f"net.sh: stall answered {answer}")
    late.append(ended * 1000 - deadline_ms)
    cpu.append((b - a) / hz / (tb - ta) * 100)
print(f"stalled transfer, deadline 2000 ms (3 runs): ended {', '.join(f'{x:.0f}' for x in late)} ms after the deadline "
      f"(goal ≤ 50; process start and exit included); CPU while waiting {', '.join(f'{x:.1f}' for x in cpu)} % of a core (goal < 5)")
stop.set()

store = os.path.join(WORK, "store")
subprocess.run([f"{BIN}/herald", "receipts", "record", "--push-id", "seed", "--store", store], check=True, capture_output=True)
import sqlite3
db = sqlite3.connect(os.path.join(store, "herald.sqlite"))
db.execute("DELETE FROM receipt")
now = int(time.time() * 1000)
db.executemany("INSERT INTO receipt (pushId, shownAt, locale, kind) VALUES (?, ?, 'en', 'lottery')",
               [(f"push-{i:04}", now - i) for i in range(1000)])
db.commit(); db.close()
t = time.monotonic()
p = subprocess.Popen([f"{BIN}/herald-net", "flush", "--store", store, "--endpoint", f"{base}/v1/receipts",
                      "--allow-http-host", "127.0.0.1", "--batch-size", "100"], stdout=subprocess.PIPE)
out = p.stdout.read()
_, status, usage = os.wait4(p.pid, 0)
elapsed = time.monotonic() - t
said = out.decode().strip()
if status != 0 or not said.startswith("delivered 1000,"): sys.exit(f"net.sh: flush said {said!r} (status {status})")
print(f"1,000 receipts in batches of 100: {said}; {elapsed*1000:.0f} ms → {10/elapsed:.0f} requests/s, "
      f"{1000/elapsed:.0f} receipts/s (process start included); peak RSS {usage.ru_maxrss/1024:.1f} MB")
server.shutdown()
PY
