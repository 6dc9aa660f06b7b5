"""A camera for the dashboard tests without models or video: a fake frame backend behind the real
`FrameSource` (file-like or live, optionally unplugged after some frames), a recogniser that
reads scripted cards per frame, and zones drawn on the image (no markers needed)."""

from __future__ import annotations

import time

import numpy as np

from vision.assembly import CardDetection
from vision.calibration import Calibration, Zone, ZoneMap
from vision.sources import FrameSource, SourceError

W, H = 320, 240
# seats along the bottom of the picture, the pot above them
ZONES = ZoneMap([Zone("seat:1", [[0, 120], [106, 120], [106, 240], [0, 240]]),
                 Zone("seat:2", [[106, 120], [213, 120], [213, 240], [106, 240]]),
                 Zone("seat:3", [[213, 120], [320, 120], [320, 240], [213, 240]]),
                 Zone("pot", [[0, 0], [320, 0], [320, 120], [0, 120]])], "image", card_size=40.0)
AT_SEAT1, AT_SEAT2, IN_POT = (38, 160, 68, 200), (145, 160, 175, 200), (145, 40, 175, 80)


class FakeBackend:
    """`frames` grey frames; live=True: a camera (throttled; unplugged after `unplug_after` reads,
    after which it cannot be opened again)."""

    def __init__(self, frames: int = 30, live: bool = False, unplug_after: int | None = None, name="fake camera"):
        self.n, self.live, self.unplug_after, self.name = frames, live, unplug_after, name
        self.fps = None if live else 10.0
        self.i = 0
        self.unplugged = False

    def open(self) -> None:
        if self.unplugged:
            raise SourceError(f"cannot open {self.name} (is it plugged in?)")

    def read(self):
        if self.unplug_after is not None and self.i >= self.unplug_after:
            self.unplugged = True
            raise SourceError(f"{self.name} stopped sending frames")
        if self.i >= self.n:
            if self.live:
                time.sleep(0.02)
                return np.full((H, W, 3), 90, np.uint8)
            return None
        if self.live:
            time.sleep(0.01)
        self.i += 1
        return np.full((H, W, 3), 90, np.uint8)

    def close(self) -> None:
        pass


class ScriptedRecogniser:
    """From frame `start` on, one card per entry: (box, reads) where reads cycles through
    (identity, confidence) pairs frame by frame (identity None: face down)."""

    def __init__(self, cards, start: int = 1):
        self.cards, self.start = cards, start

    def recognise_frame(self, frame):
        if frame.index < self.start:
            return []
        out = []
        for box, reads in self.cards:
            ident, conf = reads[frame.index % len(reads)]
            out.append(CardDetection(box, ident is not None or conf < 0, ident, abs(conf)))
        return out


def make_camera(cards, frames: int = 30, live: bool = False, unplug_after: int | None = None, **kw):
    from webui.camera import CameraService
    source = FrameSource(FakeBackend(frames, live, unplug_after), initial_backoff=0.05, max_backoff=0.1)
    return CameraService(source, ScriptedRecogniser(cards), Calibration(ZONES), max_skip=0, **kw)


# seat 1's up card read doubtfully: J♠ or J♣ (the camera is not sure enough to announce it)
DOUBTFUL_JACK = [(AT_SEAT1, [("JS", 0.5), ("JC", 0.45)])]
