"""What the host console reads about the camera, in words: where a card lies ("Ann's place", "the
pot"), what the camera saw ("the 7♥ dealt at Ben's place, frame 20"), the events it sent and the
referee's refusals with names for seats, never a dump like `card_dealt(seat=2, ...)` or `seat:2`.

The camera service builds its JSON from these (webui/camera.py); every field keeps its meaning and
the referee's or the camera's own words stay beside it as `raw_*` for whoever debugs it. Cards the
console's viewer may not see (a playing host: webui/playing.py) are left unnamed here as well as
scrubbed from every host answer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable

from referee import engine
from referee.engine import Refusal
from referee.events import Event, parse_any_card

from .feed import names_of, seen_codes
from .playing import playing_seat
from .wording import event_text, named, sentence

if TYPE_CHECKING:
    from .night import Night

# "seat:2" as the camera and the adapter write a seat's zone
_ZONE = re.compile(r"\bseat:(\d+)\b")
_PLACES = {"pot": "the pot", "trick": "the trick", "deck": "the deck", "discard": "the discards"}
_SEEN = {"dealt": "dealt at", "exposed": "turned up at", "turned_down": "turned down at", "moved": "moved to",
         "removed": "taken from"}


class ConsoleWords:
    """The names of tonight's seats and the cards the console may name, read once per answer."""

    def __init__(self, names: dict[int, str], seen: set[str] | None) -> None:
        self.names, self.seen = names, seen

    @classmethod
    def of(cls, night: "Night") -> "ConsoleWords":
        """For the host console of `night` now (call with the camera's lock, never the other way round)."""
        with night.lock:
            if night.table is None:
                return cls({}, None)
            seat = playing_seat(night)
            seen = None if seat is None else seen_codes(engine.view(night.table.state, seat))
            return cls(names_of(night), seen)

    def place(self, zone: str | None) -> str:
        """A zone as people say it: "Ann's place", "the pot"; an unknown one as it is."""
        if not zone:
            return "somewhere on the table"
        m = _ZONE.fullmatch(zone)
        if m:
            return f"{self.names.get(int(m.group(1)), 'seat ' + m.group(1))}'s place"
        return _PLACES.get(zone, zone)

    def said(self, text: str) -> str:
        """The referee's or the adapter's words with names for seats and places for zones."""
        return named(_ZONE.sub(lambda m: self.place(m.group(0)), text or ""), self.names)

    def card(self, code: str | None, up: bool) -> str:
        """A card the camera saw: named when face up (or read and seen), else "a face-down card"."""
        if not code:
            return "a card it could not read" if up else "a face-down card"
        if not up and (self.seen is not None and code not in self.seen):
            return "a face-down card"
        pretty = parse_any_card(code).pretty
        return f"the {pretty}" if up else f"a face-down card (the {pretty})"

    def observation(self, o: dict) -> str:
        """What the camera saw, from an observation's JSON: "the 7♥ dealt at Ben's place (frame 20)"."""
        doing = _SEEN.get(o.get("kind"), str(o.get("kind", "")).replace("_", " "))
        where = self.place(o.get("zone"))
        if o.get("kind") == "moved":
            where = f"{where} from {self.place(o.get('from_zone'))}"
        return sentence(f"{self.card(o.get('card'), bool(o.get('up')))} {doing} {where} (frame {o.get('frame')})")

    def told(self, event: Event) -> str:
        """An event in words, within a sentence: "the 7♥ dealt face up to Ben on fourth street"."""
        return event_text(event, self.names, self.seen)

    def event(self, event: Event) -> str:
        """An event in words, standing alone (a capital first)."""
        return sentence(self.told(event))

    def refused(self, pairs: Iterable[tuple[Event, str]]) -> list[dict]:
        """The camera's refused events: each in words with the referee's refusal named."""
        return [{"event": self.event(e), "raw_event": e.describe(), "why": self.said(why), "raw_why": why}
                for e, why in pairs]


def held_json(held: dict, events: tuple, words: ConsoleWords) -> dict:
    """A held observation (vision.holding's JSON) as the console shows it."""
    return {**held, "text": words.observation(held), "raw_text": held.get("text", ""), "where": words.place(held.get("zone")),
            "why": words.said(held.get("why", "")), "raw_why": held.get("why", ""),
            "events": [words.event(e) for e in events]}


def reading_json(reading: dict, words: ConsoleWords) -> dict:
    """A camera reading waiting for the host, with `text` and `why` in words and `where` the place."""
    return {**reading, "text": words.observation(reading), "raw_text": reading.get("text", ""),
            "where": words.place(reading.get("zone")), "why": words.said(reading.get("why", "")),
            "raw_why": reading.get("why", "")}


def undo_refusal(exc: Refusal, log: tuple, names: dict[int, str]) -> str:
    """The referee's "cannot undo event 3 (card_dealt(seat=1, ...)): event 5 (...) depends on it: ..."
    told with the events in words. Only the host undoes, so every card may be named (a playing
    host's answers are scrubbed of the cards their seat may not see, webui/playing.py)."""
    text = str(exc)
    m = re.match(r"cannot undo event (\d+) \(", text)
    target = int(m.group(1)) if m else 0
    if not 1 <= target <= len(log):
        return named(text, names)
    head = f"cannot undo event {target} ({log[target - 1].describe()}): event "
    dep = re.match(r"(\d+) \(", text[len(head):]) if text.startswith(head) else None
    if dep is None or not 1 <= int(dep.group(1)) <= len(log):
        return named(text, names)
    seq = int(dep.group(1))
    tail = f"{seq} ({log[seq - 1].describe()}) depends on it: "
    rest = text[len(head):]
    if not rest.startswith(tail):
        return named(text, names)
    why = rest[len(tail):]
    return (f"cannot undo event {target} ({event_text(log[target - 1], names)}): event {seq} "
            f"({event_text(log[seq - 1], names)}) depends on it: {named(why, names)}")


__all__ = ["ConsoleWords", "held_json", "reading_json", "undo_refusal"]
