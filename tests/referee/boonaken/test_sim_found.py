"""Referee bugs the Boonaken simulator (referee/games/boonaken/simulate.py) found, each kept as
the smallest case that showed it."""

from __future__ import annotations

from referee.cards import parse_card
from referee.engine import apply, can, options
from referee.events import CardDealt, HandStarted, TableOpened
from referee.state import State


def started(seats=(1, 2, 3, 4), settings=None):
    state, _ = apply(State(), TableOpened("boonaken", seats, settings or {}))
    state, _ = apply(state, HandStarted(1, seats[-1]))
    return state


def test_the_host_options_of_a_fresh_deal_offer_the_face_up_centre_cards():
    # The face-up centre option was built as CardDealt(None, None, True), which the event itself
    # refuses (a face-up card names its card): options(state, None) raised ValueError on every deal.
    state = started()
    up = [o for o in options(state, None) if o.action == "deal" and o.event.up]
    assert len(up) == 1 and up[0].needs == ("card",) and up[0].event.seat is None
    assert can(state, up[0].fill(card=parse_card("AS")))
    assert not can(state, CardDealt(1, parse_card("AS"), True))
