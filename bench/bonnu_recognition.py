"""Bonnu card recognition on synthetic tables (prints numbers; not a timed test).

    python bench/bonnu_recognition.py [--scenes 200] [--styles held-out|train] [--models DIR]
                                      [--set plain|overlap] [--finder both|classic|learnt]

Scenes are drawn on the fly by vision/synth/bonnu.py with seeds no training split uses, in the
held-out face style (default) or the training styles. Two measures:
  * the classifier alone, on each card's true outline: identity accuracy, and the risky
    confusions (-1 vs 1, 21 vs 2 or 1, 6 vs 9, white vs yellow, black vs blue);
  * end to end (`BonnuRecogniser.recognise`: the classical outline finder or the learnt detector,
    then the classifier; both on the same frames by default): cards found, found and named right,
    named wrong, and false cards (a name where no card lies), overall and by table (light /
    textured) and by layout (apart / overlapped by another card or a hand).
`--set overlap` draws vision/synth/bonnu_detect_data.py's scenes instead (fans, rows, piles of
overlapping cards like a Cut), each table family in turn; a card less than 30 % visible is not
counted, and a find on it is no false card.
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.bonnu import BonnuRecogniser  # noqa: E402
from vision.bonnu_enrol import enrol_bonnu  # noqa: E402
from vision.bonnu_finder import face_crop  # noqa: E402
from vision.labels import BONNU_CLASSES, BONNU_IDENTITIES  # noqa: E402
from vision.synth.bonnu import HELD_OUT_STYLE, TRAIN_STYLES, BonnuTruth, render_scene  # noqa: E402
from vision.synth.bonnu_detect_data import MIN_VISIBLE, render_detect_scene  # noqa: E402

OVERLAP_TABLES = ("light", "felt", "wood", "cloth", "carpet")


def _value(code: str) -> int:
    return int(code.split(":")[1])


def _colour(code: str) -> str:
    return code.split(":")[0]


# (name, which true codes count, which reads of them are that confusion)
RISKS = (
    ("-1 read as 1", lambda t: _value(t) == -1, lambda t, p: _value(p) == 1),
    ("1 read as -1", lambda t: _value(t) == 1, lambda t, p: _value(p) == -1),
    ("21 read as 2 or 1", lambda t: _value(t) == 21, lambda t, p: _value(p) in (1, 2)),
    ("2 or 1 read as 21", lambda t: _value(t) in (1, 2), lambda t, p: _value(p) == 21),
    ("6 read as 9", lambda t: _value(t) == 6, lambda t, p: _value(p) == 9),
    ("9 read as 6", lambda t: _value(t) == 9, lambda t, p: _value(p) == 6),
    ("white read as yellow", lambda t: _colour(t) == "white", lambda t, p: _colour(p) == "yellow"),
    ("yellow read as white", lambda t: _colour(t) == "yellow", lambda t, p: _colour(p) == "white"),
    ("black read as blue", lambda t: _colour(t) == "black", lambda t, p: _colour(p) == "blue"),
    ("blue read as black", lambda t: _colour(t) == "blue", lambda t, p: _colour(p) == "black"),
)


def _match(quads, truths) -> dict[int, int]:
    """truth index -> found outline index: the found centre within a fifth of the card's short side."""
    out, used = {}, set()
    for ti, t in enumerate(truths):
        side = float(np.linalg.norm(t.quad[1] - t.quad[0]))
        best = None
        for qi, q in enumerate(quads):
            d = float(np.linalg.norm(q.mean(0) - t.quad.mean(0)))
            if qi not in used and d < 0.2 * side and (best is None or d < best[0]):
                best = (d, qi)
        if best:
            out[ti] = best[1]
            used.add(best[1])
    return out


def _plain_table(seed: int) -> str:
    """render_scene's table for a seed: its second draw picks a light table (40 %), else a texture."""
    rng = np.random.default_rng([seed, 0xB0])
    rng.random()
    return "light" if rng.random() < 0.4 else "textured"


def scenes(kind: str, n_scenes: int, styles, seed: int):
    """(frame, truths, their buckets, quads of drawn cards too covered to count, table) per scene.
    kind "plain": render_scene (cards apart); "overlap": vision/synth/bonnu_detect_data.py's scenes
    (fans, rows, piles, singles) on each table in turn, never-trained seeds."""
    for k in range(n_scenes):
        if kind == "plain":
            s = zlib.crc32(f"bonnu-bench/{seed}/{k}".encode())
            frame, truths = render_scene(s, styles)
            table = _plain_table(s)
            yield frame, truths, [(table, "apart")] * len(truths), [], table
            continue
        family = OVERLAP_TABLES[k % len(OVERLAP_TABLES)]
        frame, _, drawn = render_detect_scene(zlib.crc32(f"bonnu-bench-overlap/{seed}/{k}".encode()), styles, family)
        table = "light" if family == "light" else "textured"
        truths = [t for t, v in drawn if v >= MIN_VISIBLE]
        buckets = [(table, "apart" if v > 0.98 else "overlapped") for t, v in drawn if v >= MIN_VISIBLE]
        yield frame, truths, buckets, [t.quad for t, v in drawn if v < MIN_VISIBLE], table


def matched_and_false(cards, truths, hidden) -> tuple[dict, int]:
    """(truth index -> index of the card found on it, false cards): a named card is false when it
    lies on no card in view and on no card too covered to count (`hidden`: their outlines; found
    there, it is neither right nor false)."""
    quads = [c.quad for c in cards]
    m = _match(quads, truths)
    rest = [i for i in range(len(cards)) if i not in m.values()]
    under = set(_match([quads[i] for i in rest], [BonnuTruth("", q) for q in hidden]).values())
    return m, sum(1 for j, i in enumerate(rest) if j not in under and cards[i].identity)


def _tally() -> dict:
    return {"cards": 0, "outlined": 0, "found": 0, "named_right": 0, "named_wrong": 0, "unread": 0, "false_cards": 0}


def run(recs: dict, kind: str, n_scenes: int, styles, seed: int) -> dict:
    """recs: finder name -> BonnuRecogniser (the same classifier). Each frame goes through every one."""
    true, pred = [], []  # classifier alone, on the true outlines
    e2e = {f: {"all": _tally()} for f in recs}
    t_e2e = dict.fromkeys(recs, 0.0)
    first = next(iter(recs.values()))
    for frame, truths, buckets, hidden, table in scenes(kind, n_scenes, styles, seed):
        if not truths:
            continue
        probs, _ = first.classify_crops(np.stack([face_crop(frame, t.quad) for t in truths]))
        true += [t.code for t in truths]
        pred += [BONNU_CLASSES[int(i)] for i in probs.argmax(1)]
        for f, rec in recs.items():
            t0 = time.perf_counter()
            outlines = rec.find_quads(frame)
            cards = rec.recognise(frame, outlines) if outlines else []
            t_e2e[f] += time.perf_counter() - t0
            outlined = _match(outlines, truths)  # before the classifier drops outlines it reads as none
            m, false = matched_and_false(cards, truths, hidden)
            tallies = e2e[f]
            for ti, t in enumerate(truths):
                for b in ("all", *buckets[ti]):
                    tallies.setdefault(b, _tally())["cards"] += 1
                    tallies[b]["outlined"] += ti in outlined
                    if ti in m:
                        ident = cards[m[ti]].identity
                        key = "unread" if ident is None else ("named_right" if ident == t.code else "named_wrong")
                        tallies[b]["found"] += 1
                        tallies[b][key] += 1
            tallies["all"]["false_cards"] += false
            tallies.setdefault(table, _tally())["false_cards"] += false
    n = max(1, n_scenes)
    return {"true": true, "pred": pred, "e2e": e2e, "ms_per_frame": {f: 1000 * t / n for f, t in t_e2e.items()}}


def report(res: dict, label: str) -> None:
    true, pred = res["true"], res["pred"]
    n = len(true)
    right = sum(t == p for t, p in zip(true, pred))
    colour_right = sum(p != "none" and _colour(t) == _colour(p) for t, p in zip(true, pred))
    value_right = sum(p != "none" and _value(t) == _value(p) for t, p in zip(true, pred))
    nones = sum(p == "none" for p in pred)
    print(f"\n{label}: classifier alone on {n} true card outlines")
    print(f"  identity accuracy {right / n:.4f} ({right}/{n}); colour {colour_right / n:.4f}, "
          f"value {value_right / n:.4f}; read as none {nones}")
    print(f"  {'risky confusion':<24}{'cards':>7}{'confused':>10}{'rate':>8}")
    for name, who, confused in RISKS:
        idx = [i for i, t in enumerate(true) if who(t)]
        bad = sum(1 for i in idx if pred[i] != "none" and confused(true[i], pred[i]))
        print(f"  {name:<24}{len(idx):>7}{bad:>10}{bad / max(1, len(idx)):>8.3f}")
    wrong: dict[tuple[str, str], int] = {}
    for t, p in zip(true, pred):
        if t != p:
            wrong[(t, p)] = wrong.get((t, p), 0) + 1
    top = sorted(wrong.items(), key=lambda kv: -kv[1])[:8]
    print("  most confused: " + (", ".join(f"{t}->{p} {c}" for (t, p), c in top) or "none"))
    for f, tallies in res["e2e"].items():
        e = tallies["all"]
        c = max(1, e["cards"])
        print(f"  end to end, {f} finder + classifier, {res['ms_per_frame'][f]:.1f} ms a frame: cards {e['cards']}, "
              f"outlined by the finder {e['outlined'] / c:.3f}, found (outline not read as none) {e['found']} "
              f"({e['found'] / c:.3f}), found and named right "
              f"{e['named_right']} ({e['named_right'] / c:.3f}), named wrong {e['named_wrong']}, "
              f"found but unread {e['unread']}, false cards {e['false_cards']}")
        named = e["named_right"] + e["named_wrong"]
        print(f"    identity accuracy of named cards {e['named_right'] / max(1, named):.4f} "
              f"({e['named_right']}/{named})")
        for b in ("light", "textured", "apart", "overlapped"):
            if b in tallies and tallies[b]["cards"]:
                t = tallies[b]
                print(f"    {b:<11} cards {t['cards']:>4}: outlined {t['outlined'] / t['cards']:.3f}, found "
                      f"{t['found'] / t['cards']:.3f}, named right "
                      f"{t['named_right'] / t['cards']:.3f}, named wrong {t['named_wrong']}"
                      + (f", false cards {t['false_cards']}" if b in ("light", "textured") else ""))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=200)
    ap.add_argument("--styles", choices=["held-out", "train"], default="held-out")
    ap.add_argument("--models", type=Path)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--set", choices=["plain", "overlap"], default="plain",
                    help="plain: cards apart (render_scene); overlap: fans, rows, piles on each table in turn")
    ap.add_argument("--finder", choices=["both", "classic", "learnt"], default="both",
                    help="which card finders to measure on the same frames (learnt: MODELS/bonnu_detector.onnx)")
    ap.add_argument("--imgsz", type=int, help="the learnt detector's input size (longer side; default its own)")
    ap.add_argument("--raw", action="store_true", help="also the learnt detector's own outlines, not snapped to "
                    "the classical finder's or the local edge search's (vision/bonnu_detector.py)")
    ap.add_argument("--no-enrolled", action="store_true", help="ignore MODELS/bonnu_enrolled.npz")
    ap.add_argument("--enrol", action="store_true",
                    help="then teach it the deck (`croupier enrol --deck bonnu`'s fit: one frame of each of the "
                         "60 cards in the measured style, seeds apart from the measured scenes) and measure again")
    a = ap.parse_args(argv)
    finders = ("classic", "learnt") if a.finder == "both" else (a.finder,)
    recs = {f: BonnuRecogniser.from_models(a.models, templates=False if a.no_enrolled else None, finder=f)
            for f in finders}
    if a.raw and "learnt" in recs:
        recs["learnt raw"] = BonnuRecogniser.from_models(a.models, templates=False if a.no_enrolled else None,
                                                         finder="learnt")
        recs["learnt raw"].snap = recs["learnt raw"].detector.refine = False
    for r in recs.values():
        if r.detector is not None and a.imgsz:
            r.detector.imgsz = a.imgsz
    styles = (HELD_OUT_STYLE,) if a.styles == "held-out" else TRAIN_STYLES
    res = run(recs, a.set, a.scenes, styles, a.seed)
    label = (f"{a.scenes} {a.set} scenes, {a.styles} style{'s' if len(styles) > 1 else ''} "
             f"({', '.join(styles)})")
    report(res, label)
    if a.enrol:
        frames = [render_scene(zlib.crc32(f"bonnu-enrol/{a.seed}/{c}".encode()), styles, codes=[c])[0]
                  for c in BONNU_IDENTITIES]
        t0 = time.perf_counter()
        head, rep = enrol_bonnu(next(iter(recs.values())), frames, list(BONNU_IDENTITIES))
        print(f"\nenrolled {len(rep['cards'])} cards in {time.perf_counter() - t0:.1f} s (not found: "
              f"{', '.join(rep['missing']) or 'none'}); chosen {rep['chosen']}")
        for rec in recs.values():
            rec.templates = head
        report(run(recs, a.set, a.scenes, styles, a.seed), label + ", after enrolling")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
