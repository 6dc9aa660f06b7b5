"""The camera path's "is it still there?" check (vision/pipeline.py): before a card the detector lost is
removed, its place must look different from how it looked. A card settling half over it changes that
look: the card underneath must then be kept while the detector finds only the card on top, and still be
removed when it really goes."""

import numpy as np

from vision.assembly import CardDetection
from vision.calibration import Calibration, Zone, ZoneMap
from vision.observations import DEALT, REMOVED
from vision.pipeline import Pipeline
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


class Faint:
    """A back at A, then (from frame `turn`) only a faint unread face there (0.36: under the
    tracker's `flip_face_conf`), whatever the picture."""

    def __init__(self, turn):
        self.turn = turn

    def recognise_frame(self, frame):
        if frame.index < self.turn:
            return [CardDetection(A, False, None, 0.9)]
        return [CardDetection(A, True, None, 0.0, 0.36)]


def test_a_hole_card_turned_up_but_seen_only_faintly_is_exposed_when_its_place_turned_to_paper():
    from vision.observations import EXPOSED

    white = table()
    white[A[1]:A[3], A[0]:A[2]] = (245, 245, 240)  # the face: card stock
    for shown, exposed in ((white, True), (table(A), False)):  # turned up / still its back (a neighbour's edge)
        p = Pipeline(Faint(10), Calibration(ZONES))
        for i in range(50):
            p.step(Frame(i, table(A) if i < 10 else shown, i / 10))
        kinds = [(o.kind, o.card, o.unconfirmed) for o in p.observations]
        assert kinds == [(DEALT, None, False)] + ([(EXPOSED, None, True)] if exposed else []), kinds


class Script:
    """The boxes a list says for each frame (a test double keyed by frame): A a back, others QC."""

    def __init__(self, boxes_by_frame):
        self.boxes = boxes_by_frame

    def recognise_frame(self, frame):
        return [CardDetection(b, False, None, 0.9) if b == A else CardDetection(b, True, "QC", 0.95, 0.9)
                for b in self.boxes[frame.index]]


def test_a_card_hidden_by_the_dealing_hand_as_the_next_one_came_over_it_keeps_its_new_look():
    """The hand dealing B (face up) hides A for the looks before B settles half over it: A's look at its place
    is still retaken (A was seen by its own box as B came in), so A is not removed later while the
    detector finds only B."""
    path = [(B[0] + d, B[1], B[2] + d, B[3]) for d in (90, 60, 30)]  # B sliding in; A not found meanwhile
    frames = [(table(A), [A])] * 10 + [(table(A, b), [b]) for b in path] + [(table(A, B), [B])] * 70
    p = Pipeline(Script([b for _, b in frames]), Calibration(ZONES))
    for i, (img, _) in enumerate(frames):
        p.step(Frame(i, img, i / 10))
    assert [o.kind for o in p.observations] == [DEALT, DEALT]
