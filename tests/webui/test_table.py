"""The composition root's promise: the stored log rebuilds the referee's state on start, money in
the ledger always matches the referee, an undo becomes reversing entries, and a repeated
idempotency key records once."""

from decimal import Decimal

import pytest

from referee.engine import Refusal
from referee.events import Undo
from referee.ledger import balances
from referee.script import parse_script
from webui.store import Store
from webui.table import Table

SCRIPT = """
open bonedoneskis 1 2 3
hand 1 dealer 3
down 1 KH, 2 5S, 3 AH; down 1 QD, 2 5C, 3 9C; up 1 JS, 2 TC, 3 KD
decide 1 black-jack pay
bring_in 2
"""


def fill(table):
    for i, e in enumerate(parse_script(SCRIPT)):
        table.submit(e, f"k{i}")


def test_restart_rebuilds_state_from_log(tmp_path):
    with Store(tmp_path / "t.db") as store:
        t = Table.open(store, "night", "bonedoneskis")
        fill(t)
        state = t.state
    with Store(tmp_path / "t.db") as store:
        again = Table.open(store, "night", "bonedoneskis")
        assert again.state == state
        assert balances(again.transfers()) == balances(state.transfer_list())


def test_same_key_twice_records_once(tmp_path):
    with Store(tmp_path / "t.db") as store:
        t = Table.open(store, "night", "bonedoneskis")
        fill(t)
        n = len(store.events(t.session_id))
        first = parse_script(SCRIPT)[0]
        again = t.submit(first, "k0")
        assert not again.created and len(store.events(t.session_id)) == n


def test_refused_event_is_not_written(tmp_path):
    with Store(tmp_path / "t.db") as store:
        t = Table.open(store, "night", "bonedoneskis")
        fill(t)
        n, m = len(store.events(t.session_id)), len(store.ledger_rows(t.session_id))
        with pytest.raises(Refusal):
            t.submit(parse_script("bet 1")[0], "bad")
        assert len(store.events(t.session_id)) == n and len(store.ledger_rows(t.session_id)) == m


def test_undo_reverses_ledger_entries_append_only(tmp_path):
    with Store(tmp_path / "t.db") as store:
        t = Table.open(store, "night", "bonedoneskis")
        fill(t)
        fee_seq = t.state.seq - 1  # "decide 1 black-jack pay" came before the bring-in... undo the bring-in
        bring_in_seq = t.state.seq
        before = balances(t.transfers())
        t.submit(Undo(bring_in_seq, "wrong seat"), "undo-1")
        rows = store.ledger_rows(t.session_id)
        reversal = [r for r in rows if r["reverses"] is not None]
        assert len(reversal) == 1 and reversal[0]["reason"] == "wrong seat"
        after = balances(t.transfers())
        assert after["seat:2"] == before["seat:2"] + Decimal("0.50")
        assert balances(t.transfers()) == balances(t.state.transfer_list())
        assert fee_seq > 0
    with Store(tmp_path / "t.db") as store:
        again = Table.open(store, "night", "bonedoneskis")
        assert balances(again.transfers()) == balances(again.state.transfer_list())
