"""Printed matter as "none" for every enrolment fit (issue 23).

An enrolled head fitted only on its enrolment frames' own "none" crops (card middles, the table)
never sees print, and on the held-out bench it named newspaper text a card (the younes deck's ten of
clubs: false cards on print with no card 26.7 -> 73.3 per 100 frames after enrolling). The shipped
`models/enrol_none_print.npz` (vision/synth/print_negatives.py: the detector's index boxes on
rendered newspaper, magazine, game-box and lettered-cloth frames, cut as the run time cuts them)
is added to every fit's "none" class: the crops are re-cut with a detector's jitter and a camera's
damage and embedded by whatever classifier is loaded, so the file serves any classifier and the
host's laptop needs no fonts.

Weight: within the "none" class the print crops carry `PRINT_SHARE` of the weight, the enrolment
frames' own none crops the rest (the class as a whole weighs what it did: see
`enrol_head.choose_and_fit`). A missing file is a warning (`PrintNegativesWarning`) and the fit goes
on without print, as enrolment did before; a corrupt one is a ValueError naming it (a broken install
must not quietly enrol a deck that reads newspapers).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import cv2
import numpy as np

from .crops import CROP, PAD, crop_square
from .enrol_head import _damage
from .model_files import default_model_dir
from .recogniser import Recogniser

FORMAT = 1  # the file's layout version
PATCH = 80  # stored patch side: the 64 px run-time crop plus 8 px of margin all round
BOX_SIDE = CROP / PAD  # the index box's long side in a patch (51.2 px), as crop_square scales it
PRINT_FILE = "enrol_none_print.npz"
PRINT_SHARE = 0.5  # of the none class's weight (see the module's doc and models/README.md)
PER_PRINT = 2  # re-cuts of each stored crop per fit


class PrintNegativesWarning(UserWarning):
    """The printed-matter none examples are missing: the enrolment is fitted without them."""


def print_file_for(rec) -> Path | None:
    """The file beside the classifier `rec` runs, else the shipped one; None where neither exists."""
    here = getattr(rec, "model_files", {}).get("classifier")
    for d in ([Path(here).parent] if here else []) + [default_model_dir()]:
        if (d / PRINT_FILE).exists():
            return d / PRINT_FILE
    return None


def load_print_patches(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """(N x P x P x 3 uint8 patches, N aspects h / w). FileNotFoundError / ValueError naming the file."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"printed-matter none examples missing: {path}")
    try:
        with np.load(path, allow_pickle=False) as z:
            if int(z["format"]) != FORMAT:
                raise ValueError(f"format {int(z['format'])}, this croupier reads {FORMAT}")
            jpeg, offsets, aspect, side = z["jpeg"], z["offsets"], z["aspect"].astype(np.float32), int(z["patch"])
        patches = np.empty((len(offsets) - 1, side, side, 3), np.uint8)
        for i in range(len(patches)):
            img = cv2.imdecode(jpeg[offsets[i]:offsets[i + 1]], cv2.IMREAD_COLOR)
            if img is None or img.shape != patches.shape[1:]:
                raise ValueError(f"crop {i} does not decode to {side}x{side}x3")
            patches[i] = img
        if len(aspect) != len(patches) or not len(patches) or not np.isfinite(aspect).all() or (aspect <= 0).any():
            raise ValueError(f"{len(patches)} crops, {len(aspect)} aspects")
    except Exception as exc:  # noqa: BLE001 - not a zip, missing arrays, truncated JPEG...
        raise ValueError(f"printed-matter none examples unreadable or corrupt: {path} "
                         f"({type(exc).__name__}: {exc})") from None
    return patches, aspect


def print_crops(patches: np.ndarray, aspects: np.ndarray, per: int, rng) -> np.ndarray:
    """`per` run-time crops (CROP px) of each patch: the box as a detector draws it on print (its
    size and centre jittered, now and then moved as the second look moves it), the patch turned by
    quarter turns and a little more, camera damage (enrol_head._damage)."""
    n, side = len(patches), patches.shape[1]
    out = np.empty((n * per, CROP, CROP, 3), np.uint8)
    c = side / 2
    for i in range(n * per):
        p, a = patches[i // per], float(aspects[i // per])
        w, h = (BOX_SIDE, BOX_SIDE * a) if a <= 1 else (BOX_SIDE / a, BOX_SIDE)
        w *= rng.uniform(0.9, 1.15)
        h *= rng.uniform(0.9, 1.15)
        dx, dy = rng.normal(0, 0.05, 2) * max(w, h)
        if rng.random() < 0.25:
            k = int(rng.integers(0, 4))
            dx += Recogniser.SHIFT * max(w, h) * (1, -1, 0, 0)[k]  # as the recogniser's second look
            dy += Recogniser.SHIFT * max(w, h) * (0, 0, 1, -1)[k]
        m = cv2.getRotationMatrix2D((c - 0.5, c - 0.5), 90 * int(rng.integers(0, 4)) + rng.normal(0, 6), 1.0)
        turned = cv2.warpAffine(p, m, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        box = (c + dx - w / 2, c + dy - h / 2, c + dx + w / 2, c + dy + h / 2)
        out[i] = _damage(crop_square(turned, box), rng)
    return out


def print_negatives(rec, path, per: int, rng) -> np.ndarray:
    """The print crops for one fit, as `print_crops`. path: a file, None (`print_file_for(rec)`, a
    warning and no crops where there is none) or False (none wanted: benches comparing without)."""
    if path is False:
        return np.empty((0, CROP, CROP, 3), np.uint8)
    path = path or print_file_for(rec)
    if path is None:
        warnings.warn(f"{PRINT_FILE} not found beside the classifier nor in {default_model_dir()}: the deck is "
                      "enrolled without printed-matter examples and may read print as cards", PrintNegativesWarning,
                      stacklevel=3)
        return np.empty((0, CROP, CROP, 3), np.uint8)
    patches, aspects = load_print_patches(path)
    return print_crops(patches, aspects, per, rng)
