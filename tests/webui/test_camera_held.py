"""The host console's held camera observations and the camera's evidence, over HTTP: a card the
referee cannot take yet is listed (every one) with apply / discard, drawn purple, and taken once the
obligation holding it is answered; the picture behind an announcement the camera caused is served
to whoever may see its card (a face-down card's: its seat and the host only)."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest
from camera_kit import AT_SEAT1, AT_SEAT2, ScriptedRecogniser, make_camera
from dashboard_kit import BLACK_JACK_DEAL, PIN, Phone, deal, start_night

# third street by hand, but for seat 1's second hole card, which the camera sees
BY_HAND = [e for e in BLACK_JACK_DEAL if e.get("card") != "QD"]


class Staggered(ScriptedRecogniser):
    """Each card from its own frame on: (start, box, reads)."""

    def recognise_frame(self, frame):
        from vision.assembly import CardDetection
        return [CardDetection(box, ident is not None, ident, conf) for start, box, (ident, conf) in self.cards
                if frame.index >= start]


@pytest.fixture
def held_night(tmp_path):
    from webui.app import create_app
    cam = make_camera([], frames=40)
    cam.recogniser = Staggered([(1, AT_SEAT1, (None, 0.95)),      # seat 1's hole card: completes third street
                                (20, AT_SEAT2, ("7H", 0.97))])    # street 4 for seat 2, while Black Jack waits
    app = create_app({"DB": str(tmp_path / "night.db"), "PIN": PIN, "TESTING": True}, camera=cam)
    host = Phone(app)
    assert host.login().status_code == 200
    tokens = start_night(host, settings={"bets": "untracked"})
    deal(host, BY_HAND)
    cam.start()
    assert cam.join(30)
    yield app, cam, host, tokens
    cam.stop()
    app.extensions["croupier"].close()


def wait_for(fn, seconds=5.0):
    end = time.monotonic() + seconds
    while not fn():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_a_held_card_is_listed_drawn_purple_and_taken_once_the_obligation_is_answered(held_night):
    app, cam, host, tokens = held_night
    r = host.get("/api/host/camera/refused").get_json()
    assert [h["card"] for h in r["held"]] == ["7H"] and r["refusals"] >= 1
    held = r["held"][0]
    assert "waiting for Ann" in held["why"] and "pay $2.50 or fold" in held["why"]     # names, not seats
    assert "waiting for seat 1" in held["raw_why"]
    assert held["where"] == "Ben's place" and held["text"].startswith("The 7♥ dealt at Ben's place (frame ")
    assert host.get("/api/host/camera").get_json()["held"][0]["id"] == held["id"]
    img = cv2.imdecode(np.frombuffer(host.get("/api/host/camera/snapshot.jpg").data, np.uint8), cv2.IMREAD_COLOR)
    b, g, red = (int(v) for v in img[(AT_SEAT2[1] + AT_SEAT2[3]) // 2, AT_SEAT2[0]])
    assert b > 170 and 80 < red < 180 and g < 90, "a held card is boxed in purple"
    stranger = Phone(app)
    assert stranger.get("/api/host/camera/refused").status_code == 401
    assert stranger.post(f"/api/host/camera/refused/{held['id']}/apply", {}).status_code == 401
    r = host.post(f"/api/host/camera/refused/{held['id']}/apply", {})
    assert r.status_code == 409 and "still waits" in r.get_json()["error"]
    assert host.post("/api/host/camera/refused/99/discard", {}).status_code == 404
    r = host.post("/api/host/event", {"event": {"type": "decision", "seat": 1, "rule": "black-jack", "choice": "pay"}})
    assert r.status_code == 200, r.get_json()
    wait_for(lambda: host.get("/api/host/camera/refused").get_json()["held"] == [])   # offered again by itself
    assert any(e.type == "card_dealt" and e.card and e.card.code == "7H" for e in cam.referee.events)
    again = host.post(f"/api/host/camera/refused/{held['id']}/apply", {})
    assert again.status_code == 200 and again.get_json()["result"] == "already applied"


def test_the_picture_of_a_face_down_card_is_its_seats_and_the_hosts(held_night):
    app, cam, host, tokens = held_night
    night = app.extensions["croupier"]
    ann = next(a for a in night.table.announcements if "brings in" in a.text)   # set off by the camera's deal
    url = f"/api/evidence/{ann.id}.jpg"
    seat1, seat2, public = Phone(app), Phone(app), Phone(app)
    seat1.join(tokens[1])
    seat2.join(tokens[2])
    r = host.get(url)
    assert r.status_code == 200 and r.mimetype == "image/jpeg"
    crop = cv2.imdecode(np.frombuffer(r.data, np.uint8), cv2.IMREAD_COLOR)
    assert max(crop.shape[:2]) == 240 and len(r.data) < 40_000
    assert seat1.get(url).status_code == 200
    for phone in (seat2, public):
        r = phone.get(url)
        assert r.status_code == 403 and "face-down card" in r.get_json()["error"]
    assert seat1.get(f"/api/why/{ann.id}").get_json()["evidence"]["url"] == url
    assert seat1.get(f"/api/why/{ann.id}").get_json()["evidence"]["frame"] >= 1
    assert public.get(f"/api/why/{ann.id}").get_json()["evidence"] is None
    first = night.table.announcements[0]                                         # entered by hand: no picture
    assert host.get(f"/api/evidence/{first.id}.jpg").status_code == 404
    assert public.get("/api/evidence/99999.jpg").status_code == 404
    rows = night.store.rows("select frame, hidden, seats from evidence")
    assert rows and all(r["hidden"] == 1 and r["seats"] == "1" for r in rows if r["seats"])
    with pytest.raises(Exception, match="append-only"):
        night.store.db.conn.execute("delete from evidence")
