"""Printed matter on the table: newspaper pages, magazine spreads, lettered table cloth and the art
of a board-game box, drawn here with Pillow and OpenCV in the fonts already on the machine (Debian's
DejaVu and Liberation; Pillow's own font where they are missing), nothing downloaded.

Real phone photos of a game night show such print under and around the cards, and the shipped
recogniser read headlines and body text as cards (the joker most) and boxed text blocks as
faces (issue 23). These surfaces let the bench and the tests put that in front of it.

Each is a table-surface family (`FAMILIES`: fn(rng, h, w) -> HxWx3 float32, like
vision/synth/backgrounds.py's): `register_families()` adds them to the families
`render_scene` draws from, so a scene composes cards on top of print without scene.py knowing.
"""

from __future__ import annotations

import cv2
import numpy as np
from PIL import Image, ImageDraw

from . import backgrounds
from .faces import font

SERIF = ("DejaVuSerif.ttf", "LiberationSerif-Regular.ttf", "DejaVuSerifCondensed.ttf")
SERIF_BOLD = ("DejaVuSerif-Bold.ttf", "LiberationSerif-Bold.ttf", "DejaVuSerifCondensed-Bold.ttf")
SANS = ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "LiberationSansNarrow-Regular.ttf")
SANS_BOLD = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf",
             "LiberationSansNarrow-Bold.ttf")

# words with the letters and numbers a card index is made of (A K Q J 10 ...): the print that
# looks most like an index is the print a recogniser must not read as one
WORDS = ("the", "and", "KING", "Queen", "JACK", "ace", "JOKER", "club", "city", "council", "votes", "10",
         "market", "Q3", "report", "JK", "team", "wins", "AK", "47", "year", "new", "plan", "A", "K", "Q", "J",
         "price", "rise", "6", "9", "weather", "storm", "local", "school", "road", "2026", "page", "8",
         "news", "sport", "TV", "league", "final", "match", "holiday", "offer", "sale", "3", "7", "5")


def _sentence(rng, n: int) -> str:
    return " ".join(WORDS[int(i)] for i in rng.integers(0, len(WORDS), n))


def _pick(rng, names):
    return names[int(rng.integers(0, len(names)))]


def _text_block(d: ImageDraw.ImageDraw, rng, x0, y0, x1, y1, size: int, fonts, ink) -> None:
    """Lines of body text filling a column, ragged right, a paragraph break now and then."""
    f = font(_pick(rng, fonts), max(6, size))
    y = y0
    lead = int(size * rng.uniform(1.15, 1.4))
    while y + size < y1:
        line, w = "", 0
        while True:
            word = WORDS[int(rng.integers(0, len(WORDS)))]
            ww = d.textlength(word + " ", font=f)
            if x0 + w + ww > x1:
                break
            line, w = line + word + " ", w + ww
        if rng.random() < 0.08:  # paragraph end: a short line and a gap
            line = line[:max(1, len(line) // 3)]
        d.text((x0, y), line, font=f, fill=ink)
        y += lead


def _headline(d, rng, x0, y0, x1, size: int, fonts, ink) -> int:
    """A headline across x0..x1 at y0; returns the y below it."""
    f = font(_pick(rng, fonts), max(8, size))
    text = _sentence(rng, int(rng.integers(2, 6))).upper() if rng.random() < 0.6 else \
        _sentence(rng, int(rng.integers(2, 6))).title()
    while d.textlength(text, font=f) > x1 - x0 and " " in text:
        text = text.rsplit(" ", 1)[0]
    d.text((x0, y0), text, font=f, fill=ink)
    return y0 + int(size * 1.3)


def newspaper_sheet(rng, h: int, w: int) -> np.ndarray:
    """A newspaper page: columns of body text under headlines, column rules, a grey photo or two."""
    paper = tuple(int(v) for v in np.array([232, 228, 214]) * rng.uniform(0.92, 1.05))
    img = Image.new("RGB", (w, h), paper)
    d = ImageDraw.Draw(img)
    ink = (int(rng.uniform(15, 50)),) * 3
    body = int(rng.uniform(0.012, 0.022) * min(h, w) + 6)
    margin = int(0.04 * w)
    y = margin
    y = _headline(d, rng, margin, y, w - margin, int(body * rng.uniform(3, 5)), SERIF_BOLD, ink)
    d.line([(margin, y), (w - margin, y)], fill=ink, width=max(1, body // 6))
    y += body
    while y < h - margin:
        ncol = int(rng.integers(3, 7))
        colw = (w - 2 * margin) / ncol
        band = int(rng.uniform(0.25, 0.55) * h)
        for c in range(ncol):
            cx0, cx1 = int(margin + c * colw), int(margin + (c + 1) * colw - body)
            cy = y
            if rng.random() < 0.3:
                cy = _headline(d, rng, cx0, cy, cx1, int(body * rng.uniform(1.6, 2.6)), SERIF_BOLD, ink)
            if rng.random() < 0.15:  # a halftone photo
                ph = int(band * rng.uniform(0.3, 0.6))
                tone = rng.uniform(60, 200)
                photo = np.clip(tone + 50 * backgrounds._noise(rng, ph, cx1 - cx0, 20), 0, 255).astype(np.uint8)
                img.paste(Image.fromarray(np.repeat(photo[..., None], 3, 2)), (cx0, cy))
                cy += ph + body
            _text_block(d, rng, cx0, cy, cx1, y + band, body, SERIF, ink)
            if c:
                d.line([(cx0 - body // 2, y), (cx0 - body // 2, y + band)], fill=ink, width=1)
        y += band + body
        d.line([(margin, y - body // 2), (w - margin, y - body // 2)], fill=ink, width=1)
    return np.asarray(img, np.float32)


def magazine_sheet(rng, h: int, w: int) -> np.ndarray:
    """A magazine spread: glossy white, saturated colour blocks, big sans titles (some reversed
    out of a block), body text in narrow columns."""
    img = Image.new("RGB", (w, h), (250, 250, 248))
    d = ImageDraw.Draw(img)
    s = min(h, w)
    for _ in range(int(rng.integers(2, 6))):
        x0, y0 = int(rng.uniform(0, 0.8) * w), int(rng.uniform(0, 0.8) * h)
        x1, y1 = x0 + int(rng.uniform(0.15, 0.5) * w), y0 + int(rng.uniform(0.1, 0.4) * h)
        col = tuple(int(v) for v in rng.uniform(0, 255, 3))
        d.rectangle([x0, y0, x1, y1], fill=col)
        if rng.random() < 0.6:  # white (or black) title on the block
            ink = (255, 255, 255) if sum(col) < 400 else (20, 20, 20)
            _headline(d, rng, x0 + 8, y0 + 8, x1, int(rng.uniform(0.04, 0.1) * s), SANS_BOLD, ink)
    ink = tuple(int(v) for v in rng.uniform(0, 200, 3))
    _headline(d, rng, int(0.05 * w), int(0.04 * h), w, int(rng.uniform(0.06, 0.12) * s), SANS_BOLD, ink)
    body = int(rng.uniform(0.012, 0.02) * s + 6)
    ncol = int(rng.integers(2, 4))
    colw = w / ncol
    for c in range(ncol):
        if rng.random() < 0.7:
            y0 = int(rng.uniform(0.2, 0.5) * h)
            _text_block(d, rng, int(c * colw + 0.04 * w), y0, int((c + 1) * colw - 0.03 * w),
                        int(y0 + rng.uniform(0.2, 0.5) * h), body, SANS, (30, 30, 30))
    return np.asarray(img, np.float32)


def text_cloth(rng, h: int, w: int) -> np.ndarray:
    """A table cloth printed with words in a repeating, staggered pattern (a bar towel, a souvenir
    cloth): the family's woven cloth under the lettering."""
    base = backgrounds.cloth(rng, h, w)
    layer = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(layer)
    size = int(rng.uniform(0.03, 0.09) * min(h, w))
    f = font(_pick(rng, SANS_BOLD + SERIF_BOLD), max(8, size))
    words = [_sentence(rng, int(rng.integers(1, 3))).upper() for _ in range(3)]
    step_y = int(size * rng.uniform(1.8, 3))
    for row, y in enumerate(range(-size, h, step_y)):
        x = -int(rng.uniform(0, 4 * size)) + (row % 2) * size * 2
        while x < w:
            word = words[(row + x) % len(words)]
            d.text((x, y), word, font=f, fill=255)
            x += int(d.textlength(word, font=f) + size * rng.uniform(1, 3))
    m = cv2.GaussianBlur(np.asarray(layer, np.float32) / 255, (0, 0), 0.7)[..., None]  # ink bleeds into weave
    ink = rng.uniform(0, 255, 3).astype(np.float32)
    return base * (1 - 0.85 * m) + ink * 0.85 * m


def game_box(rng, h: int, w: int) -> np.ndarray:
    """Board-game box art: a gradient, bursts and stars, a big stroked title, a border, the
    letters and numbers of a box's small print (ages 8+, 2-6 players)."""
    c1, c2 = rng.uniform(0, 255, 3), rng.uniform(0, 255, 3)
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    arr = (c1 * (1 - t) + c2 * t) * np.ones((h, w, 3), np.float32)
    for _ in range(int(rng.integers(3, 10))):
        cx, cy, r = int(rng.uniform(0, w)), int(rng.uniform(0, h)), int(rng.uniform(0.03, 0.2) * min(h, w))
        col = tuple(float(v) for v in rng.uniform(0, 255, 3))
        if rng.random() < 0.5:
            cv2.circle(arr, (cx, cy), r, col, -1, cv2.LINE_AA)
        else:
            pts = [(cx + r * (1 if k % 2 else 0.45) * np.cos(k * np.pi / 5), cy + r * (1 if k % 2 else 0.45)
                    * np.sin(k * np.pi / 5)) for k in range(10)]
            cv2.fillPoly(arr, [np.int32(pts)], col, cv2.LINE_AA)
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(img)
    s = min(h, w)
    fg = tuple(int(v) for v in rng.uniform(0, 255, 3))
    stroke = tuple(255 - v for v in fg)
    f = font(_pick(rng, SANS_BOLD + SERIF_BOLD), int(rng.uniform(0.1, 0.22) * s))
    title = _sentence(rng, int(rng.integers(1, 3))).upper()
    d.text((int(0.06 * w), int(rng.uniform(0.05, 0.5) * h)), title, font=f, fill=fg,
           stroke_width=max(1, int(0.008 * s)), stroke_fill=stroke)
    small = font(_pick(rng, SANS_BOLD), int(0.035 * s))
    for text in ("AGES 8+", f"{int(rng.integers(2, 5))}-{int(rng.integers(5, 9))} PLAYERS", "30 MIN"):
        d.text((int(rng.uniform(0.05, 0.7) * w), int(rng.uniform(0.6, 0.92) * h)), text, font=small, fill=stroke)
    d.rectangle([4, 4, w - 5, h - 5], outline=stroke, width=max(2, int(0.01 * s)))
    return np.asarray(img, np.float32)


SHEETS = {"newspaper": newspaper_sheet, "magazine": magazine_sheet, "game_box": game_box}


def on_table(sheet_fn, rng, h: int, w: int, cover=(0.6, 1.1)) -> np.ndarray:
    """A sheet (a page or a box lid) lying askew on a training table surface, covering about
    `cover` of the frame's long side, the table showing round it."""
    table = backgrounds.background(_pick(rng, backgrounds.TRAIN_FAMILIES), rng, h, w)
    side = int(max(h, w) * rng.uniform(*cover))
    sh, sw = (side, int(side * rng.uniform(0.65, 0.8))) if rng.random() < 0.5 else \
        (int(side * rng.uniform(0.65, 0.8)), side)
    sheet = sheet_fn(rng, sh, sw)
    m = cv2.getRotationMatrix2D((sw / 2, sh / 2), rng.normal(0, 12), 1.0)
    m[:, 2] += (w * rng.uniform(0.35, 0.65) - sw / 2, h * rng.uniform(0.35, 0.65) - sh / 2)
    warped = cv2.warpAffine(sheet, m, (w, h), flags=cv2.INTER_AREA)
    alpha = cv2.warpAffine(np.ones((sh, sw), np.float32), m, (w, h), flags=cv2.INTER_LINEAR)[..., None]
    return table * (1 - alpha) + warped * alpha


def _family(sheet_fn):
    return lambda rng, h, w: on_table(sheet_fn, rng, h, w)


FAMILIES = {**{k: _family(fn) for k, fn in SHEETS.items()}, "text_cloth": text_cloth}
PRINTED_FAMILIES = tuple(FAMILIES)


def register_families() -> tuple[str, ...]:
    """Make the printed surfaces table families `render_scene` can draw (idempotent); returns
    their names."""
    for k, fn in FAMILIES.items():
        backgrounds.FAMILIES.setdefault(k, fn)
    return PRINTED_FAMILIES
