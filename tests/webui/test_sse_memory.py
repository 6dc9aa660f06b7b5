"""A live stream holds no memory for what it already sent (issue 19, defect 4).

waitress keeps a connection's unsent bytes in a plain string while they fit in 8 KB and drops it
once sent; from the first write that does not fit it switches the connection to a buffer that is
only appended to (kept until 16 MB or the close). A night with a long feed made the stream's
snapshot such a write, so every phone that joined late kept every byte it was sent. These tests
run the app on a real waitress server and look at each stream's buffer; `bench/sse_memory.py`
measures the server's memory with 200 phones."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from waitress.server import create_server

from dashboard_kit import PIN, Phone, frames, start_night
from webui import sse
from webui.sse import Broadcaster, Message


def long_feed(host, n=120):
    start_night(host, seats=(1, 2, 3, 4))
    r = host.post("/api/host/event", {"event": {"type": "hand_started", "hand": 1, "dealer": 4}})
    assert r.status_code == 200
    for i in range(n):
        r = host.post("/api/host/event", {"event": {"type": "payment", "seat": 1 + i % 4, "amount": "0.01",
                                                   "memo": f"a long memo to make the feed long, number {i}"}})
        assert r.status_code == 200, r.get_json()


def test_the_snapshot_is_a_small_nudge_not_the_feed(dash, dash_host):
    long_feed(dash_host)
    assert len(dash_host.get("/api/feed").data) > 8192          # the feed itself is long...
    resp = dash_host.get("/events", buffered=False)
    chunks = []
    for chunk in resp.response:
        chunks.append(chunk)
        if b"event: snapshot" in b"".join(chunks):
            break
    resp.close()
    snapshot = frames(chunks, 2)[1]
    assert snapshot["event"] == "snapshot" and snapshot["data"] == {"resync": True}
    assert all(len(c) < 8192 for c in chunks)                  # ...the stream never writes 8 KB at once


def test_a_big_frame_goes_out_whole_in_small_writes():
    b = Broadcaster()
    b.publish(Message(0, "table", {}))
    big = Message(1, "table", {"announcements": [{"text": "é" * 50} for _ in range(400)]})
    encoded = big.encode()
    assert len(encoded) > 4 * sse.FRAME_PIECE
    assert b"".join(sse.pieces(encoded)) == encoded and max(len(p) for p in sse.pieces(encoded)) <= sse.FRAME_PIECE
    stream = b.stream(0, lambda: Message(None, "snapshot", {}), keepalive=5)
    next(stream)
    threading.Timer(0.05, lambda: b.publish(big)).start()
    got = b""
    while not got.endswith(b"\n\n"):
        piece = next(stream)
        assert len(piece) <= sse.FRAME_PIECE
        got += piece
    stream.close()
    assert got == encoded


@pytest.fixture
def served(dash):
    server = create_server(dash, host="127.0.0.1", port=0, threads=8, send_bytes=1, ident="croupier-test")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield server
    server.close()
    thread.join(5)


def open_stream(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    return s


def read_until(sock, marker, limit=5.0):
    got, deadline = b"", time.monotonic() + limit
    while marker not in got and time.monotonic() < deadline:
        got += sock.recv(65536)
    assert marker in got, got[-300:]
    return got


def stream_buffers(server):
    """The output buffers of every open connection: None where waitress still uses its string."""
    return [ch.outbufs[-1].buf for ch in list(server.active_channels.values()) if ch.outbufs]


@pytest.mark.filterwarnings("ignore:send_bytes:DeprecationWarning")
def test_a_stream_that_joins_a_long_night_keeps_no_buffer_on_waitress(dash, dash_host, served):
    long_feed(dash_host)
    port = served.effective_port
    phone = open_stream(port)
    read_until(phone, b"event: snapshot")
    host = Phone(dash)
    assert host.login(PIN).status_code == 200
    for i in range(30):
        r = host.post("/api/host/event", {"event": {"type": "payment", "seat": 1, "amount": "0.01", "memo": f"m{i}"}})
        assert r.status_code == 200
    last = host.get("/state").get_json()["last_id"]
    read_until(phone, f"id: {last}\n".encode())
    time.sleep(0.2)                                             # the last write is flushed and pruned
    assert stream_buffers(served) and all(buf is None for buf in stream_buffers(served))
    phone.close()
