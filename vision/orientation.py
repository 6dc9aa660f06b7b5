"""Cards at any turn in the plane: a face box the look found but could not name is read again, its
card turned upright.

A queen lying upside down, or a card tossed in at 30-60 degrees, can leave the detector without a
corner index box it can read (an index box drawn axis-aligned around a slanted glyph, or none at
all). `reread_face` cuts the face out of the frame turned so that the card's own long side stands
vertical (`face_turn`: the card's outline from a threshold mask, `cv2.minAreaRect`), lays that
picture out four times, at each quarter turn, on one 2 x 2 canvas, runs the detector once on the
canvas and the classifier once on every index box found on the card itself, and takes the surest
in-deck read at or above the recogniser's threshold.

A look (`Recogniser.recognise`, setting `reorient`) re-reads every unread face: a photo is looked
at once. On the camera path the same face lies still for many looks: `RereadMemory` keeps each
face's re-read while its box stays put and looks the same, and a face the motion gate sees moving,
or whose box has not yet stayed put for a couple of looks, is not re-read (it is, once it comes to
rest), so a card costs one re-read, not one per frame.
"""

from __future__ import annotations

import time
from dataclasses import replace

import cv2
import numpy as np

from .boxes import iou
from .gating import box_thumb
from .labels import IDENTITIES, INDEX, NONE_CLASS
from .uniqueness import top_reads

MARGIN = 1.25  # a tile's side: the card's long side times this (the table around it shows)
MAX_LONG = 320  # px: a card cut out larger than this is shrunk (the detector sees a 2 x 2 canvas at 416)
# the quarter turns (clockwise) of the upright card laid out on the canvas, 2 a row. bench: 300 frames,
# 1,041 cards at every turn: all four 842 read right (one detector look on a 416 x 416 canvas), upright
# and upside down only 824 (416 x 208, 0.57x the time), upright only 782
QUARTERS = (0, 1, 2, 3)
# a re-read is believed when the card's index reads the same wherever the card shows one: the
# identity (at 0.5 or more) in at least AGREE_TURNS of the 4 turns and at least AGREE_SHARE of the
# index boxes found on it, which are few (at most MAX_INDEXES); or when its outline is a card's. A
# block of text boxed as a face showed 13-89 "indexes", mostly read as other names (of 39 re-reads
# of print that named a card, on 30 frames of vision/synth/buckets.py, 4 pass the count, none of
# them with an outline but two jokers; of 35 on 40 frames of cards, 35 pass)
AGREE_TURNS, AGREE_SHARE, MAX_INDEXES = 3, 0.17, 40
ASPECTS = (1.15, 1.9)  # a card outline's long / short side; a mask outside this is no card's outline


def face_turn(crop: np.ndarray) -> tuple[float, tuple[float, float], tuple[float, float]] | None:
    """(turn in degrees, centre (x, y), size (short, long)) of the card in an RGB crop of its face
    box: `cv2.getRotationMatrix2D(centre, turn, 1)` makes the card's long side vertical. None when
    no card-shaped outline is found (the card's paper against the table: an Otsu threshold, the
    part holding the crop's centre)."""
    gray = cv2.GaussianBlur(cv2.cvtColor(crop, cv2.COLOR_RGB2GRAY), (5, 5), 0)
    _, mask = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    h, w = mask.shape
    centre = mask[h * 3 // 8:h * 5 // 8 + 1, w * 3 // 8:w * 5 // 8 + 1]
    if centre.mean() < 127:  # the card is the darker side here (a light table)
        mask = 255 - mask
    k = max(3, (min(h, w) // 12) | 1)  # close the glyphs and pips into the paper around them
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    c = max(contours, key=cv2.contourArea)
    (cx, cy), (rw, rh), _ = rect = cv2.minAreaRect(c)
    short, long_ = sorted((rw, rh))
    # (an outline filling the whole crop is the crop's own edge: noise or a patterned table, no card)
    if short < 8 or not ASPECTS[0] <= long_ / short <= ASPECTS[1] or not 0.3 * h * w <= rw * rh <= 0.95 * h * w:
        return None
    p = cv2.boxPoints(rect)  # (any OpenCV angle convention: the longer edge's own direction)
    e1, e2 = p[1] - p[0], p[2] - p[1]
    d = e1 if np.hypot(*e1) >= np.hypot(*e2) else e2
    phi = float(np.degrees(np.arctan2(d[1], d[0])))
    turn = phi % 180.0 - 90.0  # the smallest turn that makes it vertical, in [-90, 90)
    return turn, (float(cx), float(cy)), (float(short), float(long_))


def card_outline(frame: np.ndarray, box):
    """(`face_turn` of face box `box` with a margin of table round it, or None: no card-shaped
    outline; the crop's top-left corner in the frame)."""
    x0, y0, x1, y1 = (float(v) for v in box)
    mx, my = 0.08 * (x1 - x0), 0.08 * (y1 - y0)
    ix0, iy0 = max(0, int(x0 - mx)), max(0, int(y0 - my))
    ix1, iy1 = min(frame.shape[1], int(np.ceil(x1 + mx))), min(frame.shape[0], int(np.ceil(y1 + my)))
    found = face_turn(frame[iy0:iy1, ix0:ix1]) if ix1 - ix0 >= 16 and iy1 - iy0 >= 16 else None
    return found, (ix0, iy0)


def turned_tiles(frame: np.ndarray, box) -> tuple[np.ndarray, int, tuple[float, float]]:
    """(2 x 2 canvas, tile side, the card's width and height in the first tile) for face box `box`:
    the card cut out of the frame upright (its long side vertical), then turned a quarter turn more
    in each tile (clockwise on screen: tiles top-left, top-right, bottom-left, bottom-right)."""
    x0, y0, x1, y1 = (float(v) for v in box)
    found, (ix0, iy0) = card_outline(frame, box)
    if found is None:  # no outline: the box itself at its four quarter turns, room for the card at any turn
        turn, (cx, cy) = 0.0, ((x0 + x1) / 2, (y0 + y1) / 2)
        w, h, long_ = x1 - x0, y1 - y0, float(np.hypot(x1 - x0, y1 - y0)) * 1.05 / MARGIN
    else:
        turn, (cx, cy), (w, h) = found
        cx, cy, long_ = cx + ix0, cy + iy0, h
    scale = min(1.0, MAX_LONG / max(long_, 1.0))
    side = int(np.ceil(long_ * scale * MARGIN))
    m = cv2.getRotationMatrix2D((cx, cy), turn, scale)
    m[:, 2] += (side / 2 - cx, side / 2 - cy)
    tile = cv2.warpAffine(frame, m, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    canvas = np.empty((-(-len(QUARTERS) // 2) * side, min(2, len(QUARTERS)) * side, 3), np.uint8)
    for t, k in enumerate(QUARTERS):
        r, c = divmod(t, 2)
        canvas[r * side:(r + 1) * side, c * side:(c + 1) * side] = np.rot90(tile, -k)
    return canvas, side, (w * scale, h * scale)


def reread_face(rec, frame: np.ndarray, box) -> tuple[str, float, tuple] | None:
    """(identity, confidence, best reads) of the card in face box `box`, read from its upright
    picture at each quarter turn (`turned_tiles`): the surest in-deck index read, of the index boxes
    lying on the card itself, at or above `rec.min_identity_conf`, read alike on the card (`AGREE_TURNS`)
    or on a card's outline. None: no sure read."""
    # (the camera path's CachedReads wraps the recogniser: the canvas's index crops are no frame's,
    # kept out of its memory of the frame's reads)
    rec = getattr(rec, "rec", rec)
    canvas, side, (cw, ch) = turned_tiles(frame, box)
    idx = []
    for k, _, b in rec.detect(canvas):
        if k != INDEX:
            continue
        cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        t = int(cy // side) * 2 + int(cx // side)
        # the card's own indexes only: the table around it (a neighbour's corner) is in the tile too
        w, h = (ch, cw) if t < len(QUARTERS) and QUARTERS[t] % 2 else (cw, ch)  # (a quarter turn: lying)
        if abs(cx % side - side / 2) <= 0.55 * w and abs(cy % side - side / 2) <= 0.55 * h:
            idx.append((t, b))
    if not idx:
        return None
    probs = rec.classify(canvas, [b for _, b in idx])[0]
    probs[:, NONE_CLASS] = 0.0  # (the surest card read; a crop read as no index names nothing below)
    best = np.unravel_index(int(probs.argmax()), probs.shape)
    conf = float(probs[best])
    if conf < rec.min_identity_conf:
        return None
    agree = probs[:, best[1]] >= 0.5
    turns = {t for (t, _), a in zip(idx, agree) if a}
    steady = len(turns) >= AGREE_TURNS and agree.sum() >= AGREE_SHARE * len(idx) and len(idx) <= MAX_INDEXES
    if not steady and card_outline(frame, box)[0] is None:
        return None
    return IDENTITIES[best[1]], conf, top_reads(probs[best[0]], IDENTITIES, NONE_CLASS)


class RereadMemory:
    """The camera path's re-reads, one per face while it lies still. A face is re-read only once its
    box has come to rest (`settled`: an unread face box at nearly the same place, IoU >= settle_iou,
    in `settle_seen` of the last `settle_looks` looks: a card sliding in changes its box every look,
    and one the plain look misses as it lands it mostly reads a look or two later); its result (an
    identity read, or None) is kept while a face box is found again at its place (IoU >= min_iou)
    looking about the same (mean grey difference of a 12 x 12 thumbnail <= max_diff: on the demo
    video compression and the dealer's shadow moved an unchanged card's by 6-20, a card dealt over it
    by 30-60); forgotten after `max_idle` looks without it. On the demo video: 304 re-reads with one
    earlier sighting and a tolerance of 6, 57 with these settings."""

    def __init__(self, min_iou: float = 0.7, max_diff: float = 20.0, max_idle: int = 30,
                 settle_iou: float = 0.85, settle_looks: int = 4, settle_seen: int = 2):
        self.min_iou, self.max_diff, self.max_idle = min_iou, max_diff, max_idle
        self.settle_iou, self.settle_looks, self.settle_seen = settle_iou, settle_looks, settle_seen
        self._entries: list = []  # [box, thumbnail, result, last look]
        self._sightings: list = []  # (box, look) of the unread faces of the last looks
        self._look = 0
        self.rereads = self.hits = 0
        self.seconds = 0.0  # spent re-reading (bench/pipeline.py prints its share of the camera path's time)

    def settled(self, box) -> bool:
        """Was this unread face seen at (nearly) this place in enough of the last looks? (Noted now.)"""
        box = tuple(float(v) for v in box)
        seen = {n for b, n in self._sightings if n < self._look and iou(b, box) >= self.settle_iou}
        self._sightings.append((box, self._look))
        return len(seen) >= self.settle_seen

    def tick(self) -> None:
        """A new look began."""
        self._look += 1
        self._entries = [e for e in self._entries if e[3] >= self._look - self.max_idle]
        self._sightings = [x for x in self._sightings if x[1] >= self._look - self.settle_looks]

    def recall(self, frame, box):
        """(True, result) when this face was re-read here and looks the same; else (False, None)."""
        for e in self._entries:
            if iou(e[0], box) >= self.min_iou:
                now = box_thumb(frame[..., 1], box)
                if now is not None and e[1] is not None and \
                        cv2.norm(now, e[1], cv2.NORM_L1) <= self.max_diff * now.size:
                    e[3] = self._look
                    self.hits += 1
                    return True, e[2]
        return False, None

    def remember(self, frame, box, result) -> None:
        box = tuple(float(v) for v in box)
        self._entries = [e for e in self._entries if iou(e[0], box) < self.min_iou]
        self._entries.append([box, box_thumb(frame[..., 1], box), result, self._look])
        self.rereads += 1


def reorient_cards(rec, frame: np.ndarray, cards: list, memory: RereadMemory | None = None,
                   still=None) -> list:
    """cards with each unread face re-read (`reread_face`); an identity already named by as many
    cards of the look as the deck holds is not given again. memory: keep re-reads per face, and
    re-read only faces at rest (camera path); still(frame, card): may this face be re-read now
    (nothing moving over it: the camera path's own checks)? None: always."""
    if memory is not None:
        memory.tick()
    if not any(c.face_up and c.identity is None for c in cards):
        return cards
    limits = rec.limits()
    named: dict[str, int] = {}
    for c in cards:
        if c.identity:
            named[c.identity] = named.get(c.identity, 0) + 1
    out = []
    for c in cards:
        if c.face_up and c.identity is None:
            known, got = memory.recall(frame, c.box) if memory is not None else (False, None)
            at_rest = memory is None or memory.settled(c.box)  # (each sighting noted, a remembered one too)
            if not known and at_rest and (still is None or still(frame, c)):
                t0 = time.perf_counter()
                got = reread_face(rec, frame, c.box)
                if memory is not None:
                    memory.remember(frame, c.box, got)
                    memory.seconds += time.perf_counter() - t0
            if got is not None and named.get(got[0], 0) < limits.get(got[0], 1):
                named[got[0]] = named.get(got[0], 0) + 1
                c = replace(c, identity=got[0], confidence=got[1], reads=got[2])
        out.append(c)
    return out


def camera_check(gate, faces, tracker):
    """The camera path's `still(frame, card)` for `reorient_cards`: may this unread face be re-read now?
    Not while something moves over it (the pipeline's `MotionGate`), not when it is no paper (chips in
    the pot: `FaceLook` drops it; faces None: no such check), not where the tracker has named the card
    lying there (its unread look, a hand's shadow or the card dealt half over it, says nothing new).
    Demo video: 57 re-reads without the last two checks, 18 with."""
    def worth(image, card) -> bool:
        if gate.moving_at(card.box) or (faces is not None and faces.not_paper(image, card)):
            return False
        return not any(t.identity and t.up and t.box is not None and iou(t.box, card.box) >= 0.7
                       for t in tracker.tracks.values())
    return worth


__all__ = ["RereadMemory", "camera_check", "face_turn", "reorient_cards", "reread_face", "turned_tiles"]
