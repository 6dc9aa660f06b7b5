"""Synthetic Bonnu cards: procedural faces (Pillow, Debian's DejaVu fonts only: nothing is
fetched), and table scenes of them with the card outlines as ground truth.

A Bonnu face is one colour (red, blue, yellow, white, black) with a large centre number and a
small number in two opposite corners (point-symmetric, so a card turned half round shows its
corners the same way and only the centre number upside down). 6 and 9 are underlined, as printed
decks do, which is what tells a 6 from a 9 turned half round.

Four face styles; `HELD_OUT_STYLE` (a serif lettering on a banded layout never seen in training)
is only drawn for the test split. Everything is deterministic for a seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..labels import BONNU_IDENTITIES
from .backgrounds import TRAIN_FAMILIES, background
from .scene import _photometric, drop_shadow

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FACE_W, FACE_H = 200, 300  # face render size (a 2:3 card); scenes shrink it

# body colour per Bonnu colour (each render jitters it a little); the ink that reads on it
BODY = {"red": (206, 32, 41), "blue": (30, 90, 190), "yellow": (247, 206, 20), "white": (240, 240, 234),
        "black": (28, 28, 30)}
INK_DARK = {"yellow", "white"}  # these bodies carry dark numbers, the others light ones


@dataclass(frozen=True)
class BonnuStyle:
    name: str
    fonts: tuple[str, ...]  # files under FONT_DIR: each card is lettered in one of them
    margin: float  # white edge around the coloured body, share of the card width (0: full bleed)
    centre: str  # "oval": the number in a light tilted oval; "plain": straight on the body; "band"
    centre_size: float  # centre number height, share of the card height
    corner_size: float


# the training styles' letterings: every sans face on the machine (one font per layout learnt the
# font: 0.72 on the held-out serif style, its 8s read as 0s); the serif family is held out
SANS = ("DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSans.ttf",
        "DejaVuSans-BoldOblique.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansMono.ttf")
STYLES = (
    BonnuStyle("oval", SANS, 0.06, "oval", 0.30, 0.11),
    BonnuStyle("flat", SANS, 0.0, "plain", 0.36, 0.12),
    BonnuStyle("mono", SANS, 0.04, "ring", 0.28, 0.10),
    BonnuStyle("serif_band", ("DejaVuSerif-Bold.ttf",), 0.05, "band", 0.32, 0.10),
)
HELD_OUT_STYLE = "serif_band"
TRAIN_STYLES = tuple(s.name for s in STYLES if s.name != HELD_OUT_STYLE)
STYLE_BY_NAME = {s.name: s for s in STYLES}


@lru_cache(maxsize=64)
def _font(name: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_DIR + name, px)


def _text(value: int) -> str:
    return "\u2212" + "1" if value == -1 else str(value)


def _jitter(rgb, rng, amount: float = 14) -> tuple[int, int, int]:
    return tuple(int(np.clip(c + rng.uniform(-amount, amount), 0, 255)) for c in rgb)


def _number(draw: ImageDraw.ImageDraw, cx: float, cy: float, value: int, font, fill, outline=None,
            stroke: int = 0) -> None:
    """The number centred on (cx, cy); 6 and 9 get a bar under them."""
    t = _text(value)
    x0, y0, x1, y1 = draw.textbbox((0, 0), t, font=font, stroke_width=stroke)
    w, h = x1 - x0, y1 - y0
    draw.text((cx - w / 2 - x0, cy - h / 2 - y0), t, font=font, fill=fill, stroke_width=stroke,
              stroke_fill=outline)
    if value in (6, 9):
        bar = max(2, int(h * 0.09))
        yb = cy + h / 2 + bar * 1.2
        draw.rectangle([cx - w * 0.45, yb, cx + w * 0.45, yb + bar], fill=fill, outline=outline)


def render_face(colour: str, value: int, style: BonnuStyle, rng) -> np.ndarray:
    """FACE_H x FACE_W x 3 uint8 RGB face of one card."""
    body = _jitter(BODY[colour], rng, 10)
    ink = _jitter((20, 20, 22) if colour in INK_DARK else (250, 250, 246), rng, 6)
    paper = _jitter((246, 246, 242), rng, 6)
    img = Image.new("RGB", (FACE_W, FACE_H), paper)
    d = ImageDraw.Draw(img)
    m = int(style.margin * FACE_W)
    r = int(FACE_W * 0.07)
    d.rounded_rectangle([m, m, FACE_W - 1 - m, FACE_H - 1 - m], radius=max(2, r - m // 2), fill=body)
    if colour == "white":  # a white card still shows where its body ends
        d.rounded_rectangle([m, m, FACE_W - 1 - m, FACE_H - 1 - m], radius=max(2, r - m // 2),
                            outline=(150, 150, 150), width=2)
    cx, cy = FACE_W / 2, FACE_H / 2
    font = style.fonts[rng.integers(0, len(style.fonts))]
    big = _font(font, int(FACE_H * style.centre_size * rng.uniform(0.9, 1.1)))
    centre_ink, outline, stroke = ink, None, 0
    if style.centre == "oval":  # a light oval tilted like a famous shedding game's; number in the body colour
        oval = Image.new("L", (FACE_W, FACE_H), 0)
        ImageDraw.Draw(oval).ellipse([cx - FACE_W * 0.36, cy - FACE_H * 0.36, cx + FACE_W * 0.36,
                                      cy + FACE_H * 0.36], fill=255)
        oval = oval.rotate(-25, center=(cx, cy), resample=Image.BILINEAR)
        light = (205, 205, 205) if colour == "white" else paper
        img.paste(Image.new("RGB", img.size, light), mask=oval)
        centre_ink = body if colour != "white" else (30, 30, 30)
        outline, stroke = (20, 20, 20), 3
    elif style.centre == "ring":
        rr = FACE_W * 0.34
        d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], outline=ink, width=5)
    elif style.centre == "band":
        b = FACE_H * 0.17  # (not 2:3 itself: a band of a card's shape would be found as a card)
        d.rectangle([m, cy - b, FACE_W - 1 - m, cy + b], fill=tuple(int(c * 0.8 + 30) for c in body))
        d.line([m, cy - b, FACE_W - 1 - m, cy - b], fill=ink, width=3)
        d.line([m, cy + b, FACE_W - 1 - m, cy + b], fill=ink, width=3)
    if not stroke:  # heavier or lighter printings of the same lettering: an outline in the ink itself
        stroke = int(rng.integers(0, 3))
        outline = centre_ink
    _number(d, cx, cy - FACE_H * 0.02, value, big, centre_ink, outline, stroke)
    small = _font(font, int(FACE_H * style.corner_size))
    half = Image.new("RGB", img.size, (0, 0, 0))
    mask = Image.new("L", img.size, 0)
    ox, oy = m + FACE_W * 0.11, m + FACE_H * 0.09
    _number(ImageDraw.Draw(half), ox, oy, value, small, ink)
    _number(ImageDraw.Draw(mask), ox, oy, value, small, 255)
    img.paste(half, mask=mask)  # top left, then the same turned half round: bottom right
    img.paste(half.rotate(180), mask=mask.rotate(180))
    return np.asarray(img)


def light_table(rng, h: int, w: int) -> np.ndarray:
    """A pale table (white cloth, light laminate, birch): the case where white cards are hardest to see."""
    base = np.array([rng.uniform(190, 235), rng.uniform(185, 230), rng.uniform(170, 225)], np.float32)
    img = np.ones((h, w, 3), np.float32) * base
    small = rng.standard_normal((h // 40 + 2, w // 40 + 2)).astype(np.float32)
    img *= (1 + 0.05 * cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC))[..., None]
    return img + rng.standard_normal((h, w, 1), dtype=np.float32) * 4


@dataclass
class BonnuTruth:
    code: str
    quad: np.ndarray  # 4x2 frame pixels: the face's top-left, top-right, bottom-right, bottom-left corners


def render_scene(seed: int, styles=TRAIN_STYLES, n_cards: tuple[int, int] = (3, 8),
                 size: tuple[int, int] = (960, 540), codes=None) -> tuple[np.ndarray, list[BonnuTruth]]:
    """One table frame: cards of random identities (or `codes`, as many as fit) and `styles`, apart
    from each other (a pile of overlapping cards is not drawn), any rotation, on a light (40 %) or
    dark table. Returns the HxWx3 uint8 RGB frame and each card's code and outline."""
    rng = np.random.default_rng([seed, 0xB0])
    W, H = size
    if rng.random() < 0.3:
        W, H = 1280, 720
    frame = light_table(rng, H, W) if rng.random() < 0.4 else background(
        TRAIN_FAMILIES[rng.integers(0, len(TRAIN_FAMILIES))], rng, H, W)
    ch = rng.uniform(0.22, 0.45) * H  # card height in pixels
    cw = ch * FACE_W / FACE_H
    placed: list[tuple[float, float, float]] = []
    truths = []
    count = int(rng.integers(n_cards[0], n_cards[1] + 1))
    for k in range(len(codes) if codes is not None else count):
        for _try in range(30):  # a free spot: no card within the two cards' circles
            x, y = rng.uniform(cw * 0.6, W - cw * 0.6), rng.uniform(ch * 0.6, H - ch * 0.6)
            if all((x - px) ** 2 + (y - py) ** 2 > (0.62 * (ch + pr)) ** 2 for px, py, pr in placed):
                break
        else:
            continue
        placed.append((x, y, ch))
        code = BONNU_IDENTITIES[rng.integers(0, len(BONNU_IDENTITIES))] if codes is None else codes[k]
        colour, value = code.split(":")
        style = STYLE_BY_NAME[styles[rng.integers(0, len(styles))]]
        face = render_face(colour, int(value), style, rng)
        a = rng.uniform(0, 2 * np.pi)
        ca, sa = np.cos(a), np.sin(a)
        # corners of the face with a little perspective-like skew
        local = np.array([[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]])
        local += rng.uniform(-0.03, 0.03, (4, 2)) * ch
        quad = np.stack([x + local[:, 0] * ca - local[:, 1] * sa, y + local[:, 0] * sa + local[:, 1] * ca], 1)
        paste_face(frame, face, quad, ch, rng)
        truths.append(BonnuTruth(code, quad))
    return finish(frame, rng, ch), truths


def paste_face(frame: np.ndarray, face: np.ndarray, quad: np.ndarray, ch: float, rng):
    """A face drawn onto a float frame (in place) at `quad`, with its drop shadow; (the face's alpha
    in its patch, and the patch's x0, y0, x1, y1)."""
    H, W = frame.shape[:2]
    src = np.array([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]], np.float32)
    # warped into the card's own bounding patch (the whole frame per card was 10x slower)
    pad = int(ch * 0.08) + 2
    x0, y0 = max(0, int(quad[:, 0].min()) - pad), max(0, int(quad[:, 1].min()) - pad)
    x1, y1 = min(W, int(quad[:, 0].max()) + pad), min(H, int(quad[:, 1].max()) + pad)
    M = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
    pw, ph = x1 - x0, y1 - y0
    warped = cv2.warpPerspective(face.astype(np.float32), M, (pw, ph), flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(_face_alpha(), M, (pw, ph), flags=cv2.INTER_LINEAR)
    sh = drop_shadow(alpha, ch)[..., None] * rng.uniform(0.25, 0.5)
    patch = frame[y0:y1, x0:x1] * (1 - sh)
    frame[y0:y1, x0:x1] = patch * (1 - alpha[..., None]) + warped * alpha[..., None]
    return alpha, (x0, y0, x1, y1)


def finish(frame: np.ndarray, rng, ch: float) -> np.ndarray:
    """The drawn float frame as a camera gives it: its light, blur and noise, then a JPEG round trip."""
    frame = _photometric(rng, frame, ch)
    frame = np.clip(frame, 0, 255).astype(np.uint8)
    q = int(rng.integers(45, 96))
    ok, buf = cv2.imencode(".jpg", frame[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()


@lru_cache(maxsize=1)
def _face_alpha() -> np.ndarray:
    a = Image.new("L", (FACE_W, FACE_H), 0)
    ImageDraw.Draw(a).rounded_rectangle([0, 0, FACE_W - 1, FACE_H - 1], radius=int(FACE_W * 0.07), fill=255)
    return np.asarray(a, np.float32) / 255
