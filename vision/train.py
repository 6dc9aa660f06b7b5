"""Training and export for both stages (needs the `[train]` extra: ultralytics + torch).

* detector: ultralytics YOLO11 built from its model yaml (no pretrained weights exist
  offline) at scale "p" (YOLO11n depth, half its width: a YOLO11n epoch took ~15 min on
  these 2 cores), 3 classes (face, back, index), trained at 416 px, exported to ONNX;
* classifier: a small CNN in plain torch on 64x64 index crops cut from full-resolution
  frames, 53 identities + "none", exported to ONNX with two outputs (logits, embedding).

Offline-safe: YOLO_OFFLINE=1, YOLO_AUTOINSTALL=false, plots off (and a local TTF copied to
where ultralytics looks for Arial.ttf), no AMP check on CPU, fliplr=0 (a mirrored index is
not a card). Both trainers checkpoint every epoch and resume.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import numpy as np

from .crops import CLS_INPUT, to_input
from .labels import CLASSIFIER_CLASSES, DETECTOR_CLASSES

DET_IMGSZ = 416


def offline_env(config_dir: Path | None = None) -> None:
    os.environ["YOLO_OFFLINE"] = "1"
    os.environ["YOLO_AUTOINSTALL"] = "false"
    os.environ.setdefault("YOLO_VERBOSE", "true")
    cfg = Path(config_dir or os.environ.get("YOLO_CONFIG_DIR") or Path("build/vision/yolo-config")).resolve()
    os.environ["YOLO_CONFIG_DIR"] = str(cfg)
    font_dir = cfg / "Ultralytics"
    font_dir.mkdir(parents=True, exist_ok=True)
    for name in ("Arial.ttf", "Arial.Unicode.ttf"):
        if not (font_dir / name).exists():
            for cand in (Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),):
                if cand.exists():
                    shutil.copy(cand, font_dir / name)


SCALES = {"p": [0.50, 0.125, 1024]}  # "pico": YOLO11n depth, half its width (~4x fewer FLOPs)


def detector_yaml(out: Path, nc: int, scale: str = "p", base: str = "yolo11.yaml", tag: str = "cards") -> Path:
    """YOLO11 architecture with nc classes, written from the installed ultralytics' own yaml (`base`:
    "yolo11-obb.yaml" for oriented boxes, the Bonnu detector) beside `out` as yolo11{scale}-{tag}.yaml.
    scale "n" is YOLO11n; "p" halves its width, which is what fits CPU training here."""
    import yaml
    from ultralytics.utils import ROOT

    src = ROOT / "cfg/models/11" / base
    cfg = yaml.safe_load(src.read_text())
    cfg["nc"] = nc
    # ultralytics takes the scale from the file name (yolo11n...) or else the FIRST scales entry
    cfg["scales"] = {scale: {**cfg["scales"], **SCALES}[scale]}
    cfg["scale"] = scale
    out.parent.mkdir(parents=True, exist_ok=True)
    p = out.with_name(f"yolo11{scale}-{tag}.yaml")
    p.write_text(yaml.safe_dump(cfg, sort_keys=False))
    return p


def train_detector(data_yaml: Path, project: Path, epochs: int = 12, imgsz: int = DET_IMGSZ,
                   batch: int = 16, fraction: float = 1.0, resume: bool = True, name: str = "detector",
                   export_to: Path | None = None, cache: bool | str = "ram", lr0: float = 0.002,
                   hours: float | None = None, scale: str = "p", init: Path | None = None,
                   threads: int | None = None, warmup_epochs: float = 1) -> dict:
    """init: start from these weights (a best.pt/last.pt, or an exported detector.onnx) with a fresh
    schedule, e.g. to add epochs to a run that finished: ultralytics' own resume only finishes the
    original plan."""
    offline_env()
    if threads:
        import torch

        torch.set_num_threads(threads)
    from ultralytics import YOLO

    project = Path(project).resolve()
    last = project / name / "weights/last.pt"
    t0 = time.time()
    if resume and last.exists():
        try:
            model = YOLO(str(last))
            model.train(resume=True)
        except AssertionError:  # finished already: "nothing to resume"
            pass
    else:
        src = Path(init) if init else detector_yaml(project / name / "x", len(DETECTOR_CLASSES), scale)
        if src.suffix == ".onnx":  # the shipped detector (models/detector.onnx): its .pt is rebuilt
            from .detector_weights import checkpoint_from_onnx, training_images

            src = checkpoint_from_onnx(src, project / name / "init-from-onnx.pt",
                                       calib=training_images(data_yaml, size=imgsz))
        model = YOLO(str(src))
        model.train(data=str(data_yaml), epochs=epochs, imgsz=imgsz, batch=batch, workers=0, device="cpu",
                    project=str(project), name=name, exist_ok=True, optimizer="AdamW", lr0=lr0,
                    cos_lr=False, warmup_epochs=warmup_epochs, fliplr=0.0, degrees=0.0, scale=0.3, translate=0.1,
                    mosaic=1.0, close_mosaic=2, plots=False, amp=False, cache=cache, fraction=fraction,
                    patience=100, val=True, seed=0, deterministic=True, verbose=True,
                    **({"time": hours} if hours else {}))
    wall = time.time() - t0
    best = project / name / "weights/best.pt"
    if not best.exists():
        best = last
    res = {"weights": str(best), "train_wall_s": round(wall, 1)}
    if export_to:
        res["onnx"] = str(export_detector(best, export_to, imgsz))
    return res


def export_detector(weights: Path, dest: Path, imgsz: int = DET_IMGSZ, dynamic: bool = False) -> Path:
    """ONNX, no NMS in it; dynamic: a free input size (H, W multiples of 32)."""
    offline_env()
    from ultralytics import YOLO

    model = YOLO(str(weights))
    out = model.export(format="onnx", imgsz=imgsz, simplify=True, dynamic=dynamic, opset=17, nms=False)
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(out, dest)
    return dest


# ------------------------------------------------------------------------- classifier
# Layer widths per classifier size. "s" does about 14 M multiply-adds per crop against 46 M for "m"
# (the first 32-channel layer at full 48 px resolution was a quarter of "m"'s cost): crops are read
# every frame, so this is the recogniser's second-largest cost after the detector.
CLASSIFIER_SIZES = {"m": (16, 32, "pool", 64, "pool", 96, 96, "pool"),
                    "s": (16, "pool", 32, "pool", 64, 64, "pool")}


def _classifier_net(n_classes: int, emb: int = 128, size: str = "m"):
    import torch
    from torch import nn

    def block(i, o):
        return nn.Sequential(nn.Conv2d(i, o, 3, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))

    if size not in CLASSIFIER_SIZES:
        raise ValueError(f"classifier size {size!r}: one of {', '.join(CLASSIFIER_SIZES)}")
    layers, width = [], 3
    for step in CLASSIFIER_SIZES[size]:  # input 48 x 48, each pool halves it: 6 x 6 before the embedding layer
        if step == "pool":
            layers.append(nn.MaxPool2d(2))
        else:
            layers.append(block(width, step))
            width = step

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(*layers, block(width, emb), nn.AdaptiveAvgPool2d(1), nn.Flatten())
            self.drop = nn.Dropout(0.2)
            self.head = nn.Linear(emb, n_classes)

        def forward(self, x):  # x: N x 3 x 48 x 48, RGB in [0, 1]
            f = self.features(x)
            return self.head(self.drop(f)), nn.functional.normalize(f, dim=1)

    torch.manual_seed(0)
    return Net()


def classifier_state_from_onnx(path: Path, calib: np.ndarray | None = None) -> tuple[dict, str]:
    """(state dict, size) of a classifier exported by `export_classifier` (models/classifier.onnx), so
    that a run can start from the shipped weights when the training run's .pt is gone. The export
    folded each batch norm into its convolution (kernels under generated names, in layer order).
    Without `calib` the norms come back as the identity (mean 0, variance 1 - eps, scale 1) with the
    folded bias as their shift: the same function, but a training step normalises by the batch's own
    statistics, which then differ from the identity's, and the first epochs relearn what was lost
    (from the shipped weights: validation 0.90 after one epoch, 0.954 after ten, against 0.967 from
    the real checkpoint). With `calib` (N x 3 x 48 x 48 training crops, 0..1) each norm gets the
    mean and variance of its convolution's output on them, scale sqrt(var + eps) and shift
    bias + mean: still the same function, and a training batch now normalises as it did."""
    import torch

    from .detector_weights import onnx_weights

    weights, _, graph = onnx_weights(Path(path))
    convs = [n for n in graph.node if n.op_type == "Conv"]
    widths = tuple(int(weights[n.input[1]].shape[0]) for n in convs if n.input[1] in weights)
    size = next((k for k, v in CLASSIFIER_SIZES.items() if tuple(s for s in v if s != "pool") + (128,) == widths), None)
    if size is None or "head.weight" not in weights:
        raise ValueError(f"{path} is not a classifier exported by croupier (convolutions {widths})")
    net = _classifier_net(len(CLASSIFIER_CLASSES), size=size)
    blocks = [m for m in net.features if isinstance(m, torch.nn.Sequential)]
    for block, node in zip(blocks, convs):
        conv, bn = block[0], block[1]
        conv.weight.data = torch.from_numpy(weights[node.input[1]].copy())
        bn.weight.data.fill_(1.0), bn.running_mean.zero_(), bn.running_var.fill_(1.0 - bn.eps)
        bn.bias.data = torch.from_numpy(weights[node.input[2]].copy())
    net.head.weight.data = torch.from_numpy(weights["head.weight"].copy())
    net.head.bias.data = torch.from_numpy(weights["head.bias"].copy())
    if calib is not None and len(calib):
        _fit_norms_on_crops(net, calib)
    return net.state_dict(), size


def _fit_norms_on_crops(net, calib: np.ndarray) -> None:
    """The classifier's batch norms (identities) measured on crops: see classifier_state_from_onnx."""
    import torch

    from .detector_weights import fit_norms

    blocks = [m for m in net.features if isinstance(m, torch.nn.Sequential)]
    fit_norms([(b[0], b[1]) for b in blocks],
              lambda: net.eval()(torch.from_numpy(np.ascontiguousarray(calib, np.float32))))


def _lettering(img: np.ndarray, rng) -> np.ndarray:
    """One 48 x 48 crop drawn as another deck or camera might show it (the `strong` augmentation):
    strokes bolder or thinner (a fraction of a 2 px min / max filter blended in: the glyph is darker
    than its card), a small turn and scale (the upright turn is judged from the card's edge, a few
    degrees off), defocus, a coarser sensor (down and up again: a far webcam) and JPEG blocks.
    The held-out deck's unsure reads were letterings unlike every training style."""
    import cv2

    out = img
    u = rng.random(5)
    if u[0] < 0.5:
        k = np.ones((2, 2), np.uint8)
        grown = cv2.erode(out, k) if rng.random() < 0.6 else cv2.dilate(out, k)
        a = rng.uniform(0.3, 1.0)
        out = cv2.addWeighted(grown, a, out, 1 - a, 0)
    if u[1] < 0.5:
        m = cv2.getRotationMatrix2D((CLS_INPUT / 2, CLS_INPUT / 2), rng.uniform(-8, 8), rng.uniform(0.88, 1.12))
        out = cv2.warpAffine(out, m, (CLS_INPUT, CLS_INPUT), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if u[2] < 0.3:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 1.1))
    if u[3] < 0.3:
        side = int(rng.integers(22, 40))
        out = cv2.resize(cv2.resize(out, (side, side), interpolation=cv2.INTER_AREA), (CLS_INPUT, CLS_INPUT),
                         interpolation=cv2.INTER_LINEAR)
    if u[4] < 0.2:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 85))])
        out = cv2.imdecode(buf, cv2.IMREAD_UNCHANGED) if ok else out
    return out


def _augment(x, rng, strong: bool = False):
    """x: N x 48 x 48 x 3 uint8 -> float tensor N x 3 x 48 x 48, label-preserving augmentation:
    quarter turns (an index is read at any angle), shifts, colour, contrast, blur-ish noise;
    strong: also `_lettering` (stroke width, small turn and scale, blur, resolution, JPEG)."""
    import torch

    n = len(x)
    k = rng.integers(0, 4, n)
    out = np.empty_like(x)
    for i in range(n):
        img = np.ascontiguousarray(x[i]) if not strong else _lettering(np.ascontiguousarray(x[i]), rng)
        img = np.rot90(img, k[i])
        dx, dy = rng.integers(-3, 4, 2)
        out[i] = np.roll(img, (dy, dx), (0, 1))
    t = torch.from_numpy(out).permute(0, 3, 1, 2).float() / 255
    gain = torch.from_numpy(rng.uniform(0.6, 1.3, (n, 1, 1, 1))).float()
    colour = torch.from_numpy(rng.uniform(0.85, 1.15, (n, 3, 1, 1))).float()
    mean = t.mean(dim=(1, 2, 3), keepdim=True)
    contrast = torch.from_numpy(rng.uniform(0.6, 1.2, (n, 1, 1, 1))).float()
    t = ((t - mean) * contrast + mean) * gain * colour
    t = t + torch.randn_like(t) * torch.from_numpy(rng.uniform(0, 0.05, (n, 1, 1, 1))).float()
    return t.clamp(0, 1)


def _to_tensor(x):
    import torch

    return torch.from_numpy(np.ascontiguousarray(x)).permute(0, 3, 1, 2).float() / 255


def train_classifier(data_dir: Path, out_dir: Path, epochs: int = 14, batch: int = 128, lr: float = 3e-3,
                     threads: int | None = None, export_to: Path | None = None, resume: bool = True,
                     progress: bool = True, init: Path | None = None, size: str = "m",
                     teacher: Path | None = None, distil_t: float = 2.0, strong_aug: bool = False) -> dict:
    """init: start from these weights (a classifier.pt, or an exported classifier .onnx) with a fresh
    schedule: more epochs later.
    teacher: a trained classifier.pt (its size recorded in it; "m" before sizes were) whose softened
    outputs on the same augmented crops the new net also learns (distillation: a small net learns
    faster from a big one's near-misses, e.g. 6 vs 8 of hearts, than from the labels alone).
    strong_aug: `_lettering` on every crop too (other letterings, other cameras)."""
    import torch
    from tqdm import tqdm

    if threads:
        torch.set_num_threads(threads)
    from_onnx = bool(init) and Path(init).suffix == ".onnx"  # the shipped classifier (models/classifier.onnx)
    if from_onnx:
        onnx_state, init_size = classifier_state_from_onnx(init)
        if init_size != size:
            raise ValueError(f"{init} is a size {init_size!r} classifier: train it with size={init_size!r}")
    data_dir, out_dir = Path(data_dir), Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    tr = np.load(data_dir / "train.npz")
    va = np.load(data_dir / "val.npz")
    xs, ys = [tr["x"]], [tr["y"]]
    # fast corner-only crops (synth/index_crops.py) and the crops of the table scenes (synth --table)
    for extra in sorted(data_dir.glob("extra*.npz")) + sorted(data_dir.glob("table.npz")):
        z = np.load(extra)
        xs.append(z["x"]), ys.append(z["y"])
    xtr, ytr = to_input(np.concatenate(xs)), np.concatenate(ys).astype(np.int64)
    xva, yva = to_input(va["x"]), va["y"].astype(np.int64)
    net = _classifier_net(len(CLASSIFIER_CLASSES), size=size)
    tnet = None
    if teacher:
        saved = torch.load(teacher, weights_only=False)
        tnet = _classifier_net(len(CLASSIFIER_CLASSES), size=saved.get("size", "m"))
        tnet.load_state_dict(saved["net"])
        tnet.eval()
    if init:
        if from_onnx:  # its batch norms measured on 2,048 training crops (see classifier_state_from_onnx)
            pick = np.random.default_rng(0).choice(len(xtr), min(2048, len(xtr)), replace=False)
            net.load_state_dict(onnx_state)
            _fit_norms_on_crops(net, _to_tensor(xtr[np.sort(pick)]).numpy())
        else:
            net.load_state_dict(torch.load(init, weights_only=False)["net"])
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=5e-4)
    steps = epochs * int(np.ceil(len(xtr) / batch))
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.15)
    ck = out_dir / "classifier_last.pt"
    start, history, t_used = 0, [], 0.0
    if resume and ck.exists():
        state = torch.load(ck, weights_only=False)
        net.load_state_dict(state["net"]), opt.load_state_dict(state["opt"]), sched.load_state_dict(state["sched"])
        start, history, t_used = state["epoch"], state["history"], state["wall_s"]
    lossf = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    for ep in range(start, epochs):
        t0 = time.time()
        rng = np.random.default_rng(1000 + ep)
        perm = rng.permutation(len(xtr))
        net.train()
        tot = 0.0
        for s in tqdm(range(0, len(perm), batch), desc=f"classifier epoch {ep + 1}/{epochs}", disable=not progress,
                      mininterval=10):
            idx = perm[s:s + batch]
            xb = _augment(xtr[idx], rng, strong_aug)
            logits, _ = net(xb)
            loss = lossf(logits, torch.from_numpy(ytr[idx]))
            if tnet is not None:
                with torch.no_grad():
                    soft = torch.softmax(tnet(xb)[0] / distil_t, dim=1)
                kl = torch.nn.functional.kl_div(torch.log_softmax(logits / distil_t, dim=1), soft,
                                                reduction="batchmean")
                loss = 0.5 * loss + 0.5 * kl * distil_t ** 2
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss.detach()) * len(idx)
        acc = evaluate_classifier(net, xva, yva)
        t_used += time.time() - t0
        history.append({"epoch": ep + 1, "loss": round(tot / len(xtr), 4), "val_acc": round(acc, 4),
                        "wall_s": round(t_used, 1)})
        print(f"classifier epoch {ep + 1}: loss {tot / len(xtr):.4f} val acc {acc:.4f} ({t_used:.0f} s)", flush=True)
        torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                    "epoch": ep + 1, "history": history, "wall_s": t_used}, ck)
    torch.save({"net": net.state_dict(), "history": history, "size": size}, out_dir / "classifier.pt")
    (out_dir / "classifier_history.json").write_text(json.dumps(history, indent=1))
    res = {"history": history, "train_wall_s": round(t_used, 1), "n_train": int(len(xtr))}
    if export_to:
        res["onnx"] = str(export_classifier(net, export_to))
    return res


def evaluate_classifier(net, x, y, batch: int = 512) -> float:
    import torch

    net.eval()
    correct = 0
    with torch.no_grad():
        for s in range(0, len(x), batch):
            logits, _ = net(_to_tensor(x[s:s + batch]))
            correct += int((logits.argmax(1).numpy() == y[s:s + batch]).sum())
    return correct / max(1, len(x))


def export_classifier(net, dest: Path) -> Path:
    import torch

    net.eval()
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(1, 3, CLS_INPUT, CLS_INPUT)
    torch.onnx.export(net, (dummy,), str(dest), input_names=["crops"], output_names=["logits", "embedding"],
                      dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}, "embedding": {0: "n"}},
                      opset_version=17, dynamo=False)
    return dest
