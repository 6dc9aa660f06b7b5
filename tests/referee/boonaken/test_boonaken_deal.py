"""The deal layout and order (boonaken-fa.txt lines 34-42, variants lines 133-135), decision 8."""

import random
from dataclasses import replace

import pytest

from referee.games.boonaken.cards import pack
from referee.games.boonaken.deal import (PACK_SIZE, DealError, Layout, Step, cutter, deal, deal_order, deal_steps,
                                         layout, packets)
from referee.games.boonaken.settings import DEFAULT, BoonakenSettings

ONE_DOWN = BoonakenSettings(centre_one_down=True)
BIG = BoonakenSettings(six_seven_players=True)
FIVE = BoonakenSettings.five_card_version()
SEATS = ("A", "B", "C", "D", "E", "F", "G")     # clockwise: B sits left of A


def test_layouts_of_the_original():
    assert layout(5) == Layout(6, 2, 0, 0)
    assert layout(4) == Layout(6, 2, 2, 4)
    assert layout(3) == Layout(6, 2, 2, 10)
    assert layout(2) == Layout(6, 2, 2, 16)


def test_layouts_of_the_variants():
    assert [layout(n, ONE_DOWN) for n in (4, 3, 2)] == [Layout(6, 2, 1, 5), Layout(6, 2, 1, 11), Layout(6, 2, 1, 17)]
    assert layout(5, ONE_DOWN) == Layout(6, 2, 0, 0)
    assert layout(6, BIG) == Layout(5, 2, 0, 0)
    assert layout(7, BIG) == Layout(4, 2, 2, 0)


def test_five_card_version_layout():
    assert [layout(n, FIVE) for n in (5, 4, 3, 2)] == \
        [Layout(5, 2, 0, 5), Layout(5, 2, 0, 10), Layout(5, 2, 0, 15), Layout(5, 2, 0, 20)]
    assert layout(6, replace(FIVE, six_seven_players=True)) == Layout(5, 2, 0, 0)


@pytest.mark.parametrize("settings", [DEFAULT, ONE_DOWN, BIG, replace(BIG, centre_one_down=True), FIVE,
                                      replace(FIVE, six_seven_players=True)])
def test_every_layout_adds_up_to_32(settings):
    counts = range(2, 6 + settings.six_seven_players * (1 if settings.five_cards else 2))
    for n in counts:
        assert layout(n, settings).total(n) == PACK_SIZE == 32


@pytest.mark.parametrize("n, settings", [(1, DEFAULT), (6, DEFAULT), (7, DEFAULT), (8, BIG), (0, BIG),
                                          (6, FIVE), (7, replace(FIVE, six_seven_players=True))])
def test_player_counts_refused(n, settings):
    with pytest.raises(DealError):
        layout(n, settings)


def test_packets_decision_8():
    assert packets(6) == (3, 3)
    assert (packets(5), packets(4)) == ((3, 2), (3, 1))
    rest_first = BoonakenSettings(deal_packets="rest_first")
    assert (packets(6, rest_first), packets(5, rest_first), packets(4, rest_first)) == ((3, 3), (2, 3), (1, 3))
    with pytest.raises(DealError):
        packets(7)


def test_deal_order_and_cutter():
    seats = ("A", "B", "C", "D")
    assert deal_order(seats, "B") == ("C", "D", "A", "B")
    assert cutter(seats, "B") == "A"
    assert cutter(seats, "A") == "D"
    with pytest.raises(DealError):
        deal_order(("A", "C", "D"), "B")     # B is eruit: not a dealer


def test_eruit_seats_sit_out():
    # B went eruit: the deal and the cut skip B.
    assert deal_order(("A", "C", "D"), "A") == ("C", "D", "A")
    assert cutter(("A", "C", "D"), "C") == "A"


def test_four_player_steps_as_line_39():
    steps = deal_steps(("A", "B", "C", "D"), "D")
    assert steps == tuple([Step("hand", 3, s) for s in "ABCD"] + [Step("down", 2)]
                          + [Step("hand", 3, s) for s in "ABCD"] + [Step("up", 2), Step("aside", 4)])


def test_five_player_steps_one_up_card_after_each_round():
    steps = deal_steps(SEATS[:5], "E")
    assert [s.place for s in steps].count("up") == 2 and steps[5] == Step("up", 1) and steps[-1] == Step("up", 1)


def test_seven_player_steps():
    steps = deal_steps(SEATS, "G", BIG)
    assert steps[7] == Step("down", 2) and steps[-1] == Step("up", 2)
    assert {s.count for s in steps if s.place == "hand"} == {3, 1}


@pytest.mark.parametrize("n, settings", [(2, DEFAULT), (3, DEFAULT), (4, DEFAULT), (5, DEFAULT), (4, ONE_DOWN),
                                         (6, BIG), (7, BIG), (6, replace(BIG, deal_packets="rest_first")),
                                         (5, FIVE), (2, FIVE)])
def test_every_card_in_exactly_one_place(n, settings):
    cards = list(pack())
    random.Random(n).shuffle(cards)
    seats = SEATS[:n]
    dealt = deal(cards, seats, seats[0], settings)
    lay = layout(n, settings)
    assert {len(h) for h in dealt.hands.values()} == {lay.hand_size} and set(dealt.hands) == set(seats)
    assert (len(dealt.centre_up), len(dealt.centre_down), len(dealt.set_aside)) == \
        (lay.centre_up, lay.centre_down, lay.set_aside)
    everything = [c for h in dealt.hands.values() for c in h] + list(dealt.centre_up + dealt.centre_down + dealt.set_aside)
    assert sorted(everything) == sorted(cards)


def test_deal_takes_cards_off_the_top():
    cards = list(pack())
    dealt = deal(cards, ("A", "B", "C", "D"), "D")
    assert dealt.hands["A"] == tuple(cards[0:3]) + tuple(cards[14:17])
    assert dealt.centre_down == tuple(cards[12:14]) and dealt.centre_up == tuple(cards[26:28])
    assert dealt.set_aside == tuple(cards[28:])


def test_deal_refuses_a_bad_pack():
    with pytest.raises(DealError):
        deal(list(pack())[:31], ("A", "B"), "A")
    with pytest.raises(DealError):
        deal(list(pack())[:31] + [pack()[0]], ("A", "B"), "A")
