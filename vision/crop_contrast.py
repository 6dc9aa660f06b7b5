"""DimStretch: a dim index crop gets its contrast stretched before the classifier reads it.

A card in a shadow or on the dim side of the table (issue 23: an ace in deep shadow) gives a crop
whose white paper is a dark grey and whose ink is barely darker; the classifier was trained on
crops of lit cards. Stretching the crop's own grey range back to a lit card's restores the glyph.
Only a dim crop is touched — one whose brightest part (the card's paper) stays under `dim_below`
— so every crop of a lit card reaches the classifier exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass

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
        out = None
        for i, c in enumerate(crops):
            grey = c.mean(2)
            lo, hi = np.percentile(grey, (1, 99))
            if hi >= self.dim_below or hi - lo < self.min_range:
                continue
            gain = min(self.max_gain, (self.high - self.low) / (hi - lo))
            if out is None:
                out = crops.copy()
            out[i] = np.clip((c.astype(np.float32) - lo) * gain + self.low, 0, 255).astype(np.uint8)
        return crops if out is None else out
