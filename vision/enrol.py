"""`croupier enrol`: teach the recogniser a deck with unusual art from a few frames of it.

The host shows the cards one by one (one image per card, in a known order) or lays them out
in a grid (one image, cards in reading order). Every corner index the detector finds is cut
from the full-resolution frame and embedded by the classifier (its second output, an
L2-normalised 128-vector); the embeddings, in four quarter turns, become per-card templates.
At recognition time a nearest-template vote is blended with the classifier's own answer
(`Recogniser._template_probs`). No training, no torch: seconds on the CPU.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .crops import crop_square
from .labels import FACE, IDENTITIES, INDEX
from .recogniser import TEMPLATES_FILE, Recogniser, _corner_score, default_model_dir, load_frame


def _codes(codes) -> list[int]:
    out = []
    for c in codes:
        c = c.strip().upper().replace("10", "T")
        if c in ("JOKER", "JK"):
            c = "JK"
        if c not in IDENTITIES:
            raise ValueError(f"not a card code: {c!r} (use e.g. AS, TD, 9H, JK)")
        out.append(IDENTITIES.index(c))
    return out


def reading_order(boxes: list) -> list[int]:
    """Indices of boxes sorted in rows (top to bottom), then left to right."""
    if not boxes:
        return []
    b = np.array(boxes, float)
    cy = (b[:, 1] + b[:, 3]) / 2
    h = np.median(b[:, 3] - b[:, 1])
    order = np.argsort(cy)
    rows, cur = [], [order[0]]
    for i in order[1:]:
        if cy[i] - cy[cur[-1]] > 0.5 * h:
            rows.append(cur)
            cur = []
        cur.append(i)
    rows.append(cur)
    return [int(i) for r in rows for i in sorted(r, key=lambda i: b[i, 0])]


def collect_crops(rec: Recogniser, frames, codes) -> tuple[np.ndarray, np.ndarray]:
    """Index crops and their labels from enrolment frames."""
    labels = _codes(codes)
    crops, ys = [], []
    if len(frames) == len(labels):  # one card per frame
        for f, lab in zip(frames, labels):
            dets = rec.detect(f)
            idx = [b for k, c, b in dets if k == INDEX]
            for b in idx:
                crops.append(crop_square(f, b))
                ys.append(lab)
    elif len(frames) == 1:  # a laid-out grid
        f = frames[0]
        dets = rec.detect(f)
        faces = [b for k, c, b in dets if k == FACE]
        if len(faces) != len(labels):
            raise ValueError(f"found {len(faces)} face-up cards but --order lists {len(labels)}")
        order = reading_order(faces)
        for b in [b for k, c, b in dets if k == INDEX]:
            scores = [_corner_score(faces[i], b) for i in order]
            j = int(np.argmax(scores))
            if scores[j] > 0.3:
                crops.append(crop_square(f, b))
                ys.append(labels[j])
    else:
        raise ValueError("give one image per card, or one image of the laid-out cards")
    if not crops:
        raise ValueError("no card index found in the enrolment frames")
    return np.stack(crops), np.array(ys)


def build_templates(rec: Recogniser, crops: np.ndarray, labels: np.ndarray) -> dict:
    embs, labs = [], []
    for k in range(4):
        rot = np.ascontiguousarray(np.rot90(crops, k, axes=(1, 2)))
        saved, rec.templates = rec.templates, None
        _, e = rec.classify_crops(rot)
        rec.templates = saved
        embs.append(e)
        labs.append(labels)
    return {"emb": np.concatenate(embs).astype(np.float32), "labels": np.concatenate(labs).astype(np.int16),
            "weight": 0.7, "temperature": 20.0}


def enrol(rec: Recogniser, frames, codes) -> dict:
    crops, ys = collect_crops(rec, [load_frame(f) for f in frames], codes)
    return build_templates(rec, crops, ys)


def save_templates(t: dict, path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, emb=t["emb"], labels=t["labels"], weight=t["weight"], temperature=t["temperature"])
    return path


def enrol_files(images, codes, model_dir=None, out=None) -> dict:
    d = Path(model_dir) if model_dir else default_model_dir()
    rec = Recogniser.from_models(d)
    t = enrol(rec, images, codes)
    p = save_templates(t, Path(out) if out else d / TEMPLATES_FILE)
    got = sorted({IDENTITIES[i] for i in t["labels"].tolist()})
    missing = sorted(set(IDENTITIES[i] for i in _codes(codes)) - set(got))
    return {"templates": str(p), "crops": int(len(t["labels"]) // 4), "cards": len(got), "missing": missing}
