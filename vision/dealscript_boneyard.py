"""A Boneyard euchre round log as a deal script: the round as the camera sees it, for rendering videos.

`from_boneyard(events)` lays a referee log of one round out in time (the zones of
`calibration.boneyard_zones`): every hand card dealt face down to its seat, in the log's order;
the dealer's bone face up and the four others face down in the boneyard; each player takes up
their hand; Take It / Leave It are phone events; the Maker moves the taken bone in front of
themselves ("taken:N", face up: part of the hand until played, no event of its own: the Take It
said so); each bone a modifier flips is turned up in the boneyard (`bone_flipped`); each card
played comes to its player's side of the trick area (the taken card from in front of the Maker);
each finished trick is gathered face down onto its team's pile ("tricks:T").

What the camera cannot read stays a phone event with no card of its own on the table: the
Maker's discard, Collect Call and Sweet Nothings (cards handed over face down), the Lucky Penny
placed (the partner takes the top bone up: the camera sees a back leave), Fusion's declined lead,
Grave Robber (the card taken up off a pile the camera counts as gone), the Joker's trump, Therapy Club's and Dummy's cards (read face up by the adapter,
but not filmed here). A Fool's Gold or Lucky Penny card is named on the phone and then seen landing
in the trick area, which adds nothing (the referee has it already). Who wins each trick is the
referee's: the log is replayed and its view asked.
"""

from __future__ import annotations

from referee.engine import Refusal, apply, view
from referee.events import Event
from referee.game import HOST
from referee.state import State

from .dealscript import DealScript, Step
from .dealscript_tricks import DEAL_GAP, HOST_GAP, PLAY_GAP, SEEN

GAME = "boneyard-euchre"
LANDS_SEEN = ("fools_gold_played", "penny_played")  # named on a phone, then seen in the trick area


def trick_winners(events: list[Event]) -> list[int]:
    """The winner of each trick of the (last) round the log plays, as the referee's view gives them."""
    state = State()
    for n, e in enumerate(events, 1):
        try:
            state, _ = apply(state, e)
        except Refusal as why:
            raise ValueError(f"the log's event {n} ({e.type}) is refused by the referee: {why}") from None
    return [t["winner"] for t in view(state, HOST)[GAME].get("tricks", [])]


def _penny(events: list[Event]) -> str | None:
    """The Lucky Penny's card: named when placed, or once it is played (None: never named)."""
    named = [e.card.code for e in events if e.type in ("penny_placed", "penny_played") and e.card]
    return named[0] if named else None


def _bone_order(events: list[Event]) -> list[str | None]:
    """The face-down bones as they lie in the row: the ones drawn later (flipped, or the Lucky Penny)
    last, the first drawn on top (the dealer draws the top bone), so each flip shows the card it
    names. Which face-down bone is which the camera cannot tell, so only the drawn ones need names."""
    down = [e.card.code if e.card else None for e in events
            if e.type == "card_dealt" and e.seat is None and not e.up]
    drawn = [e.card.code if e.type == "bone_flipped" else _penny(events) for e in events
             if e.type in ("bone_flipped", "penny_placed")]
    if len(drawn) > len(down):
        raise ValueError(f"the log draws {len(drawn)} bones but deals {len(down)} face down")
    undrawn = len(down) - len(drawn)
    rest = [c for c in down if c not in drawn][:undrawn]
    return rest + [None] * (undrawn - len(rest)) + drawn[::-1]


def from_boneyard(events: list[Event], *, seed: int = 0, deal_gap: float = DEAL_GAP,
                  play_gap: float = PLAY_GAP) -> DealScript:
    """A Boneyard euchre referee log of one round -> a timed deal script, as a camera sees the table."""
    rounds = sum(e.type == "hand_started" for e in events)
    if rounds > 1:
        raise ValueError(f"a deal script is one round, and this log starts {rounds}: cut it to the round to film")
    winners = iter(trick_winners(events))
    bones = iter(_bone_order(events))
    team = {}  # seat -> team number (the first and third seats are team 1)
    steps: list[Step] = []
    t, seen = 0.3, 0.0
    dealt: list[int] = []
    picked_up = False
    up_bone: str | None = None
    played = 0

    def card_step(step: Step) -> None:
        nonlocal seen
        steps.append(step)
        seen = step.t + SEEN

    def play(step: Step) -> None:
        """A card to the trick; after every fourth, the trick gathered onto its winner's team pile."""
        nonlocal t, played
        card_step(step)
        t, played = t + play_gap, played + 1
        if played % 4 == 0:
            winner = next(winners)
            steps.append(Step(t + 1.0, "gather", winner, zone=f"tricks:{team[winner]}"))  # once the last is read
            t += 2.0

    for e in events:
        et = e.type
        if et == "card_dealt":
            if e.seat is not None:
                dealt += [e.seat] if e.seat not in dealt else []
                card_step(Step(t, "deal", e.seat, e.card.code if e.card else None, "down"))
            elif e.up:
                up_bone = e.card.code
                card_step(Step(t, "deal", None, up_bone, "up", zone="boneyard"))
            else:
                card_step(Step(t, "deal", None, next(bones), "down", zone="boneyard"))
            t += deal_gap
            continue
        if dealt and not picked_up:  # the deal is over: each player takes up their cards
            steps += [Step(t + 0.4 * k, "pickup", seat) for k, seat in enumerate(dealt)]
            t, picked_up = t + 0.4 * len(dealt) + 0.8, True
        if et == "bone_flipped":
            t = max(t, seen)  # after the phone's discard has reached the referee
            card_step(Step(t, "expose", None, e.card.code, expect={"type": "bone_flipped", "card": e.card.code}))
            t += deal_gap + 0.4
        elif et == "card_played":
            play(Step(t, "play", e.seat, e.card.code))
        else:
            if et == "table_opened":
                team = {s: 1 + k % 2 for k, s in enumerate(e.seats)}
            t = max(t, seen)
            steps.append(Step(t, event=e))
            t += HOST_GAP if et != "table_opened" else 0.0
            if et == "bid" and e.bid == "take":  # the Maker lays the taken bone in front of them
                card_step(Step(t, "move", e.seat, up_bone, zone=f"taken:{e.seat}", expect=None))
                t += deal_gap + 0.4
            elif et == "penny_placed" and _penny(events):  # the partner takes the top bone, unseen
                card_step(Step(t, "pickup", e.seat, _penny(events)))
                t += deal_gap
            elif et == "grave_robbed":  # the partner takes the card off the team's pile into the hand
                card_step(Step(t, "pickup", e.seat, e.card.code))
                t += deal_gap
            elif et in LANDS_SEEN:  # seen landing: the referee has it already
                play(Step(t, "play", e.seat, e.card.code, expect=None))
    if dealt and not picked_up:  # a log that stops after the deal
        steps += [Step(t + 0.4 * k, "pickup", seat) for k, seat in enumerate(dealt)]
    steps.sort(key=lambda s: s.t)
    return DealScript(steps, {"fps": 10, "size": [1280, 720], "seed": seed, "seats": 4,
                              "style": "proc_serif", "game": GAME})


__all__ = ["from_boneyard", "trick_winners"]
