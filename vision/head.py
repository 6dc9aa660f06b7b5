"""The detector network's output as candidate boxes and class scores.

Two forms of the same network:
* ultralytics' export: one tensor (4 + nc) x N: box centre and size in input pixels, then the class
  scores, for every anchor;
* the fast file (`croupier quantize` cuts the export before its box decoding): `box_dist`, 64 x N (per
  side of the box, 16 bins of a distance distribution) and `scores`, nc x N.
Decoding boxes (a softmax over the 16 bins, across a middle axis) was a fifth of the detector's time in
ONNX Runtime (3 of 15 ms at 416x256, 2,184 anchors, most of them empty table); here it runs in numpy
only for the few anchors whose class score passes its threshold. Same numbers as the graph's own decode
(ultralytics `DFL` + `dist2bbox`, checked when the fast file is made and in tests/vision/test_head.py).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

STRIDES = (8, 16, 32)  # YOLO11 detection levels
BINS = 16  # ultralytics reg_max
RAW_OUTPUTS = ("box_dist", "scores")


class HeadError(ValueError):
    """The network's output does not fit the anchor grid of its input."""


@lru_cache(maxsize=256)  # one entry per input size: whole looks and the region looks' windows
def anchor_grid(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """(anchor centres 2 x N in grid cells, stride N) for an h x w input, in the network's order:
    level by level, rows top to bottom, left to right (ultralytics `make_anchors`, offset 0.5)."""
    pts, strides = [], []
    for s in STRIDES:
        gh, gw = -(-h // s), -(-w // s)
        ys, xs = np.meshgrid(np.arange(gh, dtype=np.float32) + 0.5, np.arange(gw, dtype=np.float32) + 0.5,
                             indexing="ij")
        pts.append(np.stack([xs.ravel(), ys.ravel()]))
        strides.append(np.full(gh * gw, s, np.float32))
    return np.concatenate(pts, 1), np.concatenate(strides)


def decode_dist(dist: np.ndarray, anchors: np.ndarray, strides: np.ndarray) -> np.ndarray:
    """dist 64 x K (4 sides x 16 bins), anchors 2 x K, strides K -> boxes 4 x K (cx, cy, w, h px)."""
    d = dist.reshape(4, BINS, -1)
    e = np.exp(d - d.max(1, keepdims=True))
    side = (e * np.arange(BINS, dtype=np.float32)[:, None]).sum(1) / e.sum(1)  # expected distance, 4 x K
    lt, rb = anchors - side[:2], anchors + side[2:]
    return np.concatenate([(lt + rb) / 2, rb - lt]) * strides


class HeadOutput:
    """One look's output: `scores` (nc x N) for every anchor, `boxes(keep)` only for those asked."""

    def __init__(self, outputs: list[np.ndarray], input_hw: tuple[int, int]):
        if len(outputs) == 1:  # ultralytics' export, boxes decoded in the graph
            self.scores, self._boxes, self._dist = outputs[0][0][4:], outputs[0][0][:4], None
            return
        dist, scores = outputs
        self._dist, self.scores = dist[0], scores[0]
        self._anchors, self._strides = anchor_grid(*input_hw)
        if self._dist.shape[1] != self._anchors.shape[1] or self._dist.shape[0] != 4 * BINS:
            raise HeadError(f"detector output {dist.shape} does not fit a {input_hw[0]}x{input_hw[1]} input "
                            f"({self._anchors.shape[1]} anchors of strides {STRIDES}, {4 * BINS} box bins)")

    def boxes(self, keep: np.ndarray) -> np.ndarray:
        """4 x K boxes (centre x, centre y, width, height in input pixels) of the anchors in keep."""
        if self._dist is None:
            return self._boxes[:, keep]
        return decode_dist(self._dist[:, keep], self._anchors[:, keep], self._strides[keep])
