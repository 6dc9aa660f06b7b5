"""Who plays when, who reveals, who deals: the seat-order rules (line 7 clockwise play, Party
Crasher line 18, Fusion line 31, Therapy Club line 16, decisions 9 and 16). Seats 0-3 clockwise,
partners opposite (seat + 2)."""

from __future__ import annotations

from .ranking import Round
from .settings import DEFAULT, BoneyardSettings

SEATS = 4


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


PARTNER = {seat: partner_of(seat) for seat in range(SEATS)}


# Each leader's order, worked out once: every card played asks whose turn it is.
CLOCKWISE = tuple(tuple((leader + i) % SEATS for i in range(SEATS)) for leader in range(SEATS))
CRASHED = tuple((o[0], o[1], o[3], o[2]) for o in CLOCKWISE)


def play_order(leader: int, rnd: Round) -> tuple[int, ...]:
    """The seats in the order they play to a trick: clockwise from the leader; Party Crasher moves
    the leader's partner from third to last."""
    return (CRASHED if "party-crasher" in rnd.active else CLOCKWISE)[leader % SEATS]


def next_leaders(winner: int, rnd: Round) -> tuple[int, ...]:
    """Who may lead the next trick: the winner, or under Fusion their partner if the winner declines."""
    return (winner, partner_of(winner)) if rnd.on("fusion") else (winner,)


def revealers(maker: int, rnd: Round) -> tuple[int, ...]:
    """Therapy Club: the seats that reveal a card, clockwise from the Maker's left (decision 9)."""
    if not rnd.on("therapy-club"):
        return ()
    others = tuple((maker + i) % SEATS for i in range(1, SEATS))
    if rnd.settings.therapy_club == "all_three":
        return others
    return tuple(s for s in others if s != partner_of(maker))


def grave_robber_tricks(scored: int, rnd: Round) -> tuple[int, ...]:
    """Grave Robber: the tricks (0-based, in the order scored) the Maker's partner may take a card
    from once `scored` tricks are scored (decision 11)."""
    if not rnd.on("grave-robber") or scored == 0:
        return ()
    return tuple(range(scored)) if rnd.settings.grave_robber_trick == "any" else (scored - 1,)


def next_dealer(dealer: int, redeal: bool, settings: BoneyardSettings = DEFAULT) -> int:
    """The deal rotates clockwise (line 3); after four Leave Its, decision 16 (redeal_dealer)."""
    if redeal and settings.redeal_dealer == "same":
        return dealer
    return (dealer + 1) % SEATS
