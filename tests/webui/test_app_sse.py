"""The live stream: ids, keepalive comments, Last-Event-ID replay (exactly what was missed), a
snapshot when that cannot be told, a reset for a new night, and a cap on open streams."""

from __future__ import annotations

from dashboard_kit import Phone, deal, frames, start_night
from webui.sse import Broadcaster, Message, TooManyStreams, parse_last_id


def snap():
    return Message(7, "snapshot", {"state": "now"})


def test_replay_exactly_the_missed_messages():
    b = Broadcaster(backlog=10)
    for i in range(1, 6):
        b.publish(Message(i, "table", {"n": i}))
    got = frames(b.stream(3, snap, keepalive=0.05), 4)
    assert [f.get("id") for f in got[1:]] == ["4", "5", None]
    assert got[-1]["comment"] == "keepalive"


def test_unknown_or_fallen_off_id_gets_a_snapshot():
    b = Broadcaster(backlog=3)
    for i in range(1, 8):
        b.publish(Message(i, "table", {"n": i}))
    for last in (None, 2, 99):          # none, fell off the backlog, never sent
        got = frames(b.stream(last, snap, keepalive=0.05), 2)
        assert got[1]["event"] == "snapshot" and got[1]["id"] == "7"


def test_live_messages_arrive_and_reset_starts_over():
    import threading
    b = Broadcaster()
    b.publish(Message(1, "table", {"n": 1}))
    stream = b.stream(1, snap, keepalive=5)
    next(stream)                                  # retry + hello
    threading.Timer(0.05, lambda: b.publish(Message(2, "table", {"n": 2}))).start()
    assert b"id: 2\nevent: table" in next(stream)
    threading.Timer(0.05, lambda: b.reset(Message(10, "snapshot", {"night": "started"}))).start()
    assert b"id: 10\nevent: snapshot" in next(stream)
    stream.close()
    assert b.open_streams == 0


def test_stream_cap_and_slots_freed_even_if_never_read():
    b = Broadcaster(max_streams=2)
    s1, s2 = b.stream(None, snap), b.stream(None, snap)
    next(s1)
    try:
        b.stream(None, snap)
    except TooManyStreams:
        pass
    else:
        raise AssertionError("a third stream was allowed")
    s1.close(), s2.close()             # s2 was never iterated: its slot must come back all the same
    assert b.open_streams == 0
    b.stream(None, snap).close()


def test_parse_last_id():
    assert parse_last_id(None, "12") == 12
    assert parse_last_id("5", "12") == 5
    assert parse_last_id("abc", "-1") is None
    assert parse_last_id("9" * 30) is None


def test_events_endpoint_replays_after_last_event_id(dash, dash_host):
    start_night(dash_host)
    deal(dash_host)
    state = dash_host.get("/state").get_json()
    last = state["last_id"]
    resp = dash_host.c.get("/events", headers={"Last-Event-ID": str(last - 2)}, buffered=False)
    assert resp.mimetype == "text/event-stream" and resp.headers["Cache-Control"].startswith("no-cache")
    got = frames(resp.response, 4)
    resp.close()
    assert got[0].get("comment") == "hello"
    assert [f["id"] for f in got[1:3]] == [str(last - 1), str(last)]
    assert got[2]["data"]["event"].startswith("card_dealt") and got[2]["data"]["announcements"]
    assert got[3].get("comment") == "keepalive"


def test_a_stream_sees_a_seat_pay_live(dash, dash_host):
    tokens = start_night(dash_host)
    deal(dash_host)
    phone = Phone(dash)
    phone.join(tokens[1])
    last = phone.get("/state").get_json()["last_id"]
    stream = dash.extensions["croupier"].broadcaster.stream(last, snap, keepalive=5)
    next(stream)
    decision = phone.get("/api/me").get_json()["state"]["pending"][0]["id"]
    assert phone.post("/api/seat/decision", {"decision": decision, "choice": "pay"}).status_code == 200
    f = frames([next(stream)], 1)[0]
    assert f["id"] == str(last + 1) and f["data"]["by"] == "seat 1" and f["data"]["event"] == "decision"
    assert "state" not in f["data"]            # each phone fetches its own view of the table
    assert phone.get("/state").get_json()["pot"] == "4.00"
    stream.close()


def test_ids_survive_a_restart(tmp_path):
    from dashboard_kit import PIN
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / "n.db"), "PIN": PIN})
    host = Phone(app)
    host.login()
    start_night(host)
    deal(host)
    last = host.get("/state").get_json()["last_id"]
    app.extensions["croupier"].close()
    again = create_app({"DB": str(tmp_path / "n.db"), "PIN": PIN})
    assert again.test_client().get("/state").get_json()["last_id"] == last
    got = frames(again.extensions["croupier"].broadcaster.stream(last - 1, snap, keepalive=0.05), 2)
    assert got[1]["id"] == str(last) and got[1]["data"]["replayed"] is True
    again.extensions["croupier"].close()
