"""Box geometry shared by the recogniser, the camera path and its checks (boxes: x0, y0, x1, y1)."""

from __future__ import annotations

import numpy as np


def inside(inner, outer) -> float:
    """Fraction of box `inner` inside box `outer` (0 for an empty box)."""
    ix = max(0.0, min(inner[2], outer[2]) - max(inner[0], outer[0]))
    iy = max(0.0, min(inner[3], outer[3]) - max(inner[1], outer[1]))
    return ix * iy / max(1e-6, (inner[2] - inner[0]) * (inner[3] - inner[1]))


def inside_all(inner, outer) -> np.ndarray:
    """`inside` of every box in `inner` (N) in every box in `outer` (M): N x M, in one pass (the same
    operations in float64: the same numbers as `inside` box by box)."""
    a = np.asarray(inner, np.float64).reshape(-1, 1, 4)
    b = np.asarray(outer, np.float64).reshape(1, -1, 4)
    ix = np.clip(np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0]), 0, None)
    iy = np.clip(np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1]), 0, None)
    return ix * iy / np.maximum((a[..., 2] - a[..., 0]) * (a[..., 3] - a[..., 1]), 1e-6)


def iou(a, b) -> float:
    """Intersection over union of two boxes."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    return inter / max(1e-6, (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def boxes_overlap(a, b) -> bool:
    """Do boxes a and b share any area?"""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])
