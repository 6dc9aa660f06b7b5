"""Enrolment from laid-out frames, on a deck style never trained on.

    python bench/enrol_laid_out.py [--artwork build/vision/artwork] [--models models] [--frames 100]

The host's road (`croupier enrol --camera --laid-out`, vision/enrol_confirm.py): the deck is laid
out under the camera, the recogniser pre-fills every card, the host fixes the wrong ones (here the
truth plays the host: a found card takes the identity of the rendered card under it), then the fit.
Deck: the held-out `younes` npm artwork (models/README.md: never in any training split). Measured
on held-out scenes rendered exactly as `croupier synth`'s test split (seed 0: the same frames),
half on the held-out `patterned` backgrounds:

  before                        the shipped classifier, no enrolled head
  one laid-out frame per suit   4 frames (13 cards each, the joker with the last suit)
  two frames per card           8 frames: the 4 above and 4 more (another table, light, order)

The enrolment frames use other seeds than the test scenes and the training backgrounds only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.recognition import score_frame, summarise  # noqa: E402
from vision.enrol_confirm import find_cards, fit_confirmed  # noqa: E402
from vision.recogniser import Recogniser  # noqa: E402
from vision.synth.laid_out import by_suit, render_rows, truth_answers  # noqa: E402

ENROL_SEED = 77_000  # far from the test split's seeds (frame_seed hashes) and from bench/recognition's 12345


def held_out_scenes(artwork: Path, n: int, seed: int = 0):
    """The held-out scenes `croupier synth --seed SEED` writes to DATA/test (vision/synth/dataset.py)."""
    from vision.synth.backgrounds import HELD_OUT_FAMILIES, TRAIN_FAMILIES
    from vision.synth.dataset import frame_seed
    from vision.synth.faces import HELD_OUT_ARTWORK, FaceCache, artwork_backs, make_styles
    from vision.synth.scene import render_scene

    styles, backs, cache = make_styles(artwork, HELD_OUT_ARTWORK), artwork_backs(artwork, held_out=True), FaceCache(420)
    for i in range(n):
        fam = HELD_OUT_FAMILIES if i % 2 == 0 else TRAIN_FAMILIES
        frame, truths = render_scene(frame_seed(seed, "test", i), styles, backs, fam, cache)
        yield frame, {"cards": [t.to_json() for t in truths]}


def measure(rec: Recogniser, scenes) -> dict:
    total, conf = Counter(), Counter()
    for frame, truth in scenes:
        res = score_frame(rec.recognise(frame), truth)
        total += res["counts"]
        conf += res["confusions"]
    return {**summarise(total), "most_confused": [f"{a}->{b} x{k}" for (a, b), k in conf.most_common(6)]}


def table(rows: list[dict]) -> str:
    cols = [("condition", "condition", 30), ("frames", "enrol_frames", 6), ("found", "found", 5),
            ("pre-filled right", "prefilled_right", 16), ("host changes", "host_fixes", 12),
            ("identity acc.", "identity_accuracy", 13), ("read rate", "identity_read_rate", 9),
            ("end to end", "end_to_end_identity", 10), ("false cards", "false_cards", 11)]
    lines = ["  ".join(f"{h:<{w}}" for h, _, w in cols)]
    for r in rows:
        lines.append("  ".join(f"{str(r.get(k, '')):<{w}}" for _, k, w in cols))
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--artwork", type=Path, default=Path("build/vision/artwork"))
    ap.add_argument("--models", type=Path, default=Path("models"))
    ap.add_argument("--frames", type=int, default=100, help="held-out test scenes to score")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    from vision.synth.faces import HELD_OUT_ARTWORK, make_styles

    if not (a.artwork / HELD_OUT_ARTWORK[0]).is_dir():
        print(f"no {HELD_OUT_ARTWORK[0]} artwork in {a.artwork}: run `croupier synth` once (it fetches it "
              "through npm)", file=sys.stderr)
        return 2
    style = make_styles(a.artwork, HELD_OUT_ARTWORK)[0]
    rec = Recogniser.from_models(a.models, templates=False)
    scenes = list(held_out_scenes(a.artwork, a.frames))
    rows = [{"condition": "before (shipped classifier)", **measure(rec, scenes)}]
    for name, sets in (("one laid-out frame per suit", 1), ("two frames per card", 2)):
        t0 = time.time()
        shots = render_rows(style, by_suit(style.codes(), sets, ENROL_SEED), ENROL_SEED)
        frames = [f for f, _ in shots]
        found = find_cards(rec, frames)
        ids = truth_answers(found, shots)
        head, rep = fit_confirmed(rec, frames, found, ids)
        fit_s = round(time.time() - t0, 1)
        rec.templates = head
        try:
            after = measure(rec, scenes)
        finally:
            rec.templates = None
        shown = sum(len([t for t in truths if t.face_up]) for _, truths in shots)
        rows.append({"condition": name, "enrol_frames": len(frames), "cards_shown": shown, "found": len(found),
                     "prefilled_right": sum(c.prefill == i for c, i in zip(found, ids) if i),
                     "host_fixes": rep["fixed"], "enrol_frames_right_before": rep["before"],
                     "enrol_frames_right_after": rep["after"], "fit_seconds": fit_s, **after})
    print(json.dumps({"test_scenes": len(scenes), "rows": rows}, indent=1))
    print(f"held-out style {HELD_OUT_ARTWORK[0]}, {len(scenes)} held-out scenes "
          f"({rows[0]['cards']} countable cards)")
    print(table(rows))
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
