"""One tiny offline training run of both stages, export, and load with ONNX Runtime.
Skipped automatically where the [train] extra (ultralytics, torch) is not installed."""

import os

import pytest


@pytest.mark.slow
def test_offline_training_smoke(tmp_path, monkeypatch):
    pytest.importorskip("ultralytics")
    pytest.importorskip("torch")
    from vision.recogniser import Recogniser
    from vision.synth.dataset import generate
    from vision.train import train_classifier, train_detector

    monkeypatch.setenv("YOLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.chdir(tmp_path)
    generate(tmp_path / "data", None, {"train": 4, "val": 2}, seed=1, det_width=256, workers=1,
             progress=False)
    models = tmp_path / "models"
    r = train_detector(tmp_path / "data/det/data.yaml", tmp_path / "runs", epochs=1, imgsz=96, batch=4,
                       resume=False, export_to=models / "detector.onnx", cache=False)
    assert (models / "detector.onnx").exists() and r["train_wall_s"] > 0
    c = train_classifier(tmp_path / "data/cls", tmp_path / "runs/cls", epochs=1, batch=32, threads=1,
                         export_to=models / "classifier.onnx", resume=False, progress=False)
    assert c["history"][0]["epoch"] == 1
    assert os.environ.get("YOLO_OFFLINE") == "1"
    rec = Recogniser.from_models(models)
    assert rec.imgsz == 96
