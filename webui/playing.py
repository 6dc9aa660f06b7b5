"""Playing-host mode: the host is often a player, so the host console can hide every hole card the
host would not see from their seat.

With the mode on (`POST /api/host/playing {"seat": N}`, kept in the store for the night) the
console's cards come from `engine.view(state, N)`, the same view seat N's phone gets; the host
keeps every host action and sees every decision waiting (their prompts were announced to the
whole table). What the console is sent is then cut down to what seat N may see:
- a picker names a face-down card it may not see by its seat alone ("a face-down card of seat 2"),
  as a phone's picker does; the referee takes a pick by seat;
- an option whose event itself names such a card (a seat's "Turn up the K♥", a random hole-card
  swap, "Show your hole cards" for another seat) is left out and counted: that seat takes it on its
  own phone, or the host leaves the mode for it;
- a camera reading of a card that is not face up shows "a face-down card" (no name, no runner-up
  reads); Confirm still records what the camera read, Correct takes the card the host types;
- and, as a last net, every JSON answer of `/api/host/...` has each such card's code and name
  replaced (`Secrecy.scrub`), so a text added later (an undo line, a refusal, the camera's
  refused events) cannot name one either.
The camera picture itself labels face-down cards "down" (webui/camera.py), so it needs nothing.

"Every card" is the HOST view's cards and every seat's (`every_card`): a game's HOST view may leave
cards out (Bonnu's leaves every hand out, each is its seat's alone). Then the console of a host who
is not playing is cut down the same way to what the HOST view shows (`Secrecy(state, HOST)`): a
seat's option naming its cards is left out (`hidden_left_out`), the seat takes it on its phone.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from referee import engine
from referee.engine import HOST
from referee.events import parse_any_card

from .console import option_key
from .feed import seen_codes

if TYPE_CHECKING:
    from .night import Night

FACE_DOWN = "a face-down card"


def _setting(night: "Night") -> str:
    return f"playing_host:{night.session_id}"


def playing_seat(night: "Night") -> int | None:
    """The seat the host plays at tonight, or None (the console sees every card)."""
    if night.session_id is None:
        return None
    value = night.setting(_setting(night))
    return int(value) if value else None


def set_playing(night: "Night", seat: int | None) -> None:
    night.put_setting(_setting(night), "" if seat is None else str(seat))


def host_seen(state, seat: int) -> dict:
    """The console's view when the host plays at `seat`: that seat's cards, every decision waiting."""
    return {**engine.view(state, seat), "pending": engine.view(state, HOST)["pending"]}


def every_card(state) -> set[str]:
    """The codes of every card some view shows now: the HOST view's and each seat's. A game's HOST
    view need not hold every card (Bonnu's leaves every hand out: it is each seat's alone)."""
    return seen_codes(engine.view(state, HOST)).union(*(seen_codes(engine.view(state, s)) for s in state.seats))


class Secrecy:
    """The cards `seat` (a seat, or HOST for the console of a host who is not playing) may not see
    now (codes and the names people read) and how to hide them."""

    def __init__(self, state, seat) -> None:
        self.state, self.seat = state, seat
        # every game's cards, as the feed counts them (the community cards are the same in all)
        self.visible = seen_codes(engine.view(state, seat))
        self.hidden = every_card(state) - self.visible
        # a card in a text, by the name people read or by its code (an undo line's raw event), as a
        # whole word: Bonnu's "red 5" is no card in "measured 5 s ago", nor "black:2" in "black:21"
        words = sorted({parse_any_card(code).pretty for code in self.hidden} | self.hidden, key=len, reverse=True)
        self._names = re.compile("(?:[Tt]he )?(?<!\\w)(?:" + "|".join(map(re.escape, words)) + ")(?![\\w:])") \
            if words else None

    @functools.cached_property
    def _events(self) -> dict[str, dict]:
        """Each option's event (as JSON) by its key, for every seat and the host."""
        return {option_key(o): o.event.to_json() for s in (None, *self.state.seats) for o in engine.options(self.state, s)}

    def event_of(self, shown: dict) -> dict:
        """The event (as JSON) behind an option the console was given by its key: what it would
        send names the cards, even where its label does not."""
        return self._events.get(shown.get("key"), shown["post"])

    def refuses(self, option) -> str | None:
        """Why a playing host may not take `option` (its event names a card they may not see)."""
        if not self.names_hidden(option.event.to_json()):
            return None
        if self.seat == HOST:
            return "that action names a card of a hand the host may not see: the seat takes it on its own phone"
        return ("that action names a card you may not see while you play at seat "
                f"{self.seat}: the seat takes it on its own phone, or stop playing to enter it")

    def names_hidden(self, value: Any) -> bool:
        """Whether a JSON value names a hidden card by its code."""
        if isinstance(value, str):
            return value in self.hidden
        if isinstance(value, dict):
            return any(self.names_hidden(v) for v in value.values())
        if isinstance(value, list):
            return any(self.names_hidden(v) for v in value)
        return False

    def scrub(self, value: Any) -> Any:
        """A JSON value with every hidden card unnamed: a code alone becomes null, a name in a
        text "a face-down card", and a camera reading of a card not face up loses its reads."""
        if isinstance(value, str):
            if value in self.hidden:
                return None
            return self._names.sub(FACE_DOWN, value) if self._names else value
        if isinstance(value, list):
            return [self.scrub(v) for v in value]
        if isinstance(value, dict):
            if _is_reading(value) and value.get("up") is not True and value.get("card") not in self.visible:
                where = f" at seat {value['seat']}" if value.get("seat") else ""
                value = {**value, "card": None, "candidates": [], "text": f"{value.get('kind')}: {FACE_DOWN}{where}"}
            # a picker's `pack` is the deck's fixed list (every identity, or those of one number),
            # whoever holds what: unnamed there, a hidden hand's cards were nulls that the host's
            # console failed to draw, and whose places told the host which cards the hand held
            return {k: v if k == "pack" else self.scrub(v) for k, v in value.items()}
        return value

    def options(self, options: list[dict]) -> tuple[list[dict], int]:
        """The console's options as the playing host may see them, and how many were left out
        (their events name a card the host may not see)."""
        kept = [o for o in options if not self.names_hidden(self.event_of(o))]
        for o in kept:
            picks = {}
            for p in o["picks"]:
                if p["card"] in self.hidden:
                    p = {"seat": p["seat"], "card": None, "label": f"{FACE_DOWN} of seat {p['seat']}"}
                picks.setdefault((p["seat"], p["card"]), p)
            o["picks"] = list(picks.values())
        return kept, len(options) - len(kept)


def _is_reading(value: dict) -> bool:
    return {"kind", "card", "candidates"} <= value.keys()


def mask_host_state(view: dict, state, seat: int | None) -> dict:
    """The host console's state (views.host_state) for a host playing at `seat`, or (None) for a
    host who is not playing: then only what the HOST view itself hides is cut (Bonnu's hands: the
    seats' options that name them are left out, their seats take them on their phones)."""
    secrecy = Secrecy(state, HOST if seat is None else seat)
    if seat is None and not secrecy.hidden:      # the usual case: the host view holds every card
        return view
    view["options"], left_out = secrecy.options(view["options"])
    for s, opts in view["seat_options"].items():
        view["seat_options"][s], more = secrecy.options(opts)
        left_out += more
    view["playing_left_out" if seat is not None else "hidden_left_out"] = left_out
    return secrecy.scrub(view)


__all__ = ["FACE_DOWN", "Secrecy", "every_card", "host_seen", "mask_host_state", "playing_seat", "set_playing"]
