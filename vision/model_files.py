"""The recogniser's model files and the ONNX Runtime sessions made from them.

`models/detector.onnx` and `models/classifier.onnx` are the plain files. Fast variants
(`croupier quantize`, vision/quantize.py), used when present beside the plain files and made from
them (their recorded SHA-256 of the plain file must match, else the plain file is used with a
warning; CROUPIER_FP32=1 or `fast=False` ignores them): `classifier.int8.onnx`, the classifier
quantised to int8; `detector.rect.onnx`, the same detector weights with a free input size, so a
16:9 frame is padded to 416x256 rather than 416x416 (as ultralytics predict does), and a part of
the frame can be looked at on its own (`Recogniser.recognise(frame, region=...)`). Both fast files
are committed. `enrolled.npz` (`croupier enrol`, vision/enrol_head.py), when present, is a head
fitted to one real deck on top of the classifier.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from pathlib import Path

DETECTOR_FILE = "detector.onnx"
CLASSIFIER_FILE = "classifier.onnx"
FAST_DETECTOR_FILE = "detector.rect.onnx"  # written by `croupier quantize` (vision/quantize.py)
FAST_CLASSIFIER_FILE = "classifier.int8.onnx"
SOURCE_KEY = "croupier.source_sha256"  # metadata of a fast file: the plain file it was made from
FP32_ENV = "CROUPIER_FP32"  # set (to anything but 0/empty): ignore the fast files
TEMPLATES_FILE = "enrolled.npz"  # `croupier enrol` output (vision/enrol_head.py), used when present


class ModelError(OSError):
    """A model file is missing or unreadable; the message names the file."""


class FastModelWarning(UserWarning):
    """A fast model file is unusable (corrupt, or made from another plain model): the plain one is used."""


def _session(path: Path, threads: int | None):
    import onnxruntime as ort

    if not path.exists():
        raise ModelError(f"model file missing: {path}")
    opts = ort.SessionOptions()
    if threads:
        opts.intra_op_num_threads = threads
    # one frame at a time through small graphs: sequential ops, all graph rewrites (fusions,
    # NCHWc layouts); measured in bench/speed.py
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.log_severity_level = 3
    try:
        return ort.InferenceSession(str(path), sess_options=opts, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises its own exception types
        raise ModelError(f"model file unreadable or corrupt: {path} ({type(exc).__name__}: "
                         f"{str(exc).splitlines()[0][:200]})") from None


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load_stage(d: Path, plain: str, fast_name: str, threads: int | None, fast: bool):
    """(session, path used) for one stage: the fast file when asked for, present, readable and
    made from this very plain file; else the plain file (a clear ModelError when that is bad)."""
    base, fp = d / plain, d / fast_name
    if not base.exists():
        raise ModelError(f"model file missing: {base}")
    if fast and fp.exists():
        try:
            sess = _session(fp, threads)
        except ModelError as exc:
            why = str(exc)
        else:
            src = sess.get_modelmeta().custom_metadata_map.get(SOURCE_KEY)
            if src == file_sha256(base):
                return sess, fp
            why = f"{fp} was not made from this {plain} (run `croupier quantize` again)"
        # stacklevel 3: the warning names the caller of `Recogniser.from_models`
        warnings.warn(f"{why}; using {base}", FastModelWarning, stacklevel=3)
    return _session(base, threads), base


def detector_imgsz(det) -> int:
    """The detector session's input side: its fixed input size, else the one it was trained at."""
    shape = det.get_inputs()[0].shape
    if isinstance(shape[2], int):
        return int(shape[2])
    meta = det.get_modelmeta().custom_metadata_map  # ultralytics writes imgsz: "[416, 416]"
    try:
        return int(max(json.loads(meta.get("imgsz", "[416]"))))
    except (ValueError, TypeError):
        return 416


def load_templates(path: Path, emb_dim: int | None = None, classifier_sha256: str | None = None,
                   none_class: int | None = None) -> dict:
    """An enrolled-deck file (vision/enrol_head.py); bad files, or one made for another
    classifier, raise ModelError naming them. none_class: the classifier's "none" class when it is
    not the poker classifier's (the Bonnu one: 60)."""
    from .enrol_head import N_CLASSES, load_head

    try:
        return load_head(Path(path), emb_dim, classifier_sha256, N_CLASSES if none_class is None else none_class + 1)
    except (OSError, ValueError) as exc:
        raise ModelError(str(exc)) from None


def default_model_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "models"
