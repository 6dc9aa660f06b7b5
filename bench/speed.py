"""Frames per second of the card recogniser on a 1280x720 frame with 8 cards.

    python bench/speed.py [--models models] [--weights DETECTOR.pt]
                          [--threads 1] [--rounds 5] [--n 10]

Same process, same frame, runners alternating round by round (so a busy machine slows all alike):
  ours        Recogniser.from_models(MODELS).recognise: what the app runs, i.e. the fast files
              (`croupier quantize`: detector.rect.onnx, classifier.int8.onnx) when present and
              current, plus the index read cascade
  ours-fp32   the same with fast=False and every index read (plain models, no cascade; the
              letterbox / NMS / crop speed-ups still in)
  ours-det    our detector alone (letterbox, ONNX Runtime, decode, NMS)
  ultralytics the same detector weights (.pt) through plain ultralytics PyTorch `predict`
              (needs the [train] extra; skipped when it is not installed); by default the
              .pt is rebuilt from MODELS/detector.onnx (vision/detector_weights.py)
Ratio = ours fps / ultralytics fps (goal >= 2). Every runner gets the same thread count
(--threads, default 1: ONNX Runtime intra-op threads and torch.set_num_threads alike; OpenCV's
own pool is left as it is for all). Medians of wall time and of process CPU time are both
printed: CPU time is steadier on a machine shared with other work. The breakdown times each
stage of `ours` on its own.
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

import numpy as np  # noqa: E402

from vision.crops import crop_square, to_input  # noqa: E402
from vision.labels import FACE, INDEX  # noqa: E402
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
    wall, cpu = [], []
    for _ in range(n):
        t, c = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - t)
    return wall, cpu


def _stats(wall, cpu) -> dict:
    med = statistics.median(wall)
    return {"median_ms": round(med * 1000, 1), "fps": round(1 / med, 1), "min_ms": round(min(wall) * 1000, 1),
            "cpu_median_ms": round(statistics.median(cpu) * 1000, 1)}


def breakdown(rec: Recogniser, frame, n: int) -> dict:
    """Each stage of rec.recognise(frame), timed on its own (CPU ms medians)."""
    x, s, px, py = rec.letterbox(frame)
    out = rec.infer(x)
    dets = rec.decode(out, s, px, py, frame.shape)
    faces = [(c, b) for k, c, b in dets if k == FACE]
    idx = [(c, b) for k, c, b in dets if k == INDEX]
    read = []  # the index boxes the recogniser actually classifies, batch by batch
    orig = rec.classify
    rec.classify = lambda f, boxes: (read.append(list(boxes)), orig(f, boxes))[1]
    try:
        rec._read_indexes(frame, faces, idx)
    finally:
        rec.classify = orig
    crops = [np.stack([crop_square(frame, b) for b in bs]) for bs in read]
    inputs = [to_input(c).transpose(0, 3, 1, 2).astype(np.float32) / 255 for c in crops]
    stages = {
        "letterbox": lambda: rec.letterbox(frame),
        "detector_inference": lambda: rec.infer(x),
        "decode_nms": lambda: rec.decode(out, s, px, py, frame.shape),
        "index_crops_cut_upright": lambda: [to_input(np.stack([crop_square(frame, b) for b in bs])) for bs in read],
        "classifier_inference": lambda: [rec.classifier.run(None, {rec.cls_input: i}) for i in inputs],
        "recognise_total": lambda: rec.recognise(frame),
    }
    res = {k: round(statistics.median(_time(fn, n)[1]) * 1000, 2) for k, fn in stages.items()}
    res["assembly_and_rest"] = round(res["recognise_total"] - sum(v for k, v in res.items() if k != "recognise_total"), 2)
    res["detector_input"] = "x".join(str(v) for v in x.shape[2:])
    res["index_boxes"] = len(idx)
    res["index_crops_classified"] = sum(len(b) for b in read)
    res["classifier_batches"] = len(read)
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", type=Path, default=Path("models"))
    ap.add_argument("--weights", type=Path,
                    help="the detector .pt for the ultralytics peer (default: rebuilt from MODELS/detector.onnx)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--threads", type=int, default=1, help="threads for every runner (0: each library's default)")
    a = ap.parse_args(argv)
    threads = a.threads or None
    frame = test_frame()
    rec = Recogniser.from_models(a.models, threads=threads)
    plain = Recogniser.from_models(a.models, threads=threads, fast=False)
    plain.read_all_indexes = True
    found = rec.recognise(frame)
    runners = {"ours": lambda: rec.recognise(frame), "ours-fp32": lambda: plain.recognise(frame),
               "ours-det": lambda: rec.detect(frame)}
    if a.weights is None or a.weights.exists():
        try:
            os.environ.setdefault("YOLO_OFFLINE", "1")
            os.environ.setdefault("YOLO_AUTOINSTALL", "false")
            import torch
            from ultralytics import YOLO

            from vision.detector_weights import peer_checkpoint

            if threads:
                torch.set_num_threads(threads)
            weights = a.weights or peer_checkpoint(a.models)  # (the committed detector)
            yolo = YOLO(str(weights))
            bgr = frame[..., ::-1].copy()
            runners["ultralytics"] = lambda: yolo.predict(bgr, imgsz=rec.imgsz, device="cpu", verbose=False)
        except ImportError:
            print("ultralytics not installed: skipping the PyTorch comparison", file=sys.stderr)
    else:
        print(f"no detector weights at {a.weights}: skipping the PyTorch comparison", file=sys.stderr)
    for fn in runners.values():  # warm-up
        _time(fn, 2)
    wall = {k: [] for k in runners}
    cpu = {k: [] for k in runners}
    for _ in range(a.rounds):
        for k, fn in runners.items():
            w, c = _time(fn, a.n)
            wall[k] += w
            cpu[k] += c
    out = {"frame": "1280x720", "cards_in_frame": 8, "threads": threads or "library default",
           "models": {k: str(v) for k, v in rec.model_files.items()}, "cards_found": len(found),
           "identities": sorted(c.identity or "?" for c in found if c.face_up),
           "identities_fp32": sorted(c.identity or "?" for c in plain.recognise(frame) if c.face_up)}
    for k in runners:
        out[k] = _stats(wall[k], cpu[k])
    if "ultralytics" in out:
        u = out["ultralytics"]
        for name, key in (("ours", "ours"), ("ours_fp32", "ours-fp32"), ("detector_only", "ours-det")):
            out[f"ratio_{name}_vs_ultralytics"] = round(out[key]["fps"] / u["fps"], 2)
            out[f"cpu_ratio_{name}_vs_ultralytics"] = round(u["cpu_median_ms"] / out[key]["cpu_median_ms"], 2)
    out["breakdown_cpu_ms"] = breakdown(rec, frame, a.n * 2)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
