"""The host console's "Teach it your deck": `croupier enrol --camera --laid-out` on the console.

The host lays the deck out face up under the table camera (four rows, one frame a row, or one
frame of all) and takes a frame of each; the recogniser pre-fills every card it finds
(vision/enrol_confirm.py), the console lists each card's picture with its read, the host fixes the
few it got wrong and confirms; only then is the head fitted and saved beside the models
(MODELS/enrolled.npz), handed to the running camera, and the cards read right before and after the
fit on those frames are shown.

The desk keeps its frames in memory only (a restart starts the teaching over: nothing of the night
depends on it). A fit takes seconds to a minute, so it runs outside the desk's lock with `busy`
set: the console's other requests still answer, and a second take / confirm meanwhile is a 409.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable

import numpy as np

from vision.enrol_capture import indexes_seen
from vision.enrol_confirm import ConfirmError, before_after_words, confirmed, enrol_confirmed, find_cards, fixes_from
from vision.model_files import TEMPLATES_FILE

from .night import Conflict

MAX_FRAMES = 8  # four rows, twice over
CROP_SIDE = 180  # px: the longer side of a card's picture on the console
NO_DESK = ("no camera: teach it your deck on the laptop with `croupier enrol --camera 0 --laid-out`, "
           "or start `croupier serve` with a camera")


class EnrolDesk:
    """grab: () -> the camera's newest frame (HxWx3 RGB) or None; recogniser: () -> the plain
    recogniser (no enrolled head), made on first use; model_dir: where the head is saved (out:
    another file); on_fitted(head): the running camera takes it up; fit: options for the fit."""

    def __init__(self, grab: Callable[[], np.ndarray | None], recogniser: Callable, model_dir: Path,
                 out: Path | None = None, on_fitted: Callable[[dict], None] | None = None, **fit):
        self.grab, self._make_rec, self.model_dir, self.out = grab, recogniser, Path(model_dir), out
        self.on_fitted, self.fit = on_fitted, fit
        self.lock = threading.Lock()
        self._rec = None
        self.frames: list[np.ndarray] = []
        self.found = []
        self.result: dict | None = None
        self.taught: list | None = None  # the identities the last fit was given, card by card
        self.busy = False

    @classmethod
    def for_camera(cls, camera) -> "EnrolDesk | None":
        """The desk of `croupier run`'s camera: its frames, its model files; None unless it reads
        with the poker recogniser from model files (a Bonnu table enrols with `croupier enrol
        --deck bonnu`; a scripted test recogniser has nothing to fit against)."""
        from vision.recogniser import Recogniser

        if not isinstance(camera.recogniser, Recogniser) or "classifier" not in camera.recogniser.model_files:
            return None
        model_dir = Path(camera.recogniser.model_files["classifier"]).parent

        def grab():
            f = camera.source.frame  # the newest frame the camera handed the pipeline
            return None if f is None else f.image

        def recogniser():
            rec = Recogniser.from_models(model_dir, templates=False)
            rec.deck = camera.recogniser.deck
            return rec

        def take_up(head):
            with camera.lock:  # between frames: the camera reads with the new head from its next frame
                camera.recogniser.templates = head

        return cls(grab, recogniser, model_dir, on_fitted=take_up)

    # ---------------------------------------------------------------- reading
    def rec(self):
        if self._rec is None:
            self._rec = self._make_rec()
        return self._rec

    def state(self) -> dict:
        with self.lock:
            return {"available": True, "frames": len(self.frames), "max_frames": MAX_FRAMES, "busy": self.busy,
                    "cards": [c.to_json() | ({"taught": t} if self.taught else {})
                              for c, t in zip(self.found, self.taught or [None] * len(self.found))],
                    "result": self.result,
                    "enrolled": (self.out or self.model_dir / TEMPLATES_FILE).exists()}

    def crop_jpeg(self, number: int) -> bytes:
        import cv2

        with self.lock:
            card = next((c for c in self.found if c.number == number), None)
            if card is None:
                raise LookupError(f"no card {number} on the frames taken")
            frame = self.frames[card.frame]
        H, W = frame.shape[:2]
        x0, y0, x1, y1 = card.box
        pad = 0.06 * max(x1 - x0, y1 - y0)
        crop = frame[max(0, int(y0 - pad)):min(H, int(y1 + pad)), max(0, int(x0 - pad)):min(W, int(x1 + pad))]
        s = CROP_SIDE / max(crop.shape[:2])
        if s < 1:
            crop = cv2.resize(crop, (max(1, round(crop.shape[1] * s)), max(1, round(crop.shape[0] * s))),
                              interpolation=cv2.INTER_AREA)
        ok, buf = cv2.imencode(".jpg", np.ascontiguousarray(crop[..., ::-1]), [cv2.IMWRITE_JPEG_QUALITY, 85])
        return buf.tobytes()

    # ---------------------------------------------------------------- the host's moves
    def _idle(self, doing: str) -> None:
        if self.busy:
            raise Conflict(f"the fit is running: wait for it before you {doing}")

    def take(self) -> dict:
        """Take the camera's newest frame; its cards join the list, numbered after those before."""
        with self.lock:
            self._idle("take another frame")
            if len(self.frames) >= MAX_FRAMES:
                raise Conflict(f"{MAX_FRAMES} frames taken already: confirm the cards, or start over")
            frame = self.grab()
            if frame is None:
                raise Conflict("no picture from the camera yet: check it is connected, then take the frame again")
            rec = self.rec()
            if indexes_seen(rec, frame) == 0:
                raise ConfirmError("no card index seen in that frame: lay the cards flat, face up, apart, corners "
                                   "visible, no hand over them, and take it again")
            found = find_cards(rec, [frame], len(self.found) + 1, len(self.frames))
            if not found:
                raise ConfirmError("no face-up card found in that frame: lay the cards out face up, apart, and "
                                   "take it again")
            self.frames.append(frame)
            self.found += found
            self.result = self.taught = None
        return self.state()

    def clear(self) -> dict:
        with self.lock:
            self._idle("start over")
            self.frames, self.found, self.result, self.taught = [], [], None, None
        return self.state()

    def confirm(self, fixes: dict) -> dict:
        """The host's fixes ({"3": "QH", "5": "-"}) over the pre-fills; refused in words (nothing
        lost) when malformed or naming a card twice; else fit, save, hand to the camera."""
        with self.lock:
            self._idle("confirm again")
            if not self.found:
                raise ConfirmError("no card found yet: take a frame of the laid-out cards first")
            ids = confirmed(self.found, fixes_from(fixes, self.found))
            frames, found = list(self.frames), list(self.found)
            self.busy = True
        try:
            head, res = enrol_confirmed(self.rec(), frames, found, ids, self.model_dir, self.out, **self.fit)
            if self.on_fitted is not None:
                self.on_fitted(head)
        finally:
            with self.lock:
                self.busy = False
        res["words"] = before_after_words(res)
        with self.lock:
            self.result, self.taught = res, ids
        return self.state()
