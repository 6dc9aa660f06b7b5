"""The Bonnu deck: 110 cards, 60 identities, colour-or-number matching, values and totals, the
opening draw, and the deck check the simulator counts cards with."""

from collections import Counter

import pytest

from referee.cards import BonnuCard, CardError
from referee.games.bonnu.deck import (DECK, card, cards, hand_total, matches, missing_or_extra, opening_leaders,
                                      playable, value)


def test_the_deck_is_110_cards_of_60_faces_two_of_each_0_to_9_one_minus_one_and_one_21_per_colour():
    assert len(DECK) == 110 and len(set(DECK)) == 110
    faces = Counter((c.colour, c.value) for c in DECK)
    assert len(faces) == 60
    for (colour, number), n in faces.items():
        assert n == (1 if number in (-1, 21) else 2), (colour, number)
    assert Counter(c.colour for c in DECK) == {c: 22 for c in ("red", "blue", "yellow", "white", "black")}


def test_cards_read_from_codes_and_refuse_bad_ones_in_words():
    assert cards("red:7, blue:-1 white:3#1") == (BonnuCard("red", 7), BonnuCard("blue", -1), BonnuCard("white", 3, 1))
    assert card(BonnuCard("black", 21)) == BonnuCard("black", 21)
    with pytest.raises(CardError, match="no Bonnu colour 'green'"):
        card("green:3")
    with pytest.raises(CardError, match="no Bonnu value 10"):
        card("red:10")
    with pytest.raises(CardError, match="has no copy 1"):
        card("red:21#1")


@pytest.mark.parametrize("played, top, ok", [
    ("red:3", "red:9", True),      # colour
    ("blue:9", "red:9", True),     # number
    ("blue:-1", "red:-1", True),   # -1 is a number like any
    ("white:21", "black:21", True),
    ("blue:1", "red:-1", False),   # -1 is not 1
    ("yellow:2", "white:21", False),  # 21 is not 2 or 1
    ("yellow:7", "white:7#1", True),
    ("black:6", "blue:9", False),
])
def test_a_card_matches_by_colour_or_number_only(played, top, ok):
    assert matches(card(played), card(top)) is ok


def test_anything_leads_an_empty_pile_and_playable_keeps_hand_order():
    hand = cards("red:1 blue:9 yellow:4 red:21")
    assert playable(hand, None) == hand
    assert playable(hand, card("red:9")) == cards("red:1 blue:9 red:21")
    assert playable(hand, card("white:5")) == ()


def test_values_and_totals_count_minus_one_as_minus_one_and_21_as_21():
    assert value(card("red:-1")) == -1 and value(card("red:21")) == 21 and value(card("red:0")) == 0
    assert hand_total(cards("red:7 blue:-1 black:-1")) == 5
    assert hand_total(cards("red:21 blue:21 white:9")) == 51
    assert hand_total(()) == 0


def test_the_opening_draw_names_the_highest_number_21_over_9_and_every_tied_seat():
    assert opening_leaders({0: card("red:9"), 1: card("blue:21"), 2: card("red:-1")}) == (1,)
    assert opening_leaders({3: card("red:8"), 1: card("blue:8"), 2: card("red:2")}) == (1, 3)
    assert opening_leaders({0: card("red:-1"), 1: card("blue:-1")}) == (0, 1)
    with pytest.raises(ValueError, match="at least one card"):
        opening_leaders({})


def test_the_deck_check_names_what_is_missing_and_what_is_doubled():
    assert missing_or_extra(DECK) is None
    assert missing_or_extra(reversed(DECK)) is None
    short = [c for c in DECK if c != card("red:5#1")]
    assert missing_or_extra(short) == "1 missing (red:5#1)"
    assert missing_or_extra(list(DECK) + [card("blue:21")]) == "doubled: blue:21 x2"

