"""SSE fan-out benchmark: N phones on loopback, time from an event being sent to each phone
receiving it.

    python bench/sse.py [--clients 50] [--events 100] [--gap 0.05]

Starts `croupier serve` in a subprocess (waitress, as at the table) on a fresh store, logs in as
the host, starts a night and a hand, opens N live streams (asyncio sockets in this process), then
sends `payment` events one by one through the host API. For every (event, client) pair it measures
the time from just before the POST is sent to the moment that client has read the event's SSE
frame: the end-to-end latency a player sees, including the referee, the SQLite commit (fsync,
synchronous=FULL) and the fan-out. It prints p50 / p90 / p99 / max of those, and of the POST alone.
Goal: p99 < 100 ms with 50 clients.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIN = "246810"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Host:
    """A tiny HTTP client with the host's cookie and CSRF token (keep-alive connection)."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.cookie = ""
        html = self.request("GET", "/host")[1]
        self.csrf = re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)
        self.n = 0

    def request(self, method, path, body=None):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        data = None
        if method == "POST":
            self.n += 1
            headers.update({"Content-Type": "application/json", "X-CSRF-Token": self.csrf,
                            "Idempotency-Key": f"bench-{os.getpid()}-{self.n}"})
            data = json.dumps(body)
        self.conn.request(method, path, body=data, headers=headers)
        r = self.conn.getresponse()
        text = r.read().decode()
        cookie = r.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return r.status, text

    def post(self, path, body):
        status, text = self.request("POST", path, body)
        if status != 200:
            raise SystemExit(f"{path} -> {status}: {text}")
        return json.loads(text)


async def client(port: int, received: dict, ready: asyncio.Event, ready_count: list, total: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    await writer.drain()
    mine: dict[int, float] = {}
    received[id(mine)] = mine
    first = True
    event_id = None
    try:
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                event_id = int(line[4:].strip())
            elif line.startswith(b"data: ") and event_id is not None:
                mine.setdefault(event_id, time.perf_counter())
                if first:
                    first = False
                    ready_count[0] += 1
                    if ready_count[0] == total:
                        ready.set()
                event_id = None
    except (asyncio.CancelledError, ConnectionError):
        pass
    finally:
        writer.close()


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def start_server(clients: int, root: Path = ROOT) -> tuple[subprocess.Popen, Host, int]:
    """`croupier serve` (the checkout at `root`) on a free port, sized for `clients` streams, with
    the host logged in, a night of four seats and hand 1 started: (server, host, port). The
    caller stops the server."""
    port = free_port()
    db = Path(tempfile.mkdtemp(prefix="croupier-bench-")) / "bench.db"
    cmd = [sys.executable, "-c", "import sys; from webui.cli import main; sys.exit(main(sys.argv[1:]))", "serve",
           "--db", str(db), "--host", "127.0.0.1", "--port", str(port), "--pin", PIN,
           "--streams", str(clients + 10), "--workers", "8"]
    server = subprocess.Popen(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(150):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        host = Host(port)
        host.post("/api/host/login", {"pin": PIN})
        host.post("/api/host/night", {"game": "bonedoneskis", "seats": [1, 2, 3, 4]})
        host.post("/api/host/event", {"event": {"type": "hand_started", "hand": 1, "dealer": 4}})
    except BaseException:
        server.terminate()
        raise
    return server, host, port


async def main_async(args) -> int:
    server, host, port = start_server(args.clients)
    try:

        received: dict = {}
        ready, ready_count = asyncio.Event(), [0]
        tasks = [asyncio.create_task(client(port, received, ready, ready_count, args.clients))
                 for _ in range(args.clients)]
        await asyncio.wait_for(ready.wait(), 30)

        sent: dict[int, float] = {}
        posts: list[float] = []
        for i in range(args.events):
            t0 = time.perf_counter()
            res = await asyncio.to_thread(host.post, "/api/host/event", {"event": {
                "type": "payment", "seat": 1 + i % 4, "amount": "0.01", "memo": f"bench {i}"}})
            posts.append(time.perf_counter() - t0)
            sent[res["seq"]] = t0
            await asyncio.sleep(args.gap)
        await asyncio.sleep(0.5)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        server.terminate()
        server.wait(10)

    lat, missing = [], 0
    for mine in received.values():
        for seq, t0 in sent.items():
            if seq in mine:
                lat.append(mine[seq] - t0)
            else:
                missing += 1
    ms = [x * 1000 for x in lat]
    post_ms = [x * 1000 for x in posts]
    print(f"SSE fan-out on loopback: {args.clients} clients x {args.events} events "
          f"({len(lat)} receipts, {missing} missing), waitress {args.clients + 18} threads")
    print(f"  event sent -> received by a phone: p50 {pct(ms, 50):.1f} ms  p90 {pct(ms, 90):.1f} ms  "
          f"p99 {pct(ms, 99):.1f} ms  max {max(ms):.1f} ms  (goal p99 < 100 ms)")
    print(f"  POST /api/host/event alone (referee + fsync'd store): p50 {pct(post_ms, 50):.1f} ms  "
          f"p99 {pct(post_ms, 99):.1f} ms  mean {statistics.mean(post_ms):.1f} ms")
    return 0 if missing == 0 else 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=50)
    p.add_argument("--events", type=int, default=100)
    p.add_argument("--gap", type=float, default=0.05, help="seconds between events")
    return asyncio.run(main_async(p.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
