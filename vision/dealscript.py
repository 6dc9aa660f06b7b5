"""Deal scripts: what happens at a table over time, for rendering videos and checking the camera.

A deal script is `.jsonl`. The first line may be a header `{"table": {...}}` (fps, size, seed,
seats, style). Every other line has a time `t` in seconds and either a physical card `action`
or a host `event` (a referee event the camera cannot see: bets, decisions):

    {"t": 1.0, "action": "deal", "seat": 1, "card": "KH", "face": "down"}
    {"t": 9.0, "action": "expose", "seat": 2, "card": "5C"}          # turned up in place
    {"t": 9.0, "action": "turndown", "seat": 2, "card": "5C"}
    {"t": 12.0, "action": "swap", "seat": 1, "card": "9D", "to": 3, "other": "7H"}
    {"t": 12.0, "action": "move", "seat": 1, "card": "9D", "to": 3}
    {"t": 14.0, "action": "remove", "seat": 2, "card": "3C"}
    {"t": 15.0, "action": "play", "seat": 1, "card": "9D"}           # to the trick area
    {"t": 16.0, "action": "reach", "seat": 2, "dur": 1.2}            # a hand passes over (nothing happens)
    {"t": 1.0, "action": "deal", "zone": "centre:up", "card": "AH", "face": "up"}   # to a table zone
    {"t": 20.0, "action": "pickup", "seat": 1}                       # a seat takes its cards into its hand
    {"t": 21.0, "action": "pickup", "seat": 1, "zone": "centre"}     # ... or the centre cards (or "card")
    {"t": 22.0, "action": "discard", "seat": 1}                      # face down from the hand to "discards"
    {"t": 30.0, "action": "gather", "seat": 3}                       # the trick area's cards, face down, to 3
    {"t": 30.0, "action": "gather", "seat": 3, "zone": "tricks:1"}   # ... onto a pile that stays (Boneyard)
    {"t": 12.0, "action": "move", "seat": 1, "card": "9H", "zone": "taken:1"}   # a card to a table zone
    {"t": 9.0, "action": "expose", "card": "JS"}                     # a table zone's card turned up (a bone)
    {"t": 2.5, "event": {"type": "bet", "seat": 1}}

A card action may carry `"expect"`: the referee event the camera should produce for it (or
null for none, e.g. a trade the host already settled by a decision). Without it the plain
translation is expected (`deal` -> card_dealt with the card hidden when face down, etc.).
`from_hand(events)` turns a referee hand log into a timed script the way a camera would see
it: hole cards unseen, physical swaps after trade decisions, hole cards turned up at showdown.
A "play" of a card not on the table comes from the seat's hand (Boonaken: `vision.dealscript_tricks`;
Boneyard euchre: `vision.dealscript_boneyard`; a "play" with `"zone": "pile"` lands on Bonnu's
play pile: `vision.dealscript_bonnu`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from referee.events import Event, from_json

ACTIONS = ("deal", "expose", "turndown", "move", "swap", "remove", "play", "reach", "pickup", "discard", "gather")


@dataclass
class Step:
    t: float
    action: str | None = None           # a card action, or None for a host event
    seat: int | None = None
    card: str | None = None
    face: str = "up"
    to: int | None = None
    other: str | None = None
    dur: float = 1.0
    event: Event | None = None          # host event
    expect: object = "default"          # referee event JSON, None, or "default"
    zone: str | None = None             # deal: a table zone instead of the seat; pickup: "centre", "trick"

    def to_json(self) -> dict:
        if self.action is None:
            return {"t": round(self.t, 3), "event": self.event.to_json()}
        d = {"t": round(self.t, 3), "action": self.action, "seat": self.seat}
        if self.zone:
            d["zone"] = self.zone
        if self.card:
            d["card"] = self.card
        if self.action == "deal":
            d["face"] = self.face
        if self.to is not None:
            d["to"] = self.to
        if self.other:
            d["other"] = self.other
        if self.action == "reach":
            d["dur"] = self.dur
        if self.expect != "default":
            d["expect"] = self.expect
        return d


@dataclass
class DealScript:
    steps: list[Step]
    table: dict = field(default_factory=dict)

    @property
    def fps(self) -> float:
        return float(self.table.get("fps", 10))

    @property
    def duration(self) -> float:
        return max((s.t + 2.5 for s in self.steps), default=1.0) + float(self.table.get("tail", 3.5))

    def host_events(self) -> list[tuple[float, Event]]:
        return [(s.t, s.event) for s in self.steps if s.event is not None]

    def card_steps(self) -> list[Step]:
        return [s for s in self.steps if s.action and s.action != "reach"]

    def dumps(self) -> str:
        lines = [json.dumps({"table": self.table})] if self.table else []
        lines += [json.dumps(s.to_json()) for s in sorted(self.steps, key=lambda s: s.t)]
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def loads(cls, text: str, source: str = "<script>") -> "DealScript":
        steps, table = [], {}
        for n, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                d = json.loads(line)
                if "table" in d:
                    table = dict(d["table"])
                    continue
                if "event" in d:
                    steps.append(Step(float(d["t"]), event=_event(d["event"])))
                    continue
                if d.get("action") not in ACTIONS:
                    raise ValueError(f"unknown action {d.get('action')!r} (known: {', '.join(ACTIONS)})")
                steps.append(Step(float(d["t"]), d["action"], d.get("seat"), d.get("card"), d.get("face", "up"),
                                  d.get("to"), d.get("other"), float(d.get("dur", 1.0)),
                                  expect=d.get("expect", "default"), zone=d.get("zone")))
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{source}:{n}: {exc}") from None
        steps.sort(key=lambda s: s.t)
        return cls(steps, table)

    @classmethod
    def load(cls, path: str | Path) -> "DealScript":
        return cls.loads(Path(path).read_text(encoding="utf-8"), str(path))


def _event(data: dict) -> Event:
    """A host step's event: a referee event, or a phone tap only the camera path finishes (Bonnu's
    Cut and out-of-turn Bonnu: the camera sees the cards)."""
    from .dealscript_bonnu import TAPS

    tap = TAPS.get(data.get("type")) if isinstance(data, dict) else None
    if tap is not None:
        return tap(int(data["seat"]), int(data["at_ms"]), int(data.get("latency_ms", 0)))
    return from_json(data)


def expected_event(step: Step) -> dict | None:
    """The referee event (JSON) the camera should produce for a card step."""
    if step.expect != "default":
        return step.expect
    a = step.action
    if a == "deal":
        up = step.face == "up"
        seat = step.seat if step.zone is None else None  # a card dealt to a table zone is nobody's
        deck = "aside" if step.zone == "aside" else "boneyard" if step.zone == "boneyard" and not up else "main"
        return {"type": "card_dealt", "seat": seat, "card": step.card if up else None, "up": up,
                "street": None, "deck": deck}
    if a == "expose":
        return {"type": "card_exposed", "seat": step.seat, "card": step.card}
    if a == "turndown":
        return {"type": "card_turned_down", "seat": step.seat, "card": step.card}
    if a == "move" and step.zone:  # laid in a table zone: the phones told the referee (Take It)
        return None
    if a == "move":
        return {"type": "card_moved", "from_seat": step.seat, "card": step.card, "to_seat": step.to}
    if a == "swap":  # canonical order: the lower seat first (as the adapter gives it)
        (sa, ca), (sb, cb) = sorted([(step.seat, step.card), (step.to, step.other)])
        return {"type": "cards_swapped", "seat_a": sa, "card_a": ca, "seat_b": sb, "card_b": cb}
    if a == "remove":
        return {"type": "card_discarded", "seat": step.seat, "card": step.card}
    if a == "play":
        return {"type": "card_played", "seat": step.seat, "card": step.card}
    if a == "discard":  # face down from the hand: nobody sees which card
        return {"type": "card_discarded", "seat": step.seat, "card": None}
    return None  # reach, pickup, gather: cards into a hand or off the table, no event


def from_hand(events: list[Event], *, deal_gap: float = 1.0, bet_gap: float = 0.6, seed: int = 0,
              reaches: bool = True, showdown: bool = True) -> DealScript:
    """A referee hand log -> the same hand as a timed deal script, as a camera sees it."""
    import random

    rng = random.Random(seed)
    steps: list[Step] = []
    t = 0.3
    down: dict[int, list[str]] = {}     # hole cards per seat (their true identity)
    folded: set[int] = set()
    last_decision = None
    for e in events:
        et = e.type
        if et == "card_dealt":
            seat, card = e.seat, e.card.code if e.card else None
            if not e.up:
                down.setdefault(seat, []).append(card)
            steps.append(Step(t, "deal", seat, card, "up" if e.up else "down"))
            t += deal_gap
        elif et == "card_exposed":
            down.get(e.seat, []).remove(e.card.code) if e.card.code in down.get(e.seat, []) else None
            steps.append(Step(t, "expose", e.seat, e.card.code))
            t += deal_gap + 0.4
        elif et == "decision":
            steps.append(Step(t, event=e))
            t += bet_gap + 0.3
            last_decision = e
            if e.rule == "threes" and e.choice == "sell":   # the sold card leaves the table
                steps.append(Step(t, "remove", e.seat, _sold_card(events, e.seat), expect=None))
                t += deal_gap
            if e.choice == "trade" and e.card is not None:  # the traded cards change places
                mine = _traded_card(events, e)
                steps.append(Step(t, "swap", e.seat, mine, to=e.target_seat, other=e.card.code, expect=None))
                t += deal_gap + 0.6
        else:
            steps.append(Step(t, event=e))
            if et == "fold":
                folded.add(e.seat)
            t += bet_gap if et not in ("table_opened",) else 0.0
            if reaches and et in ("call", "bet", "raise", "complete", "bring_in") and rng.random() < 0.35:
                steps.append(Step(t - bet_gap * 0.8, "reach", e.seat, dur=1.0))
    del last_decision
    # showdown: the seats still in turn their hole cards up, one by one
    for seat in sorted(down) if showdown else ():
        if seat in folded:
            continue
        cards = down[seat]
        for i, c in enumerate(cards):
            last = i == len(cards) - 1
            exp = {"type": "hand_shown", "seat": seat, "cards": list(cards)} if last else None
            steps.append(Step(t, "expose", seat, c, expect=exp))
            t += deal_gap
    steps.sort(key=lambda s: s.t)
    return DealScript(steps, {"fps": 10, "size": [1280, 720], "seed": seed, "seats": 4, "style": "proc_serif"})


def _sold_card(events, seat) -> str | None:
    ups = [e.card.code for e in events if e.type == "card_dealt" and e.seat == seat and e.up and e.card]
    threes = [c for c in ups if c[0] == "3"]
    return threes[0] if threes else (ups[0] if ups else None)


def _traded_card(events, decision) -> str | None:
    """The card the deciding seat gives in a trade: its latest face-up card before the decision."""
    mine = None
    for e in events:
        if e is decision:
            break
        if e.type == "card_dealt" and e.seat == decision.seat and e.up and e.card:
            mine = e.card.code
    return mine


def from_log(events: list[Event], *, seed: int = 0) -> DealScript:
    """A referee log of one hand or deal -> its deal script, by the game its table opened."""
    game = next((e.game for e in events if e.type == "table_opened"), "")
    if game == "boonaken":
        from .dealscript_tricks import from_boonaken

        return from_boonaken(events, seed=seed)
    if game == "boneyard-euchre":
        from .dealscript_boneyard import from_boneyard

        return from_boneyard(events, seed=seed)
    if game == "bonnu":
        from .dealscript_bonnu import from_bonnu

        return from_bonnu(events, seed=seed)
    return from_hand(events, seed=seed)


def camera_reference(script: DealScript) -> list[Event]:
    """The referee log a perfect camera plus the host's input give for this script."""
    out: list[tuple[float, int, Event]] = []
    for i, s in enumerate(script.steps):
        if s.event is not None:
            out.append((s.t, i, s.event))
        elif s.action != "reach":
            exp = expected_event(s)
            if exp is not None:
                out.append((s.t + 0.01, i, from_json(exp)))
    out.sort(key=lambda x: (x[0], x[1]))
    return [e for _, _, e in out]


__all__ = ["DealScript", "Step", "from_hand", "from_log", "expected_event", "camera_reference", "ACTIONS"]
