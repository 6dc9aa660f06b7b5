"""The fast model files (`croupier quantize`, vision/quantize.py) and how the recogniser picks them.

Fallback rule under test: a fast file that is corrupt, or was made from another plain model, is
ignored with a FastModelWarning naming it, and the plain file is used; a missing one silently."""

import os
import shutil
import warnings
from pathlib import Path

import numpy as np
import pytest

from vision.model_files import (CLASSIFIER_FILE, DETECTOR_FILE, FAST_CLASSIFIER_FILE, FAST_DETECTOR_FILE,
                                FastModelWarning)
from vision.recogniser import Recogniser

# the .pt models/detector.onnx was exported from (CROUPIER_TEST_WEIGHTS names another run's)
BUILD_WEIGHTS = Path(os.environ.get("CROUPIER_TEST_WEIGHTS")
                     or Path(__file__).resolve().parents[2] / "build/vision/runs/detector/weights/best.pt")


def _plain_dir(tmp: Path, models_dir: Path) -> Path:
    tmp.mkdir(parents=True, exist_ok=True)
    for f in (DETECTOR_FILE, CLASSIFIER_FILE):
        shutil.copy(models_dir / f, tmp / f)
    return tmp


def _scene_crops(rec, n_scenes: int, first_seed: int):
    """Index crops (and the plain classifier's reading of them) from rendered training-style scenes."""
    from vision.crops import crop_square
    from vision.labels import INDEX
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
    from vision.synth.scene import render_scene

    styles = [ProceduralStyle(PROC_SPECS[k]) for k in ("proc_serif", "proc_four", "proc_jumbo")]
    crops = []
    for i in range(n_scenes):
        frame, _ = render_scene(first_seed + i, styles, [], TRAIN_FAMILIES, FaceCache(300), size=(960, 540))
        crops += [crop_square(frame, b) for k, _, b in rec.detect(frame) if k == INDEX]
    x = np.stack(crops)
    return x, rec.classify_crops(x)[0].argmax(1)


@pytest.fixture(scope="module")
def quantised_dir(tmp_path_factory, models_dir):
    """A model directory holding the plain files and a classifier.int8.onnx quantised here
    (calibrated on index crops of rendered training-style scenes: no build/ data needed)."""
    pytest.importorskip("onnx")
    from vision.quantize import quantize_classifier

    d = _plain_dir(tmp_path_factory.mktemp("q") / "models", models_dir)
    plain = Recogniser.from_models(d, fast=False)
    calib, _ = _scene_crops(plain, 6, 100)
    check = _scene_crops(plain, 3, 200)  # labels: the fp32 reading, so accuracy = agreement
    report = quantize_classifier(d, calib=calib, check=check, tolerance=0.1, min_agreement=0.85)
    return d, report


def test_int8_classifier_loads_and_agrees(quantised_dir, known_scene):
    from vision.crops import crop_square

    d, report = quantised_dir
    assert report["int8_accuracy"] >= 0.85 and report["crops"] >= 20, report
    fast = Recogniser.from_models(d)
    assert fast.model_files["classifier"] == d / FAST_CLASSIFIER_FILE
    assert (d / FAST_CLASSIFIER_FILE).stat().st_size < 0.5 * (d / CLASSIFIER_FILE).stat().st_size  # int8 weights
    plain = Recogniser.from_models(d, fast=False)
    frame, codes = known_scene
    crops = np.stack([crop_square(frame, b) for k, _, b in plain.detect(frame) if k == 2])
    p_plain, p_fast = plain.classify_crops(crops)[0], fast.classify_crops(crops)[0]
    sure = p_plain.max(1) >= plain.min_identity_conf
    assert sure.sum() >= 4 and (p_fast[sure].argmax(1) == p_plain[sure].argmax(1)).mean() >= 0.9
    got_fast = {c.identity for c in fast.recognise(frame) if c.identity}
    assert got_fast <= set(codes), f"int8 invented cards: {got_fast - set(codes)}"
    assert len(got_fast) >= len(codes) - 2, got_fast


def test_failed_check_writes_nothing(tmp_path, models_dir):
    pytest.importorskip("onnx")
    from vision.quantize import QuantizeError, quantize_classifier

    d = _plain_dir(tmp_path / "m", models_dir)
    crops = np.random.default_rng(0).integers(0, 255, (16, 64, 64, 3), np.uint8)
    with pytest.raises(QuantizeError, match="rejected"):
        # an impossible bar (accuracy above the plain model's): the check must refuse the file
        quantize_classifier(d, calib=crops, check=(crops, np.zeros(16, int)), tolerance=-2.0)
    assert not (d / FAST_CLASSIFIER_FILE).exists()


def test_missing_calibration_data_is_a_clear_error(tmp_path, models_dir):
    pytest.importorskip("onnx")
    from vision.quantize import QuantizeError, quantize_classifier

    d = _plain_dir(tmp_path / "m", models_dir)
    with pytest.raises(QuantizeError, match="croupier synth"):
        quantize_classifier(d, tmp_path / "no-data")


def test_missing_fast_files_use_plain_silently(tmp_path, models_dir):
    d = _plain_dir(tmp_path / "m", models_dir)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rec = Recogniser.from_models(d)
    assert rec.model_files == {"detector": d / DETECTOR_FILE, "classifier": d / CLASSIFIER_FILE}
    assert not rec.rect


def test_corrupt_fast_file_falls_back_with_warning(tmp_path, models_dir, known_scene):
    d = _plain_dir(tmp_path / "m", models_dir)
    (d / FAST_CLASSIFIER_FILE).write_bytes(b"not an onnx model")
    (d / FAST_DETECTOR_FILE).write_bytes(b"")
    with pytest.warns(FastModelWarning) as caught:
        rec = Recogniser.from_models(d)
    text = " ".join(str(w.message) for w in caught)
    assert FAST_CLASSIFIER_FILE in text and FAST_DETECTOR_FILE in text
    assert rec.model_files == {"detector": d / DETECTOR_FILE, "classifier": d / CLASSIFIER_FILE}
    assert rec.recognise(known_scene[0])  # still works, on the plain files


def test_stale_fast_file_is_not_used(tmp_path, quantised_dir):
    src, _ = quantised_dir
    d = tmp_path / "m"
    shutil.copytree(src, d)
    # a different (valid) plain classifier: the int8 file was not made from it
    shutil.copy(src / FAST_CLASSIFIER_FILE, d / CLASSIFIER_FILE)
    with pytest.warns(FastModelWarning, match="not made from this classifier.onnx"):
        rec = Recogniser.from_models(d)
    assert rec.model_files["classifier"] == d / CLASSIFIER_FILE


def test_fp32_switches(quantised_dir, monkeypatch):
    d, _ = quantised_dir
    assert Recogniser.from_models(d, fast=False).model_files["classifier"] == d / CLASSIFIER_FILE
    monkeypatch.setenv("CROUPIER_FP32", "1")
    assert Recogniser.from_models(d).model_files["classifier"] == d / CLASSIFIER_FILE
    monkeypatch.setenv("CROUPIER_FP32", "0")
    assert Recogniser.from_models(d).model_files["classifier"] == d / FAST_CLASSIFIER_FILE


def _iou(a, b):
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    u = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - ix * iy
    return ix * iy / u


@pytest.fixture(scope="module")
def rect_dir(tmp_path_factory, models_dir):
    """Plain models + a detector.rect.onnx exported here: from the build's detector weights when
    they are there, else (a fresh clone) from the .pt rebuilt from models/detector.onnx itself
    (skipped without the [train] extra)."""
    pytest.importorskip("ultralytics")
    from vision.quantize import REBUILT, QuantizeError, export_rect_detector

    tmp = tmp_path_factory.mktemp("rect")
    d = _plain_dir(tmp / "models", models_dir)
    if BUILD_WEIGHTS.exists():
        shutil.copy(BUILD_WEIGHTS, tmp / "w.pt")
        try:
            res = export_rect_detector(d, [tmp / "w.pt"])
        except QuantizeError as exc:
            pytest.skip(f"the build's weights are not those of models/detector.onnx: {exc}")
        assert not (tmp / "w.onnx").exists()  # the export never writes beside the weights
    else:
        res = export_rect_detector(d, runs=tmp / "no-runs")
        assert res["weights"] == str(REBUILT)
    return d, res


@pytest.mark.slow
def test_rect_detector_reads_like_the_square_one(rect_dir, known_scene):
    d, res = rect_dir
    assert res["max_diff_at_416"] < 1e-2 and res["max_diff_box_decode"] < 1e-2
    fast = Recogniser.from_models(d, threads=2)
    assert fast._det_outputs == ["box_dist", "scores"]  # ends before its box decoding (vision/head.py)
    plain = Recogniser.from_models(d, threads=2, fast=False)
    assert fast.rect and fast.model_files["detector"] == d / FAST_DETECTOR_FILE and not plain.rect
    frame, codes = known_scene
    x, s, px, py = fast.letterbox(frame)
    assert x.shape == (1, 3, 256, 416) and (px, py) == (0, 11)  # 1280x720 -> 416x234, padded to 256
    assert plain.letterbox(frame)[0].shape == (1, 3, 416, 416)
    got = {c.identity for c in fast.recognise(frame) if c.identity}
    assert got <= set(codes) and len(got) >= len(codes) - 1, got
    boxes = [b for k, _, b in fast.detect(frame) if k == 0]
    for k, _, b in plain.detect(frame):  # every face the square input finds, the free-size one finds too
        if k == 0:
            assert any(_iou(b, c) > 0.7 for c in boxes), b


@pytest.mark.slow
def test_rect_export_refuses_foreign_weights(tmp_path, rect_dir):
    from vision.quantize import QuantizeError, export_rect_detector

    d = tmp_path / "m"
    shutil.copytree(rect_dir[0], d)
    before = (d / FAST_DETECTOR_FILE).read_bytes()
    with pytest.raises(QuantizeError, match="no weights reproduce"):
        export_rect_detector(d, [tmp_path / "nothing.pt"])
    assert (d / FAST_DETECTOR_FILE).read_bytes() == before  # untouched
