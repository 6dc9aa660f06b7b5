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

Which detection is which track's each frame is vision/association.py's; here each track gathers
what its detections show (`_observe`) and the state machine (`_step`) turns that into observations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from .boxes import inside
from .association import associate, holds_more, keep_covered, partial_view, second_backs
from .observations import DEALT, EXPOSED, MOVED, REMOVED, TURNED_DOWN, Observation
from .tracks import (CHIP_ZONES, LEAVING, NON_PLACING, TableDetection, Track, TrackerConfig, _best, _dist,
                     _other_face, _placing, _reread_of, _vanished_as, away_from_rest, pile_agreement, stacking)


def _box_of_card(o: Track, pos, box, cfg: TrackerConfig) -> bool:
    """Is a box at `pos` (image box `box`) card o's own again, a second box or a misread of it: its
    centre near o's and, where both boxes are known, the box mostly inside o's. A back laid over a
    third to a half of the one before in a row (the set-aside row) lies as near, but less inside: it
    was dropped as the placed card's second box, and when the placed card was missed next frame,
    that card took the new box and its own box became a third card."""
    if _dist(pos, o.pos) >= 0.3 * cfg.card_size:
        return False
    return box is None or o.box is None or inside(box, o.box) >= cfg.own_box_inside


class Tracker:
    def __init__(self, config: TrackerConfig | None = None):
        self.cfg = config or TrackerConfig()
        self.tracks: dict[int, Track] = {}
        self._next_id = 1
        self.deal_order = 0
        self.frame = -1
        self.still_there: Callable[[Track], bool] | None = None  # image check before a removal
        # image check of a faint unread face over a face-down card: has its place turned to paper?
        self.shows_face: Callable[[Track, TableDetection], bool] | None = None
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
        periodic one, and the card waited a second). On a pile (`STACKING`) a card waits for reads
        all its wait long: it is the new top card, which the players must know at once (a black 8
        misread once as a red -1 waited on unchanged pictures for 10 frames, then went to the host)."""
        def wait_for(t: Track) -> int:
            return self.cfg.identity_wait if stacking(self._zone_at(t.pos)) else self.cfg.look_wait
        return [t for t in self.tracks.values()
                if (t.flip_run > 0 and self.frame - t.last_seen <= 1 if t.placed else
                    _placing(self._zone_at(t.pos)) and (
                        0 < t.wait <= wait_for(t) and t.last_seen == self.frame and self._still(t, self.frame)
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
        pairs, unmatched = associate(self.tracks, frame, dets, self.cfg)
        for t, d in pairs:
            self._observe(t, d, frame)
        keep_covered(self.tracks, frame, dets, {id(d): t for t, d in pairs}, self.cfg)
        for d in second_backs(pairs, self.cfg):
            near = [t for t in self.tracks.values() if not t.matched and t.up is not True
                    and _dist(t.pos, d.pos) < self.cfg.gate_placed * self.cfg.card_size]
            if near:
                self._observe(min(near, key=lambda t: _dist(t.pos, d.pos)), d, frame)
            else:
                unmatched.append(d)
        for d in unmatched:
            if any(frame - t.last_seen <= 2 and _box_of_card(t, d.pos, d.box, self.cfg)
                   and not (t.identity and d.identity and d.identity != t.identity and d.confidence >= 0.5)
                   and not _other_face(t, d.face_up) for t in self.tracks.values()):
                continue  # a duplicate box, or a misread, of a card seen there just now
            t = Track(self._next_id, d.pos, d.size, frame, frame)
            self._next_id += 1
            self.tracks[t.id] = t
            self._observe(t, d, frame)
        out: list[Observation] = []
        for t in list(self.tracks.values()):
            out.extend(self._step(t, frame, zone_at))
        return out

    # ----------------------------------------------------------------------- evidence
    @staticmethod
    def _seen_twice(t: Track, ident: str, pile: bool = False) -> bool:
        """Read as ident on two looks: two steady ones, or one steady one backed by reads taken while
        the dealer's hand left it, when those all said the same (the card is placed a frame sooner).
        On a pile (`pile`: `STACKING`) those reads need only say it twice and two to one against all
        the others: the new top card is read through the player's hand as it lands, and one misread
        among them (a red 5 read so 4 times and once as a white 7 at 0.59) kept it waiting two looks."""
        steady = t.votes[ident][1]
        if steady >= 2:
            return True
        if steady != 1:
            return False
        mine, others = t.shaky.get(ident, 0), sum(n for k, n in t.shaky.items() if k != ident)
        return set(t.shaky) == {ident} or pile and mine >= 2 and mine >= 2 * others

    def _first_zone_on_way(self, t: Track, pos) -> str | None:
        """The first zone on a coming card's way, from its sightings so far to `pos`, the line between
        them included and, from the first sighting, one step back the way it came. Not the zone of
        its first sighting: a card thrown in from seat 1 crossed seat 2's zone for one frame, and when
        the one frame it was seen over seat 1 was missed it was "seat 2's card, out of turn"."""
        if not t.hist:
            return None  # one sighting does not show the way yet (the next one decides)
        prev = t.hist[-1][1]
        way = [prev, pos]
        if len(t.hist) == 1:
            way.insert(0, (2 * prev[0] - pos[0], 2 * prev[1] - pos[1]))
        step = 0.1 * self.cfg.card_size
        for a, b in zip(way, way[1:]):
            n = max(1, int(np.ceil(_dist(a, b) / step)))
            for k in range(n + 1):
                zone = self._zone_at((a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n))
                if zone is not None:
                    return zone
        return None

    def _turned(self, t: Track, d: TableDetection) -> bool:
        """Does d show placed card t the other way up? A face counts when read, or seen surely, or,
        seen faintly right on the card's place, when the picture there turned from its back to
        paper (`shows_face`: a hole card turned up in an upside-down row was only ever seen as a
        face at 0.36, under `flip_face_conf`, which keeps a neighbour's faint edge from exposing it)."""
        if d.face_up == t.up:
            return False
        if not d.face_up or d.identity is not None or d.detector_confidence >= self.cfg.flip_face_conf:
            return True
        return (t.up is False and self.shows_face is not None and t.rest is not None
                and _dist(d.pos, t.rest) < self.cfg.face_on_place * self.cfg.card_size and self.shows_face(t, d))

    def _observe(self, t: Track, d: TableDetection, frame: int) -> None:
        cfg = self.cfg
        t.matched = True
        t.last_seen = frame
        t.settled = d.settled
        t.seen_box = d.box
        partial = partial_view(t, d, cfg) and _dist(d.pos, t.pos) < cfg.card_size * 0.6
        # a box holding this card and the one dealt over it shows the card is there, not where it is:
        # followed, the card drifted onto the new one and took its detections (found 17 frames late)
        merged = t.placed and holds_more(d, cfg)
        if not (partial or merged):
            if not t.placed and t.came_from is None and self._zone_at is not None:
                t.came_from = self._first_zone_on_way(t, d.pos)  # who played it
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
        # (and those of face-down cards being turned up: a hole card turned over in an upside-down
        # row, unread, was boxed twice; the second box became a card of its own)
        boxes = [o.rest_box for o in self.tracks.values() if o is not t and o.placed
                 and (o.up or o.up is False and o.flip_run > 0)
                 and o.rest_box is not None and frame - o.last_seen <= 2]
        if not boxes:
            return False
        x0, y0, x1, y1 = t.box
        # 12 x 12 cell centres, not the box's own edges: a row of samples on an edge is lost to a
        # pixel of box jitter (a box whose top lay 0.4 px above its neighbours' tops was 87 % on them)
        k = (np.arange(12) + 0.5) / 12
        gx, gy = np.meshgrid(x0 + k * (x1 - x0), y0 + k * (y1 - y0))
        on = np.zeros(gx.shape, bool)
        for b in boxes:
            on |= (gx >= b[0]) & (gx <= b[2]) & (gy >= b[1]) & (gy <= b[3])
        return float(on.mean()) >= self.cfg.over_placed

    def _turned_in_place(self, t: Track, up: bool, frame: int) -> Track | None:
        """A face-down placed card this newly settled face-up one really is: it lay where this one
        lies and has not been seen since this one appeared (turned over under the player's hand, the
        face's first boxes became a card of their own; the hand may hide the card for a while before:
        a hole card hidden for 16 looks, then turned up, was dealt as a new card and later removed)."""
        if not up:
            return None
        for o in self.tracks.values():
            if o is not t and o.placed and o.up is False and o.rest is not None \
                    and o.last_seen < frame - 1 and o.last_seen <= t.first_seen + 2 \
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
            pile = stacking(zone)
            if up and pile:  # the new top card: two agreeing reads that outweigh the others two to one
                conf = max(conf, pile_agreement(t.votes, ident))
            surely = cfg.pot_face_conf if zone.split(":")[0] in CHIP_ZONES else cfg.min_face_conf
            if up and ident is None and max(c for _, c in list(t.confs)[-cfg.face_doubt:]) < surely:
                return []  # an unread, weakly seen "face" (chips, a hand): a card only once read or seen surely
            strong = up and ident is not None and self._seen_twice(t, ident, pile) and conf >= cfg.min_identity_conf
            if not strong and any(o.placed and frame - o.last_seen <= 1 and not _other_face(o, up) and
                                  _box_of_card(o, t.pos, t.box, cfg) for o in self.tracks.values()):
                if pile and t.wait < cfg.identity_wait:
                    t.wait += 1  # on a pile: perhaps the next card, laid on it; until it is read surely
                    return []
                del self.tracks[t.id]  # a misread or a second box of a card lying right there
                return []
            if up and ident is None and self._over_placed(t, frame):
                return []  # an unread box over cards already placed (one across two cards of a row): until read
            # one reading is not enough while more may come (a misread on the only look would stick)
            if up and (conf < cfg.min_identity_conf or ident is None or not self._seen_twice(t, ident, pile)) \
                    and t.wait < cfg.identity_wait:
                t.wait += 1
                return []
            under = _reread_of(self.tracks, t, ident, conf, cfg) if up else None
            if under is not None:  # the card lying there, misread (half covered): not a new card;
                under.last_seen = frame  # its box was this one, so it was seen (no break next time)
                del self.tracks[t.id]
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
            came = t.came_from  # the first zone on its way in (who played it; `_first_zone_on_way`)
            return [self._obs(DEALT, t, frame, confidence=conf, unconfirmed=t.unconfirmed,
                              candidates=cands if t.unconfirmed else (), order=self.deal_order,
                              placed_frame=t.placed_frame, from_zone=came if came != zone else None)]
        # placed
        if unseen > cfg.remove_frames:
            if self.still_there is not None and not away_from_rest(t, cfg) and self.still_there(t):
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
        if self._still(t, frame) and away_from_rest(t, cfg):
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
