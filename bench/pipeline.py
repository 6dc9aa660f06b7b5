"""The camera pipeline on the bundled demo video: speed, latency and event accuracy.

    python bench/pipeline.py [--video webui/data/demo-table.mp4] [--models models]
                             [--weights DETECTOR.pt] [--frames N]
                             [--stride N] [--oracle N]

--video also takes a `croupier render-video` output (it writes the .script.jsonl, .zones.json and
.truth.json beside the video). The ultralytics loop runs MODELS/detector.onnx's own network and
weights, rebuilt as a .pt (vision/detector_weights.py); --weights names another .pt.

Same process, same video, every frame decoded once; the two loops alternate block by block so
they run under the same machine load:
  pipeline     the whole croupier path: decode, markers, ONNX recogniser, tracker, adapter, referee
  ultralytics  a plain ultralytics PyTorch `predict` loop over the same frames with the same
               detector weights (.pt). Needs the [train] extra.
Ratio = pipeline fps / ultralytics fps (goal >= 2). The pipeline does not run its recogniser on
every frame (vision/gating.py): an unchanged table is re-read every 10th frame, a moving one every
frame (--stride 2: every other one) but only where the picture changed (region looks; --no-regions: the
whole frame), and index reads whose pixels did not change are reused; the printed "looked at" count says
how many frames it read. A face left unread is re-read turned upright once while it lies still
(vision/orientation.py; --no-reorient: never). Threads: ONNX Runtime one per session (the
Recogniser default), torch as printed; both loops run in this one process, alternating.
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


def run_interleaved(video: Path, models: Path, weights: Path | None, limit: int | None, imgsz: int, block: int = 40,
                    stride: int = 1, regions: bool = True, peer: bool = True, reorient: bool = True):
    """Both loops over the same decoded frames, block by block (the same machine load for both):
    the croupier pipeline (markers, recogniser, tracker, adapter, referee) and plain ultralytics
    `predict`. Decoding is timed once and added to both."""
    import cv2
    import numpy as np

    from vision.calibration import Calibration, ZoneMap
    from vision.dealscript import DealScript
    from vision.pipeline import Pipeline
    from vision.recogniser import Recogniser
    from vision.sources import Frame

    stem = video.with_suffix("")
    script = DealScript.load(f"{stem}.script.jsonl")
    zones = ZoneMap.load(f"{stem}.zones.json")
    rec = Recogniser.from_models(models)
    rec.reorient = reorient  # unread faces re-read turned upright (vision/orientation.py)
    p = Pipeline(rec, Calibration(zones), host_events=script.host_events(), stride=stride, regions=regions)
    try:
        if not peer:
            raise ImportError
        from ultralytics import YOLO
        from vision.detector_weights import peer_checkpoint

        weights = weights or peer_checkpoint(models)  # (the committed detector itself)
        model, what = YOLO(str(weights)), str(weights)
        model.predict(np.zeros((720, 1280, 3), np.uint8), imgsz=imgsz, verbose=False)  # warm-up (fusing)
        import torch

        what += f"; torch {torch.get_num_threads()} thread(s)"
    except ImportError:
        model, what = None, "ultralytics not installed (pip install -e '.[train]')" if peer else "not run (--no-peer)"
    cap = cv2.VideoCapture(str(video))
    fps = cap.get(cv2.CAP_PROP_FPS) or 10.0
    t_dec = t_pipe = t_ul = 0.0
    n = 0
    while True:
        t = time.perf_counter()
        frames = []
        while len(frames) < block and not (limit and n + len(frames) >= limit):
            ok, bgr = cap.read()
            if not ok:
                break
            frames.append(bgr)
        t_dec += time.perf_counter() - t
        if not frames:
            break
        t = time.perf_counter()
        for k, bgr in enumerate(frames):
            p.step(Frame(n + k, cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB), (n + k) / fps))  # as vision.sources does
        t_pipe += time.perf_counter() - t
        if model is not None:
            t = time.perf_counter()
            for bgr in frames:
                model.predict(bgr, imgsz=imgsz, verbose=False)
            t_ul += time.perf_counter() - t
        n += len(frames)
    p.finish()
    memory = getattr(p.reader, "reread_memory", None)
    pipe = {"frames": n, "seconds": round(t_pipe + t_dec, 2), "fps": round(n / (t_pipe + t_dec), 2),
            "recognised_frames": p.frames - p.skipped, "looks": p.status()["looks"], "ms_per_frame_median": p.status()["ms_per_frame"],
            "stride": stride, "index_reads_reused": getattr(p.reader, "hits", None),
            "index_reads_run": getattr(p.reader, "misses", None), "reorient": reorient,
            "face_rereads": getattr(memory, "rereads", None), "face_rereads_remembered": getattr(memory, "hits", None),
            "face_rereads_seconds": round(getattr(memory, "seconds", 0.0), 3),
            "onnxruntime_threads": "1 per session (Recogniser.from_models default)"}
    ul = {"frames": n, "seconds": round(t_ul + t_dec, 2), "fps": round(n / (t_ul + t_dec), 2), "weights": what} \
        if model is not None else None
    return p, script, pipe, ul, what


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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--video", type=Path, default=ROOT / "webui/data/demo-table.mp4")
    ap.add_argument("--models", type=Path, default=ROOT / "models")
    ap.add_argument("--weights", type=Path, default=None)
    ap.add_argument("--frames", type=int, default=None, help="only the first N frames (speed only)")
    ap.add_argument("--imgsz", type=int, default=416)
    ap.add_argument("--stride", type=int, default=1,
                    help="pipeline option: look at every Nth frame while the picture moves (default 1: all)")
    ap.add_argument("--no-regions", action="store_true",
                    help="pipeline option: every look covers the whole frame (not only where it changed)")
    ap.add_argument("--no-peer", action="store_true", help="skip the ultralytics loop (accuracy only)")
    ap.add_argument("--no-reorient", action="store_true",
                    help="recogniser option: an unread face is not read again turned upright")
    ap.add_argument("--out", type=Path, default=ROOT / "build/bench/pipeline.json")
    ap.add_argument("--oracle", type=int, default=0, metavar="N",
                    help="also score the tracker+adapter alone on N re-rendered demo hands (oracle detections)")
    args = ap.parse_args(argv)

    import os
    os.environ.setdefault("YOLO_OFFLINE", "1")
    from vision.scoring import compare_referee, score_observations

    p, script, pipe, ul, why = run_interleaved(args.video, args.models, args.weights,
                                               args.frames, args.imgsz, stride=args.stride,
                                               regions=not args.no_regions, peer=not args.no_peer,
                                               reorient=not args.no_reorient)
    truth = json.loads(Path(f"{args.video.with_suffix('')}.truth.json").read_text())
    res = {"video": str(args.video), "pipeline": pipe, "ultralytics": ul or why}
    if not args.frames:
        sc = score_observations(p.observations, truth["expected"])
        res["accuracy"] = sc.to_json()
        res["referee"] = compare_referee(p.referee.events, script)
        res["needs_host"] = len(p.adapter.needs_host)
        res["refused"] = [w for _, w in p.referee.refused]
    if ul and ul["fps"]:
        res["ratio"] = round(pipe["fps"] / ul["fps"], 2)

    print(f"pipeline     {pipe['fps']:7.2f} frames/s  ({pipe['frames']} frames in {pipe['seconds']} s, everything; "
          f"recogniser looked at {pipe['recognised_frames']} frames, stride {args.stride}; index reads reused "
          f"{pipe['index_reads_reused']}, run {pipe['index_reads_run']}; reorient {'on' if pipe['reorient'] else 'off'}"
          f" (faces re-read {pipe['face_rereads']} in {pipe['face_rereads_seconds']} s, re-reads remembered "
          f"{pipe['face_rereads_remembered']}); "
          f"ONNX Runtime 1 thread per session)")
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
