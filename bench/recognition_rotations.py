"""Cards at every turn in the plane: the recogniser with and without `reorient` (vision/orientation.py).

    python bench/recognition_rotations.py [--frames 150] [--seed 7] [--json]

Frames: `render_scene` table frames (every layout: scatter, piles and some fans lie at any turn, stud
rows near 0 or 180 degrees) in the procedural `proc_lib_*` styles, which no shipped detector trained
on (the classifier saw their corner crops; the held-out `younes` artwork needs the npm decks, not
here), half on the held-out `patterned` background family, half on the training families, as the
held-out frames of `croupier synth` are made. Each counted face-up card (a corner index >= 70 %
visible, bench/recognition.py) falls into the bucket of its turn (0, 45, ... 315, each +-22.5 deg,
clockwise on screen, from its quad). Per bucket: found (any prediction matched to it), read right, read
wrong, unread; overall the predictions naming a card not in the frame (false cards), and the time.

Reorient on and off are each the recogniser's whole `recognise`: on, the unread faces are re-read
before the card-shape rule (vision/card_shape.py), which also judges the re-reads' names.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from recognition import read_outcome, score_frame  # noqa: E402

from vision.recogniser import Recogniser  # noqa: E402
from vision.synth.backgrounds import HELD_OUT_FAMILIES, TRAIN_FAMILIES  # noqa: E402
from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle  # noqa: E402
from vision.synth.scene import render_scene  # noqa: E402

STYLES = ("proc_lib_serif", "proc_lib_thin", "proc_lib_sans", "proc_lib_narrow")
BUCKETS = tuple(range(0, 360, 45))


def card_turn(quad) -> float:
    """A card's turn in degrees, clockwise on screen, 0 = upright: from its quad (TL TR BR BL)."""
    q = np.asarray(quad, np.float64)
    up = (q[0] + q[1]) / 2 - (q[3] + q[2]) / 2
    return float(np.degrees(np.arctan2(up[0], -up[1])) % 360)


def bucket(turn: float) -> int:
    return int(round(turn / 45)) % 8 * 45


def tally(cards, truth, out: dict) -> None:
    sc = score_frame(cards, truth)
    for gi, g in enumerate(truth["cards"]):
        if not (sc["counted"][gi] and g["face_up"]):
            continue
        t = out[bucket(card_turn(g["quad"]))]
        t["cards"] += 1
        if gi in sc["matched"]:
            t["found"] += 1
            t[read_outcome(g["code"], cards[sc["matched"][gi]].identity)] += 1
        else:
            t["missed"] += 1
    out["all"]["false_cards"] += sc["counts"]["false_card"]
    out["all"]["identified"] += sc["counts"]["pred_identified"]


def run(rec: Recogniser, frames: int, seed: int) -> dict:
    styles = [ProceduralStyle(PROC_SPECS[s]) for s in STYLES]
    cache = FaceCache(420)
    res = {m: {b: Counter() for b in (*BUCKETS, "all")} for m in ("off", "on")}
    secs = Counter()
    for i in range(frames):
        fam = HELD_OUT_FAMILIES if i % 2 == 0 else TRAIN_FAMILIES
        frame, truths = render_scene(int(np.random.SeedSequence([seed, 9, i]).generate_state(1)[0]), styles, [],
                                     fam, cache)
        truth = {"cards": [t.to_json() for t in truths]}
        # the recogniser as it runs: with reorient the re-reads come before the card-shape rule,
        # which judges their names (a re-read's name needs a card's outline)
        rec.reorient = False
        t0 = time.perf_counter()
        off = rec.recognise(frame)
        t1 = time.perf_counter()
        rec.reorient = True
        on = rec.recognise(frame)
        t2 = time.perf_counter()
        secs["off"] += t1 - t0
        secs["on"] += t2 - t1
        tally(off, truth, res["off"])
        tally(on, truth, res["on"])
    rec.reorient = True
    for m in res.values():
        for b in BUCKETS:
            for k, v in m[b].items():
                if k != "false_cards":
                    m["all"][k] += v
    return {"frames": frames,
            "ms_per_frame_off": round(1000 * secs["off"] / frames, 1),
            "ms_per_frame_on": round(1000 * secs["on"] / frames, 1),
            "off": {str(b): dict(v) for b, v in res["off"].items()},
            "on": {str(b): dict(v) for b, v in res["on"].items()}}


def table(out: dict) -> str:
    lines = [f"{'turn':>6} {'cards':>6} | {'found':>6} {'right':>6} {'wrong':>6} {'unread':>6} {'id':>6} | "
             f"{'right':>6} {'wrong':>6} {'unread':>6} {'id':>6}",
             f"{'':>13} | {'reorient off':^34} | {'reorient on':^27}"]
    for b in (*map(str, BUCKETS), "all"):
        off, on = out["off"][b], out["on"][b]
        n = off.get("cards", 0)

        def row(m, found=True):
            cells = [f"{m.get(k, 0):>6}" for k in (("found",) if found else ()) + ("right", "wrong", "unread")]
            return " ".join(cells + [f"{m.get('right', 0) / max(1, n):>6.3f}"])
        lines.append(f"{b:>6} {n:>6} | {row(off)} | {row(on, False)}")
    for m in ("off", "on"):
        a = out[m]["all"]
        lines.append(f"reorient {m}: false cards {a.get('false_cards', 0)} of {a.get('identified', 0)} named")
    lines.append(f"{out['frames']} frames; recognise {out['ms_per_frame_off']} ms/frame with reorient off, "
                 f"{out['ms_per_frame_on']} ms/frame on")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=150)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--models", type=Path, default=None)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rec = Recogniser.from_models(a.models)
    out = run(rec, a.frames, a.seed)
    print(json.dumps(out, indent=1) if a.json else table(out))


if __name__ == "__main__":
    main()
