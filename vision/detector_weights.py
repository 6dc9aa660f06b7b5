"""Rebuild the detector's ultralytics checkpoint (.pt) from the committed `models/detector.onnx`.

Only the ONNX files are committed; the training run's .pt stays in build/ and is gone on a fresh
clone. Three things need it: the speed benchmark's peer (the same detector through plain
ultralytics PyTorch predict), `croupier quantize --rect` (re-exports the free-size detector from
it) and a new training run that starts from the shipped detector (`croupier train detector
--init`). The ONNX graph holds every weight under its PyTorch name, with each convolution's batch
norm already folded in (ultralytics fuses before export). So the network is built again from its
yaml, each batch norm set to the identity (mean 0, variance 1 - eps, scale 1) with the folded bias
as its shift, and the folded kernels loaded: ultralytics' own fuse() at predict then gives back
exactly the exported numbers. For a training run to start from, the norms are then measured on
training images (`calib`), which keeps the function and makes a training batch normalise as the
exported network did. Needs the `[train]` extra.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np

from .labels import DETECTOR_CLASSES
from .model_files import ModelError


class WeightsError(ValueError):
    """The ONNX file cannot be turned back into a checkpoint (said why, naming the file)."""


def onnx_weights(path: Path):
    """(weights by name, metadata, graph) of an ONNX file; a missing or unreadable file is named."""
    try:
        import onnx
        from onnx import numpy_helper
    except ImportError:
        raise WeightsError("reading model weights needs the onnx package ([dev] or [train] extra)") from None
    if not path.exists():
        raise ModelError(f"model file missing: {path}")
    try:
        model = onnx.load(str(path))
    except Exception as exc:  # a truncated or foreign file
        raise ModelError(f"cannot read model file {path}: {type(exc).__name__}: {exc}") from None
    weights = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    return weights, {p.key: p.value for p in model.metadata_props}, model.graph


def _scale(meta: dict[str, str]) -> str:
    """The YOLO11 scale from ultralytics' description ("Ultralytics YOLO11p-cards model ...")."""
    m = re.search(r"YOLO11([a-z])", meta.get("description", ""))
    return m.group(1) if m else "p"


def checkpoint_from_onnx(onnx_path: Path, out: Path, check: bool = True, calib: np.ndarray | None = None) -> Path:
    """Write OUT, an ultralytics checkpoint whose network computes what ONNX_PATH does (checked on a
    random input when `check`: a mismatch raises WeightsError and writes nothing). `calib`
    (N x 3 x H x W images, 0..1), for a checkpoint to train from: each batch norm gets the mean and
    variance of its convolution's output on them (scale sqrt(var + eps), shift bias + mean), the
    same function, but a training batch then normalises as the exported network did; identity
    norms would make the first steps of a fine-tune start from a different network
    (`vision.train.classifier_state_from_onnx` measured that on the classifier)."""
    onnx_path, out = Path(onnx_path), Path(out)
    weights, meta, _ = onnx_weights(onnx_path)
    try:
        import torch
        from ultralytics.nn.tasks import DetectionModel
    except ImportError:
        raise WeightsError("rebuilding the detector's .pt needs the [train] extra (ultralytics + torch)") from None
    from .train import detector_yaml, offline_env

    offline_env()
    names = ast.literal_eval(meta["names"]) if "names" in meta else dict(enumerate(DETECTOR_CLASSES))
    yaml = detector_yaml(out.parent / "x", len(names), _scale(meta))
    model = DetectionModel(str(yaml), nc=len(names), verbose=False)
    model.names = names
    state = model.state_dict()
    new, missing = {}, []
    for key, value in state.items():
        # a batch-normed conv "model.3.conv" + "model.3.bn": the ONNX holds the folded "model.3.conv.weight/bias"
        head, _, leaf = key.rpartition(".")
        if head.endswith(".bn"):
            conv = head[: -len(".bn")] + ".conv"
            if leaf == "weight":
                new[key] = torch.ones_like(value)
            elif leaf == "bias":  # the folded bias is the norm's shift
                src = weights.get(conv + ".bias")
                if src is None:
                    missing.append(conv + ".bias")
                else:
                    new[key] = torch.from_numpy(src.copy())
            elif leaf == "running_mean":
                new[key] = torch.zeros_like(value)
            elif leaf == "running_var":
                bn = model.get_submodule(head)
                new[key] = torch.full_like(value, 1.0 - bn.eps)
            else:  # num_batches_tracked
                new[key] = value
            continue
        src = weights.get(key)
        if src is None:
            missing.append(key)
        elif tuple(src.shape) != tuple(value.shape):
            raise WeightsError(f"{onnx_path} is not this detector: {key} is {tuple(src.shape)}, "
                               f"the network wants {tuple(value.shape)}")
        else:
            new[key] = torch.from_numpy(src.copy())
    if missing:
        raise WeightsError(f"{onnx_path} lacks {len(missing)} of the detector's weights (first: {missing[0]}): "
                           "not a plain ultralytics YOLO11 export")
    model.load_state_dict(new)
    model.eval()
    if calib is not None and len(calib):
        _measure_norms(model, calib)
    if check:
        diff = _max_diff(model, onnx_path)
        if diff > 1e-2:
            raise WeightsError(f"the rebuilt network differs from {onnx_path} (max {diff:.3g})")
    imgsz = ast.literal_eval(meta.get("imgsz", "[416, 416]"))
    ckpt = {"model": model,  # (fp32: the folded kernels are not fp16 numbers)
            "ema": None, "optimizer": None, "epoch": -1, "best_fitness": None,
            "train_args": {"task": "detect", "imgsz": max(imgsz)},
            "croupier": f"rebuilt from {onnx_path.name} by vision.detector_weights"}
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    torch.save(ckpt, tmp)
    tmp.replace(out)
    return out


def fit_norms(pairs, forward) -> None:
    """Set each (conv, batch norm) pair's norm from the statistics of the conv's output while
    `forward()` runs the network on calibration inputs, in eval mode with identity norms (so the
    network is exact and each conv sees what it saw before): mean and variance, scale
    sqrt(var + eps), shift bias + mean. The same function, and a training batch like those inputs
    then normalises as the exported network did. Shared by the detector and the classifier."""
    import torch

    stats = {}
    hooks = [conv.register_forward_hook(lambda mod, i, o, k=k: stats.__setitem__(k, o.detach()))
             for k, (conv, _) in enumerate(pairs)]
    try:
        with torch.no_grad():
            forward()
    finally:
        for h in hooks:
            h.remove()
    for k, (_, bn) in enumerate(pairs):
        y = stats[k]
        mean, var = y.mean((0, 2, 3)), y.var((0, 2, 3), unbiased=False)
        bn.bias.data += mean
        bn.running_mean.copy_(mean), bn.running_var.copy_(var)
        bn.weight.data = torch.sqrt(var + bn.eps)


def _measure_norms(model, images: np.ndarray) -> None:
    """The detector's batch norms (identities so far) measured on these images (`fit_norms`)."""
    import torch
    from ultralytics.nn.modules.conv import Conv

    pairs = [(m.conv, m.bn) for m in model.modules()
             if isinstance(m, Conv) and isinstance(getattr(m, "bn", None), torch.nn.BatchNorm2d)]
    fit_norms(pairs, lambda: model.eval()(torch.from_numpy(np.ascontiguousarray(images, np.float32))))


def training_images(data_yaml: Path, n: int = 32, size: int = 416) -> np.ndarray:
    """Up to n of a detector dataset's training images, letterboxed to size x size (pad 114, as
    ultralytics), N x 3 x size x size RGB 0..1: what a fine-tune's first batches look like."""
    import cv2
    import yaml

    cfg = yaml.safe_load(Path(data_yaml).read_text())
    root = Path(cfg.get("path") or Path(data_yaml).parent)
    train = cfg["train"] if isinstance(cfg["train"], list) else [cfg["train"]]
    files = sorted(f for d in train for f in (root / d).glob("*") if f.suffix.lower() in (".jpg", ".jpeg", ".png"))
    pick = files[:: max(1, len(files) // n)][:n]
    out = np.full((len(pick), size, size, 3), 114, np.uint8)
    for i, f in enumerate(pick):
        img = cv2.imread(str(f))[..., ::-1]
        s = size / max(img.shape[:2])
        h, w = round(img.shape[0] * s), round(img.shape[1] * s)
        y0, x0 = (size - h) // 2, (size - w) // 2
        out[i, y0:y0 + h, x0:x0 + w] = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
    return out.transpose(0, 3, 1, 2).astype(np.float32) / 255


def _max_diff(model, onnx_path: Path) -> float:
    """Largest difference between the rebuilt (then fused, as predict runs it) network and the
    ONNX graph on one random 416x416 input: the box coordinates and class scores alike."""
    import copy

    import onnxruntime as ort
    import torch

    x = np.random.default_rng(0).random((1, 3, 416, 416), np.float32)
    s = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    ref = s.run(None, {s.get_inputs()[0].name: x})[0]
    fused = copy.deepcopy(model).float().fuse(verbose=False).eval()
    with torch.no_grad():
        got = fused(torch.from_numpy(x))
    got = (got[0] if isinstance(got, (list, tuple)) else got).numpy()
    return float(np.abs(got - ref).max()) if got.shape == ref.shape else float("inf")


def peer_checkpoint(model_dir: Path, cache: Path = Path(__file__).resolve().parent.parent / "build/vision/peer") -> Path:
    """MODEL_DIR/detector.onnx as a .pt for the benchmarks' ultralytics peer (the same network and
    weights through plain PyTorch predict), rebuilt once per detector file (named by its hash)."""
    import hashlib

    src = Path(model_dir) / "detector.onnx"
    if not src.exists():
        raise ModelError(f"model file missing: {src}")
    out = Path(cache) / f"detector-{hashlib.sha256(src.read_bytes()).hexdigest()[:12]}.pt"
    return out if out.exists() else checkpoint_from_onnx(src, out)
