"""The whole camera path: frames -> recogniser -> table coordinates -> tracker -> observations ->
adapter -> referee events -> announcements.

`Pipeline.step(frame)` does one frame; `Pipeline.run(source)` drives a `FrameSource` to its end
(or until stopped). Host input that the camera cannot see (bets, decisions) can be fed in as
`host_events`: (time in seconds, referee event) pairs, submitted when the video reaches them.
Nothing here raises on a bad frame, a lost camera or a refused event: it is recorded in the
status and the game state is kept. An observation the referee cannot take yet is held, in order,
and offered again whenever the referee moved on (`vision.holding`); each carries a small crop of
its frame as evidence for the referee to keep.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from referee.engine import Refusal, apply
from referee.state import State

from .adapter import Adapter
from .calibration import Calibration
from .deck import DECKS, game_deck
from .backs import BackLook, FaceLook, paper_share
from .boxes import inside, inside_all
from .gating import LOOK, SAME, CachedReads, MotionGate, look_regions
from .holding import Evidence, Holding, Offered, evidence_jpeg
from .observations import DEALT, Observation
from .orientation import RereadMemory, camera_check
from .phone_events import PhoneClaims, pile_top, referee_submit
from .tiles import merge_nested, recognise_tiled, tile_grid
from .tracking import TableDetection, Tracker, TrackerConfig
from .uniqueness import tracker_claims, unique_cards

BACK_PAPER, FACE_PAPER = 0.3, 0.8  # shares of card stock (`paper_share`): a back at most, a face at least
ARRIVAL_FRAMES = 10  # the looks a dealt card takes to come in and settle, at most (10 fps: a second)


def _is_recogniser(obj) -> bool:
    from .recogniser import Recogniser

    return isinstance(obj, Recogniser)


def _patch(image, box):
    """A card's place as a small grey patch (32 x 44), for "is it still there?"."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(image.shape[1], x1), min(image.shape[0], y1)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    g = cv2.cvtColor(np.ascontiguousarray(image[y0:y1, x0:x1]), cv2.COLOR_RGB2GRAY)
    return cv2.resize(g, (32, 44), interpolation=cv2.INTER_AREA).astype(np.float32)


def _last_box_frame(track) -> int:
    """The last frame a detection of its own was matched to this track (-1: none; a neighbour's
    box reaching over it also counts as 'seen', not here)."""
    return track.faces[-1][0] if track is not None and track.faces else -1


class Referee:
    """Where the events go: a bare referee state, or a store-backed `webui.table.Table`."""

    def __init__(self, state: State | None = None, table=None, session_key: str = "camera"):
        self.table = table
        self._state = state if state is not None else State()
        self.key = session_key
        self.announcements: list = []
        self.events: list = []
        self.refused: list[tuple] = []  # (event, reason)
        self._n = 0

    @property
    def state(self) -> State:
        return self.table.state if self.table is not None else self._state

    def submit(self, event, evidence=None, actor: str = "camera") -> list:
        """The event to the referee (`evidence`: what the camera saw, for referees that keep it;
        `actor`: who made it, for referees that record it: a phone's claim that waited for the camera
        is still that seat's, webui/camera.NightReferee)."""
        self._n += 1
        try:
            if self.table is not None:
                said = self.table.submit(event, f"{self.key}:{self._n}").announcements
            else:
                self._state, said = apply(self._state, event)
        except Refusal as exc:
            self.refused.append((event, str(exc)))
            return []
        self.events.append(event)
        self.announcements.extend(said)
        return said


@dataclass
class StepResult:
    frame: int
    observations: list[Observation] = field(default_factory=list)
    events: list = field(default_factory=list)
    announcements: list = field(default_factory=list)
    refused: list = field(default_factory=list)
    detections: int = 0
    ms: float = 0.0


class Pipeline:
    def __init__(self, recogniser, calibration: Calibration | None = None, *, tracker: Tracker | None = None,
                 adapter: Adapter | None = None, referee: Referee | None = None, host_events=(),
                 marker_every: int = 150, max_skip: int = 9, stride: int = 1, tiles="1x1",
                 cache_reads: bool = True, regions: bool = True, whole_every: int = 30, check_looks: bool = True):
        self.recogniser = recogniser
        # the real recogniser (not a test double) reads each corner index once while it lies still
        self.reader = CachedReads(recogniser) if cache_reads and _is_recogniser(recogniser) else recogniser
        self.calibration = calibration or Calibration()
        self.tracker = tracker or Tracker(TrackerConfig(card_size=self.calibration.zones.card_size))
        self.adapter = adapter or Adapter()
        self.adapter.boxes = lambda k: getattr(self.tracker.tracks.get(k), "seen_box", None)  # what it sees of a card
        self.referee = referee or Referee()
        self.holding = Holding(self.adapter, self.referee)  # what the referee cannot take yet, in order
        self._phone_said: list = []  # a phone claim taken once the camera's card went in: what was said
        self.phone = PhoneClaims(referee_submit(self.referee, self._phone_said),  # (vision/phone_events.py)
                                 lambda: pile_top(self.referee.state))
        self.host_events = sorted(host_events, key=lambda te: te[0])
        self._host_i = 0
        self.marker_every = marker_every
        self.observations: list[Observation] = []
        self.frames = 0
        self.source_status = None
        self.last_frame, self.last_time = -1, float("-inf")
        self.step_ms: list[float] = []
        self._ticks: list[tuple[int, int]] = []
        self.gate = MotionGate(max_skip=max_skip, stride=stride)
        self.tiles = tiles
        # regions: after motion, look only where the picture changed (vision/gating.py); at least
        # every `whole_every` looks the whole frame is looked at again
        self.regions, self.whole_every = regions, whole_every
        self.region_looks = self.whole_looks = self._since_whole = 0
        self._last_cards: list = []
        self._region = None  # where the last look looked (None: the whole frame)
        self._found = None  # what a region look found there (None: the look was a whole one)
        # check_looks: one deck, one back (vision/backs.py), and faces are paper
        self.backs, self.faces = (BackLook(), FaceLook()) if check_looks else (None, None)
        self._patches: dict = {}
        self._restyled: set = set()  # tracks whose place a card settling over them changed (patch due)
        self._back_paper: dict = {}  # face-down cards: share of card stock in their box when dealt
        self.skipped = 0
        self.started = time.monotonic()
        self._game = None  # the game whose deck the recogniser was last told (`_follow_deck`)
        self.renamed = 0  # reads given up or re-read because another card held their identity
        if self.reader is not recogniser:  # an unread face is re-read turned upright once, when it lies still
            # (set on the wrapper only: the recogniser itself may serve other pipelines and photos)
            self.reader.reread_memory = RereadMemory()
            self.reader.reread_still = camera_check(self.gate, self.faces, self.tracker)

    # ----------------------------------------------------------------------------- frames
    def _host_until(self, t: float) -> tuple[list, list, list]:
        events, said, refused = [], [], []
        while self._host_i < len(self.host_events) and self.host_events[self._host_i][0] <= t:
            ev = self.host_events[self._host_i][1]
            self._host_i += 1
            if getattr(ev, "for_camera", False):  # a phone tap the camera finishes (Bonnu's Cut)
                self.adapter.tapped(ev, self.referee.state)
                continue
            # a phone's claim may come before the camera's card it is about: it waits for it
            got = self.phone.offer(ev, int(round(t * 1000)), source="host events")
            if got is None:
                events.append(ev)
                said.extend(self._phone_said)
                self._phone_said.clear()
            elif got not in ("waits", "same claim"):
                self.referee.refused.append((ev, got))
                refused.append((ev, got))
        return events, said, refused

    def _phone_claims(self, res: StepResult, frame: int, camera_in: bool, final: bool = False) -> None:
        """Phone claims after a frame (`PhoneClaims.after_frame`); one timed out is the host's question
        (final: the last frame, after which every claim still waiting is)."""
        took, late = self.phone.after_frame(self.adapter.frame_ms(frame), camera_in, final)
        res.events += took
        res.announcements += self._phone_said
        self._phone_said.clear()
        for w in late:
            self.adapter._ask(Observation(DEALT, frame, -1, "pile", None, True), self.phone.question(w), about=w)

    def step(self, frame) -> StepResult:
        """One frame (a `sources.Frame`). Host events due by its time go first."""
        t0 = time.perf_counter()
        res = StepResult(frame.index)
        self.adapter.saw_frame(frame.index, frame.time)
        ev, said, ref = self._host_until(frame.time)
        res.events += ev
        res.announcements += said
        res.refused += ref
        camera_from = len(self.referee.events)  # (the camera's events from here on)
        self._offered(res, self.holding.reoffer_if_changed)
        cal = self.calibration
        tr = self.tracker

        def want(gate) -> bool:  # a reading is awaited, or a card seen moving may have come to rest
            return tr.wants_look() or any(gate.unchanged(t.box) for t in tr.settling())
        seen = self.gate.decide(frame.image, want) if cal.ready else None
        # markers: until calibrated, every `marker_every` frames, and at once when the whole picture
        # jumped (the camera was knocked)
        if not cal.ready or self.gate.jump or frame.index - max(0, cal.last_frame) >= self.marker_every:
            cal.update(frame.image, frame.index)
            if seen is None and cal.ready:
                seen = self.gate.decide(frame.image, want)
        if seen is not None:
            fresh = seen == LOOK
            if fresh:
                self._follow_deck()
                try:
                    look = getattr(self.recogniser, "recognise_frame", None)  # test doubles keyed by frame
                    cards = look(frame) if look else self._look(frame.image)
                except ValueError:  # a corrupt frame the source let through
                    cards = []
                if self.backs is not None:  # one deck, one back: an unsure back unlike the deck's is none
                    cards = self.backs.keep(frame.image, cards, learn=self._region is None, judge=self._found)
                    # ... and card faces are paper: an unread "face" that is not (chips in the pot) is none
                    cards = self.faces.keep(frame.image, cards, learn=self._region is None, judge=self._found)
                self._last_cards = cards = self._each_card_once(merge_nested(cards))
            elif seen == SAME:  # nothing moved since the last look: the same cards, no new evidence
                cards = self._last_cards
                self.skipped += 1
            else:  # BUSY: things are moving; the cards whose place did not change are still there
                cards = [c for c in self._last_cards if self.gate.unchanged(c.box)]
                self.skipped += 1
            res.detections = len(cards)
            dets = []
            centres, sizes = cal.boxes_to_table([c.box for c in cards]) if cards else ((), ())
            for c, pos, size in zip(cards, centres, sizes):
                if not np.isfinite(pos).all():
                    continue
                pos, size = (float(pos[0]), float(pos[1])), float(size)
                # (a detector confidence of 0 is a stand-in recogniser's "not said")
                dets.append(TableDetection(pos, size, c.face_up, c.identity, c.confidence, c.box,
                                           getattr(c, "detector_confidence", 0.0) or 1.0,
                                           settled=not (fresh and self.gate.moving_at(c.box))))
            # the tracker counts processed frames (a live camera's reader drops frames when we are
            # slow: "still for 3 frames" must mean 3 looks); observations carry the source's index
            self._ticks = (self._ticks + [(self.frames, frame.index)])[-256:]
            ticks = dict(self._ticks)
            self.tracker.still_there = lambda t: self._looks_the_same(t, frame.image)
            self.tracker.shows_face = lambda t, d: self._turned_to_paper(t, d, frame.image)
            obs = [replace(o, frame=frame.index, placed_frame=ticks.get(o.placed_frame))
                   for o in self.tracker.update(self.frames, dets, cal.zones.zone_at, fresh)]
            for o in obs:  # remember how each card looked where it came to rest
                t = self.tracker.tracks.get(o.track)
                if t is not None and t.box is not None and o.kind == "dealt" and not o.up:
                    self._back_paper[o.track] = paper_share(frame.image, t.box, self._white())
                if t is not None and t.box is not None and o.kind != "removed":
                    self._patches[o.track] = (t.box, _patch(frame.image, t.box))
                    self._restyled.discard(o.track)
                    # ... and that the places it now covers look different: a hole card half under the
                    # card dealt over it kept its old look and, when the detector then boxed it with its
                    # neighbour for 3 s, failed `_looks_the_same` and was "removed"
                    # (cards only partly covered, found by a box of their own as this card came in: a
                    # card dealt where one lay, taken away a moment before, does not make that one look
                    # present. "As it came in", not "just now": the hand dealing it hides the card under
                    # it for the frames before it settles, and a hole card half under a card dealt over
                    # it lost its look that way, then was "removed")
                    came = max(t.first_seen, self.frames - ARRIVAL_FRAMES) - 2
                    self._restyled.update(k for k, (box, _) in self._patches.items()
                                          if k != o.track and 0 < inside(box, t.box) <= 0.6
                                          and _last_box_frame(self.tracker.tracks.get(k)) >= came)
            for k in list(self._restyled):
                # taken again once nothing moves over it (the detector may not find it again: boxed
                # with the card beside it, it is only "shown" by that box)
                u, box = self.tracker.tracks.get(k), self._patches.get(k, (None,))[0]
                if u is None or box is None:
                    self._restyled.discard(k)
                elif not self.gate.moving_at(box):
                    self._patches[k] = (box, _patch(frame.image, box))
                    self._restyled.discard(k)
            if fresh and self._region is None:
                # ... and how it looks now, at each whole look that saw it with nothing moving over it:
                # cards dealt over it since change its place's look, and a card the detector then
                # stops finding (a hole card under the card exposed beside it) must still pass
                # `_looks_the_same` while it lies there
                for t in self.tracker.tracks.values():
                    if t.placed and t.last_seen == self.frames and t.box is not None \
                            and not self.gate.moving_at(t.box):
                        self._patches[t.id] = (t.box, _patch(frame.image, t.box))
                        self._restyled.discard(t.id)
            for o in obs:
                self.observations.append(o)
                res.observations.append(o)
                self._offer(o, res, image=frame.image)
        self._flush(frame.index, res, image=frame.image)
        self._phone_claims(res, frame.index, len(self.referee.events) > camera_from)
        self.frames += 1
        self.last_frame, self.last_time = frame.index, frame.time
        res.ms = (time.perf_counter() - t0) * 1000
        self.step_ms = (self.step_ms + [res.ms])[-100:]
        return res

    def _follow_deck(self) -> None:
        """Tell the recogniser the deck of the game in play (`vision.deck.game_deck`); a game that
        names none (or no game yet), or a deck the poker recogniser does not read (Bonnu's: `croupier
        run` gives that table its own recogniser), leaves the recogniser's own."""
        game = self.referee.state.game
        if game != self._game:
            self._game, deck = game, game_deck(game)
            if deck in DECKS and _is_recogniser(self.recogniser):
                self.recogniser.deck = deck

    def _each_card_once(self, cards: list) -> list:
        """No identity named more often than the deck holds it, in this look (tiles and region looks
        join several), against the tracker's placed cards, or against the cards the referee knows
        have left the table this deal (`Adapter.gone`; one the tracker still follows is not gone:
        it lies in view, and its own read is no duplicate) (`vision.uniqueness.unique_cards`)."""
        rec = self.recogniser
        if not _is_recogniser(rec):
            return cards
        followed = {t.identity for t in self.tracker.tracks.values() if t.identity}
        taken = sorted(self.adapter.gone(self.referee.state) - followed)
        out = unique_cards(cards, rec.limits(), rec.min_identity_conf, tracker_claims(self.tracker), taken)
        self.renamed += sum(a.identity != b.identity for a, b in zip(cards, out))
        return out

    def _look(self, image) -> list:
        """The recogniser on the whole frame, or only on the region that changed (keeping the
        last look's cards elsewhere)."""
        region = None
        if self.regions and tile_grid(self.tiles, 1, 1) == (1, 1) and getattr(self.reader, "sees_regions", False) \
                and not self.gate.whole_look and self._since_whole < self.whole_every:
            tr = self.tracker
            want = [t.box for t in tr.wanting() + tr.settling()] if self.gate.why == "want" else []
            region = look_regions(self.gate.changed_box, self._last_cards, image.shape, want)
        self._region, self._found = region, None
        if region is None:
            self.whole_looks += 1
            self._since_whole = 0
            return recognise_tiled(self.reader, image, self.tiles)
        self.region_looks += 1
        self._since_whole += 1
        # cards not wholly in a region stay as the last look saw them; a card cut by a region's
        # edge is not a new card when most of it is such a kept card
        last = self._last_cards
        kept = [c for c, v in zip(last, inside_all([c.box for c in last], region).max(1, initial=0)) if v < 0.95]
        found = self.reader.recognise(image, region=region)
        over = inside_all([c.box for c in found], [k.box for k in kept]).max(1, initial=0)
        self._found = [c for c, v in zip(found, over) if v < 0.5]  # (only these are new to this look)
        return kept + self._found

    def _white(self) -> float:
        return self.faces.white if self.faces is not None else FaceLook().white

    def _turned_to_paper(self, track, det, image) -> bool:
        """A faint unread face on a face-down card's place: is that place now card stock where the
        card's back showed none when it was dealt? (A back shows 10-20 % of it, its border; a face
        85-95 %; a hole card half under a face dealt over it about half.)"""
        before = self._back_paper.get(track.id)
        if before is None or before > BACK_PAPER or det.box is None:
            return False
        now = paper_share(image, det.box, self._white())
        return now is not None and now >= FACE_PAPER

    def _looks_the_same(self, track, image) -> bool:
        """Before a card counts as removed: does its place still look as it did when it settled?"""
        box, ref = self._patches.get(track.id, (None, None))
        if ref is None:
            return False
        now = _patch(image, box)
        if now is None or float(now.std()) < 3 or float(ref.std()) < 3:
            return False
        return float(cv2.matchTemplate(now, ref, cv2.TM_CCOEFF_NORMED)[0, 0]) >= 0.6

    def _offered(self, res: StepResult, offer) -> None:
        out = Offered()
        offer(out)
        res.events += out.events
        res.announcements += out.announcements
        res.refused += out.refused

    def _evidence(self, obs: Observation, image, frame: int | None = None) -> Evidence | None:
        """A small crop of the frame around the card (its box now, or where it lay before it left)."""
        t = self.tracker.tracks.get(obs.track)
        box = t.box if t is not None and t.box is not None else self._patches.get(obs.track, (None,))[0]
        jpeg = evidence_jpeg(image, box) if image is not None else None
        return Evidence(obs.frame if frame is None else frame, jpeg) if jpeg else None

    def _offer(self, obs: Observation, res: StepResult, events=None, image=None, frame=None) -> None:
        evidence = self._evidence(obs, image, frame)
        self._offered(res, lambda out: self.holding.offer(obs, out, events, evidence))

    def _flush(self, frame: int, res: StepResult, final: bool = False, image=None) -> None:
        for obs, event in self.adapter.flush_moves(frame, self.referee.state, final):
            self._offer(obs, res, events=(event,), image=image, frame=frame)

    def finish(self) -> StepResult:
        """End of input: held moves go in (host events only up to the last frame's time)."""
        res = StepResult(self.last_frame)
        ev, said, ref = self._host_until(self.last_time)
        res.events += ev
        res.announcements += said
        res.refused += ref
        seen = len(self.referee.events)
        self._offered(res, self.holding.reoffer_if_changed)
        self._flush(self.last_frame, res, final=True)
        self._phone_claims(res, self.last_frame, len(self.referee.events) > seen, final=True)
        return res

    def run(self, source, on_step=None, max_frames: int | None = None, latest: bool = False,
            stop=None) -> list[StepResult]:
        """Drive a FrameSource. latest=True: a reader thread, newest frame only (live cameras)."""
        results = []
        if latest:
            source.start()
            frames = iter(lambda: source.latest(timeout=0.5), object())
        else:
            frames = source.frames()
        try:
            for f in frames:
                self.source_status = source.status()
                if f is None:
                    if source.finished or (stop and stop()):
                        break
                    if on_step:
                        on_step(None, self)
                    continue
                r = self.step(f)
                results.append(r)
                if on_step:
                    on_step(r, self)
                if (max_frames and len(results) >= max_frames) or (stop and stop()):
                    break
        finally:
            if latest:
                source.stop()
        self.source_status = source.status()      # the last step sees how the source ended (early?)
        fin = self.finish()
        results.append(fin)
        if on_step:
            on_step(fin, self)
        self.source_status = source.status()
        return results

    # ----------------------------------------------------------------------------- status
    def status(self) -> dict:
        ms = sorted(self.step_ms)
        return {
            "source": self.source_status.to_json() if self.source_status else None,
            "calibration": self.calibration.status.to_json(),
            "frames": self.frames,
            "ms_per_frame": round(ms[len(ms) // 2], 1) if ms else None,
            "recognised": self.frames - self.skipped,
            "looks": {"whole": self.whole_looks, "region": self.region_looks},
            "backs_dropped": self.backs.dropped if self.backs is not None else 0,  # unlike the deck's back
            "renamed": self.renamed,  # reads another card already held (each card once)
            "faces_dropped": self.faces.dropped if self.faces is not None else 0,  # unread and not paper
            "cards": self.tracker.cards(),
            "needs_host": [{"observation": h.obs.to_json(), "why": h.reason} for h in self.adapter.needs_host],
            "refused": [{"event": e.to_json(), "why": why} for e, why in self.referee.refused],
            "held": [h.to_json() for h in self.holding.items],
        }


__all__ = ["MotionGate", "Pipeline", "Referee", "StepResult"]
