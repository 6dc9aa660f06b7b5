"""Turning a hand key back into the five played cards, who played as what, and a name."""

from __future__ import annotations

from referee.poker.evaluator_core import SUITS

_PLURAL = {11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}
_SINGLE = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}


def plural(r: int) -> str:
    return _PLURAL.get(r) or f"{r}s"


def single(r: int) -> str:
    return _SINGLE.get(r) or str(r)


def _straight(h: int) -> list[int]:
    return [5, 4, 3, 2, 14] if h == 5 else list(range(h, h - 5, -1))


def sequence(key: tuple) -> list[int]:
    """The ranks of the five cards in best order (missing cards dropped)."""
    c = key[0]
    if c == 9:
        seq = [key[1]] * 5
    elif c in (8, 4):
        seq = _straight(key[1])
    elif c == 7:
        seq = [key[1]] * 4 + [key[2]]
    elif c == 6:
        seq = [key[1]] * 3 + [key[2]] * 2
    elif c == 3:
        seq = [key[1]] * 3 + list(key[2:4])
    elif c == 2:
        seq = [key[1], key[1], key[2], key[2], key[3]]
    elif c == 1:
        seq = [key[1], key[1]] + list(key[2:5])
    else:  # flush, high card
        seq = list(key[1:6])
    return [r for r in seq if r]


def materialize(detail: tuple):
    """(five played cards, plays_as) for an evaluation's detail record."""
    from referee.poker.evaluator import Played

    if detail[0] == "plain":
        _, cards, key, fs = detail
        entries = [(Played(c.rank, c.suit), None, False) for c in cards]
        wilds, forbidden = [], [0, 0, 0, 0]
    elif detail[0] == "wild":
        _, items, wilds, key, fs = detail
        entries = [(Played(c.rank, c.suit), None, False) for c in items if type(c) is not type(wilds[0])]
        forbidden = [0, 0, 0, 0]
    else:
        _, entries, wilds, forbidden, key, fs, _top = detail
        if key[0] == 10:
            key = key[2:]
    dup = forbidden is None
    made_mask = [0, 0, 0, 0] if dup else list(forbidden)
    for p, _u, _s in entries:
        if p.suit and not dup:
            made_mask[SUITS.index(p.suit)] |= 1 << p.rank
    suit = SUITS[fs] if fs >= 0 else None
    used = [False] * len(entries)
    five: list[Played] = []
    plays: dict = {}
    made: list[Played] = []
    for r in sequence(key):
        for i, (p, u, sub) in enumerate(entries):
            if not used[i] and p.rank == r and (suit is None or p.suit == suit):
                used[i] = True
                five.append(p)
                if sub:
                    for src in u.sources:
                        plays[src] = p
                break
        else:
            if suit is not None:
                s = suit
            elif dup:
                s = next((x for x in SUITS if Played(r, x) not in five), "S")
            else:
                s = next(x for j, x in enumerate(SUITS) if not made_mask[j] >> r & 1)
            if not dup:
                made_mask[SUITS.index(s)] |= 1 << r
            v = Played(r, s)
            made.append(v)
            five.append(v)
    # Hand the made cards to the wild units: a wild that became its own card plays as itself.
    free = list(wilds)
    rest = []
    for v in made:
        owner = next((w for w in free if v in w.own), None)
        if owner is not None:
            free.remove(owner)
        else:
            rest.append(v)
    for v in rest:
        w = free.pop(0)
        plays[w.sources[0]] = v
    return tuple(five), plays


def hand_name(key: tuple, detail: tuple) -> str:
    c = key[0]
    if c == 10:
        return detail[6]
    if c == 9:
        return f"Five of a kind, {plural(key[1])}"
    if c == 8:
        return "Royal flush" if key[1] == 14 else f"Straight flush, {single(key[1])} high"
    if c == 7:
        return f"Four of a kind, {plural(key[1])}"
    if c == 6:
        return f"Full house, {plural(key[1])} full of {plural(key[2])}"
    if c == 5:
        return f"Flush, {single(key[1])} high"
    if c == 4:
        return f"Straight, {single(key[1])} high"
    if c == 3:
        return f"Three of a kind, {plural(key[1])}"
    if c == 2:
        return f"Two pair, {plural(key[1])} and {plural(key[2])}"
    if c == 1:
        return f"Pair of {plural(key[1])}"
    if key[1] == 0:
        return "No cards"
    return f"High card, {single(key[1])}"
