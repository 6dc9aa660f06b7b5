"""A Boonaken deal log as a deal script: the deal as the camera sees it, for rendering videos.

`from_boonaken(events)` lays a referee log of one Boonaken deal out in time: every card dealt
face down to its seat (in the log's order, in threes), the centre cards face down and face up,
the set-aside row; each player then takes their cards into the hand; the bids are host events
(entered on phones); the declarer takes the centre cards into the hand and lays the discards
face down; each card played comes out of its player's hand to that player's side of the trick
area, and each finished trick is gathered face down by its winner. Trump, roem and its
challenges are host events too. The winner of a trick is the next trick's leader, and for the
last trick the pure core's `trick_winner` (the referee decides; the script only asks it).

`out_of_turn(script, before, seat, card)` puts into a script a card played out of turn and taken
back, the way a table does it: the referee refuses it, and the seat whose turn it was plays.
"""

from __future__ import annotations

from dataclasses import replace

from referee.events import Event

from .dealscript import DealScript, Step

DEAL_GAP = 0.7     # s between cards dealt (each slides in for 0.5 s and lies still before the next)
PLAY_GAP = 0.9     # s between cards played (each comes out of the hand for 0.8 s)
HOST_GAP = 0.6     # s between host events
SEEN = 1.3         # s after a card step begins by which the camera has reported it: a host event
#                    that depends on it (trump after the discards) comes no sooner
TAKE_BACK = 3.6    # s the camera needs to report a card taken back (it counts as gone after 3 s unseen)


def from_boonaken(events: list[Event], *, seed: int = 0, deal_gap: float = DEAL_GAP,
                  play_gap: float = PLAY_GAP) -> DealScript:
    """A Boonaken referee log of one deal -> a timed deal script, as a camera sees the table."""
    steps: list[Step] = []
    t, seen = 0.3, 0.0
    seats: list[int] = []          # the seats dealt to, in deal order (a trick has a card of each)
    table_seats = 2
    picked_up = centre_taken = False
    trick: list[tuple[int, object]] = []
    bids: list[str] = []
    trump_named: str | None = None
    first_lead = None

    def card_step(step: Step) -> None:
        nonlocal seen
        steps.append(step)
        seen = step.t + SEEN

    for e in events:
        et = e.type
        if et == "card_dealt":
            code = e.card.code if e.card else None
            face = "up" if e.up else "down"
            if e.seat is not None:
                seats += [e.seat] if e.seat not in seats else []
                card_step(Step(t, "deal", e.seat, code, face))
            else:
                zone = "aside" if e.deck == "aside" else "centre:up" if e.up else "centre:down"
                card_step(Step(t, "deal", None, code, face, zone=zone))
            t += deal_gap
            continue
        if seats and not picked_up:  # the deal is over: each player takes up their cards
            for k, seat in enumerate(seats):
                steps.append(Step(t + 0.4 * k, "pickup", seat))
            t, picked_up = t + 0.4 * len(seats) + 0.8, True
        if et == "card_discarded":
            if not centre_taken:  # the declarer takes the centre cards into the hand first
                steps.append(Step(t, "pickup", e.seat, zone="centre"))
                t, centre_taken = t + 1.2, True
            card_step(Step(t, "discard", e.seat, e.card.code if e.card else None))
            t += deal_gap
        elif et == "card_played":
            first_lead = first_lead or e.card
            card_step(Step(t, "play", e.seat, e.card.code))
            t += play_gap
            trick.append((e.seat, e.card))
            if len(trick) == len(seats):
                winner = _winner(trick, events, e, bids, trump_named, first_lead)
                steps.append(Step(t + 1.0, "gather", winner))  # once the camera has read the last card
                t, trick = t + 2.0, []
        else:
            if et == "table_opened":
                table_seats = len(e.seats)
            elif et == "bid":
                bids.append(e.bid)
            elif et == "trump_named":
                trump_named = e.suit
            t = max(t, seen)
            steps.append(Step(t, event=e))
            t += HOST_GAP if et != "table_opened" else 0.0
    if seats and not picked_up:  # a log that stops after the deal
        steps += [Step(t + 0.4 * k, "pickup", seat) for k, seat in enumerate(seats)]
    steps.sort(key=lambda s: s.t)
    return DealScript(steps, {"fps": 10, "size": [1280, 720], "seed": seed, "seats": table_seats,
                              "style": "proc_serif", "game": "boonaken"})


def _winner(trick, events, last, bids, trump_named, first_lead) -> int:
    """Who gathers a finished trick: whoever plays the next card (the winner leads), else the
    pure core's `trick_winner` over the deal's trump."""
    after = events[events.index(last) + 1:]
    nxt = next((e for e in after if e.type == "card_played"), None)
    if nxt is not None:
        return nxt.seat
    from referee.games.boonaken.play import deal_has_trump, trick_winner, trump_for_deal

    contract = next((b for b in reversed(bids) if b != "pass"), "")
    has_trump = deal_has_trump(contract.split()[0] if contract else "", bids.count("misere"))
    trump = trump_for_deal(trump_named, first_lead) if has_trump else None
    return trick[trick_winner([c for _, c in trick], trump)][0]


def out_of_turn(script: DealScript, before: int, seat: int, card: str) -> DealScript:
    """The script with `seat` playing `card` out of turn just before the `before`-th card played
    (0-based), then taking it back: everything after waits for the camera to see it gone. The
    card's own later play comes after the take-back, so the same card is seen played twice."""
    plays = [s for s in script.steps if s.action == "play"]
    if not 0 <= before < len(plays):
        raise ValueError(f"the script has {len(plays)} cards played: no card number {before}")
    if not any(s.card == card and s.seat == seat for s in plays[before:]):
        raise ValueError(f"seat {seat} does not play {card} from card number {before} on")
    at = plays[before].t
    shift = PLAY_GAP + 0.5 + TAKE_BACK  # its own play later comes after the camera saw it taken back
    steps = [s if s.t < at else replace(s, t=s.t + shift) for s in script.steps]
    steps += [Step(at, "play", seat, card, expect=None),            # refused by the referee: no event
              Step(at + PLAY_GAP + 0.5, "pickup", seat, card)]
    steps.sort(key=lambda s: s.t)
    return DealScript(steps, dict(script.table))


__all__ = ["from_boonaken", "out_of_turn"]
