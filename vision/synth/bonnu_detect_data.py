"""Bonnu detector data: table scenes where the classical outline finder fails (textured cloths,
carpet, wood; cards overlapping in fans, rows and piles like a Cut; a hand over the cards), with
each card's true outline as an oriented-box label (ultralytics OBB: `0 x1 y1 x2 y2 x3 y3 x4 y4`,
normalised corners).

A card is labelled when at least `MIN_VISIBLE` of its face shows (the label is its WHOLE outline,
the quad `face_crop` needs, even where a neighbour covers part of it); cards covered more are drawn
but not labelled. The faces and tables are vision/synth/bonnu.py's; `serif_band` stays held out
(this module draws the training styles unless told otherwise: the bench draws held-out fans).

`python -m vision.synth.bonnu_detect_data OUT --train 1800 --val 150` writes OUT/images/{split},
OUT/labels/{split} and OUT/data.yaml. Deterministic: scene k of a split is drawn from
crc32(bonnu-det/seed/split/k).
"""

from __future__ import annotations

import argparse
import zlib
from pathlib import Path

import cv2
import numpy as np

from .backgrounds import TRAIN_FAMILIES, background
from .bonnu import FACE_H, FACE_W, STYLE_BY_NAME, TRAIN_STYLES, BonnuTruth, finish, light_table, paste_face, render_face
from .scene import _draw_shapes, _hand
from ..labels import BONNU_IDENTITIES

MIN_VISIBLE = 0.3  # share of a card's face that must show for it to be a label
GROUPS = ("single", "fan", "row", "pile")
GROUP_P = (0.35, 0.3, 0.2, 0.15)
# textured tables most: they are what breaks the finder (cloth carries the plaids and stripes)
FAMILY_P = {"felt": 0.2, "wood": 0.2, "cloth": 0.35, "carpet": 0.25}


def _scene_seed(seed: int, split: str, k: int) -> int:
    return zlib.crc32(f"bonnu-det/{seed}/{split}/{k}".encode())


def _group(rng, kind: str, ch: float, n: int | None = None,
           step: float | None = None) -> list[tuple[float, float, float]]:
    """Cards of one group as (x, y, angle) around (0, 0), in drawing order (later ones on top).
    step: a fan's turn from card to card, degrees (else 10-28)."""
    cw = ch * FACE_W / FACE_H
    base = rng.uniform(0, 2 * np.pi)
    if kind == "single":
        return [(0.0, 0.0, base)]
    n = int(rng.integers(2, 5)) if n is None else n
    if kind == "fan":  # turned about a pivot near the cards' lower ends, as a hand is laid down
        step = np.radians(rng.uniform(10, 28) if step is None else step)
        r = ch * rng.uniform(0.3, 0.45)
        out = []
        for k in range(n):
            t = base + (k - (n - 1) / 2) * step
            out.append((r * np.sin(t), -r * np.cos(t), t))
        return out
    if kind == "row":  # shifted along one side, each leaving a strip of the one under it
        sideways = rng.random() < 0.7  # along the short side (a row of index strips) or the long one
        along = rng.uniform(0.25, 0.7) * (cw if sideways else ch)
        d = base if sideways else base + np.pi / 2
        return [(k * along * np.cos(d), k * along * np.sin(d), base + rng.normal(0, 0.04)) for k in range(n)]
    out = [(0.0, 0.0, base)]  # pile: dropped on each other
    for _ in range(n - 1):
        out.append((rng.uniform(-0.5, 0.5) * ch, rng.uniform(-0.5, 0.5) * ch, rng.uniform(0, 2 * np.pi)))
    return out


def _corners(x, y, a, cw, ch, rng) -> np.ndarray:
    local = np.array([[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]])
    local += rng.uniform(-0.025, 0.025, (4, 2)) * ch  # a little perspective-like skew
    ca, sa = np.cos(a), np.sin(a)
    return np.stack([x + local[:, 0] * ca - local[:, 1] * sa, y + local[:, 0] * sa + local[:, 1] * ca], 1)


def _layout(rng, W: int, H: int, ch: float, groups=None) -> list[np.ndarray]:
    """Card outlines of 1-3 random groups, or of `groups` [(kind, cards)] or [("fan", cards, step)],
    each inside the frame, in drawing order."""
    cw = ch * FACE_W / FACE_H
    quads, centres = [], []
    if groups is None:
        groups = [(GROUPS[rng.choice(len(GROUPS), p=GROUP_P)], None) for _g in range(int(rng.integers(1, 4)))]
    for kind, n, *step in groups:
        cards = _group(rng, kind, ch, n, *step)
        local = [_corners(x, y, a, cw, ch, rng) for x, y, a in cards]
        pts = np.concatenate(local)
        lo, hi = pts.min(0), pts.max(0)
        if np.any(hi - lo > [W - 4, H - 4]):
            continue
        for _try in range(20):  # a spot inside the frame, not on another group's centre
            off = rng.uniform([2 - lo[0], 2 - lo[1]], [W - 2 - hi[0], H - 2 - hi[1]])
            c = (lo + hi) / 2 + off
            if all(np.hypot(*(c - o)) > 0.7 * ch for o in centres):
                break
        else:
            continue
        centres.append(c)
        quads += [q + off for q in local]
    return quads


def render_detect_scene(seed: int, styles=TRAIN_STYLES, family: str | None = None, groups=None):
    """(HxWx3 uint8 RGB frame, labelled truths, every drawn truth with its visible share).
    family: force a table ("light" or one of the poker synth's families); groups: force the layout,
    e.g. [("fan", 2)] or [("fan", 2, 40)] (a group that does not fit the frame is left out)."""
    rng = np.random.default_rng([seed, 0xD7])
    W, H = (1280, 720) if rng.random() < 0.35 else (960, 540)
    if family is None:
        family = "light" if rng.random() < 0.2 else rng.choice(list(FAMILY_P), p=list(FAMILY_P.values()))
    frame = light_table(rng, H, W) if family == "light" else background(family, rng, H, W)
    assert family == "light" or family in TRAIN_FAMILIES
    ch = rng.uniform(0.2, 0.45) * H
    bare = rng.random() < 0.03 and groups is None  # a few bare tables
    quads = [] if bare else _layout(rng, W, H, ch, groups)
    owner = np.full((H, W), -1, np.int16)  # which card shows at each pixel (-1 table or hand)
    codes, areas = [], []
    for i, quad in enumerate(quads):
        code = BONNU_IDENTITIES[rng.integers(0, len(BONNU_IDENTITIES))]
        colour, value = code.split(":")
        face = render_face(colour, int(value), STYLE_BY_NAME[styles[rng.integers(0, len(styles))]], rng)
        alpha, (x0, y0, x1, y1) = paste_face(frame, face, quad, ch, rng)
        owner[y0:y1, x0:x1][alpha > 0.5] = i
        codes.append(code)
        areas.append(max(1.0, float((alpha > 0.5).sum())))
    if quads and rng.random() < 0.2:  # a hand reaching over the cards
        skin, shapes = _hand(rng, W, H, ch)
        mask = np.zeros((H, W), np.float32)
        _draw_shapes(mask, shapes)
        mask = cv2.GaussianBlur(mask, (0, 0), 1.5)
        shade = 0.8 + 0.2 * np.linspace(0, 1, W, dtype=np.float32)[None, :]
        frame = frame * (1 - mask[..., None]) + (skin * shade[..., None]) * mask[..., None]
        owner[mask > 0.5] = -1
    shown = np.bincount(owner[owner >= 0].ravel(), minlength=len(quads))
    drawn = [(BonnuTruth(c, q.astype(np.float32)), float(s / a)) for c, q, s, a in zip(codes, quads, shown, areas)]
    frame = finish(frame, rng, ch)
    return frame, [t for t, v in drawn if v >= MIN_VISIBLE], drawn


def obb_label_lines(truths, W: int, H: int) -> list[str]:
    return ["0 " + " ".join(f"{x / W:.6f} {y / H:.6f}" for x, y in np.clip(t.quad, 0, [W, H])) for t in truths]


def write_split(out: Path, split: str, n: int, seed: int = 0) -> int:
    (out / "images" / split).mkdir(parents=True, exist_ok=True)
    (out / "labels" / split).mkdir(parents=True, exist_ok=True)
    cards = 0
    for k in range(n):
        frame, truths, _ = render_detect_scene(_scene_seed(seed, split, k))
        name = f"{split}_{seed}_{k:05d}"
        cv2.imwrite(str(out / "images" / split / f"{name}.jpg"), frame[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 95])
        H, W = frame.shape[:2]
        (out / "labels" / split / f"{name}.txt").write_text("\n".join(obb_label_lines(truths, W, H)))
        cards += len(truths)
    return cards


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--train", type=int, default=1800)
    ap.add_argument("--val", type=int, default=150)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    for split, n in (("train", a.train), ("val", a.val)):
        if n:
            print(f"{split}: {n} frames, {write_split(a.out, split, n, a.seed)} cards", flush=True)
    out = a.out.resolve()
    (a.out / "data.yaml").write_text(f"path: {out}\ntrain: images/train\nval: images/val\nnames:\n  0: card\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
