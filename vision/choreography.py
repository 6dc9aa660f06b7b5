"""A deal script played out on the table: what moves where, and when, in table mm and seconds.

Cards slide in from the deck under the dealer's hand, are turned over in place, traded and taken
away; hands reach over the cards and chips slide to the pot. At a trick-taking table (Boonaken)
cards are also dealt to table zones (the centre, the set-aside row), picked up into the players'
hands, played from a hand to the player's side of the trick area (Bonnu: onto the play pile, a Cut's
cards fanned), laid face down in the discards and gathered, face down, by a trick's winner.
`Choreography` lays a script out as card motions, hands and chips that can be asked for at any
time, with the observations a camera should make of it (each with the frame its card came to rest).
It knows nothing of the camera: `vision.video` draws it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .calibration import TableGeometry, ZoneMap
from .dealscript import DealScript, expected_event
from .tracks import LEAVING

CARD_H, CARD_W = 88.9, 63.5
SLIDE, FLIP, RETRACT = 0.5, 0.4, 0.35
FAN_S = 0.5  # s: cards laid on Bonnu's pile this soon after each other are one fan (a Cut's)


@dataclass
class Motion:
    t0: float
    t1: float
    a: tuple            # from pose (x, y, angle) in table mm / radians
    b: tuple            # to pose
    flip: bool = False
    hand_from: tuple | None = None   # where the arm comes from (table mm), None: no hand
    grip: float = 55.0               # mm from the card's centre back to the palm (holding its trailing edge)


@dataclass
class PhysCard:
    code: str
    up: bool                          # face at the start (before any flip)
    z: float                          # drawing order
    motions: list = field(default_factory=list)
    gone_at: float | None = None
    zone: str | None = None           # where it lies once its last motion so far has ended

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
        self._gathered = 0  # tricks gathered so far
        self._pile_fan, self._pile_t = 0, None  # Bonnu's pile: cards laid at once so far, and when
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

    def zone_slot_pose(self, zone: str, i: int):
        """The i-th card laid in a table zone: a row from the left, each card's top-left index showing."""
        x0, y0, x1, y1 = self.zone_rect(zone)
        step = min(CARD_W * 0.6, (x1 - x0 - CARD_W - 8) / 3)
        j = self.rng.normal(0, 1.5, 3)
        return (x0 + 4 + CARD_W / 2 + i * step + j[0], (y0 + y1) / 2 + j[1], j[2] * 0.02)

    def trick_slot(self, seat: int):
        """Where a seat plays to the trick area: on its own side (top seats the top half, upside
        down to the camera), across as far as the seat sits along its row."""
        x0, y0, x1, y1 = self.zone_rect("trick")
        sx0, sy0, sx1, sy1 = self.zone_rect(f"seat:{seat}")
        top = (sy0 + sy1) / 2 < self.g.height_mm / 2
        x = x0 + CARD_W / 2 + 4 + ((sx0 + sx1) / 2 / self.g.width_mm) * (x1 - x0 - CARD_W - 8)
        # every other trick half a card over: a card played where the last trick's lay, gathered a
        # moment ago, would be taken for that card by the tracker until it counts as removed (3 s)
        x += (self._gathered % 2) * CARD_W * 0.85
        j = self.rng.normal(0, 1.5, 3)
        y = y0 + (y1 - y0) * (0.27 if top else 0.73)
        return (x + j[0], y + j[1], (math.pi if top else 0.0) + j[2] * 0.02)

    def pile_pose(self, t: float):
        """Where a card laid on Bonnu's play pile lands: on the pile's middle, a little askew (a real
        pile is untidy), so it covers the card before; cards laid at the same moment (a Cut's) fan
        out from there (each `FAN_S` or less after the one before), each half a card over and turned a
        little, so the camera sees each one."""
        x0, y0, x1, y1 = self.zone_rect("pile")
        fan = self._pile_fan + 1 if self._pile_t is not None and t - self._pile_t <= FAN_S else 0
        self._pile_fan, self._pile_t = fan, t
        j = self.rng.normal(0, 2.0, 3)
        return ((x0 + x1) / 2 + fan * CARD_W * 0.55 + j[0], (y0 + y1) / 2 + j[1], fan * 0.2 + j[2] * 0.03)

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
                where = s.zone or f"seat:{s.seat}"
                i = slots.get(where, 0)
                slots[where] = i + 1
                z += 1
                c = PhysCard(s.card, s.face == "up", z, zone=where)
                dest = self.zone_slot_pose(where, i) if s.zone else self.slot_pose(s.seat, i)
                c.motions.append(Motion(s.t, s.t + SLIDE, self.deck_pose, dest, hand_from=dealer_arm))
                by_code[s.card or f"#{z:g}"] = c  # a face-down card nobody named is only ever picked up
                self.cards.append(c)
                self._expect("dealt", s, s.t + SLIDE, card=s.card if s.face == "up" else None,
                             up=s.face == "up", zone=where, event=exp)
                continue
            if s.action in ("pickup", "gather"):
                self._take(s, by_code)
                continue
            # (a card laid on Bonnu's pile always comes from the hand: the other copy may lie there)
            if s.action == "discard" or s.action == "play" and (
                    s.zone == "pile" or not self._on_table(by_code.get(s.card), s.t)):
                z += 1
                by_code[s.card or f"#{z:g}"] = self._from_hand(s, z, slots, exp)
                continue
            c = by_code[s.card]
            pose = c.motions[-1].b
            if s.action in ("expose", "turndown"):  # by its seat, or a table zone's card by the dealer
                arm = self.seat_edge(s.seat) if s.seat is not None else dealer_arm
                c.motions.append(Motion(s.t, s.t + FLIP, pose, pose, flip=True, hand_from=arm))
                self._expect("exposed" if s.action == "expose" else "turned_down", s, s.t + FLIP, card=s.card,
                             up=s.action == "expose", zone=None if s.seat is not None else c.zone, event=exp)
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
                    came = c.zone
                    if s.action == "play" and came and not came.startswith("seat:"):
                        dest, zone = self.trick_slot(s.seat), "trick"  # a card laid out (Boneyard's taken card)
                    elif s.action == "play":
                        x0, y0, x1, y1 = self.zone_rect("trick")
                        dest, zone = ((x0 + x1) / 2, (y0 + y1) / 2, 0.0), "trick"
                    elif s.zone:  # to a table zone (Boneyard: the taken bone in front of the Maker)
                        i = slots.get(s.zone, 0)
                        slots[s.zone] = i + 1
                        dest, zone = self.zone_slot_pose(s.zone, i), s.zone
                    else:
                        i = slots.get(s.to, 0)
                        slots[s.to] = i + 1
                        dest, zone = self.slot_pose(s.to, i), f"seat:{s.to}"
                    c.motions.append(Motion(s.t, s.t + 0.8, pose, dest, hand_from=self.seat_edge(s.seat)))
                    c.zone = zone
                    self._expect("moved", s, s.t + 0.8, card=s.card, zone=zone, event=exp,
                                 from_zone=came if came and not came.startswith("seat:") else None)
            elif s.action == "remove":
                ex, ey = self.seat_edge(s.seat)
                c.motions.append(Motion(s.t, s.t + 0.6, pose, (ex, ey * 0.9 + pose[1] * 0.1, pose[2]),
                                        hand_from=(ex, ey)))
                c.gone_at = s.t + 0.6
                self._expect("removed", s, s.t + 0.6, card=s.card, event=exp)

    @staticmethod
    def _on_table(c: PhysCard | None, t: float) -> bool:
        return c is not None and (c.gone_at is None or c.gone_at > t)

    def _from_hand(self, s, z: float, slots: dict, exp) -> PhysCard:
        """A card out of a player's hand: played face up to the seat's side of the trick area, or
        discarded face down into the next place of the discards row."""
        edge = self.seat_edge(s.seat)
        if s.action == "play" and s.zone == "pile":
            up, dest, zone = True, self.pile_pose(s.t), "pile"
        elif s.action == "play":
            up, dest, zone = True, self.trick_slot(s.seat), "trick"
        else:
            i = slots.get("discards", 0)
            slots["discards"] = i + 1
            up, dest, zone = False, self.zone_slot_pose("discards", i), "discards"
        c = PhysCard(s.card or "", up, z, zone=zone)
        # held by its far edge, the card shows on its way: the camera sees from whose side it came
        c.motions.append(Motion(s.t, s.t + 0.8, (edge[0], edge[1], dest[2]), dest, hand_from=edge, grip=110.0))
        self.cards.append(c)
        self._expect("dealt", s, s.t + 0.8, card=s.card if up else None, up=up, zone=zone, event=exp)
        return c

    def _take(self, s, by_code: dict) -> None:
        """Cards off the table into a hand, under one hand: a seat's own cards (or the centre's, or
        one card), or a trick gathered face down by its winner."""
        if s.card:
            cards = [by_code[s.card]]
        else:
            where = "trick" if s.action == "gather" else s.zone or f"seat:{s.seat}"
            cards = [c for c in by_code.values() if self._on_table(c, s.t) and c.zone
                     and (c.zone == where or c.zone.split(":")[0] == where)]
        edge = self.seat_edge(s.seat)
        self._gathered += s.action == "gather"
        pile = s.action == "gather" and s.zone  # Boneyard: onto the team's pile of taken tricks, which stays
        for k, c in enumerate(cards):
            pose, up = c.motions[-1].b, c.up != (sum(m.flip for m in c.motions) % 2 == 1)
            dest = self._pile_pose(s.zone, pose[2]) if pile else (edge[0], edge[1], pose[2])
            c.motions.append(Motion(s.t, s.t + 0.8, pose, dest, flip=s.action == "gather",
                                    hand_from=edge if k == 0 else None))
            if (c.zone or "").split(":")[0] not in LEAVING:  # off a pile of taken tricks: gone for the camera
                self._expect("removed", s, s.t + 0.8, card=c.code if up else None, zone=c.zone, event=None)
            if pile:
                c.zone = s.zone
            else:
                c.gone_at = s.t + 0.8

    def _pile_pose(self, zone: str, angle: float):
        """A taken trick's card squared onto the pile in `zone` (the camera counts it gone: `LEAVING`)."""
        x0, y0, x1, y1 = self.zone_rect(zone)
        j = self.rng.normal(0, 1.0, 2)
        return ((x0 + x1) / 2 + j[0], (y0 + y1) / 2 + j[1], math.pi / 2 if (y1 - y0) < CARD_H + 8 else angle)

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
                palm = (pos[0] - d[0] * m.grip, pos[1] - d[1] * m.grip)  # hand holds the card's trailing edge
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
        if not self.chips:
            return []
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
