"""The one crop rule shared by training-data generation and the runtime: a square patch of the
full-resolution frame around an index box, resized to the classifier's input."""

from __future__ import annotations

import cv2
import numpy as np

CROP = 64  # crop side as cut from the frame (and stored in the training data)
CLS_INPUT = 48  # the classifier's input side: crops are shrunk 64 -> 48 by `to_input`
PAD = 1.25  # crop side = PAD * max(box w, box h)


def crop_square(frame: np.ndarray, box, size: int = CROP, pad: float = PAD) -> np.ndarray:
    """frame: HxWx3 uint8 (RGB); box: x0, y0, x1, y1 in frame pixels. Returns size x size x 3."""
    x0, y0, x1, y1 = (float(v) for v in box)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    side = max(x1 - x0, y1 - y0, 4.0) * pad
    s = size / side
    # affine map: frame -> crop (one warp, border replicated, no full-frame copy)
    m = np.array([[s, 0, size / 2 - s * cx], [0, s, size / 2 - s * cy]], np.float32)
    interp = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    if s < 0.5:  # a big box: pre-shrink the region first so INTER_AREA-like quality is kept
        ix0, iy0 = max(0, int(cx - side / 2)), max(0, int(cy - side / 2))
        ix1, iy1 = min(frame.shape[1], int(cx + side / 2) + 1), min(frame.shape[0], int(cy + side / 2) + 1)
        if ix1 - ix0 >= 2 and iy1 - iy0 >= 2:
            patch = np.zeros((int(side) + 2, int(side) + 2, 3), np.uint8)
            ox, oy = ix0 - int(cx - side / 2), iy0 - int(cy - side / 2)
            patch[oy:oy + iy1 - iy0, ox:ox + ix1 - ix0] = frame[iy0:iy1, ix0:ix1]
            return cv2.resize(patch, (size, size), interpolation=cv2.INTER_AREA)
    return cv2.warpAffine(frame, m, (size, size), flags=interp, borderMode=cv2.BORDER_REPLICATE)


def to_input(crops: np.ndarray) -> np.ndarray:
    """N x 64 x 64 x 3 uint8 crops -> N x 48 x 48 x 3 uint8 classifier input: turned upright
    (`canonical`), then shrunk."""
    n = len(crops)
    if not n:
        return np.empty((0, CLS_INPUT, CLS_INPUT, 3), np.uint8)
    angles = card_angles(crops)
    upright = np.empty((n, CROP, CROP, 3), np.uint8)
    for i, c in enumerate(crops):
        upright[i] = canonical(c, angles[i])
    # one INTER_AREA resize of the crops stacked into one tall image: 64 -> 48 maps every
    # crop's rows onto its own 48 output rows (each output pixel averages a 4/3 px footprint
    # that never straddles two crops), so this equals per-crop resizes without the per-call cost
    tall = cv2.resize(upright.reshape(n * CROP, CROP, 3), (CLS_INPUT, n * CLS_INPUT), interpolation=cv2.INTER_AREA)
    return tall.reshape(n, CLS_INPUT, CLS_INPUT, 3)


def card_angles(crops) -> np.ndarray:
    """Each crop's card rotation modulo 90 degrees, from its edges and glyph strokes (which all
    run along the card's axes): magnitude-weighted mean of 4x the gradient angle. Radians."""
    crops = np.ascontiguousarray(crops)
    n, h, w = crops.shape[:3]
    if not n:
        return np.zeros(0)
    # grey of all crops in one call (a per-pixel map: the same as crop by crop), then the filters
    # crop by crop: each crop's own border handling, as in training
    grey = cv2.cvtColor(crops.reshape(n * h, w, 3), cv2.COLOR_RGB2GRAY).astype(np.float32).reshape(n, h, w)
    gx, gy = np.empty_like(grey), np.empty_like(grey)
    for g, x, y in zip(grey, gx, gy):
        b = cv2.GaussianBlur(g, (3, 3), 0)
        cv2.Sobel(b, cv2.CV_32F, 1, 0, dst=x, ksize=3)
        cv2.Sobel(b, cv2.CV_32F, 0, 1, dst=y, ksize=3)
    # sum of |g|^2 exp(4i theta) = sum of (gx + i gy)^4 / |g|^2: the same weighted mean without
    # arctan / sin / cos over every pixel, for all crops in one numpy pass (the same operations in
    # the same order as written out plainly, into reused buffers: a third less time)
    gx2, gy2 = gx * gx, gy * gy
    mag = gx2 + gy2
    inv = np.divide(1.0, mag, out=np.zeros_like(mag), where=mag > 0)
    d = np.subtract(gx2, gy2)  # gx2 - gy2
    t = np.multiply(d, d)  # ... squared
    np.multiply(gx2, 4, out=gx2)
    np.multiply(gx2, gy2, out=gx2)  # 4 gx2 gy2
    np.subtract(t, gx2, out=t)
    re = np.multiply(t, inv, out=t).sum((1, 2))
    np.multiply(gx, 4, out=t)
    np.multiply(t, gy, out=t)
    np.multiply(t, d, out=t)
    im = np.multiply(t, inv, out=t).sum((1, 2))
    return np.arctan2(im, re) / 4


def card_angle(crop: np.ndarray) -> float:
    """`card_angles` of one crop."""
    return float(card_angles([crop])[0])


def canonical(crop: np.ndarray, angle: float | None = None) -> np.ndarray:
    """Turn a crop so the card's axes are upright (up to a quarter turn, which the classifier
    is trained to read). angle: `card_angle(crop)` when already known."""
    a = card_angle(crop) if angle is None else float(angle)
    n = crop.shape[0]
    m = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), np.degrees(a), 1.0)
    return cv2.warpAffine(crop, m, (n, n), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
