"""Procedural table surfaces. Families: felt, wood, cloth, carpet (training) and patterned
(held out of training entirely: only the test split uses it)."""

from __future__ import annotations

import cv2
import numpy as np

TRAIN_FAMILIES = ("felt", "wood", "cloth", "carpet")
HELD_OUT_FAMILIES = ("patterned",)


def _noise(rng, h, w, scale: int) -> np.ndarray:
    """Smooth noise in [-1, 1] with features of about `scale` pixels."""
    sh, sw = max(2, h // scale + 2), max(2, w // scale + 2)
    small = rng.standard_normal((sh, sw)).astype(np.float32)
    big = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(big / 2.0, -1, 1)


def _mix(a, b, t):
    a = np.asarray(a, np.float32)
    b = np.asarray(b, np.float32)
    return a + (b - a) * t.astype(np.float32)[..., None]


def felt(rng, h, w):
    base = np.array([[20, 100, 45], [25, 60, 120], [120, 25, 30], [70, 70, 72], [30, 80, 80]][
        rng.integers(0, 5)], np.float32) * rng.uniform(0.7, 1.3)
    img = np.ones((h, w, 3), np.float32) * base
    img *= (1 + 0.12 * _noise(rng, h, w, 200))[..., None]
    img += rng.standard_normal((h, w, 1), dtype=np.float32) * 6
    return img


def wood(rng, h, w):
    light = np.array([rng.uniform(150, 215), rng.uniform(100, 150), rng.uniform(50, 95)], np.float32)
    dark = light * rng.uniform(0.45, 0.7)
    ang = rng.uniform(0, np.pi)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u = xx * np.cos(ang) + yy * np.sin(ang)
    v = -xx * np.sin(ang) + yy * np.cos(ang)
    freq = rng.uniform(0.02, 0.08)
    turb = 25 * _noise(rng, h, w, 120) + 6 * _noise(rng, h, w, 25)
    grain = 0.5 + 0.5 * np.sin(freq * (v + turb))
    grain = grain ** rng.uniform(1, 3)
    img = _mix(light, dark, grain * 0.8 + 0.2 * (0.5 + 0.5 * _noise(rng, h, w, 300)))
    plank = rng.uniform(120, 400)
    seam = (np.abs(((v + 1000) % plank)) < rng.uniform(1.5, 3.5)).astype(np.float32)
    img *= (1 - 0.45 * seam)[..., None]
    img *= (1 + 0.05 * np.sin(u * rng.uniform(0.3, 1.0)))[..., None] if rng.random() < 0.3 else 1
    return img


def cloth(rng, h, w):
    c1 = rng.uniform(20, 230, 3).astype(np.float32)
    c2 = rng.uniform(20, 230, 3).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(-0.3, 0.3)
    u = xx * np.cos(ang) + yy * np.sin(ang)
    v = -xx * np.sin(ang) + yy * np.cos(ang)
    p = rng.uniform(20, 90)
    kind = rng.integers(0, 3)
    if kind == 0:  # plaid
        t = 0.5 * ((np.sin(u * 2 * np.pi / p) > 0.3).astype(np.float32) + (np.sin(v * 2 * np.pi / p) > 0.3))
    elif kind == 1:  # stripes
        t = (np.sin(u * 2 * np.pi / p) > 0).astype(np.float32)
    else:  # plain
        t = np.zeros((h, w), np.float32)
    img = _mix(c1, c2, t * rng.uniform(0.3, 1))
    weave = 0.5 + 0.5 * np.sin(u * 2.1) * np.sin(v * 2.1)
    img *= (0.92 + 0.08 * weave)[..., None]
    img *= (1 + 0.1 * _noise(rng, h, w, 150))[..., None]  # folds
    return img


def carpet(rng, h, w):
    pal = rng.uniform(30, 200, (3, 3)).astype(np.float32)
    n1 = _noise(rng, h, w, 6)
    n2 = _noise(rng, h, w, 3)
    t = np.clip(0.5 + n1, 0, 1)
    img = _mix(pal[0], pal[1], t)
    speck = (n2 > 0.55).astype(np.float32) * rng.uniform(0.2, 0.7)
    img = img * (1 - speck[..., None]) + pal[2] * speck[..., None]
    img += rng.standard_normal((h, w, 1), dtype=np.float32) * 8
    return img


def patterned(rng, h, w):
    bg = rng.uniform(40, 220, 3)
    img = np.ones((h, w, 3), np.float32) * bg.astype(np.float32)
    kind = rng.integers(0, 3)
    step = int(rng.uniform(30, 120))
    col = tuple(float(v) for v in rng.uniform(20, 240, 3))
    if kind == 0:  # tiles
        for y in range(0, h, step):
            for x in range(0, w, step):
                if ((x // step) + (y // step)) % 2:
                    cv2.rectangle(img, (x, y), (x + step, y + step), col, -1)
        cv2.blur(img, (3, 3), dst=img)
    elif kind == 1:  # polka dots
        for y in range(0, h + step, step):
            for x in range(0, w + step, step):
                cv2.circle(img, (x + (y // step % 2) * step // 2, y), step // 4, col, -1, cv2.LINE_AA)
    else:  # scattered shapes
        for _ in range(int(h * w / (step * step) * 0.8)):
            x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
            c = tuple(float(v) for v in rng.uniform(20, 240, 3))
            s = int(rng.uniform(0.2, 0.6) * step)
            if rng.random() < 0.5:
                cv2.circle(img, (x, y), s, c, -1, cv2.LINE_AA)
            else:
                cv2.line(img, (x, y), (x + s * 2, y + s), c, max(2, s // 4), cv2.LINE_AA)
    img *= (1 + 0.08 * _noise(rng, h, w, 200))[..., None]
    return img


FAMILIES = {"felt": felt, "wood": wood, "cloth": cloth, "carpet": carpet, "patterned": patterned}


def background(family: str, rng, h: int, w: int) -> np.ndarray:
    return FAMILIES[family](rng, h, w)
