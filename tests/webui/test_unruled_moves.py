"""A card move no rule lets happen (audit defect 3) reaches the host as a refusal in words, from
the console and from the camera, and the host can still record it as a correction everyone hears."""

from __future__ import annotations

from dashboard_kit import deal, start_night
from referee.cards import Card
from referee.events import CardTurnedDown
from webui.camera import NightReferee


def test_the_console_refuses_an_unruled_move_and_records_a_correction(dash, dash_host):
    start_night(dash_host)
    deal(dash_host)
    move = {"type": "card_turned_down", "seat": 2, "card": "TC"}
    r = dash_host.post("/api/host/event", {"event": move})
    assert r.status_code == 409 and "no rule lets seat 2 turn the 10♣ face down now" in r.get_json()["error"]
    r = dash_host.post("/api/host/event", {"event": {**move, "correction": "dealt face up by mistake"}})
    assert r.status_code == 200
    feed = dash_host.get("/state").get_json()
    board = next(s for s in feed["seats"] if s["seat"] == 2)["cards"]
    assert board[-1]["up"] is False
    said = [a.text for a in dash.extensions["croupier"].table.announcements]
    assert "Host correction: seat 2 turn the 10♣ face down (dealt face up by mistake)." in said


def test_the_camera_s_unruled_move_is_kept_as_refused_for_the_host(dash, dash_host):
    start_night(dash_host)
    deal(dash_host)
    night = dash.extensions["croupier"]
    referee = NightReferee(night, "camera-test")
    before = len(night.table.state.log)
    assert referee.submit(CardTurnedDown(2, Card.parse("TC"))) == []
    (event, why), = referee.refused
    assert why == "no rule lets seat 2 turn the 10♣ face down now" and len(night.table.state.log) == before
