"""The host console's actions without raw event JSON: an option named by a stable key, its blanks
filled from the request; a whole street of cards in one go; a card corrected by hand.

An option's key is a digest of what it would send (its action, seat, label, event and decision),
so the same button means the same thing for as long as the referee offers it; once the table has
moved on and the referee no longer offers it, its key finds nothing (a 409 in words), never another
option. Everything goes through `Night.submit`, so the referee judges it and a double tap (the same
Idempotency-Key) is recorded once.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json

from referee import engine
from referee.events import (CardCorrected, CardDiscarded, CardExposed, CardMoved, CardsSwapped, CardTurnedDown,
                            Event)
from referee.options import Option

from .security import ApiError, bad, card_field, field, stake_field

KEY_LENGTH = 12
CORRECTIONS = ("identity", "turn_up", "turn_down", "move", "swap", "discard")


def option_key(option: Option) -> str:
    """A short, stable name for `option`: the same option in the same table gets the same key."""
    what = [option.action, option.seat, option.label, option.event.to_json(), option.decision]
    return hashlib.sha1(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()[:KEY_LENGTH]


def find_option(state, seat: int | None, key: str) -> Option:
    """The option `key` names among `seat`'s options now (None: the host's own)."""
    if not (isinstance(key, str) and len(key) == KEY_LENGTH and all(c in "0123456789abcdef" for c in key)):
        raise bad(f"field 'option' must be an option key from the console ({KEY_LENGTH} hex digits)")
    found = next((o for o in engine.options(state, seat) if option_key(o) == key), None)
    if found is None:
        who = "the host" if seat is None else f"seat {seat}"
        raise ApiError(409, f"that option is no longer offered to {who} (the table has moved on): "
                            f"reload the console and choose again")
    return found


def _target(option: Option, data: dict):
    """(seat, card) the option points at, checked against the referee's targets for it. A card the
    seat may not see is offered by its seat alone (card None); the host, who sees it, may name it."""
    seat = field(data, "target_seat", "int", lo=1, hi=99)
    card = card_field(data, "card", required=False)
    if option.targets and (seat, card) not in option.targets and (seat, None) not in option.targets:
        allowed = ", ".join(f"seat {s}'s {c.pretty}" if c else f"a face-down card of seat {s}" for s, c in option.targets)
        what = f"seat {seat}'s {card.pretty}" if card else f"a card of seat {seat}"
        raise ApiError(409, f"{option.label}: {what} is not one it may name (it may name {allowed})")
    return seat, card


def fill(option: Option, data: dict, seats: tuple[int, ...]) -> Event:
    """The option's event with what it `needs` taken from the request, each field checked."""
    event = option.event
    if "target" in option.needs:
        seat, card = _target(option, data)
        event = dataclasses.replace(event, target_seat=seat, card=card)
    if "card" in option.needs:
        # a face-down card dealt or discarded may stay unnamed: nobody need look at it
        unnamed_ok = option.action in ("deal", "discard") and not getattr(option.event, "up", False)
        card = card_field(data, "card", required=not unnamed_ok)
        event = _with(event, card=card)
    if "cards" in option.needs:
        named = field(data, "cards", "list")
        if not 1 <= len(named) <= 12:
            raise bad("field 'cards' must name 1 to 12 cards")
        event = _with(event, cards=tuple(card_field({"card": c}, "card", required=True) for c in named))
    if "amount" in option.needs:
        event = _with(event, amount=stake_field(data))
    if option.action == "start":
        # the host may deal from another seat than the one the referee expects
        dealer = field(data, "dealer", "int", required=False, choices=seats)
        if dealer is not None:
            event = _with(event, dealer=dealer)
    return event


def _with(event: Event, **changes) -> Event:
    """`dataclasses.replace`, refusing in words what the event itself refuses (a face-up deal with no card)."""
    try:
        return dataclasses.replace(event, **changes)
    except ValueError as exc:
        raise bad(str(exc)) from None


def deal_option(state, seat: int) -> Option | None:
    """The card the dealer may deal `seat` now (its street's face, or the war deck's), if any."""
    return next((o for o in engine.options(state, None) if o.action == "deal" and o.event.seat == seat), None)


def correction(data: dict, seats: tuple[int, ...]) -> Event:
    """The event for "correct this card": the host fixes the table by hand with a reason everyone hears."""
    what = field(data, "what", "str", choices=CORRECTIONS)
    seat = field(data, "seat", "int", choices=seats)
    card = card_field(data, "card", required=what not in ("identity", "swap", "discard"))
    reason = field(data, "reason", "str", max_len=200)
    if not reason:
        raise bad("say why (field 'reason'): everyone hears the correction and its reason")
    if what == "identity":
        to = card_field(data, "to", required=True)
        if to == card:
            raise bad("field 'to' must be another card than the one corrected")
        return CardCorrected(seat, card, to, reason)
    if what == "turn_up":
        return CardExposed(seat, card, correction=reason)
    if what == "turn_down":
        return CardTurnedDown(seat, card, correction=reason)
    if what == "discard":
        return CardDiscarded(seat, card, correction=reason)
    other = field(data, "to_seat", "int", choices=tuple(s for s in seats if s != seat))
    if what == "move":
        return CardMoved(seat, card, other, correction=reason)
    return CardsSwapped(seat, card, other, card_field(data, "with_card", required=False), correction=reason)
