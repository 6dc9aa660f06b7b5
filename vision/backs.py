"""One deck, one back: a face-down detection must look like the deck's back.

The detector sometimes boxes a "back" that is no card: the seam between a face-down card and
the face-up card dealt beside it (the right half of one, the left half of the other), a chip
stack, a sleeve. Every card of a deck shows the same back, so the backs the detector is sure of
teach what this table's backs look like (a hue-saturation histogram; a few looks for a second
deck), and an unsure back that looks like none of them is dropped before the tracker sees it.
Until a sure back has been seen nothing is dropped.
"""

from __future__ import annotations

import cv2
import numpy as np

from .boxes import inside

H_BINS, S_BINS = 18, 8


def _hsv(image: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> np.ndarray | None:
    """HSV of an RGB image's box, clipped to the image; None when less than 4 x 4 pixels."""
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(image.shape[1], x1), min(image.shape[0], y1)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    return cv2.cvtColor(np.ascontiguousarray(image[y0:y1, x0:x1]), cv2.COLOR_RGB2HSV)


def back_histogram(image: np.ndarray, box, exclude=()) -> np.ndarray | None:
    """Normalised hue x saturation histogram of the middle of a box (RGB image), leaving out the
    parts inside the boxes `exclude` (other cards' backs); None when too little is left."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    w, h = x1 - x0, y1 - y0
    x0, y0 = max(0, x0 + w // 10), max(0, y0 + h // 10)  # the middle: not the table around it
    x1, y1 = min(image.shape[1], x1 - w // 10), min(image.shape[0], y1 - h // 10)
    hsv = _hsv(image, x0, y0, x1, y1)
    if hsv is None:
        return None
    mask = np.full((y1 - y0, x1 - x0), 255, np.uint8)
    for e in exclude:
        ex0, ey0 = max(0, int(round(e[0])) - x0), max(0, int(round(e[1])) - y0)
        ex1, ey1 = min(x1 - x0, int(round(e[2])) - x0), min(y1 - y0, int(round(e[3])) - y0)
        if ex1 > ex0 and ey1 > ey0:
            mask[ey0:ey1, ex0:ex1] = 0
    if np.count_nonzero(mask) < max(16, 0.15 * mask.size):
        return None
    hist = cv2.calcHist([hsv], [0, 1], mask, [H_BINS, S_BINS], [0, 180, 0, 256])
    return cv2.normalize(hist, None, 1, 0, cv2.NORM_L1)


class BackLook:
    """Learns the deck's back from sure detections; `keep(image, cards)` drops unlike backs.

    sure: detector confidence of a back that teaches (and is always kept); alike: histogram
    intersection (0..1) a back needs with one of the learned looks; rate: how fast a look follows
    the light (a moving average)."""

    def __init__(self, sure: float = 0.75, alike: float = 0.4, rate: float = 0.1, max_looks: int = 3,
                 within: float = 0.7):
        self.sure, self.alike, self.rate, self.max_looks, self.within = sure, alike, rate, max_looks, within
        self.looks: list[np.ndarray] = []
        self.dropped = 0

    def likeness(self, hist: np.ndarray) -> float:
        return max((float(cv2.compareHist(h, hist, cv2.HISTCMP_INTERSECT)) for h in self.looks), default=1.0)

    def learn(self, hist: np.ndarray) -> None:
        if not self.looks:
            self.looks.append(hist)
            return
        sims = [float(cv2.compareHist(h, hist, cv2.HISTCMP_INTERSECT)) for h in self.looks]
        i = int(np.argmax(sims))
        if sims[i] >= self.alike:
            self.looks[i] = (1 - self.rate) * self.looks[i] + self.rate * hist
        elif len(self.looks) < self.max_looks:  # a second deck's back, seen surely
            self.looks.append(hist)

    def keep(self, image: np.ndarray, cards: list, learn: bool = True, judge=None) -> list:
        """cards: `CardDetection`s of one look. Sure backs teach first (learn=False: not this time;
        the camera path learns at its whole looks), then unsure ones are judged (judge: only these
        of them, e.g. what a region look found; the others were judged when found). A confidence
        of 0 is a stand-in recogniser's "not said": such a back is neither a teacher nor judged."""
        if learn or not self.looks:
            for c in cards:
                if not c.face_up and c.detector_confidence >= self.sure:
                    h = back_histogram(image, c.box)
                    if h is not None:
                        self.learn(h)
        if not self.looks:
            return cards
        judged = None if judge is None else {id(c) for c in judge}
        out = []
        for c in cards:
            if not c.face_up and 0 < c.detector_confidence < self.sure and (judged is None or id(c) in judged):
                # judged on what no surer back explains: a phantom across the seam between a back
                # and the face beside it is then its face part, a hole card half under the card
                # dealt over it its own strip of back
                surer = [o.box for o in cards if not o.face_up and o is not c
                         and o.detector_confidence > c.detector_confidence]
                h = back_histogram(image, c.box, surer)
                if h is not None and self.likeness(h) < self.alike:
                    self.dropped += 1
                    continue
                if h is None and any(inside(c.box, b) >= self.within for b in surer):
                    # nothing of its own left to judge, and mostly one surer back's box: a second box
                    # of that card (reaching past it onto the felt; it turned a card taken away from
                    # the place beside it face down)
                    self.dropped += 1
                    continue
            out.append(c)
        return out


def paper_share(image: np.ndarray, box, white: float) -> float | None:
    """Share of a box's pixels that look like card stock: unsaturated and at least 0.6 x `white`
    bright (`white`: how bright card faces are on this table)."""
    hsv = _hsv(image, *(int(round(v)) for v in box))
    if hsv is None:
        return None
    return float(((hsv[..., 1] < 60) & (hsv[..., 2] >= 0.6 * white)).mean())


class FaceLook:
    """Card faces are printed on white card stock: an unread, unsure "face" that is mostly not
    paper (a pile of chips in the pot, seen as a face at 0.5-0.6) is dropped before the tracker.
    How bright paper is here is learned from the faces that were read (their unsaturated pixels)."""

    def __init__(self, sure: float = 0.75, min_paper: float = 0.5, white: float = 200.0, rate: float = 0.1):
        self.sure, self.min_paper, self.white, self.rate = sure, min_paper, white, rate
        self.dropped = 0

    def learn(self, image: np.ndarray, box) -> None:
        hsv = _hsv(image, *(int(round(v)) for v in box))
        if hsv is None:
            return
        v = hsv[..., 2][hsv[..., 1] < 60]
        if v.size >= 16:
            self.white = (1 - self.rate) * self.white + self.rate * float(np.percentile(v, 75))

    def keep(self, image: np.ndarray, cards: list, learn: bool = True, judge=None) -> list:
        if learn:
            for c in cards:
                if c.face_up and c.identity is not None:
                    self.learn(image, c.box)
        judged = None if judge is None else {id(c) for c in judge}
        out = []
        for c in cards:
            if (judged is None or id(c) in judged) and self.not_paper(image, c):
                self.dropped += 1
                continue
            out.append(c)
        return out

    def not_paper(self, image: np.ndarray, c) -> bool:
        """Is card c an unread, unsure "face" that is mostly not paper (`keep` drops it)?"""
        if not (c.face_up and c.identity is None and 0 < c.detector_confidence < self.sure):
            return False
        share = paper_share(image, c.box, self.white)
        return share is not None and share < self.min_paper


__all__ = ["BackLook", "FaceLook", "back_histogram", "paper_share"]
