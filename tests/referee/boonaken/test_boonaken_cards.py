"""Boonaken cards: pack, orders, points (boonaken-fa.txt lines 11-16)."""

from referee.cards import parse_card, parse_cards
from referee.games.boonaken.cards import (PACK_POINTS, card_points, pack, plain_rank, points, trick_rank,
                                          trump_rank)
from referee.games.boonaken.settings import BoonakenSettings


def ranked(codes, key):
    return [c.code for c in sorted(parse_cards(codes), key=key, reverse=True)]


def test_pack_has_32_distinct_cards_from_seven_to_ace():
    cards = pack()
    assert len(cards) == len(set(cards)) == 32
    assert {c.rank for c in cards} == set(range(7, 15))


def test_pack_holds_141_points_whatever_the_trump():
    # line 16: 141 points in the pack, no bonus for the last trick
    for trump in "SHDC":
        assert points(pack(), trump) == PACK_POINTS == 141


def test_point_table_line_14():
    # line 14: plain A 11, K 3, Q 2, J 1, 10 10, 9 8 7 nothing; trump J 20, 9 14, A 11, K 3, Q 2, 10 10
    assert [card_points(parse_card(c), "S") for c in "AH KH QH JH TH 9H 8H 7H".split()] == [11, 3, 2, 1, 10, 0, 0, 0]
    assert [card_points(parse_card(c), "S") for c in "JS 9S AS KS QS TS 8S 7S".split()] == [20, 14, 11, 3, 2, 10, 0, 0]
    assert card_points(parse_card("JS"), None) == 1      # no trump: every suit scores plain


def test_plain_order_is_the_run_order():
    assert ranked("7H TH AH JH 9H KH 8H QH", plain_rank) == "AH KH QH JH TH 9H 8H 7H".split()


def test_trump_order_puts_the_ten_below_the_queen():
    assert ranked("7S TS AS JS 9S KS 8S QS", trump_rank) == "JS 9S AS KS QS TS 8S 7S".split()


def test_klaverjas_trump_order_is_a_setting():
    klaverjas = BoonakenSettings(klaverjas_trump_order=True)
    order = ranked("7S TS AS JS 9S KS 8S QS", lambda c: trump_rank(c, klaverjas))
    assert order == "JS 9S AS TS KS QS 8S 7S".split()


def test_trick_rank_trump_over_led_suit_over_the_rest():
    seven_of_trumps, ace_led, ace_other = parse_cards("7S AH AD")
    assert trick_rank(seven_of_trumps, "S", "H") > trick_rank(ace_led, "S", "H") > trick_rank(ace_other, "S", "H") == 0
    assert trick_rank(parse_card("9S"), "S", "S") > trick_rank(parse_card("AS"), "S", "S")
    assert trick_rank(parse_card("9S"), None, "S") < trick_rank(parse_card("AS"), None, "S")
