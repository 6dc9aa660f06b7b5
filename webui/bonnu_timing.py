"""The table process's one clock for Bonnu's timed events, and each phone's measured latency.

The referee has no clock (referee/games/bonnu/events.py): every card laid, card drawn, Cut, Bonnu
claim and shout carries `at_ms`, when it happened on ONE monotonic clock, and `latency_ms`, the
delay to take off. Here that clock is `time.monotonic()` counted from the night's start, in whole
milliseconds, so a ruling reads "Cut by Cleo at 12.41 s". A tap is stamped with the moment the
server received it, and carries the phone's latency: half the round trip of its pings (the phone
pings on join and now and then after, `/api/seat/ping`; the host sees each latency on the console).

After a restart the monotonic clock starts again from nothing: the night's clock resumes just after
the latest time its log holds, so no later event is ever stamped before an earlier one.
"""

from __future__ import annotations

import dataclasses
import statistics
import threading
import time

class TableClock:
    def __init__(self, now=time.monotonic) -> None:
        self._now = now
        self._lock = threading.Lock()
        self._origin = now()
        self._latency: dict[int, int] = {}     # seat -> milliseconds (half the median round trip)
        self._measured: dict[int, int] = {}    # seat -> when (night ms) it was last measured

    def restart(self) -> None:
        """A new night: its clock starts at 0, and no phone is measured yet."""
        with self._lock:
            self._origin = self._now()
            self._latency.clear()
            self._measured.clear()

    def now_ms(self) -> int:
        with self._lock:
            return round((self._now() - self._origin) * 1000)

    def resume_after(self, ms: int | None) -> None:
        """Carry on after a restart: the next stamp comes after `ms` (the latest in the log)."""
        if ms is None:
            return
        with self._lock:
            now = self._now()
            if (now - self._origin) * 1000 <= ms:
                self._origin = now - (ms + 1) / 1000

    # ------------------------------------------------------------------ latency
    def measured(self, seat: int, round_trips_ms: list[int]) -> int:
        """Record a phone's pings: its latency is half the median round trip (one slow ping, a
        garbage collection or a busy radio, does not move it)."""
        latency = round(statistics.median(round_trips_ms) / 2)
        at = self.now_ms()
        with self._lock:
            self._latency[seat], self._measured[seat] = latency, at
        return latency

    def latency_ms(self, seat: int | None) -> int:
        """A seat's latency to take off its taps (0: not measured yet, or the host's own entry)."""
        with self._lock:
            return self._latency.get(seat, 0) if seat is not None else 0

    def latencies(self) -> dict[int, dict]:
        """Every measured seat: its latency and how long ago (in seconds) it was measured."""
        now = self.now_ms()
        with self._lock:
            return {s: {"latency_ms": ms, "age_s": round((now - self._measured[s]) / 1000)}
                    for s, ms in self._latency.items()}

    # ------------------------------------------------------------------ stamping
    def stamp(self, event, seat: int | None):
        """`event` stamped now, with `seat`'s latency, if it is a timed event not stamped yet (the
        camera stamps its own cards with the frame's capture time; they pass through unchanged).
        A `time_noted` is the clock itself: stamped now, nothing to take off."""
        names = {f.name for f in dataclasses.fields(event)} if dataclasses.is_dataclass(event) else set()
        if "at_ms" not in names:
            return event
        if "latency_ms" not in names:          # time_noted
            return dataclasses.replace(event, at_ms=self.now_ms()) if not event.at_ms else event
        if event.at_ms is not None:
            return event
        return dataclasses.replace(event, at_ms=self.now_ms(), latency_ms=self.latency_ms(seat))


def latest_stamp(log) -> int | None:
    """The latest `at_ms` among the events of a log (None: nothing stamped)."""
    stamps = [e.at_ms for e in log if isinstance(getattr(e, "at_ms", None), int)]
    return max(stamps) if stamps else None
