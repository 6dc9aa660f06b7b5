"""Observations the referee cannot take yet: held in the order the camera saw them, offered again
after each event the referee accepts, never dropped.

A camera sees the table move on before the people at it have said their part: the replacement for
a sold 3 lands before the seat tapped "sell", the next street comes while a decision is still
open, a player flips a hole card while the last bets are still being entered. Each such
observation is held (with the referee's refusal, or the adapter's reason to wait, in words) and
offered again, oldest first, whenever the referee's state changed. The queue keeps the camera's
order strictly: while something is held, later observations wait behind it, so a card never goes
to the wrong street because the one before it was not taken yet. The host sees every held
observation and may apply it now (out of turn) or discard it. A held card that the table then
takes back (a card refused as played out of turn, lifted off the trick area: the adapter's
`taken_back` says so) is withdrawn, with the reason in `withdrawn`.

Each observation also keeps its evidence: a small JPEG crop of the frame that showed it, around
the card, with the frame number (the "why?" of an announcement the camera caused shows it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from referee.events import CardExposed

from .observations import DEALT, EXPOSED, REMOVED, TURNED_DOWN, Observation

EVIDENCE_SIDE = 240      # the crop's longer side in pixels: the card and its neighbours, readable
EVIDENCE_QUALITY = 70    # JPEG quality: ~10 KB a crop
EVIDENCE_CONTEXT = 2.4   # the crop spans this many times the card box's longer side


@dataclass(frozen=True)
class Evidence:
    """What the camera saw when it decided: the frame number and a JPEG crop around the card."""

    frame: int
    jpeg: bytes


def evidence_jpeg(image: np.ndarray, box, side: int = EVIDENCE_SIDE, quality: int = EVIDENCE_QUALITY) -> bytes | None:
    """A square crop of an RGB frame around `box` (x0, y0, x1, y1 in pixels), `side` px, as JPEG."""
    if image is None or box is None:
        return None
    h, w = image.shape[:2]
    x0, y0, x1, y1 = (float(v) for v in box)
    half = max(x1 - x0, y1 - y0, 8.0) * EVIDENCE_CONTEXT / 2
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ix0, iy0 = max(0, int(cx - half)), max(0, int(cy - half))
    ix1, iy1 = min(w, int(cx + half)), min(h, int(cy + half))
    if ix1 - ix0 < 4 or iy1 - iy0 < 4:
        return None
    patch = cv2.cvtColor(np.ascontiguousarray(image[iy0:iy1, ix0:ix1]), cv2.COLOR_RGB2BGR)
    scale = side / max(patch.shape[:2])
    patch = cv2.resize(patch, (max(1, round(patch.shape[1] * scale)), max(1, round(patch.shape[0] * scale))),
                       interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    ok, buf = cv2.imencode(".jpg", patch, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return buf.tobytes() if ok else None


@dataclass
class HeldObservation:
    id: int
    obs: Observation
    why: str                          # the latest refusal or reason to wait, in words
    events: tuple | None = None       # what to send again as is (a swap, a hand shown); None: translate
    evidence: Evidence | None = None  # the observation again, it is judged on the state as it is then
    tries: int = 1

    def to_json(self) -> dict:
        o = self.obs
        return {"id": self.id, "kind": o.kind, "zone": o.zone, "from_zone": o.from_zone, "seat": o.seat,
                "card": o.card, "up": o.up, "frame": o.frame, "track": o.track, "why": self.why,
                "tries": self.tries, "text": o.describe(),
                "events": [e.describe() for e in self.events] if self.events else []}


@dataclass
class Offered:
    """What one offer did: events accepted (with what was said) and refusals met."""

    events: list = field(default_factory=list)
    announcements: list = field(default_factory=list)
    refused: list = field(default_factory=list)


def _retranslate(obs: Observation, events) -> bool:
    """Whether a refused observation is judged afresh next time (its translation depends only on
    the state then: a card already there gives nothing) or its events are sent again as they are
    (a swap paired from two moves, a hand shown from several flips: the adapter made them once)."""
    if obs.kind in (DEALT, TURNED_DOWN, REMOVED):
        return True
    return obs.kind == EXPOSED and all(isinstance(e, CardExposed) for e in events)


class Holding:
    """The queue of held observations between the adapter and the referee (see the module notes)."""

    def __init__(self, adapter, referee):
        self.adapter, self.referee = adapter, referee
        self.items: list[HeldObservation] = []
        self.done: dict[int, str] = {}      # id -> "applied" | "discarded" | "withdrawn" (answers stay idempotent)
        self.withdrawn: list[tuple[HeldObservation, str]] = []  # taken back by the table, and why
        self.refusals = 0                   # refusals met so far (each try counts)
        self._next = 1
        self._seen = None                   # the referee's state version at the last offer

    # --------------------------------------------------------------------------- offering
    def offer(self, obs: Observation, out: Offered, events=None, evidence: Evidence | None = None) -> None:
        """A new observation (or, from the adapter's flush, its ready events): sent now unless
        something is held before it, else held behind it."""
        if obs.kind == REMOVED and self._withdraw(obs):
            self.reoffer(out)  # what waited behind the card taken back goes in now
        if self.items:
            self._hold(obs, f"waits behind #{self.items[0].id} (the camera saw that first)", events, evidence)
            return
        ok, why, keep = self._try(obs, events, evidence, out)
        if not ok:
            self._hold(obs, why, keep, evidence)

    def reoffer(self, out: Offered) -> None:
        """Offer the held observations again, oldest first, while the referee takes them."""
        while self.items:
            item = self.items[0]
            ok, why, keep = self._try(item.obs, item.events, item.evidence, out)
            if not ok:
                item.why, item.events, item.tries = why, keep, item.tries + 1
                break
            self.items.pop(0)
            self.done[item.id] = "applied"
        self._seen = self._version()

    def reoffer_if_changed(self, out: Offered) -> None:
        """Something else moved the referee on (a decision on a phone, the host's card): offer again."""
        if self.items and self._version() != self._seen:
            self.reoffer(out)

    def apply(self, held_id: int, out: Offered) -> str:
        """The host's "apply now": offer this one out of turn. Returns "applied" or "already
        applied"; raises LookupError (no such id), ValueError (discarded already, or refused now:
        the referee's words; it stays held)."""
        if self.done.get(held_id) == "applied":
            return "already applied"
        item = self._find(held_id)
        ok, why, keep = self._try(item.obs, item.events, item.evidence, out)
        if not ok:
            item.why, item.events, item.tries = why, keep, item.tries + 1
            raise ValueError(why)
        self.items.remove(item)
        self.done[held_id] = "applied"
        self.reoffer(out)
        return "applied"

    def discard(self, held_id: int, out: Offered) -> str:
        """The host's "discard": nothing is recorded for it; what waited behind it is offered."""
        if self.done.get(held_id) == "discarded":
            return "already discarded"
        item = self._find(held_id)
        self.items.remove(item)
        self.done[held_id] = "discarded"
        self.reoffer(out)
        return "discarded"

    def tracks(self) -> set[int]:
        """The card tracks whose observation is held (the overlay draws them in their own colour)."""
        return {item.obs.track for item in self.items}

    # ------------------------------------------------------------------------- internals
    def _withdraw(self, removal: Observation) -> bool:
        """Withdraw the held observations the table took back with `removal`; whether any was."""
        taken = [(item, why) for item in self.items
                 if (why := self.adapter.taken_back(item.obs, removal, self.referee.state))]
        for item, why in taken:
            self.items.remove(item)
            self.done[item.id] = "withdrawn"
            self.withdrawn.append((item, why))
        return bool(taken)

    def _find(self, held_id: int) -> HeldObservation:
        item = next((i for i in self.items if i.id == held_id), None)
        if item is None:
            if held_id in self.done:
                raise ValueError(f"held observation #{held_id} was {self.done[held_id]} already")
            raise LookupError(f"no held observation #{held_id}")
        return item

    def _hold(self, obs, why, events, evidence) -> None:
        self.items.append(HeldObservation(self._next, obs, why, events, evidence))
        self._next += 1
        self._seen = self._version()

    def _version(self):
        state = self.referee.state
        return state.seq, len(state.undone)

    def _try(self, obs, events, evidence, out: Offered) -> tuple[bool, str, tuple | None]:
        """(accepted, why not, events to keep for next time)."""
        if events is None:
            wait = self.adapter.waits(obs, self.referee.state)
            if wait:
                return False, wait, None
            events = self.adapter.translate(obs, self.referee.state)
        for i, event in enumerate(events):
            before = len(self.referee.refused)
            said = self.referee.submit(event, evidence=evidence)
            if len(self.referee.refused) > before:
                self.refusals += 1
                out.refused.append(self.referee.refused[-1])
                rest = tuple(events[i:])
                return False, self.referee.refused[-1][1], None if _retranslate(obs, rest) else rest
            out.events.append(event)
            out.announcements.extend(said)
        return True, "", None


__all__ = ["Evidence", "HeldObservation", "Holding", "Offered", "evidence_jpeg"]
