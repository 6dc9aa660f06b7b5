"""Many classifier crops, fast: instead of a whole table frame, only the neighbourhood of one
card corner is rendered (a small canvas at full-frame scale) with the same kinds of damage as
the scenes: background family, rotation at any angle, perspective, a neighbouring card or an
occluder, lighting, blur, noise, JPEG. The crop is then cut by the same `crop_square` rule the
runtime uses, with detector-like box jitter. Same seed, same crops.
"""

from __future__ import annotations

import cv2
import numpy as np

from ..crops import crop_square
from ..labels import IDENTITIES, NONE_CLASS
from .backgrounds import background
from .dataset import _jitter
from .faces import FaceCache, Style, procedural_back


def _homography(rng, face_w, face_h, card_h, angle, anchor_face, anchor_canvas):
    s = card_h / face_h
    c, si = np.cos(angle), np.sin(angle)
    A = np.array([[s * c, -s * si, 0], [s * si, s * c, 0], [0, 0, 1]])
    p = np.eye(3)
    p[2, :2] = rng.normal(0, 0.00025, 2) / max(s, 1e-3) * 0  # keep it affine-ish; tilt added below
    M = A @ p
    a = M @ np.array([anchor_face[0], anchor_face[1], 1.0])
    T = np.array([[1, 0, anchor_canvas[0] - a[0]], [0, 1, anchor_canvas[1] - a[1]], [0, 0, 1]])
    M = T @ M
    # mild perspective: jitter the face corners' images a little
    src = np.float32([[0, 0], [face_w, 0], [face_w, face_h], [0, face_h]])
    dst = cv2.perspectiveTransform(src[None], M)[0]
    dst += rng.normal(0, 0.015 * card_h, dst.shape).astype(np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def render_index_crop(rng, styles: list[Style], cache: FaceCache, families, code: str | None = None,
                      negative: bool = False, fan: bool = False, row: bool = False):
    """One (crop 64x64x3 uint8, label) sample. fan: the card lies in a tight fan or spread row, 1-3
    cards of the same deck on top of it shifted along its width (their indexes right beside its
    own) and often one beneath it peeking out on the other side: the held-out deck's unsure reads
    were mostly such slivers, a neighbour's index inside the crop."""
    style = styles[int(rng.integers(0, len(styles)))]
    if code is None:
        codes = style.codes()
        code = codes[int(rng.integers(0, len(codes)))]
    face = cache.face(style, code)
    fh, fw = face.shape[:2]
    card_h = float(np.exp(rng.uniform(np.log(70), np.log(420))))
    angle = rng.uniform(0, 2 * np.pi)
    x0, y0, x1, y1 = style.index_box
    if negative:  # a place on the card that holds no index: other corners, middle, edge
        spot = [((1 - x1 + 1 - x0) / 2, (y0 + y1) / 2), ((x0 + x1) / 2, (2 - y0 - y1) / 2),
                (rng.uniform(0.3, 0.7), rng.uniform(0.3, 0.7)), (rng.uniform(0.25, 0.75), (y0 + y1) / 2)]
        ax, ay = spot[int(rng.integers(0, len(spot)))]
    else:
        ax, ay = (x0 + x1) / 2, (y0 + y1) / 2
    canvas = int(card_h * 0.8) + 16
    anchor = (canvas / 2, canvas / 2)
    Hm = _homography(rng, fw, fh, card_h, angle, (ax * fw, ay * fh), anchor)
    fam = families[int(rng.integers(0, len(families)))]
    img = background(fam, rng, canvas, canvas).astype(np.float32)

    def paste(rgba, M):
        nonlocal img
        w = cv2.warpPerspective(rgba, M, (canvas, canvas), flags=cv2.INTER_AREA if card_h < fh else cv2.INTER_LINEAR,
                                borderValue=(0, 0, 0, 0))
        a = w[..., 3:4].astype(np.float32) / 255
        sh = cv2.GaussianBlur(a[..., 0], (0, 0), max(1.0, card_h * 0.02))
        sh = np.roll(sh, (int(card_h * 0.03), int(card_h * 0.02)), (0, 1))
        img *= (1 - 0.3 * sh)[..., None]
        img = img * (1 - a) + w[..., :3].astype(np.float32) * a
        return a[..., 0]

    r = 1.0 if fan or row else rng.random()  # a fan or row draws no other layout (and no other random numbers)
    if fan:
        _fan(rng, style, cache, face, Hm, paste)  # (the card itself among its neighbours)
    if row:
        _row_beneath(rng, style, cache, face, Hm, paste)
    if r < 0.25:  # a card underneath (stud row / pile), partly visible
        other = cache.face(style, style.codes()[int(rng.integers(0, len(style.codes())))]) if rng.random() < 0.7 \
            else np.asarray(procedural_back(fh, np.random.default_rng(int(rng.integers(0, 2**31)))))
        oh, ow = other.shape[:2]
        off = (rng.uniform(-0.6, 0.6) * card_h, rng.uniform(-0.6, 0.6) * card_h)
        Mo = _homography(rng, ow, oh, card_h, angle + rng.normal(0, 0.3), (ow / 2, oh / 2),
                         (anchor[0] + off[0], anchor[1] + off[1]))
        paste(other, Mo)
    if not (fan or row):
        paste(face, Hm)
    if 0.25 <= r < 0.45:  # a card on top covering part of the card, not the index centre
        other = cache.face(style, style.codes()[int(rng.integers(0, len(style.codes())))])
        oh, ow = other.shape[:2]
        d = rng.uniform(0.55, 0.9) * card_h
        t = rng.uniform(0, 2 * np.pi)
        Mo = _homography(rng, ow, oh, card_h, angle + rng.normal(0, 0.2), (0, oh / 2),
                         (anchor[0] + d * np.cos(t) * 0.5 + card_h * 0.1, anchor[1] + d * np.sin(t) * 0.5))
        paste(other, Mo)
    if rng.random() < 0.1:  # a finger tip or chip edge nearby
        m = np.zeros((canvas, canvas), np.float32)
        c = anchor + rng.normal(0, 0.35, 2) * card_h
        cv2.circle(m, (int(c[0]), int(c[1])), int(card_h * rng.uniform(0.08, 0.15)), 1, -1, cv2.LINE_AA)
        if np.hypot(*(c - anchor)) > card_h * 0.15:
            col = rng.uniform(60, 230, 3).astype(np.float32)
            img = img * (1 - m[..., None]) + col * m[..., None]
    # photometric damage (as in scenes)
    g = rng.uniform(0.55, 1.25) * np.array([rng.uniform(0.85, 1.15), 1.0, rng.uniform(0.8, 1.15)], np.float32)
    img = img * g
    if rng.random() < 0.2:
        img += rng.uniform(30, 120)
    k = rng.random()
    if k < 0.4:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.0) * max(1.0, card_h / 200))
    elif k < 0.55:
        n = int(rng.integers(3, 8))
        ker = np.zeros((n, n), np.float32)
        ker[n // 2] = 1 / n
        ker = cv2.warpAffine(ker, cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1), (n, n))
        img = cv2.filter2D(img, -1, ker / max(ker.sum(), 1e-6))
    img += rng.standard_normal(img.shape, dtype=np.float32) * np.float32(rng.uniform(1, 8))
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(35, 95))])
    img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    # the index box in the canvas (axis-aligned box of the index quad), jittered like a detector box
    q = np.float32([[x0 * fw, y0 * fh], [x1 * fw, y0 * fh], [x1 * fw, y1 * fh], [x0 * fw, y1 * fh]])
    if negative:
        q = q - np.float32([(x0 + x1) / 2 * fw, (y0 + y1) / 2 * fh]) + np.float32([ax * fw, ay * fh])
    q = cv2.perspectiveTransform(q[None], Hm)[0]
    box = (*q.min(0), *q.max(0))
    crop = crop_square(img, _jitter(rng, box, 1.3))
    return crop, (NONE_CLASS if negative else IDENTITIES.index(code))


def _face_turn(angle, pivot, shift) -> np.ndarray:
    """A move within the card's own picture: turn by angle about pivot, then shift (face pixels)."""
    m = cv2.getRotationMatrix2D((float(pivot[0]), float(pivot[1])), float(np.degrees(angle)), 1.0)
    m[:, 2] += shift
    return np.vstack([m, [0, 0, 1]])


def _fan(rng, style, cache, face, Hm, paste) -> None:
    """Paste a card beneath (sometimes), the card itself, then 1-3 cards on top, each moved along
    the card's width from the one under it: turned about a pivot below the cards (a fan held in a
    hand) or slid sideways (a spread row). Moves are in face pixels, mapped by the card's own
    homography, so neighbours share its perspective."""
    fh, fw = face.shape[:2]
    codes = style.codes()
    held = rng.random() < 0.6
    pivot = (fw * rng.uniform(0.3, 0.7), fh * rng.uniform(1.0, 1.6))

    def step():
        if held:  # the index moves by about angle x (distance to the pivot)
            return _face_turn(-rng.uniform(0.09, 0.3), pivot, (0.0, 0.0))
        return _face_turn(rng.normal(0, 0.03), (fw / 2, fh / 2),
                          (rng.uniform(0.13, 0.4) * fw, rng.normal(0, 0.03) * fh))

    if rng.random() < 0.5:
        under = cache.face(style, codes[int(rng.integers(0, len(codes)))])
        paste(under, Hm @ np.linalg.inv(step()))
    paste(face, Hm)
    move = np.eye(3)
    for _ in range(int(rng.integers(1, 4))):
        move = move @ step()
        top = cache.face(style, codes[int(rng.integers(0, len(codes)))])
        paste(top, Hm @ move)


def _row_beneath(rng, style, cache, face, Hm, paste) -> None:
    """The card dealt over the last one of a stud row: that card lies beneath, square with it and
    shifted towards the index side by a third to four fifths of a card's width, so its pip column or
    court art stands right beside this card's index (a KS over a club card's pips was read KC)."""
    fh, fw = face.shape[:2]
    codes = style.codes()
    under = cache.face(style, codes[int(rng.integers(0, len(codes)))])
    if under.shape[:2] != face.shape[:2]:
        under = cv2.resize(under, (fw, fh), interpolation=cv2.INTER_AREA)
    shift = np.array([[1, 0, -rng.uniform(0.3, 0.8) * fw], [0, 1, rng.normal(0, 0.03) * fh], [0, 0, 1]])
    paste(under, Hm @ shift)
    paste(face, Hm)


def make_crops(n: int, seed: int, styles, families, none_frac: float = 0.12, progress: bool = True,
               fan_frac: float = 0.0, row_frac: float = 0.0):
    rng = np.random.default_rng(seed)
    cache = FaceCache(420)
    X = np.empty((n, 64, 64, 3), np.uint8)
    Y = np.empty(n, np.int16)
    steps = range(n)
    if progress:  # (tqdm comes with the [train] extra; the app's own install has none)
        from tqdm import tqdm

        steps = tqdm(steps, desc="index crops", mininterval=5)
    for i in steps:
        neg = rng.random() < none_frac
        fan = bool(fan_frac) and rng.random() < fan_frac  # fan_frac 0 draws nothing: old seeds' crops unchanged
        row = not fan and bool(row_frac) and rng.random() < row_frac  # (row_frac 0: likewise)
        X[i], Y[i] = render_index_crop(rng, styles, cache, families, negative=neg, fan=fan, row=row)
    return X, Y
