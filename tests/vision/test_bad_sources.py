"""Bad video input never hangs (issue 19, defect 5): an empty file, random bytes, a cut-short mp4,
a 4 KB head, an empty folder, a missing path are an error in one line at once; a video cut short
says so when it ends early; a live stream that stops sending is "stalled" within 2 s; a live
camera that cannot be opened keeps trying, with backoff."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sources import FrameSource, SourceError, open_source

ROOT = Path(__file__).resolve().parents[2]


def write_video(path: Path, frames: int = 40, fourcc: str = "mp4v", size=(160, 120)) -> Path:
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*fourcc), 10, size)
    rng = np.random.default_rng(1)
    for _ in range(frames):                     # noise: frames that do not compress to nothing
        w.write(rng.integers(0, 255, (size[1], size[0], 3), dtype=np.uint8))
    w.release()
    return path


def bad_inputs(tmp: Path) -> dict[str, tuple[Path, str]]:
    whole = write_video(tmp / "whole.mp4").read_bytes()
    assert len(whole) > 16_000
    (tmp / "zero.mp4").write_bytes(b"")
    (tmp / "random.mp4").write_bytes(os.urandom(100_000))
    (tmp / "cut.mp4").write_bytes(whole[: len(whole) // 2])
    (tmp / "head.mp4").write_bytes(whole[:4096])
    (tmp / "notes.mp4").write_text("not a video at all\n")
    (tmp / "empty").mkdir()
    (tmp / "no-images").mkdir()
    (tmp / "no-images" / "readme.txt").write_text("hello")
    return {"empty file": (tmp / "zero.mp4", "empty file"), "random bytes": (tmp / "random.mp4", "cannot read"),
            "cut-short mp4": (tmp / "cut.mp4", "cannot read"), "4 KB head": (tmp / "head.mp4", "cannot read"),
            "text file": (tmp / "notes.mp4", "cannot read"), "empty folder": (tmp / "empty", "no images"),
            "folder without images": (tmp / "no-images", "no images"),
            "missing path": (tmp / "nowhere.mp4", "no such file or folder")}


KINDS = ["empty file", "random bytes", "cut-short mp4", "4 KB head", "text file", "empty folder",
         "folder without images", "missing path"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_or_folder_that_cannot_be_read_is_an_error_at_once(tmp_path, kind):
    path, words = bad_inputs(tmp_path)[kind]
    t0 = time.monotonic()
    with pytest.raises(SourceError, match=words):
        open_source(path)
    assert time.monotonic() - t0 < 2


@pytest.mark.parametrize("kind", ["empty file", "random bytes", "4 KB head", "empty folder"])
def test_croupier_run_on_bad_input_exits_with_one_line(tmp_path, kind):
    path, words = bad_inputs(tmp_path)[kind]
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-c", "import sys; from webui.cli import main; sys.exit(main(sys.argv[1:]))",
                        "run", "--source", str(path), "--headless", "--once"],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("croupier: error: ") and words in r.stderr, r.stderr
    assert "moov atom" not in r.stderr + r.stdout             # FFmpeg's own noise is kept quiet
    assert time.monotonic() - t0 < 30


def test_a_video_cut_short_says_it_ended_early(tmp_path):
    whole = write_video(tmp_path / "whole.avi", fourcc="MJPG").read_bytes()
    (tmp_path / "cut.avi").write_bytes(whole[: len(whole) // 2])     # its header still says 40 frames
    src = open_source(tmp_path / "cut.avi")
    got = len(list(src.frames()))
    st = src.status()
    assert 0 < got < 40 and st.state == "ended"
    assert "ended early" in st.message and f"{got} of the 40 frames" in st.message


def test_a_whole_video_just_ends(tmp_path):
    src = open_source(write_video(tmp_path / "whole.avi", fourcc="MJPG"))
    assert len(list(src.frames())) == 40
    st = src.status()
    assert st.state == "ended" and st.message == "end of the video" and not st.last_error


class SilentStream:
    """A live stream that connects, sends three frames, then keeps the socket open and sends nothing."""

    live, fps, name = True, 30.0, "rtsp://phone/stream"

    def __init__(self) -> None:
        self.sent, self.hang = 0, threading.Event()

    def open(self) -> None:
        pass

    def read(self):
        if self.sent >= 3:
            self.hang.wait(30)                  # what a read on a silent socket does
            return None
        self.sent += 1
        return np.full((48, 64, 3), 100, np.uint8)

    def close(self) -> None:
        self.hang.set()


def test_a_live_stream_that_stops_sending_is_stalled_within_two_seconds():
    stream = SilentStream()
    src = FrameSource(stream, stall_after=1.5).start()
    assert src.latest(timeout=2) is not None
    while src.status().frames < 3:
        time.sleep(0.01)
    last_frame = time.monotonic()
    assert src.status().state == "live"
    while src.status().state != "stalled":
        assert time.monotonic() - last_frame < 2.0, src.status()
        time.sleep(0.05)
    assert "no frame for" in src.status().message and src.status().connected
    stream.hang.set()                           # the socket closes: the reader thread ends
    src.stop()


def test_a_live_camera_that_will_not_open_keeps_trying_with_backoff():
    class Unplugged:
        live, fps, name = True, None, "camera 0"

        def open(self):
            raise SourceError("cannot open camera 0")

        def close(self):
            pass

    sleeps: list[float] = []
    src = FrameSource(Unplugged(), sleep=sleeps.append, initial_backoff=0.5, max_backoff=4)

    def stop_after_five(seconds):
        sleeps.append(seconds)
        if len(sleeps) >= 5:
            src._stop.set()
    src._sleep = stop_after_five
    assert list(src.frames()) == []
    assert sleeps == [0.5, 1.0, 2.0, 4.0, 4.0]
    assert src.status().state == "connecting" and "retrying" in src.status().message
