"""Referee bugs the Boonaken simulator (referee/games/boonaken/simulate.py) found, each kept as
the smallest case that showed it."""

from __future__ import annotations

import pytest

from referee.cards import parse_card
from referee.engine import Refusal, apply, can, options
from referee.events import Bid, CardDealt, HandStarted, TableOpened
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


def test_a_set_aside_card_goes_to_no_seat_and_lies_face_down():
    # deal_card read deck "aside" only for centre cards: a card "set aside" into seat 2's hand, or
    # set aside face up, was taken, though no option offers either.
    state = started()
    for event in (CardDealt(2, parse_card("QC"), False, deck="aside"),
                  CardDealt(None, parse_card("KD"), True, deck="aside"), CardDealt(2, None, False, deck="war")):
        with pytest.raises(Refusal, match="set-aside pile|one pack"):
            apply(state, event)
    assert can(state, CardDealt(None, parse_card("QC"), False, deck="aside"))


def test_cards_may_be_entered_until_the_bidding_ends_and_are_offered_until_then():
    # deal_card takes a card until the bidding ends; the host's options stopped at the first bid.
    state = started()
    state, _ = apply(state, Bid(1, "pass"))
    deals = [o for o in options(state, None) if o.action == "deal"]
    assert {o.event.seat for o in deals} == {None, 1, 2, 3, 4}
    assert can(state, deals[-1].fill(card=parse_card("AS")))
