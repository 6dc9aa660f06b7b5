"""What the enrolment tests share: a card style no model was trained on, and a head fitted on one
render of each of a few cards in it (tests/vision/test_enrol.py, test_enrol_print_negatives.py)."""

from __future__ import annotations

from vision.enrol import build_head, find_examples

# pairs the classifier confuses on unfamiliar art (3/5, 6/9, 4 of hearts/diamonds) plus two more
CODES = ["3S", "5S", "6H", "9H", "4H", "4D", "QC", "TD"]


def unseen_style():
    """A procedural style no model was trained on: condensed serif italic ranks, rank beside
    the suit, an odd four-colour palette on cream paper."""
    from vision.synth.faces import ProceduralStyle, ProcSpec

    colours = {"S": (90, 20, 120), "H": (230, 110, 20), "D": (20, 120, 160), "C": (60, 90, 20)}
    return ProceduralStyle(ProcSpec("test_unseen", "DejaVuSerifCondensed-BoldItalic.ttf", None, colours, "side",
                                    0.09, paper=(240, 232, 210), border=(120, 40, 40)))


def enrol_on(plain, style, codes=CODES):
    """(frames, positives, negatives, head, report): one render of each card, a head fitted on them
    (scale 1 only: the head must learn the cards, not merely sharpen every answer)."""
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import FaceCache
    from vision.synth.scene import render_scene

    cache = FaceCache(300)
    frames = [render_scene(500 + i, [style], [], TRAIN_FAMILIES, cache, size=(960, 540), codes=[c])[0]
              for i, c in enumerate(codes)]
    pos, neg = find_examples(plain, frames, codes)
    head, report = build_head(plain, frames, pos, neg, per_index=12, per_none=3, scales=(1.0,), steps=200)
    return frames, pos, neg, head, report
