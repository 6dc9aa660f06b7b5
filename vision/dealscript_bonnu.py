"""A Bonnu round log as a deal script: the round as the camera sees it, for rendering videos.

`from_bonnu(events)` lays a referee log of one Bonnu round out in time (the zones of
`calibration.bonnu_zones`). The hands are held off camera, so the opening draw, the deal, every
draw, shout and claim's timing note are the host's and the phones' events; what the camera films
is the play pile: each card laid comes out of its player's hand onto the pile (a "play" step
with `zone: "pile"`), and a Cut lays its cards at once, fanned a little over each other. The Cut
itself is tapped on the cutter's phone first (`CutTapped`, a step the camera path hands to its
Bonnu reader, not to the referee), and the camera then sees the cards land.

Every stamp is the script's clock: a card laid is stamped by the camera when the video shows it,
so the phones' events here (shouts, draws, the Cut's tap, timing notes) are stamped again with
the script's time `t` (latencies kept), and the order of claims and cards stays the log's.
A wrong card the referee takes back, an out-of-turn Bonnu and a hand laid face up at the end of
a round are not filmed: they stay phone events.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from referee.events import Event

from .dealscript import DealScript, Step

GAME = "bonnu"
PLAY_GAP = 1.6     # s between cards laid (each comes out of the hand for 0.8 s, then lies still)
CUT_AFTER = 0.3    # s from the Cut's tap to its cards leaving the cutter's hand
FAN = 0.0          # s between a Cut's cards: laid at once, fanned out, each one over the last
HOST_GAP = 0.4     # s between phone events
STAMPED = ("card_drawn", "shout_heard", "time_noted", "bonnu_claimed")


@dataclass(frozen=True)
class CutTapped:
    """Cut! tapped on a phone: stamped as a shout (`at_ms` when the server received it, the phone's
    `latency_ms`); the camera then sees which cards land. Not a referee event (so not in the
    referee's registry of events): the camera path's Bonnu reader (`BonnuTable.tapped`) takes it,
    and gives the referee the `CutLaid` once it saw the cards."""
    type: ClassVar[str] = "cut_tapped"
    seat: int
    at_ms: int
    latency_ms: int = 0
    for_camera: ClassVar[bool] = True  # the pipeline hands it to the adapter, not the referee

    def to_json(self) -> dict:
        return {"type": self.type, "seat": self.seat, "at_ms": self.at_ms, "latency_ms": self.latency_ms}

    def describe(self) -> str:
        return f"Cut! tapped by seat {self.seat} at {self.at_ms / 1000:.2f} s (the camera confirms the cards)"


@dataclass(frozen=True)
class BonnuTapped(CutTapped):
    """Bonnu! (out of turn) tapped on a phone: the seat then lays its whole hand face up in its place,
    and the camera reads it (`BonnuTable` gives the referee `BonnuClaimed` once every card is read)."""
    type: ClassVar[str] = "bonnu_tapped"

    def describe(self) -> str:
        return f"Bonnu! tapped by seat {self.seat} at {self.at_ms / 1000:.2f} s (the camera reads the hand)"


TAPS = {tap.type: tap for tap in (CutTapped, BonnuTapped)}


def _ms(t: float) -> int:
    return int(round(t * 1000))


def _plain(card) -> str:
    """A card as the camera names it: the two copies look alike (`red:3#1` is seen as `red:3`)."""
    return card.code.split("#")[0]


def from_bonnu(events: list[Event], *, seed: int = 0, play_gap: float = PLAY_GAP) -> DealScript:
    """A Bonnu referee log of one round -> a timed deal script, as a camera sees the table."""
    rounds = sum(e.type == "hand_started" for e in events)
    if rounds > 1:
        raise ValueError(f"a deal script is one round, and this log starts {rounds}: cut it to the round to film")
    steps: list[Step] = []
    seats = 2
    t = 0.3
    for e in events:
        et = e.type
        if et == "card_laid":
            steps.append(Step(t, "play", e.seat, _plain(e.card), zone="pile",
                              expect={"type": "card_laid", "seat": e.seat, "card": e.card.code}))
            t += play_gap
        elif et == "cut_laid":
            steps.append(Step(t, event=CutTapped(e.seat, _ms(t), e.latency_ms)))
            for k, c in enumerate(e.cards):  # all at once: the first carries the Cut, the others add nothing
                exp = {"type": "cut_laid", "seat": e.seat, "cards": [c.code for c in e.cards]} if k == 0 else None
                steps.append(Step(t + CUT_AFTER + k * FAN, "play", e.seat, _plain(c), zone="pile", expect=exp))
            t += CUT_AFTER + FAN * (len(e.cards) - 1) + play_gap
        else:
            if et == "table_opened":
                seats = len(e.seats)
            if et in STAMPED:
                e = replace(e, at_ms=_ms(t))
            steps.append(Step(t, event=e))
            t += HOST_GAP if et in STAMPED else 0.0
    steps.sort(key=lambda s: s.t)
    return DealScript(steps, {"fps": 10, "size": [960, 540], "seed": seed, "seats": seats, "game": GAME})


__all__ = ["from_bonnu", "CutTapped", "BonnuTapped", "TAPS", "GAME"]
