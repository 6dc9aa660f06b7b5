"""Training and export of the Bonnu card detector (needs the `[train]` extra: ultralytics + torch;
nothing here runs at run time: vision/bonnu_detector.py decodes the exported ONNX with numpy).

An ultralytics YOLO11 OBB (oriented box) model built from the installed ultralytics' own
`yolo11-obb.yaml` (no pretrained weights: there are none offline) at scale "p" (YOLO11n depth,
half its width, as the poker detector), ONE class `card`: each detection is a turned rectangle,
the outline `face_crop` needs. Data: `python -m vision.synth.bonnu_detect_data`.

    python -m vision.train_bonnu_detector --data build/bonnu_det/data/data.yaml \
        --project build/bonnu_det/runs --name det --hours 1.1 --threads 2 \
        --export models/bonnu_detector.onnx

A re-run with the same --project/--name resumes from its last.pt (ultralytics' own resume);
`--export-only` exports a finished run's best.pt.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from .train import detector_yaml, export_detector, offline_env

IMGSZ = 448  # cards are big (a fifth of the frame height or more): 448 keeps their corners sharp enough


def train(data: Path, project: Path, name: str, hours: float, epochs: int = 60, imgsz: int = IMGSZ,
          batch: int = 16, lr0: float = 0.002, threads: int = 2, scale: str = "p") -> Path:
    offline_env()
    import torch

    torch.set_num_threads(threads)
    from ultralytics import YOLO

    project = Path(project).resolve()
    last = project / name / "weights/last.pt"
    if last.exists():
        try:
            YOLO(str(last)).train(resume=True)
        except AssertionError:  # finished already: "nothing to resume"
            pass
    else:
        cfg = detector_yaml(project / name / "cfg" / "x", 1, scale, base="yolo11-obb.yaml", tag="obb-bonnu")
        model = YOLO(str(cfg), task="obb")
        # degrees 0: the scenes already turn cards every way; fliplr is harmless for an outline
        model.train(data=str(data), epochs=epochs, imgsz=imgsz, batch=batch, workers=0, device="cpu",
                    project=str(project), name=name, exist_ok=True, optimizer="AdamW", lr0=lr0, cos_lr=False,
                    warmup_epochs=1, degrees=0.0, fliplr=0.5, scale=0.3, translate=0.1, mosaic=1.0,
                    close_mosaic=2, plots=False, amp=False, cache="ram", patience=100, val=True, seed=0,
                    deterministic=True, verbose=True, time=hours)
    best = project / name / "weights/best.pt"
    return best if best.exists() else last


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("build/bonnu_det/data/data.yaml"))
    ap.add_argument("--project", type=Path, default=Path("build/bonnu_det/runs"))
    ap.add_argument("--name", default="det")
    ap.add_argument("--hours", type=float, default=1.0)
    ap.add_argument("--imgsz", type=int, default=IMGSZ)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--export", type=Path, default=None)
    ap.add_argument("--export-only", action="store_true")
    a = ap.parse_args(argv)
    t0 = time.time()
    weights = (a.project / a.name / "weights/best.pt") if a.export_only else train(
        a.data, a.project, a.name, a.hours, imgsz=a.imgsz, threads=a.threads)
    print(f"weights {weights}, {time.time() - t0:.0f} s")
    if a.export:
        # a free input size: a 16:9 frame is letterboxed to 448 x 256, not 448 x 448. Output 1 x 6 x N:
        # cx, cy, w, h (input pixels), the card score, the angle (radians)
        print("exported", export_detector(weights, a.export, a.imgsz, dynamic=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
