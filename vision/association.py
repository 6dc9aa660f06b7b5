"""Which detection is which track's, frame by frame (what a card then does, dealt, moved, turned,
removed, is vision/tracking.py's).

`associate` matches a frame's detections to tracks, cheapest first: gated by distance, dearer for
another identity or the other face, with a placed card's own identity re-linking it after a move.
The rest is about boxes that stand for more or less than one card, which is how overlapping cards
(a stud row, a hole card dealt over another) are seen: a corner alone in view (`partial_view`), one
box around two cards (`holds_more`, `keep_covered`, `second_backs`), a back's box reshaped by its
neighbours (`_rebox_backs`), a placed card's box taken by a new tentative track (`_hand_back`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .tracks import TableDetection, Track, TrackerConfig, _best, _centre, _dist, _reaches_over, on_pile


def associate(tracks: dict[int, Track], frame: int, dets: list[TableDetection],
              cfg: TrackerConfig) -> tuple[list[tuple[Track, TableDetection]], list[TableDetection]]:
    """This frame's (track, detection) pairs, taken cheapest first, and the detections no track took.
    A detection may go to a track within its gate (tighter for a placed card than a moving one);
    the cost is the distance in card sizes, raised for a read of another identity or the other
    face. A placed card missed for a frame or more is re-linked to its own identity read anywhere
    (it was lifted and put down elsewhere), but only when nothing closer wants that detection."""
    cs = cfg.card_size
    cand = []
    if not dets:
        return [], []
    dp = np.array([d.pos for d in dets], np.float64)
    reach = max(cfg.gate_moving, cfg.gate_placed, 0.6) * cs
    items = list(tracks.items())
    # a placed card's last step under a moving hand is the hand's pull on its box, not its
    # own motion: not carried on (a stud-row card followed it onto the strip between two
    # cards, and its own box, left over, became a new card)
    steps = [t.velocity() if t.settled or not t.placed else (0.0, 0.0) for _, t in items]
    # (numpy for the distances, every track's at once: most pairs lie far apart; only near ones, or
    # a card's own identity seen elsewhere, are looked at one by one)
    nears = np.minimum(_dists(dp, [t.pos for _, t in items]),
                       _dists(dp, [(t.pos[0] + v[0], t.pos[1] + v[1]) for (_, t), v in zip(items, steps)]))
    # a placed card lies where it came to rest: boxes of its neighbours (two backs boxed
    # as one, a hand) can pull its position away, and its own face turned up there
    # then started a new card instead of exposing this one
    resting = [k for k, (_, t) in enumerate(items) if t.placed and t.rest is not None]
    if resting:
        nears[resting] = np.minimum(nears[resting], _dists(dp, [items[k][1].rest for k in resting]))
    for (ti, t), near in zip(items, nears):
        relink = t.placed and t.identity and t.last_seen < frame - 1
        for di in (range(len(dets)) if relink else np.flatnonzero(near <= reach).tolist()):
            d = dets[di]
            dist = float(near[di])
            # a card lifted and put down elsewhere: its identity links it back, once it was missed;
            # not by a read taken while a hand moves over the cards (a stud row's neighbour was read
            # as this card under a passing hand: this card's track jumped onto it, and the two swapped)
            same_id = bool(t.placed and t.identity and d.identity == t.identity and d.face_up
                           and t.last_seen < frame - 1 and d.settled)
            conflict = t.placed and t.up and t.identity and not t.unconfirmed and d.face_up and d.identity \
                and d.identity != t.identity and d.confidence >= 0.5
            if conflict and (on_pile(t) or frame - t.last_seen > 2 or t.conflicts >= 1):
                # another card read again, or where a card went missing: not this one. On a pile at
                # once: a card laid square on the top card is a new card on top, which covers this
                # one (taken as this card misread, the new card merged into its track: not laid)
                continue
            gate = cfg.gate_placed if t.placed else cfg.gate_moving
            if partial_view(t, d, cfg):
                gate = 0.6  # only a corner of it in view (the rest covered): its index box
            if dist > gate * cs and not same_id:
                continue
            cost = dist / cs
            known = t.identity if t.placed else _best(t.votes, t.reads)[0]
            if d.face_up and d.identity and known and d.identity != known:
                cost += 1.0 if d.confidence >= 0.5 else 0.3  # (a misread of a card seen just now)
            # the other face is unlikely to be this card's, unless it was just seen turning over
            # (a hole card turned up showed its face on its place; a neighbour's back box a little
            # further off, less penalised, took the card away and its face became a new card)
            if t.placed and t.up is not None and d.face_up != t.up and t.flip_run == 0:
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
        pairs.append((tracks[ti], dets[di]))
    _rebox_backs(tracks, dets, used_t, used_d, pairs, cfg)
    pairs = _hand_back(tracks, pairs, used_t, cfg)
    return pairs, [d for i, d in enumerate(dets) if i not in used_d]


def _dists(dp: np.ndarray, points) -> np.ndarray:
    """Distances of points (M) to the detections' positions dp (N x 2): M x N."""
    q = np.array(points, np.float64).reshape(-1, 2)
    return np.hypot(dp[None, :, 0] - q[:, None, 0], dp[None, :, 1] - q[:, None, 1])


def _hand_back(tracks: dict[int, Track], pairs: list, used_t: set, cfg: TrackerConfig) -> list:
    """A tentative track lying still on the place of a placed card left without a detection,
    with that card's face (unread, or read as that card), is that card's box: it goes back to the
    card and the tentative track is dropped. (A card dealt over the left half of a 9D moved the
    9D's box onto its visible half while a hand hid it; a new track took that box for good, and
    the 9D, never seen again, was removed.)
    Not on a pile (`on_pile`) to a tentative track read as another card or seen arriving: that is
    the next card laid on top of it, which covers it (a black 8 laid square on a white 8 was handed
    to the white 8 on the first unchanged picture, which reads no identity, and never laid)."""
    lost = [t for ti, t in tracks.items() if ti not in used_t and t.placed and t.up is not None
            and t.rest is not None]
    if not lost:
        return pairs
    out = []
    for o, d in pairs:
        if not o.placed and _dist(o.pos, d.pos) < cfg.still_tol * cfg.card_size:
            near = [t for t in lost if d.face_up == t.up and d.identity in (None, t.identity)
                    and _dist(d.pos, t.rest) <= cfg.gate_placed * cfg.card_size
                    and not (on_pile(t) and _new_on_top(o, t, cfg))]
            if near:
                t = min(near, key=lambda t: _dist(d.pos, t.rest))
                lost.remove(t)
                used_t.add(t.id)
                del tracks[o.id]
                out.append((t, d))
                continue
        out.append((o, d))
    return out


def _new_on_top(o: Track, t: Track, cfg: TrackerConfig) -> bool:
    """Is tentative track o, over placed card t, a new card: read as another card, or seen moving
    (it came out of a hand) rather than appearing in place?"""
    if any(k != t.identity for k in o.votes):
        return True
    tol = cfg.still_tol * cfg.card_size
    return any(_dist(p, o.hist[-1][1]) > tol for _, p in o.hist)


def _rebox_backs(tracks: dict[int, Track], dets: list[TableDetection], used_t: set, used_d: set, pairs: list,
                 cfg: TrackerConfig) -> None:
    """A placed face-down card left without a detection takes a back box nothing else took lying a
    little further off than `gate_placed` (within `rebox_gate` of where it came to rest). A back's
    box changes shape with its neighbours: a hole card was boxed with the edge of the card dealt
    beside it, then on its own 24 units off; the placed track lost it, the box became a new
    face-down card and the old one was removed 30 frames later. Backs only: a face is linked
    by its identity, and a stud row's faces lie closer than this to each other's boxes."""
    cs = cfg.card_size
    free = [i for i, d in enumerate(dets) if i not in used_d and not d.face_up]
    if not free:
        return
    cand = []
    for ti, t in tracks.items():
        if ti in used_t or not t.placed or t.up is not False or t.rest is None:
            continue
        for di in free:
            dist = _dist(dets[di].pos, t.rest)
            if cfg.gate_placed * cs < dist <= cfg.rebox_gate * cs:
                cand.append((dist, ti, di))
    for dist, ti, di in sorted(cand):
        if ti in used_t or di in used_d:
            continue
        # only a box no other card lies nearer to (a neighbour's own box, lost this frame)
        d = dets[di]
        if any(o.id != ti and _dist(d.pos, o.pos) < dist for o in tracks.values()):
            continue
        used_t.add(ti)
        used_d.add(di)
        pairs.append((tracks[ti], d))


def partial_view(t: Track, d: TableDetection, cfg: TrackerConfig) -> bool:
    """Is d a part of placed card t, the rest covered (its corner index alone)?"""
    if not t.placed or d.face_up != t.up or d.identity not in (None, t.identity):
        return False
    return d.size < cfg.partial_size * t.size


def holds_more(d: TableDetection, cfg: TrackerConfig) -> bool:
    """Is d's box bigger than one card (overlapping cards boxed together)?"""
    return d.size > cfg.merged_size * cfg.card_size * cfg.single_area


def keep_covered(tracks: dict[int, Track], frame: int, dets: list[TableDetection], owner: dict,
                 cfg: TrackerConfig) -> None:
    """Overlapping cards of one face (a stud row) are often boxed together: a box bigger than one
    card lying over a placed card the association left without a detection, or the box of a
    neighbour reaching over this card's place further than that neighbour ever lay, shows this
    card too (it is not missing); it counts as seen, without moving it. A big box only while nothing
    moves there: a card being played over the place of a trick just gathered is boxed big as it
    comes in, and kept the gathered TD "seen" 48 frames. (owner: detection id ->
    the track it was matched to.)"""
    for t in tracks.values():
        if not t.placed or t.matched or t.up is None:
            continue
        if any(d.face_up == t.up and (
                holds_more(d, cfg) and d.settled and _dist(d.pos, t.pos) < 0.6 * cfg.card_size
                or _reaches_over(d.box, t.rest_box, getattr(owner.get(id(d)), "rest_box", None)))
               for d in dets):
            t.last_seen = frame


def second_backs(pairs, cfg: TrackerConfig) -> list[TableDetection]:
    """Two overlapping backs are often boxed as one: a settled back box bigger than one card
    matched to a face-down card placed alone stands for that card and one beside it, on the far
    side of the box's centre. The other card is seen there (its mirror image about the box's
    centre) until the detector boxes it on its own; the dedupe rule in `update` drops it where
    a card already lies. (A hole card dealt over the first one was boxed with it for 55 frames.)"""
    cs = cfg.card_size
    out = []
    for t, d in pairs:
        if not (t.placed and t.up is False and not d.face_up and d.settled and holds_more(d, cfg)
                and t.rest is not None):
            continue
        pos = (2 * d.pos[0] - t.rest[0], 2 * d.pos[1] - t.rest[1])
        if _dist(pos, t.rest) < cfg.gate_placed * cs:
            continue  # the box is only a little bigger, around this card: no room for another
        box = None
        if d.box is not None and t.rest_box is not None:  # (the image box, for display)
            (cx, cy), (rx, ry) = _centre(d.box), _centre(t.rest_box)
            hw, hh = (t.rest_box[2] - t.rest_box[0]) / 2, (t.rest_box[3] - t.rest_box[1]) / 2
            box = (2 * cx - rx - hw, 2 * cy - ry - hh, 2 * cx - rx + hw, 2 * cy - ry + hh)
        out.append(replace(d, pos=pos, size=t.size, box=box))
    return out
