"""Card faces and backs for the synthetic scenes.

Two sources:

* installed artwork: five npm decks fetched at data-generation time by `fetch_artwork`
  (`npm pack`, never committed; see models/README.md for their licences), rendered with
  cairosvg / Pillow;
* procedural styles drawn here with Pillow: different fonts, index layouts, a four-colour
  deck, a jumbo-index deck, court cards with random geometric art, jokers, and backs.

Every face is an RGBA array at a fixed card aspect (63.5 x 88.9 mm) with rounded corners
in its alpha channel, plus the index box (x0, y0, x1, y1 as fractions of the card) of its
top-left corner index; the bottom-right index is the same box turned 180 degrees.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from ..labels import IDENTITIES, RANKS, SUITS
from .svg_symbols import inline_symbols

ASPECT = 88.9 / 63.5  # height / width
NPM_PACKAGES = {
    "svgcards": "svg-cards@4.0.2",
    "cardsjs": "cardsJS@1.1.1",
    "younes": "@younestouati/playing-cards-standard-deck@3.0.0",
    "heruka": "@heruka_urgyen/react-playing-cards@0.5.0",
}
FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/truetype"),
             Path("/usr/share/fonts"), Path("/usr/share/fonts/truetype/liberation")]


# ------------------------------------------------------------------------------ artwork
def fetch_artwork(dest: Path, quiet: bool = False) -> Path:
    """`npm pack` the artwork packages into dest (once) and unpack them. Data-generation only."""
    dest.mkdir(parents=True, exist_ok=True)
    for key, spec in NPM_PACKAGES.items():
        out = dest / key
        if (out / "package").exists():
            continue
        if not quiet:
            print(f"fetching card artwork {spec} (npm pack)")
        res = subprocess.run(["npm", "pack", spec, "--silent"], cwd=dest, capture_output=True,
                             text=True, check=True)
        tgz = dest / res.stdout.strip().splitlines()[-1]
        out.mkdir(exist_ok=True)
        with tarfile.open(tgz) as tf:
            tf.extractall(out, filter="data")
        tgz.unlink()
    return dest


def _render_svg(path: Path, height: int) -> Image.Image:
    import cairosvg

    text = path.read_text(encoding="utf-8")
    if "<symbol" in text:  # Kennard's deck (heruka*): cairosvg alone mis-scales its glyphs
        png = cairosvg.svg2png(bytestring=inline_symbols(text).encode(), output_height=height)
    else:  # (drawn exactly as before the symbols were expanded: the shipped models' data)
        png = cairosvg.svg2png(url=str(path), output_height=height)
    return Image.open(io.BytesIO(png)).convert("RGBA")


def _rounded_mask(w: int, h: int, radius: float) -> Image.Image:
    m = Image.new("L", (w, h), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    return m


def _fit_card(img: Image.Image, height: int) -> Image.Image:
    """Resize artwork to the standard card shape, flatten onto white, round the corners."""
    w = int(round(height / ASPECT))
    img = img.convert("RGBA").resize((w, height), Image.LANCZOS)
    base = Image.new("RGBA", (w, height), (255, 255, 255, 255))
    base.alpha_composite(img)
    base.putalpha(_rounded_mask(w, height, 0.06 * w))
    return base


# (rank char, suit char) -> file name, per deck
def _svgcards_name(code: str) -> str:
    if code == "JK":
        return "joker_black.png"
    names = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
    suit = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}[code[1]]
    return f"{suit}_{names.get(code[0], code[0])}.png"


def _younes_name(code: str) -> str:
    if code == "JK":
        return "joker.svg"
    n = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}.get(code[0]) or int(code[0])
    return f"{n}{code[1].lower()}.svg"


@dataclass(frozen=True)
class Deck:
    name: str
    index_box: tuple[float, float, float, float]  # top-left index, fractions of the card
    has_joker: bool


class Style:
    """A card face style: `face(code, height)` -> RGBA image; `index_box`; `backs`."""

    name: str
    index_box: tuple[float, float, float, float]
    has_joker: bool = True

    def face(self, code: str, height: int) -> Image.Image:  # pragma: no cover - abstract
        raise NotImplementedError

    def codes(self) -> tuple[str, ...]:
        return IDENTITIES if self.has_joker else IDENTITIES[:-1]


class ArtworkStyle(Style):
    def __init__(self, name: str, root: Path, index_box, has_joker: bool = True):
        self.name, self.root, self.index_box, self.has_joker = name, root, index_box, has_joker

    def path(self, code: str) -> Path:
        r = self.root
        if self.name == "svgcards":
            return r / "svgcards/package/png/2x" / _svgcards_name(code)
        if self.name == "cardsjs":
            return r / "cardsjs/package/cards" / f"{code}.svg"
        if self.name in HERUKA_FOLDERS:
            return r / "heruka/package/src/images" / HERUKA_FOLDERS[self.name] / f"{code}.svg"
        if self.name == "younes":
            return r / "younes/package/cards" / _younes_name(code)
        raise KeyError(self.name)

    def face(self, code: str, height: int) -> Image.Image:
        p = self.path(code)
        img = Image.open(p) if p.suffix == ".png" else _render_svg(p, height)
        return _fit_card(img, height)


# style -> folder of Kennard's deck in the heruka package (2-colour / 4-colour, "bf": big index)
HERUKA_FOLDERS = {"heruka2": "2color", "heruka4": "4color", "heruka2bf": "2color-bf", "heruka4bf": "4color-bf"}
# Index boxes measured on renders of each deck (see vision/synth/README in models/README.md).
ARTWORK_INDEX_BOXES = {
    "svgcards": (0.02, 0.02, 0.17, 0.25),
    "cardsjs": (0.02, 0.02, 0.17, 0.25),
    # Kennard's deck: small index (rank over suit) and its big-index ("bf") edition; ink measured on
    # renders of every rank at 700 px: 0.042-0.132 x 0.036-0.217 and 0.042-0.230 x 0.036-0.417
    "heruka2": (0.03, 0.025, 0.145, 0.23),
    "heruka4": (0.03, 0.025, 0.145, 0.23),
    "heruka2bf": (0.03, 0.025, 0.245, 0.43),
    "heruka4bf": (0.03, 0.025, 0.245, 0.43),
    "younes": (0.02, 0.02, 0.17, 0.25),
}


# ------------------------------------------------------------------------- procedural
@lru_cache(maxsize=64)
def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    for d in FONT_DIRS:
        p = d / name
        if p.exists():
            return ImageFont.truetype(str(p), size)
    return ImageFont.load_default(size)  # Pillow's built-in scalable font


SUIT_GLYPH = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def _suit_polygon(suit: str, cx: float, cy: float, s: float) -> list[list[tuple[float, float]]]:
    """Suit symbols drawn as polygons (no font needed): a list of shapes of size s."""
    shapes = []
    if suit == "D":
        shapes.append([(cx, cy - s / 2), (cx + s * 0.36, cy), (cx, cy + s / 2), (cx - s * 0.36, cy)])
    elif suit in ("H", "S"):
        t = np.linspace(0, 2 * np.pi, 48)
        x = 16 * np.sin(t) ** 3
        y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
        y = y - y.min()
        y = y / (y.max()) - 0.55
        x = x / 34
        if suit == "S":
            y = -y
        shapes.append([(cx + s * a, cy + s * b * 0.85) for a, b in zip(x, y)])
        if suit == "S":
            shapes.append([(cx, cy + s * 0.2), (cx + s * 0.14, cy + s * 0.5), (cx - s * 0.14, cy + s * 0.5)])
    else:  # clubs: three circles and a stem, as polygons
        for ox, oy in ((0, -0.2), (-0.22, 0.08), (0.22, 0.08)):
            t = np.linspace(0, 2 * np.pi, 24)
            shapes.append([(cx + s * (ox + 0.2 * np.cos(a)), cy + s * (oy + 0.2 * np.sin(a))) for a in t])
        shapes.append([(cx, cy), (cx + s * 0.14, cy + s * 0.5), (cx - s * 0.14, cy + s * 0.5)])
    return shapes


def draw_suit(d: ImageDraw.ImageDraw, suit: str, cx, cy, s, colour, use_font: str | None = None):
    if use_font:
        f = font(use_font, max(4, int(s * 1.15)))
        d.text((cx, cy), SUIT_GLYPH[suit], fill=colour, font=f, anchor="mm")
    else:
        for poly in _suit_polygon(suit, cx, cy, s):
            d.polygon(poly, fill=colour)


PIP_LAYOUT = {  # (x, y) in the pip area, 0..1; y > .5 pips are drawn upside down in real decks
    1: [(0.5, 0.5)], 2: [(0.5, 0), (0.5, 1)], 3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)], 5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6),
         (0, 1), (1, 1)],
}


@dataclass(frozen=True)
class ProcSpec:
    name: str
    rank_font: str
    suit_font: str | None  # None: polygon suits
    colours: dict  # suit -> RGB
    index: str  # "stack" (rank over suit), "side" (suit right of rank), "jumbo"
    rank_h: float  # rank glyph height, fraction of card height
    paper: tuple = (250, 250, 246)
    border: tuple | None = None


TWO_COLOUR = {"S": (20, 20, 25), "C": (20, 20, 25), "H": (200, 20, 30), "D": (200, 20, 30)}
FOUR_COLOUR = {"S": (15, 15, 20), "H": (205, 20, 30), "D": (20, 70, 200), "C": (20, 130, 40)}

PROC_SPECS = {
    "proc_serif": ProcSpec("proc_serif", "DejaVuSerif-Bold.ttf", "DejaVuSans.ttf", TWO_COLOUR,
                           "stack", 0.11),
    "proc_four": ProcSpec("proc_four", "DejaVuSans-Bold.ttf", None, FOUR_COLOUR, "stack", 0.10,
                          paper=(248, 248, 240), border=(60, 60, 140)),
    "proc_jumbo": ProcSpec("proc_jumbo", "DejaVuSansCondensed-Bold.ttf", None, TWO_COLOUR,
                           "jumbo", 0.16, paper=(252, 252, 252)),
    "proc_mono": ProcSpec("proc_mono", "DejaVuSansMono-Bold.ttf", "DejaVuSans.ttf", TWO_COLOUR,
                          "side", 0.085, paper=(245, 242, 232)),
}
# More index lettering for the classifier's corner crops only (`croupier synth --index-crop-styles wide`):
# Debian's Liberation fonts (metric twins of Times, Arial and Arial Narrow: the faces printed decks
# mostly resemble), thin and bold strokes. Kept out of TRAIN_PROCEDURAL so that the scenes of a seed
# stay as they were drawn for the shipped detector. Without the fonts, Pillow's own font stands in.
PROC_SPECS.update({
    "proc_lib_serif": ProcSpec("proc_lib_serif", "LiberationSerif-Bold.ttf", "DejaVuSans.ttf", TWO_COLOUR,
                               "stack", 0.12, paper=(255, 255, 255)),
    "proc_lib_thin": ProcSpec("proc_lib_thin", "LiberationSerif-Regular.ttf", "DejaVuSans.ttf", TWO_COLOUR,
                              "stack", 0.10, paper=(250, 250, 250)),
    "proc_lib_sans": ProcSpec("proc_lib_sans", "LiberationSans-Bold.ttf", None, TWO_COLOUR, "stack", 0.10,
                              paper=(250, 248, 240)),
    "proc_lib_narrow": ProcSpec("proc_lib_narrow", "LiberationSansNarrow-Bold.ttf", "DejaVuSans.ttf", FOUR_COLOUR,
                                "side", 0.09, paper=(252, 252, 248)),
})
PROC_INDEX_BOXES = {"stack": (0.025, 0.02, 0.19, 0.26), "side": (0.025, 0.02, 0.30, 0.14),
                    "jumbo": (0.02, 0.015, 0.25, 0.34)}


class ProceduralStyle(Style):
    def __init__(self, spec: ProcSpec):
        self.spec = spec
        self.name = spec.name
        self.index_box = PROC_INDEX_BOXES[spec.index]

    def _index(self, d, code, W, H, colour):
        sp = self.spec
        rank = "10" if code[0] == "T" else code[0]
        x0, y0, x1, y1 = (v * s for v, s in zip(self.index_box, (W, H, W, H)))
        cx = (x0 + x1) / 2
        rh = sp.rank_h * H
        f = font(sp.rank_font, max(6, int(rh * 1.3)))
        if code == "JK":
            fj = font(sp.rank_font, max(5, int((y1 - y0) / 5.6)))
            for i, ch in enumerate("JOKER"):
                d.text((cx, y0 + (i + 0.6) * (y1 - y0) / 5.3), ch, fill=colour, font=fj, anchor="mm")
            return
        if sp.index == "side":
            fw = f if rank != "10" else font(sp.rank_font, max(6, int(rh * 1.05)))
            d.text((x0 + 0.02 * W, (y0 + y1) / 2), rank, fill=colour, font=fw, anchor="lm")
            draw_suit(d, code[1], x1 - 0.055 * W, (y0 + y1) / 2, rh * 0.95, colour, sp.suit_font)
            return
        if rank == "10":
            f = font(sp.rank_font, max(6, int(rh * 1.3 * 0.8)))
        d.text((cx, y0 + rh * 0.62), rank, fill=colour, font=f, anchor="mm")
        s = (y1 - y0) - rh * 1.3
        draw_suit(d, code[1], cx, y0 + rh * 1.25 + s * 0.45, min(s * 0.85, (x1 - x0) * 0.9), colour,
                  sp.suit_font)

    def face(self, code: str, height: int, seed: int = 0) -> Image.Image:
        sp = self.spec
        H = height * 2  # draw at 2x, then downsample (anti-aliasing)
        W = int(round(H / ASPECT))
        img = Image.new("RGBA", (W, H), sp.paper + (255,))
        d = ImageDraw.Draw(img)
        if sp.border:
            m = 0.045 * W
            d.rounded_rectangle((m, m, W - m, H - m), radius=0.04 * W, outline=sp.border, width=max(1, W // 120))
        colour = (120, 20, 120) if code == "JK" else sp.colours[code[1]]
        # (crc32, not hash(): Python salts string hashes per process, so court art differed run to run)
        rng = np.random.default_rng(zlib.crc32(f"{sp.name}/{code}".encode()))
        # centre art
        ax0, ay0, ax1, ay1 = 0.24 * W, 0.14 * H, 0.76 * W, 0.86 * H
        r = code[0]
        if code == "JK":
            _court_art(d, rng, (ax0, ay0, ax1, ay1), [(120, 20, 120), (230, 170, 20), (20, 110, 60)], "★", sp)
        elif r in "JQK":
            pal = [colour, (230, 180, 40), (40, 70, 160), (20, 20, 25)]
            _court_art(d, rng, (ax0, ay0, ax1, ay1), pal, r, sp)
            draw_suit(d, code[1], ax0 + 0.09 * W, ay0 + 0.07 * H, 0.07 * H, colour, sp.suit_font)
        else:
            n = 1 if r == "A" else (10 if r == "T" else int(r))
            ps = (0.2 if n == 1 else 0.10) * H
            for px, py in PIP_LAYOUT[n]:
                x = ax0 + 0.1 * W + px * (ax1 - ax0 - 0.2 * W)
                y = ay0 + 0.06 * H + py * (ay1 - ay0 - 0.12 * H)
                draw_suit(d, code[1], x, y, ps, colour, sp.suit_font)
        self._index(d, code, W, H, colour)
        rot = img.rotate(180)  # bottom-right index: the top-left one turned round
        x0, y0, x1, y1 = (int(v * s) for v, s in zip(self.index_box, (W, H, W, H)))
        patch = img.crop((x0, y0, x1, y1)).rotate(180)
        img.paste(patch, (W - x1, H - y1))
        del rot
        img = img.resize((int(round(height / ASPECT)), height), Image.LANCZOS)
        img.putalpha(_rounded_mask(img.width, img.height, 0.06 * img.width))
        return img


def _court_art(d, rng, box, pal, letter, sp):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d.rectangle(box, outline=pal[0], width=max(1, int(w / 60)))
    for _ in range(int(rng.integers(10, 22))):
        kind = rng.integers(0, 3)
        cx, cy = x0 + rng.random() * w, y0 + rng.random() * h / 2
        s = (0.06 + 0.18 * rng.random()) * w
        c = tuple(int(v) for v in pal[int(rng.integers(0, len(pal)))])
        for flip in (False, True):  # court cards are point-symmetric
            px, py = (x0 + x1 - cx, y0 + y1 - cy) if flip else (cx, cy)
            if kind == 0:
                d.ellipse((px - s, py - s * 0.6, px + s, py + s * 0.6), fill=c)
            elif kind == 1:
                d.rectangle((px - s * 0.5, py - s, px + s * 0.5, py + s), fill=c)
            else:
                d.polygon([(px, py - s), (px + s, py + s * 0.7), (px - s, py + s * 0.7)], fill=c)
    f = font(sp.rank_font, int(h * 0.22))
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), letter, fill=pal[0], font=f, anchor="mm",
           stroke_width=max(1, int(w / 80)), stroke_fill=(255, 255, 255))


# ------------------------------------------------------------------------------- backs
def procedural_back(height: int, rng: np.random.Generator) -> Image.Image:
    W = int(round(height / ASPECT))
    base = tuple(int(v) for v in rng.integers(20, 200, 3))
    ink = tuple(int(min(255, v + 60 + rng.integers(0, 60))) for v in base)
    img = Image.new("RGBA", (W, height), (250, 250, 250, 255))
    d = ImageDraw.Draw(img)
    m = int(W * rng.uniform(0.04, 0.09))
    d.rectangle((m, m, W - m, height - m), fill=base)
    kind = rng.integers(0, 4)
    step = max(4, int(W * rng.uniform(0.05, 0.12)))
    if kind == 0:
        for k in range(-height, W + height, step):
            d.line((k, m, k + height, height), fill=ink, width=max(1, step // 4))
            d.line((k + height, m, k, height), fill=ink, width=max(1, step // 4))
    elif kind == 1:
        for y in range(m, height - m, step):
            for x in range(m, W - m, step):
                d.ellipse((x, y, x + step * 0.5, y + step * 0.5), fill=ink)
    elif kind == 2:
        for y in range(m, height - m, step):
            d.rectangle((m, y, W - m, y + step // 3), fill=ink)
    else:
        for r in range(int(W * 0.45), 0, -step):
            d.ellipse((W / 2 - r, height / 2 - r * 1.3, W / 2 + r, height / 2 + r * 1.3), outline=ink,
                      width=max(1, step // 3))
    d.rectangle((0, 0, W - 1, m), fill=(250, 250, 250))
    d.rectangle((0, height - m, W - 1, height - 1), fill=(250, 250, 250))
    d.rectangle((0, 0, m, height - 1), fill=(250, 250, 250))
    d.rectangle((W - m, 0, W - 1, height - 1), fill=(250, 250, 250))
    img.putalpha(_rounded_mask(W, height, 0.06 * W))
    return img


def artwork_backs(root: Path, held_out: bool) -> list[Path]:
    if held_out:  # younes' back.svg has no size cairosvg accepts: held-out frames use procedural backs
        return []
    backs = sorted((root / "svgcards/package/png/2x").glob("back*.png"))[::2]
    backs += [root / "cardsjs/package/cards/Red_Back.svg", root / "cardsjs/package/cards/Blue_Back.svg",
              root / "heruka/package/src/images/back.svg"]
    return [b for b in backs if b.exists()]


def load_back(path: Path, height: int) -> Image.Image:
    img = Image.open(path) if path.suffix == ".png" else _render_svg(path, height)
    return _fit_card(img, height)


# ------------------------------------------------------------------------------ styles
# Kennard's deck in four editions (heruka*: its glyphs are <symbol>s, drawn right by svg_symbols) is
# used only when asked: corner crops (`croupier synth --index-crop-styles kennard`) or extra training
# scenes (`--scene-styles kennard`); kept out of TRAIN_ARTWORK so that a seed's default scenes stay as
# they were drawn for the shipped models.
CROP_ARTWORK = tuple(HERUKA_FOLDERS)
TRAIN_ARTWORK = ("svgcards", "cardsjs")
HELD_OUT_ARTWORK = ("younes",)
TRAIN_PROCEDURAL = ("proc_serif", "proc_four", "proc_jumbo", "proc_mono")
CROP_PROCEDURAL = ("proc_lib_serif", "proc_lib_thin", "proc_lib_sans", "proc_lib_narrow")  # see PROC_SPECS


def make_styles(artwork_root: Path | None, names) -> list[Style]:
    out: list[Style] = []
    for n in names:
        if n in PROC_SPECS:
            out.append(ProceduralStyle(PROC_SPECS[n]))
        else:
            if artwork_root is None:
                raise FileNotFoundError(f"style {n} needs the npm artwork (croupier synth --fetch)")
            has_joker = n != "cardsjs" and n not in HERUKA_FOLDERS  # (Kennard's joker has no index)
            out.append(ArtworkStyle(n, artwork_root, ARTWORK_INDEX_BOXES[n], has_joker))
    return out


class FaceCache:
    """Renders each (style, code) once per card height bucket; scenes resize from it."""

    def __init__(self, height: int = 420):
        self.height = height
        self._faces: dict = {}
        self._backs: dict = {}

    def face(self, style: Style, code: str) -> np.ndarray:
        key = (style.name, code)
        if key not in self._faces:
            self._faces[key] = np.asarray(style.face(code, self.height))
        return self._faces[key]

    def back(self, key, make) -> np.ndarray:
        if key not in self._backs:
            self._backs[key] = np.asarray(make(self.height))
        return self._backs[key]


__all__ = ["ASPECT", "CROP_PROCEDURAL", "Style", "ArtworkStyle", "ProceduralStyle", "PROC_SPECS", "make_styles",
           "fetch_artwork", "FaceCache", "procedural_back", "artwork_backs", "load_back",
           "TRAIN_ARTWORK", "HELD_OUT_ARTWORK", "TRAIN_PROCEDURAL", "RANKS", "SUITS", "ImageFilter"]
