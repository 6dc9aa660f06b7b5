"""Bonedoneskis' base game: 6-card stud, ante and bring-in, fixed limits, who acts first, the
extension to 7- and 8-card stud, all-ins and side pots, and settings."""

from decimal import Decimal

import pytest

from referee.engine import Refusal, apply
from referee.events import AllIn, Call, Raise
from referee.ledger import balances
from referee.script import play

THIRD = """
open bonedoneskis 1 2 3
hand 1 dealer 3
down 1 KH, 2 5S, 3 AH; down 1 QD, 2 5C, 3 9C
"""


def net(state):
    return balances(state.transfer_list())


def test_antes_and_bring_in_by_lowest_up_card():
    state, said = play(THIRD + "up 1 TC, 2 8H, 3 KD")
    assert state.pot_total() == Decimal("1.50")
    assert any("seat 2 has the lowest card (8♥)" in a.text for a in said)
    assert state.hand.betting.to_act == 2


def test_wild_seven_counts_high_for_the_bring_in():
    # On 7-8-10-A the 8 brings in: the 7 is wild and may count as an ace.
    state, said = play("open bonedoneskis 1 2 3 4\nhand 1 dealer 4\n"
                       "down 1 KH, 2 5S, 3 AH, 4 2C; down 1 QD, 2 5C, 3 9C, 4 3D\n"
                       "up 1 7C, 2 8H, 3 TD, 4 AS")
    assert state.hand.betting.to_act == 2


def test_bring_in_ties_go_by_suit_clubs_lowest():
    state, _ = play(THIRD + "up 1 TH, 2 TC, 3 KD")
    assert state.hand.betting.to_act == 2


def test_fixed_limit_sizes_and_cap():
    state, _ = play(THIRD + "up 1 TC, 2 8H, 3 KD\nbring_in 2; complete 3")
    with pytest.raises(Refusal, match="fixed limit"):
        apply(state, Raise(1, Decimal("5.00")))
    state, _ = apply(state, Raise(1))
    state, _ = apply(state, Raise(2))
    state, _ = apply(state, Raise(3))
    with pytest.raises(Refusal, match="capped"):
        apply(state, Raise(1))
    state, _ = apply(state, Call(1))
    state, _ = apply(state, Call(2))
    assert state.hand.phase == "dealing" and state.hand.street == 4
    # third street: completed to $1 then three $1 raises -> $4 each
    assert state.hand.contributions == {1: Decimal("4.50"), 2: Decimal("4.50"), 3: Decimal("4.50")}


def test_highest_showing_hand_acts_first_and_big_bets_from_fifth():
    state, said = play(THIRD + "up 1 TC, 2 8H, 3 KD\nbring_in 2; call 3; call 1\n"
                       "up 1 TD, 2 9H, 3 8D")
    assert state.hand.betting.to_act == 1  # pair of 10s showing
    state, said = play(THIRD + "up 1 TC, 2 8H, 3 KD\nbring_in 2; call 3; call 1\n"
                       "up 1 TD, 2 9H, 3 8D\ncheck 1; check 2; check 3\nup 1 4C, 2 6S, 3 AC")
    b = state.hand.betting
    assert b.size == Decimal("2.00")


def _to_fifth(up5: str) -> str:
    return (THIRD + "up 1 TC, 2 8H, 3 KD\nbring_in 2; call 3; call 1\n"
            "up 1 TD, 2 9H, 3 8D\ncheck 1; check 2; check 3\n" + up5 + "\ncheck 1; check 2; check 3\n")


def test_six_card_stud_by_default_river_face_down():
    state, _ = play(_to_fifth("up 1 4C, 2 6S, 3 AC"))
    assert state.hand.final_street == 6 and state.hand.street == 6


def test_red_jack_on_fifth_makes_seven_card_stud():
    state, said = play(_to_fifth("up 1 4C, 2 JH, 3 AC"))
    assert state.hand.final_street == 7
    assert any(a.rule == "extension" for a in said)
    # sixth street now comes face up with a betting round, seventh down
    state, _ = play(_to_fifth("up 1 4C, 2 JH, 3 AC") + "up 1 2D, 2 6S, 3 7C\ncheck 3; check 1; check 2\n"
                    "down 1 4D, 2 2H, 3 3S")
    assert state.hand.street == 7 and state.hand.phase == "betting"


def test_queen_of_spades_on_sixth_makes_eight_card_stud():
    state, _ = play(_to_fifth("up 1 4C, 2 JH, 3 AC") + "up 1 2D, 2 QS, 3 7C")
    assert state.hand.final_street == 8


def test_extension_off_by_setting():
    script = _to_fifth("up 1 4C, 2 JH, 3 AC").replace("open bonedoneskis 1 2 3", "open bonedoneskis 1 2 3 extension=false")
    state, _ = play(script)
    assert state.hand.final_street == 6


def test_all_in_makes_a_side_pot():
    state, _ = play(THIRD + "up 1 TC, 2 8H, 3 KD\nbring_in 2")
    state, _ = apply(state, AllIn(3, Decimal("0.25")))
    state, _ = apply(state, Call(1))
    assert state.hand.boards[3].all_in and state.hand.phase == "dealing"
    from referee.poker.pots import compute_pots
    pots = compute_pots(state.hand.contributions, [], {3})
    assert pots[0].eligible == (1, 2, 3) and pots[0].amount == Decimal("2.25")
    assert pots[1].eligible == (1, 2) and pots[1].amount == Decimal("0.50")


def test_everyone_folds_to_a_bet_winner_takes_pot_without_showdown():
    state, said = play(THIRD + "up 1 TC, 2 8H, 3 KD\nbring_in 2; complete 3; fold 1; fold 2")
    assert state.hand.phase == "over"
    assert said[-1].kind.value == "hand_over" and said[-1].seats == (3,)
    assert net(state)["pot:main"] == 0


def test_showdown_waits_for_unseen_hole_cards():
    script = ("open bonedoneskis 1 2\nhand 1 dealer 2\ndown 1 ?, 2 ?; down 1 ?, 2 ?; up 1 TC, 2 8H\n"
              "bring_in 2; call 1\nup 1 KD, 2 9H\ncheck 1; check 2\nup 1 QC, 2 AS\ncheck 2; check 1\n"
              "down 1 ?, 2 ?\ncheck 2; check 1\n")
    state, said = play(script)
    assert state.hand.phase == "showdown"
    assert {p.seat for p in state.pending() if p.rule == "showdown"} == {1, 2}
    with pytest.raises(Refusal, match="show exactly those"):
        play("show 1 AH", state)
    state, _ = play("show 1 AH AC AD", state)
    state, said = play("show 2 2C 3S 5D", state)
    assert state.hand.phase == "over" and said[-1].seats == (1,)


def test_settings_defaults_and_overrides():
    state, _ = play("open bonedoneskis 1 2 ante=1.00 fee=5.00")
    assert state.settings.ante == Decimal("1.00") and state.settings.fee == Decimal("5.00")
    with pytest.raises(Refusal, match="snowmen_eights"):
        play("open bonedoneskis 1 2 snowmen_eights=blue")
    with pytest.raises(Refusal, match="2 to 8 seats"):
        play("open bonedoneskis 1")


def test_face_up_river_red_jack_does_not_extend():
    # Gambler's Last Dollar buys a face-up river; a red Jack there is still the last card.
    script = (THIRD + "up 1 TC, 2 6H, 3 KD\nbring_in 2; call 3; call 1\ndecide 2 gamblers-last-dollar pay\n"
              "up 1 TD, 2 9H, 3 8D\ncheck 1; check 2; check 3\nup 1 4C, 2 AS, 3 AC\n")
    state, _ = play(script)
    first = state.hand.betting.to_act
    order = [first] + [s for s in (1, 2, 3) if s != first]
    state, _ = play("; ".join(f"check {s}" for s in order) + "\nup 2 JD", state)
    assert state.hand.final_street == 6


def test_a_two_already_combined_cannot_be_combined_again():
    script = ("open bonedoneskis 1 2\nhand 1 dealer 2\ndown 1 KH, 2 5S; down 1 QD, 2 5C; up 1 TC, 2 9H\n"
              "bring_in 2; call 1\nup 1 2D, 2 8H\ndecide 1 codependent-twos combine\n")
    state, said = play(script)
    first = state.hand.betting.to_act
    other = 2 if first == 1 else 1
    state, said = play(f"check {first}; check {other}\nup 1 2C, 2 4C", state)
    assert not any(p.rule == "codependent-twos" for p in state.pending())
