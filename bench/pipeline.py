"""The camera pipeline on the bundled demo video: speed, latency and event accuracy.

    python bench/pipeline.py [--video webui/data/demo-table.mp4] [--models models]
                             [--weights build/vision/runs/detector/weights/best.pt] [--frames N]

Same process, same video, every frame decoded from the file:
  pipeline     the whole croupier path: decode, markers, ONNX recogniser, tracker, adapter, referee
  ultralytics  a plain ultralytics PyTorch `predict` loop over the same frames with the same
               detector weights (.pt; without them an untrained YOLO11n of the same shape: the
               speed does not depend on the weights). Needs the [train] extra.
Ratio = pipeline fps / ultralytics fps (goal >= 2).
Latency: frames from a card coming to rest (ground truth) to its observation (goal <= 3).
Accuracy: missed, wrong and extra card observations per 100 dealt cards (goal 0), and whether
the referee got exactly the script's card events and said exactly the reference announcements.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run_pipeline(video: Path, models: Path, limit: int | None):
    from vision.calibration import Calibration, ZoneMap
    from vision.dealscript import DealScript
    from vision.pipeline import Pipeline
    from vision.recogniser import Recogniser
    from vision.sources import open_source

    stem = video.with_suffix("")
    script = DealScript.load(f"{stem}.script.jsonl")
    zones = ZoneMap.load(f"{stem}.zones.json")
    p = Pipeline(Recogniser.from_models(models), Calibration(zones), host_events=script.host_events())
    t = time.perf_counter()
    p.run(open_source(video), max_frames=limit)
    wall = time.perf_counter() - t
    return p, script, wall


def run_ultralytics(video: Path, weights: Path | None, limit: int | None, imgsz: int):
    try:
        from ultralytics import YOLO
    except ImportError:
        return None, "ultralytics not installed (pip install -e '.[train]')"
    import cv2

    if weights and weights.exists():
        model, what = YOLO(str(weights)), str(weights)
    else:
        model, what = YOLO("yolo11n.yaml"), "untrained yolo11n.yaml (no .pt weights found)"
    cap = cv2.VideoCapture(str(video))
    n, t = 0, time.perf_counter()
    first = True
    while True:
        ok, frame = cap.read()
        if not ok or (limit and n >= limit):
            break
        model.predict(frame, imgsz=imgsz, verbose=False)
        if first:  # model fusing / warm-up is not steady state
            t, first = time.perf_counter(), False
            continue
        n += 1
    wall = time.perf_counter() - t
    return {"frames": n, "seconds": round(wall, 2), "fps": round(n / wall, 2) if wall else None, "weights": what}, None


def run_oracle(seeds, hand: Path):
    """The tracking/adapter layers alone: the demo hand rendered with other seeds (layout jitter,
    hands, light, noise), detections from the renderer's truth with typical recogniser faults."""
    import numpy as np

    from referee.events import loads_jsonl
    from vision.calibration import Calibration
    from vision.dealscript import from_hand
    from vision.pipeline import Pipeline
    from vision.scoring import compare_referee, score_observations
    from vision.sources import Frame
    from vision.video import OracleRecogniser, render

    out = []
    for seed in seeds:
        script = from_hand(loads_jsonl(hand.read_text()), seed=seed)
        script.table["seed"] = seed
        truth, _ = render(script, None)
        cal = Calibration(truth.zones)
        cal.H, cal.last_frame = np.linalg.inv(truth.homography), 10**9
        p = Pipeline(OracleRecogniser(truth, seed=seed), cal, host_events=script.host_events(), max_skip=0)
        blank = np.zeros((16, 16, 3), np.uint8)
        for i in range(truth.n_frames):
            p.step(Frame(i, blank, i / truth.fps))
        p.finish()
        sc = score_observations(p.observations, truth.expected).to_json()
        sc["referee"] = compare_referee(p.referee.events, script)
        sc["seed"] = seed
        out.append(sc)
    return out


def find_weights() -> Path | None:
    for p in sorted((ROOT / "build/vision/runs").glob("**/weights/best.pt")) + \
            sorted((ROOT / "build/vision/runs").glob("**/weights/last.pt")):
        return p
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--video", type=Path, default=ROOT / "webui/data/demo-table.mp4")
    ap.add_argument("--models", type=Path, default=ROOT / "models")
    ap.add_argument("--weights", type=Path, default=None)
    ap.add_argument("--frames", type=int, default=None, help="only the first N frames (speed only)")
    ap.add_argument("--imgsz", type=int, default=416)
    ap.add_argument("--out", type=Path, default=ROOT / "build/bench/pipeline.json")
    ap.add_argument("--oracle", type=int, default=0, metavar="N",
                    help="also score the tracker+adapter alone on N re-rendered demo hands (oracle detections)")
    args = ap.parse_args(argv)

    import os
    os.environ.setdefault("YOLO_OFFLINE", "1")
    from vision.scoring import compare_referee, score_observations

    p, script, wall = run_pipeline(args.video, args.models, args.frames)
    pipe = {"frames": p.frames, "seconds": round(wall, 2), "fps": round(p.frames / wall, 2),
            "ms_per_frame_median": p.status()["ms_per_frame"]}
    truth = json.loads(Path(f"{args.video.with_suffix('')}.truth.json").read_text())
    res = {"video": str(args.video), "pipeline": pipe}
    if not args.frames:
        sc = score_observations(p.observations, truth["expected"])
        res["accuracy"] = sc.to_json()
        res["referee"] = compare_referee(p.referee.events, script)
        res["needs_host"] = len(p.adapter.needs_host)
        res["refused"] = [why for _, why in p.referee.refused]
    ul, why = run_ultralytics(args.video, args.weights or find_weights(), args.frames, args.imgsz)
    res["ultralytics"] = ul or why
    if ul and ul["fps"]:
        res["ratio"] = round(pipe["fps"] / ul["fps"], 2)

    print(f"pipeline     {pipe['fps']:7.2f} frames/s  ({pipe['frames']} frames in {pipe['seconds']} s, everything)")
    if ul:
        print(f"ultralytics  {ul['fps']:7.2f} frames/s  (predict only; {ul['weights']})")
        print(f"ratio        {res.get('ratio')}  (goal >= 2)")
    else:
        print(f"ultralytics  skipped: {why}")
    if "accuracy" in res:
        a = res["accuracy"]
        print(f"accuracy     per 100 dealt cards ({a['dealt_cards']} dealt, {a['expected']} card facts): "
              f"missed {a['missed_per_100']}, wrong {a['wrong_per_100']}, extra {a['extra_per_100']}; "
              f"{a['unconfirmed']} left to the host")
        print(f"latency      frames from rest to event: median {a['latency_frames_median']}, "
              f"max {a['latency_frames_max']}  (goal <= 3)")
        r = res["referee"]
        print(f"referee      card events equal: {r['card_events_equal']}, announcements equal: "
              f"{r['announcements_equal']} ({r['announcements']} announcements)")
    if args.oracle:
        o = run_oracle(range(11, 11 + args.oracle), ROOT / "webui/data/demo-hand.jsonl")
        res["oracle"] = o
        dealt = sum(x["dealt_cards"] for x in o)
        per = {k: round(100 * sum(x[k] for x in o) / dealt, 2) for k in ("missed", "wrong", "extra", "unconfirmed")}
        lat = [x["latency_frames_max"] for x in o if x["latency_frames_max"] is not None]
        print(f"oracle       tracker+adapter on {len(o)} re-rendered hands, {dealt} dealt cards, per 100: {per}; "
              f"max latency {max(lat) if lat else None} frames; referee equal: "
              f"{all(x['referee']['card_events_equal'] and x['referee']['announcements_equal'] for x in o)}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=1) + "\n")
    print(f"(details: {args.out})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
