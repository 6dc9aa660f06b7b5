"""Plain Boneyard euchre (no modifier active): the pack, the trump order benny > right > left >
A K Q 10 9, the left bower and the benny following trump, legality and trick winners."""

import pytest

from referee.cards import JOKER, Card
from referee.games.boneyard.cards import LEFT_BOWER_SUIT, PACK, same_colour
from referee.games.boneyard.ranking import (Play, Round, effective, led_suit, legal_plays, plain_round,
                                            suit_order, trick_winner)

C = Card.parse
PARTNER = {0: 2, 2: 0, 1: 3, 3: 1}
HEARTS = plain_round("H")


def cards(text):
    return tuple(C(t) for t in text.split())


def plays(text, first_seat=0):
    return [Play((first_seat + i) % 4, C(t)) for i, t in enumerate(text.split())]


def test_pack_is_25_cards_nine_to_ace_and_the_joker():
    assert len(PACK) == len(set(PACK)) == 25
    assert JOKER in PACK
    assert {c.rank for c in PACK if not c.is_joker} == {9, 10, 11, 12, 13, 14}


def test_same_colour_pairs():
    assert same_colour("S") == "C" and same_colour("C") == "S"
    assert same_colour("H") == "D" and same_colour("D") == "H"
    assert LEFT_BOWER_SUIT["H"] == "D"
    with pytest.raises(ValueError, match="no suit"):
        same_colour("X")


def test_trump_order_benny_right_left_then_a_k_q_10_9():
    order = [JOKER, C("JH"), C("JD"), C("AH"), C("KH"), C("QH"), C("TH"), C("9H")]
    ranks = [effective(c, HEARTS).rank for c in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    assert all(effective(c, HEARTS).suit == "H" for c in order)
    assert all(effective(c, HEARTS).why == () for c in order)


def test_every_trump_beats_every_plain_card():
    lowest_trump = effective(C("9H"), HEARTS)
    for card in PACK:
        e = effective(card, HEARTS)
        if e.suit != "H":
            assert e.rank < lowest_trump.rank


def test_plain_suits_rank_a_k_q_j_10_9_and_the_left_bower_leaves_its_suit():
    ranks = [effective(C(t), HEARTS).rank for t in "AS KS QS JS TS 9S".split()]
    assert ranks == sorted(ranks, reverse=True)
    assert effective(C("JD"), HEARTS).suit == "H"          # the left bower is a heart
    diamonds = [c for c in PACK if effective(c, HEARTS).suit == "D"]
    assert len(diamonds) == 5 and C("JD") not in diamonds
    trumps = [c for c in PACK if effective(c, HEARTS).suit == "H"]
    assert len(trumps) == 8


def test_left_bower_must_follow_a_trump_lead():
    hand = cards("JD AD KS")
    assert legal_plays(hand, cards("9H"), HEARTS) == (C("JD"),)


def test_left_bower_does_not_follow_its_printed_suit():
    hand = cards("JD KS")
    assert legal_plays(hand, cards("AD"), HEARTS) == hand   # void in diamonds: anything


def test_benny_must_follow_a_trump_lead_and_is_not_a_plain_card():
    assert legal_plays((JOKER, C("AS")), cards("9H"), HEARTS) == (JOKER,)
    assert legal_plays((JOKER, C("AS")), cards("KS"), HEARTS) == (C("AS"),)
    assert legal_plays((JOKER, C("AD")), cards("KS"), HEARTS) == (JOKER, C("AD"))


def test_benny_led_calls_for_trump():
    assert led_suit([JOKER], HEARTS) == "H"
    assert legal_plays(cards("JD 9S"), [JOKER], HEARTS) == (C("JD"),)


def test_lead_is_free_and_following_is_by_suit():
    hand = cards("AS 9S KD")
    assert legal_plays(hand, (), HEARTS) == hand
    assert legal_plays(hand, cards("QS"), HEARTS) == cards("AS 9S")


def test_highest_of_led_suit_wins_without_trump():
    r = trick_winner(plays("KS AS 9S QD"), HEARTS, PARTNER)
    assert r.index == 1 and r.why == ()
    assert "seat 1" in r.text and "A♠" in r.text


def test_off_suit_ace_cannot_win():
    assert trick_winner(plays("9S AD AC TS"), HEARTS, PARTNER).index == 3


def test_lowest_trump_beats_led_ace():
    r = trick_winner(plays("AS 9H KS QS"), HEARTS, PARTNER)
    assert r.index == 1 and "trumps" in r.text


def test_benny_led_wins_and_benny_trumping_wins():
    assert trick_winner(plays("JK JH JD AH"), HEARTS, PARTNER).index == 0
    r = trick_winner(plays("AS KS JK QS"), HEARTS, PARTNER)
    assert r.index == 2 and "benny" in r.text


def test_right_bower_beats_left_bower_beats_ace_of_trumps():
    assert trick_winner(plays("AH JD JH 9H"), HEARTS, PARTNER).index == 2
    assert trick_winner(plays("AH JD KH 9H"), HEARTS, PARTNER).index == 1


def test_round_refuses_bad_trump():
    with pytest.raises(ValueError, match="trump"):
        Round("X")
    with pytest.raises(ValueError, match="trump"):
        Round("")
    with pytest.raises(ValueError, match="trump"):
        Round("SH")


def test_empty_trick_has_no_winner():
    with pytest.raises(ValueError, match="no cards"):
        trick_winner([], HEARTS, PARTNER)


def test_a_card_outside_the_pack_is_refused_in_words():
    with pytest.raises(ValueError, match="not in the Boneyard euchre pack"):
        effective(C("8S"), HEARTS)


def test_suit_order_for_the_phones():
    assert suit_order("H", HEARTS) == cards("JK JH JD AH KH QH TH 9H")
    assert suit_order("D", HEARTS) == cards("AD KD QD TD 9D")
    golf = Round("H", frozenset({"golf-club", "soul-mate"}))
    assert suit_order("H", golf) == cards("JK JH JD 9H TH QH KH AD AH")
