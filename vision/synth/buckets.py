"""Bench and test frames per condition bucket: cards on the training tables ("plain"), cards on
printed matter (vision/synth/printed.py), printed matter with no card at all ("print_no_card"),
and cards under hard light (vision/synth/light.py).

`bucket_frame(bucket, i)` -> (RGB frame, [CardTruth]); deterministic for (bucket, i). The cards are
the procedural training styles (the held-out artwork is not on every machine); a light bucket's
frame i is the plain frame i under that light, so those buckets read against "plain" card for card.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .backgrounds import TRAIN_FAMILIES
from .faces import PROC_SPECS, TRAIN_PROCEDURAL, FaceCache, ProceduralStyle
from .light import LIGHTS
from .printed import PRINTED_FAMILIES, register_families
from .scene import render_scene

CLUTTER_BUCKETS = ("plain",) + tuple(f"on_{f}" for f in PRINTED_FAMILIES) + ("print_no_card",)
LIGHT_BUCKETS = ("plain",) + tuple(LIGHTS)
SEED_BASE = 7_000_000  # far from the training and held-out seeds (vision/synth/dataset.py)


@lru_cache(maxsize=1)
def _styles_and_cache():
    register_families()
    return [ProceduralStyle(PROC_SPECS[n]) for n in TRAIN_PROCEDURAL], FaceCache(420)


def bucket_frame(bucket: str, i: int, size=(1280, 720)):
    """Frame i of a bucket (see the module's doc). A light bucket is the plain frame of the same i
    under that light."""
    styles, cache = _styles_and_cache()
    return render_bucket(bucket, i, SEED_BASE + i, styles, cache, TRAIN_FAMILIES, size)


def render_bucket(bucket: str, i: int, seed: int, styles, cache: FaceCache, families, size):
    """Frame i of a plain, light or printed-matter bucket, drawn from `seed` in `styles` on the table
    `families` (bench/recognition_buckets.py draws the same buckets in the held-out style)."""
    if bucket == "plain" or bucket in LIGHTS:
        frame, truths = render_scene(seed, styles, [], families, cache, size=size, table=True)
        if bucket in LIGHTS:
            frame = LIGHTS[bucket](frame, np.random.default_rng(seed + 1))
        return frame, truths
    if bucket == "print_no_card":
        family = PRINTED_FAMILIES[i % len(PRINTED_FAMILIES)]
        return render_scene(seed, styles, [], (family,), cache, size=size, codes=[])
    if bucket.startswith("on_") and bucket[3:] in PRINTED_FAMILIES:
        return render_scene(seed, styles, [], (bucket[3:],), cache, size=size, table=True)
    raise ValueError(f"unknown bucket {bucket!r}: one of {sorted(set(CLUTTER_BUCKETS + LIGHT_BUCKETS))}")
