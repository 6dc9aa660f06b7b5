"""What the dashboard says, in words a table uses: names instead of seat numbers, events told as
sentences ("the 4♥ dealt to Ann on fifth street"), each card the viewer may not see left unnamed.

The referee speaks of seats ("seat 3: pay $2.50 or fold"); the night knows who sits where. Every
text a phone or the host console shows goes through here, so a name is put in one place.
"""

from __future__ import annotations

import dataclasses
import re

from referee.cards import BonnuCard, Card
from referee.events import Event
from referee.state import evolve

_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def named(text: str, names: dict[int, str]) -> str:
    """`text` with each "seat N" of a seated player written as their name."""
    return _SEAT.sub(lambda m: names.get(int(m.group(2)), m.group(0)), text)


def event_text(event: Event, names: dict[int, str], seen: set[str] | None = None) -> str:
    """`event` in words; with `seen`, each card whose code is not in it is written "?"."""
    if seen is not None:
        def mask(value):
            if isinstance(value, (Card, BonnuCard)):
                return value if value.code in seen else "?"
            if isinstance(value, tuple) and any(isinstance(v, (Card, BonnuCard)) for v in value):
                return tuple(mask(v) for v in value)
            return value
        event = evolve(event, **{f.name: mask(getattr(event, f.name)) for f in dataclasses.fields(event)})
    return named(event.describe(), names)
