"""The dashboard's promises over HTTP: who may do what (401/403), CSRF and Idempotency-Key on every
POST, a double tap recorded once, clear 400s, referee refusals as 409 in the referee's words,
undo as reversing entries, hole cards private, and the pages served with local assets only."""

from __future__ import annotations

import re

from dashboard_kit import BLACK_JACK_DEAL, PIN, Phone, deal, start_night


def test_pages_render_with_local_assets_only(dash):
    p = Phone(dash)
    for path in ("/", "/me", "/feed", "/rules", "/ledger", "/host"):
        r = p.get(path)
        assert r.status_code == 200, path
        html = r.get_data(as_text=True)
        assert not re.search(r'(src|href)="(https?:)?//', html), f"{path} loads something from another host"
    for asset in ("/static/app.js", "/static/pages.js", "/static/host.js", "/static/app.css"):
        assert p.get(asset).status_code == 200


def test_cookies_are_samesite_lax_and_httponly(dash):
    r = dash.test_client().get("/")
    cookie = r.headers["Set-Cookie"]
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie


def test_every_post_needs_csrf_and_an_idempotency_key(dash):
    p = Phone(dash)
    assert p.post("/api/host/login", {"pin": PIN}, csrf=False).status_code == 403
    assert p.post("/api/host/login", {"pin": PIN}, headers={"X-CSRF-Token": "forged"}).status_code == 403
    r = p.post("/api/host/login", {"pin": PIN}, key=False)
    assert r.status_code == 400 and "Idempotency-Key" in r.get_json()["error"]
    assert p.post("/api/host/login", {"pin": PIN}, key="no spaces allowed").status_code == 400
    assert p.post("/api/host/login", {"pin": PIN}).status_code == 200


def test_host_pin_and_lockout(dash):
    p = Phone(dash)
    assert p.post("/api/host/night", {"game": "bonedoneskis", "seats": [1, 2]}).status_code == 401
    assert p.get("/api/host/state").status_code == 401
    for _ in range(5):
        assert p.login("0000").status_code == 401
    assert p.login(PIN).status_code == 429          # five wrong PINs a minute: locked for a while


def test_seat_actions_only_for_own_seat(dash, dash_host):
    tokens = start_night(dash_host)
    deal(dash_host)
    stranger = Phone(dash)
    assert stranger.get("/api/me").status_code == 401
    assert stranger.post("/api/seat/bet", {"action": "call"}).status_code == 401
    assert stranger.get("/join/not-a-real-token-at-all").status_code == 404
    seat2 = Phone(dash)
    seat2.join(tokens[2])
    decision = next(p for p in dash_host.get("/api/host/state").get_json()["pending"] if p["seat"] == 1)
    r = seat2.post("/api/seat/decision", {"decision": decision["id"], "choice": "pay"})
    assert r.status_code == 403 and "seat 1" in r.get_json()["error"]
    assert seat2.post("/api/host/undo", {"reason": "x"}).status_code == 401   # a seat is not the host


def test_pay_double_tap_records_once_and_undo_reverses(dash, dash_host):
    tokens = start_night(dash_host)
    deal(dash_host)
    phone = Phone(dash)
    phone.join(tokens[1])
    me = phone.get("/api/me").get_json()
    assert [p["choices"] for p in me["state"]["pending"]] == [["pay", "fold"]]
    assert [o["label"] for o in me["options"]] == ["Pay $2.50 and stay in (the Jack turns wild)", "Fold rather than pay $2.50"]
    pot_before = phone.get("/state").get_json()["pot"]
    body = {"decision": me["state"]["pending"][0]["id"], "choice": "pay"}
    first = phone.post("/api/seat/decision", body, key="tap-1")
    second = phone.post("/api/seat/decision", body, key="tap-1")
    assert first.status_code == second.status_code == 200
    assert second.headers.get("Idempotent-Replayed") == "true" and second.get_json() == first.get_json()
    said = first.get_json()["announcements"][0]
    assert said["text"].startswith("Ann pays $2.50") and said["raw_text"].startswith("Seat 1 pays $2.50")
    state = phone.get("/state").get_json()
    assert float(state["pot"]) == float(pot_before) + 2.50
    n_events = state["events"]
    # the same key with another body is a mistake, not a retry
    assert phone.post("/api/seat/decision", {**body, "choice": "fold"}, key="tap-1").status_code == 409
    assert phone.get("/state").get_json()["events"] == n_events

    r = dash_host.post("/api/host/undo", {"reason": "paid by mistake", "latest": True})
    assert r.status_code == 200 and "paid by mistake" in r.get_json()["announcements"][0]["text"]
    assert phone.get("/state").get_json()["pot"] == pot_before
    rows = phone.get("/api/ledger").get_json()["rows"]
    reversal = rows[-1]
    assert reversal["reverses"] and reversal["reason"] == "paid by mistake" and reversal["payee"] == "seat:1"
    # each account named as people say it, beside its id
    assert (reversal["payer_label"], reversal["payee_label"]) == ("the main pot", "Ann"), reversal
    assert phone.get("/api/me").get_json()["state"]["pending"][0]["choices"] == ["pay", "fold"]   # asked again


def test_refusals_are_409_in_the_referees_words(dash, dash_host):
    start_night(dash_host)
    deal(dash_host)
    r = dash_host.post("/api/host/event", {"event": {"type": "bet", "seat": 2}})
    assert r.status_code == 409 and r.get_json()["error"].startswith("refused: ")
    phone = Phone(dash)
    phone.join(start_tokens(dash_host)[2])
    r = phone.post("/api/seat/bet", {"action": "bring_in"})          # not offered: the referee says why
    assert r.status_code == 409 and "waiting for seat 1: Seat 1: pay $2.50 or fold" in r.get_json()["error"]
    other = Phone(dash)
    other.join(start_tokens(dash_host)[3])
    r = other.post("/api/seat/bet", {"action": "call"})
    assert r.status_code == 409 and "waiting for seat 1" in r.get_json()["error"]


def start_tokens(host):
    return {p["seat"]: p["token"] for p in host.get("/api/host/state").get_json()["players"]}


def test_bad_input_is_a_clear_400(dash, dash_host):
    start_night(dash_host)
    cases = [
        ("/api/host/card", {"seat": 1, "card": "ZZ"}, "card"),
        ("/api/host/card", {"seat": 9, "card": "AS"}, "seat"),
        ("/api/host/event", {"event": {"type": "no_such_thing"}}, "unknown event type"),
        ("/api/host/event", {"event": {"type": "card_dealt", "seat": "one", "card": "AS", "up": True}}, "seat"),
        ("/api/host/event", {"event": "hello"}, "event"),
        ("/api/host/undo", {"reason": ""}, "why"),
        ("/api/host/night", {"game": "poker", "seats": [1, 2]}, "game"),
        ("/api/host/night", {"game": "stud", "seats": [1, 1]}, "twice"),
        ("/api/host/night", {"game": "stud", "seats": [1, 2], "settings": {"ante": "lots"}}, "ante"),
    ]
    for url, body, word in cases:
        r = dash_host.post(url, body)
        assert r.status_code == 400, (url, body, r.get_json())
        assert word in r.get_json()["error"], (word, r.get_json())
    r = dash_host.c.post("/api/host/card", data="{not json", content_type="application/json",
                         headers={"X-CSRF-Token": dash_host.csrf, "Idempotency-Key": "raw-1"})
    assert r.status_code == 400


def test_hole_cards_only_for_their_own_seat(dash, dash_host):
    tokens = start_night(dash_host)
    deal(dash_host)
    public = dash_host.c.get("/state").get_data(as_text=True)
    assert '"KH"' not in public and '"QD"' not in public and '"JS"' in public
    phone = Phone(dash)
    phone.join(tokens[1])
    mine = phone.get("/api/me").get_json()
    assert {c["code"] for c in mine["me"]["cards"] if not c["up"]} == {"KH", "QD"}
    assert '"5S"' not in phone.get("/api/me").get_data(as_text=True)
    assert '"KH"' in dash_host.get("/api/host/state").get_data(as_text=True)


def test_end_the_night_then_nothing_more_is_recorded(dash, dash_host):
    start_night(dash_host)
    assert dash_host.post("/api/host/end", {}).status_code == 200
    r = dash_host.post("/api/host/event", {"event": BLACK_JACK_DEAL[0]})
    assert r.status_code == 409 and "over" in r.get_json()["error"]
    assert dash_host.get("/state").get_json()["night"]["ended"] is True


def test_rules_why_and_csv(dash, dash_host):
    start_night(dash_host)
    deal(dash_host)
    rules = dash_host.get("/api/rules?q=black+jack").get_json()
    assert rules[0]["id"] == "black-jack"
    feed = dash_host.get("/api/feed").get_json()
    bj = next(a for a in feed if a["rule"] == "black-jack")
    why = dash_host.get(f"/api/why/{bj['id']}").get_json()
    assert why["rule"]["id"] == "black-jack" and why["events"]
    assert dash_host.get("/api/why/99999").status_code == 404
    csv = dash_host.get("/ledger.csv")
    assert csv.status_code == 200 and csv.mimetype == "text/csv" and "ante" in csv.get_data(as_text=True)
    assert dash_host.get("/balances.csv").status_code == 200


def test_settle_up_after_the_demo_hand(tmp_path):
    from webui.app import create_app
    from webui.cli import DEMO_HAND, main
    db = tmp_path / "demo.db"
    assert main(["replay", str(DEMO_HAND), "--db", str(db)]) == 0
    app = create_app({"DB": str(db), "PIN": PIN})
    ledger = app.test_client().get("/api/ledger").get_json()
    moves = {(m["from"], m["to"]): m["amount"] for m in ledger["settle"]}
    assert sum(float(a) for a in moves.values()) == 23.50 and all(t == "seat:3" for _, t in moves)
    app.extensions["croupier"].close()


def test_serve_and_demo_commands_exist(capsys):
    import pytest

    from webui.cli import main
    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    assert done.value.code == 0 and "--streams" in capsys.readouterr().out
    assert main(["demo", "--no-serve"]) == 0
    assert "Hand 1 over" in capsys.readouterr().out


def _demo_events(upto_line):
    import json

    from webui.cli import DEMO_HAND
    lines = [ln for ln in DEMO_HAND.read_text().splitlines() if ln.strip()]
    return [json.loads(ln) for ln in lines[1:upto_line]]


def test_a_choice_that_points_at_a_card(dash, dash_host):
    """Trade Cards: the seat page offers the cards the referee says it may name; a wrong pick is
    refused in the referee's words."""
    tokens = start_night(dash_host, seats=(1, 2, 3, 4))
    deal(dash_host, _demo_events(28))            # ... street 4: seat 1 is dealt the 9♦ and must trade
    phone = Phone(dash)
    phone.join(tokens[1])
    me = phone.get("/api/me").get_json()
    trade = next(o for o in me["options"] if o["rule"] == "trade-cards" and o["name"] == "trade")
    assert trade["needs"] == ["target"] and {"seat": 3, "card": "7H", "label": "7♥ (Cleo)"} in trade["picks"]
    body = {**trade["post"]["body"], "target_seat": 3}
    wrong = phone.post(trade["post"]["url"], {**body, "card": "9S"})
    assert wrong.status_code == 409 and "9♠" in wrong.get_json()["error"]
    right = phone.post(trade["post"]["url"], {**body, "card": "7H"})
    assert right.status_code == 200
    assert any("trade 9♦ for 7♥" in a["text"] for a in right.get_json()["announcements"])


def test_phones_stay_joined_across_a_restart(tmp_path):
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / "r.db"), "PIN": PIN})
    host = Phone(app)
    host.login()
    tokens = start_night(host)
    phone = Phone(app)
    phone.join(tokens[2])
    cookie = phone.c.get_cookie("croupier").value
    app.extensions["croupier"].close()
    again = create_app({"DB": str(tmp_path / "r.db"), "PIN": PIN})
    c = again.test_client()
    c.set_cookie("croupier", cookie)
    assert c.get("/api/me").get_json()["seat"] == 2
    again.extensions["croupier"].close()


def test_after_the_showdown_the_hands_that_stayed_in_are_seen(tmp_path):
    from webui.app import create_app
    from webui.cli import DEMO_HAND, main
    db = tmp_path / "demo.db"
    assert main(["replay", str(DEMO_HAND), "--db", str(db)]) == 0
    app = create_app({"DB": str(db), "PIN": PIN})
    seats = {s["seat"]: s for s in app.test_client().get("/state").get_json()["seats"]}
    assert "AH" in {c["code"] for c in seats[3]["cards"]}          # the winner's hole card
    assert None in {c["code"] for c in seats[2]["cards"]}           # a folded hand stays hidden
    app.extensions["croupier"].close()


def test_a_simultaneous_double_tap_records_once(dash, dash_host):
    """Two requests with one key at the same instant (a phone retrying while the first is in flight)."""
    import threading
    tokens = start_night(dash_host)
    deal(dash_host)
    taps = [Phone(dash), Phone(dash)]
    taps[0].join(tokens[1])
    # one phone, two connections: the second carries the first's cookie (a seat is one device's)
    taps[1].c.set_cookie("croupier", taps[0].c.get_cookie("croupier").value)
    taps[1].csrf = taps[0].csrf
    decision = taps[0].get("/api/me").get_json()["state"]["pending"][0]["id"]
    before = dash_host.get("/state").get_json()["events"]
    barrier, answers = threading.Barrier(2), []

    def tap(phone):
        barrier.wait()
        answers.append(phone.post("/api/seat/decision", {"decision": decision, "choice": "pay"}, key="same-tap"))
    threads = [threading.Thread(target=tap, args=(t,)) for t in taps]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].get_json()["seq"] == answers[1].get_json()["seq"]
    assert dash_host.get("/state").get_json()["events"] == before + 1
    assert dash_host.get("/state").get_json()["pot"] == "4.00"
