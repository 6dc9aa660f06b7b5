"""Turned detector training frames (vision/synth/turn.py): labels follow the pixels, same seed same turns."""

import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

from vision.synth.turn import TURN_SHARES, pick_turn, turn_dataset, turn_labels


def _frame_with_box(W=64, H=40, box=(10, 5, 30, 15)):
    img = np.zeros((H, W, 3), np.uint8)
    x0, y0, x1, y1 = box
    img[y0:y1, x0:x1] = 255
    cx, cy, w, h = (x0 + x1) / 2 / W, (y0 + y1) / 2 / H, (x1 - x0) / W, (y1 - y0) / H
    return img, f"2 {cx:.6f} {cy:.6f} {w:.6f} {h:.6f}"


def _white_box(img):
    ys, xs = np.nonzero(img[..., 0] > 127)
    H, W = img.shape[:2]
    return ((xs.min() + xs.max() + 1) / 2 / W, (ys.min() + ys.max() + 1) / 2 / H,
            (xs.max() + 1 - xs.min()) / W, (ys.max() + 1 - ys.min()) / H)


def test_turned_labels_follow_the_turned_pixels():
    img, line = _frame_with_box()
    for q, code in ((1, cv2.ROTATE_90_CLOCKWISE), (2, cv2.ROTATE_180), (3, cv2.ROTATE_90_COUNTERCLOCKWISE)):
        (got,) = turn_labels([line], q)
        c, *vals = got.split()
        assert c == "2"
        assert np.allclose([float(v) for v in vals], _white_box(cv2.rotate(img, code)), atol=1e-4), q
    assert turn_labels([line], 4) == turn_labels([line], 0)
    assert turn_labels(["garbage"], 1) == []


def test_turns_are_drawn_by_share_and_are_the_same_for_a_seed():
    names = [f"0/{i:05d}.jpg" for i in range(4000)]
    turns = [pick_turn(n, 0) for n in names]
    assert turns == [pick_turn(n, 0) for n in names]
    assert turns != [pick_turn(n, 1) for n in names]
    for q, share in TURN_SHARES.items():
        assert abs(turns.count(q) / len(turns) - share) < 0.03


def test_turn_dataset_writes_images_labels_and_a_data_yaml(tmp_path):
    src = tmp_path / "data/det/images/train"
    labs = tmp_path / "data/det/labels/train"
    src.mkdir(parents=True)
    labs.mkdir(parents=True)
    img, line = _frame_with_box()
    for i in range(12):
        cv2.imwrite(str(src / f"{i:05d}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 100])
        (labs / f"{i:05d}.txt").write_text(line + "\n")
    out = tmp_path / "turned"
    counts = turn_dataset([src], out, tmp_path / "val", seed=0)
    assert sum(counts.values()) == 12
    for f in sorted((out / "images/0").glob("*.jpg")):
        q = pick_turn(f"0/{f.name}", 0)
        assert f.is_symlink() == (q == 0)
        turned = cv2.imread(str(f))
        (lab,) = (out / "labels/0" / f"{f.stem}.txt").read_text().split("\n")[:1]
        assert np.allclose([float(v) for v in lab.split()[1:]], _white_box(turned), atol=0.03), (f.name, q)
    yaml = (out / "det/data.yaml").read_text()
    assert str((out / "images/0").resolve()) in yaml and "2: index" in yaml


def test_cli_turn_data_names_a_missing_folder(tmp_path):
    r = subprocess.run([sys.executable, "-m", "webui.cli", "turn-data", str(tmp_path / "o"), "--from",
                        str(tmp_path / "nowhere")], capture_output=True, text=True,
                       cwd=Path(__file__).resolve().parents[2])
    assert r.returncode == 2 and "no such image folder" in r.stderr
