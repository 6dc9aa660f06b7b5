"""The learnt Bonnu detector's score and overlap thresholds, swept on TRAINING-style scenes with fresh
seeds (never on the held-out style): prints end to end found / named right / named wrong / false
cards for each pair (prints numbers; not a test).

    python bench/bonnu_detector_thresholds.py [--scenes 60] [--models DIR]

Half the scenes are vision/synth/bonnu.py's (cards apart), half bonnu_detect_data.py's (fans, rows,
piles, each table in turn). Each pair runs the recogniser's own path (detector, outlines snapped to
the classical finder's or refined by the local edge search, classifier).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bonnu_recognition import matched_and_false, scenes  # noqa: E402
from vision.bonnu import BonnuRecogniser  # noqa: E402
from vision.synth.bonnu import TRAIN_STYLES  # noqa: E402

CONFS = (0.3, 0.4, 0.5)
IOUS = (0.3, 0.5, 0.7)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=60)
    ap.add_argument("--models", type=Path)
    ap.add_argument("--imgsz", type=int, help="the detector's input size (longer side; default its own)")
    a = ap.parse_args(argv)
    rec = BonnuRecogniser.from_models(a.models, templates=False, finder="learnt")
    det = rec.detector
    det.imgsz = a.imgsz or det.imgsz
    got = {(c, i): [0, 0, 0, 0, 0] for c in CONFS for i in IOUS}  # cards, found, right, wrong, false
    half = a.scenes // 2
    frames = [*scenes("plain", half, TRAIN_STYLES, 77), *scenes("overlap", a.scenes - half, TRAIN_STYLES, 77)]
    for frame, truths, _, hidden, _ in frames:
        for (c, i), g in got.items():
            det.conf, det.iou = c, i
            quads = rec.find_quads(frame)
            cards = rec.recognise(frame, quads) if quads else []
            m, false = matched_and_false(cards, truths, hidden)
            g[0] += len(truths)
            g[1] += len(m)
            g[2] += sum(cards[j].identity == truths[t].code for t, j in m.items())
            g[3] += sum(cards[j].identity not in (None, truths[t].code) for t, j in m.items())
            g[4] += false
    print(f"{a.scenes} training-style scenes ({half} apart, {a.scenes - half} overlapping)")
    print(f"{'conf':>6}{'iou':>6}{'cards':>7}{'found':>8}{'right':>8}{'wrong':>7}{'false':>7}")
    for (c, i), g in got.items():
        print(f"{c:>6}{i:>6}{g[0]:>7}{g[1] / g[0]:>8.3f}{g[2] / g[0]:>8.3f}{g[3]:>7}{g[4]:>7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
