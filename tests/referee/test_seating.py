"""The table's own events in every game: buy-ins, rebuys, cash-outs (a count that differs from the
stack is said and recorded as counted), a late player dealt in from the next deal, a seat sitting
out skipped; each one undone and replayed like any other event."""

from decimal import Decimal

import pytest

from referee import engine
from referee.engine import Refusal, apply, replay
from referee.events import (BuyIn, CashOut, EventError, HandStarted, SatIn, SatOut, SeatJoined, Undo, dumps_jsonl, from_json,
                            loads_jsonl)
from referee.ledger import balances
from referee.script import parse_script
from referee.seating import BANK, seat_money, stack

D = Decimal
# Seat 1 wins the hand: seats 2 and 3 put in the ante and seat 2 the bring-in, then fold.
HAND_1 = """
open stud 1 2 3
hand 1 dealer 3
down 1 KH, 2 5S, 3 AH; down 1 QD, 2 5C, 3 9C; up 1 TC, 2 2D, 3 KD
bring_in 2; fold 3; complete 1; fold 2
"""


def play(*events, script=HAND_1):
    state, said = replay(parse_script(script))
    for e in events:
        state, more = apply(state, e)
        said = said + more
    return state, said


def test_buy_in_rebuy_and_stack_through_the_ledger():
    state, said = play(BuyIn(1, D("20")), BuyIn(2, D("20")), BuyIn(2, D("10")))
    assert [t.rule for t in state.transfer_list()[-3:]] == ["buy-in", "buy-in", "rebuy"]
    assert {a.rule for a in said[-3:]} == {"buy-in"}              # one rule card explains both
    assert said[-1].text == "Seat 2 rebuys for $10.00: stack $29.00."   # 20 + 10 - ante - bring-in
    money = seat_money(state.transfer_list(), state.seats)
    assert money[2].buy_ins == D("30.00") and money[2].rebuys == 1
    assert stack(state, 1) == D("20.00") + D("1.50")                    # won the antes and the bring-in
    net = balances(state.transfer_list())
    assert net[BANK] == D("-50.00") and sum(net.values()) == 0
    assert money[1].net == D("1.50") and money[2].net == D("-1.00") and money[3].net == D("-0.50")


def test_cash_out_as_expected_and_mismatch_recorded_as_counted():
    state, said = play(BuyIn(1, D("20")), BuyIn(2, D("20")), CashOut(1, D("21.50")))
    assert said[-1].text == "Seat 1 cashes out $21.50, and sits out."
    assert stack(state, 1) == 0 and 1 in state.sitting_out
    state, said = apply(state, CashOut(2, D("20.00")))
    assert "counted $20.00, the ledger expected $19.00 ($1.00 over)" in said[0].text
    assert "Recorded as counted" in said[0].text
    assert stack(state, 2) == D("-1.00")               # the difference waits for settle-up
    assert seat_money(state.transfer_list(), (2,))[2].cash_outs == D("20.00")


def test_money_waits_for_the_end_of_a_deal_and_is_checked():
    state, _ = play(script=HAND_1 + "hand 2 dealer 1\n")
    with pytest.raises(Refusal, match="seat 2 is playing hand 2: buy in"):
        apply(state, BuyIn(2, D("5")))
    with pytest.raises(Refusal, match="not at this table"):
        apply(state, BuyIn(7, D("5")))
    with pytest.raises(Refusal, match="nothing to cash out"):
        play(CashOut(1, D("0")), script="open stud 1 2 3\n")
    with pytest.raises(ValueError, match="more than zero"):
        BuyIn(1, D("0"))
    with pytest.raises(ValueError, match="below zero"):
        CashOut(1, D("-1"))
    with pytest.raises(EventError, match="buy_in: field 'amount': amount 1.005 has fractions of a cent"):
        from_json({"type": "buy_in", "seat": 1, "amount": "1.005"})


def test_late_player_is_dealt_in_from_the_next_deal():
    state, said = play(script=HAND_1 + "hand 2 dealer 1\n")
    state, said = apply(state, SeatJoined(4, "Dee"))
    assert said[0].text == "Seat 4 (Dee) joins the table: dealt in from the next deal."
    assert state.seats == (1, 2, 3, 4) and state.hand.order == (2, 3, 1)   # hand 2 unchanged
    state, _ = apply(state, from_json({"type": "hand_ended", "reason": "test"}))
    state, said = apply(state, HandStarted(3, 2))
    assert state.hand.order == (3, 4, 1, 2)
    assert sum(t.amount for t in state.transfer_list() if t.hand == 3 and t.payer == "seat:4") == D("0.50")
    with pytest.raises(Refusal, match="already at the table"):
        apply(state, SeatJoined(4))


def test_sitting_out_is_skipped_from_the_next_deal_and_back_in():
    state, said = play(SatOut(2))
    assert said[-1].text == "Seat 2 sits out from the next deal."
    opts = [o.label for o in engine.options(state, None)]
    assert "Seat 2 sits in again" in opts and "Seat 1 sits out" in opts
    start = next(o for o in engine.options(state, None) if o.action == "start")
    state, _ = apply(state, start.event)
    assert state.hand.order == (3, 1) and not [t for t in state.transfer_list() if t.hand == 2 and t.payer == "seat:2"]
    state, said = apply(state, SatIn(2))
    assert said[0].text == "Seat 2 is dealt in again from the next deal." and state.hand.order == (3, 1)
    with pytest.raises(Refusal, match="does not sit out"):
        apply(state, SatIn(2))


def test_dealer_passes_over_a_seat_sitting_out_and_too_few_seats_is_refused():
    state, _ = play(SatOut(1))                          # hand 1 was dealt by seat 3: seat 1 is next
    assert engine.options(state, None)[0].event == HandStarted(2, 2)
    state, _ = apply(state, SatOut(2))
    with pytest.raises(Refusal, match=r"at least 2 seats \(sitting out: seat 1, 2\)"):
        apply(state, HandStarted(2, 3))


@pytest.mark.parametrize("event", [BuyIn(1, D("20")), CashOut(1, D("1.50")), SeatJoined(4, "Dee"), SatOut(2)],
                         ids=lambda e: e.type)
def test_each_undone_and_replayed(event):
    before, _ = play()
    after, _ = apply(before, event)
    undone, said = apply(after, Undo(after.seq, "entered by mistake"))
    assert said[0].text.startswith(f"Undone: event {after.seq}")
    assert undone.seats == before.seats and undone.sitting_out == before.sitting_out
    assert balances(undone.transfer_list()) == balances(before.transfer_list())
    again, _ = replay(loads_jsonl(dumps_jsonl(undone.log.to_tuple())))
    assert again.seats == undone.seats and again.transfer_list() == undone.transfer_list()


def test_undo_of_a_late_join_rebuilds_the_next_deal_without_it_or_says_what_depends_on_it():
    state, _ = play(SeatJoined(4), HandStarted(2, 1))
    undone, _ = apply(state, Undo(state.seq - 1, "wrong seat"))
    assert undone.hand.order == (2, 3, 1)               # hand 2 re-dealt without seat 4: no ante from it
    dealt, _ = apply(state, from_json({"type": "card_dealt", "seat": 4, "card": "9S", "up": False}))
    with pytest.raises(Refusal, match="depends on it"):
        apply(dealt, Undo(state.seq - 1, "wrong seat"))
