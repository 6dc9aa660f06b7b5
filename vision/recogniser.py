"""The run-time card recogniser: ONNX Runtime only (no torch, no ultralytics).

Stage 1, `models/detector.onnx`: YOLO11n, 3 classes (face, back, index) on the frame
letterboxed to 416 px. Stage 2, `models/classifier.onnx`: a small CNN reading each corner
index from a crop cut out of the FULL-resolution frame (64 px, shrunk to 48), 53 identities
plus "none". Crops are batched into one classifier call per frame; both sessions are built
once and reused.

Assembly: each readable index votes for its identity; indices of one identity are one card
(one deck on the table); the card takes the face box its index sits in the corner of, or, when
the rest of the card is covered, the index's own box. Face boxes with no readable index are
reported as face-up cards of unknown identity; backs as face-down cards.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .crops import crop_square, to_input
from .labels import BACK, DETECTOR_CLASSES, FACE, IDENTITIES, INDEX, NONE_CLASS

DETECTOR_FILE = "detector.onnx"
CLASSIFIER_FILE = "classifier.onnx"
TEMPLATES_FILE = "templates.npz"


class ModelError(OSError):
    """A model file is missing or unreadable; the message names the file."""


@dataclass
class CardDetection:
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in frame pixels
    face_up: bool
    identity: str | None  # referee card code (`TS`, `9D`, `JK`); None: face down or unreadable
    confidence: float  # identity confidence (face up) or detector confidence (face down)
    detector_confidence: float = 0.0
    index_boxes: list = field(default_factory=list)  # the corner indices it was read from

    @property
    def card(self):
        """The identity as a `referee.cards.Card` (None when unknown)."""
        if self.identity is None:
            return None
        from referee.cards import parse_card

        return parse_card(self.identity)

    def to_json(self) -> dict:
        d = asdict(self)
        d["box"] = [round(float(v), 1) for v in self.box]
        d["confidence"] = round(float(self.confidence), 4)
        d["detector_confidence"] = round(float(self.detector_confidence), 4)
        d["index_boxes"] = [[round(float(v), 1) for v in b] for b in self.index_boxes]
        return d


def _session(path: Path, threads: int | None):
    import onnxruntime as ort

    if not path.exists():
        raise ModelError(f"model file missing: {path}")
    opts = ort.SessionOptions()
    if threads:
        opts.intra_op_num_threads = threads
    opts.log_severity_level = 3
    try:
        return ort.InferenceSession(str(path), sess_options=opts, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises its own exception types
        raise ModelError(f"model file unreadable or corrupt: {path} ({type(exc).__name__}: "
                         f"{str(exc).splitlines()[0][:200]})") from None


def _nms(boxes: np.ndarray, scores: np.ndarray, iou: float) -> list[int]:
    order = scores.argsort()[::-1]
    keep = []
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    while len(order):
        i = order[0]
        keep.append(int(i))
        xx0 = np.maximum(boxes[i, 0], boxes[order[1:], 0])
        yy0 = np.maximum(boxes[i, 1], boxes[order[1:], 1])
        xx1 = np.minimum(boxes[i, 2], boxes[order[1:], 2])
        yy1 = np.minimum(boxes[i, 3], boxes[order[1:], 3])
        inter = np.clip(xx1 - xx0, 0, None) * np.clip(yy1 - yy0, 0, None)
        ov = inter / (area[i] + area[order[1:]] - inter + 1e-9)
        order = order[1:][ov <= iou]
    return keep


class Recogniser:
    """`Recogniser.from_models(dir).recognise(frame) -> list[CardDetection]`.

    frame: an HxWx3 uint8 RGB array (or a path / PIL image). Thresholds are attributes."""

    def __init__(self, detector, classifier, imgsz: int, templates: dict | None = None):
        self.detector = detector
        self.classifier = classifier
        self.imgsz = imgsz
        self.det_input = detector.get_inputs()[0].name
        self.cls_input = classifier.get_inputs()[0].name
        # chosen on fresh training-style frames (not the held-out set): see models/README.md
        self.conf = {FACE: 0.25, BACK: 0.3, INDEX: 0.1}
        self.iou = 0.5
        self.min_identity_conf = 0.8
        self.templates = templates  # enrolled deck: {"emb": K x D, "labels": K}

    @classmethod
    def from_models(cls, model_dir: str | Path = None, threads: int | None = 1,
                    templates: str | Path | None = None) -> "Recogniser":
        # threads=1 by default: on the 2-core machines here one ONNX Runtime thread per session
        # was 2-3x faster than its default pool (bench/speed.py); None = ONNX Runtime's default
        d = Path(model_dir) if model_dir else default_model_dir()
        if not d.is_dir():
            raise ModelError(f"model directory missing: {d}")
        det = _session(d / DETECTOR_FILE, threads)
        clf = _session(d / CLASSIFIER_FILE, threads)
        shape = det.get_inputs()[0].shape
        imgsz = int(shape[2]) if isinstance(shape[2], int) else 416
        t = None
        tp = Path(templates) if templates else None
        if tp is not None:
            t = load_templates(tp)
        return cls(det, clf, imgsz, t)

    # ------------------------------------------------------------------ stage 1: detector
    def detect(self, frame: np.ndarray) -> list[tuple[int, float, np.ndarray]]:
        """[(class, confidence, box x0 y0 x1 y1 in frame px)] after per-class NMS."""
        H, W = frame.shape[:2]
        s = self.imgsz / max(H, W)
        nw, nh = int(round(W * s)), int(round(H * s))
        img = cv2.resize(frame, (nw, nh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
        canvas = np.full((self.imgsz, self.imgsz, 3), 114, np.uint8)
        px, py = (self.imgsz - nw) // 2, (self.imgsz - nh) // 2
        canvas[py:py + nh, px:px + nw] = img
        x = canvas.transpose(2, 0, 1)[None].astype(np.float32) / 255
        out = self.detector.run(None, {self.det_input: x})[0][0]  # (4 + nc) x N
        boxes_c, scores = out[:4].T, out[4:].T
        cls = scores.argmax(1)
        conf = scores[np.arange(len(cls)), cls]
        res = []
        for c in range(scores.shape[1]):
            m = (cls == c) & (conf >= self.conf.get(c, 0.4))
            if not m.any():
                continue
            b = boxes_c[m]
            xyxy = np.stack([b[:, 0] - b[:, 2] / 2, b[:, 1] - b[:, 3] / 2, b[:, 0] + b[:, 2] / 2,
                             b[:, 1] + b[:, 3] / 2], 1)
            xyxy = (xyxy - [px, py, px, py]) / s
            xyxy = np.clip(xyxy, 0, [W, H, W, H])
            cc = conf[m]
            for i in _nms(xyxy, cc, self.iou):
                res.append((c, float(cc[i]), xyxy[i]))
        return res

    # --------------------------------------------------------------- stage 2: classifier
    def classify(self, frame: np.ndarray, boxes) -> tuple[np.ndarray, np.ndarray]:
        """Probabilities (N x 54) and embeddings (N x D) for index boxes, in one batch."""
        if not len(boxes):
            return np.zeros((0, NONE_CLASS + 1), np.float32), np.zeros((0, 0), np.float32)
        crops = np.stack([crop_square(frame, b) for b in boxes])
        return self.classify_crops(crops)

    def classify_crops(self, crops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = to_input(crops).transpose(0, 3, 1, 2).astype(np.float32) / 255
        logits, emb = self.classifier.run(None, {self.cls_input: x})
        e = np.exp(logits - logits.max(1, keepdims=True))
        probs = e / e.sum(1, keepdims=True)
        if self.templates is not None:
            probs = self._template_probs(emb, probs)
        return probs, emb

    def _template_probs(self, emb, probs):
        """Enrolled deck: nearest-template identities, blended with the classifier."""
        t = self.templates
        sims = emb @ t["emb"].T  # cosine (both L2-normalised)
        tp = np.full_like(probs, 0.0)
        for j, lab in enumerate(t["labels"]):
            tp[:, lab] = np.maximum(tp[:, lab], sims[:, j])
        tp = np.exp((tp - 1) * t.get("temperature", 20.0))
        tp[:, NONE_CLASS] = np.maximum(probs[:, NONE_CLASS] * tp.sum(1), 1e-6)
        tp /= tp.sum(1, keepdims=True)
        w = float(t.get("weight", 0.7))
        return w * tp + (1 - w) * probs

    # ---------------------------------------------------------------------- assembly
    def recognise(self, frame) -> list[CardDetection]:
        frame = load_frame(frame)
        dets = self.detect(frame)
        faces = [(c, b) for k, c, b in dets if k == FACE]
        backs = [(c, b) for k, c, b in dets if k == BACK]
        idx = [(c, b) for k, c, b in dets if k == INDEX]
        probs, _ = self.classify(frame, [b for _, b in idx])
        groups: dict[str, list] = {}
        for (dc, b), p in zip(idx, probs):
            lab = int(p.argmax())
            if lab == NONE_CLASS or p[lab] < self.min_identity_conf:
                continue
            groups.setdefault(IDENTITIES[lab], []).append((float(p[lab]) * (0.5 + 0.5 * dc), float(p[lab]), b))
        cards: list[CardDetection] = []
        used_faces: set[int] = set()
        # strongest identities choose their face box first
        for code, members in sorted(groups.items(), key=lambda kv: -max(m[0] for m in kv[1])):
            conf = max(m[1] for m in members)
            best, best_score = None, 0.0
            for fi, (fc, fb) in enumerate(faces):
                if fi in used_faces:
                    continue
                sc = sum(_corner_score(fb, m[2]) for m in members)
                if sc > best_score:
                    best, best_score = fi, sc
            ib = [tuple(float(v) for v in m[2]) for m in members]
            if best is not None and best_score > 0.3:
                used_faces.add(best)
                box = tuple(float(v) for v in faces[best][1])
                dconf = faces[best][0]
            else:  # covered card: its visible corner(s) are all we have
                arr = np.array(ib)
                box = (arr[:, 0].min(), arr[:, 1].min(), arr[:, 2].max(), arr[:, 3].max())
                dconf = max(m[0] for m in members)
            cards.append(CardDetection(box, True, code, conf, dconf, ib))
        for fi, (fc, fb) in enumerate(faces):
            if fi not in used_faces and not any(_inside(fb, c.box) > 0.8 for c in cards):
                cards.append(CardDetection(tuple(float(v) for v in fb), True, None, 0.0, fc))
        for bc, bb in backs:
            cards.append(CardDetection(tuple(float(v) for v in bb), False, None, bc, bc))
        return cards


def _inside(inner, outer) -> float:
    """Fraction of box `inner` inside box `outer`."""
    ix = max(0.0, min(inner[2], outer[2]) - max(inner[0], outer[0]))
    iy = max(0.0, min(inner[3], outer[3]) - max(inner[1], outer[1]))
    a = max(1e-6, (inner[2] - inner[0]) * (inner[3] - inner[1]))
    return ix * iy / a


def _corner_score(face, ib) -> float:
    """How well index box ib sits in a corner of face box: 1 at a corner, 0 outside/centre."""
    if _inside(ib, face) < 0.6:
        return 0.0
    cx, cy = (ib[0] + ib[2]) / 2, (ib[1] + ib[3]) / 2
    w, h = face[2] - face[0], face[3] - face[1]
    dx = min(cx - face[0], face[2] - cx) / max(w, 1e-6)
    dy = min(cy - face[1], face[3] - cy) / max(h, 1e-6)
    return float(max(0.0, 1 - 2.5 * max(dx, dy)))


def load_frame(frame) -> np.ndarray:
    """A path, a PIL image or an HxWx3 uint8 RGB array -> RGB array. Clear errors for bad input."""
    if isinstance(frame, (str, Path)):
        p = Path(frame)
        if not p.exists():
            raise FileNotFoundError(f"no such image: {p}")
        data = np.fromfile(str(p), np.uint8)
        img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
        if img is None:
            raise ValueError(f"not a readable image: {p}")
        return img[..., ::-1].copy()
    if hasattr(frame, "convert"):  # PIL
        return np.asarray(frame.convert("RGB"))
    arr = np.asarray(frame)
    if arr.ndim == 2:
        arr = np.repeat(arr[..., None], 3, 2)
    if arr.ndim != 3 or arr.shape[2] not in (3, 4) or arr.dtype != np.uint8 or min(arr.shape[:2]) < 16:
        raise ValueError(f"expected an HxWx3 uint8 RGB image, got shape {arr.shape} dtype {arr.dtype}")
    return np.ascontiguousarray(arr[..., :3])


def load_templates(path: Path) -> dict:
    if not Path(path).exists():
        raise ModelError(f"template file missing: {path}")
    try:
        z = np.load(path)
        return {"emb": z["emb"].astype(np.float32), "labels": z["labels"].astype(int),
                "weight": float(z["weight"]) if "weight" in z else 0.7,
                "temperature": float(z["temperature"]) if "temperature" in z else 20.0}
    except Exception as exc:
        raise ModelError(f"template file unreadable: {path} ({exc})") from None


def default_model_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "models"


def annotate(frame: np.ndarray, cards: list[CardDetection]) -> np.ndarray:
    img = frame[..., ::-1].copy()
    for c in cards:
        x0, y0, x1, y1 = (int(v) for v in c.box)
        col = (0, 200, 0) if c.face_up and c.identity else ((0, 200, 255) if c.face_up else (255, 120, 0))
        cv2.rectangle(img, (x0, y0), (x1, y1), col, 2)
        for b in c.index_boxes:
            cv2.rectangle(img, (int(b[0]), int(b[1])), (int(b[2]), int(b[3])), (0, 0, 255), 1)
        label = (c.identity or "?") if c.face_up else "back"
        cv2.putText(img, f"{label} {c.confidence:.2f}", (x0, max(12, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    col, 2, cv2.LINE_AA)
    return img[..., ::-1].copy()


def to_json(cards: list[CardDetection]) -> str:
    return json.dumps([c.to_json() for c in cards])


__all__ = ["Recogniser", "CardDetection", "ModelError", "load_frame", "annotate", "DETECTOR_CLASSES"]
