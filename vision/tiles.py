"""Looking at a frame in tiles: a wide frame cut into overlapping tiles shows the recogniser its
cards bigger (it letterboxes each look to its input size); the boxes come back in frame pixels and
a card seen twice (in an overlap, or cut by a tile's edge) is kept once. `merge_nested` folds a
corner index reported beside its unread face box into that face."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .boxes import inside


def merge_nested(cards: list) -> list:
    """One card, one detection: a box lying mostly inside a bigger one of the same face (a corner
    index reported beside its unread face box) is folded into it, identity and all."""
    def area(b):
        return max(1e-6, (b[2] - b[0]) * (b[3] - b[1]))

    cards = sorted(cards, key=lambda c: -area(c.box))
    keep: list = []
    for c in cards:  # only index-sized boxes: a card half under another (stud rows) is its own card
        host = next((k for k in keep if k.face_up == c.face_up and area(c.box) < 0.25 * area(k.box)
                     and inside(c.box, k.box) >= 0.7), None)
        if host is None:
            keep.append(c)
        elif host.identity is None and c.identity is not None:
            keep[keep.index(host)] = replace(host, identity=c.identity, confidence=c.confidence)
    return keep


def tile_grid(tiles, width: int, height: int) -> tuple[int, int]:
    """"auto": tiles about 700 px across (the recogniser letterboxes each to its input size, so a
    720p frame in two halves shows it cards ~1.8x bigger); or (nx, ny); or "2x1"."""
    if tiles == "auto":
        return max(1, round(width / 700)), max(1, round(height / 700))
    if isinstance(tiles, str):
        nx, _, ny = tiles.lower().partition("x")
        return max(1, int(nx)), max(1, int(ny or 1))
    return max(1, int(tiles[0])), max(1, int(tiles[1]))


def recognise_tiled(recogniser, image, tiles="auto", overlap: float = 0.2) -> list:
    """The recogniser on overlapping tiles of the frame; boxes back in frame pixels; a card seen
    in two tiles (in the overlap, or cut by a tile edge) is kept once, the fuller view."""
    H, W = image.shape[:2]
    nx, ny = tile_grid(tiles, W, H)
    if nx * ny == 1:
        return recogniser.recognise(image)
    tw, th = W / nx, H / ny
    found = []
    for j in range(ny):
        for i in range(nx):
            x0, x1 = int(max(0, (i - overlap) * tw)), int(min(W, (i + 1 + overlap) * tw))
            y0, y1 = int(max(0, (j - overlap) * th)), int(min(H, (j + 1 + overlap) * th))
            for c in recogniser.recognise(np.ascontiguousarray(image[y0:y1, x0:x1])):
                b = c.box
                found.append((j * nx + i, replace(c, box=(b[0] + x0, b[1] + y0, b[2] + x0, b[3] + y0))))
    found.sort(key=lambda tc: -(tc[1].box[2] - tc[1].box[0]) * (tc[1].box[3] - tc[1].box[1]))
    keep: list = []
    for tile, c in found:
        dup = next((k for k in keep if k[0] != tile and k[1].face_up == c.face_up and inside(c.box, k[1].box) >= 0.6
                    and (c.identity is None or k[1].identity in (None, c.identity))), None)
        if dup is None:
            keep.append((tile, c))
        elif dup[1].identity is None and c.identity is not None:
            keep[keep.index(dup)] = (dup[0], replace(dup[1], identity=c.identity, confidence=c.confidence))
    return [c for _, c in keep]
