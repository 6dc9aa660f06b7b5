"""`croupier enrol --deck bonnu` (vision/bonnu_enrol.py): a head fitted on frames of the held-out
face style, one card per frame, reads other renders of those cards no worse (here: better), is
saved and used by the recogniser, and bad enrolment input is a clear error. No torch."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from vision.bonnu import BONNU_TEMPLATES_FILE, BonnuRecogniser
from vision.bonnu_enrol import enrol_bonnu, find_bonnu_examples
from vision.bonnu_finder import face_crop
from vision.enrol_head import save_head
from vision.labels import BONNU_CLASSES
from vision.model_files import ModelError
from vision.synth.bonnu import HELD_OUT_STYLE, render_scene

CODES = ["white:6", "yellow:9", "black:-1", "blue:1", "red:21", "white:2"]


def _frames(codes, seed0):
    return [render_scene(seed0 + i, (HELD_OUT_STYLE,), codes=[c])[0] for i, c in enumerate(codes)]


@pytest.fixture(scope="module")
def plain(models_dir):
    return BonnuRecogniser.from_models(models_dir, threads=2, templates=False)


@pytest.fixture(scope="module")
def enrolled(plain):
    head, report = enrol_bonnu(plain, _frames(CODES, 9000), CODES)
    return head, report


def _accuracy(rec, seed0) -> float:
    true, pred = [], []
    for i in range(3):
        frame, truths = render_scene(seed0 + i, (HELD_OUT_STYLE,), codes=CODES)
        probs, _ = rec.classify_crops(np.stack([face_crop(frame, t.quad) for t in truths]))
        true += [t.code for t in truths]
        pred += [BONNU_CLASSES[i] for i in probs.argmax(1)]
    return float(np.mean([t == p for t, p in zip(true, pred)]))


def test_enrolment_reads_the_shown_cards_no_worse(plain, enrolled, models_dir):
    head, report = enrolled
    assert not report["missing"], report["missing"]
    before = _accuracy(plain, 9100)
    rec = BonnuRecogniser.from_models(models_dir, threads=2, templates=False)
    rec.templates = head
    after = _accuracy(rec, 9100)
    assert after >= before, (before, after)


def test_enrolled_file_is_used_and_checked(tmp_path, enrolled, models_dir):
    import shutil

    head, report = enrolled
    shutil.copy(models_dir / "bonnu_classifier.onnx", tmp_path / "bonnu_classifier.onnx")
    from vision.model_files import file_sha256

    save_head(head, tmp_path / BONNU_TEMPLATES_FILE,
              {"cards": report["cards"], "classifier_sha256": file_sha256(tmp_path / "bonnu_classifier.onnx")})
    rec = BonnuRecogniser.from_models(tmp_path)
    assert rec.templates is not None and rec.templates["cards"] == sorted(CODES)
    poker_head = {"W": np.zeros((64, 54), np.float32), "alpha": 0.5}  # a poker deck's head
    save_head(poker_head, tmp_path / "poker.npz")
    with pytest.raises(ModelError, match="expected D x 61"):
        BonnuRecogniser.from_models(tmp_path, templates=tmp_path / "poker.npz")


def test_bad_enrolment_input_is_a_clear_error(tmp_path, capsys):
    from webui.cli import main

    frames = _frames(CODES[:2], 9000)
    with pytest.raises(ValueError, match="not a Bonnu card code"):
        find_bonnu_examples(frames, ["red:10", "blue:3"])
    with pytest.raises(ValueError, match="3 images but --order lists 2"):
        find_bonnu_examples(frames + frames[:1], CODES[:2])
    paths = []
    for i, f in enumerate(frames):
        paths.append(tmp_path / f"{i}.png")
        Image.fromarray(f).save(paths[-1])
    assert main(["enrol", "--deck", "bonnu", "--camera", "0", "--order", "red:1"]) == 2
    assert "image files only" in capsys.readouterr().err
    out = tmp_path / "e.npz"
    assert main(["enrol", "--deck", "bonnu", "--order", ",".join(CODES[:2]), *map(str, paths), "--out", str(out)]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["cards"] == 2 and out.exists()
