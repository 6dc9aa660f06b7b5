"""The camera path's "is it still there?" check (vision/pipeline.py): before a card the detector lost is
removed, its place must look different from how it looked. A card settling half over it changes that
look: the card underneath must then be kept while the detector finds only the card on top, and still be
removed when it really goes."""

import numpy as np

from vision.calibration import Calibration, Zone, ZoneMap
from vision.observations import DEALT, REMOVED
from vision.pipeline import Pipeline
from vision.recogniser import CardDetection
from vision.sources import Frame

A = (100, 300, 180, 410)  # a hole card
B = (140, 304, 220, 414)  # the card dealt half over it
ZONES = ZoneMap([Zone("seat:1", [[0, 200], [640, 200], [640, 480], [0, 480]])], "image", card_size=110)


def table(*cards):
    img = np.full((480, 640, 3), 40, np.uint8)  # plain felt
    for i, (x0, y0, x1, y1) in enumerate(cards):  # each card its own printed pattern, the same every frame
        pattern = np.random.default_rng(i + 1).integers(0, 255, (y1 - y0, x1 - x0, 3), dtype=np.uint8)
        img[y0:y1, x0:x1] = pattern
    return img


class Scripted:
    """Backs where the script says, whatever the picture (a detector that loses the card underneath)."""

    def __init__(self):
        self.boxes = []

    def recognise(self, image):
        return [CardDetection(b, False, None, 0.9) for b in self.boxes]


def run(gone: bool):
    rec = Scripted()
    p = Pipeline(rec, Calibration(ZONES))
    both = table(A, B)
    frames = [(table(A), [A])] * 10 + [(both, [A, B])] * 6
    after = table(B) if gone else both  # the hole card taken away, or still lying under B
    frames += [(after, [B])] * 60  # the detector now finds B only
    for i, (img, boxes) in enumerate(frames):
        rec.boxes = boxes
        p.step(Frame(i, img, i / 10))
    return [(o.kind, o.track) for o in p.observations]


def test_a_card_half_covered_by_the_one_dealt_over_it_is_not_removed_while_unseen():
    obs = run(gone=False)
    assert [k for k, _ in obs] == [DEALT, DEALT]  # A, then B; A is never "removed"


def test_the_covered_card_is_still_removed_when_it_goes():
    obs = run(gone=True)
    assert [k for k, _ in obs] == [DEALT, DEALT, REMOVED] and obs[2][1] == obs[0][1]
