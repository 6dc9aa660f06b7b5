"""Playing-host mode: a host who plays at seat N runs whole hands from the console and is sent no
hole card seat N may not see: not on the console's state, its options and pickers, "why?", the
answers to its own events, an undo line, a refusal or a camera reading."""

from __future__ import annotations

import json

import pytest

from dashboard_kit import BLACK_JACK_DEAL, PIN, Phone, deal, start_night
from hands_kit import Table, expected_boards, secrets
from webui.playing import FACE_DOWN, Secrecy


def boards_of(seats: list[dict]) -> dict[int, list[str | None]]:
    return {s["seat"]: [c["code"] for c in s["cards"]] for s in seats if s["in_hand"]}


def told(resp) -> str:
    """The answer as a person reads it (card names unescaped)."""
    return json.dumps(resp.get_json(), ensure_ascii=False)


def no_secret(text: str, hidden: set[str], what: str) -> None:
    leaked = sorted(h for h in hidden if h in text)
    assert not leaked, f"{what} carries {leaked}"


# A hand won without a showdown, trades, a Queen of Hearts pick of a hole card, a hole-card swap,
# a bluff everyone folds to; the host plays at a different seat in each.
PLAYED = [("01-bonedoneskis", 1), ("04-trades", 3), ("05-queen-kings-river", 2), ("08-straight-up", 4),
          ("12-killer-bluff", 5)]


@pytest.mark.parametrize("name, seat", PLAYED)
def test_a_playing_host_runs_the_hand_and_sees_only_their_seats_cards(dash, dash_host, name, seat):
    table = Table(dash, dash_host, name)
    assert dash_host.post("/api/host/playing", {"seat": seat}).get_json() == {"playing": seat}
    seen_ann, left_out = 0, 0
    for raw, how, _ in table.play():          # every event entered from the console's own options
        state = table.state
        hidden = secrets(state, seat)
        view = dash_host.get("/api/host/state")
        assert view.get_json()["playing"] == seat
        assert boards_of(view.get_json()["seats"]) == expected_boards(state, seat), raw
        no_secret(told(view), hidden, f"the console after {raw}")
        left_out += view.get_json()["playing_left_out"]
        for ann in [a["id"] for a in dash_host.get("/api/feed").get_json() if a["id"] is not None and a["id"] > seen_ann]:
            why = dash_host.get(f"/api/why/{ann}").get_json()
            del why["rule"]                   # the rule card: the same at every table
            no_secret(json.dumps(why, ensure_ascii=False), hidden, f"why #{ann}")
            seen_ann = ann
    if name == "08-straight-up":
        assert left_out, "the random hole-card swap names cards the host may not see: left out"


def test_a_playing_hosts_own_answers_name_no_hidden_card(dash, dash_host):
    start_night(dash_host)
    deal(dash_host, BLACK_JACK_DEAL[:4])        # seat 1 K♥, seat 2 5♠, seat 3 A♥: all face down
    dash_host.post("/api/host/playing", {"seat": 2})
    view = dash_host.get("/api/host/state").get_json()
    assert boards_of(view["seats"]) == {1: [None], 2: ["5S"], 3: [None]}
    assert FACE_DOWN in view["undo"]["text"] and "A♥" not in view["undo"]["text"]   # the last deal, unnamed
    refused = dash_host.post("/api/host/event", {"event": {"type": "card_dealt", "seat": 1, "card": "KH", "up": True}})
    assert refused.status_code == 409
    no_secret(told(refused), {"KH", "K♥", "AH", "A♥"}, "a refusal")
    # not playing: the console sees every card again
    dash_host.post("/api/host/playing", {"seat": None})
    view = dash_host.get("/api/host/state").get_json()
    assert view["playing"] is None and boards_of(view["seats"]) == {1: ["KH"], 2: ["5S"], 3: ["AH"]}
    assert "A♥" in view["undo"]["text"]


def test_a_camera_reading_of_a_face_down_card_is_not_named(dash, dash_host):
    start_night(dash_host)
    deal(dash_host, BLACK_JACK_DEAL[:4])
    secrecy = Secrecy(dash.extensions["croupier"].table.state, 2)
    down = {"id": 3, "kind": "turned_down", "seat": 1, "card": "KH", "up": False, "candidates": ["KH", "KD"],
            "confidence": 0.6, "text": "turned_down(seat=1, card=KH)"}
    assert secrecy.scrub(down) == {**down, "card": None, "candidates": [], "text": f"turned_down: {FACE_DOWN} at seat 1"}
    up = {**down, "kind": "dealt", "card": "9C", "up": True, "candidates": ["9C", "9S"], "text": "dealt 9C"}
    assert secrecy.scrub(up) == up                  # a card face up on the table is everyone's
    own = {**down, "seat": 2, "card": "5S", "candidates": ["5S"]}
    assert secrecy.scrub(own)["card"] == "5S"       # the playing host's own hole card


def test_playing_is_set_by_the_host_for_a_seat_tonight_and_kept(tmp_path):
    from webui.app import create_app
    db = str(tmp_path / "playing.db")
    app = create_app({"DB": db, "PIN": PIN})
    host = Phone(app)
    host.login()
    assert host.post("/api/host/playing", {"seat": 1}).status_code == 409         # no night yet
    tokens = start_night(host)
    phone = Phone(app)
    phone.join(tokens[1])
    assert phone.post("/api/host/playing", {"seat": 1}).status_code == 401
    for body, words in (({}, "missing field 'seat'"), ({"seat": 7}, "one of: 1, 2, 3"), ({"seat": True}, "whole number")):
        r = host.post("/api/host/playing", body)
        assert r.status_code == 400 and words in r.get_json()["error"], body
    assert host.post("/api/host/playing", {"seat": 3}).status_code == 200
    cookie = host.c.get_cookie("croupier").value
    app.extensions["croupier"].close()
    again = create_app({"DB": db, "PIN": PIN})
    try:
        c = again.test_client()
        c.set_cookie("croupier", cookie)
        assert c.get("/api/host/state").get_json()["playing"] == 3       # kept for the night
        restarted = Phone(again)
        restarted.c.set_cookie("croupier", cookie)
        restarted.csrf = host.csrf
        start_night(restarted)
        assert c.get("/api/host/state").get_json()["playing"] is None   # a new night: not playing
    finally:
        again.extensions["croupier"].close()
