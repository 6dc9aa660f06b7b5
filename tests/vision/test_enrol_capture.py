"""`croupier enrol --camera`: frames taken from the camera as the host shows each card, checked
at once for a card index; skips, stops, an unplugged camera and typos in --order are clear."""

from __future__ import annotations

import json
import sys
import time

import cv2
import numpy as np
import pytest

from vision.enrol_capture import capture
from vision.sources import SourceError

CODES = ["AS", "KH", "7D"]


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """A folder of shots as a recorded session gives them: a blank table first (the host pressed
    Enter too early), then each card alone."""
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
    from vision.synth.scene import render_scene

    style = ProceduralStyle(PROC_SPECS["proc_serif"])
    folder = tmp_path_factory.mktemp("shots")
    cache = FaceCache(300)
    blank = np.full((540, 960, 3), (40, 110, 60), np.uint8)
    cv2.imwrite(str(folder / "00-blank.png"), blank)
    for i, c in enumerate(CODES, 1):
        frame, _ = render_scene(700 + i, [style], [], TRAIN_FAMILIES, cache, size=(960, 540), codes=[c])
        cv2.imwrite(str(folder / f"{i:02d}-{c}.png"), frame[..., ::-1])
    return folder


def _answers(*lines):
    it = iter(lines)

    def ask():
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    return ask


def test_each_card_is_captured_and_a_frame_without_a_card_is_asked_again(shots, rec, tmp_path):
    said = []
    frames, codes = capture(shots, CODES, rec, ask=_answers("", "", "", ""), say=said.append, save=tmp_path / "kept")
    assert codes == CODES and len(frames) == 3
    assert any("no card index seen" in m and "AS" in m for m in said)  # the blank shot: shown again
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == ["01-AS.png", "02-KH.png", "03-7D.png"]
    kept = cv2.imread(str(tmp_path / "kept" / "01-AS.png"))[..., ::-1]
    assert np.array_equal(kept, frames[0])


def test_skip_stop_and_end_of_input_keep_what_was_captured(shots, rec):
    frames, codes = capture(shots, CODES, rec, ask=_answers("s", "", "q"), say=lambda m: None)
    # AS skipped; KH's Enter takes the blank shot (asked again), the q stops: nothing for KH
    assert codes == [] and frames == []
    frames, codes = capture(shots, CODES, rec, ask=_answers("s", "", ""), say=lambda m: None)
    assert codes == ["KH"]  # then input ended: stop, keep KH
    frames, codes = capture(shots, CODES, rec, ask=_answers("", "", "s", ""), say=lambda m: None,
                            laid_out=False)
    assert codes == ["AS", "7D"]


def test_laid_out_is_one_frame_for_all_the_cards(shots, rec):
    frames, codes = capture(shots, CODES, rec, laid_out=True, ask=_answers("", ""), say=lambda m: None)
    assert len(frames) == 1 and codes == CODES


def test_no_frame_from_the_camera_is_a_clear_error(shots, rec, tmp_path):
    with pytest.raises(SourceError, match="no such file"):
        capture(tmp_path / "nothing-here", CODES, rec, ask=_answers(""), say=lambda m: None)


def test_a_recording_that_ends_keeps_what_was_captured(shots, rec, tmp_path):
    short = tmp_path / "short"
    short.mkdir()
    for name in ("01-AS.png",):
        (short / name).write_bytes((shots / name).read_bytes())
    said = []
    frames, codes = capture(short, CODES, rec, ask=_answers("", "", ""), say=said.append)
    assert codes == ["AS"] and len(frames) == 1
    assert any("ended: keeping the 1 frame" in m for m in said)


def test_cli_enrols_from_the_camera(shots, tmp_path, monkeypatch, capsys):
    from webui.cli import main

    out = tmp_path / "deck.npz"
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("\n\n\n\n"))
    assert main(["enrol", "--camera", str(shots), "--order", ",".join(CODES), "--out", str(out)]) == 0
    cap = capsys.readouterr()
    res = json.loads(cap.out)
    assert res["cards"] >= 2 and out.exists()
    assert "show AS alone" in cap.err
    # a typo in --order is found before any card is shown; image files and --camera are one or the other
    assert main(["enrol", "--camera", str(shots), "--order", "AS,ZZ"]) == 2
    assert "not a card code" in capsys.readouterr().err
    assert main(["enrol", str(shots / "01-AS.png"), "--camera", str(shots), "--order", "AS"]) == 2
    assert "one of the two" in capsys.readouterr().err
    assert main(["enrol", str(shots / "01-AS.png"), "--order", "AS", "--laid-out"]) == 2
    assert "go with --camera" in capsys.readouterr().err
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("q\n"))
    assert main(["enrol", "--camera", str(shots), "--order", "AS", "--out", str(tmp_path / "x.npz")]) == 2
    assert "no frames captured" in capsys.readouterr().err


def test_a_camera_that_gives_nothing_is_reported_before_the_first_card(rec, monkeypatch):
    import vision.enrol_capture as ec
    from vision.sources import FrameSource

    class Unplugged:
        live, name = True, "camera 3"

        def open(self):
            raise OSError("cannot open camera 3")

        def read(self):
            return None

        def close(self):
            pass

    monkeypatch.setattr(ec, "open_source", lambda spec, **kw: FrameSource(Unplugged(), **kw))
    said = []
    with pytest.raises(SourceError, match="no frame from camera 3.*cannot open camera 3"):
        capture(3, CODES, rec, ask=_answers(""), say=said.append, timeout=0.5)
    assert said == []  # no prompt to show a card to a camera that is not there


def test_a_camera_unplugged_mid_way_keeps_what_was_captured(shots, rec, monkeypatch):
    import vision.enrol_capture as ec
    from vision.sources import FrameSource

    card = cv2.imread(str(shots / "01-AS.png"))[..., ::-1].copy()

    plugged = [True]

    class Flaky:  # frames while plugged in; then the cable is pulled
        live, name = True, "camera 1"

        def open(self):
            if not plugged[0]:
                raise OSError("cannot open camera 1")

        def read(self):
            if not plugged[0]:
                raise OSError("camera 1 unplugged")
            time.sleep(0.01)
            return card

        def close(self):
            pass

    answers = iter(["", "pull", "", "", "q"])

    def ask():
        a = next(answers)
        if a == "pull":  # the cable is pulled after the first card; the last frame sent still arrives
            time.sleep(0.05)
            plugged[0] = False
            time.sleep(0.05)
            return ""
        return a

    monkeypatch.setattr(ec, "open_source", lambda spec, **kw: FrameSource(Flaky(), **kw))
    said = []
    frames, codes = capture(1, CODES, rec, ask=ask, say=said.append, timeout=0.5)
    assert codes == ["AS", "KH"] and len(frames) == 2
    assert any("no frame from camera 1" in m and "2 frame(s) captured" in m for m in said)
