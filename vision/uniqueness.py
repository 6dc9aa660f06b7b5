"""One deck, each card once: identities given to a frame's reads jointly, never twice.

A deck holds one card of each identity (`vision.deck.copies`; a two-pack game would allow 2), so
two reads of one identity cannot both stand, within a frame or against a card the tracker knows
lies elsewhere on the table. `assign` gives identities greedily, surest read first: the stronger
read keeps its identity; the weaker is read again within what is left of the deck (its
probabilities renormalised without the identities already used up, as `vision.deck.restrict`
does for the cards outside the deck) and keeps that second read only if it is still at least
`min_conf`; else it names no card (an unread face: the host is asked).

Two places use it: `vision.assembly` on the index reads of one look (reads of one identity in
one face box, or on overlapping face boxes, or loose corners, are one card, as before), and
`unique_cards` on a look's cards (tiles and region looks join cards of several looks) against
the tracker's placed cards (`claims`) and the cards the referee knows have left the table this
deal (`taken`: `vision.adapter.Adapter.gone`, less those the tracker still follows). Vision decides
no rule here: where a card went is the referee's word.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np

from .boxes import inside_all

TOP_READS = 5  # a card keeps its best in-deck reads (code, probability), best first, for a later re-read


def top_reads(row, identities, none_class: int, k: int = TOP_READS) -> tuple[tuple[str, float], ...]:
    """The k best identity reads of one probability row (not "none"), best first (ties: the later
    identity first)."""
    row = np.asarray(row)
    j = np.flatnonzero(row > 0)
    j = j[j != none_class]
    return tuple((identities[i], float(row[i])) for i in j[np.lexsort((j, row[j]))[::-1][:k]])


def _best_left(reads, left: dict[str, int]) -> tuple[str | None, float]:
    """Unit's best read among the identities with copies left, renormalised without the used-up
    ones (their share goes, the rest, "none" included, is scaled up)."""
    gone = sum(p for c, p in reads if left.get(c, 0) <= 0)
    for c, p in reads:
        if left.get(c, 0) > 0:
            return c, p / max(1e-9, 1.0 - gone)
    return None, 0.0


def assign(reads: list, strength: list[float], left: dict[str, int], min_conf: float) -> list[tuple[str | None, float]]:
    """(identity or None, confidence) for each unit. reads[i]: unit i's (code, probability) reads,
    best first; strength[i]: how much its read counts against others' (probability x detector
    confidence); left: copies of each identity still free (changed in place). Greedy: the unit
    with the surest read still possible takes it, until none is at least min_conf."""
    out: list[tuple[str | None, float]] = [(None, 0.0)] * len(reads)
    todo = set(range(len(reads)))
    while todo:
        best = None
        for i in todo:
            c, p = _best_left(reads[i], left)
            if c is not None and p >= min_conf:
                key = (p * strength[i], p, -i)
                if best is None or key > best[0]:
                    best = (key, i, c, p)
        if best is None:
            break
        _, i, c, p = best
        out[i] = (c, p)
        left[c] -= 1
        todo.discard(i)
    return out


def free_copies(limits: dict[str, int], taken=()) -> dict[str, int]:
    """Copies still free of each identity: the deck's `limits` less the `taken` ones."""
    left = dict(limits)
    for c, n in Counter(taken).items():
        if c in left:
            left[c] -= n
    return left


def held_elsewhere(cards: list, claims) -> list[str]:
    """Identities the tracker's placed cards hold that this look must not give to another box:
    a claim (identity, image box of its card's place) counts when a face-up box of this look lies
    on that place unread (or read as that identity: then it is a unit of its own) and no box of
    this look reading that identity lies there. A place found empty is no claim (the card may have
    been moved: the tracker tells a move from a misread), nor one read as another card surely
    (the tracker settles that conflict)."""
    claims = [(code, place) for code, place in claims if place is not None]
    up = [c for c in cards if c.face_up]
    if not claims or not up:
        return []
    places = [place for _, place in claims]
    # on a claim's place: either box at least half inside the other (all pairs in one numpy pass)
    there = (inside_all([c.box for c in up], places) >= 0.5) | (inside_all(places, [c.box for c in up]).T >= 0.5)
    out = []
    for (code, _), on in zip(claims, there.T):
        here = [c for c, h in zip(up, on) if h]
        if here and all(c.identity is None for c in here):
            out.append(code)
    return out


def tracker_claims(tracker) -> list:
    """(identity, image box) of the face-up cards the tracker has placed and saw in its last looks."""
    return [(t.identity, t.box) for t in tracker.tracks.values()
            if t.placed and t.up and t.identity and t.box is not None and t.last_seen >= tracker.frame - 2]


def unique_cards(cards: list, limits: dict[str, int] | None, min_conf: float, claims=(), taken=()) -> list:
    """A look's cards with no identity named more often than the deck holds it (limits: copies per
    identity, `vision.deck.copies`; None: one of each). claims: (identity, image box) of the
    cards the tracker has placed; taken: identities known elsewhere (each uses up a copy). A card
    that loses its identity takes its next read left in the deck if at least min_conf, else it is
    an unread face (identity None) that keeps its reads for the host."""
    named = [i for i, c in enumerate(cards) if c.face_up and c.identity is not None]
    if not named:
        return cards
    codes = {cards[i].identity for i in named}
    lim = dict(limits) if limits is not None else {}
    for c in codes:
        lim.setdefault(c, 1)
    for c, _ in claims:
        lim.setdefault(c, 1)
    left = free_copies(lim, list(taken) + held_elsewhere(cards, claims))
    counts = Counter(cards[i].identity for i in named)
    if all(left.get(c, 0) >= n for c, n in counts.items()):
        return cards  # (the usual case: nothing to settle)
    reads = [cards[i].reads or ((cards[i].identity, cards[i].confidence),) for i in named]
    strength = [cards[i].confidence * (0.5 + 0.5 * cards[i].detector_confidence) for i in named]
    out = list(cards)
    for i, (code, conf) in zip(named, assign(reads, strength, left, min_conf)):
        c = cards[i]
        if code != c.identity:
            out[i] = replace(c, identity=code, confidence=conf if code else 0.0)
    return out


__all__ = ["TOP_READS", "top_reads", "assign", "free_copies", "held_elsewhere", "tracker_claims", "unique_cards"]
