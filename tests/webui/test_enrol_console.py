"""The host console's "Teach it your deck" over HTTP: frames of a laid-out deck taken from a
recorded camera, the pre-filled reads with each card's picture, the host's fixes (one of them for
a wrong pre-fill), the fit and its before/after. Host only; a malformed or duplicate identity is a
400 in words that loses nothing; without a camera the console says so."""

from __future__ import annotations

import numpy as np
import pytest
from dashboard_kit import PIN, Phone, start_night

from tests.vision.laid_out_kit import laid_out_shots
from vision.synth.laid_out import truth_answers
from webui.enrol_desk import EnrolDesk


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """A blank table first (the host pressed Take too early), then the deck's two rows."""
    _, shots = laid_out_shots(tmp_path_factory.mktemp("laid-out"))
    return [np.full((540, 960, 3), (40, 110, 60), np.uint8)] + [f for f, _ in shots], shots


@pytest.fixture(scope="module")
def plain():
    from pathlib import Path

    from vision.recogniser import Recogniser

    return Recogniser.from_models(Path(__file__).resolve().parents[2] / "models", threads=2, templates=False)


@pytest.fixture
def console(tmp_path, recorded, plain):
    from webui.app import create_app

    frames = iter(recorded[0])
    desk = EnrolDesk(lambda: next(frames, None), lambda: plain, plain.model_files["classifier"].parent,
                     out=tmp_path / "deck.npz", per_index=8, per_none=2, steps=120)
    app = create_app({"DB": str(tmp_path / "night.db"), "PIN": PIN, "TESTING": True}, enrol=desk)
    host = Phone(app)
    assert host.login().status_code == 200
    yield app, desk, host
    app.extensions["croupier"].close()


def _take_all(host):
    r = host.post("/api/host/enrol/take")  # the blank table: shown again, nothing kept
    assert r.status_code == 400 and "no card index seen" in r.get_json()["error"]
    assert host.get("/api/host/enrol").get_json()["frames"] == 0
    for _ in range(2):
        r = host.post("/api/host/enrol/take")
        assert r.status_code == 200, r.get_json()
    return r.get_json()


def test_the_host_takes_the_rows_fixes_the_wrong_reads_and_sees_before_and_after(console, recorded):
    app, desk, host = console
    st = host.get("/api/host/enrol").get_json()
    assert st["available"] and st["frames"] == 0 and not st["enrolled"]
    st = _take_all(host)
    assert st["frames"] == 2 and len(st["cards"]) == 12 and [c["number"] for c in st["cards"]] == list(range(1, 13))
    pic = host.get("/api/host/enrol/card/7.jpg")
    assert pic.status_code == 200 and pic.mimetype == "image/jpeg" and pic.data[:2] == b"\xff\xd8"
    assert host.get("/api/host/enrol/card/13.jpg").status_code == 404
    truth = truth_answers(desk.found, recorded[1])
    wrong = {str(c.number): t for c, t in zip(desk.found, truth) if c.prefill != t}
    assert wrong, "the recorded frames should hold a read the host must fix"
    r = host.post("/api/host/enrol/confirm", {"fixes": wrong})
    assert r.status_code == 200, r.get_json()
    res = r.get_json()["result"]
    assert res["host_fixed"] == len(wrong) and res["confirmed"] == 12
    assert res["read_right_after"] > res["read_right_before"]
    assert f"{res['read_right_before']} read right before the fit, {res['read_right_after']} after" in res["words"]
    assert desk.out.exists() and host.get("/api/host/enrol").get_json()["enrolled"]


def test_a_malformed_or_duplicate_identity_is_refused_and_loses_nothing(console):
    app, desk, host = console
    st = _take_all(host)
    second = st["cards"][1]["prefill"]
    for fixes, words in (({"3": "queen"}, "not a card code: 'QUEEN'"), ({"99": "QH"}, "no card 99"),
                         ({"1": second}, f"{second} is named for cards 1 and 2"), ("3: QH", "an object of card number"),
                         ({"x": "QH"}, "not a fix")):
        r = host.post("/api/host/enrol/confirm", {"fixes": fixes})
        assert r.status_code == 400 and words in r.get_json()["error"], (fixes, r.get_json())
    after = host.get("/api/host/enrol").get_json()
    assert after["frames"] == 2 and after["cards"] == st["cards"] and after["result"] is None
    assert not desk.out.exists()
    assert host.post("/api/host/enrol/clear").get_json()["cards"] == []


def test_only_the_host_sees_or_moves_it(console):
    app, desk, host = console
    _take_all(host)
    tokens = start_night(host)
    seat = Phone(app)
    seat.join(tokens[1])
    for who in (Phone(app), seat):
        assert who.get("/api/host/enrol").status_code == 401
        assert who.get("/api/host/enrol/card/1.jpg").status_code == 401
        for url in ("/api/host/enrol/take", "/api/host/enrol/clear", "/api/host/enrol/confirm"):
            assert who.post(url, {"fixes": {}}).status_code == 401
    st = host.get("/api/host/enrol").get_json()
    assert st["frames"] == 2 and len(st["cards"]) == 12 and not desk.out.exists()
    page = host.get("/host").get_data(as_text=True)
    assert "Teach it your deck" in page and "enrol.js" in page


def test_without_a_camera_the_console_says_how_to_teach_it(dash_host):
    st = dash_host.get("/api/host/enrol").get_json()
    assert st == {"available": False, "message": st["message"]} and "croupier enrol --camera 0 --laid-out" in st["message"]
    r = dash_host.post("/api/host/enrol/take")
    assert r.status_code == 409 and "no camera" in r.get_json()["error"]


def test_the_camera_of_croupier_run_gives_the_desk_its_frames_and_takes_up_the_head(plain, recorded):
    import threading
    from types import SimpleNamespace

    frame = SimpleNamespace(image=recorded[0][1])
    camera = SimpleNamespace(recogniser=plain, source=SimpleNamespace(frame=None), lock=threading.RLock())
    desk = EnrolDesk.for_camera(camera)
    assert desk.model_dir == plain.model_files["classifier"].parent and desk.grab() is None  # no frame yet
    camera.source.frame = frame
    assert desk.grab() is frame.image
    saved = plain.templates
    try:
        desk.on_fitted({"W": "head"})
        assert plain.templates == {"W": "head"}  # the running camera reads with it from its next frame
    finally:
        plain.templates = saved
    assert EnrolDesk.for_camera(SimpleNamespace(recogniser=object())) is None  # a scripted or Bonnu reader
