#!/usr/bin/env python3
"""Open-loop HTTP/1.1 load at a fixed rate (what wrk2 does; wrk itself only runs flat out).

    fixed-rate.py URL FILE --rate R --seconds S [--connections C]
    fixed-rate.py URL --get --rate R --seconds S [--connections C]

POSTs the lines of FILE (JSON Lines) in turn to URL (with --get: GETs URL, no body) over C
keep-alive connections, one request in flight per connection. Request k is due at start + k/R whatever happened before;
its latency runs from when it was due (not from when it could be sent), so a stalled server
is charged for the queue it causes (no coordinated omission). Prints one JSON line:
{"rate", "achieved", "requests", "errors", "p50_ms", "p99_ms", "max_ms", "client_limited"}.
`client_limited` is true when this client kept its core more than 90 % busy and still fell
behind the rate (it is plain Python on one core): then the figures are not the server's.
"""
import argparse, json, selectors, socket, sys, time
from urllib.parse import urlsplit


def main():
    p = argparse.ArgumentParser()
    p.add_argument("url")
    p.add_argument("file", nargs="?")
    p.add_argument("--get", action="store_true", help="GET the URL (a probe) instead of POSTing lines")
    p.add_argument("--rate", type=float, required=True)
    p.add_argument("--seconds", type=float, default=10)
    p.add_argument("--connections", type=int, default=64)
    a = p.parse_args()
    u = urlsplit(a.url)
    host, port, path = u.hostname, u.port or 80, u.path or "/"
    if a.get:
        requests = [b"GET %s HTTP/1.1\r\nHost: %s:%d\r\n\r\n" % (path.encode(), host.encode(), port)]
    else:
        if a.file is None:
            sys.exit("fixed-rate: a FILE of request lines, or --get")
        with open(a.file, "rb") as f:
            lines = [l.strip() for l in f if l.strip()]
        if not lines:
            sys.exit(f"fixed-rate: no request lines in {a.file}")
        requests = [
            b"POST %s HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
            % (path.encode(), host.encode(), port, len(l), l)
            for l in lines
        ]
    sel = selectors.DefaultSelector()
    idle = []
    for _ in range(a.connections):
        s = socket.create_connection((host, port))
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.setblocking(False)
        idle.append(s)
    state = {}  # socket -> [due, buffer]
    latencies, errors, sent = [], 0, 0
    total = int(a.rate * a.seconds)
    start = time.monotonic()
    cpu_start = time.process_time()
    while len(latencies) + errors < total:
        now = time.monotonic()
        due_count = min(total, int((now - start) * a.rate) + 1)
        while sent < due_count and idle:
            s = idle.pop()
            due = start + sent / a.rate
            s.sendall(requests[sent % len(requests)])
            state[s] = [due, b""]
            sel.register(s, selectors.EVENT_READ)
            sent += 1
        timeout = max(0.0, start + sent / a.rate - time.monotonic()) if idle and sent < total else 0.05
        for key, _ in sel.select(timeout):
            s = key.fileobj
            chunk = s.recv(65536)
            if not chunk:
                sys.exit("fixed-rate: the server closed a connection")
            entry = state[s]
            entry[1] += chunk
            buf = entry[1]
            head_end = buf.find(b"\r\n\r\n")
            if head_end < 0:
                continue
            head = buf[:head_end].decode("latin-1").split("\r\n")
            length = 0
            for h in head[1:]:
                k, _, v = h.partition(":")
                if k.strip().lower() == "content-length":
                    length = int(v.strip())
            if len(buf) < head_end + 4 + length:
                continue
            status = int(head[0].split()[1])
            done = time.monotonic()
            if 200 <= status < 300:
                latencies.append(done - entry[0])
            else:
                errors += 1
            sel.unregister(s)
            idle.append(s)
    elapsed = time.monotonic() - start
    busy = (time.process_time() - cpu_start) / elapsed
    latencies.sort()

    def pct(q):
        return round(latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000, 3) if latencies else None

    achieved = (len(latencies) + errors) / elapsed
    print(json.dumps({
        "rate": a.rate, "achieved": round(achieved, 1), "requests": len(latencies) + errors, "errors": errors,
        "p50_ms": pct(0.50), "p99_ms": pct(0.99), "max_ms": pct(1.0),
        "client_cpu": round(busy, 2), "client_limited": achieved < 0.95 * a.rate and busy > 0.9,
    }))


if __name__ == "__main__":
    main()
