"""Referee bugs the Boonaken simulator (referee/games/boonaken/simulate.py) found, each kept as
the smallest case that showed it."""

from __future__ import annotations

import pytest

from referee.cards import parse_card, parse_cards
from referee.engine import Refusal, apply, can, options, view
from referee.events import Bid, CardDealt, CardDiscarded, CardPlayed, HandShown, HandStarted, TableOpened
from referee.games.boonaken.events import RoemChallenged, RoemDeclared, TrumpNamed
from referee.games.boonaken.roem_calls import cards_owed
from referee.state import State


def started(seats=(1, 2, 3, 4), settings=None, dealer=None):
    state, _ = apply(State(), TableOpened("boonaken", seats, settings or {}))
    state, _ = apply(state, HandStarted(1, dealer or seats[-1]))
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


def test_a_revoke_seen_as_it_lands_does_not_show_the_cards_still_held():
    # Seat 2's hand is named (9♥ 8♥ 7♥ 9♣ 10♣ J♣); hearts are trump and led; seat 2 plays 9♣.
    hands = {1: "KH QH JH TH 7C 8C", 2: "9H 8H 7H 9C TC JC", 3: "AS KS QS JS 7D 8D", 4: "AH 9S 8S 7S 9D TD"}
    state = started(dealer=4)
    events = [CardDealt(s, c, False) for s, cards in hands.items() for c in parse_cards(cards)]
    events += [CardDealt(None, c, False) for c in parse_cards("QC KC")]
    events += [CardDealt(None, c, True) for c in parse_cards("AC AD")]
    events += [Bid(1, "75"), Bid(2, "pass"), Bid(3, "pass"), Bid(4, "pass")]
    events += [CardDiscarded(1, c) for c in parse_cards("7C 8C QC KC")]
    events += [TrumpNamed(1, "H"), CardPlayed(1, parse_card("KH")), CardPlayed(2, parse_card("9C"))]
    for e in events:
        state, _ = apply(state, e)
    assert state.hand.revokes                                  # 9♥ 8♥ 7♥ are still in seat 2's hand
    assert "9♥" not in view(state, 3)["boonaken"]["revokes"][0]["reason"]


def _roem_deal(*claims):
    """Seat 1 bids 75 with K-Q-J-10 of hearts (roem 20, 50 or 70) and names hearts; every hand is
    named; then `claims` (roem events) and the first trick, which seat 2's 9♥ wins."""
    hands = {1: "KH QH JH TH 7C 8C", 2: "9H 8H 7H 9C TC JC", 3: "AS KS QS JS 7D 8D", 4: "AH 9S 8S 7S 9D TD"}
    state = started(dealer=4)
    events = [CardDealt(s, c, False) for s, cards in hands.items() for c in parse_cards(cards)]
    events += [CardDealt(None, c, False) for c in parse_cards("QC KC")]
    events += [CardDealt(None, c, True) for c in parse_cards("AC AD")]
    events += [Bid(1, "75"), Bid(2, "pass"), Bid(3, "pass"), Bid(4, "pass")]
    events += [CardDiscarded(1, c) for c in parse_cards("7C 8C QC KC")] + [TrumpNamed(1, "H")]
    events += [*claims] + [CardPlayed(s, parse_card(c)) for s, c in ((1, "KH"), (2, "9H"), (3, "7D"), (4, "AH"))]
    for e in events:
        state, _ = apply(state, e)
    return state


def test_a_seat_owing_a_roem_card_for_roem_it_does_not_hold_may_still_name_one():
    # Seat 1 (hand known) claimed 30, which it does not hold; seat 2 challenged with an equal 30.
    # Both owe their highest roem card, but a known hand without such roem was offered no card to
    # name, and the deal could not go on (the simulator stuck here). Any card of its own is a claim
    # the referee checks at the end (false roem).
    state = _roem_deal(RoemDeclared(1, 30), RoemChallenged(2, 30))
    assert cards_owed(state.hand) == (1, 2)
    for seat in (1, 2):
        names = [o for o in options(state, seat) if o.action == "roem_card"]
        assert names and all(can(state, o.event) for o in names)


def test_ten_roem_is_refused_as_no_roem_is_worth_it():
    # The options offer roem from 20 (a run of three, or stuk); the referee took a declared 10.
    state, _ = apply(started(dealer=4), Bid(1, "75"))     # no card named: any roem from 20 is offered
    for s in (2, 3, 4):
        state, _ = apply(state, Bid(s, "pass"))
    state, _ = apply(state, TrumpNamed(1, "H"))
    for c in ("7C", "8C", "QC", "KC"):
        state, _ = apply(state, CardDiscarded(1, parse_card(c)))
    assert state.hand.roem_open and [o.event.amount for o in options(state, 1) if o.action == "roem"][0] == 20
    with pytest.raises(Refusal, match="the least is 20"):
        apply(state, RoemDeclared(1, 10))
    assert can(state, RoemDeclared(1, 20))


def test_a_card_the_next_misere_bidder_took_is_not_discarded_for_good():
    # Seat 1 discards the A♣ it took from the centre; seat 2 takes seat 1's discards and puts four
    # down unseen, so it may or may not still hold the A♣. It plays it: where() called the card
    # "discarded" because it lay among seat 1's discards, which seat 2 had taken.
    state = started(dealer=4)
    events = [CardDealt(None, c, True) for c in parse_cards("AC AD")]
    events += [Bid(1, "misère"), Bid(2, "misère"), Bid(3, "pass"), Bid(4, "pass")]
    events += [CardDiscarded(1, parse_card("AC"))] + [CardDiscarded(1, None)] * 3 + [CardDiscarded(2, None)] * 4
    events += [CardPlayed(1, parse_card("7C"))]
    for e in events:
        state, _ = apply(state, e)
    assert state.hand.where(parse_card("AC")) is None
    assert can(state, CardPlayed(2, parse_card("AC")))
