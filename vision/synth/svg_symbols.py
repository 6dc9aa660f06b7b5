"""Expand SVG `<use>`s of `<symbol>`s into plain groups before cairosvg draws them.

Adrian Kennard's deck (npm `@heruka_urgyen/react-playing-cards`) places every index letter and pip
as `<use href="#sym" x= y= height=>` of a `<symbol viewBox=... preserveAspectRatio="xMinYMid">`,
with no width. cairosvg ignores the symbol's viewBox in that case and draws each glyph at its raw
size: a 1200-unit heart over the whole card. Per SVG, a missing width is 100 % of the viewport, so
the glyph is scaled to the given height ("meet": the smaller of the two ratios) and aligned by
preserveAspectRatio; this module writes that transform out as a `<g>` that any renderer draws.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

_USE, _SYMBOL, _G = f"{{{SVG_NS}}}use", f"{{{SVG_NS}}}symbol", f"{{{SVG_NS}}}g"
_HREFS = (f"{{{XLINK_NS}}}href", "href")
_PLACEMENT = ("x", "y", "width", "height", "transform") + _HREFS


def _length(value: str | None) -> float | None:
    """A plain user-unit length ("32", "26.769"); None when absent or relative ("100%")."""
    if value is None or value.strip().endswith("%"):
        return None
    m = re.match(r"\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", value)
    return float(m.group(0)) if m else None


def _align(slack: float, how: str) -> float:
    return {"Min": 0.0, "Mid": slack / 2, "Max": slack}[how]


def _symbol_transform(use: ET.Element, symbol: ET.Element) -> str | None:
    vx, vy, vw, vh = (float(t) for t in symbol.get("viewBox", "").replace(",", " ").split())
    w, h = _length(use.get("width")), _length(use.get("height"))
    if (w is None and h is None) or vw <= 0 or vh <= 0:
        return None  # sized by the whole viewport: rare, and cairosvg copes with it
    aspect = (symbol.get("preserveAspectRatio") or "xMidYMid").split()[0]
    sx, sy = (w / vw if w else None), (h / vh if h else None)
    s = min(v for v in (sx, sy) if v is not None)
    dx = _align(w - vw * s, aspect[1:4]) if w is not None and aspect != "none" else 0.0
    dy = _align(h - vh * s, aspect[5:8]) if h is not None and aspect != "none" else 0.0
    x, y = _length(use.get("x")) or 0.0, _length(use.get("y")) or 0.0
    t = f"translate({x + dx:g} {y + dy:g}) scale({s:g}) translate({-vx:g} {-vy:g})"
    return f"{use.get('transform')} {t}" if use.get("transform") else t


def inline_symbols(svg_text: str) -> str:
    """The same drawing with each `<use>` of a viewBox'd `<symbol>` replaced by a transformed copy."""
    root = ET.fromstring(svg_text)
    symbols = {s.get("id"): s for s in root.iter(_SYMBOL) if s.get("viewBox")}

    def expand(parent: ET.Element) -> None:
        for i, el in enumerate(list(parent)):
            ref = next((el.get(k) for k in _HREFS if el.get(k)), "") if el.tag == _USE else ""
            sym = symbols.get(ref.lstrip("#")) if ref.startswith("#") else None
            t = _symbol_transform(el, sym) if sym is not None else None
            if t is None:
                expand(el)
                continue
            # the use's own paint (fill="none" stroke="#44F" on a court card's frame) is inherited
            g = ET.Element(_G, {k: v for k, v in el.attrib.items() if k not in _PLACEMENT})
            g.set("transform", t)
            g.extend(copy.deepcopy(child) for child in sym)
            expand(g)  # symbols that use symbols
            parent.remove(el)
            parent.insert(i, g)

    expand(root)
    return ET.tostring(root, encoding="unicode")
