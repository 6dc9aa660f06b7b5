"""The marks sheet (boonaken-fa.txt lines 113-123, variant line 131), decisions 9 and 12."""

import pytest

from referee.games.boonaken.marks import (MarksError, apply_marks, game_over, new_sheet, next_dealer,
                                          next_game_dealer, seats_in, status)
from referee.games.boonaken.settings import BoonakenSettings

SEATS = ("A", "B", "C", "D", "E")       # clockwise: B sits left of A, E right of A
W, L = True, False
FIRST = BoonakenSettings(two_erin="first")
DECLARER_DEALS = BoonakenSettings(dealer_rotation="declarer")


def play(*deals, seats=SEATS, settings=BoonakenSettings()):
    sheet = new_sheet(seats)
    for results in deals:
        sheet = apply_marks(sheet, results, settings)
    return sheet


def test_only_the_declarer_is_marked():
    sheet = play([("B", W)])
    assert [sheet.column(s) for s in SEATS] == ["", "+", "", "", ""]
    assert status(sheet, "B") == "in" and status(sheet, "A") == "in"


def test_each_misere_bidder_is_marked():
    sheet = play([("C", W), ("A", L), ("D", W)])
    assert (sheet.column("A"), sheet.column("C"), sheet.column("D"), sheet.column("B")) == ("-", "+", "+", "")


def test_two_plus_is_eruit_and_sits_out():
    sheet = play([("B", W)], [("B", W)])
    assert status(sheet, "B") == "eruit"
    assert seats_in(sheet) == ("A", "C", "D", "E")
    with pytest.raises(MarksError):
        apply_marks(sheet, [("B", W)])


def test_two_minus_is_erin_and_loses():
    sheet = play([("C", L)], [("A", W)], [("C", L)])
    assert status(sheet, "C") == "erin"
    assert game_over(sheet) == ("C",)
    with pytest.raises(MarksError):
        apply_marks(sheet, [("A", W)])


def test_wip_the_next_mark_decides():
    # Line 121: marks do not cancel; a wip player's next mark makes eruit or erin.
    wip = play([("A", W)], [("A", L)])
    assert status(wip, "A") == "wip" and game_over(wip) is None
    assert status(apply_marks(wip, [("A", W)]), "A") == "eruit"
    assert status(apply_marks(wip, [("A", L)]), "A") == "erin"


def test_the_last_player_still_in_loses():
    sheet = play(*[[(s, W)] for s in "ABCD" for _ in range(2)][:-1])
    assert game_over(sheet) is None
    sheet = apply_marks(sheet, [("D", W)])
    assert seats_in(sheet) == ("E",) and game_over(sheet) == ("E",)


def test_two_erin_in_one_deal_decision_9():
    before = [("A", L)], [("B", L)]
    both = play(*before, [("B", L), ("A", L), ("C", W)])
    assert game_over(both) == ("B", "A")                       # both lose, in chain order
    assert game_over(play(*before, [("B", L), ("A", L)], settings=FIRST), FIRST) == ("B",)


def test_erin_with_eruit_in_one_deal_the_erin_player_loses():
    sheet = play([("A", W)], [("B", L)], [("A", W), ("B", L)])
    assert (status(sheet, "A"), status(sheet, "B")) == ("eruit", "erin")
    assert game_over(sheet) == ("B",)


def test_redeal_gives_no_marks():
    sheet = play([("A", W)])
    assert apply_marks(sheet, []) == sheet


def test_bad_results_refused():
    with pytest.raises(MarksError):
        apply_marks(new_sheet(SEATS), [("A", W), ("A", L)])
    with pytest.raises(MarksError):
        apply_marks(new_sheet(SEATS), [("Z", W)])
    with pytest.raises(MarksError):
        new_sheet(["A"])
    with pytest.raises(MarksError):
        status(new_sheet(SEATS), "Z")
    # Two players still in cannot both win the last deal: someone takes the tricks.
    sheet = play([("A", W)], [("B", W)], seats=("A", "B"))
    with pytest.raises(MarksError):
        apply_marks(sheet, [("A", W), ("B", W)])


def test_the_deal_passes_left_skipping_eruit_seats():
    sheet = new_sheet(SEATS)
    assert next_dealer(sheet, "A") == "B"
    assert next_dealer(sheet, "E") == "A"
    sheet = play([("B", W)], [("B", W)])
    assert next_dealer(sheet, "A") == "C"                      # line 117: B is eruit
    sheet = play([("A", W)], [("A", W)])
    assert next_dealer(sheet, "A") == "B"                      # the dealer went eruit: still to the left


def test_previous_declarer_deals_variant_decision_12():
    sheet = play([("C", W), ("A", L)], settings=DECLARER_DEALS)
    # Several misère bidders: the first of them (the one who led) deals.
    assert next_dealer(sheet, "E", declarer="C", settings=DECLARER_DEALS) == "C"
    assert next_dealer(sheet, "E", declarer=None, settings=DECLARER_DEALS) == "A"     # after a redeal
    eruit = apply_marks(sheet, [("C", W)], DECLARER_DEALS)
    assert next_dealer(eruit, "B", declarer="C", settings=DECLARER_DEALS) == "D"     # the declarer is out
    assert next_dealer(sheet, "E", declarer="C") == "A"                               # default: left


def test_no_next_deal_once_the_loser_is_found():
    sheet = play([("C", L)], [("C", L)])
    with pytest.raises(MarksError):
        next_dealer(sheet, "A")
    with pytest.raises(MarksError):
        next_dealer(sheet, "Z")


def test_next_game_dealt_by_the_seat_right_of_the_loser():
    assert next_game_dealer(SEATS, ("C",)) == "B"
    assert next_game_dealer(SEATS, ("A",)) == "E"              # so the loser bids first
    assert next_game_dealer(SEATS, ("B", "A")) == "A"          # two losers: right of the first
    with pytest.raises(MarksError):
        next_game_dealer(SEATS, ())


def test_a_full_five_player_game_to_a_loser():
    deals = [[("B", W)], [("C", L)], [("C", W)], [("D", W), ("E", L)], [("B", W)],   # B eruit, C wip
             [("D", W)], [("C", W)], [("A", W)], [("A", W)]]                         # D, C, A eruit
    sheet, dealer = new_sheet(SEATS), "A"
    dealers = []
    for results in deals:
        sheet = apply_marks(sheet, results)
        if game_over(sheet):
            break
        dealer = next_dealer(sheet, dealer)
        dealers.append(dealer)
    assert game_over(sheet) == ("E",)
    assert dealers == ["B", "C", "D", "E", "A", "C", "E", "A"]  # B skipped once eruit
    assert next_game_dealer(SEATS, game_over(sheet)) == "D"
