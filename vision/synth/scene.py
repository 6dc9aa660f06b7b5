"""One synthetic table frame: cards laid out (scattered, stud rows, fans, piles, face-down
stacks, close-ups) under a tilted camera, with shadows, hand-like occluders, chips, lighting
gradients, glare, blur, sensor noise and JPEG artefacts. Deterministic for a seed.

`render_scene(seed, ...)` returns the RGB frame and a list of `CardTruth`, which carries
everything both training stages need: the card's quad, its visible box, how much of it and of
each corner index is visible.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .backgrounds import background
from .faces import ASPECT, FaceCache, Style, load_back, procedural_back


@dataclass
class CardTruth:
    code: str  # identity; meaningful only when face_up
    face_up: bool
    quad: np.ndarray  # 4x2 frame px, TL TR BR BL of the card
    box: tuple | None = None  # bbox of the visible pixels
    visible: float = 0.0  # visible fraction of the card
    index_quads: list = field(default_factory=list)  # 4x2 each: top-left, bottom-right index
    index_visible: list = field(default_factory=list)
    style: str = ""

    def to_json(self) -> dict:
        return {"code": self.code, "face_up": self.face_up, "quad": np.round(self.quad, 1).tolist(),
                "box": [round(float(v), 1) for v in self.box] if self.box else None,
                "visible": round(self.visible, 3),
                "index_quads": [np.round(q, 1).tolist() for q in self.index_quads],
                "index_visible": [round(v, 3) for v in self.index_visible], "style": self.style}


SIZES = [((1280, 720), 0.5), ((1920, 1080), 0.12), ((960, 540), 0.3), ((1080, 1440), 0.08)]


def _pick(rng, items):
    vals, ps = zip(*items)
    return vals[int(rng.choice(len(vals), p=np.array(ps) / sum(ps)))]


def _rot(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s], [s, c]])


LAYOUTS = [("scatter", 0.3), ("stud", 0.3), ("fan", 0.2), ("pile", 0.1), ("stack", 0.1)]
# a game night's table: mostly stud rows (each seat's row), some deck / pile / fan
TABLE_LAYOUTS = [("scatter", 0.1), ("stud", 0.6), ("fan", 0.1), ("pile", 0.1), ("stack", 0.1)]


def _layout(rng, W, H, ch, n_budget, kinds=LAYOUTS):
    """Placements (cx, cy, angle, on_top_order) in table coordinates; ch = card height px."""
    cw = ch / ASPECT
    kind = _pick(rng, kinds)
    out = []
    if kind == "scatter":
        for _ in range(int(rng.integers(1, min(8, n_budget) + 1))):
            out.append((rng.uniform(0.05, 0.95) * W, rng.uniform(0.05, 0.95) * H, rng.uniform(0, 2 * np.pi)))
    elif kind == "stud":
        n = int(rng.integers(2, min(7, max(2, n_budget)) + 1))
        a = rng.normal(0, 0.15) + (np.pi if rng.random() < 0.15 else 0)
        step = cw * rng.uniform(0.3, 0.75)
        x0, y0 = rng.uniform(0.1, 0.6) * W, rng.uniform(0.15, 0.85) * H
        d = _rot(a) @ np.array([1.0, 0.0])
        for i in range(n):
            j = rng.normal(0, 0.02 * cw, 2)
            out.append((x0 + d[0] * step * i + j[0], y0 + d[1] * step * i + j[1], a + rng.normal(0, 0.04)))
    elif kind == "fan":
        n = int(rng.integers(2, min(8, max(2, n_budget)) + 1))
        a0 = rng.uniform(0, 2 * np.pi) if rng.random() < 0.4 else rng.normal(0, 0.3)
        spread = rng.uniform(0.1, 0.25)
        px, py = rng.uniform(0.2, 0.8) * W, rng.uniform(0.3, 0.9) * H
        for i in range(n):
            a = a0 + (i - (n - 1) / 2) * spread
            c = np.array([px, py]) + _rot(a) @ np.array([0.0, -ch * 0.35])
            out.append((c[0], c[1], a))
    elif kind == "pile":
        cx, cy = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H
        for _ in range(int(rng.integers(2, 6))):
            out.append((cx + rng.normal(0, 0.12 * cw), cy + rng.normal(0, 0.12 * ch), rng.uniform(0, 2 * np.pi)))
    else:  # face-down stack (the deck) with small offsets
        cx, cy, a = rng.uniform(0.15, 0.85) * W, rng.uniform(0.15, 0.85) * H, rng.uniform(0, 2 * np.pi)
        for i in range(int(rng.integers(2, 6))):
            out.append((cx + i * rng.uniform(0, 2), cy - i * rng.uniform(0, 2), a + rng.normal(0, 0.03)))
    return kind, out


def _camera(rng, W, H, strength):
    """Homography table -> image: mild tilt/perspective."""
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    j = rng.uniform(-strength, strength, (4, 2)) * np.array([W, H])
    return cv2.getPerspectiveTransform(src, np.float32(src + j))


def _apply_h(Hm, pts):
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ Hm.T
    return p[:, :2] / p[:, 2:3]


def _hand(rng, W, H, ch):
    """A hand-like occluder polygon set (palm + fingers) entering from a frame edge."""
    skin = np.array([rng.uniform(120, 235), rng.uniform(80, 180), rng.uniform(60, 150)])
    skin = np.clip(skin * np.array([1.0, 0.85, 0.75]), 0, 255)
    edge = rng.integers(0, 4)
    t = rng.uniform(0.2, 0.8)
    depth = rng.uniform(0.3, 0.9) * ch
    start = [(t * W, -ch * 0.3), (W + ch * 0.3, t * H), (t * W, H + ch * 0.3), (-ch * 0.3, t * H)][edge]
    inward = [np.pi / 2, np.pi, -np.pi / 2, 0][edge] + rng.normal(0, 0.4)
    d = np.array([np.cos(inward), np.sin(inward)])
    palm_c = np.array(start) + d * (depth + ch * 0.3)
    palm_r = ch * rng.uniform(0.35, 0.5)
    shapes = [("ellipse", palm_c, (palm_r, palm_r * 0.8), np.degrees(inward)),
              ("line", np.array(start), palm_c, palm_r * 1.2)]
    n_f = int(rng.integers(3, 6))
    for k in range(n_f):
        a = inward + (k - (n_f - 1) / 2) * 0.28 + rng.normal(0, 0.05)
        base = palm_c + np.array([np.cos(a), np.sin(a)]) * palm_r * 0.6
        tip = base + np.array([np.cos(a), np.sin(a)]) * ch * rng.uniform(0.25, 0.5)
        shapes.append(("line", base, tip, ch * rng.uniform(0.09, 0.13)))
    return skin, shapes


def _draw_shapes(mask, shapes, scale=1.0):
    for s in shapes:
        if s[0] == "ellipse":
            c, ax, ang = s[1], s[2], s[3]
            cv2.ellipse(mask, (int(c[0]), int(c[1])), (max(1, int(ax[0])), max(1, int(ax[1]))), ang, 0, 360, 1, -1,
                        cv2.LINE_AA)
        else:
            p, q, w = s[1], s[2], s[3]
            cv2.line(mask, (int(p[0]), int(p[1])), (int(q[0]), int(q[1])), 1, max(1, int(w)), cv2.LINE_AA)


def drop_shadow(alpha: np.ndarray, card_h: float) -> np.ndarray:
    """The card's soft shadow, offset down-right, clipped to the card's patch."""
    sh = cv2.GaussianBlur(alpha, (0, 0), max(1.0, card_h * 0.02))
    dx, dy = int(card_h * 0.02), int(card_h * 0.03)
    shadow = np.zeros_like(sh)
    if dy < sh.shape[0] and dx < sh.shape[1]:  # a sliver at the frame edge can be thinner than the offset
        shadow[dy:, dx:] = sh[:sh.shape[0] - dy, :sh.shape[1] - dx]
    return shadow


def _markers(rng, frame, Hcam, short):
    """Calibration markers on paper near the frame's corners (table scenes): the camera sees them
    in every real frame, and detectors trained without them took them for card faces."""
    from ..calibration import marker_image

    H, W = frame.shape[:2]
    for mx, my in ((0.07, 0.1), (0.93, 0.1), (0.07, 0.9), (0.93, 0.9)):
        if rng.random() < 0.15:
            continue
        side = short * rng.uniform(0.1, 0.2)
        m = marker_image(int(rng.integers(0, 50)), 120)
        paper = np.full((168, 168), 255, np.uint8)
        paper[24:144, 24:144] = m
        img = np.repeat(paper[..., None], 3, 2).astype(np.float32) * rng.uniform(0.8, 1.0)
        cx, cy = mx * W + rng.normal(0, 0.03 * W), my * H + rng.normal(0, 0.03 * H)
        c = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64) * side / 2
        quad = _apply_h(Hcam, c @ _rot(rng.normal(0, 0.2)).T + [cx, cy])
        M = cv2.getPerspectiveTransform(np.float32([[0, 0], [168, 0], [168, 168], [0, 168]]), np.float32(quad))
        warped = cv2.warpPerspective(img, M, (W, H), flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(np.ones((168, 168), np.float32), M, (W, H))[..., None]
        frame[:] = frame * (1 - mask) + warped * mask


def render_scene(seed: int, styles: list[Style], backs: list, family_pool, cache: FaceCache,
                 size=None, n_cards: int | None = None, closeup_p: float = 0.1, codes=None,
                 clean: bool = False, table: bool = False, card_h: float | None = None, angles=None):
    """Returns (frame RGB uint8, [CardTruth]). backs: list of Paths (artwork) or None (procedural).
    codes: force these identities face up (in order), for tests; clean: no photometric damage.
    table: a stud game's table (more, fuller groups; most rows are stud rows, and most of those
    deal like stud: the first two cards and the seventh face down, so rows of overlapping backs,
    which the first detectors missed most, are common). table=False draws exactly what it always
    did for a seed. card_h: with codes, the cards' height as a share of the frame's short side (a
    deck laid out in rows must fit the frame; default drawn at random, as it always was). angles: with
    codes, each card's turn in the plane in degrees (clockwise on screen; default a small random tilt,
    drawn as it always was)."""
    rng = np.random.default_rng(seed)
    W, H = size or _pick(rng, SIZES)
    fam = family_pool[int(rng.integers(0, len(family_pool)))]
    frame = background(fam, rng, H, W).astype(np.float32)
    closeup = rng.random() < closeup_p and codes is None
    short = min(W, H)
    ch = short * (rng.uniform(0.45, 0.85) if closeup else rng.uniform(0.16, 0.42))
    Hcam = _camera(rng, W, H, 0.0 if clean else rng.uniform(0.0, 0.08))
    style = styles[int(rng.integers(0, len(styles)))]
    pool = list(style.codes())
    order = rng.permutation(len(pool))
    deck = [pool[i] for i in order]
    back_src = backs[int(rng.integers(0, len(backs)))] if backs else None
    back_seed = int(rng.integers(0, 2**31))

    if table and not closeup:
        _markers(rng, frame, Hcam, short)
    placements = []  # (cx, cy, angle, face_up, code, scale)
    if codes is not None:
        ch = short * card_h if card_h else ch  # (after the draw above, so the seed's other draws stay)
        cw = ch / ASPECT
        cols = max(1, int(W // (cw * 1.4)))
        for i, c in enumerate(codes):
            tilt = rng.normal(0, 0.1)  # (drawn also when angles are given: the seed's other draws stay)
            a = np.radians(angles[i]) if angles is not None else tilt
            placements.append(((i % cols + 0.7) * cw * 1.4, (i // cols + 0.6) * ch * 1.25, a, True, c, 1.0))
    else:
        budget = n_cards or int(rng.integers(6, 22) if table else rng.integers(1, 15))
        groups = 1 if closeup else int(rng.integers(2, 6) if table else rng.integers(1, 4))
        for _ in range(groups):
            if budget <= 0:
                break
            kind, pl = _layout(rng, W, H, ch, budget, TABLE_LAYOUTS if table else LAYOUTS)
            down_p = 1.0 if kind == "stack" else (0.0 if closeup else 0.15)
            holes = table and kind == "stud" and not closeup and rng.random() < 0.7
            for j, (cx, cy, a) in enumerate(pl[:budget]):
                fu = not (j < 2 or j == 6) if holes else rng.random() >= down_p
                placements.append((cx, cy, a, fu, deck.pop() if fu else "", rng.uniform(0.96, 1.04)))
            budget -= len(pl)
        if closeup:
            placements = [(W / 2 + rng.normal(0, 0.1) * W, H / 2 + rng.normal(0, 0.1) * H, *p[2:])
                          for p in placements[:int(rng.integers(1, 3))]]

    idmap = np.full((H, W), -1, np.int16)
    truths: list[CardTruth] = []
    areas = []
    kids = []
    for k, (cx, cy, a, fu, code, sc) in enumerate(placements):
        if fu:
            img = cache.face(style, code)
        else:
            key = ("art", str(back_src)) if back_src is not None else ("proc", back_seed)
            img = cache.back(key, (lambda h: load_back(back_src, h)) if back_src is not None
                             else (lambda h: procedural_back(h, np.random.default_rng(back_seed))))
        fh, fw = img.shape[:2]
        c_h = ch * sc
        c_w = c_h / ASPECT
        corners = np.array([[-c_w / 2, -c_h / 2], [c_w / 2, -c_h / 2], [c_w / 2, c_h / 2], [-c_w / 2, c_h / 2]])
        quad = _apply_h(Hcam, corners @ _rot(a).T + np.array([cx, cy]))
        M = cv2.getPerspectiveTransform(np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]]), np.float32(quad))
        x0, y0 = np.floor(quad.min(0)).astype(int)
        x1, y1 = np.ceil(quad.max(0)).astype(int) + 1
        x0c, y0c, x1c, y1c = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
        if x1c - x0c < 3 or y1c - y0c < 3:
            continue
        T = np.array([[1, 0, -x0c], [0, 1, -y0c], [0, 0, 1]], np.float64)
        warped = cv2.warpPerspective(img, T @ M, (x1c - x0c, y1c - y0c), flags=cv2.INTER_AREA
                                     if c_h < fh else cv2.INTER_LINEAR, borderValue=(0, 0, 0, 0))
        alpha = warped[..., 3:4].astype(np.float32) / 255
        roi = frame[y0c:y1c, x0c:x1c]
        if not clean:
            roi *= (1 - 0.35 * drop_shadow(alpha[..., 0], c_h))[..., None]
        roi[:] = roi * (1 - alpha) + warped[..., :3].astype(np.float32) * alpha
        full_area = float((alpha > 0.5).sum()) / max(1e-6, 1.0)
        # area of the full card, also where it leaves the frame
        full_area = max(full_area, cv2.contourArea(np.float32(quad)) * 0.98)
        idmap[y0c:y1c, x0c:x1c][alpha[..., 0] > 0.5] = k
        t = CardTruth(code if fu else "", fu, quad, style=style.name if fu else "back")
        if fu:
            bx0, by0, bx1, by1 = style.index_box
            for (u0, v0, u1, v1) in ((bx0, by0, bx1, by1), (1 - bx1, 1 - by1, 1 - bx0, 1 - by0)):
                q = np.float32([[u0 * fw, v0 * fh], [u1 * fw, v0 * fh], [u1 * fw, v1 * fh], [u0 * fw, v1 * fh]])
                t.index_quads.append(cv2.perspectiveTransform(q[None], M)[0].astype(np.float64))
        truths.append(t)
        areas.append(full_area)
        kids.append(k)

    # occluders: hands and chips
    if not clean and truths:
        occ = np.zeros((H, W), np.float32)
        colour_img = np.zeros((H, W, 3), np.float32)
        if rng.random() < (0.5 if table else 0.3):
            skin, shapes = _hand(rng, W, H, ch)
            m = np.zeros((H, W), np.float32)
            _draw_shapes(m, shapes)
            sm = rng.standard_normal((max(2, H // 16), max(2, W // 16))).astype(np.float32)
            shade = 1 + 0.1 * cv2.resize(sm, (W, H), interpolation=cv2.INTER_CUBIC)
            colour_img = colour_img * (1 - m[..., None]) + (skin * shade[..., None]) * m[..., None]
            occ = np.maximum(occ, m)
        for _ in range(int(rng.poisson(1.0))):
            c = (int(rng.uniform(0, W)), int(rng.uniform(0, H)))
            r = int(ch * rng.uniform(0.12, 0.2))
            col = rng.uniform(10, 240, 3)
            m = np.zeros((H, W), np.float32)
            cv2.circle(m, c, r, 1, -1, cv2.LINE_AA)
            cimg = np.ones((H, W, 3), np.float32) * col
            cv2.circle(cimg, c, int(r * 0.7), tuple(float(v) for v in 255 - col), max(1, r // 6))
            colour_img = colour_img * (1 - m[..., None]) + cimg * m[..., None]
            occ = np.maximum(occ, m)
        if occ.any():
            sh = cv2.GaussianBlur(occ, (0, 0), ch * 0.06)
            sh = np.roll(sh, (int(ch * 0.08), int(ch * 0.05)), (0, 1))
            frame *= (1 - 0.4 * sh)[..., None]
            frame = frame * (1 - occ[..., None]) + colour_img * occ[..., None]
            idmap[occ > 0.5] = -2

    # visibility
    for k, t in enumerate(truths):
        x0, y0 = np.maximum(0, np.floor(t.quad.min(0)).astype(int))
        x1, y1 = np.minimum([W, H], np.ceil(t.quad.max(0)).astype(int) + 1)
        vis = idmap[y0:y1, x0:x1] == kids[k]
        ys, xs = np.nonzero(vis)
        t.visible = float(len(xs)) / max(1.0, areas[k])
        if len(xs):
            t.box = (float(xs.min() + x0), float(ys.min() + y0), float(xs.max() + 1 + x0), float(ys.max() + 1 + y0))
        for q in t.index_quads:
            m = np.zeros(vis.shape, np.uint8)
            cv2.fillPoly(m, [np.round(q - [x0, y0]).astype(np.int32)], 1)
            tot = max(1, int(cv2.contourArea(np.float32(q))))
            t.index_visible.append(float(np.count_nonzero(vis & (m > 0))) / tot)

    if not clean:
        frame = _photometric(rng, frame, ch)
    frame = np.clip(frame, 0, 255).astype(np.uint8)
    if not clean:
        q = int(rng.uniform(35, 95))
        ok, buf = cv2.imencode(".jpg", frame[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, q])
        frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()
    return frame, truths


def _lowres_grid(H, W, f=8):
    h, w = max(2, H // f), max(2, W // f)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    return yy / (h - 1), xx / (w - 1)


def _photometric(rng, frame, ch):
    H, W = frame.shape[:2]
    yy, xx = _lowres_grid(H, W)
    # lighting gradient + vignette + colour temperature + glare, computed at 1/8 and upscaled
    a = rng.uniform(0, 6.3)
    g = 1 + rng.uniform(-0.35, 0.35) * ((xx - 0.5) * np.cos(a) + (yy - 0.5) * np.sin(a))
    g *= 1 - rng.uniform(0, 0.5) * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2)
    g *= rng.uniform(0.55, 1.25)
    add = np.zeros_like(g)
    if rng.random() < 0.3:  # glare
        cx, cy, s = rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0.05, 0.3)
        add = rng.uniform(60, 200) * np.exp(-((xx - cx) ** 2 + ((yy - cy) * H / W) ** 2) / (2 * s * s))
    g = cv2.resize(g, (W, H), interpolation=cv2.INTER_LINEAR)
    add = cv2.resize(add.astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR)
    temp = np.array([rng.uniform(0.85, 1.15), 1.0, rng.uniform(0.8, 1.15)], np.float32)
    frame = frame * g[..., None] * temp + add[..., None]
    r = rng.random()
    if r < 0.4:
        frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.3, 1.0) * max(1.0, ch / 200))
    elif r < 0.55:  # motion blur
        k = int(rng.integers(3, 9))
        ker = np.zeros((k, k), np.float32)
        ker[k // 2] = 1 / k
        ker = cv2.warpAffine(ker, cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1), (k, k))
        frame = cv2.filter2D(frame, -1, ker / max(ker.sum(), 1e-6))
    frame += rng.standard_normal(frame.shape, dtype=np.float32) * np.float32(rng.uniform(1, 8))
    return frame
