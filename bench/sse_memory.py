"""SSE memory benchmark: does a live stream keep what it sent? 200 phones for 10 minutes.

    python bench/sse_memory.py [--clients 200] [--minutes 10] [--rate 10] [--prefill 150]

Starts `croupier serve` in a subprocess (waitress, as at the table) on a fresh store, starts a night
and writes `--prefill` payments first, so the feed is long (that is what made a stream's first
frame big: issue 19, defect 4). Then it opens `--clients` live streams (half at once, half late,
after a minute or a third of the run), sends `--rate` events a second through the host API and
keeps every stream read. It prints the server's resident memory (VmRSS) at the start, every
`--every` seconds and at the end, and how many frames the phones got. Goal: end - start < 50 MB.
`--root DIR` runs another checkout's server (to compare with the code before a change).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sse import start_server  # noqa: E402  (bench/sse.py: the server and the host's HTTP client)

ROOT = Path(__file__).resolve().parents[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def phone(port: int, counts: list[int]) -> None:
    """One phone's live stream, read as fast as it comes; counts[0] += frames with an id."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    await writer.drain()
    try:
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                counts[0] += 1
    except (asyncio.CancelledError, ConnectionError):
        pass
    finally:
        writer.close()


async def run(args) -> int:
    server, host, port = start_server(args.clients, args.root)
    tasks: list[asyncio.Task] = []
    counts = [0]
    try:
        n = 0

        def pay() -> None:
            nonlocal n
            n += 1
            host.post("/api/host/event", {"event": {"type": "payment", "seat": 1 + n % 4, "amount": "0.01",
                                                    "memo": f"bench payment number {n}"}})

        for _ in range(args.prefill):
            pay()
        early = args.clients - args.clients // 2
        tasks += [asyncio.create_task(phone(port, counts)) for _ in range(early)]
        await asyncio.sleep(2)
        start = rss_mb(server.pid)
        print(f"{args.clients} phones ({early} now, the rest late), {args.rate} events/s for {args.minutes} min, "
              f"feed prefilled with {args.prefill} payments; server at {args.root}", flush=True)
        print(f"  start: server RSS {start:.1f} MB", flush=True)
        t0 = time.monotonic()
        duration = args.minutes * 60
        late_at = min(60.0, duration / 3)
        next_report, sent = args.every, 0
        while (elapsed := time.monotonic() - t0) < duration:
            if len(tasks) < args.clients and elapsed >= late_at:
                tasks += [asyncio.create_task(phone(port, counts)) for _ in range(args.clients - len(tasks))]
            await asyncio.to_thread(pay)
            sent += 1
            if elapsed >= next_report:
                print(f"  {elapsed:5.0f} s: server RSS {rss_mb(server.pid):.1f} MB, {sent} events sent, "
                      f"{counts[0]} frames received", flush=True)
                next_report += args.every
            await asyncio.sleep(max(0.0, t0 + sent / args.rate - time.monotonic()))
        await asyncio.sleep(2)
        end = rss_mb(server.pid)
        print(f"  end:   server RSS {end:.1f} MB after {sent} events, {counts[0]} frames received by "
              f"{len(tasks)} phones; growth {end - start:+.1f} MB (goal: within 50 MB)", flush=True)
        return 0 if end - start < 50 else 1
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        server.terminate()
        server.wait(10)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=200)
    p.add_argument("--minutes", type=float, default=10.0)
    p.add_argument("--rate", type=float, default=10.0, help="events a second")
    p.add_argument("--prefill", type=int, default=150, help="payments written before the phones join")
    p.add_argument("--every", type=float, default=30.0, help="seconds between memory reports")
    p.add_argument("--root", type=Path, default=ROOT, help="the checkout whose server runs")
    return asyncio.run(run(p.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
