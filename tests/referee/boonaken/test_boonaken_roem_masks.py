"""best_roem and declarable_totals run on bit masks; combinations() is the general path. Both
must give the same totals for every hand size, trump (or none) and roem setting."""

import random
from itertools import combinations as subsets

import pytest

from referee.cards import Card, parse_cards
from referee.games.boonaken.cards import pack
from referee.games.boonaken.roem import best_roem, combinations, declarable_totals, total
from referee.games.boonaken.settings import BoonakenSettings

PROFILES = [BoonakenSettings(), BoonakenSettings(roem_shared_with_run=False),
            BoonakenSettings(six_run_points=100)]
TRUMPS = ["S", "H", "D", "C", None]


def assert_as_combinations(cards, trump, settings):
    expected = {total(c) for c in combinations(cards, trump, settings)}
    assert best_roem(cards, trump, settings) == max(expected), (cards, trump)
    assert declarable_totals(cards, trump, settings) == tuple(sorted(expected)), (cards, trump)


def long_suit_hands():
    """Every 3 to 8 cards of spades, with the other three jacks and the king and queen of hearts
    now and then: long runs overlapping each other, a four and stuk."""
    spades = [c for c in pack() if c.suit == "S"]
    extra = tuple(parse_cards("JH JD JC KH QH"))
    for size in range(3, 9):
        for i, run in enumerate(subsets(spades, size)):
            yield run + (extra if i % 3 == 0 else extra[3:] if i % 3 == 1 else ())


@pytest.mark.parametrize("settings", PROFILES)
def test_masks_agree_with_combinations_on_long_suits(settings):
    for hand in long_suit_hands():
        for trump in TRUMPS:
            assert_as_combinations(hand, trump, settings)


@pytest.mark.parametrize("settings", PROFILES)
def test_masks_agree_with_combinations_on_random_hands_of_every_size(settings):
    shuffled = random.Random(20)
    for _ in range(600):
        hand = tuple(shuffled.sample(pack(), shuffled.randint(0, 9)))
        for trump in TRUMPS:
            assert_as_combinations(hand, trump, settings)


def test_a_list_or_repeated_cards_count_as_the_hand():
    hand = parse_cards("AS AH AD AC KS QS")
    assert best_roem(list(hand), "S") == best_roem(tuple(hand) + tuple(hand[:3]), "S") == 140
    assert declarable_totals(list(hand), "S") == declarable_totals(tuple(hand), "S")


@pytest.mark.parametrize("card", [Card(6, "S"), Card(0, "")])
def test_a_card_outside_the_pack_is_refused_in_words(card):
    with pytest.raises(ValueError, match="not a card of Boonaken's 32-card pack"):
        best_roem(parse_cards("AS KS QS") + [card], "S")
