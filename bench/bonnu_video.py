"""The Bonnu round video through the camera path with the REAL Bonnu recogniser (prints numbers; not a
timed test: tests/vision/test_bonnu_video.py runs it with an oracle detector).

    python bench/bonnu_video.py [--finder both|classic|learnt] [--models DIR]

Renders tests/vision/bonnu_round.jsonl's deal script (seed 3, 960 x 540, as the test) and runs
`vision.pipeline.Pipeline` with `BonnuRecogniser` (the classical outline finder or the learnt
detector, then the classifier) told the deck is Bonnu, then prints the card facts expected, missed,
wrong and extra, and how many of the script's cards the camera reported at all.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.events import loads_jsonl  # noqa: E402
from vision.bonnu import BonnuRecogniser  # noqa: E402
from vision.calibration import Calibration  # noqa: E402
from vision.dealscript import from_log  # noqa: E402
from vision.pipeline import Pipeline  # noqa: E402
from vision.scoring import score_observations  # noqa: E402
from vision.sources import open_source  # noqa: E402
from vision.video import render  # noqa: E402

ROUND = Path(__file__).resolve().parent.parent / "tests/vision/bonnu_round.jsonl"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--finder", choices=["both", "classic", "learnt"], default="both")
    ap.add_argument("--models", type=Path)
    ap.add_argument("--imgsz", type=int, help="the learnt detector's input size (longer side; default its own)")
    a = ap.parse_args(argv)
    script = from_log(loads_jsonl(ROUND.read_text(encoding="utf-8"), str(ROUND)), seed=3)
    with tempfile.TemporaryDirectory() as tmp:
        video = Path(tmp) / "round.mp4"
        truth, _ = render(script, video, preset="veryfast")
        cards = sorted({e["card"] for e in truth.expected})
        print(f"bonnu round video: {truth.n_frames} frames, {len(truth.expected)} card facts expected "
              f"({len(cards)} cards)")
        for f in ("classic", "learnt") if a.finder == "both" else (a.finder,):
            rec = BonnuRecogniser.from_models(a.models, templates=False, finder=f)
            if rec.detector is not None and a.imgsz:
                rec.detector.imgsz = a.imgsz
            p = Pipeline(rec, Calibration(truth.zones), host_events=script.host_events())
            t0 = time.perf_counter()
            p.run(open_source(video))
            wall = time.perf_counter() - t0
            covered = [o for o in p.observations if o.kind == "removed" and o.zone == "pile"]
            sc = score_observations([o for o in p.observations if o not in covered], truth.expected)
            seen = {o.card for o in p.observations if o.kind == "dealt"}
            laid = [e for e in p.referee.events if e.type in ("card_laid", "cut_laid")]
            print(f"  {f} finder: cards reported {len(seen & set(cards))} of {len(cards)}; card facts missed "
                  f"{len(sc.missed)}, wrong {len(sc.wrong)}, extra {len(sc.extra)}; referee events laid/cut "
                  f"{len(laid)}, asked the host {len(p.adapter.needs_host)}; {wall:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
