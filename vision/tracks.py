"""What the tracker works on: detections in table coordinates (`TableDetection`), its settings
(`TrackerConfig`), one card's track (`Track`), and the small geometry and voting helpers its
rules share (vision/association.py matches detections to tracks, vision/tracking.py has the rules)."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

NON_PLACING = ("deck",)   # cards resting on the deck are the deck itself
LEAVING = ("discard", "tricks")  # a card put here has left play (Boneyard: a team's taken tricks)
CHIP_ZONES = ("pot",)     # the bets lie here: chip piles look most like unread card faces
STACKING = ("pile",)      # cards land on each other here (Bonnu's play pile): another card read on a card's
#                           place is a new card on top, not a misread of the card under it


@dataclass
class TableDetection:
    pos: tuple[float, float]        # card centre in table units
    size: float                     # sqrt(box area) in table units
    face_up: bool
    identity: str | None
    confidence: float
    box: tuple | None = None        # the image box: shown, and whether a box is a card's own again
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
    own_box_inside: float = 0.8     # a box this much inside a card's (centre near) is that card's again
    rebox_gate: float = 0.35        # x card_size: ... but a lost back takes a free back box this near
    move_min: float = 0.5           # x card_size: a placed card displaced this far has moved
    flip_frames: int = 3
    flip_face_conf: float = 0.4     # an unread face turns a face-down card up only if seen this surely
    #                                 (the faint 0.27 "face" of a neighbour's edge exposed a hole card)
    face_on_place: float = 0.15     # x card_size: ... or seen right on its place where paper now shows
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
    reread_conf: float = 0.9        # a new read on a surely read card's place, never seen moving, is that
    #                                 card misread unless read at least this surely (`_reread_of`)


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
    seen_box: tuple | None = None   # the last detection's image box, whatever it showed (a box around
    #                                 two cards, a corner): what the detector sees of it now
    matched: bool = False
    placed_frame: int | None = None
    rest_box: tuple | None = None   # its image box when it came to rest (before cards were dealt over it)
    last_read: int = -1             # the last frame its index was read as its own identity
    settled: bool = True            # its last detection was settled (nothing moving over it)
    came_from: str | None = None    # the first zone on its way before it was placed (Tracker._first_zone_on_way)

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


def on_pile(t: Track) -> bool:
    """Is t a placed card in a zone where cards land on each other (`STACKING`: Bonnu's play pile)?
    A card read there as another is the next card laid on top of it, which covers it."""
    return t.placed and stacking(t.zone)


def _vanished_as(old: Track, new: Track, frame: int) -> bool:
    """Did track old stop being seen just as track new was first seen (within two frames)?"""
    return new.first_seen - 2 <= old.last_seen < frame - 1


def _reread_of(tracks, t: Track, ident: str | None, conf: float, cfg: TrackerConfig) -> Track | None:
    """The placed face-up card that tentative track t, read as another card, is a misread of: t
    appeared right on its place (never seen moving; within 0.15 of a card of its rest) while it was
    still being seen (no break: not lifted, as a trade lifts it), it was read at least `reread_conf`
    surely and t less surely than that. A card dealt over its corner half covers its index, read
    then as another (a JS as JC at 0.80): without this, dealt as a card not on the table. Not on a
    pile (`on_pile`): there it is the next card, laid square on top (a Cut's under card, read at
    0.78 on the old top card's place, was dropped frame after frame and the Cut was one card)."""
    if ident is None or conf >= cfg.reread_conf:
        return None
    tol = cfg.still_tol * cfg.card_size
    if any(_dist(p, t.pos) > tol for _, p in t.hist):
        return None
    for o in tracks.values():
        if o is t or not o.placed or not o.up or o.identity in (None, ident) or o.unconfirmed or on_pile(o):
            continue
        if _dist(o.rest or o.pos, t.pos) < 0.15 * cfg.card_size and o.last_seen >= t.first_seen - 1 \
                and _best(o.votes, o.reads)[1] >= cfg.reread_conf:
            return o
    return None


def _meet(a, b):
    """The intersection of two boxes, or None."""
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def _other_face(t: Track, up: bool) -> bool:
    """Is t a placed card showing the other face, not being turned over? A back beside a face-up
    card is no second box of it (a hole card dealt beside the last card of a row, its box's centre
    within a third of a card of that card's, was taken for one: placed 14 looks late)."""
    return t.placed and t.up is not None and t.up != up and t.flip_run == 0


def _centre(b) -> tuple[float, float]:
    return (b[0] + b[2]) / 2, (b[1] + b[3]) / 2


def _area(b) -> float:
    return (b[2] - b[0]) * (b[3] - b[1])


def stacking(zone: str | None) -> bool:
    """Is this a zone where cards land on each other (`STACKING`: Bonnu's play pile)?"""
    return zone is not None and zone.split(":")[0] in STACKING


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


def pile_agreement(votes: dict, ident: str | None) -> float:
    """How surely a card on a pile (`STACKING`) is `ident`: the mean confidence of its steady reads
    when there are two or more and they outweigh all the other reads together more than two to one,
    else 0. `_best` multiplies that mean by the winner's share, so one misread of the new top card
    (a black 8 read at 0.76 and 0.77 and once as a red -1 at 0.67: 0.53) kept it a look longer under
    `min_identity_conf`. A phantom needs the same wrong card read twice where little else is read:
    a misread of the card under it names some other card each time, and is outweighed by its own
    reads; a split reading (two and two, or two against one as sure) still waits."""
    if ident is None or ident not in votes:
        return 0.0
    weight, n = votes[ident]
    rivals = sum(w for k, (w, _) in votes.items() if k != ident)
    return weight / n if n >= 2 and weight > 2 * rivals else 0.0


def away_from_rest(t: Track, cfg: TrackerConfig) -> bool:
    """Carried off its place (last seen over half a card away): a card on its way somewhere. Its last
    box shows where it was lost, not a card lying there: the 9C of a trick being gathered was lost
    over the Maker's taken 9H, and "is it still there?" then looked at the 9H for 123 frames."""
    return t.rest is not None and _dist(t.pos, t.rest) > cfg.move_min * cfg.card_size
