"""No modifier is a no-op in the core: for each of the 25, one situation where the modifier on and off
gives a different trick winner, legal set, leader, order, score, hand or set of active modifiers.
(The detailed tests per modifier are in the other files; this is the one table of all 25.)"""

import pytest

from referee.cards import Card
from referee.games.boneyard import exchanges, flips, order, scoring
from referee.games.boneyard.modifier_ids import CARD_OF, MODIFIER_IDS
from referee.games.boneyard.ranking import Play, Round, legal_fools_gold, legal_plays, trick_winner

C = Card.parse
PARTNER = order.PARTNER
HANDS = {0: (C("9S"), C("TS")), 1: (C("9H"),), 2: (C("9D"),), 3: (C("9C"),)}
BONES = tuple(C(t) for t in "AC QH 9D KD".split())


def cards(text):
    return tuple(C(t) for t in text.split())


def winner(text):
    return lambda r: trick_winner([Play(i, C(t)) for i, t in enumerate(text.split())], r, PARTNER).index


def flipped(modifier):
    """The modifiers a taken card brings beyond its own: Meet Cute, Polycule and Scheme flip bones."""
    return lambda r: flips.resolve(CARD_OF[modifier], BONES).active[1:] if r.on(modifier) else ()


SITUATIONS = {
    "copycats": winner("KS TD QS 9S"),
    "meet-cute": flipped("meet-cute"),
    "golf-club": winner("AS 9S KS QS"),
    "collect-call": lambda r: exchanges.collect_call(HANDS, 0, {1: C("9H"), 2: C("9D"), 3: C("9C")},
                                                     {1: C("9S"), 2: C("9H"), 3: C("9D")}, r)[1]
    if r.on("collect-call") else HANDS[1],
    "grave-robber": lambda r: order.grave_robber_tricks(2, r),
    "sweet-nothings": lambda r: exchanges.sweet_nothings(HANDS, 0, C("9S"), C("9D"), r)[0]
    if r.on("sweet-nothings") else HANDS[0],
    "therapy-club": lambda r: order.revealers(0, r),
    "lucky-penny": lambda r: legal_plays(cards("AS KD 9C"), cards("9S"), r, unseen=C("9C")),
    "party-crasher": lambda r: order.play_order(0, r),
    "polycule": flipped("polycule"),
    "strip-club": lambda r: scoring.queen_point(Play(0, C("QS")), r),
    "fools-gold": lambda r: legal_fools_gold(cards("TC"), cards("9H"), r),
    "shoot-the-moon": lambda r: scoring.round_points(0, r).makers,
    "heartbreaker": lambda r: legal_plays(cards("AS KD"), cards("9S"), r),
    "fight-club": winner("AS 9H KS QS"),
    "square-deal": winner("AS 9S KS QS"),
    "scheme": flipped("scheme"),
    "soul-mate": winner("AH AD KH QH"),
    "club-sandwich": winner("9S AH 9D KS"),
    "mad-genius": winner("TS JK 9D KS"),
    "assassin": winner("9H JK KS QS"),
    "fusion": lambda r: order.next_leaders(1, r),
    "spiked-club": lambda r: scoring.round_points(2, r).defenders,
    "high-stakes": lambda r: scoring.round_points(3, r).makers,
    "dummy": lambda r: (exchanges.controller(2, 0, r), exchanges.hand_face_up(2, 0, r)),
}


def test_the_table_covers_all_25():
    assert sorted(SITUATIONS) == sorted(MODIFIER_IDS)


@pytest.mark.parametrize("modifier", MODIFIER_IDS)
def test_switching_the_modifier_off_changes_the_result(modifier):
    on = Round(None if modifier == "fight-club" else "H", frozenset({modifier}),
               C("AS") if modifier == "copycats" else None)
    situation = SITUATIONS[modifier]
    assert situation(on) != situation(Round("H")), modifier


def test_exchanges_refuse_bad_choices_in_words():
    on = Round("H", frozenset({"collect-call", "sweet-nothings"}))
    with pytest.raises(ValueError, match="does not hold"):
        exchanges.collect_call(HANDS, 0, {1: C("AH"), 2: C("9D"), 3: C("9C")}, {1: C("9S"), 2: C("9H"), 3: C("9D")},
                               on)
    with pytest.raises(ValueError, match="each of seats 1, 2, 3"):
        exchanges.collect_call(HANDS, 0, {1: C("9H")}, {1: C("9S")}, on)
    with pytest.raises(ValueError, match="one card each way"):
        exchanges.sweet_nothings(HANDS, 0, C("9S"), None, on)
    assert exchanges.sweet_nothings(HANDS, 0, None, None, on) == HANDS
    with pytest.raises(ValueError, match="not active"):
        exchanges.sweet_nothings(HANDS, 0, None, None, Round("H"))
    # the Maker may give back a card just taken; every hand keeps its size
    after = exchanges.collect_call(HANDS, 0, {1: C("9H"), 2: C("9D"), 3: C("9C")},
                                   {1: C("9H"), 2: C("9C"), 3: C("9S")}, on)
    assert {s: len(c) for s, c in after.items()} == {s: len(c) for s, c in HANDS.items()}
    assert after[2] == (C("9C"),)
