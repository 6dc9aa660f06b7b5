"""Training the Bonnu face classifier (torch: the `[train]` extra; never imported at run time).

`python -m vision.train_bonnu --data build/bonnu/data --out build/bonnu/run --minutes 20` trains
on data from `python -m vision.synth.bonnu_data` (every train*.npz there), saves a checkpoint after every epoch (a
re-run with the same --out resumes from it), and exports models/bonnu_classifier.onnx (outputs
`logits` N x 61 and an L2-normalised `embedding` N x 64, what `croupier enrol` fits on).

The network reads the whole face warped upright (48 x 72; `vision.bonnu_finder.face_crop`): the
centre number is some 20 px tall there, and the card's colour is the colour of most of its
pixels. The last feature map is flattened, not averaged, so that where a mark sits (the bar
under a 6 or 9, the minus of a -1) is kept.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from .bonnu_finder import CROP_H, CROP_W
from .labels import BONNU_CLASSES

EMBED = 64


def _block(cin: int, cout: int) -> list[nn.Module]:
    return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]


class BonnuNet(nn.Module):
    def __init__(self, n_classes: int = len(BONNU_CLASSES)):
        super().__init__()
        self.features = nn.Sequential(
            *_block(3, 16), nn.MaxPool2d(2),  # 36 x 24
            *_block(16, 32), nn.MaxPool2d(2),  # 18 x 12
            *_block(32, 48), *_block(48, 48), nn.MaxPool2d(2),  # 9 x 6
            *_block(48, 64), nn.MaxPool2d(2),  # 4 x 3
        )
        self.embed = nn.Linear(64 * (CROP_H // 16) * (CROP_W // 16), EMBED)
        self.drop = nn.Dropout(0.2)
        self.head = nn.Linear(EMBED, n_classes)

    def forward(self, x):
        h = F.relu(self.embed(self.features(x).flatten(1)))
        return self.head(self.drop(h)), F.normalize(h, dim=1)


def augment(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """N x 3 x H x W in 0..1: half turns (either short side first), a shift of up to 2 px, light
    (gain 0.6-1.3, contrast, a mild colour cast), sensor noise and sometimes blur."""
    n = x.shape[0]
    turn = torch.rand(n, generator=gen) < 0.5
    x = torch.where(turn[:, None, None, None], x.flip(2, 3), x)
    dx, dy = (int(v) for v in torch.randint(-2, 3, (2,), generator=gen))
    x = torch.roll(x, (dy, dx), (2, 3))
    gain = torch.empty(n, 1, 1, 1).uniform_(0.6, 1.3, generator=gen)
    cast = torch.empty(n, 3, 1, 1).uniform_(0.92, 1.08, generator=gen)
    mean = x.mean((1, 2, 3), keepdim=True)
    contrast = torch.empty(n, 1, 1, 1).uniform_(0.75, 1.2, generator=gen)
    x = ((x - mean) * contrast + mean) * gain * cast
    x = x + torch.randn(x.shape, generator=gen) * torch.empty(n, 1, 1, 1).uniform_(0, 0.04, generator=gen)
    blur = torch.rand(n, generator=gen) < 0.25
    if blur.any():
        k = torch.tensor([1.0, 2.0, 1.0])
        k = (k[:, None] * k[None, :] / 16).expand(3, 1, 3, 3)
        x[blur] = F.conv2d(x[blur], k, padding=1, groups=3)
    return x.clamp(0, 1)


def _tensor(x: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(x).permute(0, 3, 1, 2).float().div_(255)


def evaluate(model: nn.Module, x: torch.Tensor, y: torch.Tensor) -> float:
    model.eval()
    with torch.no_grad():
        pred = torch.cat([model(x[i:i + 512])[0].argmax(1) for i in range(0, len(x), 512)])
    return float((pred == y).float().mean())


def train(data: Path, out: Path, epochs: int = 12, minutes: float | None = None, lr: float = 3e-3,
          batch: int = 64, threads: int = 1, seed: int = 0, init: Path | None = None) -> dict:
    """Train on every DATA/train*.npz, validate on DATA/val.npz. init: a checkpoint (last.pt) whose
    weights start a new schedule (a fresh --out)."""
    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    parts = [np.load(p) for p in sorted(data.glob("train*.npz"))]
    if not parts:
        raise FileNotFoundError(f"no train*.npz in {data} (python -m vision.synth.bonnu_data {data})")
    va = np.load(data / "val.npz")
    xt = _tensor(np.concatenate([p["x"] for p in parts]))
    yt = torch.from_numpy(np.concatenate([p["y"] for p in parts]))
    xv, yv = _tensor(va["x"]), torch.from_numpy(va["y"])
    model = BonnuNet()
    if init:
        model.load_state_dict(torch.load(init, weights_only=False)["model"])
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    steps = max(1, epochs * (len(xt) // batch))
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, lr, total_steps=steps, pct_start=0.15)
    out.mkdir(parents=True, exist_ok=True)
    ck = out / "last.pt"
    state = {"epoch": 0, "history": [], "seconds": 0.0}
    if ck.exists():  # resume: the same schedule, from the epoch after the last one saved
        saved = torch.load(ck, weights_only=False)
        model.load_state_dict(saved["model"])
        opt.load_state_dict(saved["opt"])
        sched.load_state_dict(saved["sched"])
        state = saved["state"]
    gen = torch.Generator().manual_seed(seed + state["epoch"])
    start = time.time() - state["seconds"]
    while state["epoch"] < epochs:
        model.train()
        order = torch.randperm(len(xt), generator=gen)
        total = 0.0
        for i in range(0, len(order) - batch + 1, batch):
            idx = order[i:i + batch]
            logits, _ = model(augment(xt[idx], gen))
            loss = F.cross_entropy(logits, yt[idx], label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
        state["epoch"] += 1
        state["seconds"] = time.time() - start
        acc = evaluate(model, xv, yv)
        state["history"].append({"epoch": state["epoch"], "loss": round(total / len(order), 4),
                                 "val_acc": round(acc, 4), "seconds": round(state["seconds"])})
        print(json.dumps(state["history"][-1]), flush=True)
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                    "state": state}, ck)
        if minutes and state["seconds"] > minutes * 60:
            break
    return {"model": model, **state}


def export(model: nn.Module, path: Path) -> Path:
    model.eval()
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 3, CROP_H, CROP_W), str(path), input_names=["images"],
                      output_names=["logits", "embedding"], dynamic_axes={"images": {0: "n"}, "logits": {0: "n"},
                                                                         "embedding": {0: "n"}},
                      opset_version=17, dynamo=False)
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="train the Bonnu face classifier")
    ap.add_argument("--data", type=Path, default=Path("build/bonnu/data"))
    ap.add_argument("--out", type=Path, default=Path("build/bonnu/run"))
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--minutes", type=float, help="stop after the epoch that passes this much training time")
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--init", type=Path, help="start from this checkpoint's weights (a new schedule)")
    ap.add_argument("--export", type=Path, default=Path("models/bonnu_classifier.onnx"))
    a = ap.parse_args(argv)
    res = train(a.data, a.out, a.epochs, a.minutes, a.lr, threads=a.threads, init=a.init)
    export(res["model"], a.export)
    print(json.dumps({"epochs": res["epoch"], "seconds": round(res["seconds"]), "export": str(a.export)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
