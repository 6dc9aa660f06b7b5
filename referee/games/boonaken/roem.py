"""Roem: the melds in a hand, what a declarer may declare, challenges, and checking a claim
against the cards a seat played (boonaken-fa.txt lines 18-32 and 87-97).

A combination is a tuple of melds that may be scored together: runs never share a card; a
four of a kind may share a card with a run only under `roem_shared_with_run` (decision 1); stuk
(the trump K and Q) may share with anything (line 32). Any sub-combination is a legal partial
declaration (line 89: bid 95 with Q-J-10-9-8 of trumps, declare 50).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Sequence

from ...cards import SUITS, Card
from .cards import ACE, JACK, KING, PLAIN_ORDER, QUEEN, Trump, plain_rank, trump_rank
from .settings import DEFAULT, BoonakenSettings

FOURS_POINTS = {JACK: 200, QUEEN: 100, KING: 100, ACE: 100}   # four 10s, 9s, 8s or 7s score nothing
STUK_POINTS = 20
# Built once: melds() runs for every hand a benchmark or a search looks at.
FOURS = {rank: frozenset(Card(rank, s) for s in SUITS) for rank in FOURS_POINTS}
STUKS = {s: frozenset((Card(KING, s), Card(QUEEN, s))) for s in SUITS}


def run_points(length: int, settings: BoonakenSettings = DEFAULT) -> int:
    return {3: 20, 4: 50, 5: 100, 6: settings.six_run_points}[length]


@dataclass(frozen=True)
class Meld:
    kind: str                   # "run", "four" or "stuk"
    cards: frozenset[Card]
    points: int


Combination = tuple[Meld, ...]


def _runs(cards: frozenset[Card], settings: BoonakenSettings) -> list[Meld]:
    """Every run of 3 to 6 cards inside the hand's sequences (so a 6-run also offers its 3-runs)."""
    runs = []
    for suit in SUITS:
        held = {plain_rank(c): c for c in cards if c.suit == suit}
        if len(held) < 3:
            continue
        for low in held:
            length = 0
            while low + length in held and length < 6:
                length += 1
                if length >= 3:
                    runs.append(Meld("run", frozenset(held[low + i] for i in range(length)),
                                     run_points(length, settings)))
    return runs


def melds(cards: Sequence[Card], trump: Trump, settings: BoonakenSettings = DEFAULT) -> list[Meld]:
    """Every meld the cards hold, overlapping ones included."""
    hand = frozenset(cards)
    found = _runs(hand, settings)
    for rank, value in FOURS_POINTS.items():
        if FOURS[rank] <= hand:
            found.append(Meld("four", FOURS[rank], value))
    if trump is not None and STUKS[trump] <= hand:
        found.append(Meld("stuk", STUKS[trump], STUK_POINTS))
    return found


def _compatible(a: Meld, b: Meld, settings: BoonakenSettings) -> bool:
    if not (a.cards & b.cards) or "stuk" in (a.kind, b.kind):
        return True
    return settings.roem_shared_with_run and {a.kind, b.kind} == {"run", "four"}


@lru_cache(maxsize=65536)
def _combinations(hand: frozenset[Card], trump: Trump, settings: BoonakenSettings) -> tuple[Combination, ...]:
    candidates = melds(tuple(hand), trump, settings)
    out: list[Combination] = []

    def extend(start: int, chosen: Combination) -> None:
        out.append(chosen)
        for i in range(start, len(candidates)):
            if all(_compatible(candidates[i], m, settings) for m in chosen):
                extend(i + 1, chosen + (candidates[i],))

    extend(0, ())
    return tuple(out)


def combinations(cards: Sequence[Card], trump: Trump, settings: BoonakenSettings = DEFAULT) -> tuple[Combination, ...]:
    """Every combination the cards may score, the empty one included."""
    return _combinations(frozenset(cards), trump, settings)


def total(combination: Combination) -> int:
    return sum(m.points for m in combination)


# The totals alone, on bit masks. best_roem and declarable_totals run for every hand that
# options, bidding and the benches look at, so they skip Meld objects and frozensets: a hand is a
# 32-bit mask (bit suit*8 + plain rank), its runs come from a table per 8-bit suit mask, and
# compatibility is a mask overlap test. combinations() above stays the general, readable path.
_SUIT_SHIFT = {s: 8 * i for i, s in enumerate(SUITS)}
_RANK_BIT = {rank: 1 << (7 - i) for i, rank in enumerate(PLAIN_ORDER)}     # bit = plain_rank()
# A card's bit by suit, then rank: two look-ups, no Card hashing (a Python-level call).
_CARD_BITS = {s: {rank: bit << shift for rank, bit in _RANK_BIT.items()} for s, shift in _SUIT_SHIFT.items()}
_FOUR_MASKS = tuple((_RANK_BIT[rank] * 0x01010101, value) for rank, value in FOURS_POINTS.items())
# No trump, no stuk: bit 32 lies outside every hand's mask, so that stuk is never held.
_STUK_MASKS = {s: (_RANK_BIT[KING] | _RANK_BIT[QUEEN]) << shift for s, shift in _SUIT_SHIFT.items()}
_STUK_MASKS[None] = 1 << 32
# Every run of 3 to 6 cards inside an 8-bit suit mask, as (run mask, length), as _runs() finds them.
_SUIT_RUNS = tuple(tuple((((1 << length) - 1) << low, length)
                         for low in range(8) for length in range(3, min(6, 8 - low) + 1)
                         if suit_mask >> low & ((1 << length) - 1) == (1 << length) - 1)
                   for suit_mask in range(256))
# Hands are rarely met twice except for the other trumps and the other of the two functions, so a
# small memo that starts afresh when full keeps memory bounded over a benchmark's million hands.
_SUMMARIES: dict[int, tuple] = {}
_SUMMARIES_LIMIT = 1 << 16
_NO_MELD = ((0, (0,)), (STUK_POINTS, (0, STUK_POINTS)))     # most hands: shared, not rebuilt


def _summarise(mask: int, six_run_points: int, shared: bool) -> tuple:
    """((best, totals) without stuk, (best, totals) with it): stuk shares with anything, so with
    it every total without it also shows 20 more."""
    found = [(run << shift, run_points(length) if length < 6 else six_run_points, True)
             for shift in (0, 8, 16, 24) for run, length in _SUIT_RUNS[mask >> shift & 0xFF]]
    found += [(four, value, False) for four, value in _FOUR_MASKS if mask & four == four]
    if not found:
        return _NO_MELD
    totals = {0}

    def extend(start: int, taken: int, points: int) -> None:
        # Runs never share a card; a four shares with a run only under roem_shared_with_run
        # (decision 1). The fours come after the runs, so only a four meets cards taken by runs
        # chosen before it, and two fours never share (each is all four cards of one rank).
        for i in range(start, len(found)):
            cards, value, is_run = found[i]
            if not cards & taken or (shared and not is_run):
                totals.add(points + value)
                extend(i + 1, taken | cards, points + value)

    extend(0, 0, 0)
    plain = tuple(sorted(totals))
    with_stuk = tuple(sorted(totals | {t + STUK_POINTS for t in totals}))
    return (plain[-1], plain), (with_stuk[-1], with_stuk)


def _summary(cards: Sequence[Card], trump: Trump, settings: BoonakenSettings) -> tuple[int, tuple[int, ...]]:
    """(best total, every declarable total) of the cards, as combinations() would give them."""
    mask = 0
    try:
        for card in cards:
            mask |= _CARD_BITS[card.suit][card.rank]
    except KeyError:
        raise ValueError(f"not a card of Boonaken's 32-card pack: {card}") from None
    stuk = _STUK_MASKS[trump]
    six_run_points, shared = settings.six_run_points, settings.roem_shared_with_run
    # Only the two settings roem reads go in the key: hashing the whole settings costs more
    # than the rest of a look-up. Bits 0-31 the hand, 32 the sharing, above it the 6-run's points.
    key = mask | bool(shared) << 32 | six_run_points << 33
    summary = _SUMMARIES.get(key)
    if summary is None:
        if len(_SUMMARIES) >= _SUMMARIES_LIMIT:
            _SUMMARIES.clear()
        summary = _SUMMARIES[key] = _summarise(mask, six_run_points, shared)
    return summary[mask & stuk == stuk]


def best_roem(cards: Sequence[Card], trump: Trump, settings: BoonakenSettings = DEFAULT) -> int:
    return _summary(cards, trump, settings)[0]


def declarable_totals(cards: Sequence[Card], trump: Trump, settings: BoonakenSettings = DEFAULT) -> tuple[int, ...]:
    """Every total the cards can show, 0 (nothing) included, low to high."""
    return _summary(cards, trump, settings)[1]


def best_declarable(cards: Sequence[Card], trump: Trump, bid: int, settings: BoonakenSettings = DEFAULT) -> int:
    """The most roem a number bidder may declare: strictly below the bid (line 89); 0 for none."""
    return max(t for t in declarable_totals(cards, trump, settings) if t < bid)


def may_declare(cards: Sequence[Card], trump: Trump, amount: int, bid: int,
                settings: BoonakenSettings = DEFAULT) -> bool:
    return 0 < amount < bid and amount in declarable_totals(cards, trump, settings)


def max_roem(has_trump: bool, settings: BoonakenSettings = DEFAULT) -> int:
    """The most roem six cards can hold: four jacks with the trump K and Q (240 when the trump jack
    also counts in the K-Q-J run, else 220); with no trump (no stuk) four jacks and a 3-run with one."""
    shared = 20 if settings.roem_shared_with_run else 0
    return 200 + shared + (STUK_POINTS if has_trump else 0)


def roem_card_key(card: Card, trump: Trump, settings: BoonakenSettings = DEFAULT) -> tuple[int, int]:
    """How two players' highest roem cards compare after equal totals (decision 5)."""
    is_trump = int(card.suit == trump)
    if settings.roem_tie_order == "trick":
        return (is_trump, trump_rank(card, settings) if is_trump else plain_rank(card))
    return (plain_rank(card), is_trump)


def _top_card(combination: Combination, trump: Trump, settings: BoonakenSettings) -> Card:
    return max((c for m in combination for c in m.cards), key=lambda c: roem_card_key(c, trump, settings))


def check_claim(cards: Sequence[Card], trump: Trump, amount: int, top_card: Optional[Card] = None,
                settings: BoonakenSettings = DEFAULT) -> Optional[Combination]:
    """Whether the cards (a seat's whole hand, e.g. the cards it played) hold roem of exactly
    `amount`, with `top_card` as its highest card when one was named: the proving combination
    (the one with the highest top card), or None for a false claim."""
    matching = [c for c in combinations(cards, trump, settings) if c and total(c) == amount]
    if top_card is not None:
        matching = [c for c in matching if _top_card(c, trump, settings) == top_card]
    if not matching:
        return None
    return max(matching, key=lambda c: roem_card_key(_top_card(c, trump, settings), trump, settings))


def highest_roem_card(cards: Sequence[Card], trump: Trump, amount: int,
                      settings: BoonakenSettings = DEFAULT) -> Optional[Card]:
    """The best card a player can name for roem of `amount` (None if they hold no such roem)."""
    proof = check_claim(cards, trump, amount, settings=settings)
    return _top_card(proof, trump, settings) if proof else None


def holds_roem(cards: Sequence[Card], trump: Trump, amount: int, settings: BoonakenSettings = DEFAULT) -> bool:
    """Boonaak with roem: the declarer must hold at least the roem bid (line 93)."""
    return best_roem(cards, trump, settings) >= amount


def may_challenge(declared: int, challenger_total: int) -> bool:
    """Only against declared roem, and only with at least as much (lines 91, 97)."""
    return declared > 0 and challenger_total >= declared


def challenge_cancels(declared: int, declarer_card: Card, challenged: int, challenger_card: Card,
                      trump: Trump, settings: BoonakenSettings = DEFAULT) -> bool:
    """Higher roem cancels the declarer's; equal roem cancels only with a strictly higher top card
    (line 91: the declarer's stands when the highest card is theirs, and on a tie of cards)."""
    if challenged != declared:
        return challenged > declared
    return roem_card_key(challenger_card, trump, settings) > roem_card_key(declarer_card, trump, settings)


def cancelling_challenge(declared: int, declarer_card: Card, challenges: Sequence[tuple[int, Card]],
                         trump: Trump, settings: BoonakenSettings = DEFAULT) -> Optional[int]:
    """Several challengers (decision 6) are heard clockwise from the declarer's left, as given;
    the first that cancels settles it (its index), later ones are moot. None: the roem stands."""
    for i, (amount, card) in enumerate(challenges):
        if may_challenge(declared, amount) and challenge_cancels(declared, declarer_card, amount, card,
                                                                 trump, settings):
            return i
    return None
