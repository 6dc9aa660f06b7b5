"""Bonnu's automatic "time passed": the referee has no clock, so a missed Reach! or Bonnu! is only
ruled when an event stamped past the shout's grace (`shout_grace_ms`) arrives. At a quiet table
none may come; this sends the `time_noted` itself, stamped on the night's clock, once the grace of
the earliest shout owed has passed.

One timer per night, never a loop: after every committed action (`Night.on_commit`) it is worked
out again from the referee's state: cancelled when no shout is owed, kept when the deadline is the
same, moved when it changed. The firing is checked against the deadline it was set for, so a timer
that lost a race with a newer action does nothing. The scheduler is given (a `threading.Timer` by
default), so a test drives it by hand with a fake clock; the app arms it only where asked
(config SHOUT_TIMER, off under TESTING unless set).
"""

from __future__ import annotations

import logging
import threading
from typing import Callable, Optional, Protocol

from referee.engine import Refusal
from referee.games.bonnu.events import TimeNoted

from .bonnu_views import GAME
from .night import Conflict

log = logging.getLogger("croupier.web")


class Handle(Protocol):
    def cancel(self) -> None: ...


class ThreadScheduler:
    """`call_later` on a daemon `threading.Timer` (one thread per armed timer, gone once it fires)."""

    def call_later(self, delay_s: float, fn: Callable[[], None]) -> Handle:
        timer = threading.Timer(delay_s, fn)
        timer.daemon = True
        timer.start()
        return timer


def shout_deadline(state) -> Optional[int]:
    """The first moment (night ms) at which a shout owed now is missed, or None: a Bonnu round in
    play, owing a stamped shout, missed once the clock is past its card's time plus the grace
    (shouts.settle: strictly more than shout_grace_ms after)."""
    rnd = state.hand if state is not None and state.game == GAME else None
    if rnd is None or rnd.phase != "play":
        return None
    owed = [d.since_ms for d in rnd.dues if d.since_ms is not None]
    return min(owed) + state.settings.shout_grace_ms + 1 if owed else None


class ShoutTimer:
    def __init__(self, night, scheduler=None) -> None:
        self.night = night
        self.scheduler = scheduler or ThreadScheduler()
        self.pending: Optional[tuple[int, Handle]] = None      # (deadline ms, its handle)

    def reschedule(self) -> None:
        """After an action: arm, keep, move or cancel the one timer (called under the night's lock)."""
        table = self.night.table
        deadline = None if table is None or self.night.ended else shout_deadline(table.state)
        if self.pending is not None and self.pending[0] == deadline:
            return
        self.cancel()
        if deadline is None:
            return
        delay_ms = max(0, deadline - self.night.clock.now_ms())
        self.pending = (deadline, self.scheduler.call_later(delay_ms / 1000, lambda: self.fire(deadline)))

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending[1].cancel()
            self.pending = None

    def fire(self, deadline: int) -> None:
        """The grace has passed: the table's clock is noted (which rules the missed shouts)."""
        with self.night.lock:
            if self.pending is None or self.pending[0] != deadline:
                return                          # a newer action moved or cancelled it
            self.pending = None
            at = max(self.night.clock.now_ms(), deadline)
            try:
                self.night.submit(TimeNoted(at), f"shout-timer:{at}", "the table's clock")
            except (Refusal, Conflict) as exc:  # the round moved on in the meantime: nothing owed
                log.info("time_noted at %s ms not taken: %s", at, exc)
            except Exception:                   # a timer's thread must not die without a word
                log.exception("the shout timer could not note the time at %s ms", at)
