"""Unit tests for referee.poker.evaluator: categories, kickers, wilds, derived / void / combined cards,
No Copies, named top hands, reporting and input errors."""

from __future__ import annotations

import pytest

from referee.cards import JOKER, Card, parse_card, parse_cards
from referee.poker.evaluator import (Category, HandValue, Played, TopHand, Unit, combined, derived, evaluate, natural,
                               played, suitless, void, wild, with_extra)
from referee.poker.evaluator_core import Pool, solve

C = parse_card
SUITS = "SHDC"


def ev(text, **kw):
    return evaluate(parse_cards(text), **kw)


def codes(value):
    return [p.code for p in value.cards]


def as_map(value):
    return {c.code: p.code for c, p in value.plays_as.items()}


def aces_or_red6(card):
    return derived(card, [card, "6H", "6D"])


def black6_or_ace(card):
    return derived(card, [card] + [Card(14, s) for s in SUITS])


# ------------------------------------------------------------------ categories and names
@pytest.mark.parametrize("text, category, key, name", [
    ("AS KD 9H 5C 3S", Category.HIGH_CARD, (0, 14, 13, 9, 5, 3), "High card, Ace"),
    ("7S 7D KH 5C 3S", Category.PAIR, (1, 7, 13, 5, 3), "Pair of 7s"),
    ("KS KD 7H 7C 3S", Category.TWO_PAIR, (2, 13, 7, 3), "Two pair, Kings and 7s"),
    ("9S 9D 9H AC 3S", Category.THREE_OF_A_KIND, (3, 9, 14, 3), "Three of a kind, 9s"),
    ("AS 2D 3H 4C 5S", Category.STRAIGHT, (4, 5), "Straight, 5 high"),
    ("TS JD QH KC AS", Category.STRAIGHT, (4, 14), "Straight, Ace high"),
    ("2H 9H JH 4H KH", Category.FLUSH, (5, 13, 11, 9, 4, 2), "Flush, King high"),
    ("2S 2H 2D 5S 5H", Category.FULL_HOUSE, (6, 2, 5), "Full house, 2s full of 5s"),
    ("QS QH QD QC 3H", Category.FOUR_OF_A_KIND, (7, 12, 3), "Four of a kind, Queens"),
    ("2H 3H 4H 5H 6H", Category.STRAIGHT_FLUSH, (8, 6), "Straight flush, 6 high"),
    ("AD 2D 3D 4D 5D", Category.STRAIGHT_FLUSH, (8, 5), "Straight flush, 5 high"),
    ("AC KC QC JC TC", Category.STRAIGHT_FLUSH, (8, 14), "Royal flush"),
])
def test_categories(text, category, key, name):
    v = ev(text)
    assert v.category is category
    assert v.key == key
    assert v.name == name
    assert v.plays_as == {}


def test_category_order():
    hands = ["AS KD 9H 5C 3S", "2S 2D 3H 4C 6S", "2S 2D 3H 3C 5S", "2S 2D 2H 3C 4S", "AS 2D 3H 4C 5S",
             "2H 3H 4H 5H 7H", "2S 2H 2D 3S 3H", "2S 2H 2D 2C 3H", "AD 2D 3D 4D 5D"]
    keys = [ev(h).key for h in hands]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)
    assert list(Category) == sorted(Category)
    assert Category.NAMED > Category.FIVE_OF_A_KIND > Category.STRAIGHT_FLUSH


def test_best_five_of_seven_and_eight():
    v = ev("AS KS QS JS TS 2H 3D")
    assert v.name == "Royal flush" and codes(v) == ["AS", "KS", "QS", "JS", "TS"]
    assert ev("AS AH AD KS KH 2C 2D").key == (6, 14, 13)
    assert ev("7S 7H 7D 2S 2H 2D 9C").key == (6, 7, 2)  # two trips: the lower one is the pair
    assert ev("9S 9H 9D 9C AS 2H 3D 4C").key == (7, 9, 14)
    assert ev("KS KH QD QC 2S 2H 7D").key == (2, 13, 12, 7)  # third pair loses to a 7 kicker
    assert ev("KS KH QD QC 2S 2H AD").key == (2, 13, 12, 14)
    assert ev("2H 3H 4H 5H 6H 7H 8H").key == (8, 8)
    assert ev("2S 3S 4S 5S 7S 8H 6D").key == (5, 7, 5, 4, 3, 2)
    assert ev("2S 3S 4S 5S 7S 8H 6S").key == (8, 7)
    assert ev("AS 2S 9S 5S 6S 3S 4S 8D").key == (8, 6)


@pytest.mark.parametrize("better, worse", [
    ("7S 7D KH 5C 4S", "7H 7C KD 5S 3D"),  # third kicker
    ("7S 7D AH 2C 3S", "7H 7C KD QS JD"),  # first kicker
    ("KS KD 7H 7C 3S", "KH KC 7D 7S 2D"),  # two-pair kicker
    ("KS KD 8H 8C 2S", "KH KC 7D 7S AD"),  # second pair beats kicker
    ("3H 9H JH 4H KH", "2D 9D JD 4D KD"),  # flush, fifth card
    ("AS 2D 3H 4C 6S", "KS QD JH TC 8S"),  # high card
    ("3S 3H 3D 2C 2H", "2S 2H 2D AS AH"),  # full house: trips first
    ("9S 9H 9D 9C 3H", "9S 9H 9D 9C 2H"),  # quads kicker
    ("2S 3D 4H 5C 6S", "AS 2D 3H 4C 5S"),  # wheel is the lowest straight
])
def test_kickers_and_ties(better, worse):
    assert ev(better) > ev(worse)
    assert ev(worse) < ev(better)


def test_ties_are_equal_values():
    a, b = ev("AS KD 9H 5C 3S"), ev("AH KC 9D 5S 3C")
    assert a == b and hash(a) == hash(b) and not a < b
    assert ev("AS 2D 3H 4C 5S") == ev("AH 2H 3S 4D 5C 9C KC")
    assert max([ev("7S 7D KH 5C 3S"), ev("AS KD 9H 5C 3S"), ev("2S 2H 2D 5S 5H")]).name == "Full house, 2s full of 5s"


def test_no_wrap_around_straight():
    assert ev("QS KD AH 2C 3S").category is Category.HIGH_CARD
    assert ev("JS QD KH AC 2S").category is Category.HIGH_CARD


def test_cards_are_in_best_order():
    assert codes(ev("5S 2D 9H 5C 2S")) == ["5S", "5C", "2D", "2S", "9H"]
    assert codes(ev("3H 5S AH 2D 4C")) == ["5S", "4C", "3H", "2D", "AH"]
    assert codes(ev("5S 2D 5H 5C 2S")) == ["5S", "5H", "5C", "2D", "2S"]


# ------------------------------------------------------------------ wild cards
def test_wild_makes_quads_with_best_kicker():
    v = evaluate([wild(C("2C"))] + parse_cards("AS AH AD KS"))
    assert v.key == (7, 14, 13)
    assert as_map(v) == {"2C": "AC"}


def test_no_copies_blocks_five_aces():
    hand = [wild(JOKER)] + parse_cards("AS AH AD AC")
    v = evaluate(hand)
    assert v.key == (7, 14, 13)  # the joker cannot be a fifth ace; it is the best other card
    assert all(p.code != "AS" for p in v.plays_as.values())
    five = evaluate(hand, no_copies=False)
    assert five.key == (9, 14) and five.name == "Five of a kind, Aces"


def test_wild_cannot_copy_a_held_card():
    # A♠ K♠ Q♠ J♠ and a wild: the wild is T♠ for a royal flush; never a second A♠.
    v = evaluate(parse_cards("AS KS QS JS") + [wild(C("2D"))])
    assert v.name == "Royal flush" and as_map(v) == {"2D": "TS"}
    # Three wilds and the A♠: four aces are A♠ + A♥ A♦ A♣, never a second A♠.
    v = evaluate([C("AS")] + [wild(C(x)) for x in ("2H", "2D", "2C")] + [C("7H")])
    assert v.key == (7, 14, 7)
    assert sorted(p.code for p in v.cards) == ["7H", "AC", "AD", "AH", "AS"]


def test_wild_may_play_as_its_own_card():
    # Deuces wild: the 2♠ is needed as itself for the steel wheel; it is not "substituted".
    v = evaluate([wild(C("2S"))] + parse_cards("3S 4S 5S AS"))
    assert v.key == (8, 5) and v.plays_as == {}
    assert Played(2, "S") in v.cards


def test_two_wilds_cannot_be_each_others_card():
    # Wild 2♠ and wild 2♥: the steel wheel takes the 2♠ as itself and the 2♥ as 5♠.
    v = evaluate([wild(C("2S")), wild(C("2H"))] + parse_cards("AS 3S 4S 9D KC"))
    assert v.key == (8, 5)
    assert as_map(v) == {"2H": "5S"}


@pytest.mark.parametrize("k, key", [(1, (1, 14, 13, 9, 5)), (2, (3, 14, 13, 9)), (3, (7, 14, 13)), (4, (8, 14))])
def test_wild_counts(k, key):
    hand = [wild(C(x)) for x in ("2C", "2D", "2H", "2S")[:k]] + parse_cards("AS KD 9H 5C")[: 5 - k if k > 1 else 4]
    assert evaluate(hand).key == key


def test_all_wilds():
    assert evaluate([wild(C(x)) for x in ("2C", "2D", "2H", "2S", "3C")]).key == (8, 14)
    assert evaluate([wild(C("2C"))]).key == (0, 14, 0, 0, 0, 0)
    assert evaluate([wild(C("2C")), wild(JOKER)]).key == (1, 14, 0, 0, 0)


# ------------------------------------------------------------------ derived and void cards (the brief's examples)
def test_black_six_cannot_copy_held_ace_of_spades():
    hand = parse_cards("AS 2S 9S 5S AD") + [black6_or_ace(C("6C"))]
    v = evaluate(hand)
    assert v.category is Category.THREE_OF_A_KIND  # no spade flush: the 6♣ may not be A♠
    assert v.key == (3, 14, 9, 5)
    assert as_map(v)["6C"] in ("AH", "AC")
    # Without No Copies the 6♣ may be a second A♠ and complete the spade flush.
    assert evaluate(hand, no_copies=False).key == (5, 14, 14, 9, 5, 2)


def test_ace_plays_as_red_six_past_a_void_six():
    hand = [aces_or_red6(C("AS"))] + parse_cards("2H 4H 5H 3H") + [void(C("6H"))]
    v = evaluate(hand)
    assert v.key == (8, 6) and v.name == "Straight flush, 6 high"
    assert as_map(v) == {"AS": "6H"}
    assert codes(v) == ["6H", "5H", "4H", "3H", "2H"]


def test_derived_card_options_need_not_include_itself():
    v = evaluate(parse_cards("KS KH 3D 8C") + [derived(C("7S"), ["KD"])])
    assert v.key == (3, 13, 8, 3) and as_map(v) == {"7S": "KD"}
    # Its own card is then not held by anyone: a wild may become it.
    v = evaluate(parse_cards("3S 4S 5S 6S") + [derived(C("7S"), ["2D"]), wild(JOKER)])
    assert v.key == (8, 7) and as_map(v) == {"7S": "2D", "JK": "7S"} or as_map(v) == {"JK": "7S"}


def test_derived_cards_that_clash_drop_one():
    # Both sixes may only be A♥; one of them is then out of the five (the hand has four cards).
    hand = parse_cards("AS AD KC") + [derived(C("6C"), ["AH"]), derived(C("6S"), ["AH"])]
    assert evaluate(hand).key == (3, 14, 13, 0)
    assert evaluate(hand, no_copies=False).key == (7, 14, 13)


def test_voids_shrink_the_hand():
    # Bonedoneskis: red 6s are void; "your 6-card hand now contains only 5 cards" (here 4).
    v = evaluate(parse_cards("KS KH QD JC") + [void(C("6H")), void(C("6D"))])
    assert v.key == (1, 13, 12, 11, 0) and v.name == "Pair of Kings"
    assert codes(v) == ["KS", "KH", "QD", "JC"]
    assert v < ev("KS KH QD JC 2S")  # a missing kicker is below any kicker
    assert evaluate(parse_cards("AS AH") + [void(C("6H"))]).key == (1, 14, 0, 0, 0)
    assert evaluate([void(C("6H"))]).key == (0, 0, 0, 0, 0, 0)
    assert evaluate([void(C("6H"))]).name == "No cards"
    assert evaluate(parse_cards("9S 9H 9D") + [void(C("6D"))]).key == (3, 9, 0, 0)


def test_void_card_blocks_nothing():
    # The void 6♥ is not in the hand as a card: a wild may be the 6♥.
    v = evaluate(parse_cards("2H 3H 4H 5H") + [void(C("6H")), wild(JOKER)])
    assert v.key == (8, 6) and as_map(v) == {"JK": "6H"}


# ------------------------------------------------------------------ units
def test_combined_two_plays_combined_or_separate():
    unit = combined([C("5D"), C("2C")], "7D")
    v = evaluate(parse_cards("7S 7H 7C 9S") + [unit])
    assert v.key == (7, 7, 9)
    assert as_map(v) == {"5D": "7D", "2C": "7D"}
    v = evaluate(parse_cards("5S 5H 2H") + [unit])  # separately: 5 5 5 2 2
    assert v.key == (6, 5, 2) and v.plays_as == {}
    assert unit.sources == (C("5D"), C("2C"))


def test_suitless_four():
    fourth = with_extra(C("4S"), suitless(4))
    v = evaluate([fourth] + parse_cards("4H 4D 4C 9S"))
    assert v.key == (9, 4) and v.name == "Five of a kind, 4s"
    assert as_map(v) == {"4S": "4*"}
    assert Played(4, "") in v.cards
    # A suitless card never makes a flush, and does not clash with the real 4♠.
    assert evaluate([fourth] + parse_cards("2S 3S 9S KS")).key == (5, 13, 9, 4, 3, 2)
    assert evaluate([fourth] + parse_cards("KS QH JD 9C")).key == (1, 4, 13, 12, 11)
    assert evaluate([fourth] + parse_cards("2H 3D 6C")).key == (1, 4, 6, 3, 2)
    # It fills a straight: 2 3 4* 5 6, the 9♠ kept aside.
    assert evaluate([with_extra(C("9S"), suitless(4))] + parse_cards("2H 3D 5C 6C")).key == (4, 6)


def test_unit_validation():
    with pytest.raises(ValueError, match="no alternatives"):
        Unit((C("AS"),), ())
    with pytest.raises(ValueError, match="wild unit"):
        Unit((C("AS"),), ((Played(14, "S"),),), wild=True)
    with pytest.raises(ValueError, match="twice"):
        Unit((C("AS"), C("AS")), ((),))
    with pytest.raises(ValueError):
        derived(C("6C"), ["ZZ"])
    assert natural(C("AS")).is_natural and evaluate([natural(C("AS"))]).key == (0, 14, 0, 0, 0, 0)
    assert played("4") == played("4*") == suitless(4) == Played(4, "")
    assert played((10, "♠")) == Played(10, "S")
    assert played(C("TD")) == played("10♦") == Played(10, "D")
    assert str(Played(4, "")) == "4*" and Played(10, "S").pretty == "10♠"
    with pytest.raises(ValueError):
        played((1, "S"))
    with pytest.raises(ValueError):
        played(JOKER)


# ------------------------------------------------------------------ named top hands
NUTS = TopHand("Stone Cold Nuts", Category.FULL_HOUSE, (2, 5))


def test_named_top_hand_beats_everything():
    v = ev("2S 2H 2D 5S 5H 9C", top_hands=(NUTS,))
    assert v.category is Category.NAMED and v.name == "Stone Cold Nuts"
    five_fours = evaluate([with_extra(C("4S"), suitless(4))] + parse_cards("4H 4D 4C 9S"), top_hands=(NUTS,))
    assert five_fours.category is Category.FIVE_OF_A_KIND
    assert v > five_fours
    assert ev("3S 3H 3D 5S 5H", top_hands=(NUTS,)).category is Category.FULL_HOUSE
    assert ev("5S 5H 5D 2S 2H", top_hands=(NUTS,)).category is Category.FULL_HOUSE


def test_wilds_prefer_the_named_hand():
    # Four aces are there for the taking, but the wild makes 2s full of 5s instead.
    hand = [wild(JOKER)] + parse_cards("2S 2H 5D 5S AH AC AD")
    assert evaluate(hand).key == (7, 14, 5)
    v = evaluate(hand, top_hands=(NUTS,))
    assert v.category is Category.NAMED
    assert sorted(p.rank for p in v.cards) == [2, 2, 2, 5, 5]
    assert as_map(v) == {"JK": "2D"} or as_map(v) == {"JK": "2C"}


def test_named_hands_rank_in_order_given():
    dead_man = TopHand("Dead Man's Hand", Category.TWO_PAIR, (14, 8))
    tops = (NUTS, dead_man)
    a = ev("2S 2H 2D 5S 5H", top_hands=tops)
    b = ev("AS AC 8S 8C 9D", top_hands=tops)
    assert a.category is b.category is Category.NAMED
    assert a > b and b.name == "Dead Man's Hand"
    # "2s full of anything": a prefix of the ranks.
    any_deuces = TopHand("Deuces Full", Category.FULL_HOUSE, (2,))
    assert ev("2S 2H 2D KS KH", top_hands=(any_deuces,)).name == "Deuces Full"
    assert ev("2S 2H 2D KS KH", top_hands=(any_deuces,)) > ev("2S 2H 2D QS QH", top_hands=(any_deuces,))


def test_top_hand_validation():
    with pytest.raises(ValueError):
        TopHand("x", Category.FULL_HOUSE, (2, 5, 7))
    with pytest.raises(ValueError):
        TopHand("x", Category.NAMED)
    with pytest.raises(ValueError):
        TopHand("x", Category.HIGH_CARD)
    with pytest.raises(ValueError):
        TopHand("x", Category.STRAIGHT, (4,))
    with pytest.raises(ValueError, match="high pair first"):
        TopHand("x", Category.TWO_PAIR, (8, 14))
    with pytest.raises(ValueError, match="different ranks"):
        TopHand("x", Category.FULL_HOUSE, (5, 5))
    with pytest.raises(TypeError):
        evaluate(parse_cards("AS KS QS JS TS"), top_hands=("Royal",))


# ------------------------------------------------------------------ input handling and errors
def test_inputs_text_and_iterables():
    assert evaluate("AS KS QS JS TS").name == "Royal flush"
    assert evaluate(c for c in parse_cards("AS AH 3D 4C 5S")).key == (1, 14, 5, 4, 3)
    assert evaluate(tuple(parse_cards("AS AH 3D 4C 5S"))).key == (1, 14, 5, 4, 3)


def test_errors():
    with pytest.raises(ValueError, match="at least 1 card"):
        evaluate([])
    with pytest.raises(ValueError, match="at least 1 card"):
        evaluate([], top_hands=(NUTS,))
    with pytest.raises(ValueError, match="A♠ appears twice"):
        evaluate(parse_cards("AS KD AS"))
    with pytest.raises(ValueError, match="appears twice"):
        evaluate(parse_cards("AS KD") + [wild(C("AS"))])
    with pytest.raises(ValueError, match="appears twice"):
        evaluate(parse_cards("KD") + [wild(C("AS")), wild(C("AS"))])
    with pytest.raises(ValueError, match="appears twice"):
        evaluate([wild(JOKER), wild(JOKER)])
    with pytest.raises(ValueError, match="appears twice"):
        evaluate(parse_cards("AS 6H") + [void(C("6H"))])
    with pytest.raises(ValueError, match="appears twice"):
        evaluate(parse_cards("AS 5D") + [combined([C("5D"), C("2C")], "7D")])
    with pytest.raises(ValueError, match="joker"):
        evaluate(parse_cards("AS KD") + [JOKER])
    with pytest.raises(TypeError):
        evaluate(["AS", "KD"])


def test_hand_value_is_frozen_and_reports():
    v = evaluate([wild(JOKER)] + parse_cards("KS KH 4D"))
    assert isinstance(v, HandValue)
    with pytest.raises(Exception):
        v.key = (0,)
    assert v.key[0] == v.category
    assert v.cards == v.cards and isinstance(v.cards, tuple)
    assert set(v.plays_as) == {JOKER} and v.plays_as[JOKER].rank == 13
    assert "Three of a kind, Kings" in repr(v)


# ------------------------------------------------------------------ the core, where a blocked card matters
def test_core_respects_cards_a_wild_may_not_become():
    hearts = [(2, "H"), (3, "H"), (4, "H"), (5, "H")]
    assert solve(Pool(hearts, [0, 0, 0, 0]), 1) == ((8, 6), 1)
    assert solve(Pool(hearts, [0, 1 << 6, 0, 0]), 1) == ((8, 5), 1)  # 6♥ blocked: the A♥ wheel
    assert solve(Pool(hearts, [0, (1 << 6) | (1 << 14), 0, 0]), 1)[0] == (5, 13, 5, 4, 3, 2)
    # Only the A♣ is free: three wilds make kings, not aces.
    assert solve(Pool([(14, "S")], [0, 1 << 14, 1 << 14, 0]), 3) == ((3, 13, 14, 0), -1)
    # Straight: every 6 blocked, so 2-3-4-5 + wild goes down to the wheel.
    all_sixes = [1 << 6] * 4
    assert solve(Pool([(2, "S"), (3, "H"), (4, "D"), (5, "C")], all_sixes), 1)[0] == (4, 5)
    # Suitless cards and room: 4 4* + three wilds, with 4♦ blocked, are not five 4s.
    assert solve(Pool([(4, "S"), (4, "")], [0, 0, 0, 0]), 3)[0] == (9, 4)
    assert solve(Pool([(4, "S"), (4, "")], [0, 0, 1 << 4, 0]), 3)[0] == (7, 4, 14)
