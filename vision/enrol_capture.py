"""`croupier enrol --camera`: take the enrolment frames from the table camera itself.

The host shows the cards one by one (or lays them all out) under the camera and presses Enter for
each; every frame is checked at once for a card index, so a card shown badly (a corner covered, a
hand over it, glare) is shown again there and then, not found missing after the fit. A live camera
gives its newest frame at each Enter; a video file or a folder of shots gives its next frame, so a
recorded session can be replayed. `ask` and `say` are injected (stdin / stderr in the CLI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np

from .labels import INDEX
from .sources import SourceError, open_source

STOP, SKIP = "q", "s"
ROWS = 4  # a deck laid out without an order: four rows (a suit each, say), one frame a row


def indexes_seen(rec, frame: np.ndarray) -> int:
    """How many corner indexes the detector finds in a frame (a card shown well shows at least one)."""
    return sum(1 for kind, _, _ in rec.detect(frame) if kind == INDEX)


def capture(source, codes: list[str] | None, rec, *, laid_out: bool = False, ask: Callable[[], str] = input,
            say: Callable[[str], None] = print, save: Path | None = None,
            timeout: float = 5.0) -> tuple[list[np.ndarray], list[str]]:
    """(frames, codes they show): one frame per card, or one frame of them all (laid_out). codes
    None (laid_out only): the deck in ROWS rows, one frame a row or one of all, whose cards the
    recogniser pre-fills and the host confirms afterwards (vision/enrol_confirm.py). The
    host answers each prompt with Enter (capture), s (skip this card) or q / end of input (stop:
    the frames so far are kept, also when a recording ends or a camera is unplugged mid-way).
    Raises SourceError when the camera gives no frame at all."""
    if codes is None and not laid_out:
        raise ValueError("cards shown one by one need their order (--order)")
    src = open_source(source, give_up_after=timeout)  # (a file that will not open must not retry forever)
    feed = None

    def why() -> str:
        return src.status().last_error or "nothing received"

    if src.live:
        src.start()
        if src.latest(timeout) is None:  # say so before the host starts showing cards
            reason = why()
            src.stop()
            raise SourceError(f"no frame from camera {source}: {reason}")
    else:
        feed = src.frames()

    def grab() -> np.ndarray | None:
        f = src.latest(timeout) if feed is None else next(feed, None)
        return None if f is None else f.image

    if codes is None:
        steps = [(f"row {r}", f"lay row {r} of the deck out face up, cards apart, corners visible (or every card "
                              f"in one frame, then {STOP} after it)") for r in range(1, ROWS + 1)]
    elif laid_out:
        steps = [(", ".join(codes), f"lay the {len(codes)} cards out face up in reading order (rows top to bottom, "
                                    "left to right), corners visible")]
    else:
        steps = [(c, f"show {c} alone, face up, its corners visible") for c in codes]
    frames, shown = [], []
    try:
        for i, (what, how) in enumerate(steps, 1):
            while True:
                say(f"[{i}/{len(steps)}] {how}; Enter to capture, {SKIP} to skip, {STOP} to stop")
                try:
                    answer = ask().strip().lower()
                except EOFError:
                    answer = STOP
                if answer in (STOP, SKIP):
                    break
                frame = grab()
                if frame is None and feed is not None:
                    say(f"the recording {source} ended: keeping the {len(frames)} frame(s) captured")
                    answer = STOP
                    break
                if frame is None:  # unplugged mid-way: what was captured is kept; the host decides
                    say(f"no frame from camera {source} ({why()}): "
                        f"Enter to try again, {STOP} to stop with the {len(frames)} frame(s) captured")
                    continue
                seen = indexes_seen(rec, frame)
                if seen == 0:
                    say(f"no card index seen in that frame: show {what} again (flat, corners visible, no hand over it)")
                    continue
                frames.append(frame)
                shown += (codes or []) if laid_out else [what]
                if save is not None:
                    _save(save, len(frames), what if not laid_out else "laid-out", frame)
                say(f"captured {what} ({seen} corner index{'es' if seen > 1 else ''} seen)")
                break
            if answer == STOP:
                break
    finally:
        src.stop()
    return frames, shown


def _save(folder: Path, n: int, name: str, frame: np.ndarray) -> None:
    """Keep a captured frame (NN-CODE.png), so the enrolment can be run again from the files."""
    import cv2

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{n:02d}-{name}.png"
    if not cv2.imwrite(str(path), np.ascontiguousarray(frame[..., ::-1])):
        raise OSError(f"could not write {path}")
