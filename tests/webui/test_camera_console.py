"""The host console's camera: status, the snapshot with its overlay, and the readings the camera was
not sure of, confirmed / corrected / rejected by the host and judged by the referee exactly like a
confident camera read. A fake frame source and a scripted recogniser stand in for the camera and
the models; the pipeline, tracker, adapter, night and store are the real ones."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest
from camera_kit import AT_SEAT1, DOUBTFUL_JACK, IN_POT, H, W, make_camera
from dashboard_kit import BLACK_JACK_DEAL, PIN, Phone, deal, start_night

CAMERA_GETS = ("/api/host/camera", "/api/host/camera/snapshot.jpg", "/api/host/camera/readings")


def camera_night(tmp_path, cards, **kw):
    """An app with a camera; the night dealt up to seat 1's up card; the camera's video played."""
    from webui.app import create_app
    cam = make_camera(cards, **kw)
    app = create_app({"DB": str(tmp_path / "night.db"), "PIN": PIN, "TESTING": True}, camera=cam)
    host = Phone(app)
    assert host.login().status_code == 200
    start_night(host)
    deal(host, BLACK_JACK_DEAL[:-1])
    cam.start()
    return app, cam, host


@pytest.fixture
def doubtful(tmp_path):
    app, cam, host = camera_night(tmp_path, DOUBTFUL_JACK)
    assert cam.join(30), "the fake video did not finish"
    yield app, cam, host
    cam.stop()
    app.extensions["croupier"].close()


def events(host):
    return host.get("/state").get_json()["events"]


def only_reading(host):
    rows = host.get("/api/host/camera/readings").get_json()["readings"]
    assert len(rows) == 1, rows
    return rows[0]


# ----------------------------------------------------------------------------- no camera
def test_without_a_camera_the_panel_says_so_and_hand_entry_works(dash, dash_host):
    start_night(dash_host)
    st = dash_host.get("/api/host/camera").get_json()
    assert st["camera"] is False and "enter cards by hand" in st["message"]
    assert dash_host.get("/api/host/state").get_json()["camera"]["message"] == st["message"]
    assert dash_host.get("/api/host/camera/readings").get_json() == {"camera": False, "readings": []}
    r = dash_host.get("/api/host/camera/snapshot.jpg")
    assert r.status_code == 404 and "enter cards by hand" in r.get_json()["error"]
    r = dash_host.post("/api/host/camera/confirm", {"reading": 1})
    assert r.status_code == 409 and "no camera" in r.get_json()["error"]
    assert 'id="camera-panel"' in dash_host.get("/host").get_data(as_text=True)
    deal(dash_host, BLACK_JACK_DEAL[:1])
    assert dash_host.post("/api/host/card", {"seat": 1, "card": "KH", "up": False}).status_code == 200


# ----------------------------------------------------------------------------- who may
def test_camera_endpoints_are_for_the_host_only(doubtful):
    app, _, host = doubtful
    stranger = Phone(app)
    seat1 = Phone(app)
    seat1.join({p["seat"]: p["token"] for p in host.get("/api/host/state").get_json()["players"]}[1])
    for phone in (stranger, seat1):
        for url in CAMERA_GETS:
            assert phone.get(url).status_code == 401, url
        for action in ("confirm", "correct", "reject"):
            r = phone.post(f"/api/host/camera/{action}", {"reading": 1, "card": "JS"})
            assert r.status_code == 401 and "host" in r.get_json()["error"]
    assert host.post("/api/host/camera/confirm", {"reading": 1}, csrf=False).status_code == 403
    assert host.post("/api/host/camera/confirm", {"reading": 1}, key=False).status_code == 400
    assert only_reading(host)["id"] == 1            # none of that answered the reading


# ----------------------------------------------------------------------------- status, picture
def test_status_says_what_the_camera_is_doing(doubtful):
    _, _, host = doubtful
    st = host.get("/api/host/camera").get_json()
    assert st["camera"] is True and st["state"] == "ended" and st["connected"] is False
    assert st["resolution"] == [W, H] and st["frames"] == 30 and st["calibrated"] is True
    assert st["cards"] == 1 and st["unconfirmed"] == 1
    assert "video ended" in st["message"] and "1 reading(s) to check" in st["message"]
    assert host.get("/api/host/state").get_json()["camera"]["unconfirmed"] == 1


def test_snapshot_is_the_latest_frame_with_zones_and_cards_drawn(doubtful):
    _, _, host = doubtful
    r = host.get("/api/host/camera/snapshot.jpg")
    assert r.status_code == 200 and r.mimetype == "image/jpeg" and r.headers["Cache-Control"] == "no-store"
    img = cv2.imdecode(np.frombuffer(r.data, np.uint8), cv2.IMREAD_COLOR)
    assert img.shape == (H, W, 3)
    plain = np.abs(img.astype(int) - 90).max(axis=2) < 25       # the fake camera's frames are flat grey
    assert not plain[120, 50], "the seat/pot boundary is not drawn"
    assert not plain[160:200, 37:39].all(), "the card's box is not drawn"
    x0, y0, x1, y1 = AT_SEAT1
    assert plain[y0 + 10:y1 - 10, x0 + 5:x1 - 5].all(), "the card's inside should be the picture itself"
    b, g, red = (int(v) for v in img[(y0 + y1) // 2, x0])
    assert red > 180 and g > 90 and b < 90, "a reading waiting for the host is boxed in orange"


# ----------------------------------------------------------------------------- answers
def test_confirm_goes_to_the_referee_and_is_announced(doubtful):
    app, _, host = doubtful
    reading = only_reading(host)
    assert reading["kind"] == "dealt" and reading["seat"] == 1 and reading["card"] == "JS"
    assert reading["candidates"] == ["JS", "JC"] and "confirm or correct" in reading["why"]
    assert reading["where"] == "Ann's place" and reading["text"].startswith("The J♠ dealt at Ann's place (frame ")
    before = events(host)
    r = host.post("/api/host/camera/confirm", {"reading": reading["id"]})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["events"] == ["The J♠ dealt face up to Ann"]          # in words, not an event dump
    assert body["raw_events"] == ["card_dealt(seat=1, card=J♠, up=True, deck=main)"]
    assert "Ann: pay $2.50 or fold" in body["announcements"][0]["text"]
    assert "Seat 1: pay $2.50 or fold" in body["announcements"][0]["raw_text"]
    assert events(host) == before + 1
    assert any(p["rule"] == "black-jack" and p["seat"] == 1 for p in host.get("/api/host/state").get_json()["pending"])
    assert host.get("/api/host/camera/readings").get_json()["readings"] == []
    assert host.get("/api/host/camera").get_json()["unconfirmed"] == 0
    sent = [m for m in app.extensions["croupier"].broadcaster._messages]
    assert any(m.event == "table" and m.data.get("by") == "host" and m.data["event"] == "card_dealt"
               and any("J♠" in a["text"] for a in m.data["announcements"]) for m in sent)
    assert any(m.event == "camera" and m.data["camera"]["unconfirmed"] == 0 for m in sent)
    assert not any("JS" in str(m.data) for m in sent if m.event == "camera")   # phones get no card names


def test_a_double_tap_records_once_and_a_second_answer_is_409(doubtful):
    _, _, host = doubtful
    rid = only_reading(host)["id"]
    before = events(host)
    first = host.post("/api/host/camera/confirm", {"reading": rid}, key="tap-cam-1")
    again = host.post("/api/host/camera/confirm", {"reading": rid}, key="tap-cam-1")
    assert first.status_code == again.status_code == 200
    assert again.headers.get("Idempotent-Replayed") == "true" and again.get_json() == first.get_json()
    assert events(host) == before + 1
    late = host.post("/api/host/camera/confirm", {"reading": rid}, key="tap-cam-2")
    assert late.status_code == 409 and "already answered (confirmed as the J♠)" in late.get_json()["error"]
    assert host.post("/api/host/camera/reject", {"reading": rid}).status_code == 409
    assert events(host) == before + 1


def test_correct_records_the_hosts_card(doubtful):
    _, _, host = doubtful
    rid = only_reading(host)["id"]
    r = host.post("/api/host/camera/correct", {"reading": rid, "card": "4d"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["events"] == ["The 4♦ dealt face up to Ann"]
    assert r.get_json()["answer"] == "corrected as the 4♦"
    state = host.get("/api/host/state").get_json()
    assert "4♦" in [c["pretty"] for c in next(s for s in state["seats"] if s["seat"] == 1)["cards"]]
    assert not any(p["rule"] == "black-jack" for p in state["pending"])


def test_reject_records_nothing(doubtful):
    _, _, host = doubtful
    rid = only_reading(host)["id"]
    before = host.get("/state").get_json()
    r = host.post("/api/host/camera/reject", {"reading": rid, "reason": "a reflection"})
    assert r.status_code == 200 and r.get_json()["events"] == [] and "rejected" in r.get_json()["answer"]
    after = host.get("/state").get_json()
    assert after["events"] == before["events"] and after["pot"] == before["pot"]
    assert host.get("/api/host/camera/readings").get_json()["readings"] == []


def test_a_refused_answer_keeps_the_reading(doubtful):
    _, _, host = doubtful
    rid = only_reading(host)["id"]
    before = events(host)
    r = host.post("/api/host/camera/correct", {"reading": rid, "card": "KD"})   # K♦ lies at seat 3
    assert r.status_code == 409 and r.get_json()["error"].startswith("refused:")
    assert "the reading still waits" in r.get_json()["error"]
    assert events(host) == before and only_reading(host)["id"] == rid
    assert host.post("/api/host/camera/confirm", {"reading": rid}).status_code == 200


def test_an_answer_with_nothing_to_record_says_why(doubtful):
    _, _, host = doubtful
    rid = only_reading(host)["id"]
    assert host.post("/api/host/event", {"event": {"type": "hand_ended", "reason": "misdeal"}}).status_code == 200
    before = events(host)
    r = host.post("/api/host/camera/confirm", {"reading": rid})
    assert r.status_code == 200 and r.get_json()["events"] == []
    assert r.get_json()["answer"] == "confirmed as the J♠ (nothing to record now: no hand in progress)"
    assert events(host) == before


def test_malformed_answers_are_400_and_unknown_readings_404(doubtful):
    _, _, host = doubtful
    for url, body, words in (
            ("confirm", {}, "missing field 'reading'"),
            ("confirm", {"reading": "1"}, "whole number"),
            ("confirm", {"reading": 0}, "between"),
            ("confirm", {"reading": True}, "whole number"),
            ("correct", {"reading": 1}, "missing field 'card'"),
            ("correct", {"reading": 1, "card": "ZZ"}, "field 'card'"),
            ("correct", {"reading": 1, "card": "JS", "seat": 9}, "field 'seat'"),
            ("reject", {"reading": 1, "reason": 5}, "field 'reason'")):
        r = host.post(f"/api/host/camera/{url}", body)
        assert r.status_code == 400 and words in r.get_json()["error"], (url, body, r.get_json())
    r = host.c.post("/api/host/camera/confirm", data="reading=1",
                    headers={"X-CSRF-Token": host.csrf, "Idempotency-Key": "form-1"})
    assert r.status_code == 400 and "JSON" in r.get_json()["error"]
    r = host.post("/api/host/camera/confirm", {"reading": 999})
    assert r.status_code == 404 and "no camera reading #999" in r.get_json()["error"]
    assert only_reading(host)["id"] == 1


def test_a_card_in_the_pot_needs_the_seat(tmp_path):
    app, cam, host = camera_night(tmp_path, [(IN_POT, [("JS", 0.95)])])
    try:
        assert cam.join(30)
        reading = only_reading(host)
        assert reading["zone"] == "pot" and "whose is it" in reading["why"] and reading["where"] == "the pot"
        r = host.post("/api/host/camera/confirm", {"reading": reading["id"]})
        assert r.status_code == 409 and "correct it with the seat" in r.get_json()["error"]
        assert only_reading(host)["id"] == reading["id"]
        r = host.post("/api/host/camera/correct", {"reading": reading["id"], "card": "JS", "seat": 1})
        assert r.status_code == 200 and r.get_json()["events"] == ["The J♠ dealt face up to Ann"]
        assert r.get_json()["answer"] == "corrected as the J♠ at Ann's place"
        assert "Black Jack" in r.get_json()["announcements"][0]["text"]
    finally:
        cam.stop()
        app.extensions["croupier"].close()


def test_confident_camera_reads_reach_the_referee_through_the_night(tmp_path):
    app, cam, host = camera_night(tmp_path, [(AT_SEAT1, [("JS", 0.95)])])
    try:
        assert cam.join(30)
        assert host.get("/api/host/camera/readings").get_json()["readings"] == []
        state = host.get("/api/host/state").get_json()
        assert any(p["rule"] == "black-jack" for p in state["pending"])
        sent = list(app.extensions["croupier"].broadcaster._messages)
        assert any(m.event == "table" and m.data.get("by") == "camera" for m in sent)
    finally:
        cam.stop()
        app.extensions["croupier"].close()


# ----------------------------------------------------------------------------- trouble
def wait_for(check, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    return check()


def test_an_unplugged_camera_is_reported_and_the_game_is_kept(tmp_path):
    app, cam, host = camera_night(tmp_path, [], frames=10**6, live=True, unplug_after=5)
    try:
        st = wait_for(lambda: (s := host.get("/api/host/camera").get_json())["state"] == "lost" and s)
        assert st, host.get("/api/host/camera").get_json()
        assert st["connected"] is False
        assert st["last_error"] in ("fake camera stopped sending frames", "cannot open fake camera (is it plugged in?)")
        assert "enter cards by hand" in st["message"] and "game state is kept" in st["message"]
        before = host.get("/state").get_json()
        assert host.post("/api/host/card", {"seat": 1, "card": "JS"}).status_code == 200   # by hand meanwhile
        after = host.get("/api/host/state").get_json()
        assert after["events"] == before["events"] + 1 and any(p["rule"] == "black-jack" for p in after["pending"])
        assert host.get("/api/host/camera/snapshot.jpg").status_code == 200   # the last picture it sent
        sent = list(app.extensions["croupier"].broadcaster._messages)
        assert any(m.event == "camera" and m.data["camera"]["state"] == "lost" for m in sent)
    finally:
        cam.stop()
        app.extensions["croupier"].close()
    assert not cam.running()


class Broken:
    def recognise_frame(self, frame):
        if frame.index >= 3:
            raise RuntimeError("model file damaged")
        return []


def test_a_failing_pipeline_is_reported_not_raised(tmp_path):
    from camera_kit import ZONES, FakeBackend

    from vision.calibration import Calibration
    from vision.sources import FrameSource
    from webui.app import create_app
    from webui.camera import CameraService
    cam = CameraService(FrameSource(FakeBackend(20)), Broken(), Calibration(ZONES), max_skip=0)
    app = create_app({"DB": str(tmp_path / "n.db"), "PIN": PIN, "TESTING": True}, camera=cam)
    host = Phone(app)
    host.login()
    start_night(host)
    try:
        cam.start()
        assert cam.join(30)
        st = host.get("/api/host/camera").get_json()
        assert st["state"] == "failed" and "model file damaged" in st["message"]
        assert "enter cards by hand" in st["message"]
        assert host.get("/state").status_code == 200
        deal(host, BLACK_JACK_DEAL[:1])
    finally:
        cam.stop()
        app.extensions["croupier"].close()


class Held:
    """Recognition that takes as long as the test wants (a slow machine, a big frame)."""

    def __init__(self):
        import threading
        self.gate, self.inside = threading.Event(), threading.Event()

    def recognise_frame(self, frame):
        if frame.index == 5:
            self.inside.set()
            self.gate.wait(10)
        return []


def test_status_and_picture_do_not_wait_for_recognition(tmp_path):
    from camera_kit import ZONES, FakeBackend

    from vision.calibration import Calibration
    from vision.sources import FrameSource
    from webui.app import create_app
    from webui.camera import CameraService
    slow = Held()
    cam = CameraService(FrameSource(FakeBackend(10)), slow, Calibration(ZONES), max_skip=0)
    app = create_app({"DB": str(tmp_path / "n.db"), "PIN": PIN, "TESTING": True}, camera=cam)
    host = Phone(app)
    host.login()
    start_night(host)
    try:
        cam.start()
        assert slow.inside.wait(10)
        t0 = time.monotonic()
        st = host.get("/api/host/camera").get_json()
        assert host.get("/api/host/camera/snapshot.jpg").status_code == 200
        assert host.get("/api/host/camera/readings").status_code == 200
        assert time.monotonic() - t0 < 2.0 and st["frames"] == 5 and cam.running()
    finally:
        slow.gate.set()
        cam.stop()
        app.extensions["croupier"].close()


# ----------------------------------------------------------------------------- composition
def test_serving_a_camera_opens_the_night_from_its_host_events_or_resumes_it(tmp_path):
    from argparse import Namespace

    from referee.events import HandStarted, TableOpened
    from webui.cli_web import camera_app
    host_events = [(0.0, TableOpened("bonedoneskis", (1, 2, 3))), (0.0, HandStarted(1, 3)), (5.0, HandStarted(2, 1))]
    args = Namespace(db=tmp_path / "served.db", port=8123, pin="1111", host="127.0.0.1")
    app, rest = camera_app(args, make_camera([]), host_events, {1: "Ann"}, "friday")
    night = app.extensions["croupier"]
    assert [p["name"] for p in night.players()] == ["Ann", "Seat 2", "Seat 3"]
    assert [e.type for _, e in rest] == ["hand_started", "hand_started"]
    assert night.table.state.game == "bonedoneskis" and app.extensions["croupier_camera"].night is night
    session = night.session_id
    night.close()
    app2, rest2 = camera_app(args, make_camera([]), host_events, {1: "Ann"}, "friday")   # a restart
    assert app2.extensions["croupier"].session_id == session and rest2 == []
    app2.extensions["croupier"].close()


def test_a_live_cameras_opening_events_are_due_at_once(tmp_path):
    """A live camera's clock is not the script's: the hand starts even before the first frame."""
    from argparse import Namespace

    from referee.events import HandStarted, TableOpened
    from webui.cli_web import camera_app
    cam = make_camera([], live=True, unplug_after=0)          # unplugged from the start: no frame ever
    args = Namespace(db=tmp_path / "live.db", port=8124, pin="1111", host="127.0.0.1")
    app, rest = camera_app(args, cam, [(0.0, TableOpened("bonedoneskis", (1, 2))), (0.0, HandStarted(1, 2))])
    try:
        assert rest == [] and app.extensions["croupier"].table.state.hand.number == 1
    finally:
        app.extensions["croupier"].close()
