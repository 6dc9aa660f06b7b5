"""A deal script played out on the table: what moves where, and when, in table mm and seconds.

Cards slide in from the deck under the dealer's hand, are turned over in place, traded and taken
away; hands reach over the cards and chips slide to the pot. `Choreography` lays a script out as
card motions, hands and chips that can be asked for at any time, with the observations a camera
should make of it (each with the frame its card came to rest). It knows nothing of the camera:
`vision.video` draws it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .calibration import TableGeometry, ZoneMap
from .dealscript import DealScript, expected_event

CARD_H, CARD_W = 88.9, 63.5
SLIDE, FLIP, RETRACT = 0.5, 0.4, 0.35


@dataclass
class Motion:
    t0: float
    t1: float
    a: tuple            # from pose (x, y, angle) in table mm / radians
    b: tuple            # to pose
    flip: bool = False
    hand_from: tuple | None = None   # where the arm comes from (table mm), None: no hand


@dataclass
class PhysCard:
    code: str
    up: bool                          # face at the start (before any flip)
    z: float                          # drawing order
    motions: list = field(default_factory=list)
    gone_at: float | None = None

    def state(self, t: float):
        """(pose, face_up shown, x-squash, moving) at time t, None while not on the table."""
        if not self.motions or t < self.motions[0].t0 or (self.gone_at is not None and t >= self.gone_at):
            return None
        up = self.up
        for m in self.motions:
            if t < m.t0:
                break
            if t < m.t1:
                p = (t - m.t0) / max(1e-6, m.t1 - m.t0)
                e = 1 - (1 - p) ** 2 if not m.flip else p
                pose = tuple(a + (b - a) * e for a, b in zip(m.a, m.b))
                if m.flip:
                    return pose, (up if p < 0.5 else not up), abs(math.cos(math.pi * p)), True
                return pose, up, 1.0, True
            if m.flip:
                up = not up
        return self.motions_end_pose(t), up, 1.0, False

    def motions_end_pose(self, t):
        last = [m for m in self.motions if m.t0 <= t][-1]
        return last.b


def _hand_shapes(palm, arm_from, r=42.0):
    """Palm ellipse + fingers + forearm, in table mm: list of ('e', c, axes, ang) / ('l', p, q, w)."""
    px, py = palm
    ax, ay = arm_from
    d = np.array([px - ax, py - ay], float)
    d /= max(1e-6, np.linalg.norm(d))
    ang = math.degrees(math.atan2(d[1], d[0]))
    shapes = [("l", (ax, ay), (px, py), 62.0), ("e", (px, py), (r, r * 0.8), ang)]
    for k in range(4):
        a = math.atan2(d[1], d[0]) + (k - 1.5) * 0.3
        base = (px + math.cos(a) * r * 0.7, py + math.sin(a) * r * 0.7)
        tip = (base[0] + math.cos(a) * 55, base[1] + math.sin(a) * 55)
        shapes.append(("l", base, tip, 15.0))
    return shapes


class Choreography:
    """The script laid out once, at construction; then asked what is where at any time t."""

    def __init__(self, script: DealScript, geometry: TableGeometry, zones: ZoneMap, seed: int):
        self.script = script
        self.fps = script.fps  # an observation's rest frame is a frame of the video
        self.g = geometry
        self.zones = zones
        self.rng = np.random.default_rng(seed)  # how untidily each card is dealt into its slot
        dx0, dy0, dx1, dy1 = self.zone_rect("deck")
        self.deck_pose = (dx0 + CARD_H * 0.75, (dy0 + dy1) / 2, math.pi / 2)
        self.cards: list[PhysCard] = []
        self.reaches: list[tuple] = []
        self.chips: list[tuple] = []
        self.expected: list[dict] = []
        self._layout()

    # ------------------------------------------------------------------------ places
    def zone_rect(self, name):
        z = next(z for z in self.zones.zones if z.name == name)
        xs, ys = [p[0] for p in z.polygon], [p[1] for p in z.polygon]
        return min(xs), min(ys), max(xs), max(ys)

    def slot_pose(self, seat: int, i: int):
        x0, y0, x1, y1 = self.zone_rect(f"seat:{seat}")
        top = (y0 + y1) / 2 < self.g.height_mm / 2
        step = min(CARD_W * 0.6, (x1 - x0 - CARD_W - 8) / 5)  # stud rows overlap; every top-left index shows
        j = self.rng.normal(0, 1.5, 3)
        if top:  # top seats face the camera upside down; their row runs right to left
            return (x1 - 4 - CARD_W / 2 - i * step + j[0], (y0 + y1) / 2 + j[1], math.pi + j[2] * 0.02)
        return (x0 + 4 + CARD_W / 2 + i * step + j[0], (y0 + y1) / 2 + j[1], j[2] * 0.02)

    def seat_edge(self, seat: int):
        x0, y0, x1, y1 = self.zone_rect(f"seat:{seat}")
        top = (y0 + y1) / 2 < self.g.height_mm / 2
        return ((x0 + x1) / 2, -150.0 if top else self.g.height_mm + 150.0)

    # ------------------------------------------------------------------------ layout
    def _layout(self):
        by_code: dict[str, PhysCard] = {}
        slots: dict[int, int] = {}
        dealer_arm = (self.deck_pose[0] - 40, -150.0)
        z = 0.0
        for s in self.script.steps:
            if s.event is not None:
                if s.event.type in ("bet", "call", "raise", "complete", "bring_in"):
                    self.chips.append((s.t, s.event.seat))
                continue
            if s.action == "reach":
                self.reaches.append((s.t, s.seat, s.dur))
                continue
            exp = expected_event(s)
            if s.action == "deal":
                i = slots.get(s.seat, 0)
                slots[s.seat] = i + 1
                z += 1
                c = PhysCard(s.card, s.face == "up", z)
                c.motions.append(Motion(s.t, s.t + SLIDE, self.deck_pose, self.slot_pose(s.seat, i),
                                        hand_from=dealer_arm))
                by_code[s.card] = c
                self.cards.append(c)
                self._expect("dealt", s, s.t + SLIDE, card=s.card if s.face == "up" else None,
                             up=s.face == "up", event=exp)
                continue
            c = by_code[s.card]
            pose = c.motions[-1].b
            if s.action in ("expose", "turndown"):
                c.motions.append(Motion(s.t, s.t + FLIP, pose, pose, flip=True, hand_from=self.seat_edge(s.seat)))
                self._expect("exposed" if s.action == "expose" else "turned_down", s, s.t + FLIP, card=s.card,
                             up=s.action == "expose", event=exp)
            elif s.action in ("move", "swap", "play"):
                if s.action == "swap":
                    o = by_code[s.other]
                    opose = o.motions[-1].b
                    o.motions.append(Motion(s.t, s.t + 0.8, opose, (pose[0], pose[1], opose[2]),
                                            hand_from=self.seat_edge(s.to)))
                    c.motions.append(Motion(s.t, s.t + 0.8, pose, (opose[0], opose[1], pose[2]),
                                            hand_from=self.seat_edge(s.seat)))
                    self._expect("moved", s, s.t + 0.8, card=s.card, zone=f"seat:{s.to}", event=exp)
                    self._expect("moved", s, s.t + 0.8, card=s.other, zone=f"seat:{s.seat}", from_zone=f"seat:{s.to}",
                                 event=None)
                else:
                    if s.action == "play":
                        x0, y0, x1, y1 = self.zone_rect("trick")
                        dest, zone = ((x0 + x1) / 2, (y0 + y1) / 2, 0.0), "trick"
                    else:
                        i = slots.get(s.to, 0)
                        slots[s.to] = i + 1
                        dest, zone = self.slot_pose(s.to, i), f"seat:{s.to}"
                    c.motions.append(Motion(s.t, s.t + 0.8, pose, dest, hand_from=self.seat_edge(s.seat)))
                    self._expect("moved", s, s.t + 0.8, card=s.card, zone=zone, event=exp)
            elif s.action == "remove":
                ex, ey = self.seat_edge(s.seat)
                c.motions.append(Motion(s.t, s.t + 0.6, pose, (ex, ey * 0.9 + pose[1] * 0.1, pose[2]),
                                        hand_from=(ex, ey)))
                c.gone_at = s.t + 0.6
                self._expect("removed", s, s.t + 0.6, card=s.card, event=exp)

    def _expect(self, kind, s, t_rest, *, card=None, up=True, zone=None, from_zone=None, event=None):
        self.expected.append({"kind": kind, "t": s.t, "rest_frame": int(math.ceil(t_rest * self.fps)),
                              "zone": zone or f"seat:{s.seat}", "from_zone": from_zone or
                              (f"seat:{s.seat}" if kind == "moved" else None), "card": card, "up": up,
                              "event": event})

    # ------------------------------------------------------------------------ at time t
    def hands(self, t: float) -> list:
        """Hand shape lists (table mm) visible at t."""
        out = []
        for c in self.cards:
            for m in c.motions:
                if m.hand_from is None or not (m.t0 - 0.15 <= t < m.t1 + RETRACT):
                    continue
                if t < m.t1:
                    p = max(0.0, (t - m.t0) / max(1e-6, m.t1 - m.t0))
                    e = 1 - (1 - p) ** 2
                    pos = [a + (b - a) * e for a, b in zip(m.a[:2], m.b[:2])]
                    if m.flip:
                        pos = [pos[0] + 40, pos[1] + 30]
                else:  # let go: the hand withdraws towards the arm
                    r = (t - m.t1) / RETRACT
                    pos = [m.b[0] + (m.hand_from[0] - m.b[0]) * r * 0.6, m.b[1] + (m.hand_from[1] - m.b[1]) * r * 0.6]
                d = np.array([pos[0] - m.hand_from[0], pos[1] - m.hand_from[1]])
                d /= max(1e-6, np.linalg.norm(d))
                palm = (pos[0] - d[0] * 55, pos[1] - d[1] * 55)  # hand holds the card's trailing edge
                out.append(_hand_shapes(palm, m.hand_from))
                break
        for t0, seat, dur in self.reaches:
            if t0 <= t < t0 + dur:
                p = (t - t0) / dur
                reach = min(1.0, p / 0.25, (1 - p) / 0.25)
                x0, y0, x1, y1 = self.zone_rect(f"seat:{seat}")
                edge = self.seat_edge(seat)
                tgt = ((x0 + x1) / 2 + 30 * math.sin(6 * p), (y0 + y1) / 2)
                palm = (edge[0] + (tgt[0] - edge[0]) * reach, edge[1] + (tgt[1] - edge[1]) * reach)
                out.append(_hand_shapes(palm, (edge[0] + 60, edge[1])))
        return out

    def chip_positions(self, t: float) -> list:
        """(k, centre in table mm) of each chip bet by t: chips slide from the seat to the pot and stay."""
        pot = self.zone_rect("pot")
        out = []
        for k, (tc, seat) in enumerate(self.chips):
            if t < tc:
                continue
            p = min(1.0, (t - tc) / 0.6)
            edge = self.seat_edge(seat)
            start = (edge[0], min(max(edge[1], 80.0), self.g.height_mm - 80))
            rr = np.random.default_rng(k)  # the k-th chip lands at the same place in the pot every frame
            dest = (pot[0] + 30 + rr.uniform(0, pot[2] - pot[0] - 60), pot[1] + 25 + rr.uniform(0, pot[3] - pot[1] - 50))
            out.append((k, (start[0] + (dest[0] - start[0]) * p, start[1] + (dest[1] - start[1]) * p)))
        return out


__all__ = ["Choreography", "PhysCard", "Motion", "CARD_H", "CARD_W"]
