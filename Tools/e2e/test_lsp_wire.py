"""`herald lsp` on the wire: cancellation, errors, shutdown and exit statuses, written as
raw frames by this test (a client that sends exactly what the protocol allows)."""
import json
import subprocess

from conftest import herald_binary


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_frames(data: bytes) -> list:
    out = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        out.append(json.loads(rest[:length]))
        data = rest[length:]
    return out


def run(messages: list, bundle=None) -> tuple:
    data = b"".join(frame(m) for m in messages)
    # One write of under 4 KiB arrives whole: the server reads the request and its cancel together.
    assert len(data) < 4096
    proc = subprocess.run([herald_binary(), "lsp"], input=data, capture_output=True, timeout=120)
    return proc.returncode, read_frames(proc.stdout), proc.stderr.decode()


def init(root) -> dict:
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": root.as_uri(), "capabilities": {}}}


def test_cancel_before_start_answers_request_cancelled(bundle):
    doc = (bundle / "App" / "en.lproj" / "Localizable.strings").as_uri()
    status, answers, _ = run([
        init(bundle),
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": doc}}},
        {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 2}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ])
    by_id = {a.get("id"): a for a in answers if "id" in a}
    assert by_id[2]["error"]["code"] == -32800
    assert by_id[3]["result"] is None
    assert status == 0


def test_exit_without_shutdown_is_status_1_and_bad_json_is_answered(bundle):
    data = frame(init(bundle)) + b"Content-Length: 5\r\n\r\n{bad}" + frame({"jsonrpc": "2.0", "id": 4, "method": "nope"}) + frame(
        {"jsonrpc": "2.0", "method": "exit"}
    )
    proc = subprocess.run([herald_binary(), "lsp"], input=data, capture_output=True, timeout=120)
    answers = read_frames(proc.stdout)
    assert any(a.get("error", {}).get("code") == -32700 for a in answers)
    assert [a["error"]["code"] for a in answers if a.get("id") == 4] == [-32601]
    assert proc.returncode == 1


def test_end_of_input_ends_the_server(bundle):
    status, answers, _ = run([init(bundle)])
    assert answers[0]["id"] == 1
    assert status == 1


def test_garbage_framing_is_refused_with_a_message():
    proc = subprocess.run([herald_binary(), "lsp"], input=b"Hello: there\r\n\r\n", capture_output=True, timeout=120)
    assert proc.returncode == 1
    assert "Content-Length" in proc.stderr.decode()
