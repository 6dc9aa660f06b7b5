"""The detector's ultralytics checkpoint rebuilt from the committed detector.onnx
(vision/detector_weights.py): the speed benchmarks' peer, `croupier quantize`'s free-size export
and `croupier train detector --init models/detector.onnx` all rest on it."""

import shutil

import numpy as np
import pytest

from vision.model_files import DETECTOR_FILE, ModelError


def test_a_missing_or_corrupt_onnx_is_named(tmp_path):
    pytest.importorskip("onnx")
    from vision.detector_weights import checkpoint_from_onnx, peer_checkpoint

    with pytest.raises(ModelError, match="missing.*nothing.onnx"):
        checkpoint_from_onnx(tmp_path / "nothing.onnx", tmp_path / "out.pt")
    bad = tmp_path / "detector.onnx"
    bad.write_bytes(b"\x08\x07not a model at all")
    with pytest.raises(ModelError, match="detector.onnx"):
        checkpoint_from_onnx(bad, tmp_path / "out.pt")
    with pytest.raises(ModelError, match="missing"):
        peer_checkpoint(tmp_path / "empty", cache=tmp_path / "peer")
    assert not (tmp_path / "out.pt").exists() and not (tmp_path / "peer").exists()


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory, models_dir):
    pytest.importorskip("ultralytics")
    from vision.detector_weights import checkpoint_from_onnx

    return checkpoint_from_onnx(models_dir / DETECTOR_FILE, tmp_path_factory.mktemp("pt") / "detector.pt")


@pytest.mark.slow
def test_the_rebuilt_detector_computes_what_the_onnx_does(rebuilt, models_dir):
    from ultralytics import YOLO

    from vision.detector_weights import _max_diff

    model = YOLO(str(rebuilt))
    assert model.names == {0: "face", 1: "back", 2: "index"}
    assert _max_diff(model.model, models_dir / DETECTOR_FILE) < 1e-2  # as ultralytics' predict runs it (fused)


@pytest.mark.slow
def test_ultralytics_predict_on_it_finds_the_cards_ours_finds(rebuilt, rec, known_scene):
    from ultralytics import YOLO

    frame, codes = known_scene
    r = YOLO(str(rebuilt)).predict(frame[..., ::-1].copy(), imgsz=416, device="cpu", verbose=False)[0]
    theirs = [b for c, b in zip(r.boxes.cls.tolist(), r.boxes.xyxy.tolist()) if c == 0]
    ours = [b for k, _, b in rec.detect(frame) if k == 0]
    assert len(ours) == len(codes)
    for b in ours:  # every face box ours finds, the peer finds within a few pixels
        assert min(np.abs(np.subtract(b, t)).max() for t in theirs) < 6, b


@pytest.mark.slow
def test_a_foreign_onnx_is_refused_and_nothing_written(tmp_path, models_dir):
    pytest.importorskip("ultralytics")
    from vision.detector_weights import WeightsError, checkpoint_from_onnx

    foreign = tmp_path / "classifier.onnx"
    shutil.copy(models_dir / "classifier.onnx", foreign)
    with pytest.raises(WeightsError, match="classifier.onnx"):
        checkpoint_from_onnx(foreign, tmp_path / "out.pt")
    assert not list(tmp_path.glob("out.*"))


@pytest.mark.slow
def test_the_peer_checkpoint_is_rebuilt_once_per_detector_file(tmp_path, models_dir):
    pytest.importorskip("ultralytics")
    from vision.detector_weights import peer_checkpoint

    first = peer_checkpoint(models_dir, cache=tmp_path)
    stamp = first.stat().st_mtime_ns
    assert peer_checkpoint(models_dir, cache=tmp_path) == first and first.stat().st_mtime_ns == stamp
