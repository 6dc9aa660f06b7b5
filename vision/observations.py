"""Observation events: what the camera saw happen to a card, before any game rule is applied.

The tracker emits these; `vision.adapter` turns them into referee events for the game being
played. Zones are named `seat:N`, `pot`, `trick`, `deck`, `discard` (see `vision.calibration`).
An observation the camera is not sure of (`unconfirmed`) never becomes a referee event by
itself: the host confirms or corrects it first.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

DEALT = "dealt"            # a new card came to rest in a zone
EXPOSED = "exposed"        # a face-down card was turned face up in place
TURNED_DOWN = "turned_down"  # a face-up card was turned face down in place
MOVED = "moved"            # a card went from one zone to another (trades, steals, plays)
REMOVED = "removed"        # a card left the table (fold, muck, sold, discarded)
KINDS = (DEALT, EXPOSED, TURNED_DOWN, MOVED, REMOVED)


@dataclass(frozen=True)
class Observation:
    kind: str
    frame: int                       # the frame at which the tracker decided
    track: int                       # the card's track id
    zone: str | None                 # where the card is now (REMOVED: where it was)
    card: str | None                 # identity code ("TS"); None: face down / unread
    up: bool
    from_zone: str | None = None     # MOVED: where it came from
    confidence: float = 1.0
    unconfirmed: bool = False        # low confidence: the host must confirm or correct
    candidates: tuple[str, ...] = ()  # best guesses, most likely first (unconfirmed only)
    order: int = 0                   # DEALT: deal order across all seats (1, 2, ...)
    placed_frame: int | None = None  # the first frame the card lay still where it was decided

    @property
    def seat(self) -> int | None:
        return seat_of(self.zone)

    @property
    def from_seat(self) -> int | None:
        return seat_of(self.from_zone)

    def confirmed_as(self, card: str | None) -> "Observation":
        """The host's answer to an unconfirmed observation."""
        return replace(self, card=card, unconfirmed=False, confidence=1.0, candidates=())

    def to_json(self) -> dict:
        d = asdict(self)
        d["candidates"] = list(self.candidates)
        d["confidence"] = round(float(self.confidence), 3)
        return d

    def describe(self) -> str:
        what = (self.card or "?") if self.up else ("face-down " + (self.card or "card"))
        where = f"{self.from_zone} -> {self.zone}" if self.kind == MOVED else str(self.zone)
        flag = " (unconfirmed: " + "/".join(self.candidates or ("?",)) + ")" if self.unconfirmed else ""
        return f"{self.kind} {what} @ {where} frame {self.frame}{flag}"


def seat_of(zone: str | None) -> int | None:
    if zone and zone.startswith("seat:"):
        try:
            return int(zone.split(":", 1)[1])
        except ValueError:
            return None
    return None


__all__ = ["Observation", "DEALT", "EXPOSED", "TURNED_DOWN", "MOVED", "REMOVED", "KINDS", "seat_of"]
