"""Finding Bonnu cards on a plain table without a learnt detector, and the one crop rule that
training data and run time share. With models/bonnu_detector.onnx (vision/bonnu_detector.py) these
outlines are used to make the detector's corners precise (`outline_near`, and the recogniser's snap).

The poker detector (models/detector.onnx) was never shown a Bonnu card: on synthetic Bonnu tables
it boxes most of them as `back` (a whole coloured card looks like a card back to it), some as
`face`, and misses others (6 frames, 29 cards: 8 face boxes, 19 back boxes), and its boxes are
upright rectangles, not the turned outline a face crop needs. So cards are found classically: the
outlines in an edge map whose minimum-area rectangle has a card's 2:3 shape, fills it, and is of a
card's size; nested finds (a bordered card's coloured body inside its outline) keep the outer one.
This needs cards apart from each other on the table (two overlapping cards of a Cut merge into one
outline of the wrong shape and are not found: the camera path must ask the host then).
"""

from __future__ import annotations

import cv2
import numpy as np

CROP_W, CROP_H = 48, 72  # the Bonnu classifier's input: the whole face, upright (portrait)
ASPECT = 1.5  # card height / width


def order_quad(quad) -> np.ndarray:
    """4x2 corners in the order top-left, top-right, bottom-right, bottom-left of a PORTRAIT card:
    the first edge (corner 0 -> 1) is one of the two short sides. Which of the two is arbitrary
    (a card turned half round looks the same to a finder): the classifier reads either way."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    c = q.mean(0)
    ang = np.arctan2(q[:, 1] - c[1], q[:, 0] - c[0])
    q = q[np.argsort(ang)]  # clockwise in image coordinates (y down)
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[2] - q[1]):
        q = np.roll(q, -1, 0)  # make corner 0 -> 1 a short side
    return q


def face_crop(frame: np.ndarray, quad) -> np.ndarray:
    """CROP_H x CROP_W x 3 uint8: the card inside `quad` (any corner order) warped upright."""
    q = order_quad(quad)
    dst = np.array([[0, 0], [CROP_W, 0], [CROP_W, CROP_H], [0, CROP_H]], np.float32)
    side = np.linalg.norm(q[1] - q[0])
    M = cv2.getPerspectiveTransform(q, dst)
    if side > 2 * CROP_W:  # a big card: shrink the frame first so the warp averages (no aliasing)
        f = 2 * CROP_W / side
        small = cv2.resize(frame, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        M = cv2.getPerspectiveTransform(q * f, dst)
        return cv2.warpPerspective(small, M, (CROP_W, CROP_H), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
    return cv2.warpPerspective(frame, M, (CROP_W, CROP_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _edges(small: np.ndarray, blur: int = 5) -> np.ndarray:
    """Edges of any channel (a yellow card on a pale table differs in blue more than in grey)."""
    b = cv2.medianBlur(small, blur) if blur > 5 else cv2.GaussianBlur(small, (blur, blur), 0)
    e = np.zeros(small.shape[:2], np.uint8)
    for ch in cv2.split(b):
        e |= cv2.Canny(ch, 40, 110)
    return cv2.dilate(e, np.ones((3, 3), np.uint8))


def _smooth(small: np.ndarray, blur: int) -> np.ndarray:
    """Where the picture is smooth (a card's ink-free body) on a textured table (carpet, cloth)
    whose texture breaks every edge map; on a plain table the whole table is one smooth region,
    too big to be a card."""
    g = cv2.cvtColor(small, cv2.COLOR_RGB2GRAY).astype(np.float32)
    mean = cv2.blur(g, (blur, blur))
    std = np.sqrt(np.maximum(cv2.blur(g * g, (blur, blur)) - mean * mean, 0))
    mask = (std < 6).astype(np.uint8) * 255
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((blur + 2, blur + 2), np.uint8))


# the maps looked at, in order of trust (work side, kind, filter size): a fine edge map, a coarse
# median-filtered one in which a carpet's or cloth's texture has gone but a card's outline stays,
# and the smooth regions
PASSES = ((640, "edges", 5), (320, "edges", 7), (320, "smooth", 5))


def _candidates(frame: np.ndarray, side: int, kind: str, blur: int, min_side: float, max_side: float) -> list:
    H, W = frame.shape[:2]
    f = min(1.0, side / max(H, W))
    small = cv2.resize(frame, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else frame
    short = min(small.shape[:2])
    edges = kind == "edges"
    mask = _edges(small, blur) if edges else _smooth(small, blur)
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST if edges else cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for c in contours:
        (cx, cy), (w, h), a = cv2.minAreaRect(c)
        s, l = min(w, h), max(w, h)
        if s < min_side * short or s > max_side * short or not 1.3 < l / max(s, 1e-6) < 1.75:
            continue
        if cv2.contourArea(cv2.convexHull(c)) < 0.9 * w * h:  # not a filled rectangle: a wiggle of table grain
            continue
        if edges:  # the outer side of a dilated edge line lies ~1.5 px outside the card's edge
            w, h = w - 3, h - 3
        found.append((w * h / f / f, cv2.boxPoints(((cx, cy), (w, h), a)) / f))
    found.sort(key=lambda t: -t[0])
    return found


def find_card_quads(frame: np.ndarray, min_side: float = 0.08, max_side: float = 0.9) -> list[np.ndarray]:
    """Card outlines (4x2 float32, frame pixels, `order_quad` order) in an HxWx3 RGB frame.
    min_side / max_side: a card's short side as a share of the frame's short side."""
    kept: list[tuple[float, np.ndarray]] = []
    for side, kind, blur in PASSES:
        for area, box in _candidates(frame, side, kind, blur, min_side, max_side):
            # one card's outline, its inner edges, other maps' finds: the first (biggest, most trusted)
            # is kept; an outline much bigger than this one, around it, is a merged blob of several
            # cards or of table: it does not hide the card
            centre = (float(box[:, 0].mean()), float(box[:, 1].mean()))
            if any(area > 0.4 * ka and cv2.pointPolygonTest(k.reshape(-1, 1, 2).astype(np.float32), centre, False) >= 0
                   for ka, k in kept):
                continue
            kept.append((area, box))
    return [order_quad(b) for _, b in kept]


def stands_for(rough, centre, area: float, max_shift: float = 0.3) -> bool:
    """Does an outline centred at `centre`, of `area`, stand for the card of rough outline `rough`
    (4x2, corners in turn; a learnt detector's box): centred within `max_shift` of the rough card's
    short side and of about its area (0.6-1.6x)?"""
    short = float(np.linalg.norm(rough[1] - rough[0]))
    whole = short * float(np.linalg.norm(rough[2] - rough[1]))
    return float(np.linalg.norm(np.asarray(centre) - rough.mean(0))) < max_shift * short and 0.6 < area / whole < 1.6


def outline_near(frame: np.ndarray, quad, max_shift: float = 0.3) -> np.ndarray | None:
    """The card outline the classical edge search finds around a rough outline `quad` (a learnt
    detector's box), or None: a candidate card-shaped outline that `stands_for` it. Only a card
    whose whole edge shows (the top card of a fan, a card apart) has one; a covered card keeps its
    rough outline."""
    q = order_quad(quad)
    short = float(np.linalg.norm(q[1] - q[0]))
    H, W = frame.shape[:2]
    pad = 0.3 * short
    x0, y0 = int(max(0, q[:, 0].min() - pad)), int(max(0, q[:, 1].min() - pad))
    x1, y1 = int(min(W, q[:, 0].max() + pad)), int(min(H, q[:, 1].max() + pad))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    crop = frame[y0:y1, x0:x1]
    best = None  # the biggest: a bordered card's coloured body inside its outline is a candidate too
    for a, box in _candidates(crop, min(240, max(crop.shape[:2])), "edges", 5, 0.2, 1.0):
        if stands_for(q, box.mean(0) + [x0, y0], a, max_shift) and (best is None or a > best[0]):
            best = (a, box)
    return None if best is None else order_quad(best[1] + [x0, y0])
