"""Looking only when it can matter: the detector and the index classifier are most of the camera
path's cost, and most frames of a card table either show nothing new or show things in motion
that will be looked at again a moment later.

`MotionGate.decide(image)` compares the frame, at 1/8 size, with the last frame the recogniser
looked at and with the previous frame:
* SAME: nothing changed since the last look (noise and slow light drift are not change): the
  last look's cards still hold exactly; a still table is looked at again every `max_skip + 1`
  frames anyway;
* BUSY: things are moving (a hand, a card on its way) and the last look is less than `stride`
  frames old: the cards whose place did not change since that look still hold (`unchanged(box)`),
  the moving ones are not seen this frame;
* LOOK: otherwise — the first frame after the picture stops moving, every `stride`-th frame of
  continuous motion, or when the caller says a fresh reading is awaited (`want`).
stride=1 (the default) looks at every moving frame: on the demo table video stride=2 looked at
~40 % fewer frames but a card that came to rest under a retreating hand was placed up to 6
frames late instead of 3 (bench/pipeline.py --stride 2 measures it).

`CachedReads` wraps a `Recogniser`: a corner index found again at the same place, whose pixels
did not change since it was read, keeps its last classifier output instead of being classified
again; every read is redone after `max_age` reuses. A joker's check (vision/card_shape.py: its
index read again from 4 moved crops) is kept alike.

`look_regions`: a look after motion goes only where the picture changed (the detector then runs on
a smaller input at the same scale) and keeps the last look's cards elsewhere; a whole look is
taken first, on a still table's periodic look, when the camera moved, and every `whole_every`
looks (Pipeline).
"""

from __future__ import annotations

import inspect
import types

import cv2
import numpy as np

from .boxes import boxes_overlap, inside, iou

LOOK, SAME, BUSY = "look", "same", "busy"


class MotionGate:
    def __init__(self, max_skip: int = 9, level: int = 10, share: float = 0.0004, stride: int = 1,
                 scale: int = 8):
        self.max_skip, self.level, self.share, self.stride, self.scale = max_skip, level, share, stride, scale
        self.ref = None          # the 1/8 picture at the last look
        self.prev = None         # the previous frame's
        self.changed_mask = None  # cells changed since the last look (this frame)
        self.skipped = 0         # SAME frames in a row
        self.since = 0           # frames since the last look
        self.jump = False        # this frame differs everywhere from the previous one (camera moved)
        self.why = ""            # why the last look was taken (first, want, periodic, stopped, stride)
        self.changed_box = None  # at a look: the image box of what changed since the look before
        self.moving_mask = None  # cells that changed since the previous frame (None: none did)

    def _small(self, image) -> np.ndarray:
        h, w = image.shape[:2]
        s = self.scale
        # every other pixel of every other row, then averaged over the cell: 16 samples a cell smooth
        # sensor noise well below `level`, at a fifth of the cost of averaging all 64
        g = image[::2, ::2, 1] if image.ndim == 3 else image[::2, ::2]
        return cv2.resize(g, (max(8, w // s), max(8, h // s)), interpolation=cv2.INTER_AREA)

    def _look(self, small) -> str:
        m = self.changed_mask
        self.changed_box = None
        if m is not None and m.any():
            ys, xs = np.nonzero(m.any(1))[0], np.nonzero(m.any(0))[0]
            s = self.scale
            self.changed_box = (float(xs[0] * s), float(ys[0] * s), float((xs[-1] + 1) * s), float((ys[-1] + 1) * s))
        self.ref, self.skipped, self.since, self.changed_mask = small, 0, 0, None
        return LOOK

    @property
    def whole_look(self) -> bool:
        """Must the last look cover the whole picture (the first one, the periodic one of a still
        table, the camera moved), rather than only where it changed?"""
        return self.why in ("first", "periodic") or self.jump

    def decide(self, image, want=False) -> str:
        """want: True, or a function of this gate (asked once the frame is measured) that says
        something waits for a fresh reading: then the frame is looked at even when unchanged."""
        if self.max_skip <= 0:
            self.why = "first"  # no gate: every look is a whole one
            return LOOK
        small = self._small(image)
        prev, self.prev = self.prev, small
        self.jump = False
        if self.ref is None or self.ref.shape != small.shape:
            self.why, self.changed_mask = "first", None
            return self._look(small)
        self.since += 1
        self.changed_mask = cv2.absdiff(small, self.ref) > self.level
        still = _share(self.changed_mask) <= self.share
        self.moving_mask = None if still or prev is None else cv2.absdiff(small, prev) > self.level
        moving = 0.0 if still else _share(self.moving_mask) if prev is not None else 1.0
        self.jump = moving > 0.5
        if want if isinstance(want, bool) else want(self):
            self.why = "want"
            return self._look(small)
        if still:
            if self.skipped < self.max_skip:
                self.skipped += 1
                return SAME
            self.why = "periodic"
            return self._look(small)
        self.skipped = 0
        if moving <= self.share or self.since >= self.stride:  # it just stopped moving, or time to look
            self.why = "stopped" if moving <= self.share else "stride"
            return self._look(small)
        return BUSY

    def changed(self, image) -> bool:
        """The older question: must the recogniser look at this frame?"""
        return self.decide(image) == LOOK

    def moving_at(self, box) -> bool:
        """Did anything move over this image box since the previous frame (a hand over a card, the
        card itself sliding)? Its reading now is not a fair look at it. The box's outer cells are
        left out: a hand next to a card is not over it."""
        m = self.moving_mask
        if m is None:
            return False
        s = self.scale
        x0, y0 = max(0, int(box[0]) // s + 1), max(0, int(box[1]) // s + 1)
        x1, y1 = min(m.shape[1], int(box[2]) // s), min(m.shape[0], int(box[3]) // s)
        return x1 > x0 and y1 > y0 and bool(m[y0:y1, x0:x1].any())

    def unchanged(self, box, tolerance: float = 0.05, margin: float = 0.2) -> bool:
        """On a BUSY frame: does the core of this image box (its edges may be under a hand letting
        go) look as it did at the last look?"""
        m = self.changed_mask
        if m is None:
            return True
        s = self.scale
        mx, my = (box[2] - box[0]) * margin, (box[3] - box[1]) * margin
        x0, y0 = max(0, int(box[0] + mx) // s), max(0, int(box[1] + my) // s)
        x1, y1 = min(m.shape[1], int(box[2] - mx) // s + 1), min(m.shape[0], int(box[3] - my) // s + 1)
        if x1 <= x0 or y1 <= y0:
            return False
        return float(m[y0:y1, x0:x1].mean()) <= tolerance


def _share(mask: np.ndarray) -> float:
    """The share of a mask's cells set: its mean, counted (a bool mean is summed in float64 first)."""
    return np.count_nonzero(mask) / mask.size


def look_regions(changed, cards, shape, want=(), margin: float = 0.5, max_share: float = 0.6, take: float = 0.3):
    """Where a look must go when only parts of the picture changed: the changed box and the
    boxes of cards waiting for a reading, each grown by `margin` card heights and then to the
    whole of every last-look card at least `take` inside it (once: grown again and again, the
    regions crept along overlapping stud rows over the whole table); boxes that overlap are merged.
    Cards not wholly inside are kept from the last look (Pipeline). None: look at the whole frame
    (nothing to go on, or the regions would cover most of it)."""
    boxes = ([changed] if changed is not None else []) + [b for b in want if b is not None]
    if not boxes:
        return None
    H, W = shape[:2]
    heights = sorted(c.box[3] - c.box[1] for c in cards)
    grow = margin * (heights[len(heights) // 2] if heights else 0.15 * min(H, W))
    regions = []
    for b in boxes:
        r = [b[0] - grow, b[1] - grow, b[2] + grow, b[3] + grow]
        for c in [c for c in cards if inside(c.box, r) >= take]:
            r = _union(r, c.box)
        regions.append(r)
    merged: list = []
    for r in sorted(regions):
        m = next((m for m in merged if boxes_overlap(m, r)), None)
        if m is None:
            merged.append(r)
        else:
            m[:] = _union(m, r)
    regions = [(max(0.0, r[0] - 4), max(0.0, r[1] - 4), min(float(W), r[2] + 4), min(float(H), r[3] + 4))
               for r in merged]
    if sum((r[2] - r[0]) * (r[3] - r[1]) for r in regions) > max_share * W * H:
        return None
    return regions


def _union(a, b) -> list:
    return [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]


class CachedReads:
    """A `Recogniser` that classifies only corner indices it has not just read at the same place.

    Everything else is the wrapped recogniser's own (its thresholds, its detector, its assembly of
    cards from faces, backs and indices): `recognise` is the recogniser's method run with this
    object's `classify`."""

    def __init__(self, recogniser, max_age: int = 6, min_iou: float = 0.6, max_diff: float = 5.0):
        self._data_names: set = set()  # recogniser attributes known not to be methods
        self.rec = recogniser
        self.max_age, self.min_iou, self.max_diff = max_age, min_iou, max_diff
        self._entries: list = []   # [box, thumbnail, probs row, embedding row, uses, last look]
        self._jokers: list = []  # [index boxes, their thumbnails, verdict, uses, last look]
        self._look = 0
        self.hits = self.misses = 0

    def __getattr__(self, name):
        # the recogniser's methods run on this object (so that theirs call our `classify`), its
        # data (sessions, thresholds) is read from it
        # (each name is looked up once: a look asks for ~60 of them)
        data = self.__dict__.get("_data_names")
        if data is None or name.startswith("__"):  # not set up (a copy being made)
            raise AttributeError(name)
        if name not in data:
            method = inspect.getattr_static(type(self.rec), name, None)
            if isinstance(method, types.FunctionType):  # a plain method (not static, class or property)
                bound = self.__dict__[name] = method.__get__(self)
                return bound
            data.add(name)
        return getattr(self.rec, name)  # data: always the recogniser's current value

    def recognise(self, frame, region=None):
        # reads not matched at the last look or this one are forgotten (a recogniser may classify
        # in more than one call per frame: the memory lives across calls, per look); a region
        # look keeps the reads of the cards outside it
        self._look += 1
        if region is not None:  # reads outside the region stay as current as the cards they belong to
            for e in self._entries:
                if not any(boxes_overlap(e[0], r) for r in region_boxes(region)):
                    e[5] = self._look
            for e in self._jokers:
                if not any(boxes_overlap(b, r) for b in e[0] for r in region_boxes(region)):
                    e[4] = self._look
        self._entries = [e for e in self._entries if e[5] >= self._look - 1]
        self._jokers = [e for e in self._jokers if e[4] >= self._look - 1]
        if region is None:
            return type(self.rec).recognise(self, frame)
        return type(self.rec).recognise(self, frame, region)

    def _unchanged(self, gray, box, thumb) -> bool:
        """Does this box of the picture look as it did (`thumb`, its `box_thumb` then)?"""
        now = box_thumb(gray, box)
        return now is not None and thumb is not None \
            and cv2.norm(now, thumb, cv2.NORM_L1) <= self.max_diff * now.size  # mean |difference|

    def _remembered(self, gray, box):
        if not self._entries:
            return None
        ious = _ious(box, np.array([e[0] for e in self._entries]))  # (one numpy pass: a look has ~50)
        for k in np.flatnonzero(ious >= self.min_iou):
            e = self._entries[k]
            if e[4] < self.max_age and self._unchanged(gray, e[0], e[1]):
                return e
        return None

    def joker_holds(self, frame, card) -> bool:
        """The recogniser's check of a joker read, kept as a read is: while each of the card's index
        boxes is found again at its place looking the same, for `max_age` looks (a joker lying still
        had 5 crops classified again at every look)."""
        gray = frame[..., 1]
        boxes = [tuple(float(v) for v in b) for b in card.index_boxes]
        for e in self._jokers:
            if e[3] < self.max_age and len(e[0]) == len(boxes) and all(
                    iou(a, b) >= self.min_iou and self._unchanged(gray, a, t)
                    for a, t, b in zip(e[0], e[1], boxes)):
                e[3] += 1
                e[4] = self._look
                return e[2]
        held = type(self.rec).joker_holds(self, frame, card)
        if boxes:  # (replaces a verdict that has served its time)
            self._jokers = [e for e in self._jokers if iou(e[0][0], boxes[0]) < self.min_iou]
            self._jokers.append([boxes, [box_thumb(gray, b) for b in boxes], held, 0, self._look])
        return held

    def classify(self, frame, boxes):
        if not len(boxes):
            return self.rec.classify(frame, boxes)
        gray = frame[..., 1]
        rows, embs, todo = [None] * len(boxes), [None] * len(boxes), []
        for i, b in enumerate(boxes):
            e = self._remembered(gray, b)
            if e is None:
                todo.append(i)
                continue
            rows[i], embs[i] = e[2], e[3]
            e[4] += 1
            e[5] = self._look
            self.hits += 1
        if todo:
            probs, emb = self.rec.classify(frame, [boxes[i] for i in todo])
            for k, i in enumerate(todo):
                rows[i], embs[i] = probs[k], emb[k]
                box = tuple(float(v) for v in boxes[i])  # (replaces a read that has served its time)
                if self._entries:
                    ious = _ious(box, np.array([e[0] for e in self._entries]))
                    self._entries = [e for e, v in zip(self._entries, ious) if v < self.min_iou]
                self._entries.append([box, box_thumb(gray, box), rows[i], embs[i], 0, self._look])
            self.misses += len(todo)
        return np.stack(rows), np.stack(embs)


def region_boxes(region) -> list:
    """A region: one box (x0, y0, x1, y1) or a list of them."""
    return [region] if len(region) == 4 and not hasattr(region[0], "__len__") else list(region)


def box_thumb(gray, box):
    """A 12 x 12 thumbnail of a box of a grey picture (None: the box is under 2 px), to tell whether
    the same place still looks the same (`CachedReads`, `orientation.RereadMemory`)."""
    x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
    x1, y1 = min(gray.shape[1], int(np.ceil(box[2]))), min(gray.shape[0], int(np.ceil(box[3])))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    return cv2.resize(np.ascontiguousarray(gray[y0:y1, x0:x1]), (12, 12), interpolation=cv2.INTER_AREA)


def _ious(a, b: np.ndarray) -> np.ndarray:
    """IoU of box a with each row of b (N x 4)."""
    ix = np.clip(np.minimum(a[2], b[:, 2]) - np.maximum(a[0], b[:, 0]), 0, None)
    iy = np.clip(np.minimum(a[3], b[:, 3]) - np.maximum(a[1], b[:, 1]), 0, None)
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1]) - inter
    return inter / np.maximum(union, 1e-6)


__all__ = ["BUSY", "LOOK", "SAME", "CachedReads", "MotionGate", "look_regions"]
