"""Server-Sent Events for the dashboard: one broadcaster, many phones.

Every message the table publishes gets an id (the store's event sequence number, so ids survive a
server restart and only ever grow). The broadcaster keeps the last `backlog` messages: a phone that
reconnects with `Last-Event-ID` (or `?last=` after waking up) gets exactly the messages it missed,
in order; if it missed more than the backlog holds, or its id is from some other night, it gets one
`snapshot` message instead and starts again from there. A snapshot is a small nudge, not the
feed itself: the phone fetches `/state` and `/api/feed` (each viewer's own) when it gets one.
While nothing happens each stream sends a
comment line (`: keepalive`) every `keepalive` seconds, which keeps proxies and phones from
closing an idle connection and lets the server notice a stream whose phone is gone.

Each open stream holds one server thread while it lives (waitress runs WSGI apps on a thread pool),
so the number of streams is capped (`max_streams`): past it a new stream gets 503 and a `retry`
hint, and requests such as "pay" always find a free thread. See `webui/cli_web.py` for sizing.

Every write stays under 8 KB (`FRAME_PIECE`): waitress keeps a connection's unsent bytes in a
string while they fit in 8 KB and drops it once sent, but from the first write that does not fit
it switches that connection to a buffer that is only ever appended to and read past (released at
16 MB or at close): one big frame made a live stream hold every byte it sent afterwards (issue 19).
A frame bigger than a piece still goes out whole, as consecutive writes.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    id: int | None          # None: not replayable (a snapshot, a notice)
    event: str              # the SSE event name: "table", "snapshot", "night"
    data: dict

    def encode(self) -> bytes:
        lines = []
        if self.id is not None:
            lines.append(f"id: {self.id}")
        lines.append(f"event: {self.event}")
        payload = json.dumps(self.data, ensure_ascii=False, separators=(",", ":"))
        lines.extend(f"data: {part}" for part in payload.split("\n"))
        return ("\n".join(lines) + "\n\n").encode("utf-8")


FRAME_PIECE = 4096     # bytes per write: well under waitress's 8 KB string buffer (see above)


def pieces(frame: bytes, size: int = FRAME_PIECE) -> Iterator[bytes]:
    """One encoded frame as writes of at most `size` bytes (the client sees the same bytes)."""
    for at in range(0, len(frame), size):
        yield frame[at:at + size]


class TooManyStreams(Exception):
    pass


class Broadcaster:
    def __init__(self, backlog: int = 500, max_streams: int = 100) -> None:
        self._cond = threading.Condition()
        self._messages: deque[Message] = deque(maxlen=backlog)
        self._generation = 0        # bumped on every publish; streams wait for a change
        self._epoch = 0             # bumped by reset(): replay across a reset is impossible
        self.max_streams = max_streams
        self.open_streams = 0
        self._closed = False

    # ------------------------------------------------------------------ publishing
    def publish(self, message: Message) -> None:
        """Send to every open stream; messages with an id can also be replayed later."""
        with self._cond:
            self._messages.append(message)
            self._generation += 1
            self._cond.notify_all()

    def reset(self, message: Message) -> None:
        """A new night: forget the backlog (old ids mean nothing now) and tell every stream."""
        with self._cond:
            self._messages.clear()
            self._epoch += 1
            self._messages.append(message)
            self._generation += 1
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    @property
    def last_id(self) -> int | None:
        with self._cond:
            for m in reversed(self._messages):
                if m.id is not None:
                    return m.id
        return None

    # ------------------------------------------------------------------ streaming
    def _missed(self, last_id: int | None) -> list[Message] | None:
        """Messages after `last_id`, or None when that cannot be told exactly (no id, an id that
        fell off the backlog or that this night never sent): then the stream starts with a snapshot."""
        if last_id is None:
            return None
        ids = [m for m in self._messages if m.id is not None]
        at = next((i for i in range(len(ids) - 1, -1, -1) if ids[i].id == last_id), None)
        return None if at is None else ids[at + 1:]

    def stream(self, last_id: int | None, snapshot: Callable[[], Message], keepalive: float = 15.0,
               retry_ms: int = 2000) -> Iterator[bytes]:
        """The body of one SSE response. Raises TooManyStreams before yielding anything."""
        with self._cond:
            if self.open_streams >= self.max_streams:
                raise TooManyStreams(f"{self.open_streams} streams are open (the limit is {self.max_streams})")
            self.open_streams += 1
        return _Stream(self, self._body(last_id, snapshot, keepalive, retry_ms))

    def _release(self) -> None:
        with self._cond:
            self.open_streams -= 1

    def _body(self, last_id, snapshot, keepalive, retry_ms) -> Iterator[bytes]:
        try:
            yield f"retry: {retry_ms}\n: hello\n\n".encode()
            with self._cond:
                missed = self._missed(last_id)
                generation, epoch = self._generation, self._epoch
                seen = self._messages[-1] if self._messages else None
            if missed is None:
                yield from pieces(snapshot().encode())
            for m in missed or ():
                yield from pieces(m.encode())
            while True:
                with self._cond:
                    deadline = time.monotonic() + keepalive
                    while self._generation == generation and not self._closed:
                        left = deadline - time.monotonic()
                        if left <= 0:
                            break
                        self._cond.wait(left)
                    if self._closed:
                        return
                    fresh: list[Message] | None = []
                    if self._generation != generation:
                        msgs = list(self._messages)
                        if self._epoch != epoch or seen is None:
                            fresh = msgs
                        else:
                            at = next((i for i in range(len(msgs) - 1, -1, -1) if msgs[i] is seen), None)
                            fresh = None if at is None else msgs[at + 1:]   # None: fell behind
                        generation, epoch = self._generation, self._epoch
                        seen = msgs[-1] if msgs else seen
                if fresh is None:
                    yield from pieces(snapshot().encode())
                elif not fresh:
                    yield b": keepalive\n\n"
                for m in fresh or ():
                    yield from pieces(m.encode())
        except GeneratorExit:
            return


class _Stream:
    """The response body: frees its stream slot when closed, even if it was never iterated (a
    client gone before the first byte), which a bare generator's `finally` would miss."""

    def __init__(self, owner: Broadcaster, body: Iterator[bytes]) -> None:
        self._owner, self._body, self._open = owner, body, True

    def __iter__(self) -> "_Stream":
        return self

    def __next__(self) -> bytes:
        try:
            return next(self._body)
        except StopIteration:
            self.close()
            raise

    def close(self) -> None:
        if self._open:
            self._open = False
            self._body.close()
            self._owner._release()


def parse_last_id(*candidates: str | None) -> int | None:
    """The first candidate that is a plain non-negative integer (Last-Event-ID header or ?last=)."""
    for value in candidates:
        if value is None:
            continue
        value = value.strip()
        if value.isdigit() and len(value) <= 18:
            return int(value)
    return None
