"""Per-card tracks across frames: a dealt card becomes exactly one observation.

Input each frame: the recogniser's detections already mapped to table coordinates
(`TableDetection`), plus a `zone_at(point) -> zone name | None` function. Output: `Observation`s.

How it stays quiet while things move over the table:
* a card counts only once it has lain still (within `still_tol` card sizes) for
  `stable_frames` frames inside a zone; a card sliding across other seats' zones, or a hand,
  arm or chip (never still in the same place as a card for long) creates nothing;
* a placed card that is not seen (covered by a hand) keeps its track for `remove_frames`
  frames before it counts as removed; a partial view (only a corner index visible) refreshes
  the track without moving it;
* identity is a confidence-weighted vote over all frames it was read in; face up/down changes
  only after `flip_frames` frames in a row show the other face (hysteresis);
* a placed card's track accepts only nearby detections, except one with its own identity
  (a card picked up and put down elsewhere: a move);
* a read below `min_identity_conf` after `identity_wait` extra frames becomes an
  *unconfirmed* observation with the candidates, never a confident wrong one.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from .observations import DEALT, EXPOSED, MOVED, REMOVED, TURNED_DOWN, Observation

NON_PLACING = ("deck",)   # cards resting on the deck are the deck itself
LEAVING = ("discard",)    # a card put here has left play
CHIP_ZONES = ("pot",)     # the bets lie here: chip piles look most like unread card faces


@dataclass
class TableDetection:
    pos: tuple[float, float]        # card centre in table units
    size: float                     # sqrt(box area) in table units
    face_up: bool
    identity: str | None
    confidence: float
    box: tuple | None = None        # the image box, for display
    detector_confidence: float = 1.0  # how surely the detector saw a card there at all
    settled: bool = True            # False: something moved over it just now (a hand): where and which
    #                                 face it shows count, its reading is not evidence of its identity


@dataclass
class TrackerConfig:
    card_size: float = 88.9         # card long side in table units (mm by default)
    stable_frames: int = 2
    still_tol: float = 0.1          # x card_size
    gate_moving: float = 1.4        # x card_size: association gate for cards in motion
    gate_placed: float = 0.25       # x card_size: a placed card does not jump (stud rows overlap)
    move_min: float = 0.5           # x card_size: a placed card displaced this far has moved
    flip_frames: int = 3
    flip_face_conf: float = 0.4     # an unread face turns a face-down card up only if seen this surely
    #                                 (the faint 0.27 "face" of a neighbour's edge exposed a hole card)
    remove_frames: int = 30
    drop_tentative: int = 6
    min_identity_conf: float = 0.6
    identity_wait: int = 10
    look_wait: int = 1              # frames of that wait for which the pipeline looks again at once
    face_doubt: int = 4             # a back is placed as one only if no face was seen in this many looks
    min_back_conf: float = 0.4      # ... and once seen at least this surely (else after identity_wait)
    min_face_conf: float = 0.55      # an unread face is placed only once seen at least this surely
    #                                 (0.4 let chip piles in the pot, seen as faces at 0.3-0.5, reach the host)
    pot_face_conf: float = 0.65     # ... where the chips lie (`CHIP_ZONES`): a pile there was seen as a face
    #                                 at 0.53-0.56 for ten frames (a card dealt to the centre is read, or seen surely)
    partial_size: float = 0.6       # a detection smaller than this x the track's size is a partial view
    single_area: float = 0.845      # sqrt(card area) / card_size for a 63.5 x 88.9 card
    merged_size: float = 1.12       # a box this much bigger than one card holds overlapping cards
    over_placed: float = 0.9        # an unread face this much inside placed face-up cards' boxes is theirs


@dataclass
class Track:
    id: int
    pos: tuple[float, float]
    size: float
    first_seen: int
    last_seen: int
    hist: deque = field(default_factory=lambda: deque(maxlen=12))      # (frame, pos)
    faces: deque = field(default_factory=lambda: deque(maxlen=12))     # (frame, face_up)
    confs: deque = field(default_factory=lambda: deque(maxlen=12))     # (frame, detection confidence)
    votes: dict = field(default_factory=dict)                         # identity -> [weight, count]
    reads: int = 0
    shaky: dict = field(default_factory=dict)  # identity -> fresh reads taken while something moved near it
    placed: bool = False
    zone: str | None = None
    up: bool | None = None
    identity: str | None = None
    unconfirmed: bool = False
    rest: tuple[float, float] | None = None
    flip_run: int = 0
    flip_votes: dict = field(default_factory=dict)
    flip_reads: int = 0
    wait: int = 0
    conflicts: int = 0              # consecutive confident reads of another identity (placed, face up)
    box: tuple | None = None        # the last full view's image box
    matched: bool = False
    placed_frame: int | None = None
    rest_box: tuple | None = None   # its image box when it came to rest (before cards were dealt over it)
    last_read: int = -1             # the last frame its index was read as its own identity

    def velocity(self) -> tuple[float, float]:
        if len(self.hist) >= 2:
            (f0, p0), (f1, p1) = self.hist[-2], self.hist[-1]
            if f1 - f0 == 1:
                return p1[0] - p0[0], p1[1] - p0[1]
        return 0.0, 0.0

    def to_json(self) -> dict:
        return {"track": self.id, "zone": self.zone, "card": self.identity, "up": self.up,
                "pos": [round(self.pos[0], 1), round(self.pos[1], 1)], "unconfirmed": self.unconfirmed}


def _dist(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _reaches_over(box, place, own, share: float = 0.15) -> bool:
    """Does image box `box` cover at least `share` of box `place` where its card's own resting box
    `own` does not lie (two cards boxed as one)? False when any box is unknown."""
    if box is None or place is None or own is None:
        return False
    a = _meet(place, box)
    if a is None:
        return False
    b = _meet(a, own)
    covered = _area(a) - (_area(b) if b is not None else 0.0)
    return covered >= share * max(_area(place), 1e-6)


def _vanished_as(old: Track, new: Track, frame: int) -> bool:
    """Did track old stop being seen just as track new was first seen (within two frames)?"""
    return new.first_seen - 2 <= old.last_seen < frame - 1


def _meet(a, b):
    """The intersection of two boxes, or None."""
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def _area(b) -> float:
    return (b[2] - b[0]) * (b[3] - b[1])


def _placing(zone: str | None) -> bool:
    return zone is not None and zone.split(":")[0] not in NON_PLACING + LEAVING


def _best(votes: dict, reads: int) -> tuple[str | None, float, tuple[str, ...]]:
    """(identity, confidence, candidates) from votes {identity: [weight, count]}.

    confidence = the winner's share of (winner + runner-up) weight x its mean read confidence, and a
    single read is never enough on its own when `reads` says more frames were looked at."""
    if not votes:
        return None, 0.0, ()
    ranked = sorted(votes.items(), key=lambda kv: -kv[1][0])
    ident, (w, n) = ranked[0]
    second = ranked[1][1][0] if len(ranked) > 1 else 0.0  # misreads scatter; the rival that counts is the next best
    conf = (w / (w + second)) * (w / n)
    if n < 2 and reads >= 2:
        conf *= 0.7
    return ident, conf, tuple(k for k, _ in ranked[:3])


class Tracker:
    def __init__(self, config: TrackerConfig | None = None):
        self.cfg = config or TrackerConfig()
        self.tracks: dict[int, Track] = {}
        self._next_id = 1
        self.deal_order = 0
        self.frame = -1
        self.still_there: Callable[[Track], bool] | None = None  # image check before a removal
        self._zone_at: Callable | None = None

    # ------------------------------------------------------------------------- public
    def cards(self) -> list[dict]:
        """The cards the tracker believes lie on the table now (placed tracks)."""
        return [t.to_json() for t in self.tracks.values() if t.placed]

    def wants_look(self) -> bool:
        """Is a card waiting for evidence only a new reading can give (its identity before it is
        placed, a flip in progress)? The pipeline then looks even at an unchanged picture."""
        return bool(self.wanting())

    def wanting(self) -> list[Track]:
        """The cards `wants_look` is about: a flip in progress; a card waiting for a second reading;
        a card on its way to being placed that the last look or two did not find (a detector
        flicker: on an unchanged picture the gate would otherwise reuse that look until its
        periodic one, and the card waited a second)."""
        return [t for t in self.tracks.values()
                if (t.flip_run > 0 and self.frame - t.last_seen <= 1 if t.placed else
                    _placing(self._zone_at(t.pos)) and (
                        0 < t.wait <= self.cfg.look_wait and t.last_seen == self.frame and self._still(t, self.frame)
                        or 1 <= self.frame - t.last_seen <= 2 and len(t.hist) >= 2))]

    def settling(self) -> list[Track]:
        """Face-up cards seen just now that are not placed yet: if they lie still, a fresh reading
        now can place them at once."""
        zone_at = getattr(self, "_zone_at", None)
        return [t for t in self.tracks.values() if not t.placed and t.last_seen == self.frame and t.box is not None
                and t.faces and t.faces[-1][1] and zone_at is not None and _placing(zone_at(t.pos))
                and not any(o.placed and _dist(o.pos, t.pos) < 0.3 * self.cfg.card_size for o in self.tracks.values())
                and (t.votes or max(c for _, c in t.confs) >= self.cfg.min_face_conf)]

    def update(self, frame: int, dets: list[TableDetection],
               zone_at: Callable[[tuple[float, float]], str | None], fresh: bool = True) -> list[Observation]:
        """fresh=False: the same detections as before (nothing moved): they keep tracks alive and
        still, but add no identity votes and no flip evidence."""
        self.frame = frame
        self._fresh = fresh
        self._zone_at = zone_at
        if not fresh:  # a repeated reading is no new evidence about identities
            dets = [replace(d, identity=None) for d in dets]
        for t in self.tracks.values():
            t.matched = False
        pairs, unmatched = self._associate(frame, dets)
        for t, d in pairs:
            self._observe(t, d, frame)
        self._keep_covered(frame, dets, {id(d): t for t, d in pairs})
        for d in unmatched:
            if any(frame - t.last_seen <= 2 and _dist(d.pos, t.pos) < 0.3 * self.cfg.card_size
                   and not (t.identity and d.identity and d.identity != t.identity and d.confidence >= 0.5)
                   for t in self.tracks.values()):
                continue  # a duplicate box, or a misread, of a card seen there just now
            t = Track(self._next_id, d.pos, d.size, frame, frame)
            self._next_id += 1
            self.tracks[t.id] = t
            self._observe(t, d, frame)
        out: list[Observation] = []
        for t in list(self.tracks.values()):
            out.extend(self._step(t, frame, zone_at))
        return out

    # -------------------------------------------------------------------- association
    def _associate(self, frame: int, dets: list[TableDetection]):
        cfg = self.cfg
        cs = cfg.card_size
        cand = []
        if not dets:
            return [], []
        dp = np.array([d.pos for d in dets], np.float64)
        reach = max(cfg.gate_moving, cfg.gate_placed, 0.6) * cs
        for ti, t in self.tracks.items():
            v = t.velocity()
            pred = (t.pos[0] + v[0], t.pos[1] + v[1])
            # (numpy for the distances: most pairs lie far apart; only near ones, or a card's own
            # identity seen elsewhere, are looked at one by one)
            near = np.minimum(np.hypot(dp[:, 0] - t.pos[0], dp[:, 1] - t.pos[1]),
                              np.hypot(dp[:, 0] - pred[0], dp[:, 1] - pred[1]))
            if t.placed and t.rest is not None:
                # a placed card lies where it came to rest: boxes of its neighbours (two backs boxed
                # as one, a hand) can pull its position away, and its own face turned up there
                # then started a new card instead of exposing this one
                near = np.minimum(near, np.hypot(dp[:, 0] - t.rest[0], dp[:, 1] - t.rest[1]))
            relink = t.placed and t.identity and t.last_seen < frame - 1
            for di in (range(len(dets)) if relink else np.flatnonzero(near <= reach).tolist()):
                d = dets[di]
                dist = float(near[di])
                # a card lifted and put down elsewhere: its identity links it back, once it was missed
                same_id = bool(t.placed and t.identity and d.identity == t.identity and d.face_up
                               and t.last_seen < frame - 1)
                conflict = t.placed and t.up and t.identity and not t.unconfirmed and d.face_up and d.identity \
                    and d.identity != t.identity and d.confidence >= 0.5
                if conflict and (frame - t.last_seen > 2 or t.conflicts >= 1):
                    continue  # another card read again, or where a card went missing: not this one
                gate = cfg.gate_placed if t.placed else cfg.gate_moving
                if self._partial(t, d):
                    gate = 0.6  # only a corner of it in view (the rest covered): its index box
                if dist > gate * cs and not same_id:
                    continue
                cost = dist / cs
                known = t.identity if t.placed else _best(t.votes, t.reads)[0]
                if d.face_up and d.identity and known and d.identity != known:
                    cost += 1.0 if d.confidence >= 0.5 else 0.3  # (a misread of a card seen just now)
                if t.placed and t.up is not None and d.face_up != t.up:
                    cost += 0.15
                if same_id and dist > gate * cs:
                    cost = 2.0 + dist / cs * 0.01  # a re-link: only when nothing closer wants it
                cand.append((cost, ti, di))
        cand.sort()
        used_t, used_d, pairs = set(), set(), []
        for cost, ti, di in cand:
            if ti in used_t or di in used_d:
                continue
            used_t.add(ti)
            used_d.add(di)
            pairs.append((self.tracks[ti], dets[di]))
        return pairs, [d for i, d in enumerate(dets) if i not in used_d]

    def _partial(self, t: Track, d: TableDetection) -> bool:
        """Is d a part of placed card t, the rest covered (its corner index alone)?"""
        if not t.placed or d.face_up != t.up or d.identity not in (None, t.identity):
            return False
        return d.size < self.cfg.partial_size * t.size

    @staticmethod
    def _seen_twice(t: Track, ident: str) -> bool:
        """Read as ident on two looks: two steady ones, or one steady one backed by reads taken while
        the dealer's hand left it, when those all said the same (the card is placed a frame sooner)."""
        steady = t.votes[ident][1]
        return steady >= 2 or steady == 1 and set(t.shaky) == {ident}

    def _turned(self, t: Track, d: TableDetection) -> bool:
        """Does d show placed card t the other way up? A face counts when read, or seen surely."""
        return d.face_up != t.up and (not d.face_up or d.identity is not None
                                      or d.detector_confidence >= self.cfg.flip_face_conf)

    def _holds_more(self, d: TableDetection) -> bool:
        """Is d's box bigger than one card (overlapping cards boxed together)?"""
        return d.size > self.cfg.merged_size * self.cfg.card_size * self.cfg.single_area

    def _keep_covered(self, frame: int, dets: list[TableDetection], owner: dict) -> None:
        """Overlapping cards of one face (a stud row) are often boxed together: a box bigger than one
        card lying over a placed card the association left without a detection, or the box of a
        neighbour reaching over this card's place further than that neighbour ever lay, shows this
        card too (it is not missing); it counts as seen, without moving it. (owner: detection id ->
        the track it was matched to.)"""
        for t in self.tracks.values():
            if not t.placed or t.matched or t.up is None:
                continue
            if any(d.face_up == t.up and (
                    self._holds_more(d) and _dist(d.pos, t.pos) < 0.6 * self.cfg.card_size
                    or _reaches_over(d.box, t.rest_box, getattr(owner.get(id(d)), "rest_box", None)))
                   for d in dets):
                t.last_seen = frame

    def _observe(self, t: Track, d: TableDetection, frame: int) -> None:
        cfg = self.cfg
        t.matched = True
        t.last_seen = frame
        partial = self._partial(t, d) and _dist(d.pos, t.pos) < cfg.card_size * 0.6
        # a box holding this card and the one dealt over it shows the card is there, not where it is:
        # followed, the card drifted onto the new one and took its detections (found 17 frames late)
        merged = t.placed and self._holds_more(d)
        if not (partial or merged):
            t.box = d.box
            t.pos = d.pos
            t.size = d.size if len(t.hist) == 0 else 0.8 * t.size + 0.2 * d.size
            t.hist.append((frame, d.pos))
        t.faces.append((frame, d.face_up))
        t.confs.append((frame, d.confidence if not d.face_up else d.detector_confidence))
        if not getattr(self, "_fresh", True) or not d.settled:
            # an unchanged picture still shows the face it showed (it counts towards a flip), but
            # a repeated reading is no new evidence about the identity; nor is one taken while a
            # hand moves over the card (a Q half under a finger was read as a J, twice): such reads
            # are only kept to back up a steady one (`_seen_twice`)
            if getattr(self, "_fresh", True) and d.face_up and d.identity and not t.placed:
                t.shaky[d.identity] = t.shaky.get(d.identity, 0) + 1
            if t.placed:
                t.flip_run = t.flip_run + 1 if self._turned(t, d) else 0
                if t.flip_run == 0:
                    t.flip_votes, t.flip_reads = {}, 0
            return
        if t.placed and t.up and t.identity:
            if d.face_up and d.identity and d.identity != t.identity and d.confidence >= 0.5:
                t.conflicts += 1
            elif d.face_up and d.identity == t.identity:
                t.conflicts = 0
        if d.face_up and d.identity:
            if d.identity == t.identity:
                t.last_read = frame
            v = t.votes.setdefault(d.identity, [0.0, 0])
            v[0] += d.confidence
            v[1] += 1
        if d.face_up:
            t.reads += 1
        if t.placed:
            if self._turned(t, d):
                t.flip_run += 1
                if d.face_up:
                    t.flip_reads += 1
                    if d.identity:
                        v = t.flip_votes.setdefault(d.identity, [0.0, 0])
                        v[0] += d.confidence
                        v[1] += 1
            else:
                t.flip_run, t.flip_votes, t.flip_reads = 0, {}, 0

    # ------------------------------------------------------------------ state machine
    def _still(self, t: Track, frame: int) -> bool:
        n = self.cfg.stable_frames
        if not t.matched or len(t.hist) < n:
            return False
        recent = list(t.hist)[-n:]
        if recent[-1][0] != frame or frame - recent[0][0] > n:  # at most one missed frame
            return False
        mx = sum(p[0] for _, p in recent) / n
        my = sum(p[1] for _, p in recent) / n
        return all(_dist(p, (mx, my)) <= self.cfg.still_tol * self.cfg.card_size for _, p in recent)

    def _obs(self, kind: str, t: Track, frame: int, **kw) -> Observation:
        return Observation(kind, frame, t.id, kw.pop("zone", t.zone), kw.pop("card", t.identity),
                           kw.pop("up", bool(t.up)), **kw)

    def _same_card(self, t: Track, up: bool, zone: str, frame: int) -> Track | None:
        """A face-down placed card that this newly settled face-down one really is: one that vanished
        just as this one appeared next to it (slid away under a hand). Settled at another seat, it
        must also have been first seen at the seat it left: a card dealt past a seat hides that
        seat's hole card under the dealer's hand, and was taken for it, moved to the next seat."""
        cfg = self.cfg
        start = t.hist[0][1] if t.hist else None
        for o in self.tracks.values():
            if o is t or not o.placed:
                continue
            if not up and not o.up and start is not None and _vanished_as(o, t, frame) \
                    and _dist(o.pos, start) < cfg.gate_moving * cfg.card_size \
                    and (zone == o.zone or self._zone_at(start) == o.zone):
                return o
        return None

    def _over_placed(self, t: Track, frame: int) -> bool:
        """Does t's image box lie (`over_placed` of it) on the boxes of face-up cards placed and seen
        just now? The detector sometimes boxes the visible strips of two overlapping cards of a row
        as a third face, which no index names: such a box shows no new card."""
        if t.box is None:
            return False
        boxes = [o.rest_box for o in self.tracks.values() if o is not t and o.placed and o.up
                 and o.rest_box is not None and frame - o.last_seen <= 2]
        if not boxes:
            return False
        x0, y0, x1, y1 = t.box
        gx, gy = np.meshgrid(np.linspace(x0, x1, 12), np.linspace(y0, y1, 12))
        on = np.zeros(gx.shape, bool)
        for b in boxes:
            on |= (gx >= b[0]) & (gx <= b[2]) & (gy >= b[1]) & (gy <= b[3])
        return float(on.mean()) >= self.cfg.over_placed

    def _turned_in_place(self, t: Track, up: bool, frame: int) -> Track | None:
        """A face-down placed card this newly settled face-up one really is: it lay where this one
        lies and vanished just as this one appeared (turned over under the player's hand, the face's
        first boxes became a card of their own)."""
        if not up:
            return None
        for o in self.tracks.values():
            if o is not t and o.placed and o.up is False and o.rest is not None and _vanished_as(o, t, frame) \
                    and _dist(o.rest, t.pos) < 0.25 * self.cfg.card_size:
                return o
        return None

    def _expose_as(self, old: Track, new: Track, ident, conf: float, cands, frame: int) -> list[Observation]:
        del self.tracks[new.id]
        old.pos, old.box, old.hist, old.faces, old.confs = new.pos, new.box, new.hist, new.faces, new.confs
        old.last_seen, old.matched = new.last_seen, new.matched
        old.flip_run, old.flip_votes, old.flip_reads = 0, {}, 0
        return [self._exposed(old, ident, conf, cands, new.votes, new.reads, frame)]

    def _exposed(self, t: Track, ident, conf: float, cands, votes: dict, reads: int, frame: int) -> Observation:
        """Placed card t now lies face up, read as ident (None: not read) from these votes."""
        t.up, t.identity, t.votes, t.reads = True, ident, dict(votes), reads
        t.last_read = frame if ident is not None else -1
        t.unconfirmed = conf < self.cfg.min_identity_conf
        return self._obs(EXPOSED, t, frame, confidence=conf, unconfirmed=t.unconfirmed,
                         candidates=cands if t.unconfirmed else ())

    def _merge(self, old: Track, new: Track, zone: str, frame: int) -> list[Observation]:
        del self.tracks[new.id]
        old.pos, old.rest, old.hist, old.faces = new.pos, new.pos, new.hist, new.faces
        old.rest_box, old.last_read = new.box, frame
        old.last_seen, old.matched = new.last_seen, new.matched
        old.flip_run, old.flip_votes, old.flip_reads = 0, {}, 0
        if zone == old.zone:
            return []
        prev, old.zone = old.zone, zone
        return [self._obs(MOVED, old, frame, from_zone=prev, placed_frame=frame - self.cfg.stable_frames + 1)]

    def _step(self, t: Track, frame: int, zone_at) -> list[Observation]:
        cfg = self.cfg
        unseen = frame - t.last_seen
        if not t.placed:
            if unseen > cfg.drop_tentative:
                del self.tracks[t.id]
                return []
            if not self._still(t, frame):
                return []
            zone = zone_at(t.pos)
            if zone is None or zone.split(":")[0] in NON_PLACING + LEAVING:
                return []
            recent = [f for _, f in list(t.faces)[-cfg.stable_frames:]]
            up = sum(recent) * 2 > len(recent)
            if not up and t.wait < cfg.identity_wait and (
                    any(f for _, f in list(t.faces)[-cfg.face_doubt:])  # a face up not read as one yet?
                    or max(c for _, c in list(t.confs)[-cfg.stable_frames:]) < cfg.min_back_conf):  # a hand?
                t.wait += 1
                return []
            ident, conf, cands = _best(t.votes, t.reads) if up else (None, 1.0, ())
            surely = cfg.pot_face_conf if zone.split(":")[0] in CHIP_ZONES else cfg.min_face_conf
            if up and ident is None and max(c for _, c in list(t.confs)[-cfg.face_doubt:]) < surely:
                return []  # an unread, weakly seen "face" (chips, a hand): a card only once read or seen surely
            strong = up and ident is not None and self._seen_twice(t, ident) and conf >= cfg.min_identity_conf
            if not strong and any(o.placed and frame - o.last_seen <= 1 and
                                  _dist(o.pos, t.pos) < 0.3 * cfg.card_size for o in self.tracks.values()):
                del self.tracks[t.id]  # a misread or a second box of a card lying right there
                return []
            if up and ident is None and self._over_placed(t, frame):
                return []  # an unread box over cards already placed (one across two cards of a row): until read
            # one reading is not enough while more may come (a misread on the only look would stick)
            if up and (conf < cfg.min_identity_conf or ident is None or not self._seen_twice(t, ident)) \
                    and t.wait < cfg.identity_wait:
                t.wait += 1
                return []
            twin = next((o for o in self.tracks.values() if o is not t and o.placed and o.up and up
                         and ident is not None and o.identity == ident), None)
            if twin is not None:  # one deck: that card is already on the table
                # ... and still lies there: this is a misread. (Seen but not read at another seat,
                # while read surely here: a trade put another card in its place, whose unread
                # boxes kept it 'seen')
                if twin.last_seen >= frame - 2 and (
                        twin.last_read >= frame - 2 or not strong or twin.zone == zone):
                    del self.tracks[t.id]
                    return []
                if strong:  # ... and vanished from its place: it was moved here
                    return self._merge(twin, t, zone, frame)
            turned = self._turned_in_place(t, up, frame)
            if turned is not None:  # not a new card: the hole card that lay right there, turned over
                return self._expose_as(turned, t, ident, conf, cands, frame)
            same = self._same_card(t, up, zone, frame)
            if same is not None:  # not a new card: one already on the table, moved while unrecognised
                return self._merge(same, t, zone, frame)
            self.deal_order += 1
            t.placed, t.zone, t.up, t.rest, t.rest_box = True, zone, up, t.pos, t.box
            t.placed_frame = frame - cfg.stable_frames + 1
            t.unconfirmed = up and conf < cfg.min_identity_conf
            t.identity = ident
            t.last_read = frame if ident is not None else -1
            t.flip_run, t.flip_votes, t.flip_reads = 0, {}, 0
            came = zone_at(t.hist[0][1]) if t.hist else None  # where it was first seen (who played it)
            return [self._obs(DEALT, t, frame, confidence=conf, unconfirmed=t.unconfirmed,
                              candidates=cands if t.unconfirmed else (), order=self.deal_order,
                              placed_frame=t.placed_frame, from_zone=came if came != zone else None)]
        # placed
        if unseen > cfg.remove_frames:
            if self.still_there is not None and self.still_there(t):
                t.last_seen = frame  # the detector lost it, but the picture shows it still lying there
                return []
            del self.tracks[t.id]
            return [self._obs(REMOVED, t, frame)]
        out = []
        if t.matched and t.flip_run >= cfg.flip_frames:
            if not t.up:  # exposed
                # one deck: a card known to lie elsewhere cannot be this one (a stud row's
                # neighbouring corner is read while this card turns over): its votes do not count.
                # Also while that card is taken to be face down (a back's box turned it down), and
                # while it is not seen (a hand over it): it is on the table until it is removed
                shown = {o.identity for o in self.tracks.values() if o is not t and o.placed
                         and o.identity is not None}
                ident, conf, cands = _best({k: v for k, v in t.flip_votes.items() if k not in shown}, t.flip_reads)
                if conf < cfg.min_identity_conf and t.flip_run < cfg.flip_frames + cfg.identity_wait:
                    return out
                out.append(self._exposed(t, ident, conf, cands, t.flip_votes, t.flip_reads, frame))
            else:
                t.up = False
                out.append(self._obs(TURNED_DOWN, t, frame, unconfirmed=t.identity is None))
            t.flip_run, t.flip_votes, t.flip_reads = 0, {}, 0
        if self._still(t, frame) and t.rest is not None and _dist(t.pos, t.rest) > cfg.move_min * cfg.card_size:
            zone = zone_at(t.pos)
            t.rest, t.rest_box = t.pos, t.box
            if zone is not None and zone.split(":")[0] in NON_PLACING:
                return out
            if zone is None or zone.split(":")[0] in LEAVING:
                del self.tracks[t.id]
                out.append(self._obs(REMOVED, t, frame))
            elif zone != t.zone:
                old, t.zone = t.zone, zone
                out.append(self._obs(MOVED, t, frame, from_zone=old, placed_frame=frame - cfg.stable_frames + 1))
        return out


__all__ = ["TableDetection", "Track", "Tracker", "TrackerConfig"]
