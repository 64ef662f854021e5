"""The server never dies on bad input: malformed frames and JSON get
protocol errors, failing requests get error answers, and it keeps serving.
These talk to the binary byte by byte (no client library could send such
garbage)."""

from __future__ import annotations

import json
import threading
import subprocess

import pytest

from conftest import MENUC


class RawServer:
    """`menuc lsp` on pipes, with hand-made framing."""

    def __init__(self):
        self.process = subprocess.Popen([MENUC, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def write(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, id, method: str, params=None) -> dict:
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.receive_response()

    def notify(self, method: str, params=None) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def receive(self) -> dict:
        headers = b""
        while not headers.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server closed its output"
            headers += byte
        fields = dict(line.split(": ", 1) for line in headers.decode().strip().split("\r\n"))
        return json.loads(self.process.stdout.read(int(fields["Content-Length"])))

    def receive_response(self) -> dict:
        """The next response, skipping notifications (diagnostics, log messages)."""
        while True:
            message = self.receive()
            if "method" not in message:
                return message

    def initialize(self) -> None:
        response = self.request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        assert "capabilities" in response["result"]
        self.notify("initialized")

    def close(self) -> int:
        if self.process.poll() is None:
            self.process.stdin.close()
        return self.process.wait(timeout=10)


@pytest.fixture
def server():
    raw = RawServer()
    yield raw
    if raw.process.poll() is None:
        raw.process.kill()
        raw.process.wait()


def test_requests_before_initialize_are_refused(server: RawServer):
    response = server.request(5, "textDocument/hover", {"textDocument": {"uri": "file:///x.menu"}, "position": {"line": 0, "character": 0}})
    assert response["id"] == 5 and response["error"]["code"] == -32002
    server.initialize()


def test_malformed_input_gets_protocol_errors_and_serving_goes_on(server: RawServer):
    server.initialize()
    # Not JSON.
    server.write(b"Content-Length: 7\r\n\r\n{nope!}")
    response = server.receive_response()
    assert response["id"] is None and response["error"]["code"] == -32700
    # A header without Content-Length.
    server.write(b"Content-Type: application/json\r\n\r\n")
    assert server.receive_response()["error"]["code"] == -32700
    # Nesting deeper than any parser should follow.
    deep = b"[" * 100_000 + b"]" * 100_000
    server.write(b"Content-Length: %d\r\n\r\n" % len(deep) + deep)
    assert server.receive_response()["error"]["code"] == -32700
    # JSON that is not a request.
    server.send([1, 2, 3])  # type: ignore[arg-type]
    assert server.receive_response()["error"]["code"] == -32600
    server.send({"jsonrpc": "2.0", "id": {"not": "an id"}, "method": "shutdown"})
    assert server.receive_response()["error"]["code"] == -32600
    # Unknown method, and parameters of the wrong shape: errors for those requests only.
    assert server.request(2, "textDocument/teleport", {})["error"]["code"] == -32601
    assert server.request(3, "textDocument/hover", {"textDocument": {"uri": 42}})["error"]["code"] == -32602
    assert server.request(4, "textDocument/hover", {"textDocument": {"uri": "file:///x.menu"}, "position": {"line": -1, "character": "a"}})["error"]["code"] == -32602
    # A notification that fails (changing a document that is not open) is logged, not fatal.
    server.notify("textDocument/didChange", {"textDocument": {"uri": "file:///nowhere.menu", "version": 2}, "contentChanges": [{"text": "x"}]})
    log = server.receive()
    assert log["method"] == "window/logMessage" and log["params"]["type"] == 1
    # Still serving.
    server.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///tmp/ok.menu", "languageId": "menu", "version": 1, "text": 'menu A "A" { item b "B" }'}})
    hover = server.request(6, "textDocument/hover", {"textDocument": {"uri": "file:///tmp/ok.menu"}, "position": {"line": 0, "character": 14}})
    assert "item" in hover["result"]["contents"]["value"]
    # Full-text sync (a change without a range) works too.
    server.notify("textDocument/didChange", {"textDocument": {"uri": "file:///tmp/ok.menu", "version": 2}, "contentChanges": [{"text": 'view V "V" { button b "B" }'}]})
    hover = server.request(8, "textDocument/hover", {"textDocument": {"uri": "file:///tmp/ok.menu"}, "position": {"line": 0, "character": 14}})
    assert "button" in hover["result"]["contents"]["value"]
    assert server.request(7, "shutdown")["result"] is None
    server.notify("exit")
    assert server.close() == 0


def test_message_split_across_writes_and_batched_in_one(server: RawServer):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}).encode()
    frame = b"Content-Length: %d\r\n\r\n" % len(body) + body
    for index in range(0, len(frame), 7):
        server.write(frame[index : index + 7])
    assert server.receive_response()["id"] == 1
    two = b"".join(
        b"Content-Length: %d\r\n\r\n" % len(b) + b
        for b in (json.dumps({"jsonrpc": "2.0", "id": i, "method": "shutdown"}).encode() for i in (2, 3))
    )
    server.write(two)
    assert server.receive_response()["id"] == 2
    third = server.receive_response()
    assert third["id"] == 3 and third["error"]["code"] == -32600  # already shutting down


def test_exit_without_shutdown_is_an_error_exit(server: RawServer):
    server.initialize()
    server.notify("exit")
    assert server.close() == 1


def test_closed_input_ends_the_server(server: RawServer):
    server.initialize()
    assert server.close() == 1


GOOD = {"jsonrpc": "2.0", "id": 99, "method": "shutdown"}


def framed(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


@pytest.mark.parametrize(
    "corrupt",
    [
        pytest.param(b'Content-Type: application/json\r\n\r\n{"jsonrpc": "2.0", "id": 5, "method": "shutdown"}', id="no-content-length"),
        pytest.param(b'Content-Length: 99999999999\r\n\r\n{"jsonrpc": "2.0", "id": 5, "method": "shutdown"}', id="huge-length"),
        pytest.param(b'Content-Length: -1\r\n\r\n{"id": 5}', id="negative-length"),
        pytest.param(b"Content-Length: twelve\r\n\r\n{}", id="non-numeric-length"),
        pytest.param(b"X-Padding: " + b"a" * 20_000 + b"\r\nContent-Length: 2\r\n\r\n{}", id="20KB-header"),
        pytest.param(b'Content-Length: 50000000\r\n\r\n{"jsonrpc": "2.0", "id": 5, "method": "shutdown"}', id="length-longer-than-body"),
        pytest.param(b'Content-Length: 10\r\n\r\n{"jsonrpc": "2.0", "id": 5, "method": "shutdown"}', id="length-shorter-than-body"),
    ],
)
def test_a_corrupt_frame_costs_only_itself(server: RawServer, corrupt: bytes):
    """The request after a corrupt frame is answered: the server skips to the
    next header instead of reading every later message as part of the bad one."""
    server.initialize()
    watchdog = threading.Timer(20, server.process.kill)
    watchdog.start()
    try:
        server.write(corrupt + framed(GOOD))
        errors = []
        while True:
            message = server.receive_response()
            if message.get("id") == 99:
                break
            errors.append(message)
        assert message["result"] is None
        # A parse error for the corrupt frame (and an invalid-request one for
        # what a 20 KB header hid: its own `Content-Length: 2` and `{}`).
        assert errors and errors[0]["error"]["code"] == -32700, errors
        assert all(e["id"] is None and e["error"]["code"] in (-32700, -32600) for e in errors), errors
        # And later messages too.
        server.notify("exit")
        assert server.close() == 0
    finally:
        watchdog.cancel()


def test_a_lone_surrogate_in_an_edit_keeps_the_text_in_step(server: RawServer):
    """Editors send a lone UTF-16 surrogate (`"\\ud800"`) when an edit splits
    a pair. The edit is applied (as U+FFFD, one UTF-16 unit like the lone
    surrogate), so the edits after it land where the editor made them."""
    server.initialize()
    uri = "untitled:surrogate.menu"
    text = 'menu M "M" {\n  item b "AB" { shortcut: "cmd+n" }\n}\n'
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "menu", "version": 1, "text": text}})

    def change(version, line, start, end, new_text):
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}, "text": new_text}],
        })

    change(2, 1, 11, 11, "\ud800")  # between A and B; json.dumps writes it as \ud800
    change(3, 1, 32, 33, "k")  # the n of cmd+n, one unit further right now

    def hover(id, character):
        return server.request(id, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": character}})

    assert "⌘K" in hover(5, 30)["result"]["contents"]["value"]
    assert '"A\ufffdB"' in hover(6, 4)["result"]["contents"]["value"]


def test_hovers_show_hostile_labels_and_doc_comments_as_text(server: RawServer):
    """A label that would close the hover's code block and add a link, an
    image and HTML, and a doc comment with a javascript: link and an image,
    rendered by a CommonMark renderer that allows everything: only text."""
    from markdown_it import MarkdownIt

    response = server.request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {
        "textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]}}}})
    assert "capabilities" in response["result"]
    server.notify("initialized")
    uri = "untitled:hostile.menu"
    label = "Evil\n```\n[x](http://evil.example)![i](http://evil.example/i.png)<img src=x>\n```"
    text = (
        "/// <img src=x onerror=alert(1)> [js](javascript:alert(1)) ![i](http://evil.example/d.png)\n"
        "/// ```\n"
        f"menu Evil {json.dumps(label)} {{ item b \"Show B\" }}\n"
    )
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "menu", "version": 1, "text": text}})
    hover = server.request(2, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 6}})
    contents = hover["result"]["contents"]
    assert contents["kind"] == "markdown"
    md = MarkdownIt("commonmark", {"html": True})
    md.validateLink = lambda url: True
    rendered = md.render(contents["value"])
    assert "<img" not in rendered and "<script" not in rendered, rendered
    assert 'href="javascript' not in rendered and 'href="http://evil.example"' not in rendered, rendered
    assert "&lt;img src=x&gt;" in rendered  # the label, shown as written


def test_hostile_editing_requests_get_located_errors(server: RawServer):
    """Rename to a huge name or to bytes that are not UTF-8, a workspace
    symbol query of a megabyte, a range far past the end: errors or empty
    answers, never a crash, and the server goes on."""
    server.initialize()
    uri = "untitled:hostile.menu"
    text = 'menu Edit "Edit" {}\nmenubar {\n  use Edit\n}\n'
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "menu", "version": 1, "text": text}})
    at_use = {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 7}}

    huge = server.request(2, "textDocument/rename", {**at_use, "newName": "x" * 3_000_000})
    assert huge["error"]["code"] == -32803 and "bytes long" in huge["error"]["message"]
    assert len(huge["error"]["message"]) < 200
    hidden = server.request(3, "textDocument/rename", {**at_use, "newName": "Edit\u202e\u0000"})
    assert "is not an identifier" in hidden["error"]["message"] and "\\u{202E}" in hidden["error"]["message"]

    # A new name that is not UTF-8: the message is not JSON.
    body = b'{"jsonrpc":"2.0","id":4,"method":"textDocument/rename","params":{"textDocument":{"uri":"untitled:hostile.menu"},' \
           b'"position":{"line":2,"character":7},"newName":"Ed\xff\xfeit"}}'
    server.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert server.receive_response()["error"]["code"] == -32700

    query = server.request(5, "workspace/symbol", {"query": "q" * 1_048_576})
    assert query["result"] == []
    past_end = server.request(6, "textDocument/rangeFormatting", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 10_000, "character": 0}, "end": {"line": 2**31, "character": 2**31}},
        "options": {"tabSize": 2, "insertSpaces": True},
    })
    assert past_end["result"] == []
    no_name = server.request(7, "textDocument/prepareRename", {"textDocument": {"uri": uri}, "position": {"line": 99, "character": 0}})
    assert no_name["error"]["code"] == -32803 and "no identifier here" in no_name["error"]["message"]

    # Still serving, and the rename it was asked for all along works.
    renamed = server.request(8, "textDocument/rename", {**at_use, "newName": "Editing"})
    assert sorted(e["range"]["start"]["line"] for e in renamed["result"]["changes"][uri]) == [0, 2]
    assert server.request(9, "shutdown")["result"] is None
