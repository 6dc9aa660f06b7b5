"""`croupier markers | render-video | run | doctor | demo --replay` on the command line."""

import json
from pathlib import Path

import cv2
import pytest

from webui.cli import main

MODELS = Path(__file__).resolve().parents[2] / "models"
HAVE_MODELS = (MODELS / "detector.onnx").exists() and (MODELS / "classifier.onnx").exists()
TINY = """{"table": {"fps": 10, "size": [1280, 720], "seed": 2, "seats": 2, "tail": 1.0}}
{"t": 0.0, "event": {"type": "table_opened", "game": "bonedoneskis", "seats": [1, 2], "settings": {}}}
{"t": 0.0, "event": {"type": "hand_started", "hand": 1, "dealer": 2, "seats": []}}
{"t": 0.3, "action": "deal", "seat": 1, "card": "AS", "face": "down"}
{"t": 1.3, "action": "deal", "seat": 2, "card": "7C", "face": "down"}
"""


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_markers_sheet(tmp_path, capsys):
    code, out, _ = run(capsys, "markers", "--out", tmp_path, "--dpi", 150)
    assert code == 0 and "100% scale" in out
    page = cv2.imread(str(tmp_path / "markers-a4-150dpi.png"), cv2.IMREAD_GRAYSCALE)
    assert page.shape == (round(297 / 25.4 * 150), round(210 / 25.4 * 150))
    assert (tmp_path / "markers-a4.pdf").read_bytes().startswith(b"%PDF")
    from vision.calibration import Calibration
    assert sorted(Calibration().detect(page)) == [0, 1, 2, 3]


@pytest.fixture(scope="module")
def tiny_video(tmp_path_factory):
    d = tmp_path_factory.mktemp("tiny")
    (d / "tiny.jsonl").write_text(TINY)
    assert main(["render-video", str(d / "tiny.jsonl"), str(d / "tiny.mp4")]) == 0
    return d / "tiny.mp4"


def test_render_video_writes_video_and_truth(tiny_video):
    d = tiny_video.parent
    truth = json.loads((d / "tiny.truth.json").read_text())
    assert [e["kind"] for e in truth["expected"]] == ["dealt", "dealt"]
    assert [e["type"] for e in truth["reference"]][-2:] == ["card_dealt", "card_dealt"]
    cap = cv2.VideoCapture(str(tiny_video))
    assert int(cap.get(cv2.CAP_PROP_FRAME_COUNT)) == truth["n_frames"]
    assert (d / "tiny.zones.json").exists() and (d / "tiny.script.jsonl").exists()


def test_doctor_on_a_video_file(tiny_video, capsys):
    code, out, _ = run(capsys, "doctor", "--source", tiny_video, "--seconds", 1, "--zones",
                       tiny_video.with_suffix(".zones.json"), "--json")
    res = json.loads(out)
    checks = {c["name"]: c for c in res["checks"]}
    assert checks["resolution"]["status"] == "warn" and "1080p" in checks["resolution"]["advice"]
    assert checks["markers"]["status"] == "ok" and checks["sharpness"]["status"] in ("ok", "warn")
    assert checks["models"]["status"] == ("ok" if HAVE_MODELS else "fail")


def test_doctor_without_a_camera_says_so(capsys):
    code, out, _ = run(capsys, "doctor", "--source", "/no/such/camera.mp4")
    assert code == 1 and "FAIL" in out and "no such file" in out


def test_demo_replay_switch(capsys):
    code, out, _ = run(capsys, "demo", "--no-serve", "--replay")
    assert code == 0 and "replaying" in out and "Hand 1 over: seat 3 wins $29.00" in out


@pytest.mark.skipif(not HAVE_MODELS, reason="models/ not trained yet")
def test_run_on_a_video_file(tiny_video, capsys):
    code, out, _ = run(capsys, "run", "--source", tiny_video, "--once", "--headless", "--json",
                       "--events", tiny_video.with_suffix(".script.jsonl"), "--zones", tiny_video.with_suffix(".zones.json"))
    res = json.loads(out)
    assert code == 0 and res["camera"]["calibration"]["state"] == "live" and res["camera"]["frames"] > 30
    assert {e["type"] for e in res["events"]} <= {"table_opened", "hand_started", "card_dealt"}
    assert all(e["seat"] in (1, 2) and not e["up"] for e in res["events"] if e["type"] == "card_dealt")


@pytest.mark.skipif(not HAVE_MODELS, reason="models/ not trained yet")
def test_demo_runs_the_camera_pipeline_on_the_bundled_video(capsys):
    code, out, _ = run(capsys, "demo", "--headless", "--once", "--json", "--max-frames", 70)
    res = json.loads(out)
    assert code == 0 and res["camera"]["calibration"]["state"] == "live" and res["camera"]["frames"] == 70
    assert res["announcements"][0]["text"].startswith("Table open: Bonedoneskis")
    assert all(e["seat"] in (1, 2, 3, 4) for e in res["events"] if e["type"] == "card_dealt")
