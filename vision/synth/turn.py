"""Turned copies of detector training frames: the same scenes seen from other sides of the table.

The scenes lay most stud rows upright (15 % upside down, none sideways), so the detector learnt the
corner index of a covered card far better where an upright row shows it (top left) than where a row
across the table shows it (bottom right, upside down): on the camera path the rows of the seats at
the top of the picture lost their covered cards' indexes (a whole frame turned half a turn found
them). A quarter or half turn of a whole frame is the same table photographed from another side:
no glyph is mirrored (the detector is not trained on mirror images: a mirrored index is not a card).

`turn_dataset(sources, out)` writes every frame of the source image folders (YOLO layout:
`.../images/<split>/*.jpg` beside `.../labels/<split>/*.txt`) turned by a quarter-turn count drawn
per frame from `TURN_SHARES` (deterministic for a seed: same seed, same data), and a data.yaml that
trains on them and validates on `val`. Unturned frames are linked, not copied.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import cv2
import numpy as np

from .dataset import write_data_yaml

TURN_SHARES = {0: 0.4, 2: 0.3, 1: 0.15, 3: 0.15}  # quarter turns clockwise -> share of frames
_ROTATE = {1: cv2.ROTATE_90_CLOCKWISE, 2: cv2.ROTATE_180, 3: cv2.ROTATE_90_COUNTERCLOCKWISE}


def turn_labels(lines: list[str], quarters: int) -> list[str]:
    """YOLO label lines (class cx cy w h, normalised) for the image turned `quarters` x 90 degrees
    clockwise."""
    out = []
    for line in lines:
        parts = line.split()
        if len(parts) != 5:
            continue
        c, x, y, w, h = parts[0], *(float(v) for v in parts[1:])
        for _ in range(quarters % 4):  # one clockwise quarter: (x, y) -> (1 - y, x), w <-> h
            x, y, w, h = 1.0 - y, x, h, w
        out.append(f"{c} {x:.6f} {y:.6f} {w:.6f} {h:.6f}")
    return out


def pick_turn(name: str, seed: int) -> int:
    """The quarter-turn count for frame `name` (stable across runs and machines)."""
    u = (zlib.crc32(f"{seed}:{name}".encode()) & 0xFFFFFFFF) / 2**32
    acc = 0.0
    for q, share in TURN_SHARES.items():
        acc += share
        if u < acc:
            return q
    return 0


def turn_dataset(sources: list[Path], out: Path, val: Path, seed: int = 0) -> dict:
    """Write the turned copies of every image folder in `sources` under out/images/<i>/ (labels
    beside), and out/det/data.yaml (train: those folders, val: `val`). Returns counts per turn."""
    counts = {q: 0 for q in TURN_SHARES}
    train_dirs = []
    for i, src in enumerate(sources):
        src = Path(src).resolve()
        lab_src = Path(str(src).replace(f"{os.sep}images{os.sep}", f"{os.sep}labels{os.sep}"))
        img_out, lab_out = out / "images" / str(i), out / "labels" / str(i)
        img_out.mkdir(parents=True, exist_ok=True)
        lab_out.mkdir(parents=True, exist_ok=True)
        for f in sorted(src.glob("*.jpg")):
            q = pick_turn(f"{i}/{f.name}", seed)
            counts[q] += 1
            lab = lab_src / f"{f.stem}.txt"
            lines = lab.read_text().splitlines() if lab.exists() else []
            (lab_out / f"{f.stem}.txt").write_text("\n".join(turn_labels(lines, q)) + ("\n" if lines else ""))
            dest = img_out / f.name
            if dest.exists() or dest.is_symlink():
                dest.unlink()
            if q == 0:
                dest.symlink_to(f)
            else:
                img = cv2.imread(str(f), cv2.IMREAD_COLOR)
                cv2.imwrite(str(dest), np.ascontiguousarray(cv2.rotate(img, _ROTATE[q])),
                            [cv2.IMWRITE_JPEG_QUALITY, 95])
        train_dirs.append(str(img_out.resolve()))
    (out / "det").mkdir(parents=True, exist_ok=True)
    write_data_yaml(out / "det/data.yaml", out.resolve(), "[" + ", ".join(train_dirs) + "]", str(Path(val).resolve()))
    return counts


__all__ = ["TURN_SHARES", "turn_labels", "pick_turn", "turn_dataset"]
