"""Dim light (issue 23): DimStretch, a dim index crop's contrast stretched before the classifier
reads it; DimLift, the dim parts of a frame brightened before the detector looks at it.

A card in a shadow or on the dim side of the table (issue 23: an ace in deep shadow) gives a crop
whose white paper is a dark grey and whose ink is barely darker; the classifier was trained on
crops of lit cards. Stretching the crop's own grey range back to a lit card's restores the glyph.
Only a dim crop is touched — one whose brightest part (the card's paper) stays under `dim_below`
— so every crop of a lit card reaches the classifier exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass
class DimStretch:
    dim_below: float = 120.0  # grey level the crop's bright end (its 99th percentile) stays under
    min_range: float = 6.0  # a crop flatter than this has nothing to stretch (noise only)
    low: float = 20.0  # the stretched crop's dark end (ink)...
    high: float = 235.0  # ...and bright end (paper), as on a lit card
    max_gain: float = 6.0  # no more than this: deep black noise is not made a glyph

    def __call__(self, crops: np.ndarray) -> np.ndarray:
        """N x h x w x 3 uint8 crops -> the same, dim ones stretched (the input array itself when
        none is dim)."""
        if len(crops) == 0:
            return crops
        # grey: the channels' mean, as crops.mean(3) gives it (an integer sum, exact, over 3) at a
        # fifth of its cost
        c = crops.reshape(len(crops), -1, 3)
        grey = (c[..., 0] + c[..., 1].astype(np.uint16) + c[..., 2]) / 3.0
        # a crop with more than 1 % of its pixels (and one to spare) at dim_below or brighter has its
        # 99th percentile there: lit, left as it is without sorting it (most crops: the percentiles
        # of every crop cost the camera path 3 %)
        n = grey.shape[1]
        bright = np.count_nonzero(grey >= self.dim_below, axis=1)
        maybe = np.flatnonzero(bright < n - int((n - 1) * 0.99) + 1)
        if not len(maybe):
            return crops
        his = np.percentile(grey[maybe], 99, axis=1)
        out = None
        for i, hi in zip(maybe[his < self.dim_below], his[his < self.dim_below]):
            lo = np.percentile(grey[i], 1)
            if hi - lo < self.min_range:
                continue
            gain = min(self.max_gain, (self.high - self.low) / (hi - lo))
            if out is None:
                out = crops.copy()
            out[i] = np.clip((crops[i].astype(np.float32) - lo) * gain + self.low, 0, 255).astype(np.uint8)
        return crops if out is None else out


@dataclass
class DimLift:
    """The detector's input with its dim parts brought up: each pixel times target / its
    neighbourhood's brightness (green, 1/16-size and blurred), between 1 and `max_gain`. A card in
    a shadow or on the dim side of the table was boxed as a back or not at all (the detector saw
    lighting from 0.55 to 1.25 of normal in training, never a quarter); lit parts (neighbourhood at
    `target` or brighter) are left as they are, and a frame with none dim is passed on untouched.
    Measured on 20 frames a bucket (vision/synth/buckets.py): dim half 50 -> 61 cards named right,
    hard shadow 60 -> 64, plain 67 -> 69 (2 fewer backs found); ~7 ms a 1280x720 frame where it
    works. The classifier's crops are still cut from the frame itself (DimStretch sees to those)."""

    target: float = 90.0
    max_gain: float = 4.0
    cell: int = 16

    def __call__(self, frame: np.ndarray) -> np.ndarray:
        H, W = frame.shape[:2]
        small = cv2.resize(frame[..., 1], (max(2, W // self.cell), max(2, H // self.cell)),
                           interpolation=cv2.INTER_AREA).astype(np.float32)
        small = cv2.GaussianBlur(small, (0, 0), 2)
        gain = np.clip(self.target / np.maximum(small, 1.0), 1.0, self.max_gain)
        if gain.max() <= 1.01:
            return frame
        gain = cv2.resize(gain, (W, H), interpolation=cv2.INTER_LINEAR)
        return np.clip(frame * gain[..., None], 0, 255).astype(np.uint8)
