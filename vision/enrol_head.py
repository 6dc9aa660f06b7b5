"""The enrolled-deck head: a small correction on top of the classifier, fitted in numpy.

`croupier enrol` turns a few frames of a new deck into labelled index crops (vision/enrol.py).
Here each crop is re-cut many times from its frame with the damage a table camera does (any
rotation, a smaller card, a sloppy detector box, light, blur, noise, JPEG), embedded by the
run-time classifier (ONNX Runtime, its 128-d L2-normalised second output), and a linear
correction is fitted by gradient descent:

    logits' = scale * logits + alpha * (embedding @ W)

The classifier's own logits stay in (they are the prior), and W is L2-penalised towards zero,
so the styles it was trained on are left mostly alone while the new deck's indices get their
probability mass back; scale (>= 1) lets the fit sharpen a classifier that is right but unsure
on this deck (its crops fall under the recogniser's 0.8 identity threshold). Crops of the same frames that hold no index (card middles, the other
corners, the table) and the shipped crops of print (vision/enrol_print.py) are fitted as "none" so the
head does not start naming the felt or a newspaper, and the correction is gated off on print. The
penalty and alpha are chosen on enrolment crops held out from the fit (never on test data).
No torch: a few thousand crops and a few hundred steps, seconds on a CPU.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .crops import crop_square
from .labels import NONE_CLASS

FORMAT = 2  # enrolled.npz layout version; version 1 was per-card embedding templates
GATED = ("keep", "veto")  # optional: the print gate's embeddings (print_gate; files before it have none)
N_CLASSES = NONE_CLASS + 1
# augmentation strength: smaller or blurrier than this and the training crops stop being readable,
# and a head fitted on unreadable "cards" learns to name blur (none recall fell 0.99 -> 0.88 in trials)
SIDE_RANGE = (14.0, 64.0)
BLUR_MAX = 1.0
NOISE_MAX = 6.0


# ---------------------------------------------------------------------------- augmentation
def _damage(patch: np.ndarray, rng) -> np.ndarray:
    """Camera-like photometric damage on a uint8 RGB patch."""
    img = patch.astype(np.float32)
    gain = rng.uniform(0.55, 1.25) * np.array([rng.uniform(0.85, 1.15), 1.0, rng.uniform(0.8, 1.15)], np.float32)
    img = img * gain
    if rng.random() < 0.3:  # contrast around the mean (washed out or punchy)
        m = img.mean()
        img = (img - m) * rng.uniform(0.6, 1.3) + m
    if rng.random() < 0.2:
        img += rng.uniform(20, 100)
    k = rng.random()
    if k < 0.4:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, BLUR_MAX))
    elif k < 0.55:  # motion blur: a short line kernel at a random angle
        n = int(rng.integers(3, 7))
        ker = np.zeros((n, n), np.float32)
        ker[n // 2] = 1 / n
        ker = cv2.warpAffine(ker, cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1), (n, n))
        img = cv2.filter2D(img, -1, ker / max(float(ker.sum()), 1e-6))
    img += rng.standard_normal(img.shape, dtype=np.float32) * np.float32(rng.uniform(1, NOISE_MAX))
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(35, 95))])
    return cv2.imdecode(buf, cv2.IMREAD_UNCHANGED) if ok else img


def augmented_crops(frame: np.ndarray, box, n: int, rng) -> np.ndarray:
    """n crops of `box` as the runtime would cut them from other camera views of the same card:
    the frame around the box is turned by any angle and shrunk or grown (the card further or
    nearer), damaged, and cut by `crop_square` with a jittered detector-like box."""
    x0, y0, x1, y1 = (float(v) for v in box)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    side = max(x1 - x0, y1 - y0, 4.0)
    corners = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    out = np.empty((n, 64, 64, 3), np.uint8)
    for i in range(n):
        # index box side after scaling: log-uniform in SIDE_RANGE px, never more than 1.5x the original
        target = float(np.exp(rng.uniform(*np.log(SIDE_RANGE))))
        s = min(target / side, 1.5)
        ang = rng.uniform(0, 360)
        P = int(np.ceil(3.2 * side * s)) + 8
        m = cv2.getRotationMatrix2D((cx, cy), ang, s)
        m[:, 2] += (P / 2 - cx, P / 2 - cy)
        aniso = rng.uniform(0.92, 1.08)  # a little perspective: one axis squeezed
        m[0] *= aniso
        m[0, 2] += P / 2 * (1 - aniso)
        patch = cv2.warpAffine(frame, m, (P, P), flags=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REFLECT)
        patch = _damage(patch, rng)
        q = cv2.transform(corners[None], m)[0]
        bx0, by0 = q.min(0)
        bx1, by1 = q.max(0)
        # a detector's box of a turned index is tighter than the turned box's bounding box
        shrink = abs(np.sin(np.radians(2 * ang))) * 0.12
        w, h = (bx1 - bx0) * (1 - shrink), (by1 - by0) * (1 - shrink)
        w *= rng.uniform(0.9, 1.15)
        h *= rng.uniform(0.9, 1.15)
        ccx = (bx0 + bx1) / 2 + rng.normal(0, 0.05) * max(w, h)
        ccy = (by0 + by1) / 2 + rng.normal(0, 0.05) * max(w, h)
        out[i] = crop_square(patch, (ccx - w / 2, ccy - h / 2, ccx + w / 2, ccy + h / 2))
    return out


# ------------------------------------------------------------------------------- the head
def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def fit_head(emb: np.ndarray, base_logp: np.ndarray, y: np.ndarray, l2: float, steps: int = 300,
             lr: float = 0.05, none_weight: float = 1.0, batch: int = 768, seed: int = 0,
             none_class: int = NONE_CLASS, sample_weight: np.ndarray | None = None) -> np.ndarray:
    """Adam on the class-balanced mean cross-entropy of softmax(base_logp + emb @ W) + l2 |W|^2,
    on random batches of `batch` crops (the cost of a step does not grow with the enrolment).
    No bias: a fitted bias learns "the enrolled cards are the likely ones" and pushes every
    other class down, which wrecked held-out crops in trials (accuracy 0.53 -> 0.34).
    none_class: the last class, "not a card" (the poker classifier's 53, the Bonnu one's 60).
    sample_weight: each crop's share within its class (default equal; the print crops' share of
    "none", vision/enrol_print.py); each class still weighs the same in all."""
    n, d = emb.shape
    sample_weight = np.ones(n) if sample_weight is None else np.asarray(sample_weight, np.float64)
    counts = np.bincount(y, weights=sample_weight, minlength=none_class + 1)
    w_class = np.where(counts > 0, 1 / np.where(counts > 0, counts, 1), 0)  # each class (card, none) counts the same
    w_class[none_class] *= none_weight
    sw = w_class[y] * sample_weight
    sw = (sw / sw.sum()).astype(np.float32)
    rng = np.random.default_rng(seed)
    W = np.zeros((d, none_class + 1), np.float32)
    m, v = np.zeros_like(W), np.zeros_like(W)
    for t in range(1, steps + 1):
        i = rng.choice(n, batch, replace=False) if n > batch else np.arange(n)
        e = emb[i]
        g_logits = _softmax(base_logp[i] + e @ W)
        g_logits[np.arange(len(i)), y[i]] -= 1
        g_logits *= (sw[i] * (n / len(i)))[:, None]
        g = e.T @ g_logits + 2 * l2 * W
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        W -= lr * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    return W


# the print gate: margin (nearest enrolled example's cosine minus nearest print crop's) at which the
# head's correction is off (GATE[0]) and full (GATE[1]). Margins seen: a procedural style's run-time
# index crops median +0.02 (10th percentile -0.08), print frames' median -0.13 (95th -0.02). Chosen of
# (-0.15, -0.05), (-0.1, 0), (-0.05, 0.05): a head enrolled on tests/vision's unseen style named 8, 6, 2
# cards on 30 print-only frames of vision/synth/buckets.py (no gate 9, the plain classifier 2, a head
# without print 18), its cards read right 11 of 16 in each; on the held-out younes print buckets all
# three were within 1-2 false cards of no gate and of the classifier before enrolment
GATE = (-0.05, 0.05)


def _nearest(e: np.ndarray, rows: np.ndarray, chunk: int = 128) -> np.ndarray:
    """Each row of e's best cosine with `rows` (both L2-normalised), in GEMMs of `chunk` rows: one
    big product is split over OpenBLAS's thread pool, which on a loaded 2-core machine took 40-80 ms
    for 20 crops against 1.2-1.9 ms in chunks (the same numbers)."""
    return np.max([(e @ rows[i:i + chunk].T).max(1) for i in range(0, len(rows), chunk)], 0)


def print_gate(head: dict, emb: np.ndarray) -> np.ndarray:
    """Per crop, how much of the head's correction applies: 1 near the enrolled examples ("keep"),
    0 near the printed-matter crops it was fitted with ("veto"), linear between (vision/enrol_print.py:
    a linear head cannot push the classifier's near-zero "none" on print up far enough by itself,
    and it lifted print to the enrolled cards that look like it). 1 for a head without them."""
    if head.get("veto") is None or head.get("keep") is None or not len(emb):
        return np.ones(len(emb), np.float32)
    e = emb.astype(np.float32, copy=False)
    keep, veto = (head[k].astype(np.float32, copy=False) for k in GATED)  # (float32 once loaded)
    margin = _nearest(e, keep) - _nearest(e, veto)
    return np.clip((margin - GATE[0]) / (GATE[1] - GATE[0]), 0, 1).astype(np.float32)


def head_probs(head: dict, emb: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """The classifier's probabilities corrected by an enrolled head (log-probs are the logits up
    to a per-row constant, which softmax ignores), the correction gated off on print."""
    z = head.get("scale", 1.0) * np.log(np.maximum(probs, 1e-30)) \
        + (head["alpha"] * print_gate(head, emb))[:, None] * (emb @ head["W"])
    return _softmax(z).astype(np.float32)


def score(probs: np.ndarray, y: np.ndarray, min_conf: float = 0.8, none_class: int = NONE_CLASS) -> dict:
    """What the recogniser would make of these crops at its identity threshold."""
    pred = probs.argmax(1)
    top = probs.max(1)
    card = y != none_class
    named = (pred != none_class) & (top >= min_conf)
    return {"accuracy": float((pred[card] == y[card]).mean()) if card.any() else 0.0,
            "named_right": float((named & (pred == y))[card].mean()) if card.any() else 0.0,
            "named_wrong": float((named & (pred != y)).mean())}


def _validation_split(y, groups, rng, none_frac: float = 0.25, none_class: int = NONE_CLASS) -> np.ndarray:
    """Hold out one source crop (with all its augmentations) of each card that gave two or
    more, and a quarter of the none sources: every card keeps an example in the fit, as it
    would in a real enrolment."""
    held = set()
    for c in np.unique(y):
        gs = np.unique(groups[y == c])
        if c == none_class:
            held |= set(rng.choice(gs, max(1, int(len(gs) * none_frac)), replace=False).tolist())
        elif len(gs) >= 2:
            held.add(int(rng.choice(gs)))
    return np.isin(groups, list(held))


def choose_and_fit(emb, base_logp, y, groups, rng, scales=(1.0, 1.25, 1.5), l2s=(1e-5, 1e-4),
                   alphas=(0.5,), min_conf: float = 0.8, steps: int = 300, none_weight: float = 5.0,
                   wrong_cost: float = 10.0, none_class: int = NONE_CLASS,
                   sample_weight: np.ndarray | None = None) -> tuple[dict, dict]:
    """Pick scale, penalty and alpha on enrolment crops held out by source, then refit on
    everything. Criterion: cards named right at the recogniser's threshold minus `wrong_cost`
    times anything named wrong (a false card costs the referee far more than an unread one).
    alpha is kept at 0.5 and none weighted 5x: on separate renders of a held-out deck, alpha 1
    or an unweighted none class let the head name 12-60 % of no-index crops (the enrolment
    frames' own none crops are easier than the table's, so validation alone misses it)."""
    val = _validation_split(y, groups, rng, none_class=none_class)
    sw = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, np.float64)
    if not val.any() or val.all():
        raise ValueError("too few enrolment examples to validate on: show every card with both corners visible")
    base = score(np.exp(base_logp[val]), y[val], min_conf, none_class)
    best, report = None, []
    for sc in scales:
        for l2 in l2s:
            W = fit_head(emb[~val], sc * base_logp[~val], y[~val], l2, steps, none_weight=none_weight,
                         none_class=none_class, sample_weight=sw[~val])
            for a in alphas:
                s = score(_softmax(sc * base_logp[val] + a * (emb[val] @ W)), y[val], min_conf, none_class)
                gain = s["named_right"] - wrong_cost * s["named_wrong"]
                report.append({"scale": sc, "l2": l2, "alpha": a, **{k: round(v, 4) for k, v in s.items()}})
                if best is None or gain > best[0]:
                    best = (gain, sc, l2, a)
    _, sc, l2, a = best
    head = {"W": fit_head(emb, sc * base_logp, y, l2, steps, none_weight=none_weight, none_class=none_class,
                          sample_weight=sw),
            "alpha": float(a),
            "scale": float(sc), "l2": float(l2)}
    return head, {"validation_before": {k: round(v, 4) for k, v in base.items()}, "grid": report,
                  "chosen": {"scale": sc, "l2": l2, "alpha": a}}


# ------------------------------------------------------------------------------- the file
def save_head(head: dict, path: Path, meta: dict | None = None) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    cards = np.array(sorted((meta or {}).get("cards", [])), dtype="U12")  # (Bonnu codes: "yellow:21")
    with open(path, "wb") as f:  # np.savez adds ".npz" to names without it; a handle keeps the name
        np.savez_compressed(f, format=FORMAT, W=head["W"].astype(np.float32),
                            alpha=float(head["alpha"]), scale=float(head.get("scale", 1.0)), l2=float(head.get("l2", 0.0)), cards=cards,
                            classifier_sha256=str((meta or {}).get("classifier_sha256", "")),
                            **{k: head[k].astype(np.float16) for k in GATED if head.get(k) is not None})
    return path


def load_head(path: Path, emb_dim: int | None = None, classifier_sha256: str | None = None,
              n_classes: int = N_CLASSES) -> dict:
    """Read an enrolled head; a missing, corrupt, old-format or mismatched file is a clear error
    (ValueError / FileNotFoundError naming the file; the recogniser wraps them as ModelError)."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"enrolled-deck file missing: {path}")
    try:
        z = np.load(path, allow_pickle=False)
        if not hasattr(z, "files"):
            raise TypeError("a single array, not an enrolled-deck archive")
        with z:
            keys = set(z.files)
            arrays = {k: z[k] for k in ("format", "W", "alpha", "scale", "cards", "classifier_sha256") + GATED
                      if k in keys}
    except Exception as exc:  # noqa: BLE001 - not a zip, pickled data, truncated archive...
        raise ValueError(f"enrolled-deck file unreadable or corrupt: {path} ({type(exc).__name__}: {exc})") from None
    if "emb" in keys and "W" not in keys:
        raise ValueError(f"enrolled-deck file unusable: {path} (old per-card template format from the first "
                         "enrolment version: run `croupier enrol` again)")
    missing = {"format", "W", "alpha", "scale"} - keys
    if missing:
        raise ValueError(f"enrolled-deck file unusable: {path} (missing {', '.join(sorted(missing))})")
    if int(arrays["format"]) != FORMAT:
        raise ValueError(f"enrolled-deck file unusable: {path} (format {int(arrays['format'])}, "
                         f"this croupier reads {FORMAT})")
    W, alpha, scale = arrays["W"].astype(np.float32), float(arrays["alpha"]), float(arrays["scale"])
    cards = [str(c) for c in arrays["cards"]] if "cards" in arrays else []
    if W.ndim != 2 or W.shape[1] != n_classes or not np.isfinite(W).all() or not np.isfinite(alpha) \
            or not 0 < scale < 10:
        raise ValueError(f"enrolled-deck file unusable: {path} (head shape {W.shape}, expected D x {n_classes} finite weights)")
    if emb_dim is not None and W.shape[0] != emb_dim:
        raise ValueError(f"enrolled-deck file unusable: {path} (made for a classifier with a {W.shape[0]}-d "
                         f"embedding, this one has {emb_dim}: run `croupier enrol` again)")
    gate = {k: arrays[k].astype(np.float32) for k in GATED if k in arrays}
    if gate and (set(gate) != set(GATED) or any(g.ndim != 2 or g.shape[1] != W.shape[0] or not len(g)
                                                or not np.isfinite(g).all() for g in gate.values())):
        shapes = ", ".join(f"{k} {g.shape}" for k, g in gate.items())
        raise ValueError(f"enrolled-deck file unusable: {path} (print gate {shapes}, expected both, N x {W.shape[0]})")
    made_for = str(arrays.get("classifier_sha256", ""))
    if classifier_sha256 and made_for and made_for != classifier_sha256:
        # the head reads the classifier's embedding: a retrained classifier makes it meaningless
        raise ValueError(f"enrolled-deck file unusable: {path} (made for another classifier.onnx than the one "
                         "in use: run `croupier enrol` again)")
    return {"W": W, "alpha": alpha, "scale": scale, "cards": cards, **gate}
