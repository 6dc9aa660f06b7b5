"""Hard light on a rendered frame: the lighting of real phone photos that the scene renderer's soft
gradients (vision/synth/scene.py `_photometric`) do not reach — a hard-edged shadow (a lamp behind
a player's head or shoulder), one half of the table dim, a warm or a cool colour cast, a glare spot.

Each `LIGHTS` entry is fn(frame uint8 RGB, rng) -> frame uint8 RGB, applied after the scene is
rendered: pixels change, no card moves, so the scene's truth still holds. Darkened pixels get
the sensor noise of a dim exposure (a phone brightens them in the same step and the noise with
them), which multiplying a clean frame down would not have.
"""

from __future__ import annotations

import cv2
import numpy as np


def _dim(frame: np.ndarray, gain: np.ndarray, rng) -> np.ndarray:
    """frame x gain (HxW, 1 = unlit change), the noise of a dim exposure where gain is low."""
    f = frame.astype(np.float32) * gain[..., None]
    noise = rng.standard_normal(frame.shape[:2], dtype=np.float32) * (1 - gain) * 6
    return np.clip(f + noise[..., None], 0, 255).astype(np.uint8)


def hard_shadow(frame: np.ndarray, rng) -> np.ndarray:
    """A hard-edged shadow polygon (a head, a shoulder, a bottle) across part of the frame."""
    H, W = frame.shape[:2]
    cx, cy = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H
    r = rng.uniform(0.2, 0.45) * min(H, W)
    n = int(rng.integers(5, 9))
    ang = np.sort(rng.uniform(0, 2 * np.pi, n))
    rad = r * rng.uniform(0.6, 1.4, n)
    pts = np.stack([cx + rad * np.cos(ang), cy + rad * np.sin(ang)], 1)
    m = np.zeros((H, W), np.float32)
    cv2.fillPoly(m, [np.int32(pts)], 1.0, cv2.LINE_AA)
    m = cv2.GaussianBlur(m, (0, 0), rng.uniform(1, 4))  # a near light: a sharp penumbra
    return _dim(frame, 1 - rng.uniform(0.55, 0.75) * m, rng)


def dim_half(frame: np.ndarray, rng, angle: float | None = None, low: float | None = None) -> np.ndarray:
    """One side of the table dim (the lamp on the other side): a steep ramp along a random
    direction, the dim side at a fifth to two fifths of the light. angle (radians; 0: the left half
    dim) and low (the dim side's share of the light) fix the draw, for a test."""
    H, W = frame.shape[:2]
    a = rng.uniform(0, 2 * np.pi) if angle is None else angle
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    u = ((xx - W / 2) * np.cos(a) + (yy - H / 2) * np.sin(a)) / max(H, W)
    t = 1 / (1 + np.exp(-u / rng.uniform(0.02, 0.08)))
    low = rng.uniform(0.2, 0.4) if low is None else low
    return _dim(frame, (low + (1 - low) * t).astype(np.float32), rng)


def _cast(frame: np.ndarray, gains) -> np.ndarray:
    return np.clip(frame.astype(np.float32) * np.float32(gains), 0, 255).astype(np.uint8)


def warm_cast(frame: np.ndarray, rng) -> np.ndarray:
    """Tungsten light, no white balance: red up, blue well down."""
    return _cast(frame, (rng.uniform(1.05, 1.2), rng.uniform(0.9, 1.0), rng.uniform(0.5, 0.7)))


def cool_cast(frame: np.ndarray, rng) -> np.ndarray:
    """Daylight through a window on a tungsten white balance: blue up, red down."""
    return _cast(frame, (rng.uniform(0.6, 0.8), rng.uniform(0.9, 1.0), rng.uniform(1.05, 1.2)))


def glare(frame: np.ndarray, rng) -> np.ndarray:
    """A lamp's reflection on glossy cards and table: a bright spot washing out towards white."""
    H, W = frame.shape[:2]
    cx, cy = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H
    s = rng.uniform(0.05, 0.15) * max(H, W)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    g = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * s * s)) * rng.uniform(0.6, 0.9)
    f = frame.astype(np.float32)
    return np.clip(f + (255 - f) * g[..., None], 0, 255).astype(np.uint8)


LIGHTS = {"hard_shadow": hard_shadow, "dim_half": dim_half, "warm": warm_cast, "cool": cool_cast, "glare": glare}
