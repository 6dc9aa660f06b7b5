"""The core's promises: purity, replay rebuilds the identical state, refusals change nothing,
undo is a logged event, pending decisions are tracked."""

import copy
from decimal import Decimal

import pytest

from referee.engine import Refusal, apply, can, replay, verify
from referee.events import CardDealt, Check, HandStarted, TableOpened, Undo, dumps_jsonl, loads_jsonl
from referee.cards import Card
from referee.script import parse_script, play
from referee.state import State

STUD_HAND = """
open stud 1 2 3
hand 1 dealer 3
down 1 KH, 2 5S, 3 AH; down 1 QD, 2 5C, 3 9C; up 1 TC, 2 2D, 3 KD
bring_in 2; call 3; complete 1; call 2; call 3
up 1 JH, 2 5H, 3 AC
check 3; bet 1; call 2; fold 3
up 1 9S, 2 8H
bet 1; call 2
down 1 3C, 2 7D
bet 1; raise 2; call 1
"""


def test_replay_rebuilds_identical_state_and_json_round_trip():
    events = parse_script(STUD_HAND)
    state, said = replay(events)
    again, said_again = replay(loads_jsonl(dumps_jsonl(events)))
    assert again == state and said_again == said
    assert replay(state.log.to_tuple())[0] == state


def test_apply_never_changes_its_input():
    events = parse_script(STUD_HAND)
    state = State()
    for e in events:
        before = copy.deepcopy(state)
        new, _ = apply(state, e)
        assert state == before and new is not state
        state = new


def test_whole_stud_hand_money_and_winner():
    state, said = play(STUD_HAND)
    assert state.hand.phase == "over"
    over = [a for a in said if a.kind.value == "hand_over"]
    assert len(over) == 1 and over[0].seats == (1,)  # K-high straight beats three 5s
    from referee.ledger import balances
    net = balances(state.transfer_list())
    assert sum(net.values()) == 0 and net["pot:main"] == 0
    assert net["seat:1"] > 0 and net["seat:2"] < 0 and net["seat:3"] < 0
    # antes 1.50; third street 3 x 1.00; fourth 2 x 1.00; fifth 2 x 2.00; sixth 2 x 4.00
    assert net["seat:1"] == Decimal("18.50") - Decimal("8.50")


@pytest.mark.parametrize("event,reason", [
    (CardDealt(1, Card(14, "H"), True), "already on the table"),     # AH is seat 3's hole card
    (CardDealt(4, Card(2, "C"), True), "not in hand"),
    (Check(1), "no betting now"),
    (HandStarted(2, 1), "still in progress"),
])
def test_refusals_say_why_and_change_nothing(event, reason):
    state, _ = play("open stud 1 2 3\nhand 1 dealer 3\ndown 1 KH, 2 5S, 3 AH")
    why = verify(state, event)
    assert why is not None and reason in why and not can(state, event)
    with pytest.raises(Refusal):
        apply(state, event)


def test_no_table_no_game():
    with pytest.raises(Refusal, match="no table is open"):
        apply(State(), HandStarted(1, 1))
    with pytest.raises(Refusal, match="unknown game"):
        apply(State(), TableOpened("pinochle", (1, 2)))


def test_bad_settings_refused():
    with pytest.raises(Refusal, match="unknown setting"):
        apply(State(), TableOpened("stud", (1, 2), {"antee": "1"}))
    with pytest.raises(Refusal, match="fractions of a cent"):
        apply(State(), TableOpened("stud", (1, 2), {"ante": "0.005"}))


def test_wrong_turn_and_bring_in_enforced():
    state, _ = play("open stud 1 2 3\nhand 1 dealer 3\ndown 1 KH, 2 5S, 3 AH; down 1 QD, 2 5C, 3 9C\n"
                    "up 1 TC, 2 2D, 3 KD")
    assert "seat 2's turn" in verify(state, Check(1))
    assert "must bring in" in verify(state, Check(2))


def test_undo_is_an_event_and_replays():
    state, _ = play("open stud 1 2 3\nhand 1 dealer 3\ndown 1 KH, 2 5S, 3 AH")
    wrong = state.seq
    state, said = apply(state, Undo(wrong, "dealt the wrong card"))
    assert said[0].rule == "undo" and "wrong card" in said[0].text
    assert Card(14, "H") not in set(state.hand.cards_in_play())
    state, _ = apply(state, CardDealt(3, Card(14, "S"), False))
    assert replay(state.log.to_tuple())[0] == state
    with pytest.raises(Refusal, match="already undone"):
        apply(state, Undo(wrong, "again"))
    with pytest.raises(Refusal, match="cannot undo an undo"):
        apply(state, Undo(wrong + 1, "no"))


def test_undo_that_would_break_later_events_is_refused():
    state, _ = play("open stud 1 2 3\nhand 1 dealer 3\ndown 1 KH, 2 5S, 3 AH")
    hand_started = 2
    with pytest.raises(Refusal, match="depends on it"):
        apply(state, Undo(hand_started, "oops"))


def test_undo_of_money_refunds_it():
    state, _ = play("open stud 1 2\nhand 1 dealer 2\ndown 1 KH, 2 5S; down 1 QD, 2 5C; up 1 TC, 2 2D\nbring_in 2")
    pot = state.pot_total()
    state, _ = apply(state, Undo(state.seq, "misclick"))
    assert state.pot_total() == pot - Decimal("0.50")


def test_misdeal_returns_everything():
    state, said = play("open stud 1 2\nhand 1 dealer 2\ndown 1 KH\nend misdeal")
    from referee.ledger import balances
    assert all(v == 0 for v in balances(state.transfer_list()).values())
    assert said[-1].kind.value == "hand_over"
