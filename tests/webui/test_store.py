"""The SQLite store: durability settings, idempotency, append-only, reversals, replay."""

import sqlite3
from decimal import Decimal

import pytest
import sqlite_utils

from referee.ledger import Transfer, balances
from webui.store import IdempotencyError, Store, StoreError


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "croupier.db", clock=lambda: "2026-11-30T20:00:00+00:00")
    yield s
    s.close()


@pytest.fixture
def sid(store):
    return store.create_session("Friday", "poker", {"ante": "0.25", "wild": ["2"]})


def t(payer, payee, amount, **kw):
    return Transfer(payer, payee, Decimal(amount), **kw)


def test_pragmas_wal_and_synchronous_full(store):
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # 2 = FULL


def test_reopening_keeps_data_and_settings(tmp_path):
    path = tmp_path / "x.db"
    with Store(path) as s:
        sid = s.create_session("Friday", "poker", {"ante": "0.25"})
        s.append_event(sid, {"type": "deal", "hand": 1}, "k1")
    with Store(path) as s:
        assert s.session(sid)["settings"] == {"ante": "0.25"}
        assert s.events(sid) == [(1, {"type": "deal", "hand": 1})]
        assert s.db.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_players_get_distinct_tokens_and_seats_are_unique(store, sid):
    a = store.add_player(sid, 1, "Ann")
    b = store.add_player(sid, 2, "Bo")
    assert a != b and len(a) >= 20
    assert store.player_by_token(b)["name"] == "Bo"
    assert [p["seat"] for p in store.players(sid)] == [1, 2]
    with pytest.raises(StoreError, match="already taken"):
        store.add_player(sid, 1, "Cy")
    with pytest.raises(StoreError, match="no table session"):
        store.add_player(999, 1, "Cy")


def test_session_records_the_clock(store, sid):
    assert store.session(sid)["started_at"] == "2026-11-30T20:00:00+00:00"
    assert store.session(sid)["game"] == "poker"


# ------------------------------------------------------------------ events
def test_events_in_order_and_idempotent(store, sid):
    assert store.append_event(sid, {"type": "deal", "hand": 1}, "a") == (1, True)
    assert store.append_event(sid, {"type": "bet", "seat": 2, "amount": Decimal("1.50")}, "b") == (2, True)
    assert store.append_event(sid, {"type": "deal", "hand": 1}, "a") == (1, False)
    assert store.db.execute("SELECT count(*) FROM events").fetchone()[0] == 2
    # Decimals are stored as text.
    assert store.events(sid) == [(1, {"type": "deal", "hand": 1}), (2, {"type": "bet", "seat": 2, "amount": "1.50"})]


def test_event_key_reused_for_other_content_is_refused(store, sid):
    store.append_event(sid, {"type": "deal", "hand": 1}, "a")
    with pytest.raises(IdempotencyError):
        store.append_event(sid, {"type": "deal", "hand": 2}, "a")


def test_event_needs_type_key_and_session(store, sid):
    with pytest.raises(ValueError, match="type"):
        store.append_event(sid, {"hand": 1}, "a")
    with pytest.raises(ValueError, match="idempotency"):
        store.append_event(sid, {"type": "deal"}, "")
    with pytest.raises(StoreError):
        store.append_event(42, {"type": "deal"}, "zz")
    assert store.events(sid) == []


def test_events_of_other_sessions_are_separate(store, sid):
    other = store.create_session("Saturday", "bonnu", {})
    store.append_event(sid, {"type": "a"}, "1")
    store.append_event(other, {"type": "b"}, "2")
    assert [e["type"] for _, e in store.events(other)] == ["b"]


def test_replay_folds_events_in_seq_order(store, sid):
    for i, amount in enumerate(["1", "2.50", "3"]):
        store.append_event(sid, {"type": "bet", "amount": amount}, f"k{i}")

    def apply(state, event):
        return {"bets": state["bets"] + [event["amount"]], "pot": state["pot"] + Decimal(event["amount"])}

    state = store.replay(sid, apply, {"bets": [], "pot": Decimal(0)})
    assert state == {"bets": ["1", "2.50", "3"], "pot": Decimal("6.50")}


# ------------------------------------------------------------------ ledger
def test_transfers_round_trip_with_money_as_text(store, sid):
    seq, _ = store.append_event(sid, {"type": "showdown"}, "e1")
    ids = store.append_transfers(sid, [t("seat:1", "pot:main", "5", rule="bet", hand=1, because=(seq,)),
                                       t("pot:main", "seat:2", "5", rule="win", memo="pair of 9s", hand=1)],
                                 seq=seq, idempotency_key="h1")
    assert ids == [1, 2]
    assert store.db.execute("SELECT amount, typeof(amount) FROM ledger WHERE id = 1").fetchone() == ("5.00", "text")
    got = store.transfers(sid)
    assert got[0] == Transfer("seat:1", "pot:main", Decimal("5.00"), "bet", "", 1, (seq,))
    assert got[1].memo == "pair of 9s"
    assert store.ledger_rows(sid)[0]["seq"] == seq


def test_same_transfer_key_twice_writes_once(store, sid):
    batch = [t("seat:1", "seat:2", "3")]
    first = store.append_transfers(sid, batch, idempotency_key="bounty-7")
    again = store.append_transfers(sid, batch, idempotency_key="bounty-7")
    assert first == again
    assert len(store.ledger_rows(sid)) == 1
    with pytest.raises(IdempotencyError):
        store.append_transfers(sid, [t("seat:1", "seat:2", "4")], idempotency_key="bounty-7")
    with pytest.raises(IdempotencyError):  # a longer or shorter batch under the same key
        store.append_transfers(sid, batch + batch, idempotency_key="bounty-7")


def test_batch_is_one_transaction(store, sid, monkeypatch):
    with pytest.raises(StoreError, match="not in session"):
        store.append_transfers(sid, [t("seat:1", "seat:2", "1")], seq=12345, idempotency_key="x")
    assert store.ledger_rows(sid) == []
    # The second insert of a batch fails: the first must be rolled back with it.
    real_insert = sqlite_utils.db.Table.insert
    calls = []

    def failing_insert(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("disk pulled out")
        return real_insert(self, *args, **kwargs)

    monkeypatch.setattr(sqlite_utils.db.Table, "insert", failing_insert)
    with pytest.raises(RuntimeError):
        store.append_transfers(sid, [t("seat:1", "seat:2", "1"), t("seat:2", "seat:3", "1")], idempotency_key="y")
    monkeypatch.undo()
    assert store.ledger_rows(sid) == []
    assert store.append_transfers(sid, [t("seat:1", "seat:2", "1")], idempotency_key="y") == [1]


@pytest.mark.parametrize("amount", [1.5, "1.5", "-1.00", "0.00", "1e3", "1.00.00", "abc"])
def test_amount_column_only_takes_money_text(store, sid, amount):
    with pytest.raises(sqlite3.IntegrityError):
        store.db.execute("INSERT INTO ledger (session_id, payer, payee, amount, recorded_at) "
                         "VALUES (?, 'a', 'b', ?, 'now')", [sid, amount])
    assert store.ledger_rows(sid) == []


def test_transfers_need_a_known_session(store):
    with pytest.raises(StoreError):
        store.append_transfers(77, [t("seat:1", "seat:2", "1")])


@pytest.mark.parametrize("sql", [
    "UPDATE events SET type = 'x'",
    "DELETE FROM events",
    "UPDATE ledger SET amount = '999.00'",
    "DELETE FROM ledger",
    "INSERT OR REPLACE INTO events (seq, session_id, idempotency_key, type, body, recorded_at) "
    "VALUES (1, 1, 'k', 'x', '{}', 'now')",
])
def test_events_and_ledger_are_append_only(store, sid, sql):
    store.append_event(sid, {"type": "deal"}, "k")
    store.append_transfers(sid, [t("seat:1", "seat:2", "1")], idempotency_key="l")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute(sql)
    assert store.events(sid) == [(1, {"type": "deal"})]
    assert store.transfers(sid) == [t("seat:1", "seat:2", "1")]
    for name in ("update", "delete"):
        assert not hasattr(store, f"{name}_event") and not hasattr(store, f"{name}_entry")


def test_reversal_is_a_mirror_entry(store, sid):
    [entry] = store.append_transfers(sid, [t("seat:1", "seat:2", "2.75", rule="bounty", hand=4)],
                                     idempotency_key="b")
    with pytest.raises(StoreError, match="not in session"):
        store.reverse_entry(entry, "wrong seat credited", "undo-b", seq=99)
    seq, _ = store.append_event(sid, {"type": "undo", "entry": entry}, "e-undo")
    rev = store.reverse_entry(entry, "wrong seat credited", "undo-b", seq=seq)
    assert store.reverse_entry(entry, "wrong seat credited", "undo-b", seq=seq) == rev  # idempotent
    rows = store.ledger_rows(sid)
    assert len(rows) == 2
    assert rows[0]["reversed_by"] == rev
    assert rows[1]["reverses"] == entry and rows[1]["reason"] == "wrong seat credited"
    assert (rows[1]["payer"], rows[1]["payee"], rows[1]["amount"]) == ("seat:2", "seat:1", Decimal("2.75"))
    assert rows[1]["rule"] == "bounty" and rows[1]["hand"] == 4 and rows[1]["seq"] == seq
    assert set(balances(store.transfers(sid)).values()) == {Decimal("0.00")}


def test_reversal_rules(store, sid):
    [entry] = store.append_transfers(sid, [t("seat:1", "seat:2", "1")])
    with pytest.raises(ValueError, match="reason"):
        store.reverse_entry(entry, "  ", "r0")
    rev = store.reverse_entry(entry, "misdeal", "r1")
    with pytest.raises(StoreError, match="already reversed by entry"):
        store.reverse_entry(entry, "again", "r2")
    with pytest.raises(StoreError, match="itself a reversal"):
        store.reverse_entry(rev, "redo", "r3")
    with pytest.raises(StoreError, match="no ledger entry"):
        store.reverse_entry(999, "x", "r4")
    with pytest.raises(IdempotencyError):
        [other] = store.append_transfers(sid, [t("seat:3", "seat:2", "1")])
        store.reverse_entry(other, "x", "r1")
    assert len(store.ledger_rows(sid)) == 3
