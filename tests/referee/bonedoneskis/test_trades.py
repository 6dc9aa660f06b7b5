"""Trade Cards, No Retrade, 8 Ball, 2 Hog and Straight Up Face Down Trade, in whole hands.

Seats 1-4, dealer 4 (deal order 1, 2, 3, 4: seat 1's left neighbour is seat 2, its right seat 4).
"""

from decimal import Decimal

import pytest

from referee.engine import Refusal
from referee.script import call_around, play

TABLE = "open bonedoneskis 1 2 3 4\nhand 1 dealer 4\n"
HOLES = TABLE + "down 1 AC, 2 AD, 3 KC, 4 KD\ndown 1 5C, 2 5D, 3 QC, 4 QD\n"
UNSEEN = TABLE + "down 1 ?, 2 ?, 3 ?, 4 ?\ndown 1 ?, 2 ?, 3 ?, 4 ?\n"
QUIET_3RD = HOLES + "up 1 TH, 2 9H, 3 KH, 4 AH\n"


def passive(state):
    """Play the betting round out: bring in, then everyone calls or checks."""
    return call_around(state)


def then(state, text):
    return play(text, state)


def pending(state, rule):
    return [p for p in state.pending() if p.rule == rule]


def ups(state, seat):
    return [s.card.code for s in state.hand.boards[seat].slots if s.up]


def said(anns, rule):
    return [a for a in anns if a.rule == rule]


def fee_transfers(state, rule):
    return [(t.payer, t.payee, t.amount) for t in state.transfer_list() if t.rule == rule]


# ------------------------------------------------------------------------------ Trade Cards
@pytest.mark.parametrize("card", ["9D", "TS", "2H"])
def test_trade_card_dealt_up_must_be_traded_and_blocks_betting(card):
    state, anns = play(HOLES + f"up 1 {card}, 2 TH, 3 KH, 4 AH")
    (p,) = pending(state, "trade-cards")
    assert (p.seat, p.choices, p.blocks, p.get("street")) == (1, ("trade",), "betting", 3)
    assert [a.kind.value for a in said(anns, "trade-cards")] == ["info", "obligation"]
    lowest = state.hand.betting.to_act
    with pytest.raises(Refusal, match="waiting for seat 1"):
        then(state, f"bring_in {lowest}")
    state, anns = then(state, "decide 1 trade-cards trade seat=3 card=KH")
    assert ups(state, 1) == ["KH"] and ups(state, 3) == [card]
    assert not state.pending()
    state, _ = passive(state)                       # betting is open again
    assert state.hand.street == 4


def test_trade_target_must_come_from_the_trade_cards_street():
    state, _ = passive(play(QUIET_3RD)[0])
    state, _ = then(state, "up 1 TS, 2 TD, 3 5H, 4 9C")
    assert pending(state, "trade-cards")[0].get("street") == 4
    with pytest.raises(Refusal, match="not dealt on street 4"):
        then(state, "decide 1 trade-cards trade seat=2 card=9H")       # seat 2's 3rd-street card
    state, anns = then(state, "decide 1 trade-cards trade seat=2 card=TD")
    assert ups(state, 1) == ["TH", "TD"] and ups(state, 2) == ["9H", "TS"]


@pytest.mark.parametrize("decision, reason", [
    ("decide 1 trade-cards trade seat=1 card=TH", "another player's card"),
    ("decide 1 trade-cards trade seat=3 card=KC", "no face-up K"),        # seat 3's hole card
    ("decide 1 trade-cards trade seat=3 card=9C", "no face-up 9"),        # not on seat 3's board
    ("decide 1 trade-cards trade", "say which seat and which card"),
    ("decide 1 trade-cards pass seat=3 card=KH", "'pass' is not a choice"),
    ("decide 2 trade-cards trade seat=3 card=KH", "no trade-cards decision is waiting for seat 2"),
])
def test_trade_wrong_input_is_refused(decision, reason):
    state, _ = play(HOLES + "up 1 9D, 2 TH, 3 KH, 4 AH")
    with pytest.raises(Refusal, match=reason):
        then(state, decision)
    assert pending(state, "trade-cards")


def test_trade_answered_twice_is_refused():
    state, _ = play(HOLES + "up 1 9D, 2 TH, 3 KH, 4 AH\ndecide 1 trade-cards trade seat=3 card=KH")
    with pytest.raises(Refusal, match="no trade-cards decision is waiting for seat 1"):
        then(state, "decide 1 trade-cards trade seat=4 card=AH")


def test_trade_typed_in_as_a_swap_settles_the_obligation():
    state, anns = play(HOLES + "up 1 9D, 2 TH, 3 KH, 4 AH\nswap 1 9D 4 AH")
    assert not state.pending() and ups(state, 1) == ["AH"]


def test_trade_card_with_no_up_card_from_its_street_is_not_traded():
    # Seat 1 pays Gambler's Last Dollar: its river (the 9♦) comes up, every other river is down.
    state, _ = play(HOLES + "up 1 6H, 2 TH, 3 KH, 4 AH\ndecide 1 gamblers-last-dollar pay")
    state, _ = passive(state)
    state, _ = passive(then(state, "up 1 9H, 2 TC, 3 QH, 4 5H")[0])
    state, _ = passive(then(state, "up 1 AS, 2 9C, 3 5S, 4 TD")[0])
    state, anns = then(state, "down 2 2C, 3 3D, 4 8C\nup 1 9D")
    notes = said(anns, "trade-cards")
    assert [a.kind.value for a in notes] == ["info", "obligation", "info"]
    assert "no trade" in notes[-1].text and notes[-1].seats == (1,)
    assert not state.pending() and state.hand.phase == "betting"


def test_trade_card_stolen_by_two_hog_is_no_longer_owed():
    state, _ = play(HOLES + "up 1 2H, 2 2S, 3 KH, 4 AH")
    assert pending(state, "trade-cards") and pending(state, "two-hog")
    state, anns = then(state, "decide 2 two-hog steal seat=1 card=2H")
    assert ups(state, 1) == [] and ups(state, 2) == ["2S", "2H"]
    assert "taken by seat 2: no trade" in said(anns, "trade-cards")[-1].text
    assert not state.pending()
    with pytest.raises(Refusal, match="no trade-cards decision"):
        then(state, "decide 1 trade-cards trade seat=3 card=KH")
    passive(state)                                   # the hand is not stuck


def test_trade_card_turned_face_down_is_no_longer_owed():
    state, _ = play(HOLES + "up 1 9D, 2 4H, 3 KH, 4 AH")
    state, anns = then(state, "decide 2 four-tician turn-down seat=1 card=9D")
    assert "turned face down: no trade" in said(anns, "trade-cards")[-1].text
    assert not pending(state, "trade-cards")


# ------------------------------------------------------------------------------ No Retrade
def test_no_retrade_nine_of_diamonds_for_ten_of_spades():
    state, _ = play(HOLES + "up 1 9D, 2 TS, 3 KH, 4 AH")
    assert [p.seat for p in pending(state, "trade-cards")] == [1, 2]
    state, anns = then(state, "decide 1 trade-cards trade seat=2 card=TS")
    assert ups(state, 1) == ["TS"] and ups(state, 2) == ["9D"]
    assert sorted(a.seats for a in said(anns, "no-retrade")) == [(1,), (2,)]
    assert "void" in said(anns, "no-retrade")[0].text
    assert not state.pending()
    for retrade in ("decide 1 trade-cards trade seat=3 card=KH", "decide 2 trade-cards trade seat=3 card=KH"):
        with pytest.raises(Refusal, match="no trade-cards decision"):
            then(state, retrade)
    state, anns = passive(state)
    assert state.hand.street == 4


# ---------------------------------------------------------------------------------- 8 Ball
def eight_ball_on_4th():
    state, _ = passive(play(QUIET_3RD)[0])
    return then(state, "up 1 8S, 2 TD, 3 5H, 4 9C")


def test_eight_ball_pays_and_trades_for_any_up_card_from_any_street():
    state, anns = eight_ball_on_4th()
    (p,) = pending(state, "eight-ball")
    assert (p.seat, p.choices, p.lapses, p.amount) == (1, ("trade", "pass"), "betting", Decimal("2.50"))
    state, anns = then(state, "decide 1 eight-ball trade seat=3 card=KH")   # seat 3's 3rd-street card
    assert ups(state, 1) == ["TH", "KH"] and ups(state, 3) == ["8S", "5H"]
    assert fee_transfers(state, "eight-ball") == [("seat:1", "pot:main", Decimal("2.50"))]


@pytest.mark.parametrize("decision, reason", [
    ("decide 1 eight-ball trade seat=3 card=KC", "no face-up K"),     # a hole card
    ("decide 1 eight-ball trade seat=1 card=TH", "another player's card"),
    ("decide 1 eight-ball swap seat=3 card=KH", "not a choice"),
    ("decide 3 eight-ball trade seat=1 card=8S", "no eight-ball decision is waiting for seat 3"),
])
def test_eight_ball_wrong_input_is_refused(decision, reason):
    state, _ = eight_ball_on_4th()
    with pytest.raises(Refusal, match=reason):
        then(state, decision)
    assert not fee_transfers(state, "eight-ball")


def test_eight_ball_passed_is_gone_even_when_the_eight_is_turned_up_elsewhere():
    state, _ = eight_ball_on_4th()
    state, anns = then(state, "decide 1 eight-ball pass")
    assert "nobody may use it later" in said(anns, "eight-ball")[-1].text
    with pytest.raises(Refusal, match="no eight-ball decision"):
        then(state, "decide 1 eight-ball trade seat=3 card=KH")
    # The 8♠ goes face down, changes hands in the hole and is turned up on seat 2's board (no rule
    # does that: the host corrects the table by hand).
    state, anns = then(state, "turndown 1 8S -- misdealt\nswap 1 8S 2 AD -- misdealt\nexpose 2 8S -- misdealt")
    assert "8S" in ups(state, 2) and not pending(state, "eight-ball")
    with pytest.raises(Refusal, match="no eight-ball decision"):
        then(state, "decide 2 eight-ball trade seat=3 card=KH")
    assert not fee_transfers(state, "eight-ball")


def test_eight_ball_not_taken_lapses_at_the_first_bet():
    state, _ = eight_ball_on_4th()
    first = state.hand.betting.to_act
    state, anns = then(state, f"check {first}")
    assert any("Lapsed" in a.text for a in said(anns, "eight-ball"))
    with pytest.raises(Refusal, match="no eight-ball decision"):
        then(state, "decide 1 eight-ball trade seat=3 card=KH")


def test_eight_ball_taken_by_a_trade_card_is_gone_for_its_old_holder():
    state, _ = play(HOLES + "up 1 8S, 2 9D, 3 KH, 4 AH")
    assert [p.seat for p in pending(state, "eight-ball")] == [1]
    state, anns = then(state, "decide 2 trade-cards trade seat=1 card=8S")
    assert ups(state, 2) == ["8S"]
    assert [(a.text, a.seats) for a in said(anns, "eight-ball")] == \
        [("8 Ball: seat 1 no longer holds the 8♠ face up; the option is gone.", (1,))]
    assert not pending(state, "eight-ball")          # nor has its new holder any: it was not dealt there
    with pytest.raises(Refusal, match="no eight-ball decision is waiting for seat 1"):
        then(state, "decide 1 eight-ball trade seat=3 card=KH")
    assert not fee_transfers(state, "eight-ball")


def test_eight_ball_turned_face_down_is_gone():
    state, _ = play(HOLES + "up 1 8S, 2 4H, 3 KH, 4 AH")
    state, anns = then(state, "decide 2 four-tician turn-down seat=1 card=8S")
    assert "8 Ball: seat 1 no longer holds the 8♠ face up" in said(anns, "eight-ball")[-1].text
    assert not pending(state, "eight-ball")


def test_eight_ball_discarded_is_gone():
    state, anns = play(HOLES + "up 1 8S, 2 TH, 3 KH, 4 AH\ndiscard 1 8S -- it fell off the table")
    assert "8 Ball: seat 1 no longer holds the 8♠ face up" in said(anns, "eight-ball")[-1].text
    assert not pending(state, "eight-ball")


def test_eight_ball_turned_up_from_the_hole_gives_the_option():
    state, _ = play(TABLE + "down 1 8S, 2 AD, 3 KC, 4 KD\ndown 1 5C, 2 5D, 3 QC, 4 QD\n"
                    "up 1 KS, 2 TH, 3 KH, 4 AH\nexpose 1 8S")        # The King's Men: seat 1 turns up a hole card
    (p,) = pending(state, "eight-ball")
    assert p.seat == 1
    state, _ = then(state, "decide 1 eight-ball trade seat=4 card=AH")
    assert ups(state, 4) == ["8S"]


# ----------------------------------------------------------------------------------- 2 Hog
def two_hog_on_4th():
    state, _ = passive(play(HOLES + "up 1 TH, 2 5H, 3 KH, 4 AH")[0])
    return then(state, "up 1 2S, 2 TD, 3 9C, 4 8H")


def test_two_hog_steals_a_five_from_an_earlier_street_without_replacement():
    state, anns = two_hog_on_4th()
    (p,) = pending(state, "two-hog")
    assert (p.seat, p.choices, p.lapses) == (1, ("steal", "pass"), "betting")
    state, anns = then(state, "decide 1 two-hog steal seat=2 card=5H")
    assert ups(state, 1) == ["TH", "2S", "5H"] and ups(state, 2) == ["TD"]
    assert len(state.hand.boards[2].slots) == 3 and len(state.hand.boards[1].slots) == 5
    assert not state.pending() and state.hand.phase == "betting"      # no replacement card is owed
    assert not state.hand.discards


@pytest.mark.parametrize("decision, reason", [
    ("decide 1 two-hog steal seat=3 card=KH", "only a 2 or a 5"),
    ("decide 1 two-hog steal seat=2 card=5D", "no face-up 5"),        # seat 2's hole 5
    ("decide 1 two-hog steal seat=1 card=TH", "another player's card"),
    ("decide 2 two-hog steal seat=1 card=2S", "no two-hog decision is waiting for seat 2"),
])
def test_two_hog_wrong_input_is_refused(decision, reason):
    state, _ = two_hog_on_4th()
    with pytest.raises(Refusal, match=reason):
        then(state, decision)


def test_two_hog_passed_or_lapsed_cannot_be_used_later():
    state, _ = two_hog_on_4th()
    passed, _ = then(state, "decide 1 two-hog pass")
    lapsed, anns = then(state, f"check {state.hand.betting.to_act}")
    assert any("Lapsed" in a.text for a in said(anns, "two-hog"))
    for s in (passed, lapsed):
        with pytest.raises(Refusal, match="no two-hog decision"):
            then(s, "decide 1 two-hog steal seat=2 card=5H")


def test_two_hog_can_take_a_five_dealt_later_on_the_same_street():
    state, anns = play(HOLES + "up 1 2S, 2 5H, 3 KH, 4 AH")
    (p,) = pending(state, "two-hog")
    assert "5♥ from seat 2" in p.prompt


def test_two_hog_with_nothing_to_take_says_so():
    state, anns = play(HOLES + "up 1 2S, 2 TH, 3 KH, 4 AH")
    assert not pending(state, "two-hog")
    assert "no 2 or 5 up to take" in said(anns, "two-hog")[-1].text


def test_two_hog_goes_with_the_two_of_spades():
    state, _ = play(HOLES + "up 1 2S, 2 9D, 3 5H, 4 AH")
    assert [p.seat for p in pending(state, "two-hog")] == [1]
    state, anns = then(state, "decide 2 trade-cards trade seat=1 card=2S")
    assert [(a.text, a.seats) for a in said(anns, "two-hog")] == \
        [("2 Hog: seat 1 no longer holds the 2♠ face up; the option is gone.", (1,))]
    assert not pending(state, "two-hog")             # nor has its new holder any: it was not dealt there
    with pytest.raises(Refusal, match="no two-hog decision"):
        then(state, "decide 1 two-hog steal seat=3 card=5H")
    # Taken before the street was dealt (while 2 Hog waited for a 2 or 5 to come up): never asked.
    state, anns = play(HOLES + "up 1 2S, 2 9D\ndecide 2 trade-cards trade seat=1 card=2S\nup 3 5H, 4 AH")
    assert "seat 1 no longer holds the 2♠" in said(anns, "two-hog")[-1].text and not pending(state, "two-hog")


@pytest.mark.parametrize("when", ["after the offer", "before the street is dealt"])
def test_two_hog_stays_with_whoever_was_dealt_the_two_of_spades_if_the_table_says_so(when):
    table = HOLES.replace("open bonedoneskis 1 2 3 4", "open bonedoneskis 1 2 3 4 two_hog_card_gone=stays")
    script = "up 1 2S, 2 9D, 3 5H, 4 AH\ndecide 2 trade-cards trade seat=1 card=2S" if when == "after the offer" \
        else "up 1 2S, 2 9D\ndecide 2 trade-cards trade seat=1 card=2S\nup 3 5H, 4 AH"
    state, anns = play(table + script)
    assert not said(anns, "two-hog") or "no longer" not in said(anns, "two-hog")[-1].text
    assert [p.seat for p in pending(state, "two-hog")] == [1]
    state, _ = then(state, "decide 1 two-hog steal seat=3 card=5H")
    assert ups(state, 1) == ["9D", "5H"]


# ------------------------------------------------------------- Straight Up Face Down Trade
def six_five_four(fifth_for_seat_2="9H"):
    """Seat 1's board reads X-X-6♣-5♥-4♣ after 5th street."""
    state, _ = passive(play(UNSEEN + "up 1 6C, 2 TH, 3 KH, 4 AH")[0])
    state, _ = passive(then(state, "up 1 5H, 2 TD, 3 9C, 4 QC")[0])
    return then(state, f"up 1 4C, 2 {fifth_for_seat_2}, 3 AS, 4 KD")


def test_descending_run_trades_with_the_player_on_the_left():
    state, anns = six_five_four()
    (p,) = pending(state, "straight-up")
    assert (p.seat, p.get("neighbour"), p.blocks) == (1, 2, "betting")
    assert "seat 2 (to the left)" in said(anns, "straight-up")[0].text
    with pytest.raises(Refusal, match="waiting for seat 1"):
        then(state, f"check {state.hand.betting.to_act}")
    state, anns = then(state, "swap 2 ? 1 ?")                          # each picks a hole card at random
    assert not state.pending()
    passive(state)


def test_a_face_down_swap_with_someone_else_is_refused_and_settles_nothing():
    state, _ = six_five_four()
    with pytest.raises(Refusal, match="no rule lets seat 1 and seat 3 trade hole card for hole card"):
        then(state, "swap 1 ? 3 ?")
    state, anns = then(state, "swap 1 ? 3 ? -- they swapped anyway")   # the host may still record it
    assert [a.text for a in anns if a.rule == "correction"] == \
        ["Host correction: seat 1 and seat 3 trade hole card for hole card (they swapped anyway)."]
    assert pending(state, "straight-up")


def test_ascending_run_trades_with_the_player_on_the_right():
    # Seat 2: X-X-4♣-10♦-J♥-Q♣ (the J♥ on 5th makes it 7-card stud, so 6th street comes up).
    state, _ = passive(play(UNSEEN + "up 1 TH, 2 4C, 3 QD, 4 AH")[0])
    state, _ = passive(then(state, "up 1 9H, 2 TD, 3 9C, 4 5H")[0])
    state, _ = then(state, "up 1 KH, 2 JH, 3 AS, 4 KD")
    state, _ = passive(then(state, "decide 2 fish-hook pay")[0])     # J and 4 with no 8 between
    state, anns = then(state, "up 1 5D, 2 QC, 3 5S, 4 6S")
    (p,) = pending(state, "straight-up")
    assert (p.seat, p.get("neighbour")) == (2, 1)
    assert "seat 1 (to the right)" in p.prompt
    state, anns = then(state, "decide 2 straight-up done")              # settled by hand, confirmed
    assert said(anns, "straight-up") and not state.pending()
    with pytest.raises(Refusal, match="no straight-up decision"):
        then(state, "decide 2 straight-up done")


def test_face_up_trade_between_the_same_seats_is_allowed_and_settles_nothing():
    # Seat 2's 5th-street card is the 9♦: it must trade for a 5th-street up card, and takes seat 1's 4♣.
    state, _ = six_five_four(fifth_for_seat_2="9D")
    state, anns = then(state, "decide 2 trade-cards trade seat=1 card=4C")
    assert ups(state, 1)[-1] == "9D" and ups(state, 2)[-1] == "4C"
    assert pending(state, "straight-up")
    state, _ = then(state, "swap 1 ? 2 ?")
    assert not state.pending()


def test_the_neighbour_is_the_nearest_player_still_in():
    state, _ = play(UNSEEN + "up 1 6C, 2 KH, 3 TH, 4 AH\nbring_in 3; call 4; call 1; fold 2")
    state, _ = passive(then(state, "up 1 5H, 3 TD, 4 QC")[0])
    state, _ = then(state, "up 1 4C, 3 AS, 4 KD")
    (p,) = pending(state, "straight-up")
    assert p.get("neighbour") == 3
