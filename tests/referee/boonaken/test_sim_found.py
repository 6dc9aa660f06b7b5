"""Referee bugs the Boonaken simulator (referee/games/boonaken/simulate.py) found, each kept as
the smallest case that showed it."""

from __future__ import annotations

import pytest

from referee.cards import parse_card, parse_cards
from referee.engine import Refusal, apply, can, options, view
from referee.events import Bid, CardDealt, CardDiscarded, HandShown, HandStarted, TableOpened
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


def test_an_open_boonaak_lays_the_hand_open_but_not_its_discards():
    # sees_hand() let every viewer see the open declarer's seat whole, the face-down discards too.
    state, _ = apply(State(), TableOpened("boonaken", (1, 2, 3, 4), {"open_boonaak": True}))
    hands = {1: "AH KH QH JH TH 9H", 2: "8H 7H 9C TC JC QC", 3: "AS KS QS JS 7D 8D", 4: "TS 9S 8S 7S 9D TD"}
    events = [HandStarted(1, 4)] + [CardDealt(s, c, False) for s, cards in hands.items() for c in parse_cards(cards)]
    events += [CardDealt(None, c, False) for c in parse_cards("KC AC")]
    events += [CardDealt(None, c, True) for c in parse_cards("AD KD")]
    events += [Bid(1, "open boonaak"), Bid(2, "pass"), Bid(3, "pass"), Bid(4, "pass")]
    events += [CardDiscarded(1, c) for c in parse_cards("KC AC AD KD")]
    for e in events:
        state, _ = apply(state, e)
    state, _ = apply(state, HandShown(1, parse_cards("AH KH QH JH TH 9H")))
    for viewer in (None, 2, 3, 4):
        seat_1 = view(state, viewer)["boonaken"]["seats"][0]
        assert seat_1["cards"] == ["AH", "KH", "QH", "JH", "TH", "9H"]
        assert "discards" not in seat_1
    assert view(state, 1)["boonaken"]["seats"][0]["discards"] == ["KC", "AC", "AD", "KD"]
