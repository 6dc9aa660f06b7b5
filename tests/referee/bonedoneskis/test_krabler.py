"""The Krabler: a King and a 3 dealt side by side on consecutive streets make their owner bet if
checked to, or raise if bet to, once in that round.

Two seats, dealer 2 (seat 1 is dealt first). Seat 2 shows Aces from 4th street on, so it acts
first unless a test says otherwise.
"""

from decimal import Decimal

import pytest

from referee.engine import Refusal
from referee.ledger import balances
from referee.script import call_around, play

OPEN = "open bonedoneskis 1 2{settings}\nhand 1 dealer 2\ndown 1 9C, 2 TH\ndown 1 5C, 2 TD\n"


def passive(state, said):
    state, anns = call_around(state)
    said += anns
    return state


def deal(*streets, settings=""):
    """Deal street by street (each street's text may include decisions), betting passively between
    streets; stops with the last street's betting about to start."""
    state, said = play(OPEN.format(settings=settings) + streets[0])
    for text in streets[1:]:
        state = passive(state, said)
        state, anns = play(text, state)
        said += anns
    return state, said


def krabler(anns):
    return [a for a in anns if a.rule == "krabler"]


def then(state, text):
    return play(text, state)


K_THEN_3 = ("up 1 KH, 2 AH", "up 1 3D, 2 AD\ndecide 1 threes keep")


def test_k_then_3_must_bet_when_checked_to():
    state, anns = deal(*K_THEN_3)
    (note,) = krabler(anns)
    assert (note.kind.value, note.seats) == ("obligation", (1,))
    assert state.hand.betting.to_act == 2
    state, _ = then(state, "check 2")
    with pytest.raises(Refusal, match="The Krabler: seat 1 must bet"):
        then(state, "check 1")
    state, _ = then(state, "bet 1; call 2")
    assert state.hand.street == 5 and state.hand.phase == "dealing"


def test_k_then_3_must_raise_when_bet_to():
    state, _ = deal(*K_THEN_3)
    state, _ = then(state, "bet 2")
    with pytest.raises(Refusal, match="The Krabler: seat 1 must raise"):
        then(state, "call 1")
    state, _ = then(state, "raise 1; call 2")
    net = balances(state.transfer_list())
    assert net["pot:main"] == Decimal("6.00")           # antes 1 + 3rd street 1 + bet and raise 2 each


def test_krabler_is_once_a_round_and_may_fold():
    state, _ = deal(*K_THEN_3)
    state, _ = then(state, "bet 2; raise 1; raise 2")
    state, _ = then(state, "call 1")                     # once done, calling is fine
    assert state.hand.street == 5
    folded, anns = then(deal(*K_THEN_3)[0], "check 2; fold 1")
    assert folded.hand.phase == "over"


def test_krabler_acting_first_must_bet():
    # Seat 1 shows K-3 and seat 2 only a 10: seat 1 acts first; nobody has bet, so it must bet.
    state, _ = deal("up 1 KH, 2 TC", "up 1 3D, 2 8D\ndecide 1 threes keep")
    assert state.hand.betting.to_act == 1
    with pytest.raises(Refusal, match="must bet"):
        then(state, "check 1")
    then(state, "bet 1")


def test_krabler_may_call_when_the_raises_are_capped():
    state, _ = deal(*K_THEN_3, settings=" max_raises=0")
    state, _ = then(state, "bet 2; call 1")
    assert state.hand.street == 5


def test_j_3_k_also_counts_on_the_kings_street():
    state, anns = deal("up 1 JH, 2 AH", "up 1 3D, 2 AD\ndecide 1 threes keep")
    assert not krabler(anns)
    state, more = then(passive(state, anns), "up 1 KH, 2 AS")
    assert [a.seats for a in krabler(more)] == [(1,)]
    with pytest.raises(Refusal, match="must bet"):
        then(state, "check 2; check 1")


def test_k_j_3_is_not_a_krabler():
    state, anns = deal("up 1 KH, 2 AH", "up 1 JH, 2 AD", "up 1 3D, 2 AS\ndecide 1 threes keep")
    assert not krabler(anns)
    state, _ = then(state, "check 2; check 1")
    assert state.hand.street == 6


def test_k_3_k_is_a_krabler_twice():
    state, anns = deal(*K_THEN_3)
    assert len(krabler(anns)) == 1
    state, _ = then(state, "check 2; bet 1; call 2")
    state, more = then(state, "up 1 KD, 2 AS")
    assert [a.seats for a in krabler(more)] == [(1,)]
    state, _ = then(state, "check 2")
    with pytest.raises(Refusal, match="must bet"):
        then(state, "check 1")


def test_a_sold_3_makes_no_krabler():
    state, anns = deal("up 1 KH, 2 AH", "up 1 3D, 2 AD")
    assert "unless the 3 is sold" in krabler(anns)[-1].text
    state, _ = then(state, "decide 1 threes sell\nup 1 9H")
    state, anns = then(state, "check 2; check 1")
    assert "no forced bet" in krabler(anns)[-1].text
    assert state.hand.street == 5


def test_an_unsold_3_that_lapses_is_a_krabler():
    state, anns = deal("up 1 KH, 2 AH", "up 1 3D, 2 AD")      # the 3's option lapses at the first bet
    assert krabler(anns)
    state, _ = then(state, "check 2")
    with pytest.raises(Refusal, match="must bet"):
        then(state, "check 1")


def test_three_then_king_works_the_other_way_round():
    state, anns = deal("up 1 3D, 2 AH\ndecide 1 threes keep", "up 1 KH, 2 AD")
    assert [a.seats for a in krabler(anns)] == [(1,)]
