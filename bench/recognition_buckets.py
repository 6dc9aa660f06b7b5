"""The held-out bench by bucket, before and after enrolment (issue 23 item 6).

    python bench/recognition_buckets.py --artwork build/vision/artwork [--frames 10] [--data DATA]
                                        [--no-enrol] [--json FILE]

Every frame is in the held-out style (the `younes` npm deck, never trained on; procedural backs,
as `croupier synth`'s test split), half of the plain-table frames on the held-out `patterned`
background family. Buckets, --frames N frames each:
  rotation  turn_0 ... turn_315: six cards laid in rows, each turned by the bucket's angle +-15 deg
            (render_scene's angles=); a card is tallied in the bucket of its turn as seen on screen
            (its quad, bench/recognition_rotations.py: 0, 45, ... +-22.5 deg)
  light     plain (a stud table) and the same frame i under each hard light (vision/synth/light.py)
  clutter   the stud table on each printed family (vision/synth/printed.py), and print_no_card
  mixed     with --data, the held-out frames of `croupier synth` (DATA/test), all at once
Per bucket: cards at least a quarter visible and the share found (the issue's recall), the bench's
own rule (a face-up card counts when a corner index is >= 70 % visible, a back when >= 20 % of it
is; bench/recognition.py score_frame) and its recall, identities read right / named wrong / left
unread, identity = right / (right + wrong), false cards (a named card not in the frame) per 100
frames and as a share of the cards named, of them the invented ones (on no real card: named from
the table or print) and what they were named, and the top confusion pairs (card -> read).

Enrolment (bench/recognition.py fit_enrolment: one frame per card of the held-out style, seeds
12345..12397, disjoint from the seeds here, 7 500 000 on) is fitted first; each frame is then
rendered once and read twice, without the enrolled head ("before") and with it ("after").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from recognition import fit_enrolment, read_outcome, score_frame  # noqa: E402
from recognition_rotations import BUCKETS as TURNS, bucket as turn_bucket, card_turn  # noqa: E402

from vision.labels import IDENTITIES  # noqa: E402

ROTATION = tuple(f"turn_{t}" for t in TURNS)
SEED_BASE = 7_500_000  # far from the training / synth seeds and from the enrolment frames' 12345..
QUARTER = 0.25  # the goal: recall on cards at least a quarter visible
GOALS = {"recall_quarter": 0.95, "identity": 0.995, "false_share": 0.002}


def tally_frame(tally: dict, frame_bucket: str, cards, truth: dict, card_bucket=None) -> None:
    """Adds one read frame to tally[bucket] (Counters, created as needed). Frame-level counts (the
    frame, cards named, false cards) go to frame_bucket; each card's to card_bucket(truth card) when
    given (a rotation frame's cards by their turn on screen), else to frame_bucket too."""
    sc = score_frame(cards, truth)
    f = tally.setdefault(frame_bucket, Counter())
    f["frames"] += 1
    f["named"] += sc["counts"]["pred_identified"]
    f["false_cards"] += sc["counts"]["false_card"]
    conf = tally.setdefault("_confusions", {}).setdefault(frame_bucket, Counter())
    inv = tally.setdefault("_invented", {}).setdefault(frame_bucket, Counter())
    in_frame = {g["code"] for g in truth["cards"] if g["face_up"] and g["box"]}
    on_a_card = set(sc["matched"].values())
    for pi, p in enumerate(cards):  # a false card on no real card: made up from the table or print
        if p.face_up and p.identity and p.identity not in in_frame and pi not in on_a_card:
            f["invented"] += 1
            inv[p.identity] += 1
    for gi, g in enumerate(truth["cards"]):
        if g["box"] is None:
            continue
        t = tally.setdefault(card_bucket(g) if card_bucket else frame_bucket, Counter())
        got = cards[sc["matched"][gi]] if gi in sc["matched"] else None
        if g["visible"] >= QUARTER:
            t["quarter_cards"] += 1
            t["quarter_found"] += got is not None
        if not sc["counted"][gi]:
            continue
        t["counted"] += 1
        t["found"] += got is not None
        if g["face_up"] and got is not None:
            outcome = read_outcome(g["code"], got.identity)
            t[outcome] += 1
            if outcome == "wrong":
                conf[(g["code"], got.identity)] += 1


def rotation_card_bucket(g: dict) -> str:
    return f"turn_{turn_bucket(card_turn(g['quad']))}"


def summary(t: Counter, conf: Counter | None = None, inv: Counter | None = None, top: int = 3) -> dict:
    def div(a, b, k=4):
        return round(a / b, k) if b else None

    return {"frames": t["frames"], "cards_quarter": t["quarter_cards"],
            "recall_quarter": div(t["quarter_found"], t["quarter_cards"]),
            "cards_counted": t["counted"], "recall": div(t["found"], t["counted"]),
            "right": t["right"], "wrong": t["wrong"], "unread": t["unread"],
            "identity": div(t["right"], t["right"] + t["wrong"]),
            "false_cards": t["false_cards"], "false_per_100": div(100 * t["false_cards"], t["frames"], 1),
            "false_share": div(t["false_cards"], t["named"]), "invented": t["invented"],
            "confusions": [f"{a}->{b} x{n}" for (a, b), n in (conf or Counter()).most_common(top)],
            "invented_as": [f"{c} x{n}" for c, n in (inv or Counter()).most_common(top)]}


def figures(tally: dict, groups: dict) -> dict:
    """{group: {bucket: summary}} plus each group's and the whole's total."""
    confs, invs = tally.get("_confusions", {}), tally.get("_invented", {})
    out, every, every_conf, every_inv = {}, Counter(), Counter(), Counter()
    for group, buckets in groups.items():
        rows, total, total_conf, total_inv = {}, Counter(), Counter(), Counter()
        for b in buckets:
            t, c, i = tally.get(b, Counter()), confs.get(b, Counter()), invs.get(b, Counter())
            rows[b] = summary(t, c, i)
            total, total_conf, total_inv = total + t, total_conf + c, total_inv + i
        rows["all"] = summary(total, total_conf, total_inv, top=5)
        out[group] = rows
        every, every_conf, every_inv = every + total, every_conf + total_conf, every_inv + total_inv
    out["overall"] = {"all": summary(every, every_conf, every_inv, top=10)}
    return out


def goals_met(row: dict) -> dict:
    """Which of the issue's held-out goals a row meets (None: nothing to measure)."""
    met = {}
    for k, goal in GOALS.items():
        v = row[k]
        met[k] = None if v is None else (v <= goal if k == "false_share" else v >= goal)
    return met


def table(fig: dict) -> str:
    cols = (("frames", 6), ("cards_quarter", 6), ("recall_quarter", 7), ("cards_counted", 6), ("recall", 7),
            ("right", 6), ("wrong", 6), ("unread", 6), ("identity", 8), ("false_cards", 6), ("false_per_100", 7),
            ("false_share", 7), ("invented", 4))
    heads = ("frames", "c>=1/4", "rec1/4", "c>=idx", "recall", "right", "wrong", "unread", "identity", "false",
             "f/100fr", "f/named", "inv")
    lines = [f"{'':<22}" + "".join(f"{h:>{w + 1}}" for h, (_, w) in zip(heads, cols)) + "  confusions"]
    for group, rows in fig.items():
        for b, v in rows.items():
            name = f"{group}: {b}" if b == "all" else f"  {b}"
            lines.append(f"{name:<22}" + "".join(f"{v[k]!s:>{w + 1}}" for k, w in cols)
                         + "  " + ", ".join(v["confusions"])
                         + (f"  invented: {', '.join(v['invented_as'])}" if v["invented_as"] else ""))
    return "\n".join(lines)


class HeldOutFrames:
    """Frames in the held-out style per bucket (see the module's doc); deterministic for (bucket, i)."""

    def __init__(self, artwork: Path, size=(1280, 720)):
        from vision.synth.faces import HELD_OUT_ARTWORK, FaceCache, make_styles
        from vision.synth.printed import register_families

        register_families()
        self.styles, self.cache, self.size = make_styles(artwork, HELD_OUT_ARTWORK), FaceCache(420), size

    def frame(self, bucket: str, i: int):
        from vision.synth.backgrounds import HELD_OUT_FAMILIES, TRAIN_FAMILIES
        from vision.synth.buckets import render_bucket
        from vision.synth.scene import render_scene

        fam = HELD_OUT_FAMILIES if i % 2 == 0 else TRAIN_FAMILIES
        seed = SEED_BASE + i
        if bucket in ROTATION:
            seed += 1000 * (1 + ROTATION.index(bucket))
            rng = np.random.default_rng(seed)
            codes = list(rng.choice(IDENTITIES, 6, replace=False))
            angles = [int(bucket[5:]) + rng.uniform(-15, 15) for _ in codes]
            return render_scene(seed, self.styles, [], fam, self.cache, size=self.size, codes=codes,
                                angles=angles, card_h=rng.uniform(0.2, 0.3))
        return render_bucket(bucket, i, seed, self.styles, self.cache, fam, self.size)


def bucket_groups(with_mixed: bool) -> dict:
    from vision.synth.buckets import CLUTTER_BUCKETS, LIGHT_BUCKETS

    groups = {"rotation": ROTATION, "light": LIGHT_BUCKETS,
              "clutter": tuple(b for b in CLUTTER_BUCKETS if b != "plain")}  # ("plain" counts with the lights)
    return {**groups, "mixed": ("synth_test",)} if with_mixed else groups


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artwork", type=Path, default=Path("build/vision/artwork"))
    ap.add_argument("--models", type=Path, default=Path("models"))
    ap.add_argument("--data", type=Path, help="also the held-out frames of `croupier synth` in DATA/test")
    ap.add_argument("--limit", type=int, help="at most this many of DATA/test's frames")
    ap.add_argument("--frames", type=int, default=10, help="frames per bucket")
    ap.add_argument("--no-enrol", action="store_true", help="only the figures before enrolment")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    from vision.recogniser import Recogniser, load_frame

    rec = Recogniser.from_models(a.models, templates=False)
    heads = {"before": None}
    info = None
    if not a.no_enrol:
        head, info = fit_enrolment(rec, a.artwork)
        heads["after"] = head
    tallies = {k: {} for k in heads}

    def read(bucket, frame, truth, card_bucket=None):
        for k, head in heads.items():
            rec.templates = head
            tally_frame(tallies[k], bucket, rec.recognise(frame), truth, card_bucket)

    groups = bucket_groups(a.data is not None)
    src = HeldOutFrames(a.artwork)
    for group, buckets in groups.items():
        for b in buckets:
            if b == "synth_test":
                for f in sorted((a.data / "test").glob("*.json"))[:a.limit]:
                    read(b, load_frame(f.with_suffix(".jpg")), json.loads(f.read_text()))
                continue
            for i in range(a.frames):
                frame, truths = src.frame(b, i)
                read(b, frame, {"cards": [t.to_json() for t in truths]},
                     rotation_card_bucket if group == "rotation" else None)
        print(f"{group} done", file=sys.stderr, flush=True)
    out = {"frames_per_bucket": a.frames, "enrolment": info,
           **{k: figures(t, groups) for k, t in tallies.items()}}
    for k in heads:
        print(f"== {k} enrolment ==\n{table(out[k])}")
        print("goals met overall:", goals_met(out[k]["overall"]["all"]))
        print("goals met per rotation bucket:", "; ".join(
            f"{b} " + " ".join(f"{g}={'yes' if m else 'no' if m is not None else '-'}" for g, m in goals_met(v).items())
            for b, v in out[k]["rotation"].items()))
    if a.json:
        a.json.write_text(json.dumps(out, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
