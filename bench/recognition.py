"""Held-out accuracy of the card recogniser.

    python bench/recognition.py [--data build/vision/data] [--models models] [--enrol] [--json]

Reads the held-out frames written by `croupier synth` (`DATA/test/*.jpg` + truth `.json`):
a card style never trained on (the `younes` npm deck, with held-out backs), half of the frames
on a background family never trained on (`patterned`), half on the training families.

Per card (a face-up card counts when at least one corner index is >= 70 % visible, a back when
>= 20 % of it is visible):
  recall     cards found (any prediction matched to it)
  precision  predictions that match a real card
  identity   matched face-up predictions whose identity is right
  false-card predictions of an identity that is not a visible card in the frame (invented)
plus the most confused pairs and the classifier alone on the held-out index crops.

--decks 53,52,32,25 measures the deck in play and "each card once" (vision/deck.py,
vision/uniqueness.py) on the same frames, per deck: the cards of the deck read right, cards named
wrong (a card outside the deck named as anything counts), identities named twice in one frame,
for three recognisers: the 53-card reads with no mask, the deck's mask with no each-card limit
(`copies` 99: reads of one identity on separate cards kept apart), and the mask with each card once.

--enrol also measures `croupier enrol` on the held-out style: a head fitted on one frame per card
(53 frames, seeds disjoint from the test frames; vision/enrol.py), then the same metrics again
(held-out frames, the classifier alone on held-out crops, and with --seen N the training styles,
to show what enrolment costs the decks the classifier was trained on), and a before/after table.

--clutter / --light measure per condition bucket (vision/synth/buckets.py: cards on printed matter,
printed matter with no card, hard shadow, a dim half, warm / cool casts, glare), --frames N per
bucket: recall, identities read right and wrong, cards invented per 100 frames and (print with no
card) face boxes announced per 100 frames. --before measures the same frames again without the
card-shape rule, the dim-crop stretch and the detector's dim lift (vision/card_shape.py,
vision/crop_contrast.py) and prints both; --no-card-shape / --no-dim-stretch turn one off, --dim-lift turns the lift on (off by default).

The same buckets and the rotation buckets in the held-out style, before and after enrolment:
bench/recognition_buckets.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.boxes import iou as box_iou  # noqa: E402
from vision.crop_contrast import DimLift  # noqa: E402
from vision.labels import IDENTITIES, NONE_CLASS  # noqa: E402
from vision.recogniser import Recogniser, load_frame  # noqa: E402

MIN_INDEX_VIS = 0.7
MIN_CARD_VIS = 0.2


def read_outcome(code: str, identity: str | None) -> str:
    """How a found face-up card was read: "right", "unread" or "wrong" (every bench's tally)."""
    return "right" if identity == code else "unread" if identity is None else "wrong"


def _inside_quad(pt, quad) -> bool:
    return cv2.pointPolygonTest(np.float32(quad), (float(pt[0]), float(pt[1])), False) >= 0


def score_frame(cards_pred, truth) -> dict:
    gts = truth["cards"]
    counted = []
    for g in gts:
        if g["box"] is None:
            counted.append(False)
        elif g["face_up"]:
            counted.append(max(g["index_visible"] or [0]) >= MIN_INDEX_VIS)
        else:
            counted.append(g["visible"] >= MIN_CARD_VIS)
    matched_gt: dict[int, int] = {}
    pred_gt: dict[int, int] = {}
    # 1. identity matches
    for pi, p in enumerate(cards_pred):
        if p.face_up and p.identity:
            for gi, g in enumerate(gts):
                if g["face_up"] and g["code"] == p.identity and gi not in matched_gt and g["box"]:
                    matched_gt[gi], pred_gt[pi] = pi, gi
                    break
    # 2. geometry matches for the rest (same face up/down), best IoU first
    cand = []
    for pi, p in enumerate(cards_pred):
        if pi in pred_gt:
            continue
        c = ((p.box[0] + p.box[2]) / 2, (p.box[1] + p.box[3]) / 2)
        for gi, g in enumerate(gts):
            if gi in matched_gt or g["box"] is None or g["face_up"] != p.face_up:
                continue
            iou = box_iou(p.box, g["box"])
            if iou >= 0.3 or _inside_quad(c, g["quad"]):
                cand.append((iou, pi, gi))
    for iou, pi, gi in sorted(cand, reverse=True):
        if pi in pred_gt or gi in matched_gt:
            continue
        matched_gt[gi], pred_gt[pi] = pi, gi
    r = Counter()
    confusions = Counter()
    visible_codes = {g["code"] for g, c in zip(gts, counted) if g["face_up"] and g["box"]}
    for gi, g in enumerate(gts):
        if not counted[gi]:
            continue
        key = "up" if g["face_up"] else "down"
        r[f"gt_{key}"] += 1
        if gi in matched_gt:
            r[f"found_{key}"] += 1
            p = cards_pred[matched_gt[gi]]
            if g["face_up"]:
                outcome = read_outcome(g["code"], p.identity)
                r[f"id_{outcome}"] += 1
                if outcome == "wrong":
                    confusions[(g["code"], p.identity)] += 1
    for pi, p in enumerate(cards_pred):
        r["pred"] += 1
        if pi in pred_gt:
            r["pred_matched"] += 1
        if p.face_up and p.identity:
            r["pred_identified"] += 1
            if p.identity not in visible_codes:
                r["false_card"] += 1
    return {"counts": r, "confusions": confusions, "matched": matched_gt, "counted": counted}


def summarise(counts: Counter) -> dict:
    def div(a, b):
        return round(a / b, 4) if b else None

    gt = counts["gt_up"] + counts["gt_down"]
    found = counts["found_up"] + counts["found_down"]
    read = counts["id_right"] + counts["id_wrong"]
    return {"cards": gt, "recall": div(found, gt), "recall_face_up": div(counts["found_up"], counts["gt_up"]),
            "recall_face_down": div(counts["found_down"], counts["gt_down"]),
            "precision": div(counts["pred_matched"], counts["pred"]),
            "identity_accuracy": div(counts["id_right"], read),
            "identity_read_rate": div(read, counts["found_up"]),
            "end_to_end_identity": div(counts["id_right"], counts["gt_up"]),
            "false_card_rate": div(counts["false_card"], counts["pred_identified"]),
            "false_cards": counts["false_card"], "identified": counts["pred_identified"]}


def run(rec: Recogniser, test_dir: Path, limit: int | None = None) -> dict:
    files = sorted(test_dir.glob("*.json"))[:limit]
    total, by_fam = Counter(), {}
    conf = Counter()
    t0 = time.time()
    for f in files:
        truth = json.loads(f.read_text())
        frame = load_frame(f.with_suffix(".jpg"))
        res = score_frame(rec.recognise(frame), truth)
        total += res["counts"]
        by_fam.setdefault(truth["family"], Counter()).update(res["counts"])
        conf += res["confusions"]
    out = {"frames": len(files), "seconds_per_frame": round((time.time() - t0) / max(1, len(files)), 3),
           "all": summarise(total), **{f"background={k}": summarise(v) for k, v in sorted(by_fam.items())},
           "most_confused": [f"{a}->{b} x{n}" for (a, b), n in conf.most_common(10)]}
    return out


def deck_figures(rec: Recogniser, test_dir: Path, decks, limit: int | None = None) -> dict:
    """Per deck (see the module's doc): counts over the held-out frames, each frame read once per
    (deck, copies) setting; the no-mask column is the 53-card read scored against each deck."""
    from vision.deck import deck_codes

    modes = [("53", 1, "53")] + [(d, c, d) for d in decks for c in (99, 1)]
    tally = {(d, m): Counter() for d in decks for m in ("no mask", "mask, no limit", "mask, each card once")}
    for f in sorted(test_dir.glob("*.json"))[:limit]:
        truth = json.loads(f.read_text())
        frame = load_frame(f.with_suffix(".jpg"))
        reads = {}
        for deck, n, _ in modes:
            rec.deck, rec.copies = deck, n
            reads[deck, n] = rec.recognise(frame)
        for d in decks:
            codes = deck_codes(d)
            for mode, cards in (("no mask", reads["53", 1]), ("mask, no limit", reads[d, 99]),
                                ("mask, each card once", reads[d, 1])):
                sc, t = score_frame(cards, truth), tally[d, mode]
                named = Counter(c.identity for c in cards if c.face_up and c.identity)
                t["duplicates"] += sum(k - 1 for k in named.values())
                t["frames_with_a_duplicate"] += any(k > 1 for k in named.values())
                for gi, g in enumerate(truth["cards"]):
                    if not (sc["counted"][gi] and g["face_up"]):
                        continue
                    p = cards[sc["matched"][gi]] if gi in sc["matched"] else None
                    got = p.identity if p is not None else None
                    inside = g["code"] in codes
                    t["deck_cards" if inside else "other_cards"] += 1
                    if inside and got == g["code"]:
                        t["read_right"] += 1
                    elif got is not None:
                        t["named_wrong"] += 1  # (a card outside the deck named at all is wrong at that table)
                t["false_cards"] += sum(1 for c in cards if c.face_up and c.identity and c.identity not in
                                        {g["code"] for g in truth["cards"] if g["face_up"] and g["box"]})
    rec.deck, rec.copies = "53", 1
    out = {}
    for (d, mode), t in tally.items():
        named = t["read_right"] + t["named_wrong"]
        out.setdefault(f"deck {d}", {})[mode] = {
            **dict(t), "end_to_end": round(t["read_right"] / max(1, t["deck_cards"]), 4),
            "identity_accuracy": round(t["read_right"] / max(1, named), 4)}
    return out


def deck_table(figures: dict) -> str:
    keys = ("deck_cards", "other_cards", "read_right", "end_to_end", "named_wrong", "identity_accuracy",
            "false_cards", "duplicates", "frames_with_a_duplicate")
    lines = [f"{'':<32}" + "".join(f"{k:>13}" for k in ("cards", "not in deck", "read right", "end to end",
                                                         "named wrong", "id accuracy", "false cards",
                                                         "duplicates", "dup frames"))]
    for deck, rows in figures.items():
        for mode, v in rows.items():
            lines.append(f"{deck + ': ' + mode:<32}" + "".join(f"{v.get(k, 0)!s:>13}" for k in keys))
    return "\n".join(lines)


def run_seen(rec: Recogniser, artwork: Path, n: int) -> dict:
    """Fresh frames (seeds never used for training) of the TRAINING styles and backgrounds:
    the in-distribution figure, to read the held-out one against."""
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.dataset import frame_seed
    from vision.synth.faces import TRAIN_ARTWORK, TRAIN_PROCEDURAL, FaceCache, artwork_backs, make_styles
    from vision.synth.scene import render_scene

    styles = make_styles(artwork, TRAIN_ARTWORK + TRAIN_PROCEDURAL)
    backs = artwork_backs(artwork, held_out=False)
    cache = FaceCache(420)
    total, conf = Counter(), Counter()
    for i in range(n):
        frame, truths = render_scene(frame_seed(999, "val", i), styles, backs, TRAIN_FAMILIES, cache)
        res = score_frame(rec.recognise(frame), {"cards": [t.to_json() for t in truths]})
        total += res["counts"]
        conf += res["confusions"]
    return {"frames": n, "all": summarise(total),
            "most_confused": [f"{a}->{b} x{k}" for (a, b), k in conf.most_common(10)]}


def classifier_only(rec: Recogniser, npz: Path) -> dict:
    z = np.load(npz)
    x, y = z["x"], z["y"].astype(int)
    probs = np.concatenate([rec.classify_crops(x[s:s + 256])[0] for s in range(0, len(x), 256)])
    p = probs.argmax(1)
    card = y != NONE_CLASS
    conf = Counter((IDENTITIES[a], "none" if b == NONE_CLASS else IDENTITIES[b])
                   for a, b in zip(y[card], p[card]) if a != b)
    from vision.enrol_head import score

    at = score(probs, y, rec.min_identity_conf)  # what passes the recogniser's identity threshold
    return {"crops": int(card.sum()), "accuracy": round(float((p[card] == y[card]).mean()), 4),
            "named_right_at_threshold": round(at["named_right"], 4), "named_wrong_at_threshold": round(at["named_wrong"], 4),
            "none_recall": round(float((p[~card] == NONE_CLASS).mean()), 4) if (~card).any() else None,
            "most_confused": [f"{a}->{b} x{n}" for (a, b), n in conf.most_common(8)]}


def enrol_frames(artwork: Path, seed: int = 12345):
    """One frame per card of the held-out style, cards shown one by one (seeds unlike the test's)."""
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import HELD_OUT_ARTWORK, FaceCache, make_styles
    from vision.synth.scene import render_scene

    styles = make_styles(artwork, HELD_OUT_ARTWORK)
    cache = FaceCache(420)
    frames = []
    for i, code in enumerate(IDENTITIES):
        f, _ = render_scene(seed + i, styles, [], TRAIN_FAMILIES, cache, size=(1280, 720), codes=[code])
        frames.append(f)
    return frames, list(IDENTITIES)


def fit_enrolment(rec: Recogniser, artwork: Path, scales=(1.0,)) -> tuple[dict, dict]:
    """`croupier enrol` on the held-out style (enrol_frames): (head, what the fit used and chose)."""
    from vision.enrol import build_head, find_examples

    t0 = time.time()
    frames, codes = enrol_frames(artwork)
    pos, neg = find_examples(rec, frames, codes)
    head, report = build_head(rec, frames, pos, neg, scales=scales)
    return head, {"enrol_frames": len(frames), "index_examples": len(pos), "none_examples": len(neg),
                  "print_examples": report["print_examples"],
                  "cards_with_an_example": len({lab for _, _, lab in pos}), "seconds": round(time.time() - t0, 1),
                  "chosen": report["chosen"], "validation_before": report["validation_before"],
                  "validation_grid": report["grid"]}


def bucket_figures(rec: Recogniser, buckets, frames: int, settings: dict) -> dict:
    """{setting: {bucket: figures}} over `frames` frames per bucket, each frame rendered once and
    read under every setting (name -> (card_shape, dim_stretch, dim_lift) of the recogniser)."""
    from vision.synth.buckets import bucket_frame

    tally = {(k, b): Counter() for k in settings for b in buckets}
    for b in buckets:
        for i in range(frames):
            frame, truths = bucket_frame(b, i)
            truth = {"cards": [t.to_json() for t in truths]}
            for k, (shape, stretch, lift) in settings.items():
                rec.card_shape, rec.dim_stretch, rec.dim_lift = shape, stretch, lift
                cards = rec.recognise(frame)
                t = tally[k, b]
                t.update(score_frame(cards, truth)["counts"])
                t["faces_announced"] += sum(c.face_up for c in cards)
    out = {}
    for (k, b), t in tally.items():
        out.setdefault(k, {})[b] = {
            "frames": frames, "cards": t["gt_up"] + t["gt_down"],
            "recall": round((t["found_up"] + t["found_down"]) / max(1, t["gt_up"] + t["gt_down"]), 4),
            "id_right": t["id_right"], "id_wrong": t["id_wrong"],
            "identity": round(t["id_right"] / max(1, t["id_right"] + t["id_wrong"]), 4),
            "invented_per_100": round(100 * t["false_card"] / frames, 1),
            "faces_per_100": round(100 * t["faces_announced"] / frames, 1)}
    return out


def bucket_table(figures: dict) -> str:
    keys = ("cards", "recall", "id_right", "id_wrong", "identity", "invented_per_100", "faces_per_100")
    lines = [f"{'':<30}" + "".join(f"{k:>17}" for k in keys)]
    for setting, rows in figures.items():
        for b, v in rows.items():
            lines.append(f"{setting + ': ' + b:<30}" + "".join(f"{v[k]!s:>17}" for k in keys))
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=Path("build/vision/data"))
    ap.add_argument("--models", type=Path, default=Path("models"))
    ap.add_argument("--artwork", type=Path, default=Path("build/vision/artwork"))
    ap.add_argument("--limit", type=int)
    ap.add_argument("--enrol", action="store_true")
    ap.add_argument("--enrol-scales", type=lambda v: tuple(float(x) for x in v.split(",")), default=(1.0,),
                    help="logit sharpening the enrolment fit may choose from (default 1: none, as "
                         "`croupier enrol`; 1,1.25,1.5 as `croupier enrol --sharpen`)")
    ap.add_argument("--seen", type=int, default=0, help="also score N fresh frames of the training styles")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--decks", help="only the deck-in-play figures, for these decks (e.g. 53,52,32,25)")
    ap.add_argument("--max-outside", type=float, default=None,
                    help="the recogniser's max_outside (a read mostly outside the deck names nothing)")
    ap.add_argument("--read-all", action="store_true",
                    help="read every index box, as `croupier recognise` does (default: the recogniser's own "
                         "default, a surely read index's twin skipped, as the speed bench and camera path run it)")
    ap.add_argument("--clutter", action="store_true", help="per bucket: cards on printed matter, print alone")
    ap.add_argument("--light", action="store_true", help="per bucket: hard shadow, dim half, casts, glare")
    ap.add_argument("--frames", type=int, default=20, help="frames per bucket (--clutter / --light)")
    ap.add_argument("--before", action="store_true", help="also without the card-shape rule and dim stretch")
    ap.add_argument("--no-card-shape", action="store_true")
    ap.add_argument("--no-dim-stretch", action="store_true")
    ap.add_argument("--dim-lift", action="store_true", help="with the frame's dim parts lifted (off by default)")
    a = ap.parse_args(argv)
    rec = Recogniser.from_models(a.models, templates=False)  # "before": never an enrolled deck
    rec.read_all_indexes = a.read_all
    if a.max_outside is not None:
        rec.max_outside = a.max_outside
    if a.no_card_shape:
        rec.card_shape = None
    if a.no_dim_stretch:
        rec.dim_stretch = None
    if a.dim_lift:
        rec.dim_lift = DimLift()
    if a.clutter or a.light:
        from vision.synth.buckets import CLUTTER_BUCKETS, LIGHT_BUCKETS

        buckets = list(dict.fromkeys((CLUTTER_BUCKETS if a.clutter else ()) + (LIGHT_BUCKETS if a.light else ())))
        settings = {"after": (rec.card_shape, rec.dim_stretch, rec.dim_lift)}
        if a.before:
            settings = {"before": (None, None, None), **settings}
        figures = bucket_figures(rec, buckets, a.frames, settings)
        print(bucket_table(figures))
        if a.json:
            a.json.write_text(json.dumps(figures, indent=1))
        return 0
    test_dir = a.data / "test"
    if not any(test_dir.glob("*.json")):
        print(f"no held-out frames in {test_dir}: run `croupier synth` first", file=sys.stderr)
        return 2
    cls_npz = a.data / "cls/test.npz"
    if a.decks:
        figures = deck_figures(rec, test_dir, a.decks.split(","), a.limit)
        print(deck_table(figures))
        if a.json:
            a.json.write_text(json.dumps(figures, indent=1))
        return 0

    def measure() -> dict:
        out = {"held_out": run(rec, test_dir, a.limit)}
        if a.seen:
            out["seen_styles"] = run_seen(rec, a.artwork, a.seen)
        if cls_npz.exists():
            out["classifier_only_held_out"] = classifier_only(rec, cls_npz)
        return out

    out = measure()
    if a.enrol:
        rec.templates, info = fit_enrolment(rec, a.artwork, a.enrol_scales)
        out["enrolled"] = {**info, **measure()}
    print(json.dumps(out, indent=1))
    if a.enrol:
        print(before_after(out))
    if a.json:
        a.json.write_text(json.dumps(out, indent=1))
    return 0


def before_after(out: dict) -> str:
    rows = []
    e = out["enrolled"]
    for part, keys in (("held_out", ("identity_read_rate", "end_to_end_identity", "identity_accuracy",
                                      "false_cards", "identified", "recall_face_up")),
                       ("seen_styles", ("identity_read_rate", "end_to_end_identity", "identity_accuracy",
                                        "false_cards", "identified"))):
        if part in out:
            for k in keys:
                rows.append((f"{part} {k}", out[part]["all"][k], e[part]["all"][k]))
    if "classifier_only_held_out" in out:
        for k in ("accuracy", "named_right_at_threshold", "named_wrong_at_threshold", "none_recall"):
            rows.append((f"classifier alone, held-out crops: {k}", out["classifier_only_held_out"][k],
                         e["classifier_only_held_out"][k]))
    w = max(len(r[0]) for r in rows)
    lines = [f"enrolment ({e['enrol_frames']} frames, {e['index_examples']} index examples, {e['seconds']} s); "
             f"chosen {e['chosen']}", f"{'':<{w}}  {'before':>8}  {'after':>8}"]
    lines += [f"{n:<{w}}  {b!s:>8}  {a!s:>8}" for n, b, a in rows]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
