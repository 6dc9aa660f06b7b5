"""The points sheet (boonaken-fa.txt line 155; the five-card version, lines 164-165) and the
`scoring` setting: docs/boonaken-decisions.md, "Points instead of marks"."""

import pytest

from referee.games.boonaken.bidding import MISERE, PASS, Bid
from referee.games.boonaken.points import (PointsError, apply_points, bid_value, game_over, loser_at,
                                           new_points_sheet, next_dealer, seats_in, status)
from referee.games.boonaken.settings import BoonakenSettings
from referee.settings import SettingsError, parse_settings

SEATS = ("A", "B", "C", "D")            # clockwise: B sits left of A
W, L = True, False
POINTS = BoonakenSettings(scoring="points")
FIVE = BoonakenSettings.five_card_version()
N = {n: Bid("number", n) for n in range(5, 385, 5)}


def play(*deals, seats=SEATS, settings=POINTS):
    sheet = new_points_sheet(seats, settings)
    for results in deals:
        sheet = apply_points(sheet, results)
    return sheet


# ------------------------------------------------------------------ what a bid is worth
@pytest.mark.parametrize("amount, value", [(5, 1), (25, 1), (45, 1), (50, 2), (75, 2), (80, 3), (140, 3), (380, 3)])
def test_number_bands_line_155(amount, value):
    # "under 50" one, "50 to 75" two, "over 75" three.
    assert bid_value(N[amount], POINTS) == value


@pytest.mark.parametrize("bid, settings, value", [
    (MISERE, POINTS, 2),                                            # its slot 70-75 (line 51)
    (MISERE, BoonakenSettings(scoring="points", misere_slot=100, zwabber_slot=125), 3),   # line 141
    (Bid("zwabber"), POINTS, 3),                                    # its slot 100 (line 52, decision 3)
    (Bid("zwabber"), BoonakenSettings(scoring="points", zwabber_slot=145), 3),
    (Bid("zwabber", 40), BoonakenSettings(scoring="points", zwabber_with_roem=True), 3),
    (Bid("boonaak"), POINTS, 3), (Bid("boonaak", 220), POINTS, 3),  # above every number
    (Bid("open_boonaak"), BoonakenSettings(scoring="points", open_boonaak=True), 3),
])
def test_the_other_bids_count_as_their_place_on_the_ladder(bid, settings, value):
    assert bid_value(bid, settings) == value


@pytest.mark.parametrize("amount, value", [(25, 1), (45, 1), (50, 2), (70, 2), (75, 3), (95, 3),
                                           (100, 5), (120, 5), (125, 6), (380, 6), (5, 1)])
def test_five_card_number_table_line_165(amount, value):
    assert bid_value(N[amount], FIVE) == value


def test_five_card_boonaak_table_line_165():
    assert [bid_value(b, FIVE) for b in (Bid("boonaak"), Bid("boonaak", 50), Bid("open_boonaak"))] == [5, 5, 10]
    # Misère and zwabber are not in that version; a host who turns them on gets their slots.
    assert bid_value(MISERE, FIVE) == 2 and bid_value(Bid("zwabber"), FIVE) == 5


@pytest.mark.parametrize("bid", [PASS, Bid("number", 7), Bid("number", 0), Bid("double")])
def test_a_bid_that_is_not_scored_is_refused_in_words(bid):
    with pytest.raises(PointsError, match="scores nothing|multiples of 5"):
        bid_value(bid, POINTS)


# ------------------------------------------------------------------ thresholds
def test_everyone_starts_at_five_and_only_the_declarer_scores():
    sheet = play([("B", N[80], W)])
    assert [sheet.score(s) for s in SEATS] == [5, 2, 5, 5]
    assert sheet.column("B") == (5, 2) and sheet.column("A") == (5,)


def test_zero_is_out_and_below_zero_too():
    exactly = play([("A", N[80], W)], [("A", N[50], W)])
    assert exactly.score("A") == 0 and status(exactly, "A") == "out"
    below = play([("A", N[80], W)], [("A", N[80], W)])
    assert below.score("A") == -1 and status(below, "A") == "out"
    assert seats_in(below) == ("B", "C", "D")
    assert status(play([("A", N[80], W)], [("A", N[5], W)]), "A") == "in"      # 1


def test_eleven_loses_ten_does_not():
    ten = play([("A", N[80], L)], [("A", N[45], L)], [("A", N[45], L)])
    assert ten.score("A") == 10 and status(ten, "A") == "in" and game_over(ten) is None
    eleven = apply_points(ten, [("A", N[45], L)])
    assert status(eleven, "A") == "loser" and game_over(eleven) == ("A",)


def test_five_card_below_one_is_out_and_ten_loses_line_164():
    one = play([("A", N[75], W)], [("A", N[25], W)], settings=FIVE)
    assert one.score("A") == 1 and status(one, "A") == "in"
    assert status(apply_points(one, [("A", N[25], W)]), "A") == "out"
    nine = play([("A", N[75], L)], [("A", N[25], L)], settings=FIVE)
    assert nine.score("A") == 9 and status(nine, "A") == "in"
    ten = apply_points(nine, [("A", N[25], L)])
    assert status(ten, "A") == "loser" and game_over(ten) == ("A",)
    assert (loser_at(POINTS), loser_at(FIVE)) == (11, 10)


@pytest.mark.parametrize("steps", range(-4, 5))
@pytest.mark.parametrize("won, outcome", [(W, "out"), (L, "loser")])
def test_open_boonaak_decides_from_any_score(steps, won, outcome):
    # Line 165: open boonaak "decides whether the player is a winner or the loser".
    sheet = play(*[[("A", N[25], steps < 0)]] * abs(steps), settings=FIVE)
    assert sheet.score("A") == 5 + steps
    assert status(apply_points(sheet, [("A", Bid("open_boonaak"), won)]), "A") == outcome


# ------------------------------------------------------------------ whole games
def test_a_whole_game_to_a_loser():
    sheet = play([("B", N[80], W)],                         # B 2
                 [("C", MISERE, L)],                        # C 7
                 [("B", N[45], W)],                         # B 1
                 [("A", Bid("zwabber"), L)],                # A 8
                 [("B", N[50], W)],                         # B -1: out
                 [("C", Bid("boonaak"), L)],                # C 10
                 [("D", MISERE, W), ("A", MISERE, L)])      # D 3, A 10
    assert [sheet.score(s) for s in SEATS] == [10, -1, 10, 3]
    assert seats_in(sheet) == ("A", "C", "D") and game_over(sheet) is None
    sheet = apply_points(sheet, [("C", N[55], L)])          # C 12
    assert sheet.column("C") == (5, 7, 10, 12)
    assert status(sheet, "C") == "loser" and game_over(sheet) == ("C",)
    with pytest.raises(PointsError, match="the game is over"):
        apply_points(sheet, [("A", N[80], W)])


def test_the_last_one_left_loses():
    sheet = play([("A", N[80], W)], [("A", N[80], W)], [("B", N[80], W)], seats=("A", "B", "C"))
    assert game_over(sheet) is None
    sheet = apply_points(sheet, [("B", N[80], W)])
    assert seats_in(sheet) == ("C",) and game_over(sheet) == ("C",)
    assert sheet.score("C") == 5 and status(sheet, "C") == "in"


def test_the_last_one_left_loses_five_card_version():
    sheet = play([("A", Bid("open_boonaak"), W)], [("B", Bid("boonaak"), W)], seats=("A", "B", "C"), settings=FIVE)
    assert game_over(sheet) == ("C",)


def test_two_losers_in_one_misere_deal_decision_9():
    before = [[(s, N[80], L)] for s in "AB"] + [[(s, N[45], L)] for s in "AB"]         # A 9, B 9
    chain = [("B", MISERE, L), ("A", MISERE, L), ("C", MISERE, W)]
    assert game_over(play(*before, chain)) == ("B", "A")                                # both, chain order
    first = BoonakenSettings(scoring="points", two_erin="first")
    assert game_over(play(*before, chain, settings=first)) == ("B",)


def test_a_loser_and_a_winner_in_one_deal_the_loser_loses():
    sheet = play([("A", N[80], W)], [("B", N[80], L)], [("B", N[45], L)],             # A 2, B 9
                 [("A", MISERE, W), ("B", MISERE, L)])                                 # A 0, B 11
    assert (status(sheet, "A"), status(sheet, "B")) == ("out", "loser")
    assert game_over(sheet) == ("B",)


def test_misere_bidders_going_out_leave_the_last_one_to_lose():
    sheet = play([("A", N[80], W)], [("B", N[80], W)], [("A", MISERE, W), ("B", MISERE, W)], seats=("A", "B", "C"))
    assert game_over(sheet) == ("C",)


# ------------------------------------------------------------------ refusals, in words
def test_a_deal_cannot_put_every_seat_still_in_out():
    sheet = play([("A", N[80], W)], [("B", N[80], W)], seats=("A", "B"))
    with pytest.raises(PointsError, match="someone takes the tricks"):
        apply_points(sheet, [("A", MISERE, W), ("B", MISERE, W)])


def test_only_seats_still_in_score():
    sheet = play([("B", N[80], W)], [("B", N[80], W)])
    with pytest.raises(PointsError, match="'B' is out and cannot score"):
        apply_points(sheet, [("B", N[80], L)])


@pytest.mark.parametrize("results, words", [
    ([("A", N[80], W), ("A", N[80], W)], "once per deal"),
    ([("A", MISERE, W), ("A", MISERE, L)], "once per deal"),
    ([("A", N[80], W), ("B", MISERE, L)], "only misère bidders score together"),
    ([("Z", N[80], W)], "'Z' has no column"),
    ([("A", W)], r"a result is \(seat, bid, won\)"),
    ([("A", 80, W)], "needs the bid played"),
    ([("A", PASS, W)], '"pass" scores nothing'),
])
def test_bad_results_refused_in_words_and_the_sheet_kept(results, words):
    sheet = play([("A", N[50], L)])
    with pytest.raises(PointsError, match=words):
        apply_points(sheet, results)
    assert sheet.score("A") == 7


def test_a_redeal_scores_nothing():
    sheet = play([("A", N[80], W)])
    assert apply_points(sheet, []) == sheet


def test_a_sheet_needs_points_scoring_and_two_seats():
    with pytest.raises(PointsError, match='scoring "points"'):
        new_points_sheet(SEATS, BoonakenSettings())
    for seats in (("A",), ("A", "A")):
        with pytest.raises(PointsError, match="at least two different seats"):
            new_points_sheet(seats, POINTS)
    with pytest.raises(PointsError, match="no column"):
        status(new_points_sheet(SEATS, POINTS), "Z")


# ------------------------------------------------------------------ dealing
def test_the_deal_passes_left_skipping_seats_that_are_out():
    sheet = play([("B", N[80], W)], [("B", N[80], W)])
    assert next_dealer(sheet, "A") == "C" and next_dealer(sheet, "D") == "A"


def test_previous_declarer_deals_variant():
    settings = BoonakenSettings(scoring="points", dealer_rotation="declarer")
    sheet = play([("C", N[80], W)], settings=settings)
    assert next_dealer(sheet, "A", declarer="C") == "C"
    sheet = apply_points(sheet, [("C", N[80], W)])                   # C out
    assert next_dealer(sheet, "A", declarer="C") == "D"
    assert next_dealer(sheet, "A") == "B"                            # a redeal: passes left


def test_no_next_dealer_once_the_game_is_over():
    sheet = play([("A", Bid("open_boonaak"), L)], settings=FIVE)
    with pytest.raises(PointsError, match="right of the loser"):
        next_dealer(sheet, "A")


# ------------------------------------------------------------------ the setting
def test_scoring_setting():
    assert BoonakenSettings().scoring == "marks"
    assert BoonakenSettings.five_card_version().scoring == "points"
    assert parse_settings(BoonakenSettings, {"scoring": "points"}).scoring == "points"
    texts = {e["name"]: e["text"] for e in BoonakenSettings().explained()}
    assert texts["scoring"] == "How the loser is found: plus and minus marks: two plus is out, two minus loses"
    with pytest.raises(SettingsError, match='setting scoring: "marks" .* or "points"'):
        parse_settings(BoonakenSettings, {"scoring": "goals"})
