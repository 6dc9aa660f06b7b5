"""Frame sources with fakes: a camera that dies mid-hand (clear status, backoff, recovery, game
state kept), corrupt frames, files and folders, and the latest-frame reader thread."""

import threading
import time

import cv2
import numpy as np
import pytest

from vision.assembly import CardDetection
from vision.calibration import Calibration, Zone, ZoneMap
from vision.pipeline import Pipeline
from vision.sources import CorruptFrame, FrameSource, SourceError, open_source, parse_spec


def img(v=100, w=64, h=48):
    return np.full((h, w, 3), v, np.uint8)


class FakeCamera:
    """A live camera following a script: 'f' a frame, 'x' a dying read, 'c' a corrupt frame;
    `down` opens fail that many times after each death."""

    live = True
    fps = 30.0
    name = "fake camera"

    def __init__(self, script, down=2):
        self.script, self.i, self.down, self.fail_opens = list(script), 0, down, 0
        self.opens = 0

    def open(self):
        self.opens += 1
        if self.fail_opens:
            self.fail_opens -= 1
            raise SourceError("camera not found")

    def read(self):
        if self.i >= len(self.script):
            raise SourceError("end of fake script")
        k = self.script[self.i]
        self.i += 1
        if k == "x":
            self.fail_opens = self.down
            raise SourceError("camera unplugged")
        if k == "c":
            raise CorruptFrame("garbled frame")
        return img(self.i)

    def close(self):
        pass


def test_camera_dies_mid_hand_reports_backs_off_and_recovers():
    sleeps, statuses = [], []
    cam = FakeCamera("fff" + "x" + "fff", down=2)
    src = FrameSource(cam, sleep=sleeps.append, initial_backoff=0.5, max_backoff=4)
    got = []
    for f in src.frames():
        got.append(f.index)
        statuses.append(src.status())
        if len(got) == 6:
            break
    assert got == [0, 1, 2, 3, 4, 5]  # frames keep coming after the outage
    assert sleeps == [0.5, 1.0, 2.0]  # one per failed attempt, doubling
    st = src.status()
    assert st.state == "live" and st.connected and st.reconnects == 1 and "not found" in st.last_error
    assert any(s.state == "live" for s in statuses[:3])
    assert st.width == 64 and st.height == 48


def test_status_while_lost_is_clear():
    cam = FakeCamera("ff" + "x", down=100)
    seen = []

    def sleep(s):
        seen.append(src.status())
        if len(seen) >= 3:
            src._stop.set()

    src = FrameSource(cam, sleep=sleep)
    assert len(list(src.frames())) == 2
    lost = seen[-1]
    assert lost.state == "lost" and not lost.connected and "retrying in" in lost.message
    assert "game state is kept" in lost.message and lost.retry_in > 0


def test_gives_up_after_a_while_if_asked():
    t = [0.0]

    def sleep(s):
        t[0] += s

    src = FrameSource(FakeCamera("fx", down=10**6), sleep=sleep, clock=lambda: t[0], give_up_after=10)
    assert len(list(src.frames())) == 1
    assert src.status().state == "stopped" and "gave up" in src.status().message


def test_corrupt_frames_are_skipped_and_many_in_a_row_mean_a_lost_camera():
    src = FrameSource(FakeCamera("fcfccf"), sleep=lambda s: None)
    frames = []
    for f in src.frames():
        frames.append(f)
        if len(frames) == 3:
            break
    assert len(frames) == 3 and src.status().corrupt == 3 and src.status().reconnects == 0
    src = FrameSource(FakeCamera("f" + "c" * 5 + "f", down=0), sleep=lambda s: None, corrupt_limit=5)
    frames = []
    for f in src.frames():
        frames.append(f)
        if len(frames) == 2:
            break
    assert "unreadable frames in a row" in src.status().last_error


def test_folder_source_reads_in_order_and_skips_unreadable(tmp_path):
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"f{i:02d}.png"), img(10 * i))
    (tmp_path / "f01b.jpg").write_bytes(b"not an image")
    src = open_source(tmp_path)
    frames = list(src.frames())
    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 10, 20]
    assert src.status().state == "ended" and src.status().corrupt == 1


def test_video_file_every_frame_with_its_own_clock(tmp_path):
    p = tmp_path / "v.avi"
    w = cv2.VideoWriter(str(p), cv2.VideoWriter_fourcc(*"MJPG"), 5, (64, 48))
    for i in range(7):
        w.write(img(30 * i))
    w.release()
    src = open_source(p)
    frames = list(src.frames())
    assert len(frames) == 7 and frames[-1].time == pytest.approx(6 / 5)
    assert src.status().state == "ended"


def test_open_source_errors_and_specs(tmp_path):
    with pytest.raises(SourceError, match="no such file"):
        open_source(tmp_path / "missing.mp4")
    assert parse_spec("0") == (0, True) and parse_spec(2) == (2, True)
    assert parse_spec("rtsp://10.0.0.5:554/live") == ("rtsp://10.0.0.5:554/live", True)
    assert parse_spec("http://phone:8080/video")[1] is True


class FastCamera:
    live, fps, name = True, 100.0, "fast"

    def __init__(self):
        self.n = 0

    def open(self):
        pass

    def read(self):
        time.sleep(0.005)
        self.n += 1
        return img(self.n % 250)

    def close(self):
        pass


def test_latest_frame_reader_never_falls_behind():
    src = FrameSource(FastCamera()).start()
    try:
        first = src.latest(timeout=2)
        time.sleep(0.2)  # a slow consumer
        second = src.latest(timeout=2)
        assert second.index - first.index > 5  # the newest frame, not the next one
        assert src.status().dropped > 0 and src.status().fps > 20
    finally:
        src.stop()
    assert src.status().state == "stopped"
    assert not any(t.name == "croupier-frames" and t.is_alive() for t in threading.enumerate())


# ---------------------------------------------------------- the whole pipeline keeps its state
class ScriptedRecogniser:
    """The same face-down card at seat 1 in every frame it is asked about."""

    def recognise(self, image):
        return [CardDetection((100, 300, 180, 410), False, None, 0.9)]


def test_pipeline_keeps_game_state_through_a_camera_outage():
    from referee.script import parse_script
    from vision.pipeline import Referee
    from vision.sources import Frame  # noqa: F401  (frames come from the source)

    zones = ZoneMap([Zone("seat:1", [[0, 200], [640, 200], [640, 480], [0, 480]])], "image", card_size=110)
    ref = Referee()
    for e in parse_script("open bonedoneskis 1 2 3 4\nhand 1 dealer 4"):
        ref.submit(e)
    p = Pipeline(ScriptedRecogniser(), Calibration(zones), referee=ref)
    cam = FakeCamera("ffffff" + "x" + "ffffffffff", down=3)
    src = FrameSource(cam, sleep=lambda s: None)
    log = []
    p.run(src, max_frames=16, on_step=lambda r, pl: log.append(pl.source_status.state if pl.source_status else None))
    dealt = [e for e in ref.events if e.type == "card_dealt"]
    assert len(dealt) == 1 and dealt[0].seat == 1  # one card, not re-dealt after the outage
    assert [o.kind for o in p.observations] == ["dealt"]  # and not removed during it
    assert p.source_status.reconnects == 1
    assert len(ref.state.hand.boards[1].slots) == 1


class SlowRecogniser(ScriptedRecogniser):
    def recognise(self, image):
        time.sleep(0.03)
        return super().recognise(image)


def test_live_camera_with_a_slow_recogniser_still_deals_once():
    """The reader thread drops frames while the recogniser works; 'still for 3 frames' counts looks."""
    from referee.script import parse_script
    from vision.pipeline import Referee

    zones = ZoneMap([Zone("seat:1", [[0, 0], [64, 0], [64, 48], [0, 48]])], "image", card_size=110)
    ref = Referee()
    for e in parse_script("open bonedoneskis 1 2\nhand 1 dealer 2"):
        ref.submit(e)

    class Small(SlowRecogniser):
        def recognise(self, image):
            time.sleep(0.03)
            return [CardDetection((10, 10, 40, 40), False, None, 0.9)]

    p = Pipeline(Small(), Calibration(zones), referee=ref)
    src = FrameSource(FastCamera())
    p.run(src, latest=True, max_frames=8)
    assert src.status().dropped > 0
    assert [e.type for e in ref.events if e.type == "card_dealt"] == ["card_dealt"]
