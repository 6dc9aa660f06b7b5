"""The camera pipeline running next to the dashboard, and what the host console sees of it.

`CameraService(source, recogniser, calibration)` runs `vision.pipeline.Pipeline` on its own thread
once `create_app(config, camera=service)` has attached it to the night and `start()` is called.
The data still flows one way: the pipeline's events go to the referee through `Night.submit` (the
same lock, store, idempotency keys and live stream as the host's own buttons); the web layer only
reads copies of the pipeline's state (status, the latest frame, the readings the host must check)
and answers those readings. An answer goes back down the pipeline's own path, `Adapter.translate`
then the referee, so a confirmed card is judged exactly as a confident camera read would have been.

One lock (`service.lock`) is held while the pipeline works on a frame, while it copies out what
the console shows (between frames), and while the host's answer is recorded: the tracker and the
adapter are never touched by two threads at once, and a status or a picture request reads only
the copy, so it never waits for recognition. Lock order is camera lock, then the night's lock
(never the other way round: nothing here is called from inside `Night`).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import deque
from dataclasses import replace

from referee.engine import Refusal
from referee.state import State
from vision.holding import Offered
from vision.pipeline import Pipeline, Referee

from . import evidence as evidence_store
from . import feed
from .camera_overlay import draw_overlay, zone_outlines
from .console_words import ConsoleWords, held_json, reading_json
from .night import Conflict, Unapplicable
from .security import ApiError
from .sse import Message
from .store import StoreError

log = logging.getLogger("croupier.camera")

NO_CAMERA = "no camera — enter cards by hand"
def no_camera_status() -> dict:
    return {"camera": False, "state": "none", "connected": False, "message": NO_CAMERA, "unconfirmed": 0}


class NightReferee(Referee):
    """The pipeline's referee, routed through the dashboard's `Night`: every camera event is
    decided, stored and broadcast exactly like a host's. Refusals are recorded, never raised."""

    def __init__(self, night, session_key: str):
        super().__init__(session_key=session_key)
        self.night = night

    @property
    def state(self) -> State:
        table = self.night.table
        return table.state if table is not None else State()

    def submit(self, event, key: str | None = None, actor: str = "camera", evidence=None) -> list:
        self._n += 1
        night = self.night
        with night.lock:
            before = len(night.table.announcements) if night.table is not None else 0
            try:
                result = night.submit(event, key or f"{self.key}:{self._n}", actor)
            except (Refusal, Conflict, Unapplicable, StoreError) as exc:
                self.refused.append((event, str(exc)))
                return []
            said = list(night.table.announcements[before:]) if result["recorded"] else []
            if result["recorded"]:
                evidence_store.keep(night, event, evidence)
        self.events.append(event)
        self.announcements.extend(said)
        return said


class _ServedPipeline(Pipeline):
    """The pipeline with the service's lock held for each frame (and the final flush)."""

    def __init__(self, *args, lock: threading.RLock, **kw):
        super().__init__(*args, **kw)
        self._lock = lock

    def step(self, frame):
        with self._lock:
            return super().step(frame)

    def finish(self):
        with self._lock:
            return super().finish()


class _Watched:
    """A frame source that remembers the last frame it handed out (for the snapshot)."""

    def __init__(self, source):
        self.source = source
        self.frame = None

    def __getattr__(self, name):
        return getattr(self.source, name)

    def frames(self):
        for f in self.source.frames():
            self.frame = f
            yield f

    def latest(self, timeout: float = 1.0):
        f = self.source.latest(timeout=timeout)
        if f is not None:
            self.frame = f
        return f


class CameraService:
    """One camera (a `vision.sources.FrameSource`), its recogniser and calibration, run by a
    pipeline on a thread of its own; `pipeline_options` go to `Pipeline` (tests: `max_skip=0`)."""

    def __init__(self, source, recogniser, calibration, *, tiles="1x1", max_frames: int | None = None,
                 on_step=None, **pipeline_options):
        self.source = _Watched(source)
        self.recogniser, self.calibration = recogniser, calibration
        self.tiles, self.max_frames, self.user_on_step = tiles, max_frames, on_step
        self.pipeline_options = pipeline_options
        self.lock = threading.RLock()
        self.night = None
        self.referee: NightReferee | None = None
        self.pipeline: Pipeline | None = None
        self.error = ""                       # the pipeline thread itself failed (a bug): said, not raised
        self._stop = threading.Event()
        self._finished = threading.Event()    # the pipeline is done with its source
        self._thread: threading.Thread | None = None
        self._open: dict[int, object] = {}    # reading id -> the adapter's Held, while it waits for the host
        self._resolved: dict[int, dict] = {}  # reading id -> what the host answered
        self._answered: dict[int, str] = {}   # track id -> the card the host gave it (for the overlay)
        self._next_id = 1
        self._steps: deque[float] = deque(maxlen=30)
        self._signature = None
        self._view: dict = {}                 # what the console shows, copied out between frames
        self._jpeg: tuple[int, bytes] | None = None

    # ------------------------------------------------------------------------ lifecycle
    def attach(self, night) -> None:
        """Called by `create_app`: camera events go to this night."""
        self.night = night
        self.referee = NightReferee(night, f"camera:{secrets.token_hex(4)}")

    def start(self, host_events=()) -> CameraService:
        """Run the pipeline on its own thread; `host_events` are (seconds, event) pairs the video
        reaches (bets and decisions of a scripted demo), as in `Pipeline`."""
        if self.referee is None:
            raise RuntimeError("attach the camera to a night first: create_app(config, camera=service)")
        if self._thread is not None:
            return self
        self.pipeline = _ServedPipeline(self.recogniser, self.calibration, referee=self.referee,
                                        host_events=list(host_events), tiles=self.tiles, lock=self.lock,
                                        **self.pipeline_options)
        self._thread = threading.Thread(target=self._run, name="croupier-camera", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            self.pipeline.run(self.source, on_step=self._on_step, max_frames=self.max_frames,
                              latest=bool(self.source.live), stop=self._stop.is_set)
        except Exception as exc:   # never take the dashboard down with the camera: say it, keep the game
            log.exception("the camera pipeline stopped")
            self.error = f"the camera pipeline stopped: {exc}"
        self._finished.set()
        self._publish_if_changed()
        self._offer_held_until_stopped()

    def _offer_held_until_stopped(self) -> None:
        """The video is over (or the pipeline stopped) but the hand goes on by hand: what the camera
        saw and the referee could not take yet is offered again whenever the referee moves on."""
        while self.pipeline.holding.items and not self._stop.wait(0.3):
            with self.lock:
                out = Offered()
                self.pipeline.holding.reoffer_if_changed(out)
                if out.events or out.refused:
                    self._refresh()
            self._publish_if_changed()

    def running(self) -> bool:
        return self._thread is not None and not self._finished.is_set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the pipeline to finish its source (files, tests). True when it has."""
        if self._thread is not None:
            self._finished.wait(timeout)
        return not self.running()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)        # it looks at the stop flag after every frame or empty wait
        try:
            self.source.stop()            # releases the device (only now: never under a reading thread)
        except Exception:                 # a driver failing to let go must not stop the shutdown
            log.debug("closing the camera failed", exc_info=True)

    # --------------------------------------------------------------------- pipeline side
    def _on_step(self, res, pipeline) -> None:
        if res is not None:
            self._steps.append(time.monotonic())
        with self.lock:                   # free between frames: only an answer being recorded waits
            self._refresh()
        self._publish_if_changed()
        if self.user_on_step is not None:
            self.user_on_step(res, pipeline)

    def _sync_readings(self) -> None:
        """Give each reading the adapter holds for the host a stable number (the list shifts)."""
        held = self.pipeline.adapter.needs_host if self.pipeline else []
        known = {id(h) for h in self._open.values()}
        for h in held:
            if id(h) not in known:
                self._open[self._next_id] = h
                self._next_id += 1
        present = {id(h) for h in held}
        for rid in [r for r, h in self._open.items() if id(h) not in present]:
            del self._open[rid]

    def _refresh(self) -> None:
        """Copy what the console shows out of the pipeline (under the lock, between frames). The
        web threads read only this copy, so a status or a picture never waits for recognition."""
        p = self.pipeline
        self._sync_readings()
        tracks = [(t.id, (t.box, t.placed, t.unconfirmed and t.id not in self._answered,
                          self._answered.get(t.id, t.identity), t.up))
                  for t in p.tracker.tracks.values() if t.box is not None]
        ms = sorted(p.step_ms)
        self._view = {
            "frame": self.source.frame, "frames": p.frames, "cards": sum(1 for _, t in tracks if t[1]),
            "ms_per_frame": round(ms[len(ms) // 2], 1) if ms else None, "tracks": tracks,
            "readings": [_reading(rid, h) for rid, h in self._open.items()],
            "flagged": {h.obs.track: rid for rid, h in self._open.items()},
            "held": [h.to_json() for h in p.holding.items], "held_tracks": p.holding.tracks(),
            # the events behind each held observation, told in words when the console asks
            "held_events": {h.id: tuple(h.events or ()) for h in p.holding.items},
            "refusals": p.holding.refusals,
            "version": self._view.get("version", 0) + 1,
        }

    def _publish_if_changed(self) -> None:
        """A `camera` frame on the live stream when something the host sees changed: the source's
        state, the calibration, or the readings waiting. No card names: every phone gets it."""
        st = self.status()
        sig = (st["state"], st["calibrated"], tuple(r["id"] for r in self._view.get("readings", ())),
               tuple(h["id"] for h in st["held"]), self.error)
        if sig == self._signature or self.night is None:
            return
        self._signature = sig
        self.night.broadcaster.publish(Message(None, "camera", {"camera": {
            "state": st["state"], "connected": st["connected"], "unconfirmed": st["unconfirmed"],
            "message": st["message"]}}))

    # ------------------------------------------------------------------------- reading
    def status(self) -> dict:
        src = self.source.status()
        view, cal = self._view, self.calibration.status
        steps = list(self._steps)
        rate = (len(steps) - 1) / (steps[-1] - steps[0]) if len(steps) > 1 and steps[-1] > steps[0] else 0.0
        state = src.state if self._thread is not None else "starting"
        if self.error:
            state = "failed"
        elif self._thread is not None and self._finished.is_set() and state != "ended":
            state = "stopped"           # --max-frames reached, or stop(): the source may still be open
        out = {
            "camera": True, "source": src.source, "state": state, "connected": src.connected,
            "fps": round(src.fps, 1), "processed_fps": round(rate, 1),
            "resolution": [src.width, src.height] if src.width else None,
            "frames": view.get("frames", 0), "dropped": src.dropped, "reconnects": src.reconnects,
            "ms_per_frame": view.get("ms_per_frame"),
            "calibrated": cal.state in ("live", "kept", "image-space"), "calibration": cal.to_json(),
            "markers": list(cal.markers), "cards": view.get("cards", 0),
            "unconfirmed": len(view.get("readings", ())), "held": self._held_in_words(view),
            "refusals": view.get("refusals", 0),
            "last_error": self.error or src.last_error,
        }
        out["message"] = _message(out, src, cal)
        return out

    def readings(self) -> list[dict]:
        """The camera readings waiting for the host, oldest first, in words."""
        words = self._words()
        return [reading_json(r, words) for r in self._view.get("readings", ())]

    def _words(self) -> ConsoleWords:
        return ConsoleWords.of(self.night) if self.night is not None else ConsoleWords({}, None)

    def _held_in_words(self, view: dict) -> list[dict]:
        held = view.get("held", [])
        if not held:
            return []
        words, events = self._words(), view.get("held_events", {})
        return [held_json(h, events.get(h["id"], ()), words) for h in held]

    def _answer_json(self, events, said, refused) -> dict:
        """What an answer did, in words: the events recorded, what was announced, what was refused."""
        words = self._words()
        return {"events": [words.event(e) for e in events], "raw_events": [e.describe() for e in events],
                "announcements": feed.said(self.night, said) if said else [], "refused": words.refused(refused)}

    def snapshot(self) -> bytes | None:
        """The latest processed frame as a JPEG with the zones and the card tracks drawn on it;
        None before the first frame."""
        view = self._view
        frame = view.get("frame")
        if frame is None:
            return None
        cached = self._jpeg
        if cached is not None and cached[0] == view["version"]:
            return cached[1]
        caption = f"frame {frame.index}  {self.calibration.status.state}  {view['cards']} cards  " \
                  f"{len(view['readings'])} to check  {len(view['held'])} held (purple)"
        data = draw_overlay(frame.image, zone_outlines(self.calibration), view["tracks"], view["flagged"], caption,
                            held=view["held_tracks"])
        self._jpeg = (view["version"], data)
        return data

    # ------------------------------------------------------------------------ answering
    def resolve(self, reading: int, action: str, key: str, card: str | None = None,
                seat: int | None = None) -> dict:
        """The host's answer to reading #`reading`: `confirm` (the card as read), `correct` (this
        card, optionally at this seat) or `reject` (nothing is recorded). Raises ApiError (404:
        no such reading), Conflict (409: answered already, or the answer still does not place the
        card), or a 409 with the referee's words when it refuses the event."""
        if self.pipeline is None:
            raise Conflict("the camera has not started yet")
        with self.lock:
            self._sync_readings()
            if reading in self._resolved:
                done = self._resolved[reading]
                raise Conflict(f"camera reading #{reading} was already answered ({done['answer']})")
            held = self._open.get(reading)
            if held is None:
                raise ApiError(404, f"no camera reading #{reading} is waiting (see the list of readings)")
            needs = self.pipeline.adapter.needs_host
            pos = next(i for i, h in enumerate(needs) if h is held)
            if action == "reject":
                needs.pop(pos)
                return self._done(reading, held, "rejected: nothing recorded", [], [])
            if action == "confirm":
                card = held.obs.card
                if card is None:
                    raise ApiError(400, f"camera reading #{reading} has no card read: correct it with the card")
            obs = held.obs.confirmed_as(card)
            if seat is not None:
                obs = replace(obs, zone=f"seat:{seat}")
            needs.pop(pos)
            n, skipped = len(needs), len(self.pipeline.adapter.ignored)
            events = self.pipeline.adapter.translate(obs, self.referee.state)
            if len(needs) > n:             # the adapter still cannot place it: nothing changes
                again = needs[n]
                del needs[n:]
                needs.insert(pos, held)
                raise Conflict(f"camera reading #{reading} still needs an answer: {again.reason}"
                               + ("" if seat is not None else " (correct it with the seat)"))
            accepted, said, refused = [], [], []
            for i, event in enumerate(events):
                before = len(self.referee.refused)
                out = self.referee.submit(event, key=f"{key}:camera:{reading}:{i}", actor="host")
                if len(self.referee.refused) > before:
                    refused.append(self.referee.refused[-1])
                else:
                    accepted.append(event)
                    said.extend(out)
            if refused and not accepted:   # nothing recorded: the reading waits for another answer
                needs.insert(pos, held)
                event, why = refused[0]
                words = self._words()
                raise Conflict(f"refused: the referee did not accept {words.told(event)}: {words.said(why)} "
                               f"(nothing recorded; the reading still waits)")
            words = self._words()
            answer = f"{action}ed as {words.card(card, True)}" + \
                (f" at {words.place(f'seat:{seat}')}" if seat is not None else "")
            if not events:
                ignored = self.pipeline.adapter.ignored[skipped:]
                answer += " (nothing to record now: " + (ignored[0].reason if ignored else
                                                         "a move waits for its other half") + ")"
            return self._done(reading, held, answer, accepted, said, refused)

    # ------------------------------------------------------------------ held observations
    def held(self) -> list[dict]:
        """Every observation the referee has not taken yet, oldest first (each with its refusal)."""
        return self._held_in_words(self._view)

    def answer_held(self, held_id: int, action: str) -> dict:
        """The host's `apply` (offer it to the referee now, out of turn) or `discard` (nothing is
        recorded) of held observation #`held_id`. Idempotent: the same answer again says "already".
        Raises ApiError 404 (no such one) or Conflict 409 (refused again, in the referee's words; or
        already answered the other way)."""
        if self.pipeline is None:
            raise Conflict("the camera has not started yet")
        with self.lock:
            out = Offered()
            try:
                result = getattr(self.pipeline.holding, action)(held_id, out)
            except LookupError as exc:
                raise ApiError(404, str(exc)) from None
            except ValueError as exc:
                self._refresh()
                raise Conflict(f"held observation #{held_id} still waits: {exc}") from None
            self._refresh()
        self._publish_if_changed()
        return {"held": held_id, "result": result, **self._answer_json(out.events, out.announcements, out.refused)}

    def _done(self, reading, held, answer, events, said, refused=()) -> dict:
        del self._open[reading]
        self._resolved[reading] = {"answer": answer}
        if events:
            self._answered[held.obs.track] = events[0].card.code if getattr(events[0], "card", None) else "ok"
        self._refresh()
        result = {"reading": reading, "answer": answer, **self._answer_json(events, said, refused)}
        self._publish_if_changed()
        return result


# ----------------------------------------------------------------------------- helpers
def _reading(rid: int, held) -> dict:
    o = held.obs
    return {"id": rid, "kind": o.kind, "zone": o.zone, "seat": o.seat, "from_zone": o.from_zone,
            "card": o.card, "up": o.up, "candidates": list(o.candidates), "confidence": round(float(o.confidence), 2),
            "frame": o.frame, "why": held.reason, "text": o.describe()}


def _message(st: dict, src, cal) -> str:
    if st["state"] == "failed":
        return st["last_error"] + " — enter cards by hand"
    if st["state"] == "stopped" and src.connected:
        return f"{src.source}: stopped after {st['frames']} frames · {st['cards']} card(s) on the table"
    if st["state"] in ("lost", "connecting", "stopped") and not src.connected or st["state"] == "stalled":
        return f"{src.source}: {src.message or st['state']} — enter cards by hand meanwhile"
    if st["state"] == "ended" and src.last_error:           # ended early: a cut-short video
        return f"{src.source}: {src.message}"
    if st["state"] == "starting":
        return f"{src.source}: starting"
    parts = [f"{src.source}: {'video ended' if st['state'] == 'ended' else st['state']}"]
    if st["resolution"]:
        parts.append(f"{st['resolution'][0]}x{st['resolution'][1]}")
    if st["processed_fps"]:
        parts.append(f"{st['processed_fps']:g} frames/s")
    parts.append(cal.message)
    parts.append(f"{st['cards']} card(s) on the table")
    if st["unconfirmed"]:
        parts.append(f"{st['unconfirmed']} reading(s) to check")
    return " · ".join(parts)


__all__ = ["NO_CAMERA", "CameraService", "NightReferee", "draw_overlay", "no_camera_status"]
