"""Setting `bets: untracked` (a camera table: the camera sees cards, not chips): the referee never
holds the deal for betting, folds are still entered, antes, fees and their pot still work, who acts
first is still announced each street, and the hand ends at a showdown (or when all but one fold)."""

from decimal import Decimal

import pytest

from referee.ledger import balances
from referee.engine import Refusal, apply, options
from referee.script import parse_script
from referee.settings import SettingsError

# The bundled demo video's hand (webui/data/demo-table.script.jsonl) with its bets left out.
DEMO_HAND = """open bonedoneskis 1 2 3 4 bets=untracked
hand 1 dealer 4
down 1 ?, 2 ?, 3 ?, 4 ?
down 1 ?, 2 ?, 3 ?, 4 ?
up 1 JS, 2 3C, 3 9S, 4 QC
decide 1 black-jack pay
decide 2 threes sell
up 2 TH
decide host i-got-the-nine confirmed
up 1 9D, 2 6C, 3 7H, 4 2D
decide 1 trade-cards trade seat=3 card=7H
decide 4 codependent-twos keep
up 1 5D, 2 KS, 3 4C, 4 QH
expose 2 5C
decide 4 queen-of-hearts pass
fold 4
fold 2
down 1 ?, 3 ?
show 1 KH QD 2C
show 3 AH 9C AS
"""


def play(text, state=None):
    from referee.state import State
    state, said = state or State(), []
    for e in parse_script(text):
        state, out = apply(state, e)
        said += out
    return state, said


def test_the_demo_hand_plays_to_the_end_without_a_bet():
    state, said = play(DEMO_HAND)
    words = [a.text for a in said]
    text = "\n".join(words)
    assert "is being bet" not in text
    # who acts first is still announced each street
    assert any("brings in" in w for w in words) and sum("acts first" in w for w in words) == 3
    assert state.hand.phase == "over"
    assert "Hand 1 over" in words[-1] and "best hand" in words[-1]
    # the pot: 4 antes, the Black Jack fee and the sold 3 (I Got The Nine is paid seat to seat)
    pot = Decimal("2.00") + Decimal("2.50") + Decimal("2.50")
    assert balances(state.transfer_list()).get("pot:main", Decimal(0)) == 0
    paid_out = sum(t.amount for t in state.transfer_list() if t.payer == "pot:main")
    assert paid_out == pot and "seat 3 wins $7.00" in words[-1]


def test_no_bet_is_entered_only_folds():
    state, _ = play(DEMO_HAND.split("decide 1 black-jack")[0])
    with pytest.raises(Refusal, match="bets are not tracked"):
        apply(state, parse_script("call 2")[0])
    seat2 = [o.event.type for o in options(state, 2)]
    assert "fold" in seat2 and not {"call", "bet", "bring_in", "complete"} & set(seat2)


def test_an_obligation_still_holds_the_next_street_and_says_so():
    before_pay = DEMO_HAND.split("decide 1 black-jack")[0]
    state, _ = play(before_pay + "decide 2 threes sell\nup 2 TH\ndecide host i-got-the-nine confirmed\n")
    with pytest.raises(Refusal, match="waiting for seat 1"):
        apply(state, parse_script("up 1 9D")[0])
    state, said = play("decide 1 black-jack pay\nup 1 9D\n", state)
    assert state.hand.street == 4


def test_all_but_one_fold_wins_the_antes_and_fees():
    state, said = play("open bonedoneskis 1 2 3 bets=untracked\nhand 1 dealer 3\n"
                       "down 1 ?, 2 ?, 3 ?\nfold 1\nfold 2\n")
    assert state.hand.phase == "over" and "everyone else folded" in said[-1].text
    assert "seat 3 wins $1.50" in said[-1].text


def test_the_setting_is_checked():
    with pytest.raises((SettingsError, Refusal), match="bets must be"):
        play("open stud 1 2 bets=loose\n")
    state, _ = play("open stud 1 2\n")
    assert state.settings.bets == "tracked"
