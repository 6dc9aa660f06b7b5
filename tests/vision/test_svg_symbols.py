"""vision.synth.svg_symbols: <use> of a <symbol> written out as a transformed group (Kennard's deck)."""

import io
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from vision.synth.svg_symbols import SVG_NS, inline_symbols

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="-120 -168 240 336" width="240" height="336">')
# as in the heruka package: a glyph symbol in a 1000-unit box, placed by height only
GLYPH = ('<symbol id="V" viewBox="-500 -500 1000 1000" preserveAspectRatio="xMinYMid">'
         '<rect x="-500" y="-500" width="1000" height="1000" fill="red"/></symbol>')


def groups(svg: str | ET.Element) -> list[ET.Element]:
    return list((ET.fromstring(svg) if isinstance(svg, str) else svg).iter(f"{{{SVG_NS}}}g"))


def apply(transform: str, x: float, y: float) -> tuple[float, float]:
    """Evaluate the translate/scale chain the module writes (right-most applies first)."""
    for name, args in re.findall(r"(translate|scale)\(([^)]*)\)", transform)[::-1]:
        v = [float(a) for a in args.split()]
        if name == "scale":
            x, y = x * v[0], y * (v[1] if len(v) > 1 else v[0])
        else:
            x, y = x + v[0], y + v[1]
    return x, y


def test_a_glyph_placed_by_height_is_scaled_into_that_height_at_its_left():
    out = inline_symbols(HEAD + GLYPH + '<use xlink:href="#V" height="32" x="-114.4" y="-156"/></svg>')
    assert "<use" not in out
    (g,) = groups(out)
    t = g.get("transform")
    assert apply(t, -500, -500) == pytest.approx((-114.4, -156))
    assert apply(t, 500, 500) == pytest.approx((-82.4, -124))  # a 32 x 32 glyph, not 1000 x 1000
    assert g[0].get("fill") == "red"


def test_width_and_height_meet_and_centre_as_preserve_aspect_ratio_says():
    sym = ('<symbol id="W" viewBox="0 0 200 100" preserveAspectRatio="xMidYMid">'
           '<rect width="200" height="100"/></symbol>')
    (g,) = groups(inline_symbols(HEAD + sym + '<use href="#W" x="10" y="20" width="40" height="40"/></svg>'))
    t = g.get("transform")
    # scale 0.2 (width limits), 20 units of height to spare: centred, 10 above and below
    assert apply(t, 0, 0) == pytest.approx((10, 30))
    assert apply(t, 200, 100) == pytest.approx((50, 50))


def test_the_use_keeps_its_paint_and_its_own_transform():
    svg = HEAD + GLYPH + ('<g transform="rotate(180)"><use xlink:href="#V" height="10" x="0" y="0" '
                          'stroke="#44F" fill="none" transform="translate(5 0)"/></g></svg>')
    outer, inner = groups(inline_symbols(svg))
    assert outer.get("transform") == "rotate(180)"
    assert inner.get("stroke") == "#44F" and inner.get("fill") == "none"
    assert inner.get("transform").startswith("translate(5 0) translate(0 0)")
    assert inner.get("x") is None and inner.get("height") is None


def test_symbols_inside_symbols_and_uses_of_plain_shapes():
    svg = (HEAD + GLYPH + '<symbol id="P" viewBox="0 0 10 10"><use xlink:href="#V" height="10"/></symbol>'
           '<defs><path id="suit" d="M0 0h5v5z"/></defs>'
           '<use xlink:href="#P" height="20"/><use xlink:href="#suit" x="3" y="4"/></svg>')
    out = inline_symbols(svg)
    root = ET.fromstring(out)
    uses = list(root.iter(f"{{{SVG_NS}}}use"))
    # the use of a plain path (how the younes deck draws) is left for the renderer; both symbols expand
    assert [u.get("{http://www.w3.org/1999/xlink}href") for u in uses if not _in_symbol(root, u)] == ["#suit"]
    drawn = [g for g in groups(root) if not _in_symbol(root, g)]
    assert len(drawn) == 2 and drawn[1] in list(drawn[0])  # P's group holds V's


def _in_symbol(root, el) -> bool:
    return any(el in list(s.iter()) for s in root.iter(f"{{{SVG_NS}}}symbol"))


def test_a_use_sized_by_the_viewport_only_is_left_alone():
    out = inline_symbols(HEAD + GLYPH + '<use xlink:href="#V" x="1" y="2"/></svg>')
    assert "use" in out and not groups(out)


def test_cairosvg_draws_the_glyph_where_the_card_says():
    cairosvg = pytest.importorskip("cairosvg")  # the [train] extra
    from PIL import Image

    svg = (HEAD + '<rect x="-120" y="-168" width="240" height="336" fill="white"/>' + GLYPH
           + '<use xlink:href="#V" height="32" x="-114.4" y="-156"/></svg>')
    png = cairosvg.svg2png(bytestring=inline_symbols(svg).encode(), output_height=336)
    img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    red = (img[..., 0] > 200) & (img[..., 1] < 80)
    ys, xs = np.nonzero(red)
    # the glyph's 32 units at 1 px a unit, from (5.6, 12) in the picture: a corner index, not the card
    assert xs.min() == pytest.approx(6, abs=1) and xs.max() == pytest.approx(37, abs=1)
    assert ys.min() == pytest.approx(12, abs=1) and ys.max() == pytest.approx(43, abs=1)
