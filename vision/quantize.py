"""`croupier quantize`: the fast model files the recogniser prefers (vision/model_files.py).

Both are written beside the plain models under NEW names, stamped with the SHA-256 of the plain
file they were made from (the recogniser ignores a fast file whose stamp does not match, so a
re-exported detector.onnx or classifier.onnx is never paired with a stale fast file):

* `classifier.int8.onnx`: static int8 quantisation of `classifier.onnx` (ONNX Runtime, QOperator
  QLinearConv, uint8 activations / int8 weights, per tensor, MinMax calibration on crops cut
  from TRAINING frames, never the test split). `reduce_range` (7-bit weights) because these
  AVX2 CPUs without VNNI saturate uint8 x int8 pair sums: without it validation accuracy fell
  0.922 -> 0.911, with it 0.922. Written only when its accuracy on the validation crops is
  within `tolerance` of the fp32 model's and it agrees with it on >= 97 % of them.
* `detector.rect.onnx` (made unless `--no-rect`): the detector re-exported from its .pt weights
  with a free input size, so a 16:9 frame runs at 416x256 instead of 416x416 (what ultralytics
  predict does too), and a region of a frame can be looked at on its own (the camera path's
  region looks, vision/gating.py). Written only when, at 416x416, it gives `detector.onnx`'s
  output (it is the same network). Needs the [train] extra (ultralytics + torch), like any export.
  It ends before the box decoding (`cut_box_decode`; vision/head.py decodes only the anchors that
  pass, 3 ms less per look) and is written only when that decode equals the graph's own.

The detector is not quantised: static int8 (QDQ, uint8/int8, head in float) was no faster than
fp32 on these CPUs (20 vs 20 ms CPU at 416x416): its tensors are small and the SiLU between convs
stays in float, so the quantise / dequantise steps eat the gain.
"""

from __future__ import annotations

import glob
import os
import shutil
import tempfile
from pathlib import Path

import numpy as np

from .crops import to_input
from .head import BINS, RAW_OUTPUTS, HeadOutput
from .model_files import (CLASSIFIER_FILE, DETECTOR_FILE, FAST_CLASSIFIER_FILE, FAST_DETECTOR_FILE, SOURCE_KEY,
                          ModelError, file_sha256)


class QuantizeError(RuntimeError):
    """A fast model could not be made or failed its check; nothing was written."""


def _onnx():
    try:
        import onnx
        import sympy  # noqa: F401  (ONNX Runtime's quantisation preprocessing infers shapes with it)
        from onnxruntime import quantization
    except ImportError as exc:
        raise QuantizeError(f"quantisation needs the onnx and sympy packages ([train] or [dev] extra): {exc}") from None
    return onnx, quantization


def _session(path: Path):
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.log_severity_level = 3
    return ort.InferenceSession(str(path), sess_options=opts, providers=["CPUExecutionProvider"])


def _stamp(model_path: Path, source: Path, **extra: str) -> None:
    """Record the plain file this fast file was made from (SOURCE_KEY) in its ONNX metadata."""
    onnx, _ = _onnx()
    m = onnx.load(str(model_path))
    meta = {p.key: p.value for p in m.metadata_props}
    meta.update({SOURCE_KEY: file_sha256(source), **extra})
    del m.metadata_props[:]
    for k, v in meta.items():
        m.metadata_props.add(key=k, value=str(v))
    onnx.save(m, str(model_path))


def _net_input(crops: np.ndarray) -> np.ndarray:
    return to_input(crops).transpose(0, 3, 1, 2).astype(np.float32) / 255


def _load_crops(npz: Path) -> tuple[np.ndarray, np.ndarray]:
    if not npz.exists():
        raise QuantizeError(f"no classifier crops at {npz}: run `croupier synth` first")
    z = np.load(npz)
    return z["x"], z["y"].astype(int)


def calibration_crops(data_dir: Path, n: int = 512, seed: int = 0) -> np.ndarray:
    """n crops drawn from the TRAINING crops (`croupier synth`: DATA/cls/train.npz)."""
    x, _ = _load_crops(Path(data_dir) / "cls" / "train.npz")
    pick = np.random.default_rng(seed).choice(len(x), min(n, len(x)), replace=False)
    return x[np.sort(pick)]


def compare_classifiers(plain: Path, fast: Path, crops: np.ndarray, labels: np.ndarray | None = None,
                        min_conf: float = 0.8) -> dict:
    """Accuracy / agreement / confident-read figures of two classifier files on the same crops."""
    x = _net_input(crops)
    out = {}
    preds = {}
    for name, path in (("fp32", plain), ("int8", fast)):
        s = _session(path)
        logits = np.concatenate([s.run(None, {s.get_inputs()[0].name: x[i:i + 256]})[0]
                                 for i in range(0, len(x), 256)])
        e = np.exp(logits - logits.max(1, keepdims=True))
        p = e / e.sum(1, keepdims=True)
        pred, sure = p.argmax(1), p.max(1) >= min_conf
        preds[name] = pred
        if labels is not None:
            out[f"{name}_accuracy"] = round(float((pred == labels).mean()), 4)
            out[f"{name}_confident_accuracy"] = round(float((pred == labels)[sure].mean()), 4) if sure.any() else None
        out[f"{name}_confident_rate"] = round(float(sure.mean()), 4)
    out["agreement"] = round(float((preds["fp32"] == preds["int8"]).mean()), 4)
    out["crops"] = int(len(x))
    return out


def quantize_classifier(model_dir: Path, data_dir: Path | None = None, calib: np.ndarray | None = None,
                        check: tuple[np.ndarray, np.ndarray] | None = None, tolerance: float = 0.01,
                        min_agreement: float = 0.97) -> dict:
    """Write MODEL_DIR/classifier.int8.onnx from MODEL_DIR/classifier.onnx. Calibration crops:
    `calib`, else 512 from DATA/cls/train.npz; check crops (x, labels): `check`, else
    DATA/cls/val.npz. Raises QuantizeError (and writes nothing) when the check fails."""
    onnx, q = _onnx()
    model_dir = Path(model_dir)
    src, dest = model_dir / CLASSIFIER_FILE, model_dir / FAST_CLASSIFIER_FILE
    if not src.exists():
        raise ModelError(f"model file missing: {src}")
    if calib is None:
        calib = calibration_crops(Path(data_dir))
    if check is None:
        check = _load_crops(Path(data_dir) / "cls" / "val.npz")
    x = _net_input(calib)
    name = _session(src).get_inputs()[0].name

    class Reader(q.CalibrationDataReader):
        def __init__(self):
            self.batches = iter(x[i:i + 64] for i in range(0, len(x), 64))

        def get_next(self):
            b = next(self.batches, None)
            return None if b is None else {name: b}

    with tempfile.TemporaryDirectory() as tmp:
        pre, out = Path(tmp) / "pre.onnx", Path(tmp) / "int8.onnx"
        q.quant_pre_process(str(src), str(pre))
        q.quantize_static(str(pre), str(out), Reader(), quant_format=q.QuantFormat.QOperator,
                          activation_type=q.QuantType.QUInt8, weight_type=q.QuantType.QInt8,
                          per_channel=False, reduce_range=True, calibrate_method=q.CalibrationMethod.MinMax)
        _stamp(out, src, **{"croupier.calibration": f"{len(x)} training crops, MinMax, u8/s8 reduce_range"})
        report = compare_classifiers(src, out, *check)
        if (report["int8_accuracy"] < report["fp32_accuracy"] - tolerance
                or report["agreement"] < min_agreement):
            raise QuantizeError(f"int8 classifier rejected, nothing written: {report}")
        tmp_dest = dest.with_suffix(".tmp")
        shutil.copy(out, tmp_dest)
        os.replace(tmp_dest, dest)
    return {"file": str(dest), "bytes": dest.stat().st_size, **report}


def cut_box_decode(path: Path, dest: Path) -> None:
    """Write `dest`: the detector at `path` ending before its box decoding (outputs `box_dist`, the
    64 x N distance bins feeding ultralytics' DFL softmax, and `scores`, the nc x N class scores),
    which vision/head.py then decodes for the anchors that pass only. Found by the graph's shape,
    not node names: the last Concat joins boxes and scores; the DFL is a Softmax over a Transpose of
    a Reshape of the bins."""
    onnx, _ = _onnx()
    m = onnx.load(str(path))
    g = m.graph
    made_by = {o: n for n in g.node for o in n.output}
    last = made_by.get(g.output[0].name)
    dist = None
    for n in g.node:
        t = made_by.get(n.input[0]) if n.op_type == "Softmax" else None
        r = made_by.get(t.input[0]) if t is not None and t.op_type == "Transpose" else None
        if r is not None and r.op_type == "Reshape":
            dist = r.input[0]
    if last is None or last.op_type != "Concat" or len(last.input) != 2 or dist is None:
        raise QuantizeError(f"{path}: not an ultralytics YOLO detection head (no DFL softmax / box-score concat)")
    sub = onnx.utils.Extractor(m).extract_model([g.input[0].name], [dist, last.input[1]])
    for name, inner in zip(RAW_OUTPUTS, (dist, last.input[1])):
        sub.graph.node.append(onnx.helper.make_node("Identity", [inner], [name]))
    outs = [onnx.helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, ["batch", rows, "anchors"])
            for name, rows in zip(RAW_OUTPUTS, (4 * BINS, "classes"))]
    del sub.graph.output[:]
    sub.graph.output.extend(outs)
    del sub.opset_import[:]
    sub.opset_import.extend(m.opset_import)
    sub.ir_version = m.ir_version
    for p in m.metadata_props:
        sub.metadata_props.add(key=p.key, value=p.value)
    onnx.checker.check_model(sub)
    onnx.save(sub, str(dest))


def check_cut(full: Path, cut: Path, shapes=((256, 416), (416, 416), (96, 160))) -> float:
    """Largest difference (input px for boxes, score units) between the full detector's output and
    the cut one decoded by vision/head.py, on random inputs of these sizes."""
    a, b = _session(full), _session(cut)
    worst = 0.0
    for h, w in shapes:
        x = np.random.default_rng(h * w).random((1, 3, h, w), np.float32)
        ref = a.run(None, {a.get_inputs()[0].name: x})[0][0]
        got = HeadOutput(b.run(list(RAW_OUTPUTS), {b.get_inputs()[0].name: x}), (h, w))
        everything = np.ones(ref.shape[1], bool)
        worst = max(worst, float(np.abs(got.boxes(everything) - ref[:4]).max()),
                    float(np.abs(got.scores - ref[4:]).max()))
    return worst


def _weights_candidates(runs: Path) -> list[Path]:
    found = [Path(p) for p in glob.glob(str(Path(runs) / "*" / "weights" / "*.pt"))]
    return sorted(found, key=lambda p: -p.stat().st_mtime)


REBUILT = Path("(rebuilt from detector.onnx)")


def export_rect_detector(model_dir: Path, weights: list[Path] | None = None,
                         runs: Path = Path("build/vision/runs")) -> dict:
    """Write MODEL_DIR/detector.rect.onnx: `weights` (default: every RUNS/*/weights/*.pt, newest
    first, then the checkpoint rebuilt from detector.onnx) re-exported with a free input size; the
    first whose output at 416x416 equals detector.onnx's is kept. Weights are copied first: the
    export never writes beside them."""
    model_dir = Path(model_dir)
    src, dest = model_dir / DETECTOR_FILE, model_dir / FAST_DETECTOR_FILE
    if not src.exists():
        raise ModelError(f"model file missing: {src}")
    try:
        from ultralytics import YOLO
    except ImportError:
        raise QuantizeError("the free-size detector export needs the [train] extra (ultralytics + torch)") from None
    from .train import offline_env

    offline_env()
    plain = _session(src)
    x = np.random.default_rng(0).random((1, 3, 416, 416), np.float32)
    ref = plain.run(None, {plain.get_inputs()[0].name: x})[0]
    tried = []
    # without weights named: the runs' own, then the .pt rebuilt from detector.onnx itself (a fresh clone
    # has no runs; vision/detector_weights.py)
    for w in (weights or _weights_candidates(runs) + [REBUILT]):
        with tempfile.TemporaryDirectory() as tmp:
            try:
                if w is REBUILT:
                    from .detector_weights import checkpoint_from_onnx

                    pt = checkpoint_from_onnx(src, Path(tmp) / "weights.pt")
                else:
                    pt = Path(shutil.copy(w, Path(tmp) / "weights.pt"))
                out = Path(YOLO(str(pt)).export(format="onnx", imgsz=416, dynamic=True, simplify=True, opset=17,
                                                nms=False, verbose=False))
                s = _session(out)
                got = s.run(None, {s.get_inputs()[0].name: x})[0]
            except Exception as exc:  # a half-written checkpoint, a foreign .pt: try the next
                tried.append(f"{w}: {type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}")
                continue
            diff = float(np.abs(got - ref).max()) if got.shape == ref.shape else float("inf")
            if diff > 1e-2:
                tried.append(f"{w}: output differs from {src} (max {diff:.3g})")
                continue
            _stamp(out, src, **{"croupier.weights": str(w)})
            tmp_dest = dest.with_suffix(".tmp")
            cut_box_decode(out, tmp_dest)
            cut_diff = check_cut(out, tmp_dest)
            if cut_diff > 1e-2:
                tmp_dest.unlink()
                raise QuantizeError(f"the detector cut before its box decoding differs from {out} (max {cut_diff:.3g})")
            os.replace(tmp_dest, dest)
            return {"file": str(dest), "weights": str(w), "max_diff_at_416": diff, "max_diff_box_decode": cut_diff}
    raise QuantizeError(f"no weights reproduce {src}; pass the .pt it was exported from (--weights). "
                        f"Tried: {tried or 'none found under ' + str(runs)}")


def quantize_models(model_dir: Path, data_dir: Path, weights: list[Path] | None = None,
                    detector: bool = False, classifier: bool = True) -> dict:
    """The int8 classifier, and the free-size detector when `detector`; a stage that cannot be
    made is reported, not fatal for the other."""
    res = {}
    for name, want, fn in (("classifier", classifier, lambda: quantize_classifier(model_dir, data_dir)),
                           ("detector", detector, lambda: export_rect_detector(model_dir, weights))):
        if not want:
            continue
        try:
            res[name] = fn()
        except (QuantizeError, ModelError) as exc:
            res[name] = {"error": str(exc)}
    return res
