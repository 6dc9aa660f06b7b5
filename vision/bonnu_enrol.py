"""`croupier enrol --deck bonnu`: teach the Bonnu recogniser the real printing from a few frames.

The same flow as the poker deck's (vision/enrol.py, vision/enrol_head.py): the cards are shown
one per frame (the biggest card outline in each frame is the listed card) or laid out apart in
one frame (outlines in reading order); each outline is re-cut many times as the camera would see
it (further away, a sloppy outline, either short side first, light, blur, noise, JPEG), embedded
by the run-time Bonnu classifier, and a linear correction head is fitted in numpy on top of its
logits, with `none` examples (card-sized windows across the cards' edges and on the table) from
the same frames. Saved as MODELS/bonnu_enrolled.npz with the SHA-256 of the classifier it was
fitted on; `BonnuRecogniser` applies it. No torch.

Also home of the two outline-jitter rules the synthetic training data uses (vision/synth/bonnu_data.py),
so that training and enrolment cut their examples alike.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .bonnu import BONNU_CLASSIFIER_FILE, BONNU_TEMPLATES_FILE, BonnuRecogniser
from .bonnu_finder import face_crop, find_card_quads, order_quad
from .enrol import reading_order
from .enrol_head import _damage, choose_and_fit, save_head
from .labels import BONNU_IDENTITIES, BONNU_NONE
from .model_files import default_model_dir, file_sha256


def jitter_quad(quad, rng, amount: float = 0.04) -> np.ndarray:
    """The outline a finder might return: corners moved up to `amount` of the short side, the
    whole outline scaled 0.92-1.06 (a bordered card found by its coloured body), and half the time
    turned half round (which short side comes first is arbitrary at run time)."""
    q = order_quad(quad)
    side = np.linalg.norm(q[1] - q[0])
    c = q.mean(0)
    q = c + (q - c) * rng.uniform(0.92, 1.06) + rng.uniform(-amount, amount, (4, 2)) * side
    return (np.roll(q, 2, 0) if rng.random() < 0.5 else q).astype(np.float32)


def none_quads(quads, W: int, H: int, rng, n: int) -> list[np.ndarray]:
    """Card-sized outlines that do not frame one card: shifted half a card or more off one of
    `quads`, or moved onto the table anywhere."""
    out = []
    for _ in range(n):
        q = order_quad(quads[rng.integers(0, len(quads))])
        u, v = q[1] - q[0], q[3] - q[0]
        q = q + (u if rng.random() < 0.5 else v) * (rng.choice([-1, 1]) * rng.uniform(0.45, 1.2))
        if rng.random() < 0.5:
            q = q - q.mean(0) + [rng.uniform(0.1, 0.9) * W, rng.uniform(0.1, 0.9) * H]
        out.append(q.astype(np.float32))
    return out


def augmented_face_crops(frame: np.ndarray, quad, n: int, rng) -> np.ndarray:
    """n crops of the card in `quad` as other camera views would give them: the frame shrunk
    (the card 40-100 % of its size here, never under 40 px across), a jittered outline, damage."""
    side = float(np.linalg.norm(order_quad(quad)[1] - order_quad(quad)[0]))
    out = []
    for _ in range(n):
        s = rng.uniform(min(1.0, 40 / max(side, 1.0)), 1.0)
        small = cv2.resize(frame, None, fx=s, fy=s, interpolation=cv2.INTER_AREA) if s < 0.98 else frame
        out.append(_damage(face_crop(small, jitter_quad(np.asarray(quad) * s, rng)), rng))
    return np.stack(out)


def _labels(codes) -> list[int]:
    out = []
    for c in codes:
        code = str(c).strip().lower().split("#")[0]  # a copy number names the same picture
        if code not in BONNU_IDENTITIES:
            raise ValueError(f"not a Bonnu card code: {c!r} (use colour:value, e.g. red:7, blue:-1, black:21)")
        out.append(BONNU_IDENTITIES.index(code))
    if not out:
        raise ValueError("--order lists no cards")
    return out


def find_bonnu_examples(frames, codes) -> list[tuple[int, np.ndarray, int]]:
    """[(frame no, outline, label)]: one card per frame (its biggest outline), or one frame of the
    laid-out cards in reading order."""
    labels = _labels(codes)
    if len(frames) == len(labels):
        pos = []
        for fi, (f, lab) in enumerate(zip(frames, labels)):
            quads = find_card_quads(f)
            if quads:
                big = max(quads, key=lambda q: cv2.contourArea(q.reshape(-1, 1, 2)))
                pos.append((fi, big, lab))
        return pos
    if len(frames) == 1:
        quads = find_card_quads(frames[0])
        if len(quads) != len(labels):
            raise ValueError(f"found {len(quads)} cards in the image but --order lists {len(labels)}: lay out "
                             "exactly the listed cards, apart from each other, on a plain table")
        boxes = [(q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()) for q in quads]
        return [(0, quads[i], lab) for i, lab in zip(reading_order(boxes), labels)]
    raise ValueError(f"{len(frames)} images but --order lists {len(labels)} cards: give one image per listed "
                     "card, or one image of all of them laid out")


def enrol_bonnu(rec: BonnuRecogniser, frames, codes, per_card: int = 24, per_none: int = 24,
                seed: int = 0) -> tuple[dict, dict]:
    """(head, report) fitted on the shown cards; report["missing"]: listed cards not found."""
    from .recogniser import load_frame

    frames = [load_frame(f) for f in frames]
    pos = find_bonnu_examples(frames, codes)
    if not pos:
        raise ValueError("no Bonnu card found in the enrolment frames (cards apart, on a plain table)")
    rng = np.random.default_rng(seed)
    crops, ys, groups = [], [], []
    for g, (fi, q, lab) in enumerate(pos):
        crops.append(augmented_face_crops(frames[fi], q, per_card, rng))
        ys += [lab] * per_card
        groups += [g] * per_card
    for fi, f in enumerate(frames):  # `none`: windows across the shown cards and on the table
        qs = [q for fj, q, _ in pos if fj == fi]
        if qs:
            for k, q in enumerate(none_quads(qs, f.shape[1], f.shape[0], rng, per_none)):
                crops.append(face_crop(f, q)[None])
                ys.append(BONNU_NONE)
                groups.append(len(pos) + fi * per_none + k)
    x, y, groups = np.concatenate(crops), np.array(ys), np.array(groups)
    saved, rec.templates = rec.templates, None  # fit on the plain classifier's outputs
    try:
        probs, emb = rec.classify_crops(x)
    finally:
        rec.templates = saved
    head, report = choose_and_fit(emb, np.log(np.maximum(probs, 1e-30)), y, groups, rng, scales=(1.0,),
                                  min_conf=rec.min_identity_conf, none_class=BONNU_NONE)
    got = {BONNU_IDENTITIES[lab] for _, _, lab in pos}
    report.update({"cards": sorted(got), "missing": sorted({BONNU_IDENTITIES[i] for i in _labels(codes)} - got),
                   "crops_fitted": len(y)})
    return head, report


def enrol_bonnu_files(images, codes, model_dir=None, out=None) -> dict:
    d = Path(model_dir) if model_dir else default_model_dir()
    rec = BonnuRecogniser.from_models(d, templates=False)
    head, report = enrol_bonnu(rec, images, codes)
    p = save_head(head, Path(out) if out else d / BONNU_TEMPLATES_FILE,
                  {"cards": report["cards"], "classifier_sha256": file_sha256(d / BONNU_CLASSIFIER_FILE)})
    return {"enrolled": str(p), "cards": len(report["cards"]), "missing": report["missing"],
            "chosen": report["chosen"], "validation_before": report["validation_before"],
            "validation_after": next(r for r in report["grid"] if all(r[k] == v for k, v in report["chosen"].items()))}
