#!/usr/bin/env python3
"""`herald lsp` benchmark (issue #36): a bundle of LOCALES × KEYS .strings tables is generated,
then one server is driven over stdio as an editor would:

1. diagnostics for an edit: the source-language buffer (compared with every language on disk)
   and a translation's buffer are each edited EDITS times (one incremental change, then a save,
   which flushes the debounce); the server's CPU time (user + system, from /proc) per edit,
   against the goal of 100 ms; and, as the baseline run in the same script, the CPU time of
   `herald validate` of the whole bundle, printed as a ratio;
2. memory while a session runs: edits, saves, hovers, symbols and completions in a loop for
   SECONDS, the server's RSS sampled after warm-up and at the end (goal: under 10 % growth).

    Tools/bench/lsp.py --herald PATH [--locales 40] [--keys 2000] [--edits 20] [--seconds 300]
"""
import argparse
import json
import os
import random
import subprocess
import tempfile
import time

LANGS = ("en de fr es it pt nl sv da nb fi pl cs sk hu ro hr sl lt lv et el tr ru uk bg sr he ar fa hi bn th vi id ms "
         "ja ko zh-Hans zh-Hant ca").split()


def generate(root: str, locales: int, keys: int) -> None:
    for lang in LANGS[:locales]:
        folder = os.path.join(root, "App", f"{lang}.lproj")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "Localizable.strings"), "w", encoding="utf-8") as f:
            for i in range(keys):
                if i % 3 == 0:
                    f.write(f'/* item {i} */\n"key.{i}" = "{lang} message {i} for %@";\n')
                elif i % 3 == 1:
                    f.write(f'"key.{i}" = "{lang} %d things in %@ ({i})";\n')
                else:
                    f.write(f'"key.{i}" = "{lang} plain text number {i}";\n')


class Client:
    def __init__(self, herald: str, root: str):
        self.proc = subprocess.Popen([herald, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.next_id = 0
        self.request("initialize", {"rootUri": "file://" + root, "capabilities": {}, "initializationOptions": {"debounceMilliseconds": 250}})
        self.notify("initialized", {})

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self) -> dict:
        length = 0
        while True:
            line = self.proc.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        data = b""
        while len(data) < length:
            data += self.proc.stdout.read(length - len(data))
        return json.loads(data)

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == self.next_id:
                return m

    def notify(self, method: str, params: dict) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_diagnostics(self, uri: str) -> list:
        while True:
            m = self.read()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                return m["params"]["diagnostics"]

    def cpu(self) -> float:
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_kib(self) -> int:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self) -> int:
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.proc.wait(timeout=60)


def edit(client: Client, uri: str, version: int, line: int, text: str) -> list:
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}, "text": text}],
    })
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    return client.wait_diagnostics(uri)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--herald", required=True)
    ap.add_argument("--locales", type=int, default=40)
    ap.add_argument("--keys", type=int, default=2000)
    ap.add_argument("--edits", type=int, default=20)
    ap.add_argument("--seconds", type=int, default=300)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as root:
        generate(root, a.locales, a.keys)
        t = time.process_time()
        before = os.times()
        subprocess.run([a.herald, "validate", os.path.join(root, "App")], stdout=subprocess.DEVNULL, check=False)
        after = os.times()
        validate_cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        print(f"bundle: {a.locales} languages x {a.keys} keys; herald validate of the whole bundle: {validate_cpu * 1000:.0f} ms CPU")

        client = Client(a.herald, root)
        for lang in ("en", "de"):
            path = os.path.join(root, "App", f"{lang}.lproj", "Localizable.strings")
            uri = "file://" + path
            text = open(path, encoding="utf-8").read()
            client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "strings", "version": 1, "text": text}})
            client.wait_diagnostics(uri)
            edit(client, uri, 2, 0, "")  # warm: caches of the files on disk, ICU data
            start = client.cpu()
            for i in range(a.edits):
                found = edit(client, uri, 3 + i, 10 + i, f'"new.{i}" = "{lang} new %d text";\n')
            per_edit = (client.cpu() - start) / a.edits * 1000
            print(f"diagnostics for an edit of the {lang} buffer ({'the source language, linted with its own folder' if lang == 'en' else 'a translation, compared with the source'}): "
                  f"{per_edit:.1f} ms CPU per edit (goal 100 ms; {per_edit / 1000 / validate_cpu:.2f}x a whole validate), {len(found)} findings")

        # Memory: a session of edits, saves, hovers, symbols and completions.
        uri = "file://" + os.path.join(root, "App", "de.lproj", "Localizable.strings")
        rng = random.Random(1)
        version = 100
        warm_until = time.monotonic() + min(30, a.seconds / 5)
        end = time.monotonic() + a.seconds
        rss_start = None
        rounds = 0
        while time.monotonic() < end:
            version += 1
            line = rng.randrange(0, a.keys)
            edit(client, uri, version, line, f'"s.{version}" = "x %d";\n')
            client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 2}})
            client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
            client.request("textDocument/references", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 2}})
            rounds += 1
            if rss_start is None and time.monotonic() >= warm_until:
                rss_start = client.rss_kib()
        rss_end = client.rss_kib()
        rss_start = rss_start or rss_end
        growth = (rss_end - rss_start) / rss_start * 100
        print(f"session of {a.seconds} s ({rounds} rounds of edit+save+hover+symbols+references): "
              f"RSS {rss_start / 1024:.1f} MiB after warm-up -> {rss_end / 1024:.1f} MiB at the end ({growth:+.1f} %, goal under 10 %)")
        status = client.close()
        print(f"shutdown and exit: status {status}")


if __name__ == "__main__":
    main()
