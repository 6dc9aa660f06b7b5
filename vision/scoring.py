"""Score what the camera path produced against a synthetic video's ground truth.

Observations: each expected card fact (dealt, exposed, moved, removed) is matched to at most
one observation of the same kind, zone, face and card, near the frame the card came to rest;
unmatched expectations are *missed*, matched with the wrong card are *wrong*, left-over
observations are *extra* (duplicates or inventions). Latency: frames from the card coming to
rest to the observation. Referee level: the card events given to the referee against the
script's expected events, and the announcements against a replay of the reference log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import replay
from referee.events import (
    CardDealt,
    CardDiscarded,
    CardExposed,
    CardMoved,
    CardPlayed,
    CardsSwapped,
    CardTurnedDown,
    HandShown,
)

CARD_EVENTS = (CardDealt, CardExposed, CardTurnedDown, CardsSwapped, CardMoved, CardDiscarded, CardPlayed, HandShown)


@dataclass
class Score:
    expected: int = 0
    dealt: int = 0
    missed: list = field(default_factory=list)
    wrong: list = field(default_factory=list)
    extra: list = field(default_factory=list)
    unconfirmed: int = 0
    latencies: list = field(default_factory=list)
    late: list = field(default_factory=list)  # (latency, expectation) of each event, to name the slowest

    def per_100(self, n: int) -> float:
        return round(100.0 * n / max(1, self.dealt), 2)

    def to_json(self) -> dict:
        lat = sorted(self.latencies)
        return {"expected": self.expected, "dealt_cards": self.dealt, "missed": len(self.missed),
                "wrong": len(self.wrong), "extra": len(self.extra), "unconfirmed": self.unconfirmed,
                "missed_per_100": self.per_100(len(self.missed)), "wrong_per_100": self.per_100(len(self.wrong)),
                "extra_per_100": self.per_100(len(self.extra)),
                "latency_frames_median": lat[len(lat) // 2] if lat else None,
                "latency_frames_max": lat[-1] if lat else None,
                "details": {"missed": self.missed, "wrong": self.wrong, "extra": self.extra,
                            "slowest": [f"{e} (+{n} frames)" for n, e in sorted(self.late, reverse=True)[:3]]}}


def score_observations(observations, expected: list[dict], window: int = 45) -> Score:
    """Right matches are made first for every expectation, then the left-over expectations take a
    left-over observation of another card as *wrong*: a correct observation of one card is never
    spent as the wrong reading of a neighbour's expectation."""
    sc = Score(expected=len(expected), dealt=sum(1 for e in expected if e["kind"] == "dealt"))
    obs = list(observations)
    used: set[int] = set()

    def candidates(e):
        lo, hi = e["rest_frame"] - 2, e["rest_frame"] + window
        for i, o in enumerate(obs):
            if i in used or o.kind != e["kind"] or o.zone != e["zone"] or not lo <= o.frame <= hi:
                continue
            if e["kind"] == "moved" and o.from_zone != e["from_zone"]:
                continue
            if e["kind"] in ("dealt", "exposed", "turned_down") and bool(o.up) != bool(e["up"]):
                continue
            yield i, o

    def right(e, o) -> bool:
        return e["card"] is None or o.card == e["card"] or e["kind"] == "removed" and o.card is None

    left = []
    for e in expected:
        best = next((i for i, o in candidates(e) if right(e, o)), None)
        if best is None:
            left.append(e)
            continue
        used.add(best)
        o = obs[best]
        sc.unconfirmed += int(o.unconfirmed)
        if e["kind"] != "removed":
            sc.latencies.append(o.frame - e["rest_frame"])
            sc.late.append((o.frame - e["rest_frame"], _brief(e)))
    for e in left:
        wrong = next((i for i, _ in candidates(e)), None)
        if wrong is None:
            sc.missed.append(_brief(e))
            continue
        used.add(wrong)
        o = obs[wrong]
        if o.unconfirmed:  # asked the host instead of guessing: not a wrong event
            sc.unconfirmed += 1
        else:
            sc.wrong.append({"expected": _brief(e), "got": o.describe()})
    sc.extra = [obs[i].describe() for i in range(len(obs)) if i not in used]
    return sc


def _brief(e: dict) -> str:
    return f"{e['kind']} {e['card'] or ('face-down' if not e['up'] else '?')} @ {e['zone']} frame {e['rest_frame']}"


def card_events(events) -> list[dict]:
    return [e.to_json() for e in events if isinstance(e, CARD_EVENTS)]


def compare_referee(got_events, script) -> dict:
    """Card events given to the referee vs the script's expectation; announcements vs the reference."""
    from .dealscript import camera_reference

    ref = camera_reference(script)
    want = card_events(ref)
    got = card_events(got_events)
    _, ref_said = replay(ref)
    _, got_said = replay(list(got_events))
    ref_text = [a.text for a in ref_said]
    got_text = [a.text for a in got_said]
    return {"card_events_expected": len(want), "card_events_got": len(got), "card_events_equal": want == got,
            "announcements_equal": ref_text == got_text, "announcements": len(got_text),
            "first_difference": next(({"expected": w, "got": g} for w, g in zip(want, got) if w != g), None)
            if want != got else None,
            "first_announcement_difference": next(({"expected": a, "got": b} for a, b in zip(ref_text, got_text)
                                                   if a != b), None) if ref_text != got_text else None}


__all__ = ["Score", "card_events", "compare_referee", "score_observations"]
