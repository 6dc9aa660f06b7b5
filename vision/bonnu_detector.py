"""The learnt Bonnu card detector at run time: numpy + ONNX Runtime (no torch, no ultralytics).

`models/bonnu_detector.onnx` is a YOLO11 OBB (oriented box) model with one class, `card`
(trained by vision/train_bonnu_detector.py on vision/synth/bonnu_detect_data.py's scenes:
textured tables, fans and rows of overlapping cards). Its input has a free size: a frame is
letterboxed so its longer side is `imgsz` (both sides padded to multiples of 32, centred, grey
114, as ultralytics' own predict does). Its output is 1 x 6 x N anchors: cx, cy, w, h (input
pixels), the card score (sigmoid), the angle (radians). Each kept box is turned into the card's
four corners in `order_quad` order: the quad `face_crop` reads.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .bonnu_finder import order_quad, outline_near, stands_for
from .model_files import ModelError, _session

BONNU_DETECTOR_FILE = "bonnu_detector.onnx"
# the short side, in input pixels at 448, of the smallest training card (a fifth of a 960 x 540
# frame's height, before augmentation): vision/synth/bonnu_detect_data.py
SMALLEST_TRAINED = 34


def letterbox(frame: np.ndarray, imgsz: int) -> tuple[np.ndarray, float, tuple[float, float]]:
    """(1x3xHxW float32 RGB 0..1, scale, (pad x, pad y)): frame pixel = (input pixel - pad) / scale."""
    H, W = frame.shape[:2]
    s = imgsz / max(H, W)
    w, h = max(1, round(W * s)), max(1, round(H * s))
    iw, ih = -(-w // 32) * 32, -(-h // 32) * 32
    px, py = (iw - w) / 2, (ih - h) / 2
    img = np.full((ih, iw, 3), 114, np.uint8)
    top, left = int(round(py - 0.1)), int(round(px - 0.1))  # ultralytics' rounding of the pads
    img[top:top + h, left:left + w] = cv2.resize(frame, (w, h), interpolation=cv2.INTER_LINEAR)
    x = img.transpose(2, 0, 1)[None].astype(np.float32) / 255
    return np.ascontiguousarray(x), s, (float(left), float(top))


def decode(looks, conf: float, iou: float, max_cards: int = 40) -> list[tuple[np.ndarray, float]]:
    """[(4x2 float32 quad in frame pixels, score)], best first, of the raw 1 x 6 x N outputs of one
    frame at one or more input sizes, `looks` = [(output, scale, pad, short side range in frame
    pixels)], after rotated non-maximum suppression over all of them (OpenCV's, on the rotated
    rectangles' intersection)."""
    rows = []
    for out, scale, pad, (lo, hi) in looks:
        p = np.asarray(out, np.float32)[0].T  # N x 6
        p = p[p[:, 4] >= conf]
        p = np.column_stack([(p[:, 0] - pad[0]) / scale, (p[:, 1] - pad[1]) / scale, p[:, 2:4] / scale, p[:, 4:6]])
        short = p[:, 2:4].min(1)
        rows.append(p[(short >= lo) & (short < hi)])
    p = np.concatenate(rows) if rows else np.zeros((0, 6), np.float32)
    if not len(p):
        return []
    rects = [((float(a), float(b)), (float(c), float(d)), float(np.degrees(e))) for a, b, c, d, _, e in p]
    keep = cv2.dnn.NMSBoxesRotated(rects, p[:, 4].tolist(), conf, iou)
    keep = np.asarray(keep, int).reshape(-1)
    keep = keep[np.argsort(-p[keep, 4])][:max_cards]
    return [(order_quad(cv2.boxPoints(rects[i])), float(p[i, 4])) for i in keep]


def snap(rough: list[np.ndarray], precise: list[np.ndarray], max_shift: float = 0.3) -> list[np.ndarray]:
    """Each rough outline (the detector's) replaced by the nearest precise one (the classical
    finder's) that `stands_for` it, each precise outline used once; a rough outline with none stays
    (a covered card, a textured table). A precise outline no rough one claims is left out: the
    detector says no card lies there."""
    out, used = [], set()
    for q in rough:
        best = None
        for i, p in enumerate(precise):
            d = float(np.linalg.norm(p.mean(0) - q.mean(0)))
            pa = float(np.linalg.norm(p[1] - p[0]) * np.linalg.norm(p[2] - p[1]))
            if i not in used and stands_for(q, p.mean(0), pa, max_shift) and (best is None or d < best[0]):
                best = (d, i)
        if best is None:
            out.append(q)
        else:
            used.add(best[1])
            out.append(precise[best[1]])
    return out


class BonnuDetector:
    """`BonnuDetector.from_file(path).find(frame) -> [4x2 quads]`."""

    def __init__(self, session, imgsz: int = 448, conf: float = 0.4, iou: float = 0.5, refine: bool = True,
                 small_imgsz: int | None = 704):
        self.session = session
        self.input = session.get_inputs()[0].name
        shape = session.get_outputs()[0].shape
        if len(shape) != 3 or shape[1] != 6:
            raise ModelError(f"{BONNU_DETECTOR_FILE} gives output {shape}, a one-class oriented-box detector "
                             "gives 1 x 6 x N: not a Bonnu detector")
        self.imgsz = imgsz
        # a second, bigger look for cards smaller than any in training (their short side under
        # SMALLEST_TRAINED input pixels at imgsz): those it finds join the first look's (None: one look)
        self.small_imgsz = small_imgsz
        # thresholds chosen on training-style validation scenes (models/README.md), never on the held-out style
        self.conf = conf
        self.iou = iou
        self.refine = refine

    @classmethod
    def from_file(cls, path: str | Path, threads: int | None = 1) -> "BonnuDetector":
        return cls(_session(Path(path), threads))

    def _look(self, frame: np.ndarray, imgsz: int, short_range: tuple[float, float]):
        x, s, pad = letterbox(frame, imgsz)
        try:
            (out,) = self.session.run(None, {self.input: x})
        except Exception as exc:  # onnxruntime's own exception types
            raise ModelError(f"{BONNU_DETECTOR_FILE} failed on its input: {str(exc).splitlines()[0][:200]}") from None
        return out, s, pad, short_range

    def find_scored(self, frame: np.ndarray) -> list[tuple[np.ndarray, float]]:
        small = SMALLEST_TRAINED * max(frame.shape[:2]) / self.imgsz  # in frame pixels
        looks = [self._look(frame, self.imgsz, (0.0, np.inf))]
        if self.small_imgsz is not None:
            looks.append(self._look(frame, self.small_imgsz, (0.0, small)))
        found = decode(looks, self.conf, self.iou)
        if self.refine:
            found = [(r if (r := outline_near(frame, q)) is not None else q, sc) for q, sc in found]
        return found

    def find(self, frame: np.ndarray) -> list[np.ndarray]:
        """Card outlines (4x2 float32, frame pixels, `order_quad` order) in an HxWx3 RGB frame."""
        return [q for q, _ in self.find_scored(frame)]


__all__ = ["BonnuDetector", "BONNU_DETECTOR_FILE", "decode", "letterbox"]
