"""`croupier enrol`: teach the recogniser a deck with unusual art from a few frames of it.

The host shows the cards one by one (one image per card, in a known order) or lays them out
in a grid (one image, cards in reading order). The detector finds each card and its corner
indices; every index becomes a labelled example, and places on the same frames that hold no
index (card middles, the other corners, the table) become "none" examples, with the shipped crops of
printed matter (vision/enrol_print.py: else the head names newspaper text as cards). vision/enrol_head.py
then re-cuts each example many times with camera-like damage, embeds it with the run-time
classifier and fits a small correction head in numpy (no torch), saved as MODELS/enrolled.npz
and applied by `Recogniser._template_probs`.

Per-card embedding templates (the first version) made the held-out deck worse: a nearest-
template vote spread probability and fewer cards passed the 0.8 identity threshold (see
models/README.md); the head is fitted to that threshold instead. Measured with
bench/recognition.py --enrol (53 frames of the held-out npm deck, one card each): cards found
and named 0.37 -> 0.48 on the held-out frames, false cards 1 -> 7; trained styles 0.43 -> 0.51,
false cards 1 -> 2. On a procedural style far from the training ones (tests/vision/test_enrol.py)
the classifier's accuracy on 8 enrolled cards went 0.42 -> 0.62.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .corners import _corner_score
from .enrol_head import augmented_crops, choose_and_fit, save_head
from .enrol_print import PER_PRINT, PRINT_SHARE, print_negatives
from .labels import FACE, IDENTITIES, INDEX, NONE_CLASS
from .model_files import CLASSIFIER_FILE, TEMPLATES_FILE, default_model_dir, file_sha256
from .recogniser import Recogniser, load_frame

MIN_INDEX_CONF = 0.3  # weaker index boxes on enrolment frames are mostly pips and art: not used
# logit sharpening the fit may choose. Default: none, the head only learns the cards. Sharpening
# (--sharpen) read 73 % of held-out cards instead of 64 %, but false cards went 1 -> 21 there
# and 1 -> 6 on the trained styles (bench/recognition.py --enrol --enrol-scales 1,1.25,1.5)
SCALES = (1.0,)
SHARPEN_SCALES = (1.0, 1.25, 1.5)


def _codes(codes) -> list[int]:
    out = []
    for c in codes:
        c = str(c).strip().upper().replace("10", "T")
        if c in ("JOKER", "JK"):
            c = "JK"
        if c not in IDENTITIES:
            raise ValueError(f"not a card code: {c!r} (use e.g. AS, TD, 9H, JK)")
        out.append(IDENTITIES.index(c))
    if not out:
        raise ValueError("--order lists no cards")
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


def _overlap(a, b) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    return ix * iy / max(1e-6, min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])))


def _none_boxes(frame, faces, index_boxes, rng) -> list:
    """Index-sized boxes on the frame that hold no index: each card's middle, edges and corners
    (those overlapping a detected index drop out), and a few spots of table."""
    if not index_boxes:
        return []
    H, W = frame.shape[:2]
    side = float(np.median([max(b[2] - b[0], b[3] - b[1]) for b in index_boxes]))
    cand = []
    for f in faces:
        x0, y0, x1, y1 = f
        for fx, fy in ((0.5, 0.5), (0.5, 0.12), (0.5, 0.88), (0.12, 0.5), (0.88, 0.5), (0.12, 0.1), (0.88, 0.1),
                       (0.12, 0.9), (0.88, 0.9), (0.3, 0.3), (0.7, 0.7)):
            cand.append((x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)))
    tries = 0
    while tries < 40 and len(cand) < len(faces) * 11 + 4:
        tries += 1
        c = (rng.uniform(side, W - side), rng.uniform(side, H - side))
        if not any(f[0] - side < c[0] < f[2] + side and f[1] - side < c[1] < f[3] + side for f in faces):
            cand.append(c)
    out = []
    for cx, cy in cand:
        b = (cx - side / 2, cy - side * 0.65, cx + side / 2, cy + side * 0.65)
        if all(_overlap(b, ib) < 0.25 for ib in index_boxes):
            out.append(b)
    return out


def _corner_indices(dets, face) -> list:
    """The shown card's corner indices: boxes in a corner of its face box (a box in the middle
    is a pip or court art, and labelling it with the card taught the head that a big diamond
    pip means 6D). Boxes >= MIN_INDEX_CONF, or failing that the two best the detector has."""
    idx = [(c, b) for k, c, b in dets if k == INDEX]
    if face is not None:
        idx = [(c, b) for c, b in idx if _corner_score(face, b) >= 0.3]
    strong = [b for c, b in idx if c >= MIN_INDEX_CONF]
    return strong or [b for c, b in sorted(idx, key=lambda cb: -cb[0])[:2]]


def _weak_boxes(dets, faces, index_boxes) -> list:
    """The detector's weak index guesses away from every card corner (pips, court art): at run
    time these reach the classifier too, so they are the "none" examples that matter most."""
    out = []
    for k, c, b in dets:
        if k != INDEX or c >= MIN_INDEX_CONF or any(_overlap(b, ib) >= 0.25 for ib in index_boxes):
            continue
        if max([_corner_score(f, b) for f in faces] or [0.0]) < 0.2:
            out.append(b)
    return out


def laid_out_examples(fi: int, frame, dets, faces: list, labels: list, rng) -> tuple[list, list]:
    """Examples from one frame of laid-out cards whose identities are known: each index box
    (>= MIN_INDEX_CONF) goes to the face it sits in the corner of and takes its label (None:
    a card left out, its indexes unused); the places that hold no index are "none"."""
    idx = [b for k, c, b in dets if k == INDEX and c >= MIN_INDEX_CONF]
    pos = []
    for b in idx:
        scores = [_corner_score(face, b) for face in faces]
        j = int(np.argmax(scores)) if scores else 0
        if scores and scores[j] > 0.3 and labels[j] is not None:
            pos.append((fi, b, labels[j]))
    neg = [(fi, b) for b in _none_boxes(frame, faces, idx, rng)]
    neg += [(fi, b) for b in _weak_boxes(dets, faces, idx)]
    return pos, neg


def find_examples(rec: Recogniser, frames, codes, seed: int = 0) -> tuple[list, list]:
    """([(frame no, index box, label)], [(frame no, box)] that hold no index) from enrolment
    frames: one frame per card, or one frame of the laid-out cards in reading order."""
    labels = _codes(codes)
    rng = np.random.default_rng(seed)
    pos, neg = [], []
    if len(frames) == len(labels):  # one card per frame
        for fi, (f, lab) in enumerate(zip(frames, labels)):
            dets = rec.detect(f)
            faces = sorted([(c, b) for k, c, b in dets if k == FACE], key=lambda cb: -cb[0])[:1]
            idx = _corner_indices(dets, faces[0][1] if faces else None)
            pos += [(fi, b, lab) for b in idx]
            neg += [(fi, b) for b in _none_boxes(f, [b for _, b in faces], idx, rng)]
            neg += [(fi, b) for b in _weak_boxes(dets, [b for _, b in faces], idx)]
    elif len(frames) == 1:  # a laid-out grid
        dets = rec.detect(frames[0])
        faces = [b for k, c, b in dets if k == FACE]
        if len(faces) != len(labels):
            raise ValueError(f"found {len(faces)} face-up cards in the image but --order lists {len(labels)}: "
                             "lay out exactly the listed cards, apart, all face up")
        faces = [faces[i] for i in reading_order(faces)]
        pos, neg = laid_out_examples(0, frames[0], dets, faces, labels, rng)
    else:
        raise ValueError(f"{len(frames)} images but --order lists {len(labels)} cards: give one image per "
                         "listed card, or one image of all of them laid out")
    if not pos:
        raise ValueError("no card index found in the enrolment frames")
    return pos, neg


def _embed(rec: Recogniser, crops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The plain classifier's log-probabilities and embeddings (any enrolled head switched off)."""
    saved, rec.templates = rec.templates, None
    try:
        lp, em = [], []
        for s in range(0, len(crops), 256):
            p, e = rec.classify_crops(crops[s:s + 256])
            lp.append(np.log(np.maximum(p, 1e-30)))
            em.append(e)
        return np.concatenate(lp), np.concatenate(em)
    finally:
        rec.templates = saved


def build_head(rec: Recogniser, frames, pos, neg, per_index: int = 24, per_none: int = 6,
               seed: int = 0, scales=SCALES, steps: int = 300, print_file=None) -> tuple[dict, dict]:
    """Augment, embed, fit. Returns (head, report). The none class also holds printed matter
    (vision/enrol_print.py): print_file None = the shipped file (a warning where it is missing),
    False = none (as enrolment was before), PRINT_SHARE of the none class's weight; the head keeps
    the embeddings of its card and print crops and acts only nearer the cards' (the print gate)."""
    rng = np.random.default_rng(seed)
    crops, ys, groups = [], [], []
    for g, (fi, b, lab) in enumerate(pos):
        crops.append(augmented_crops(frames[fi], b, per_index, rng))
        ys += [lab] * per_index
        groups += [g] * per_index
    for g, (fi, b) in enumerate(neg, start=len(pos)):
        crops.append(augmented_crops(frames[fi], b, per_none, rng))
        ys += [NONE_CLASS] * per_none
        groups += [g] * per_none
    printed = print_negatives(rec, print_file, PER_PRINT, rng)
    n_print = len(printed) // PER_PRINT
    crops.append(printed)
    ys += [NONE_CLASS] * len(printed)
    groups += np.repeat(np.arange(n_print) + len(pos) + len(neg), PER_PRINT).tolist()
    x = np.concatenate(crops)
    y, groups = np.array(ys), np.array(groups)
    weight = np.ones(len(y))
    if len(printed):  # within none: the print crops PRINT_SHARE, the enrolment frames' own the rest
        own = (y == NONE_CLASS)[:len(y) - len(printed)].sum()
        weight[len(y) - len(printed):] = PRINT_SHARE / len(printed)
        weight[:len(y) - len(printed)][y[:len(y) - len(printed)] == NONE_CLASS] = (1 - PRINT_SHARE) / max(own, 1)
    logp, emb = _embed(rec, x)
    head, report = choose_and_fit(emb, logp, y, groups, rng, scales=scales, steps=steps, sample_weight=weight)
    if len(printed):  # the print gate (enrol_head.print_gate): where the head may act, where not
        head.update(keep=emb[y != NONE_CLASS], veto=emb[len(y) - len(printed):])
    report.update({"index_examples": len(pos), "none_examples": len(neg), "print_examples": n_print,
                   "crops_fitted": len(y)})
    return head, report


def enrol(rec: Recogniser, frames, codes, per_index: int = 24, seed: int = 0, scales=SCALES) -> tuple[dict, dict]:
    frames = [load_frame(f) for f in frames]
    pos, neg = find_examples(rec, frames, codes, seed)
    head, report = build_head(rec, frames, pos, neg, per_index=per_index, seed=seed, scales=scales)
    got = {IDENTITIES[lab] for _, _, lab in pos}
    report["cards"] = sorted(got)
    report["missing"] = sorted({IDENTITIES[i] for i in _codes(codes)} - got)
    return head, report


def enrol_files(images, codes, model_dir=None, out=None, sharpen: bool = False, rec: Recogniser | None = None) -> dict:
    """rec: the plain recogniser of model_dir when already loaded (`croupier enrol --camera`)."""
    d = Path(model_dir) if model_dir else default_model_dir()
    rec = rec or Recogniser.from_models(d, templates=False)  # enrol against the plain classifier
    head, report = enrol(rec, images, codes, scales=SHARPEN_SCALES if sharpen else SCALES)
    return save_enrolled(head, report, d, out)


def save_enrolled(head: dict, report: dict, model_dir: Path, out=None) -> dict:
    """Write the fitted head (default MODELS/enrolled.npz) and say what went into it."""
    p = save_head(head, Path(out) if out else Path(model_dir) / TEMPLATES_FILE,
                  {"cards": report["cards"], "classifier_sha256": file_sha256(Path(model_dir) / CLASSIFIER_FILE)})
    return {"enrolled": str(p), "cards": len(report["cards"]), "missing": report["missing"],
            "index_examples": report["index_examples"], "none_examples": report["none_examples"],
            "print_examples": report.get("print_examples", 0), "chosen": report["chosen"],
            "validation_before": report["validation_before"],
            "validation_after": next(r for r in report["grid"] if all(r[k] == v for k, v in report["chosen"].items()))}
