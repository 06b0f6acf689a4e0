#!/usr/bin/env python3
"""Soak of herald serve: mixed traffic with hostile clients beside it (Tools/bench/soak.sh).

Runs against a herald-server already listening on 127.0.0.1:PORT (pid PID) for SECONDS:

- workers sending /v1/format, /v1/render (with a context), /v1/render/batch and /v1/validate
  (a small tar), as fast as they are answered;
- hostile clients beside them: batches that trickle a blank line every 2 s, requests whose
  body stalls, silent sockets opened and left, uploads of many MiB;
- a prober asking /healthz and /readyz every second, as a kubelet does.

Every second it reads the server's resident memory (VmRSS) from /proc. At the end it prints
one JSON object: requests by route and status, probe failures (a /healthz that is not 200
within 5 s; /readyz may be 503 while saturated, but not for more than 15 s in a row), the
peak RSS, and whether each goal held. Exit status 1 when a goal failed.
"""
import json, os, socket, sys, threading, time, io, tarfile, random, urllib.request, urllib.error

port, pid, seconds, limit_mib = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
base = f"http://127.0.0.1:{port}"
token = os.environ.get("HERALD_SERVE_TOKEN")
stop = time.time() + seconds
lock = threading.Lock()
counts = {}
probe = {"healthz_failures": 0, "readyz_503": 0, "readyz_longest_503_s": 0.0, "probes": 0}
peak = {"rss_kib": 0}
hostile = {"trickle_closed": 0, "stall_closed": 0, "idle_opened": 0, "big_uploads": 0}


def count(route, status):
    with lock:
        counts.setdefault(route, {}).setdefault(str(status), 0)
        counts[route][str(status)] += 1


def request(method, path, body=None, content_type="application/json", timeout=60):
    headers = {"Content-Type": content_type}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(base + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as e:
        e.read()
        return e.code
    except Exception:
        return "error"


def tar_of(files):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return out.getvalue()


SMALL_TAR = tar_of({
    "en.lproj/Localizable.strings": '"greeting" = "Hello %@";\n"count" = "%d items";\n',
    "de.lproj/Localizable.strings": '"greeting" = "Hallo %@";\n"count" = "%d Dinge";\n',
})
TICKETS = [{"game": "powerball", "draw": "2026-11-18", "numbers": [4, 11, 23, 50, 60], "bonus": [9]}] * 20
RENDER = json.dumps({
    "payload": {"aps": {"alert": {"loc-key": "lottery.title", "loc-args": ["X"]}, "mutable-content": 1}},
    "locales": ["en", "de", "fr", "ru", "ar", "ja"], "context": {"tickets": TICKETS, "badge": 2},
}).encode()
FORMAT = [json.dumps({"key": "lottery.loss.body", "locale": loc, "args": [n]}).encode()
          for loc in ["en", "ru", "ar", "pl", "ja"] for n in [0, 1, 3, 21]]
BATCH = b"".join(json.dumps({"id": i, "locale": ["en", "de", "ru"][i % 3],
                             "payload": {"aps": {"alert": {"loc-key": "lottery.title", "loc-args": ["X"]}, "mutable-content": 1}}}).encode() + b"\n"
                 for i in range(200))


def worker(kind):
    rnd = random.Random(kind)
    while time.time() < stop:
        if kind == "format":
            count("/v1/format", request("POST", "/v1/format", rnd.choice(FORMAT)))
        elif kind == "render":
            count("/v1/render", request("POST", "/v1/render", RENDER))
        elif kind == "batch":
            count("/v1/render/batch", request("POST", "/v1/render/batch", BATCH, "application/x-ndjson"))
        elif kind == "validate":
            count("/v1/validate", request("POST", "/v1/validate", SMALL_TAR, "application/x-tar"))
            time.sleep(0.2)


def raw(head):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(head)
    return s


def auth_line():
    return f"Authorization: Bearer {token}\r\n" if token else ""


def trickler():
    """A batch that sends a blank line every 2 s: the server must close it."""
    while time.time() < stop:
        try:
            s = raw(f"POST /v1/render/batch HTTP/1.1\r\nHost: x\r\n{auth_line()}Transfer-Encoding: chunked\r\n\r\n".encode())
            while time.time() < stop:
                s.sendall(b"1\r\n\n\r\n")
                time.sleep(2)
        except OSError:
            with lock:
                hostile["trickle_closed"] += 1
        finally:
            try:
                s.close()
            except Exception:
                pass


def staller():
    """A request whose body stops half-way."""
    while time.time() < stop:
        try:
            s = raw(f"POST /v1/format HTTP/1.1\r\nHost: x\r\n{auth_line()}Content-Length: 100\r\n\r\n{{\"key\"".encode())
            s.settimeout(120)
            s.recv(65536)
            with lock:
                hostile["stall_closed"] += 1
            s.close()
        except OSError:
            time.sleep(0.5)


def idler():
    """Silent sockets, opened and left (700 at most: past the server's 512, so the oldest are closed to make room)."""
    held = []
    while time.time() < stop:
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            with lock:
                hostile["idle_opened"] += 1
        except OSError:
            pass
        if len(held) > 700:
            held.pop(0).close()
        time.sleep(0.05)
    for s in held:
        s.close()


def big_uploader():
    """Uploads of 12 MiB of one table file (under the default 16 MiB limit)."""
    big = tar_of({"en.lproj/Big.strings": "".join(f'"k{i}" = "value {i} %@";\n' for i in range(400_000))})
    while time.time() < stop:
        count("/v1/validate (big)", request("POST", "/v1/validate", big, "application/x-tar", timeout=120))
        with lock:
            hostile["big_uploads"] += 1
        time.sleep(1)


def prober():
    unready_since = None
    while time.time() < stop:
        with lock:
            probe["probes"] += 1
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=5) as r:
                ok = r.status == 200
        except Exception:
            ok = False
        if not ok:
            with lock:
                probe["healthz_failures"] += 1
        status = 0
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=5) as r:
                status = r.status
        except urllib.error.HTTPError as e:
            status = e.code
        except Exception:
            status = 0
        now = time.time()
        if status != 200:
            with lock:
                probe["readyz_503"] += 1
            unready_since = unready_since or now
            with lock:
                probe["readyz_longest_503_s"] = max(probe["readyz_longest_503_s"], round(now - unready_since, 1))
        else:
            unready_since = None
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        with lock:
                            peak["rss_kib"] = max(peak["rss_kib"], int(line.split()[1]))
        except OSError:
            pass
        time.sleep(1)


threads = [threading.Thread(target=f, args=a, daemon=True) for f, a in [
    (worker, ("format",)), (worker, ("format",)), (worker, ("render",)), (worker, ("batch",)), (worker, ("validate",)),
    (trickler, ()), (trickler, ()), (staller, ()), (idler, ()), (big_uploader, ()), (prober, ()),
]]
for t in threads:
    t.start()
for t in threads:
    t.join(timeout=max(0, stop - time.time()) + 130)

served = sum(n for route in counts.values() for status, n in route.items() if status == "200")
errors = sum(n for route in counts.values() for status, n in route.items() if status in ("500", "error"))
goals = {
    "healthz_always_200": probe["healthz_failures"] == 0,
    "readyz_503_at_most_15s": probe["readyz_longest_503_s"] <= 15,
    "rss_under_limit": peak["rss_kib"] < limit_mib * 1024,
    "no_500": errors == 0,
    "traffic_served": served > 0,
}
print(json.dumps({"seconds": seconds, "requests": counts, "probes": probe, "hostile": hostile,
                  "peak_rss_mib": round(peak["rss_kib"] / 1024, 1), "limit_mib": limit_mib, "goals": goals}, indent=1))
sys.exit(0 if all(goals.values()) else 1)
