"""Issue 19, defects 1, 2, 3 and 10: a retry after a restart gets the answer it was given the first
time (the key is looked up first, and stored with the event in one transaction), an undo undoes
the event the host named, every user action writes all or nothing, the read-only commands show the
server's books, and no per-request cache grows without bound."""

from __future__ import annotations

import sqlite3
from decimal import Decimal

import pytest

from dashboard_kit import BLACK_JACK_DEAL, PIN, Phone, deal, start_night
from referee.ledger import balances
from webui.app import create_app
from webui.security import ReplayCache
from webui.store import Store


def make_app(db):
    return create_app({"DB": str(db), "PIN": PIN, "KEEPALIVE": 0.2, "TESTING": True})


def host_of(app) -> Phone:
    h = Phone(app)
    assert h.login().status_code == 200
    return h


def rows(db, sql, params=()):
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, params).fetchall()


def restart(app, db):
    app.extensions["croupier"].close()
    return make_app(db)


@pytest.fixture
def db(tmp_path):
    return tmp_path / "night.db"


# ------------------------------------------------------------------ 1. durable idempotency
def test_a_host_decision_retried_after_a_restart_gets_its_original_answer(db):
    app = make_app(db)
    host = host_of(app)
    start_night(host)
    deal(host)
    pending = host.get("/api/host/state").get_json()["pending"]
    black_jack = next(p for p in pending if p["rule"] == "black-jack")
    body = {"decision": black_jack["id"], "choice": "pay"}
    first = host.post("/api/host/decision", body, key="bj-pay")
    assert first.status_code == 200, first.get_json()
    app = restart(app, db)
    again = host_of(app).post("/api/host/decision", body, key="bj-pay")
    assert again.status_code == 200, again.get_json()          # not "decision #1 is not open any more"
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert rows(db, "select count(*) from events where type = 'decision'")[0][0] == 1
    app.extensions["croupier"].close()


def test_a_start_night_retried_after_a_restart_makes_no_second_night(db):
    app = make_app(db)
    body = {"game": "bonedoneskis", "seats": [1, 2], "names": {"1": "Ann", "2": "Ben"}}
    first = host_of(app).post("/api/host/night", body, key="start-1")
    assert first.status_code == 200
    app = restart(app, db)
    again = host_of(app).post("/api/host/night", body, key="start-1")
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert rows(db, "select count(*) from table_sessions")[0][0] == 1
    app.extensions["croupier"].close()


def test_the_same_key_with_another_body_is_a_409_even_after_a_restart(db):
    app = make_app(db)
    host = host_of(app)
    start_night(host)
    assert host.post("/api/host/buy-in", {"seat": 1, "amount": "20"}, key="buy").status_code == 200
    app = restart(app, db)
    r = host_of(app).post("/api/host/buy-in", {"seat": 1, "amount": "50"}, key="buy")
    assert r.status_code == 409 and "different request" in r.get_json()["error"]
    app.extensions["croupier"].close()


def test_a_stored_answer_expires(db):
    with Store(db) as store:
        with store.transaction():
            store.put_reply("host:/api/host/end", "k", "f", 200, b'{"ended": true}')
        assert store.reply("host:/api/host/end", "k") == ("f", 200, b'{"ended": true}')
        assert store.reply("host:/api/host/end", "k", max_age_s=0) is None


# ------------------------------------------------------------------ 2. undo target
def test_an_undo_must_name_its_target(dash_host):
    start_night(dash_host)
    deal(dash_host, BLACK_JACK_DEAL[:3])
    r = dash_host.post("/api/host/undo", {"reason": "oops"})
    assert r.status_code == 400 and "target" in r.get_json()["error"]
    undoable = dash_host.get("/api/host/state").get_json()["undoable"]
    named = undoable[1]["target"]                     # not the latest: the one the host pressed
    r = dash_host.post("/api/host/undo", {"reason": "wrong card", "target": named})
    assert r.status_code == 200, r.get_json()
    after = [u["target"] for u in dash_host.get("/api/host/state").get_json()["undoable"]]
    assert named not in after and undoable[0]["target"] in after
    again = dash_host.post("/api/host/undo", {"reason": "again", "target": named})
    assert again.status_code == 409 and f"#{named}" in again.get_json()["error"]
    latest = dash_host.post("/api/host/undo", {"reason": "scripted", "latest": True})
    assert latest.status_code == 200, latest.get_json()


# ------------------------------------------------------------------ 3. all or nothing
def test_a_lone_surrogate_in_a_name_leaves_nothing_behind(dash_host, tmp_path):
    r = dash_host.post("/api/host/night", {"game": "bonedoneskis", "seats": [1, 2],
                                           "names": {"1": "Ann", "2": "\ud800"}})
    assert r.status_code == 400
    assert rows(tmp_path / "night.db", "select count(*) from table_sessions")[0][0] == 0
    assert rows(tmp_path / "night.db", "select count(*) from players")[0][0] == 0


@pytest.mark.parametrize("step", ["add_player", "append_event", "put_reply"])
def test_start_night_is_all_or_nothing(dash_host, tmp_path, monkeypatch, step):
    calls = {"n": 0}
    real = getattr(Store, step)

    def dies_second_time(self, *a, **kw):       # the process "dies" between two steps of the write
        calls["n"] += 1
        if calls["n"] >= (2 if step == "add_player" else 1):
            raise RuntimeError("killed")
        return real(self, *a, **kw)

    monkeypatch.setattr(Store, step, dies_second_time)
    with pytest.raises(RuntimeError):
        dash_host.post("/api/host/night", {"game": "bonedoneskis", "seats": [1, 2]}, key="s")
    for table in ("table_sessions", "players", "events", "web_replies"):
        assert rows(tmp_path / "night.db", f"select count(*) from {table}")[0][0] == 0, table
    monkeypatch.setattr(Store, step, real)
    assert dash_host.app.extensions["croupier"].table is None and dash_host.get("/api/host/state").get_json()["players"] == []
    r = dash_host.post("/api/host/night", {"game": "bonedoneskis", "seats": [1, 2]}, key="s")
    assert r.status_code == 200 and "Idempotent-Replayed" not in r.headers


@pytest.mark.parametrize("step", ["append_transfers", "put_reply"])
def test_an_event_and_its_money_and_its_answer_are_all_or_nothing(dash_host, tmp_path, monkeypatch, step):
    start_night(dash_host)
    night = dash_host.app.extensions["croupier"]
    before = (night.table.state, rows(tmp_path / "night.db", "select count(*) from events")[0][0],
              rows(tmp_path / "night.db", "select count(*) from ledger")[0][0])
    real = getattr(Store, step)
    monkeypatch.setattr(Store, step, lambda self, *a, **kw: (_ for _ in ()).throw(RuntimeError("killed")))
    with pytest.raises(RuntimeError):                     # the antes: an event with money
        dash_host.post("/api/host/event", {"event": BLACK_JACK_DEAL[0]}, key="h1")
    after = (night.table.state, rows(tmp_path / "night.db", "select count(*) from events")[0][0],
             rows(tmp_path / "night.db", "select count(*) from ledger")[0][0])
    assert after == before
    monkeypatch.setattr(Store, step, real)
    r = dash_host.post("/api/host/event", {"event": BLACK_JACK_DEAL[0]}, key="h1")
    assert r.status_code == 200 and r.get_json()["recorded"] is True


def test_an_undo_and_its_reason_are_all_or_nothing(dash_host, tmp_path, monkeypatch):
    start_night(dash_host)
    deal(dash_host, BLACK_JACK_DEAL[:1])                  # hand 1: the antes are in
    target = dash_host.get("/api/host/state").get_json()["undoable"][0]["target"]
    real = Store.reverse_entry
    monkeypatch.setattr(Store, "reverse_entry", lambda *a, **kw: (_ for _ in ()).throw(RuntimeError("killed")))
    with pytest.raises(RuntimeError):
        dash_host.post("/api/host/undo", {"reason": "wrong dealer", "target": target}, key="u")
    assert rows(tmp_path / "night.db", "select count(*) from events where type = 'undo'")[0][0] == 0
    monkeypatch.setattr(Store, "reverse_entry", real)
    assert dash_host.post("/api/host/undo", {"reason": "wrong dealer", "target": target}, key="u").status_code == 200
    reasons = {r[0] for r in rows(tmp_path / "night.db", "select reason from ledger where reverses is not null")}
    assert reasons == {"wrong dealer"}


def test_the_read_only_books_equal_the_servers_after_a_short_ledger(dash_host, tmp_path, capsys):
    """An old store where a crash left an event without its money: `croupier ledger`/`settle`
    show the books the server shows (the log's), not the short ledger."""
    start_night(dash_host)
    night = dash_host.app.extensions["croupier"]
    sid = night.session_id
    # the event goes in behind the table's back, as a crash between the event and its money left it
    night.store.append_event(sid, BLACK_JACK_DEAL[0], "old-crash")
    db = tmp_path / "night.db"
    from webui.cli import main
    assert main(["ledger", "--db", str(db)]) == 0
    shown = capsys.readouterr().out
    net_lines = shown.split("Net:")[1]
    for seat in (1, 2, 3):                                   # the antes of hand 1: $0.50 each
        assert any(line.split() == [f"seat:{seat}", "-$0.50"] for line in net_lines.splitlines()), shown
    from webui.table import Table
    server = Table(Store(db), sid)                           # what serve shows after its restart
    net = balances(server.state.transfers)
    assert net["seat:1"] == Decimal("-0.50") and sum(net.values()) == 0


# ------------------------------------------------------------------ 10. bounded caches
def test_refused_posts_with_fresh_keys_grow_no_cache(dash_host, dash):
    cache = dash.extensions["croupier_replay"] = ReplayCache(size=50)
    start_night(dash_host)
    deal(dash_host)
    bj = next(p for p in dash_host.get("/api/host/state").get_json()["pending"] if p["rule"] == "black-jack")
    token = {p["seat"]: p["token"] for p in dash_host.get("/api/host/state").get_json()["players"]}[2]
    phone = Phone(dash)
    phone.join(token)
    for i in range(300):
        # 403: the decision is seat 1's; 409: not seat 2's turn; 400: a bad body
        assert phone.post("/api/seat/decision", {"decision": bj["id"], "choice": "pay"}).status_code == 403
        assert phone.post("/api/seat/bet", {"action": "raise"}).status_code == 409
        assert phone.post("/api/seat/bet", {"action": "shout"}).status_code == 400
    sizes = {name: len(v) for name, v in vars(cache).items() if hasattr(v, "__len__") and not isinstance(v, str)}
    assert all(n <= 50 for n in sizes.values()), sizes
    assert rows(dash.config["DB"], "select count(*) from web_replies")[0][0] < 200


@pytest.mark.parametrize("url, body", [("/api/host/end", {}), ("/api/host/buy-in", {"seat": 1, "amount": "20"}),
                                       ("/api/host/seat/reset", {"seat": 1})])
def test_every_other_action_and_its_answer_are_all_or_nothing(dash_host, tmp_path, monkeypatch, url, body):
    tokens = start_night(dash_host)
    Phone(dash_host.app).join(tokens[1])                  # seat 1 held by a phone, for the reset
    db = tmp_path / "night.db"
    counted = ("events", "ledger", "web_nights", "web_seat_claims", "web_replies")
    before = {t: rows(db, f"select count(*) from {t}")[0][0] for t in counted}
    real = Store.put_reply
    monkeypatch.setattr(Store, "put_reply", lambda *a, **kw: (_ for _ in ()).throw(RuntimeError("killed")))
    with pytest.raises(RuntimeError):                     # killed after the action, before its answer is kept
        dash_host.post(url, body, key="once")
    assert {t: rows(db, f"select count(*) from {t}")[0][0] for t in counted} == before
    night = dash_host.app.extensions["croupier"]
    assert not night.ended and night.seat_claim(1)["claimed"]
    monkeypatch.setattr(Store, "put_reply", real)
    first = dash_host.post(url, body, key="once")
    assert first.status_code == 200, first.get_json()
    again = dash_host.post(url, body, key="once")
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"] == "true"
