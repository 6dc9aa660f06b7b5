"""Bonnu's own events, beside the core's `card_dealt` (the opening draw with deck "opening", face
up; the deal, face down, `card` null when nobody named it) and `hand_shown` (a losing seat lays its
hand face up at the end of a Bonnu 100 round).

Timing: the referee has no clock. Every card and shout below carries `at_ms`, the moment it
happened on the table process's one monotonic clock, in milliseconds (a card: the capture time of
the frame in which it was first seen on the pile; a shout: when the server received the tap), and
`latency_ms`, the delay to take off (the phone's measured ping, or the camera's half a frame
period: a card lands on average half a frame before the frame that first sees it). The referee orders claims by `at_ms - latency_ms`, never by arrival. Whole
milliseconds keep the log exact: the same log always gives the same rulings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import AnyCard, Event


@dataclass(frozen=True)
class CardLaid(Event):
    """The seat on turn lays a card on the pile (the first lead: any card)."""
    type: ClassVar[str] = "card_laid"
    seat: int
    card: AnyCard
    at_ms: int | None = None
    latency_ms: int = 0


@dataclass(frozen=True)
class CardDrawn(Event):
    """A seat takes the top card of the draw pile: unable to play on turn, or a penalty card.
    `card` null: nobody named it (the hand stays hidden)."""
    type: ClassVar[str] = "card_drawn"
    seat: int
    card: AnyCard | None = None
    at_ms: int | None = None
    latency_ms: int = 0


@dataclass(frozen=True)
class DrawKept(Event):
    """With play_drawn: the seat that just drew keeps the drawn card instead of laying it, and the
    turn passes."""
    type: ClassVar[str] = "draw_kept"
    seat: int
    at_ms: int | None = None
    latency_ms: int = 0


@dataclass(frozen=True)
class CutLaid(Event):
    """Cut!: a seat lays two or more cards of the number just played, out of turn."""
    type: ClassVar[str] = "cut_laid"
    seat: int
    cards: tuple[AnyCard, ...]
    at_ms: int | None = None
    latency_ms: int = 0


@dataclass(frozen=True)
class BonnuClaimed(Event):
    """Bonnu! out of turn: a seat lays its whole hand face up, claiming it totals the number just
    played (or a multiple of 10 on a 0). The referee checks the total before awarding the round."""
    type: ClassVar[str] = "bonnu_claimed"
    seat: int
    cards: tuple[AnyCard, ...]
    at_ms: int | None = None
    latency_ms: int = 0


@dataclass(frozen=True)
class ShoutHeard(Event):
    """A seat's "Reach!" (down to one card) or "Bonnu!" (the last card laid), tapped on a phone."""
    type: ClassVar[str] = "shout_heard"
    seat: int
    word: str
    at_ms: int | None = None
    latency_ms: int = 0


@dataclass(frozen=True)
class TimeNoted(Event):
    """The table process's clock passed a moment the referee is waiting for (a shout's grace window,
    a claims window): what was owed by then and not heard is missed."""
    type: ClassVar[str] = "time_noted"
    at_ms: int
