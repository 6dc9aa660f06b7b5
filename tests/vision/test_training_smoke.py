"""One tiny offline training run of both stages, export, and load with ONNX Runtime.
Skipped automatically where the [train] extra (ultralytics, torch) is not installed."""

import os

import numpy as np

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


@pytest.mark.slow
def test_small_classifier_distils_from_a_trained_one(tmp_path):
    torch = pytest.importorskip("torch")
    pytest.importorskip("tqdm")             # the [train] extra draws the data, not torch alone
    from vision.synth.dataset import generate
    from vision.train import _classifier_net, train_classifier

    generate(tmp_path / "data", None, {"train": 3, "val": 1}, seed=2, det_width=256, workers=1, progress=False)
    teacher = train_classifier(tmp_path / "data/cls", tmp_path / "runs/m", epochs=1, batch=32, threads=1,
                               resume=False, progress=False, strong_aug=True)  # --strong-aug trains too
    assert teacher["history"][0]["epoch"] == 1
    s = train_classifier(tmp_path / "data/cls", tmp_path / "runs/s", epochs=1, batch=32, threads=1, resume=False,
                         progress=False, size="s", teacher=tmp_path / "runs/m/classifier.pt",
                         export_to=tmp_path / "s.onnx")
    saved = torch.load(tmp_path / "runs/s/classifier.pt", weights_only=False)
    assert saved["size"] == "s"

    def conv_macs(net):  # multiply-adds of the convolutions for one 48 x 48 crop
        macs = []
        def count(m, i, o):
            macs.append(o.numel() * m.in_channels * m.weight[0, 0].numel())

        hooks = [m.register_forward_hook(count) for m in net.modules() if isinstance(m, torch.nn.Conv2d)]
        net.eval()(torch.zeros(1, 3, 48, 48))
        [h.remove() for h in hooks]
        return sum(macs)

    small, big = (conv_macs(_classifier_net(54, size=k)) for k in ("s", "m"))
    assert 13e6 < small < 15e6 and 45e6 < big < 47e6  # the figures vision/train.py states
    import onnxruntime as ort

    out = ort.InferenceSession(s["onnx"], providers=["CPUExecutionProvider"]).run(
        None, {"crops": np.zeros((2, 3, 48, 48), np.float32)})
    assert out[0].shape == (2, 54) and out[1].shape == (2, 128)  # what the recogniser and enrolment read
    with pytest.raises(ValueError, match="classifier size 'xl'"):
        _classifier_net(54, size="xl")


@pytest.mark.slow
def test_detector_training_can_start_from_the_shipped_onnx(tmp_path, monkeypatch, models_dir):
    """`croupier train detector --init models/detector.onnx`: a fresh clone has no .pt of the
    shipped detector; the run rebuilds it (vision/detector_weights.py) and starts from its weights."""
    pytest.importorskip("ultralytics")
    torch = pytest.importorskip("torch")
    from vision.detector_weights import _max_diff
    from vision.synth.dataset import generate
    from vision.train import train_detector

    monkeypatch.setenv("YOLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.chdir(tmp_path)
    generate(tmp_path / "data", None, {"train": 2, "val": 1}, seed=3, det_width=256, workers=1, progress=False)
    r = train_detector(tmp_path / "data/det/data.yaml", tmp_path / "runs", epochs=1, imgsz=96, batch=2,
                       resume=False, cache=False, init=models_dir / "detector.onnx", lr0=1e-9, warmup_epochs=0)
    start = tmp_path / "runs/detector/init-from-onnx.pt"
    start_net = torch.load(start, weights_only=False)["model"]
    assert start.exists() and _max_diff(start_net, models_dir / "detector.onnx") < 1e-2
    # its batch norms were measured on the run's own training images (not left as identities)
    norms = [m for m in start_net.modules() if isinstance(m, torch.nn.BatchNorm2d)]
    assert norms and all(float((m.running_var - (1 - m.eps)).abs().max()) > 1e-3 for m in norms[:5])
    trained = torch.load(r["weights"], weights_only=False)
    net = (trained.get("ema") or trained["model"]).float()
    # an lr of 1e-9 leaves the kernels where they started: the run began from the shipped weights
    # (its batch norms did move: they learn this data's statistics, so compare a kernel, not outputs)
    first = dict(net.named_parameters())["model.0.conv.weight"].detach()
    import onnx
    from onnx import numpy_helper

    shipped = {t.name: numpy_helper.to_array(t) for t in onnx.load(str(models_dir / "detector.onnx")).graph.initializer}
    assert np.allclose(first.numpy(), shipped["model.0.conv.weight"], rtol=2e-3, atol=1e-3)  # (saved as fp16)


def test_classifier_training_can_start_from_the_shipped_onnx(tmp_path, models_dir):
    """`croupier train classifier --init models/classifier.onnx`: the export folded its batch norms;
    rebuilt, the network reads crops exactly as the file does."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("onnx")
    pytest.importorskip("tqdm")             # the [train] extra, which train_classifier needs
    import onnxruntime as ort

    from vision.train import _classifier_net, classifier_state_from_onnx, train_classifier

    state, size = classifier_state_from_onnx(models_dir / "classifier.onnx")
    assert size == "s"  # (models/README.md: the shipped classifier is size s)
    net = _classifier_net(54, size=size)
    net.load_state_dict(state)
    x = np.random.default_rng(0).random((4, 3, 48, 48), np.float32)
    ref = ort.InferenceSession(str(models_dir / "classifier.onnx"), providers=["CPUExecutionProvider"]).run(
        None, {"crops": x})
    with torch.no_grad():
        got = net.eval()(torch.from_numpy(x))
    assert all(np.abs(g.numpy() - r).max() < 1e-4 for g, r in zip(got, ref))
    # measured on crops, the norms still compute the same, and a training batch of such crops (its own
    # statistics) now reads them much as the file does (identity norms: a third of the answers)
    from vision.crops import to_input
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
    from vision.synth.index_crops import make_crops

    crops, _ = make_crops(96, 5, [ProceduralStyle(PROC_SPECS["proc_serif"])], TRAIN_FAMILIES, progress=False)
    x = (to_input(crops).transpose(0, 3, 1, 2) / 255).astype(np.float32)
    ref = ort.InferenceSession(str(models_dir / "classifier.onnx"), providers=["CPUExecutionProvider"]).run(
        None, {"crops": x})[0].argmax(1)
    agree = {}
    for calib in (None, x):
        net.load_state_dict(classifier_state_from_onnx(models_dir / "classifier.onnx", calib=calib)[0])
        with torch.no_grad():
            assert np.abs(net.eval()(torch.from_numpy(x))[0].numpy().argmax(1) - ref).max() == 0
            agree[calib is not None] = float((net.train()(torch.from_numpy(x))[0].numpy().argmax(1) == ref).mean())
    assert agree[True] >= 0.9 and agree[True] > agree[False] + 0.2, agree
    with pytest.raises(ValueError, match="not a classifier"):
        classifier_state_from_onnx(models_dir / "detector.onnx")
    with pytest.raises(ValueError, match="size 's' classifier"):  # said before any data is read
        train_classifier(tmp_path / "no-data", tmp_path / "out", init=models_dir / "classifier.onnx", size="m")
