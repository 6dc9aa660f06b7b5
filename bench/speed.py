"""Frames per second of the card recogniser on a 1280x720 frame with 8 cards.

    python bench/speed.py [--models models] [--weights build/vision/runs/detector/weights/best.pt]

Same process, same frame, alternating rounds:
  ours        Recogniser.recognise: ONNX Runtime detector + batched ONNX classifier + assembly
  ours-det    the ONNX Runtime detector alone (letterbox, inference, decode, NMS)
  ultralytics the same detector weights through plain ultralytics PyTorch `predict`
              (needs the [train] extra; skipped when it is not installed)
Ratio = ours fps / ultralytics fps (goal >= 2).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.recogniser import Recogniser  # noqa: E402


def test_frame():
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
    from vision.synth.scene import render_scene

    codes = ["AS", "KH", "7D", "TC", "2S", "QD", "9H", "JK"]
    frame, _ = render_scene(7, [ProceduralStyle(PROC_SPECS["proc_serif"])], [], TRAIN_FAMILIES, FaceCache(300),
                            size=(1280, 720), codes=codes)
    return frame


def _time(fn, n):
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return ts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", type=Path, default=Path("models"))
    ap.add_argument("--weights", type=Path, default=Path("build/vision/runs/detector/weights/best.pt"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--threads", type=int, default=None, help="threads for both (default: library default)")
    a = ap.parse_args(argv)
    frame = test_frame()
    rec = Recogniser.from_models(a.models, threads=a.threads)
    found = rec.recognise(frame)
    runners = {"ours": lambda: rec.recognise(frame), "ours-det": lambda: rec.detect(frame)}
    yolo = None
    if a.weights.exists():
        try:
            os.environ.setdefault("YOLO_OFFLINE", "1")
            os.environ.setdefault("YOLO_AUTOINSTALL", "false")
            import torch
            from ultralytics import YOLO

            if a.threads:
                torch.set_num_threads(a.threads)
            yolo = YOLO(str(a.weights))
            bgr = frame[..., ::-1].copy()
            runners["ultralytics"] = lambda: yolo.predict(bgr, imgsz=rec.imgsz, device="cpu", verbose=False)
        except ImportError:
            print("ultralytics not installed: skipping the PyTorch comparison", file=sys.stderr)
    for fn in runners.values():  # warm-up
        _time(fn, 2)
    times = {k: [] for k in runners}
    for _ in range(a.rounds):
        for k, fn in runners.items():
            times[k] += _time(fn, a.n)
    out = {"frame": "1280x720", "cards_in_frame": 8, "cards_found": len(found),
           "identities": sorted(c.identity or "?" for c in found if c.face_up)}
    for k, ts in times.items():
        med = statistics.median(ts)
        out[k] = {"median_ms": round(med * 1000, 1), "fps": round(1 / med, 1), "min_ms": round(min(ts) * 1000, 1)}
    if "ultralytics" in out:
        out["ratio_ours_vs_ultralytics"] = round(out["ours"]["fps"] / out["ultralytics"]["fps"], 2)
        out["ratio_detector_only"] = round(out["ours-det"]["fps"] / out["ultralytics"]["fps"], 2)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
