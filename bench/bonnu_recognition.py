"""Bonnu card recognition on synthetic tables (prints numbers; not a timed test).

    python bench/bonnu_recognition.py [--scenes 200] [--styles held-out|train] [--models DIR]

Scenes are drawn on the fly by vision/synth/bonnu.py with seeds no training split uses, in the
held-out face style (default) or the training styles. Two measures:
  * the classifier alone, on each card's true outline: identity accuracy, and the risky
    confusions (-1 vs 1, 21 vs 2 or 1, 6 vs 9, white vs yellow, black vs blue);
  * end to end (`BonnuRecogniser.recognise`: the outline finder, then the classifier): cards
    found, found and named right, named wrong, and false cards (a name where no card lies).
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
from vision.synth.bonnu import HELD_OUT_STYLE, TRAIN_STYLES, render_scene  # noqa: E402


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


def run(rec: BonnuRecogniser, n_scenes: int, styles, seed: int) -> dict:
    true, pred = [], []  # classifier alone, on the true outlines
    e2e = {"cards": 0, "found": 0, "named_right": 0, "named_wrong": 0, "unread": 0, "false_cards": 0}
    t_e2e = 0.0
    for k in range(n_scenes):
        frame, truths = render_scene(zlib.crc32(f"bonnu-bench/{seed}/{k}".encode()), styles)
        if not truths:
            continue
        probs, _ = rec.classify_crops(np.stack([face_crop(frame, t.quad) for t in truths]))
        true += [t.code for t in truths]
        pred += [BONNU_CLASSES[int(i)] for i in probs.argmax(1)]
        t0 = time.perf_counter()
        cards = rec.recognise(frame)
        t_e2e += time.perf_counter() - t0
        m = _match([c.quad for c in cards], truths)
        e2e["cards"] += len(truths)
        e2e["found"] += len(m)
        for ti, ci in m.items():
            ident = cards[ci].identity
            key = "unread" if ident is None else ("named_right" if ident == truths[ti].code else "named_wrong")
            e2e[key] += 1
        e2e["false_cards"] += sum(1 for i, c in enumerate(cards) if i not in m.values() and c.identity)
    return {"true": true, "pred": pred, "e2e": e2e, "ms_per_frame": 1000 * t_e2e / max(1, n_scenes)}


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
    e = res["e2e"]
    c = max(1, e["cards"])
    print(f"  end to end (finder + classifier), {res['ms_per_frame']:.1f} ms a frame: cards {e['cards']}, "
          f"found (outline not read as none) {e['found']} ({e['found'] / c:.3f}), found and named right "
          f"{e['named_right']} ({e['named_right'] / c:.3f}), named wrong {e['named_wrong']}, "
          f"found but unread {e['unread']}, false cards {e['false_cards']}")
    named = e["named_right"] + e["named_wrong"]
    print(f"  identity accuracy of named cards {e['named_right'] / max(1, named):.4f} ({e['named_right']}/{named})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=200)
    ap.add_argument("--styles", choices=["held-out", "train"], default="held-out")
    ap.add_argument("--models", type=Path)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-enrolled", action="store_true", help="ignore MODELS/bonnu_enrolled.npz")
    ap.add_argument("--enrol", action="store_true",
                    help="then teach it the deck (`croupier enrol --deck bonnu`'s fit: one frame of each of the "
                         "60 cards in the measured style, seeds apart from the measured scenes) and measure again")
    a = ap.parse_args(argv)
    rec = BonnuRecogniser.from_models(a.models, templates=False if a.no_enrolled else None)
    styles = (HELD_OUT_STYLE,) if a.styles == "held-out" else TRAIN_STYLES
    res = run(rec, a.scenes, styles, a.seed)
    label = f"{a.scenes} scenes, {a.styles} style{'s' if len(styles) > 1 else ''} ({', '.join(styles)})"
    report(res, label)
    if a.enrol:
        frames = [render_scene(zlib.crc32(f"bonnu-enrol/{a.seed}/{c}".encode()), styles, codes=[c])[0]
                  for c in BONNU_IDENTITIES]
        t0 = time.perf_counter()
        head, rep = enrol_bonnu(rec, frames, list(BONNU_IDENTITIES))
        print(f"\nenrolled {len(rep['cards'])} cards in {time.perf_counter() - t0:.1f} s (not found: "
              f"{', '.join(rep['missing']) or 'none'}); chosen {rep['chosen']}")
        rec.templates = head
        report(run(rec, a.scenes, styles, a.seed), label + ", after enrolling")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
