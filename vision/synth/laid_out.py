"""A deck laid out under the table camera, as the host does it for `croupier enrol --camera
--laid-out` (vision/enrol_confirm.py): rows of face-up cards, one rendered frame per row, with the
truth of every card. Used by bench/enrol_laid_out.py and the enrolment tests; data generation only.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

SUITS = "SHDC"
CARD_H = 0.2  # cards' height / the frame's short side: a suit (13 or 14 cards) in two rows of 1280x720


def by_suit(codes, sets: int, seed: int) -> list[list[str]]:
    """`sets` rows per suit (the joker with the clubs), each row's cards in a shuffled order."""
    rows = []
    for s in range(sets):
        for k, suit in enumerate(SUITS):
            mine = [c for c in codes if c[1:] == suit] + (["JK"] if suit == "C" and "JK" in codes else [])
            rng = np.random.default_rng(seed + 100 * s + k)
            rows.append([mine[i] for i in rng.permutation(len(mine))])
    return rows


def render_rows(style, rows: list[list[str]], seed: int, size=(1280, 720), card_h: float = CARD_H,
                families=None) -> list[tuple]:
    """[(frame RGB, [CardTruth])], one frame per row, each on its own table and light."""
    from .backgrounds import TRAIN_FAMILIES
    from .faces import FaceCache
    from .scene import render_scene

    cache = FaceCache(420)
    return [render_scene(seed + i, [style], [], families or TRAIN_FAMILIES, cache, size=size, codes=row,
                         card_h=card_h) for i, row in enumerate(rows)]


def write_shots(shots, folder: Path) -> list[Path]:
    """The frames as a recorded session's folder of shots (NN-row.png), in order."""
    import cv2

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, (frame, _) in enumerate(shots, 1):
        p = folder / f"{i:02d}-row.png"
        cv2.imwrite(str(p), np.ascontiguousarray(frame[..., ::-1]))
        paths.append(p)
    return paths


def truth_answers(found, shots) -> list[str | None]:
    """What a careful host confirms for each found card (vision/enrol_confirm.FoundCard): the
    rendered card it covers best, each card once; a found box left without a card (the detector's
    box between two cards) is left out (None)."""
    from ..enrol import _overlap

    pairs = []
    for n, c in enumerate(found):
        for t in shots[c.frame][1]:
            if t.face_up and t.box and _overlap(c.box, t.box) >= 0.5:
                pairs.append((_overlap(c.box, t.box), n, id(t), t.code))
    ids: list[str | None] = [None] * len(found)
    used = set()
    for _, n, t, code in sorted(pairs, reverse=True):
        if ids[n] is None and t not in used:
            ids[n] = code
            used.add(t)
    return ids
