"""Phone claims that arrive before the camera has the card they are about (Bonnu's Cut, Bonnu! and
shouts), kept until it has it.

At a Bonnu table with a camera the card laid goes to the referee only once the camera confirmed it
(a few frames after it landed), but a player taps Cut! or Bonnu! the moment they see it land: the
phone's claim can reach the server first, when the referee still has the card before on top. Given
then, a Cut of 3s is ruled against the 7 under it (a wrong Cut: penalty), or refused where no window
is open, and a claim made in time was lost. Here (`PhoneClaims.offer`) a claim whose cards do not
fit the referee's top card (`early`), or that the referee refuses, waits: each time the camera's
card goes in (`card_in`) the waiting claims that now fit are offered again in the order of their
stamps, with their own stamps (the referee rules them by the time they were made, not when they
went in); one still waiting `WAIT_MS` after it arrived goes to the host as a question (`due`), with
the referee's last words: nothing is lost. A second tap of the same claim by the same seat while
the first waits is that claim (a double tap).

A web phone's claim comes on another thread than the camera's (webui/blueprints/timing.py): it is
only put in the inbox (`post`); the pipeline takes it up at its next frame (`take_posted`), so the
referee is only ever given claims from the camera's thread, under its lock.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from referee.cards import BonnuCard
from referee.engine import view
from referee.game import HOST
from referee.games.bonnu.claims import bonnu_stands

WAIT_MS = 3000   # a claim the camera's card has not made possible this long after it arrived: the host's
WAITING = ("cut_laid", "bonnu_claimed", "shout_heard")  # the claims made on a card the camera confirms


@dataclass
class Waiting:
    """A phone claim the referee refused so far: the event (with its own stamps), when it arrived on
    the table's clock, who sent it, and the referee's last refusal."""
    event: object
    arrived_ms: int
    source: str
    reason: str


def waits(event) -> bool:
    """Is this a claim that may come before the camera's card (and so waits for it)?"""
    return getattr(event, "type", None) in WAITING


def early(event, top: BonnuCard | None) -> bool:
    """Do a Cut's or an out-of-turn Bonnu's cards not fit `top`, the referee's top card (so they are
    about a card the camera has not confirmed yet)? A shout names no card: never early."""
    if event.type == "cut_laid":
        return top is None or any(c.value != top.value for c in event.cards)
    if event.type == "bonnu_claimed":
        return not bonnu_stands(event.cards, top)
    return False


def pile_top(state) -> BonnuCard | None:
    """The referee's top card at a Bonnu table (None: none yet, or another game)."""
    if getattr(state, "game", None) != "bonnu":
        return None
    top = (view(state, HOST).get("bonnu") or {}).get("top")
    return BonnuCard.parse(top) if top else None


class PhoneClaims:
    """The claims waiting for the camera. `submit(event, source) -> str | None`: the event to the referee
    as made by `source` ("seat 3"),
    None when it went in, else the referee's refusal in words; `top()`: the referee's top card now.
    `post` is called from web request threads, everything else on the pipeline's thread: the lists
    are changed under `_lock`, never held while the referee is called (its submit takes the night's
    lock, which a web request may hold while it posts)."""

    def __init__(self, submit: Callable[[object, str], str | None], top: Callable[[], BonnuCard | None],
                 wait_ms: int = WAIT_MS):
        self.submit, self.top = submit, top
        self.wait_ms = wait_ms
        self.waiting: list[Waiting] = []
        self.to_host: list[Waiting] = []   # timed out: the host's questions, answered by hand
        self.inbox: deque = deque()        # (event, source) posted from another thread (`post`)
        self._offering: list = []          # (event, source) taken from the inbox, being offered now
        self.closed = False                # the camera stopped (its last frame): nothing more is taken up
        self._lock = threading.Lock()

    def post(self, event, source: str) -> str:
        """A claim from another thread (a web phone's request): kept for the pipeline's next frame.
        "same claim" when that seat's same claim waits already, or is on its way (a double tap),
        "closed" once the camera stopped (the caller gives it to the referee itself), else "waits"."""
        with self._lock:
            if self.closed:
                return "closed"
            if self._waits_already(event) or any(_same_claim(e, event) for e, _ in (*self.inbox, *self._offering)):
                return "same claim"
            self.inbox.append((event, source))
        return "waits"

    def take_posted(self, now_ms: int) -> list:
        """The posted claims, offered now (on the pipeline's thread); the events that went in."""
        with self._lock:
            self._offering = list(self.inbox)
            self.inbox.clear()
        took = []
        while self._offering:
            event, source = self._offering[0]
            if self.offer(event, now_ms, source) is None:
                took.append(event)
            with self._lock:
                self._offering.pop(0)
        return took

    def _waits_already(self, event) -> bool:
        return any(_same_claim(w.event, event) for w in self.waiting)

    def _wait(self, w: Waiting) -> None:
        with self._lock:
            self.waiting.append(w)

    def offer(self, event, now_ms: int, source: str = "phone") -> str | None:
        """A phone's event: to the referee (None: it went in), or kept waiting ("waits"; "same claim":
        that seat's same claim waits already, a double tap is one claim at its first tap), or the
        referee's refusal in words (an event that is no claim)."""
        if not waits(event):
            return self.submit(event, source)
        if self._waits_already(event):
            return "same claim"
        if early(event, self.top()):
            self._wait(Waiting(event, now_ms, source, "its cards do not fit the top card yet"))
            return "waits"
        refused = self.submit(event, source)
        if refused is None:
            return None
        self._wait(Waiting(event, now_ms, source, refused))
        return "waits"

    def card_in(self) -> list:
        """The camera's card went in: offer the waiting claims that fit it, earliest stamp first.
        Returns the events the referee took; the others go on waiting (a claim on a later card)."""
        took = []
        for w in sorted(self.waiting, key=_made):
            if early(w.event, self.top()):
                continue
            refused = self.submit(w.event, w.source)
            if refused is None:
                with self._lock:
                    self.waiting.remove(w)
                took.append(w.event)
            else:
                w.reason = refused
        return took

    def after_frame(self, now_ms: int | None, camera_in: bool, final: bool = False) -> tuple[list, list[Waiting]]:
        """A camera frame is done: the posted claims taken up, the waiting ones offered again if a
        camera event went in (`card_in`), and those waiting too long moved to the host (`due`).
        (the events that went in, the claims now the host's); `now_ms` None: the frame's time unknown.
        final: the camera's last frame (`close`d first: a claim posted later goes to the referee
        directly), and every claim still waiting is the host's now, not lost with the camera."""
        if final:
            with self._lock:
                self.closed = True
        took = self.take_posted(now_ms or 0) if self.inbox else []
        if camera_in and self.waiting:
            took += self.card_in()
        if final:
            return took, self.due(None)
        return took, self.due(now_ms) if now_ms is not None else []

    def due(self, now_ms: int | None) -> list[Waiting]:
        """Claims waiting `wait_ms` or more (None: all of them): moved to `to_host` (and returned)."""
        with self._lock:
            late = [w for w in self.waiting if now_ms is None or now_ms - w.arrived_ms >= self.wait_ms]
            for w in late:
                self.waiting.remove(w)
                self.to_host.append(w)
        return late

    def question(self, w: Waiting) -> str:
        """What the host is asked about a claim that timed out."""
        e = w.event
        what = e.describe() if hasattr(e, "describe") else e.type
        return (f"{what}: it came from seat {e.seat}'s phone before the camera had the card it is about, and "
                f"{self.wait_ms / 1000:g} s later it still does not fit (the referee: {w.reason}); enter it by hand "
                "if it was made in time, or drop it")


def referee_submit(referee, said: list) -> Callable[[object, str], str | None]:
    """`PhoneClaims.submit` for a camera pipeline's `Referee` (vision/pipeline.py): a refusal is the
    claim waiting on, not one to record; what the referee says when it takes one goes to `said`."""
    def submit(event, source: str = "camera") -> str | None:
        n = len(referee.refused)
        words = referee.submit(event, actor=source)
        if len(referee.refused) > n:
            return referee.refused.pop()[1]
        said.extend(words)
        return None
    return submit


def _same_claim(a, b) -> bool:
    """One seat's same kind of claim (a double tap is one claim, at its first tap)."""
    return a.type == b.type and a.seat == b.seat


def _made(w: Waiting) -> tuple:
    """A claim's corrected stamp (the moment it was made), for the order claims are offered in."""
    at, lat = getattr(w.event, "at_ms", None), getattr(w.event, "latency_ms", 0) or 0
    return (at - lat if at is not None else w.arrived_ms, w.arrived_ms)


__all__ = ["PhoneClaims", "Waiting", "WAIT_MS", "early", "pile_top", "referee_submit", "waits"]
