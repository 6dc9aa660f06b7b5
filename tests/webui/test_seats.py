"""Seats stay with their phone: the first device to open a seat's join link holds it; another is
turned away in words (and the host is told); the host hands the seat over; a restart keeps it all.
The host PIN is kept in the store, so a restart keeps the host logged in."""

from __future__ import annotations

import re
import sqlite3

import pytest

from dashboard_kit import PIN, Phone, deal, start_night

IN_USE = "seat 1 is in use on another phone: ask the host"


def claim(host, seat):
    return next(p["claim"] for p in host.get("/api/host/state").get_json()["players"] if p["seat"] == seat)


def text_of(resp) -> str:
    return re.sub(r"\s+", " ", resp.get_data(as_text=True))


def test_a_second_phone_on_a_held_seat_is_turned_away_and_the_host_is_told(dash, dash_host):
    tokens = start_night(dash_host)
    deal(dash_host)
    assert claim(dash_host, 1)["claimed"] is False
    first, second = Phone(dash), Phone(dash)
    assert first.join(tokens[1]).status_code == 303
    assert claim(dash_host, 1)["claimed"] is True and claim(dash_host, 1)["since"]
    assert first.get("/api/me").get_json()["me"]["cards"][0]["code"] == "KH"   # its own hole card

    turned = second.join(tokens[1])
    assert turned.status_code == 403 and "Seat 1 is in use on another phone: ask the host." in text_of(turned)
    assert second.get("/api/me").status_code == 401          # it never got the seat
    assert "KH" not in second.get("/state").get_data(as_text=True)
    assert claim(dash_host, 1)["turned_away_at"]             # the host sees that another phone tried
    assert first.get("/api/me").status_code == 200           # the seat stays with the first phone
    assert first.join(tokens[1]).status_code == 303          # which may open its link again
    assert claim(dash_host, 2)["claimed"] is False


def test_the_host_hands_a_seat_over_and_the_old_phone_loses_it(dash, dash_host):
    tokens = start_night(dash_host)
    deal(dash_host)
    old, new = Phone(dash), Phone(dash)
    old.join(tokens[1])
    assert new.join(tokens[1]).status_code == 403

    r = dash_host.post("/api/host/seat/reset", {"seat": 1})
    assert r.status_code == 200 and r.get_json()["freed"] is True and r.get_json()["claimed"] is False
    again = dash_host.post("/api/host/seat/reset", {"seat": 1})           # idempotent: still free
    assert again.status_code == 200 and again.get_json()["freed"] is False
    assert claim(dash_host, 1)["claimed"] is False and claim(dash_host, 1)["freed_at"]
    # freed, nobody on it yet: the old phone is told to join again, and acts for nobody
    handed = old.get("/api/me")
    assert handed.status_code == 403 and "handed over by the host" in handed.get_json()["error"]

    assert new.join(tokens[1]).status_code == 303                       # the next phone to join gets it
    assert new.get("/api/me").get_json()["me"]["cards"][0]["code"] == "KH"
    # the old phone still has seat 1's link in its cookie, on another device than the holder's
    me = old.get("/api/me")
    assert me.status_code == 403 and me.get_json()["error"] == IN_USE
    decision = new.get("/api/me").get_json()["state"]["pending"][0]["id"]
    pay = old.post("/api/seat/decision", {"decision": decision, "choice": "pay"})
    assert pay.status_code == 403 and pay.get_json()["error"] == IN_USE
    assert old.post("/api/seat/bet", {"action": "call"}).get_json()["error"] == IN_USE
    assert old.post("/api/seat/card", {"action": "show"}).get_json()["error"] == IN_USE
    page = old.get("/me")
    assert page.status_code == 403 and "Seat 1 is in use on another phone: ask the host." in text_of(page)
    state = old.get("/state").get_data(as_text=True)
    assert '"KH"' not in state and '"QD"' not in state                 # the public's view, no more
    assert new.post("/api/seat/decision", {"decision": decision, "choice": "pay"}).status_code == 200


def test_handing_a_seat_over_is_for_the_host_with_a_seat_that_exists(dash, dash_host):
    assert dash_host.post("/api/host/seat/reset", {"seat": 1}).status_code == 409     # no night yet
    tokens = start_night(dash_host)
    phone, stranger = Phone(dash), Phone(dash)
    phone.join(tokens[1])
    for who in (phone, stranger):
        r = who.post("/api/host/seat/reset", {"seat": 1})
        assert r.status_code == 401 and "host" in r.get_json()["error"]
    assert claim(dash_host, 1)["claimed"] is True
    for body, word in (({}, "'seat'"), ({"seat": 9}, "one of: 1, 2, 3"), ({"seat": "1"}, "whole number")):
        r = dash_host.post("/api/host/seat/reset", body)
        assert r.status_code == 400 and word in r.get_json()["error"], body
    assert dash_host.post("/api/host/seat/reset", {"seat": 1}, csrf=False).status_code == 403
    assert dash_host.post("/api/host/seat/reset", {"seat": 1}, key=False).status_code == 400


def test_claims_and_hand_overs_survive_a_restart(tmp_path):
    from webui.app import create_app
    db = str(tmp_path / "night.db")
    app = create_app({"DB": db, "PIN": PIN})
    host = Phone(app)
    host.login()
    tokens = start_night(host)
    holder, other, moved = Phone(app), Phone(app), Phone(app)
    holder.join(tokens[1])
    moved.join(tokens[2])
    host.post("/api/host/seat/reset", {"seat": 2})
    cookies = {name: p.c.get_cookie("croupier").value for name, p in
               (("host", host), ("holder", holder), ("other", other), ("moved", moved))}
    app.extensions["croupier"].close()

    again = create_app({"DB": db, "PIN": PIN})
    try:
        def client(name):
            c = again.test_client()
            c.set_cookie("croupier", cookies[name])
            return c
        assert client("holder").get("/api/me").get_json()["seat"] == 1     # still this phone's seat
        assert client("moved").get("/api/me").status_code == 403           # still handed over
        assert client("other").get(f"/join/{tokens[1]}").status_code == 403
        players = {p["seat"]: p["claim"] for p in client("host").get("/api/host/state").get_json()["players"]}
        assert players[1]["claimed"] and players[1]["turned_away_at"] and not players[2]["claimed"]
        assert client("other").get(f"/join/{tokens[2]}").status_code == 303  # the freed seat, to the next phone
    finally:
        again.extensions["croupier"].close()


def test_the_claims_are_append_only(dash, dash_host):
    tokens = start_night(dash_host)
    Phone(dash).join(tokens[1])
    db = sqlite3.connect(dash.config["DB"])
    try:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("UPDATE web_seat_claims SET device = 'mine'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("DELETE FROM web_seat_claims")
    finally:
        db.close()


def test_a_new_night_starts_with_every_seat_free(dash, dash_host):
    tokens = start_night(dash_host)
    phone = Phone(dash)
    phone.join(tokens[1])
    fresh = start_night(dash_host)
    assert claim(dash_host, 1)["claimed"] is False
    assert phone.get("/api/me").status_code == 401               # last night's link means nothing now
    assert Phone(dash).join(fresh[1]).status_code == 303


# ----------------------------------------------------------------------------- the PIN
def test_the_pin_is_kept_in_the_store_and_the_host_stays_logged_in(tmp_path):
    from webui.app import create_app
    db = str(tmp_path / "pin.db")
    first = create_app({"DB": db})
    made = first.config["PIN"]
    assert re.fullmatch(r"\d{6}", made)
    host = Phone(first)
    assert host.login(made).status_code == 200
    cookie = host.c.get_cookie("croupier").value
    first.extensions["croupier"].close()

    again = create_app({"DB": db})                       # no PIN given: the stored one
    try:
        assert again.config["PIN"] == made
        c = again.test_client()
        c.set_cookie("croupier", cookie)
        assert c.get("/api/host/state").status_code == 200    # still logged in after the restart
    finally:
        again.extensions["croupier"].close()

    chosen = create_app({"DB": db, "PIN": "2468"})       # a PIN given replaces it (and logs the old host out)
    try:
        assert chosen.config["PIN"] == "2468"
        c = chosen.test_client()
        c.set_cookie("croupier", cookie)
        assert c.get("/api/host/state").status_code == 401
    finally:
        chosen.extensions["croupier"].close()
    kept = create_app({"DB": db})
    assert kept.config["PIN"] == "2468"
    kept.extensions["croupier"].close()


def test_serve_pin_sets_the_kept_pin(tmp_path, capsys):
    from webui.cli import build_parser
    from webui.cli_web import make_app
    db = tmp_path / "serve.db"
    parser = build_parser()
    args = parser.parse_args(["serve", "--db", str(db), "--pin", "1234"])
    app = make_app(args, db)
    assert app.config["PIN"] == "1234"
    app.extensions["croupier"].close()
    app = make_app(parser.parse_args(["serve", "--db", str(db)]), db)
    assert app.config["PIN"] == "1234"                   # without --pin: the one kept in the store
    app.extensions["croupier"].close()
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--db", str(db), "--pin", "12 3"])
    assert "the PIN must be 4 to 32 characters, with no spaces" in capsys.readouterr().err
