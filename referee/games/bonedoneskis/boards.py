"""Reading a Bonedoneskis board: the face-up cards in the order they lie, left to right."""

from __future__ import annotations

from ..stud_state import Hand, Slot

TRADE_CARDS = ("9D", "TS", "2H")


def up(hand: Hand, seat: int) -> list[tuple[int, Slot]]:
    """(slot index, slot) of the seat's face-up cards, left to right."""
    return [(i, s) for i, s in enumerate(hand.boards[seat].slots) if s.up and s.card is not None]


def code(slot: Slot) -> str:
    return slot.card.code if slot.card is not None else "??"


def left_up(hand: Hand, seat: int, index: int) -> tuple[int, Slot] | None:
    """The nearest face-up card to the left of slot `index`."""
    slots = hand.boards[seat].slots
    for i in range(index - 1, -1, -1):
        if slots[i].up and slots[i].card is not None:
            return i, slots[i]
    return None


def between(hand: Hand, seat: int, a: int, b: int) -> list[Slot]:
    """Face-up cards strictly between slot indexes a and b."""
    lo, hi = sorted((a, b))
    return [s for i, s in up(hand, seat) if lo < i < hi]


def runs_of_three(hand: Hand, seat: int) -> list[tuple[tuple[int, int, int], str]]:
    """Three face-up cards side by side in numerical order: [((i, j, k), "up"|"down"), ...].
    Aces count high or low (Q-K-A and A-2-3)."""
    cards = up(hand, seat)
    out = []
    for n in range(len(cards) - 2):
        (i, a), (j, b), (k, c) = cards[n:n + 3]
        ra, rb, rc = a.card.rank, b.card.rank, c.card.rank
        if 14 not in (ra, rb, rc) and not (rb - ra == rc - rb and rb - ra in (1, -1)):
            continue  # no run without an Ace's second value: skip the search (it runs for every up card)
        for ranks in _rank_choices(a, b, c):
            x, y, z = ranks
            if y == x + 1 and z == y + 1:
                out.append(((i, j, k), "up"))
                break
            if y == x - 1 and z == y - 1:
                out.append(((i, j, k), "down"))
                break
    return out


def _rank_choices(*slots: Slot):
    options = [[s.card.rank] + ([1] if s.card.rank == 14 else []) for s in slots]
    for x in options[0]:
        for y in options[1]:
            for z in options[2]:
                yield x, y, z
