"""The enrolment's printed-matter "none" examples: crops of print as the run time cuts them.

    python -m vision.synth.print_negatives models/enrol_none_print.npz [--frames 400] [--seed 9100000]

An enrolled head (vision/enrol_head.py) learns "none" only from its enrolment frames, which hold no
print; enrolled on the held-out deck it named newspaper text the ten of clubs (issue 23: false cards
on print with no card 26.7 -> 73.3 per 100 frames). Every enrolment fit therefore also gets these.

They are what the head sees on print at run time: frames of print rendered by vision/synth/printed.py
(newspaper, magazine, game-box art, lettered cloth; even frames print alone, odd ones the print under
cards, whose boxes are left out), the shipped detector run on each, and every index box it draws
(>= the recogniser's index threshold) cut as `crop_square` cuts it, with a margin so the fit can
jitter the box as a detector would (vision/enrol_print.py's `PATCH` px at the run-time crop's scale;
the box's long side is `BOX_SIDE` px in it). Crops, not embeddings: the file serves whatever classifier is loaded at fit
time. Seeds 9,100,000 on: apart from the benches' (7,000,000 and 7,500,000 on) and the enrolment
bench's frames. Saved as JPEG inside an .npz (the host's laptop needs neither the fonts nor this).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

from ..crops import CROP, PAD, crop_square
from ..enrol_print import FORMAT, PATCH
from ..labels import INDEX

SEED = 9_100_000
PER_FRAME = 8  # at most this many boxes of one frame (a page of print gives dozens alike; and the file stays small)
JPEG_QUALITY = 85


def patch_around(frame: np.ndarray, box) -> tuple[np.ndarray, float]:
    """(PATCH x PATCH crop around the box at the run-time crop's scale, box height / width)."""
    w, h = float(box[2] - box[0]), float(box[3] - box[1])
    return crop_square(frame, box, size=PATCH, pad=PAD * PATCH / CROP), h / max(w, 1e-6)


def _clear_of_cards(box, truths, margin: float = 0.1) -> bool:
    for t in truths:
        if t.box is None:
            continue
        x0, y0, x1, y1 = t.box
        mx, my = margin * (x1 - x0), margin * (y1 - y0)
        if box[0] < x1 + mx and box[2] > x0 - mx and box[1] < y1 + my and box[3] > y0 - my:
            return False
    return True


def print_frame(i: int, seed: int = SEED):
    """Frame i: print alone (even i) or print under cards of the training styles (odd i)."""
    from .buckets import _styles_and_cache
    from .printed import PRINTED_FAMILIES
    from .scene import render_scene

    styles, cache = _styles_and_cache()  # (registers the printed families)
    family = PRINTED_FAMILIES[(i // 2) % len(PRINTED_FAMILIES)]
    if i % 2 == 0:
        return render_scene(seed + i, styles, [], (family,), cache, codes=[])
    return render_scene(seed + i, styles, [], (family,), cache, table=True)


def collect(rec, frames: int, seed: int = SEED) -> tuple[list, list, list]:
    """([patch], [aspect], [frame number]) of the detector's index boxes on `frames` print frames."""
    rng = np.random.default_rng(seed)
    patches, aspects, sources = [], [], []
    for i in range(frames):
        frame, truths = print_frame(i, seed)
        boxes = [b for k, c, b in rec.detect(frame) if k == INDEX and _clear_of_cards(b, truths)]
        if len(boxes) > PER_FRAME:
            boxes = [boxes[j] for j in sorted(rng.choice(len(boxes), PER_FRAME, replace=False))]
        for b in boxes:
            p, a = patch_around(frame, b)
            patches.append(p)
            aspects.append(a)
            sources.append(i)
    return patches, aspects, sources


def save(path: Path, patches, aspects, sources, meta: dict) -> Path:
    blobs = []
    for p in patches:
        ok, buf = cv2.imencode(".jpg", np.ascontiguousarray(p), [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        if not ok:
            raise OSError("JPEG encoding failed")
        blobs.append(buf.ravel())
    offsets = np.cumsum([0] + [len(b) for b in blobs]).astype(np.int64)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:  # (a handle: np.savez keeps the name as given)
        np.savez_compressed(f, format=FORMAT, jpeg=np.concatenate(blobs) if blobs else np.zeros(0, np.uint8),
                            offsets=offsets, aspect=np.float32(aspects), source=np.int32(sources),
                            patch=PATCH, **{k: str(v) for k, v in meta.items()})
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--frames", type=int, default=400)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--models", type=Path, default=None, help="the detector to draw the boxes (default: shipped)")
    a = ap.parse_args(argv)
    from ..model_files import file_sha256
    from ..recogniser import Recogniser

    rec = Recogniser.from_models(a.models, templates=False)
    patches, aspects, sources = collect(rec, a.frames, a.seed)
    p = save(a.out, patches, aspects, sources,
             {"seed": a.seed, "frames": a.frames, "detector_sha256": file_sha256(rec.model_files["detector"])})
    print(f"{len(patches)} crops of print from {a.frames} frames ({len(set(sources))} with a box) -> {p} "
          f"({p.stat().st_size / 1e6:.2f} MB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
