"""Which face box a corner index belongs to: how well an index box sits in a corner of a face box
(`_corner_matrix`), twin indexes of one card (`_same_card_corner`), and the matching of read
identities to face boxes (`_match_faces`). Pure geometry on box arrays; vision/assembly.py
assembles cards with it."""

from __future__ import annotations

import numpy as np

from .boxes import inside

MIN_CORNER = 0.3  # an identity takes a face box only where its indexes sit this well in the box's corners


def _match_faces(scores: list[np.ndarray], n_faces: int) -> list[int | None]:
    """The face box each identity (its summed corner scores over the face boxes, strongest
    identity first) lies on, or None: the best-fitting (identity, face) pairs are taken first,
    each face and identity once. Fit, not read confidence, decides who gets a face: in a stud row
    the next card's index also sits in a corner of the card it covers, and, read more surely than
    that card's own index, it took that card's face box (its own box lay a little off, its index
    half outside): the covered card came out as a loose index and its neighbour in its place."""
    pairs = sorted(((-float(sc[fi]), k, fi) for k, sc in enumerate(scores) for fi in range(n_faces)
                    if sc[fi] > MIN_CORNER))
    face_of: list[int | None] = [None] * len(scores)
    used: set[int] = set()
    for _, k, fi in pairs:
        if face_of[k] is None and fi not in used:
            face_of[k] = fi
            used.add(fi)
    return face_of


def _same_card_corner(face, a, b) -> bool:
    """Whether index box b is index box a's twin on one card: in the diagonally opposite corner
    of the face box (a card prints its index there, turned 180 degrees) or the same box again."""
    fx, fy = (face[0] + face[2]) / 2, (face[1] + face[3]) / 2
    ax, ay = (a[0] + a[2]) / 2 < fx, (a[1] + a[3]) / 2 < fy
    bx, by = (b[0] + b[2]) / 2 < fx, (b[1] + b[3]) / 2 < fy
    return (ax != bx and ay != by) or inside(b, a) > 0.5 or inside(a, b) > 0.5


def _corner_score(face, ib) -> float:
    """How well index box ib sits in a corner of face box: 1 at a corner, 0 outside/centre."""
    return float(_corner_matrix(np.asarray(face, np.float64), np.asarray(ib, np.float64))[0, 0])


SHAPE = 1.2  # an index box this much taller than wide stands (its card upright or upside down)
FIT_BONUS = 0.08  # added to a corner score where the index's shape fits that corner (`_corner_matrix`)


def _corner_matrix(faces: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """`_corner_score` of every index box (rows of idx, M x 4) against every face box (rows of
    faces, N x 4): M x N, one numpy pass for the whole frame (per-box calls were 2 ms a frame)."""
    f = faces.reshape(1, -1, 4)
    ib = idx.reshape(-1, 1, 4)
    area = np.maximum(1e-6, (ib[..., 2] - ib[..., 0]) * (ib[..., 3] - ib[..., 1]))
    ix = np.clip(np.minimum(ib[..., 2], f[..., 2]) - np.maximum(ib[..., 0], f[..., 0]), 0, None)
    iy = np.clip(np.minimum(ib[..., 3], f[..., 3]) - np.maximum(ib[..., 1], f[..., 1]), 0, None)
    cx, cy = (ib[..., 0] + ib[..., 2]) / 2, (ib[..., 1] + ib[..., 3]) / 2
    w, h = np.maximum(f[..., 2] - f[..., 0], 1e-6), np.maximum(f[..., 3] - f[..., 1], 1e-6)
    dx = np.minimum(cx - f[..., 0], f[..., 2] - cx) / w
    dy = np.minimum(cy - f[..., 1], f[..., 3] - cy) / h
    score = np.maximum(0.0, 1 - 2.5 * np.maximum(dx, dy))
    # a tie between two faces (an index of a stud row lies in the top-left corner of its own card
    # and the top-right one of the card it covers, both boxes reaching it): a card prints its
    # indexes in two diagonal corners, top-left and bottom-right while the index stands (taller
    # than wide), the other two while it lies: the corner that fits the index's shape wins
    iw, ih = ib[..., 2] - ib[..., 0], ib[..., 3] - ib[..., 1]
    diagonal = (cx < (f[..., 0] + f[..., 2]) / 2) == (cy < (f[..., 1] + f[..., 3]) / 2)
    fits = np.where(ih > SHAPE * iw, diagonal, np.where(iw > SHAPE * ih, ~diagonal, False))
    score = np.where(score > 0, score + FIT_BONUS * fits, 0.0)
    return np.where(ix * iy / area < 0.6, 0.0, score)
