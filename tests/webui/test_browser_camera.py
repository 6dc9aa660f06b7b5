"""A camera-mode hand in the browser (390x844): the bundled table video (webui/data/demo-table.mp4)
through the real camera pipeline and models next to the dashboard, with `bets: untracked` (the
camera sees no chips, nobody enters bets): the hand plays to the end with every card the camera saw
accepted (no refusal, nothing held), the host console shows it, and a "why?" shows the camera's
picture beside the rule. The host's decisions (pay, sell, trade...) and the two folds come from the
demo's script at the video's times, as a host tapping them would. Screenshots in artefacts/browser/.

The real recogniser (models/) reads the video as fast as it goes (~20-30 s on 2 cores); without
the model files the test is skipped (the truth file holds no per-frame boxes for an oracle)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_kit import host_console, playwright_api, shot
from dashboard_kit import PIN

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "models"
pytestmark = pytest.mark.skipif(not (MODELS / "detector.onnx").exists() or not (MODELS / "classifier.onnx").exists(),
                                reason="models/ not trained: the camera test needs the recogniser's model files")


def test_a_camera_hand_with_untracked_bets_plays_to_the_end(tmp_path):
    from referee.events import from_json
    from vision.calibration import Calibration
    from vision.sources import open_source
    from webui.app import create_app
    from webui.camera import CameraService
    from webui.cli_camera import DEMO_SCRIPT, DEMO_VIDEO, DEMO_ZONES, _host_events, _recogniser, _zones
    from webui.cli_web import DEMO_NAMES, open_night

    service = CameraService(open_source(DEMO_VIDEO, realtime=False), _recogniser(MODELS), Calibration(_zones(DEMO_ZONES)))
    app = create_app({"DB": str(tmp_path / "camera.db"), "PIN": PIN, "KEEPALIVE": 5}, camera=service)
    night = app.extensions["croupier"]
    rest = open_night(night, _host_events(DEMO_SCRIPT, "bonedoneskis", 4, 4, bets="untracked"), DEMO_NAMES, "camera night")
    assert night.table.state.settings.bets == "untracked"
    assert not any(e.type in ("bring_in", "call", "bet", "raise", "complete") for _, e in rest)
    expect = playwright_api.expect
    try:
        with host_console(app) as (browser, host, base, errors):
            service.start(rest)
            expect(host.locator("#camera")).to_contain_text("card(s) on the table", timeout=30_000)
            host.wait_for_function("() => document.getElementById('camera-snapshot').naturalWidth > 0", timeout=30_000)
            shot(host, "c1-host-camera-playing")
            assert service.join(180), "the video did not finish"
            host.reload()
            expect(host.locator("#camera")).to_contain_text("video ended", timeout=15_000)
            held = host.request.get(f"{base}/api/host/camera/refused").json()
            assert held["held"] == [] and held["refusals"] == 0, held
            assert service.referee.refused == [] and service.pipeline.adapter.needs_host == []
            expect(host.locator("#camera-refused")).to_be_hidden()
            expect(host.locator("#camera-readings")).to_contain_text("None")
            host.wait_for_function("() => document.getElementById('camera-snapshot').naturalWidth > 0")
            shot(host, "c2-host-camera-hand-over")

            state = night.table.state
            assert state.hand.phase == "over"
            feed = [a.text for a in night.table.announcements]
            assert "Hand 1 over: seat 3 wins $7.00" in feed[-1] and not any("is being bet" in t for t in feed)
            facts = ("card_dealt", "card_exposed", "hand_shown")      # every card fact of the video, as scripted
            truth = json.loads(DEMO_VIDEO.with_suffix(".truth.json").read_text())["reference"]
            assert [e.describe() for e in service.referee.events if e.type in facts] == \
                [from_json(e).describe() for e in truth if e["type"] in facts]

            # the 3♣'s offer: its "why?" shows what the camera saw, to anyone (a face-up card)
            sell = next(a for a in night.table.announcements if "sell the 3♣" in a.text)
            phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            phone.goto(f"{base}/feed?why={sell.id}")
            picture = phone.locator("#why .evidence img")
            expect(picture).to_be_visible()
            phone.wait_for_function("() => document.querySelector('#why .evidence img').naturalWidth > 100")
            expect(phone.locator("#why")).to_contain_text("camera, frame")
            expect(phone.locator("#why")).to_contain_text("The 3's")
            shot(phone, "c3-why-with-the-camera-picture")
            assert errors == []
    finally:
        service.stop()
        night.close()
