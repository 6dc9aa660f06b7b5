"""Writes the training / validation / held-out test data for both stages.

    out/det/images/{train,val,test}/*.jpg   detector frames, downscaled to `det_width`
    out/det/labels/{train,val,test}/*.txt   YOLO boxes: 0 face, 1 back, 2 index
    out/det/data.yaml
    out/cls/{train,val,test}.npz            index crops (N x 64 x 64 x 3, RGB) cut from the
                                            FULL-resolution frame, labels 0..52 + 53 "none"
    out/test/*.jpg + *.json                 full-resolution held-out frames with their truth

Splits: train/val use the training styles and background families; test uses the held-out
artwork (`younes`) and its back on the held-out `patterned` family (half of the frames) and
on the training families (the other half), so both effects can be read apart.
Same seed, same data: each frame's seed is derived from (seed, split, frame number).
"""

from __future__ import annotations

import json
import os
from multiprocessing import get_context
from pathlib import Path

import cv2
import numpy as np

from ..crops import crop_square
from ..labels import DETECTOR_CLASSES, IDENTITIES, NONE_CLASS
from .backgrounds import HELD_OUT_FAMILIES, TRAIN_FAMILIES
from .faces import (HELD_OUT_ARTWORK, TRAIN_ARTWORK, TRAIN_PROCEDURAL, FaceCache, artwork_backs,
                    make_styles)
from .scene import CardTruth, render_scene

SPLIT_SALT = {"train": 1, "val": 2, "test": 3, "table": 4}
# "table": extra TRAINING frames in training styles that look like a stud game (render_scene's
# table=True: rows of hole cards face down); the detector trains on train + table
MIN_CARD_VIS = 0.2
MIN_INDEX_VIS = 0.7

_W: dict = {}


def _init(artwork: str | None, split: str, extra_styles: tuple = ()):
    root = Path(artwork) if artwork else None
    extra = tuple(extra_styles) if split != "test" else ()  # the held-out frames stay held out
    if root is None:  # procedural styles only (tests; no npm artwork needed)
        styles = make_styles(None, TRAIN_PROCEDURAL + extra)
        backs = []
    elif split == "test":
        styles = make_styles(root, HELD_OUT_ARTWORK)
        backs = artwork_backs(root, held_out=True)
    else:
        styles = make_styles(root, TRAIN_ARTWORK + TRAIN_PROCEDURAL + extra)
        backs = artwork_backs(root, held_out=False) + [None] * 3
    _W.update(styles=styles, backs=backs, cache=FaceCache(420), split=split)


def frame_seed(seed: int, split: str, i: int) -> int:
    return int(np.random.SeedSequence([seed, SPLIT_SALT[split], i]).generate_state(1)[0])


def detector_labels(truths: list[CardTruth], W: int, H: int) -> list[tuple]:
    rows = []
    for t in truths:
        if t.box is None or t.visible < MIN_CARD_VIS:
            continue
        x0, y0, x1, y1 = t.box
        rows.append((0 if t.face_up else 1, x0, y0, x1, y1))
        if t.face_up:
            for q, v in zip(t.index_quads, t.index_visible):
                if v >= MIN_INDEX_VIS:
                    qx0, qy0 = np.clip(q.min(0), 0, [W, H])
                    qx1, qy1 = np.clip(q.max(0), 0, [W, H])
                    if qx1 - qx0 > 2 and qy1 - qy0 > 2:
                        rows.append((2, qx0, qy0, qx1, qy1))
    return rows


def _jitter(rng, box, amount=1.0):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    s = max(w, h)
    cx = (x0 + x1) / 2 + rng.normal(0, 0.05 * amount) * s
    cy = (y0 + y1) / 2 + rng.normal(0, 0.05 * amount) * s
    w *= rng.uniform(1 - 0.1 * amount, 1 + 0.15 * amount)
    h *= rng.uniform(1 - 0.1 * amount, 1 + 0.15 * amount)
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def classifier_crops(frame, truths, rng, negatives: int = 2):
    """Crops for the identity classifier from the full-resolution frame (with box jitter)."""
    H, W = frame.shape[:2]
    xs, ys = [], []
    boxes = []
    for t in truths:
        if not t.face_up:
            continue
        for q, v in zip(t.index_quads, t.index_visible):
            if v >= MIN_INDEX_VIS:
                b = (*q.min(0), *q.max(0))
                boxes.append(b)
                xs.append(crop_square(frame, _jitter(rng, b)))
                ys.append(IDENTITIES.index(t.code))
    # negatives: card corners without an index, card middles, backs, table
    cand = []
    for t in truths:
        if t.visible < 0.5:
            continue
        q = t.quad
        for a, b in ((1, 0), (3, 2)):  # TR corner and BL corner regions (no index there)
            c = q[a] + (q[b] - q[a]) * 0.1 + (q.mean(0) - q[a]) * 0.18
            s = np.linalg.norm(q[1] - q[0]) * 0.2
            cand.append((c[0] - s, c[1] - s * 1.3, c[0] + s, c[1] + s * 1.3))
        c = q.mean(0) + rng.normal(0, 0.15, 2) * np.linalg.norm(q[1] - q[0])
        s = np.linalg.norm(q[1] - q[0]) * 0.15
        cand.append((c[0] - s, c[1] - s, c[0] + s, c[1] + s))
    for _ in range(2):
        s = rng.uniform(0.02, 0.08) * min(W, H)
        c = rng.uniform(0, 1, 2) * [W, H]
        cand.append((c[0] - s, c[1] - s, c[0] + s, c[1] + s))
    rng.shuffle(cand)
    n = 0
    for b in cand:
        if n >= negatives:
            break
        if any(_overlap(b, ib) > 0.25 for ib in boxes):
            continue
        xs.append(crop_square(frame, _jitter(rng, b)))
        ys.append(NONE_CLASS)
        n += 1
    return xs, ys


def _overlap(a, b):
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    return inter / max(1e-6, min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])))


def _work(args):
    i, seed, out, det_width = args
    split = _W["split"]
    fs = frame_seed(seed, split, i)
    fam = (HELD_OUT_FAMILIES if i % 2 == 0 else TRAIN_FAMILIES) if split == "test" else TRAIN_FAMILIES
    frame, truths = render_scene(fs, _W["styles"], _W["backs"], fam, _W["cache"], table=split == "table")
    H, W = frame.shape[:2]
    name = f"{i:05d}"
    out = Path(out)
    s = det_width / max(W, H)
    small = cv2.resize(frame, (int(round(W * s)), int(round(H * s))), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(out / "det/images" / split / f"{name}.jpg"), small[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 92])
    rows = detector_labels(truths, W, H)
    with open(out / "det/labels" / split / f"{name}.txt", "w") as f:
        for c, x0, y0, x1, y1 in rows:
            f.write(f"{c} {(x0 + x1) / 2 / W:.6f} {(y0 + y1) / 2 / H:.6f} {(x1 - x0) / W:.6f} {(y1 - y0) / H:.6f}\n")
    rng = np.random.default_rng(fs + 7)
    xs, ys = classifier_crops(frame, truths, rng)
    if split == "test":
        cv2.imwrite(str(out / "test" / f"{name}.jpg"), frame[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 95])
        meta = {"seed": fs, "family": "patterned" if i % 2 == 0 else "train-family", "size": [W, H],
                "cards": [t.to_json() for t in truths]}
        (out / "test" / f"{name}.json").write_text(json.dumps(meta))
    return xs, ys



def write_data_yaml(path: Path, root: Path, train: str, val: str, test: str | None = None) -> None:
    """An ultralytics dataset file for the detector classes (folders relative to root, or absolute)."""
    path.write_text(f"path: {root}\ntrain: {train}\nval: {val}\n" + (f"test: {test}\n" if test else "")
                    + "names:\n" + "".join(f"  {i}: {c}\n" for i, c in enumerate(DETECTOR_CLASSES)))

def generate(out: Path, artwork: Path | None, n: dict, seed: int = 0, det_width: int = 640,
             workers: int | None = None, progress: bool = True, extra_styles: tuple = ()) -> dict:
    """extra_styles: more face styles for the training splits (never the held-out test), e.g.
    faces.CROP_ARTWORK; without them a seed draws exactly the frames it always drew."""
    from tqdm import tqdm

    out = Path(out)
    workers = workers or min(2, os.cpu_count() or 1)
    counts = {}
    for split, count in n.items():
        if count <= 0:
            continue
        for d in ("det/images", "det/labels"):
            (out / d / split).mkdir(parents=True, exist_ok=True)
        (out / "cls").mkdir(parents=True, exist_ok=True)
        if split == "test":
            (out / "test").mkdir(parents=True, exist_ok=True)
        X, Y = [], []
        jobs = [(i, seed, str(out), det_width) for i in range(count)]
        with get_context("fork").Pool(workers, initializer=_init, initargs=(str(artwork) if artwork else None, split,
                                                                     tuple(extra_styles))) as pool:
            for xs, ys in tqdm(pool.imap(_work, jobs, chunksize=4), total=count, desc=f"synth {split}",
                               disable=not progress):
                X += xs
                Y += ys
        np.savez_compressed(out / "cls" / f"{split}.npz", x=np.stack(X), y=np.array(Y, np.int16))
        counts[split] = {"frames": count, "crops": len(Y)}
    train = "[images/train, images/table]" if (out / "det/images/table").is_dir() else "images/train"
    write_data_yaml(out / "det/data.yaml", out.resolve() / "det", train, "images/val", "images/test")
    mf = out / "manifest.json"  # a later run that adds a split keeps the counts of the others
    before = json.loads(mf.read_text()) if mf.exists() else {}
    old = before.get("counts", {})
    # (a run that draws no frames, e.g. only extra index crops, leaves the frames' seed as it was)
    mf.write_text(json.dumps({"seed": seed if counts else before.get("seed", seed), "counts": {**old, **counts}},
                             indent=1))
    return counts
