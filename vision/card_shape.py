"""The card-shape rule: a read is a card only where it looks like one — a card-shaped face box
with its corner index inside it.

On real phone photos (issue 23) headlines and body text of a newspaper were read as the joker and
boxed text blocks came out as unread faces: the detector boxes a column of print as a face and a
word in it as an index, and the classifier names the word. Print has no card's outline, so the
geometry of the boxes says what the reads alone do not:

* a face box that shows a whole card (not cut by the frame's edge, not overlapping another card)
  has a card's shape: its long side at most `max_aspect` times its short side (a card is 1.4:1;
  turned, its bounding box is squarer; a tilted camera stretches it somewhat, never to a column);
* an index the card is read from lies inside its face box and is a card index's size there
  (`index_share` of the box's long side): a word inside a page-sized box is not (one is enough: a
  twin boxed half outside the face still belongs to it);
* a card read from its index alone (no face box of its own: the rest of it covered) lies against
  the card covering it, or at the frame's edge; a lone word on a page touches no card;
* an unread face needs a card's shape too, and an index box inside it (not in a corner: an index
  the detector boxed off the corner still shows a card there; asking for a corner lost a tenth of
  the cards found on plain frames, bench/recognition.py --clutter) — unless the face is dim
  (median grey under `dim_face`): in a shadow the detector finds a card's face but often not
  its index, and lit print is bright;
* the joker's index is letters alone (J K, JOKER), which print is full of, where every other
  card's has a suit pip: a joker read must hold when its crop moves (`steady_joker`: the geometric
  mean of the joker's probability over the crop and the crop moved `shift` of the index's size
  each of 4 ways, at least `joker_steady`). A real index has blank card round it and reads the same;
  a word in a line of print reads as its neighbours once the crop moves (the jokers named on 30
  plain, 30 on-newspaper and 120 print-only frames of vision/synth/buckets.py: 6 true ones at 0.86
  to 1.0, 11 from print at 0.35 to 0.87, 7 of them under 0.8 — chosen on those frames; a bare
  threshold on the read, 0.95, lost 3 of the 6 true jokers).

What fails is dropped (not announced as a card at all); `Recogniser.card_shape = None` turns the
rule off (bench/recognition.py --no-card-shape measures with and without).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .assembly import CardDetection
from .boxes import boxes_overlap, inside
from .labels import IDENTITIES


def _long_short(box) -> tuple[float, float]:
    w, h = box[2] - box[0], box[3] - box[1]
    return max(w, h), max(1e-6, min(w, h))


def _grown(box, by: float):
    w, h = box[2] - box[0], box[3] - box[1]
    return (box[0] - by * w, box[1] - by * h, box[2] + by * w, box[3] + by * h)


@dataclass
class CardShapeRule:
    max_aspect: float = 1.9  # long / short side of a whole card's face box (1.4 square-on)
    index_share: tuple = (0.08, 0.5)  # an index's long side over its face box's long side
    min_inside: float = 0.6  # share of an index box inside its face box
    edge_px: float = 3.0  # a box this near the frame's edge may be cut by it
    touch: float = 0.5  # a loose index, grown by this share of its size, must meet another card
    joker_steady: float = 0.8
    shift: float = 0.12  # as the recogniser's second look (Recogniser.SHIFT)
    dim_face: float = 100.0

    def _cut(self, box, frame_shape) -> bool:
        H, W = frame_shape[:2]
        e = self.edge_px
        return box[0] < e or box[1] < e or box[2] > W - e or box[3] > H - e

    def _card_shaped(self, box) -> bool:
        long, short = _long_short(box)
        return long <= self.max_aspect * short

    def _index_fits(self, ib, box) -> bool:
        lo, hi = self.index_share
        return inside(ib, box) >= self.min_inside and lo <= _long_short(ib)[0] / _long_short(box)[0] <= hi

    def _dim(self, frame: np.ndarray, box) -> bool:
        x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
        patch = frame[y0:max(y0 + 1, int(box[3])), x0:max(x0 + 1, int(box[2])), 1]  # green: most of a grey level's weight
        return patch.size > 0 and float(np.median(patch)) < self.dim_face

    def keep(self, card: CardDetection, others: list, faces: list, index_boxes: list, frame: np.ndarray,
             reread: bool = False) -> bool:
        """Does this face-up card pass? others: the look's other cards' boxes; faces: the
        detector's face boxes; index_boxes: its index boxes (for an unread face); frame: RGB;
        reread: named by its re-read turned upright (vision/orientation.py), which found its index,
        turned, where the frame's look found none, and read it alike on the card (or on a card's
        outline): its shape counts."""
        box = card.box
        cut = self._cut(box, frame.shape)
        if card.identity is not None and not reread and not any(_same_box(box, f) for f in faces):
            # read from its index alone
            return cut or any(boxes_overlap(_grown(ib, self.touch), o) for ib in card.index_boxes for o in others)
        # a card's shape, or only part of a card in view (cut by the frame's edge, or overlapping
        # another card: asked only of a box not card-shaped, most cards' boxes are)
        shaped = self._card_shaped(box) or cut or any(max(inside(o, box), inside(box, o)) > 0.05 for o in others)
        if reread:
            return shaped
        if card.identity is None:
            return shaped and self._unread_face_ok(box, index_boxes, frame)
        return shaped and any(self._index_fits(ib, box) for ib in card.index_boxes)

    def _unread_face_ok(self, box, index_boxes: list, frame: np.ndarray) -> bool:
        """An index box inside it, or dim light (see the module's doc)."""
        return any(inside(ib, box) >= self.min_inside for ib in index_boxes) or self._dim(frame, box)

    def steady_joker(self, frame: np.ndarray, card: CardDetection, read) -> bool:
        """Does a joker read hold with its crop moved (see the module's doc)? read: boxes of the frame
        -> the classifier's probabilities for the crops there (`Recogniser.read_boxes`)."""
        boxes = []
        for x0, y0, x1, y1 in card.index_boxes:
            d = self.shift * max(x1 - x0, y1 - y0)
            boxes += [(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for dx, dy in ((0, 0), (d, 0), (-d, 0), (0, d), (0, -d))]
        if not boxes:
            return False
        p = read(boxes)[:, IDENTITIES.index("JK")].reshape(-1, 5)
        return float(np.exp(np.log(p + 1e-6).mean(1)).max()) >= self.joker_steady

    def apply(self, cards: list[CardDetection], faces: list, index_boxes: list, frame: np.ndarray,
              joker_holds=None, reread: dict | None = None) -> list[CardDetection]:
        """The cards of one look that pass (backs always do). faces, index_boxes: the detector's
        boxes of the look; frame: the RGB frame; joker_holds(frame, card): the joker's check
        (`steady_joker` with the recogniser's reads; None: no joker check); reread: id of a card named
        by a re-read turned upright -> the unread face it was. A re-read's name that fails is dropped,
        not the face: it is judged again as the unread face it was (a joker's read is checked on the
        frame's own index, so a re-read joker is never kept)."""
        reread = reread or {}
        cards = [c if id(c) not in reread or c.identity != "JK" and self.keep(
            c, [o.box for o in cards if o is not c], faces, index_boxes, frame, True) else reread[id(c)]
            for c in cards]

        def passing(group, others):
            return [c for c in group if self.keep(c, [o.box for o in others if o is not c], faces, index_boxes,
                                                  frame, id(c) in reread)]

        backs = [c for c in cards if not c.face_up]
        # faces first, then the cards read from an index alone against those that stayed: a word's
        # read must not stay for lying inside a column of print boxed as a face
        loose = [c for c in cards if c.face_up and c.identity and not any(_same_box(c.box, f) for f in faces)]
        kept = passing([c for c in cards if c.face_up and c not in loose], cards)
        kept += passing(loose, kept + backs + loose)
        if joker_holds is not None:  # (last: the only part that runs the classifier, rarely)
            kept = [c for c in kept if c.identity != "JK" or joker_holds(frame, c)]
        return [c for c in cards if c in kept or not c.face_up]


def _same_box(a, b) -> bool:
    return all(abs(float(x) - float(y)) < 1e-3 for x, y in zip(a, b))
