"""Bonnu classifier data: face crops cut from synthetic table scenes (vision/synth/bonnu.py) by
the run-time crop rule (`vision.bonnu_finder.face_crop`), with finder-like outline jitter, plus
`none` crops (table, or a card-sized window across a card's edge): the jitter rules enrolment
uses too (vision/bonnu_enrol.py).

`python -m vision.synth.bonnu_data OUT --train 1500 --val 150 --test 200` writes OUT/train.npz,
val.npz (training styles, fresh seeds) and test.npz (the held-out style only). Deterministic for
a seed: scene k of a split is drawn from (seed, split, k).
"""

from __future__ import annotations

import argparse
import zlib
from pathlib import Path

import numpy as np

from ..bonnu_enrol import jitter_quad, none_quads
from ..bonnu_finder import face_crop
from ..labels import BONNU_IDENTITIES, BONNU_NONE
from .bonnu import HELD_OUT_STYLE, TRAIN_STYLES, render_scene

SPLIT_STYLES = {"train": TRAIN_STYLES, "val": TRAIN_STYLES, "test": (HELD_OUT_STYLE,)}


def _scene_seed(seed: int, split: str, k: int) -> int:
    return zlib.crc32(f"bonnu/{seed}/{split}/{k}".encode())


def scene_crops(scene_seed: int, styles, per_card: int = 3, none_per_scene: int = 2):
    """(crops N x CROP_H x CROP_W x 3 uint8, labels N) of one scene."""
    frame, truths = render_scene(scene_seed, styles)
    rng = np.random.default_rng([scene_seed, 0xC7])
    crops, labels = [], []
    for t in truths:
        for _ in range(per_card):
            crops.append(face_crop(frame, jitter_quad(t.quad, rng)))
            labels.append(BONNU_IDENTITIES.index(t.code))
    if truths:
        for q in none_quads([t.quad for t in truths], frame.shape[1], frame.shape[0], rng, none_per_scene):
            crops.append(face_crop(frame, q))
            labels.append(BONNU_NONE)
    return crops, labels


def make_split(split: str, n_scenes: int, seed: int = 0, per_card: int = 3) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for k in range(n_scenes):
        c, y = scene_crops(_scene_seed(seed, split, k), SPLIT_STYLES[split], per_card)
        xs += c
        ys += y
    return np.stack(xs), np.array(ys, np.int64)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--train", type=int, default=1500)
    ap.add_argument("--val", type=int, default=150)
    ap.add_argument("--test", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    for split, n in (("train", a.train), ("val", a.val), ("test", a.test)):
        if n:
            x, y = make_split(split, n, a.seed, per_card=3 if split == "train" else 1)
            np.savez_compressed(a.out / f"{split}.npz", x=x, y=y)
            print(f"{split}: {n} scenes, {len(y)} crops ({int((y == BONNU_NONE).sum())} none)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
