"""Best five-card poker hand, with wild, derived and void cards and a game's named top hands.

A hand is a list of physical cards. Each has a *power*, described by a `Unit`: the physical
cards it consumes and the alternatives it may play as, each a tuple of `Played` cards:

* natural (the default for a bare `Card`): plays as itself;
* `wild(card)`: plays as any one concrete card;
* `derived(card, options)`: plays as one of a few concrete cards (a black 6 as itself or any ace);
* `void(card)`: plays as nothing (the hand simply has one card fewer);
* `combined(sources, card)`: several physical cards that may play as one combined card, or
  separately as themselves; any other shape is a hand-built `Unit` (the 4♠ that plays as
  "4♠" or as "4♠ plus a suitless 4": `with_extra(card, suitless(4))`).

A `Played` card is (rank, suit) where suit "" means suitless: it counts for pairs, straights and
so on, never for a flush, and never clashes with a real card.

No Copies (``no_copies=True``, the default): a wild or derived played card may not be the same
card as a physical card in the hand that can play as itself (any card that is not void and has
itself among its alternatives; a wild can be itself), nor the same as another substituted card
in the five. A wild may still play as its *own* card, and a void card blocks nothing. Under No
Copies five of a kind needs a suitless card.

`evaluate` returns a `HandValue`; values compare by `key` (category first, then the ranks that
break ties; a missing card counts below a deuce), so `max(values)` is the winner and equal keys
are a tie. Wild cards are resolved analytically (`referee.poker.evaluator_core`), never by trying
all 52 substitutes; derived and other alternatives are enumerated on top of that.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property
from typing import Iterable, NamedTuple, Union

from referee.cards import CHAR_RANKS, RANK_CHARS, SUIT_SYMBOLS, SYMBOL_SUITS, Card, parse_card, parse_cards
from referee.poker.evaluator_core import BY_CATEGORY, PRIMARY, SUIT_INDEX, SUITS, Pool, masks_key, solve, solve_simple


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    NAMED = 10


_CATS = list(Category)


class Played(NamedTuple):
    """A card as played: rank 2..14 and suit in "SHDC", or "" for a suitless card."""

    rank: int
    suit: str = ""

    @property
    def code(self) -> str:
        return RANK_CHARS[self.rank] + (self.suit or "*")

    @property
    def pretty(self) -> str:
        rank = "10" if self.rank == 10 else RANK_CHARS[self.rank]
        return rank + (SUIT_SYMBOLS[self.suit] if self.suit else "")

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Played({self.code})"


def suitless(rank: int) -> Played:
    """A played card with a rank and no suit."""
    return played((rank, ""))


PlayedLike = Union[Played, Card, tuple, str]


def played(x: PlayedLike) -> Played:
    """Read a played card from a Card, a Played, a (rank, suit) pair, or text: `9D`, `10♠`,
    or a bare rank (`4`, `4*`) for a suitless card."""
    if isinstance(x, Card):
        if x.is_joker:
            raise ValueError("the joker cannot be a played card; give it a power (wild, derived or void)")
        return Played(x.rank, x.suit)
    if isinstance(x, str):
        t = x.strip().upper().rstrip("*")
        if t in CHAR_RANKS:
            return Played(CHAR_RANKS[t], "")
        return played(parse_card(x))
    if isinstance(x, tuple) and len(x) == 2:
        rank, suit = x
        suit = SYMBOL_SUITS.get(suit, suit)
        if not isinstance(rank, int) or not 2 <= rank <= 14 or suit not in ("", *SUITS):
            raise ValueError(f"no such played card: rank {rank!r} suit {suit!r} (rank 2-14, suit S H D C or '')")
        return Played(rank, suit)
    raise ValueError(f"cannot read a played card from {x!r}")


@dataclass(frozen=True)
class Unit:
    """Physical card(s) consumed together and what they may play as.

    `alternatives`: each a tuple of 0..n played cards (an empty tuple plays as nothing). A wild
    unit has exactly one source and no alternatives: it plays as any one concrete card."""

    sources: tuple[Card, ...]
    alternatives: tuple[tuple[Played, ...], ...] = ()
    wild: bool = False

    def __post_init__(self) -> None:
        srcs = (self.sources,) if isinstance(self.sources, Card) else tuple(self.sources)
        if not srcs or not all(isinstance(c, Card) for c in srcs):
            raise ValueError(f"a unit needs one or more physical Cards as sources, got {self.sources!r}")
        if len(set(srcs)) != len(srcs):
            raise ValueError(f"a unit lists the same card twice: {' '.join(c.pretty for c in srcs)}")
        alts = tuple(tuple(played(p) for p in alt) for alt in self.alternatives)
        if self.wild:
            if len(srcs) != 1 or alts:
                raise ValueError("a wild unit has exactly one source card and no alternatives")
        elif not alts:
            raise ValueError(f"unit {' '.join(c.pretty for c in srcs)} has no alternatives (use void() to play as nothing)")
        object.__setattr__(self, "sources", srcs)
        object.__setattr__(self, "alternatives", alts)

    @cached_property
    def own(self) -> frozenset:
        """The sources as played cards (the joker has none)."""
        return frozenset(Played(c.rank, c.suit) for c in self.sources if not c.is_joker)

    @cached_property
    def blockers(self) -> frozenset:
        """Sources that can play as themselves: under No Copies nothing else may become them."""
        if self.wild:
            return self.own
        return frozenset(p for alt in self.alternatives for p in alt if p in self.own)

    @cached_property
    def is_natural(self) -> bool:
        return not self.wild and len(self.alternatives) == 1 and sorted(self.alternatives[0]) == sorted(self.own) \
            and len(self.own) == len(self.sources)


def natural(card: Card) -> Unit:
    return Unit((card,), ((played(card),),))


def wild(card: Card) -> Unit:
    return Unit((card,), (), wild=True)


def derived(card: Card, options: Iterable[PlayedLike]) -> Unit:
    """Plays as exactly one of `options` (include the card itself if it may play as itself)."""
    return Unit((card,), tuple((played(o),) for o in options))


def void(card: Card) -> Unit:
    return Unit((card,), ((),))


def combined(sources: Iterable[Card], combined_card: PlayedLike) -> Unit:
    """Several cards that play as one combined card, or separately as themselves."""
    srcs = tuple(sources)
    return Unit(srcs, ((played(combined_card),), tuple(played(c) for c in srcs)))


def with_extra(card: Card, *extras: PlayedLike) -> Unit:
    """Plays as itself, or as itself plus the extra played cards (e.g. a suitless 4)."""
    return Unit((card,), ((played(card),), (played(card),) + tuple(played(e) for e in extras)))


@dataclass(frozen=True)
class TopHand:
    """A game's named hand above five of a kind, e.g. TopHand("Stone Cold Nuts", FULL_HOUSE, (2, 5)).

    It is made when some five played cards show the pattern of `category` (full house: three
    and two of a kind; straight: five in sequence, suited or not; flush: five of one suit) whose
    leading ranks are `ranks` (full house: trips then pair; two pair: high then low pair; four,
    three, pair, five of a kind: the set's rank; straights: the high card). Earlier entries rank higher."""

    name: str
    category: Category
    ranks: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        cat = Category(self.category)
        ranks = tuple(self.ranks)
        if cat not in PRIMARY:
            raise ValueError(f"a named hand cannot be based on {cat.name}")
        if len(ranks) > PRIMARY[cat] or not all(isinstance(r, int) and 2 <= r <= 14 for r in ranks):
            raise ValueError(f"{cat.name} named hand takes at most {PRIMARY[cat]} ranks in 2..14, got {ranks!r}")
        if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ranks and ranks[0] < 5:
            raise ValueError(f"no straight is {ranks[0]} high")
        if cat == Category.FULL_HOUSE and len(ranks) == 2 and ranks[0] == ranks[1]:
            raise ValueError("a full house needs two different ranks")
        if cat == Category.TWO_PAIR and len(ranks) == 2 and ranks[0] <= ranks[1]:
            raise ValueError(f"two pair ranks go high pair first, got {ranks!r}")
        object.__setattr__(self, "category", cat)
        object.__setattr__(self, "ranks", ranks)


@dataclass(frozen=True, eq=False)
class HandValue:
    """The best hand. Compares (==, <, ...) and hashes by `key`; `cards`, `plays_as` and `name`
    are worked out on first use."""

    category: Category
    key: tuple
    _detail: tuple = field(repr=False)

    @cached_property
    def _made(self) -> tuple[tuple[Played, ...], dict]:
        from referee.poker.evaluator_show import materialize
        return materialize(self._detail)

    @property
    def cards(self) -> tuple[Played, ...]:
        """The (up to) five played cards, in best order (sets first, straights from the top)."""
        return self._made[0]

    @property
    def plays_as(self) -> dict[Card, Played]:
        """Each physical card whose play in the five is not itself, and what it played as."""
        return self._made[1]

    @cached_property
    def name(self) -> str:
        from referee.poker.evaluator_show import hand_name
        return hand_name(self.key, self._detail)

    def __eq__(self, other):
        return self.key == other.key if isinstance(other, HandValue) else NotImplemented

    def __lt__(self, other):
        return self.key < other.key if isinstance(other, HandValue) else NotImplemented

    def __le__(self, other):
        return self.key <= other.key if isinstance(other, HandValue) else NotImplemented

    def __gt__(self, other):
        return self.key > other.key if isinstance(other, HandValue) else NotImplemented

    def __ge__(self, other):
        return self.key >= other.key if isinstance(other, HandValue) else NotImplemented

    def __hash__(self):
        return hash(self.key)

    def __repr__(self) -> str:
        return f"HandValue({self.name!r}, key={self.key!r})"


def _dup_error(card: Card) -> ValueError:
    return ValueError(f"card {card.pretty} appears twice in the hand; each physical card may be given once")


_JOKER_MSG = "a bare joker has no power: pass wild(card), derived(card, ...) or void(card) for it"


def _check_wild_sources(wl: list, sm: list) -> None:
    """Wild cards must differ from each other and from the natural cards (masks `sm`)."""
    seen = list(sm)
    joker = False
    for u in wl:
        c = u.sources[0]
        i = SUIT_INDEX.get(c.suit)
        if i is None:
            if joker:
                raise _dup_error(c)
            joker = True
            continue
        if seen[i] >> c.rank & 1:
            raise _dup_error(c)
        seen[i] |= 1 << c.rank


def evaluate(units_or_cards: Iterable[Union[Card, Unit]] | str, *, no_copies: bool = True,
             top_hands: Iterable[TopHand] = ()) -> HandValue:
    """The best five-card hand from the physical cards given (bare Cards play as themselves).

    Raises ValueError for an empty hand, a card given twice, or a bare joker."""
    items = units_or_cards
    if type(items) is not list and type(items) is not tuple:
        items = parse_cards(items) if isinstance(items, str) else list(items)
    if not top_hands:
        sm = [0, 0, 0, 0]
        m1 = m2 = m3 = m4 = 0
        n = 0
        wl = None
        for c in items:
            if type(c) is not Card:
                if type(c) is Unit and c.wild:
                    if wl is None:
                        wl = [c]
                    else:
                        wl.append(c)
                    continue
                break
            r = c.rank
            b = 1 << r
            i = SUIT_INDEX.get(c.suit)
            if i is None:
                raise ValueError(_JOKER_MSG)
            if sm[i] & b:
                raise _dup_error(c)
            sm[i] |= b
            if m1 & b:
                if m2 & b:
                    if m3 & b:
                        m4 |= b
                    else:
                        m3 |= b
                else:
                    m2 |= b
            else:
                m1 |= b
            n += 1
        else:
            if wl is None:
                if not n:
                    raise ValueError("evaluate needs at least 1 card, got none")
                key, fs = masks_key(sm, m1, m2, m3, m4)
                return HandValue(_CATS[key[0]], key, ("plain", tuple(items), key, fs))
            if no_copies:
                _check_wild_sources(wl, sm)
                key, fs = solve_simple(sm, m1, m2, m3, m4, n, len(wl))
                return HandValue(_CATS[key[0]], key, ("wild", tuple(items), wl, key, fs))
    return _evaluate_units(list(items), no_copies, tuple(top_hands))


def copies_matter(items: Iterable[Union[Card, Unit]]) -> bool:
    """Whether No Copies could change the value of these cards: False only when there is no wild
    card, no alternative would substitute a card the hand holds (or the same card twice), and no
    two units may become the same card. Then `evaluate(..., no_copies=False)` gives the same value
    as with No Copies: the same alternatives, the same combinations, and with no wild to place
    the Pool's forbidden cards are never consulted. (Lets a caller skip the second evaluation.)"""
    held: set = set()
    choosers = []
    for it in items:
        if isinstance(it, Card):
            held.add(it)
            continue
        if it.wild:
            return True
        held.update(it.sources)
        if not it.is_natural:
            choosers.append(it)
    if not choosers:
        return False
    blockers = {Played(c.rank, c.suit) for c in held if not c.is_joker}
    for u in choosers:
        blockers -= u.own - u.blockers
    owner: dict = {}
    for u in choosers:
        for alt in u.alternatives:
            subs = [p for p in alt if p.suit and p not in u.own]
            if len(set(subs)) < len(subs):
                return True
            for p in subs:
                if p in blockers or owner.setdefault(p, id(u)) != id(u):
                    return True
    return False


def _evaluate_units(items: list, no_copies: bool, top_hands: tuple) -> HandValue:
    if not items:
        raise ValueError("evaluate needs at least 1 card, got none")
    seen: set = set()
    base: list = []  # (played, unit or None, substituted?) for cards with a single fixed play
    wilds: list[Unit] = []
    choosers: list[Unit] = []
    for it in items:
        if isinstance(it, Card):
            if it.is_joker:
                raise ValueError(_JOKER_MSG)
            if it in seen:
                raise _dup_error(it)
            seen.add(it)
            base.append((Played(it.rank, it.suit), None, False))
            continue
        if not isinstance(it, Unit):
            raise TypeError(f"evaluate takes Cards and Units, got {it!r}")
        for c in it.sources:
            if c in seen:
                raise _dup_error(c)
            seen.add(c)
        if it.wild:
            wilds.append(it)
        elif it.is_natural:
            base.extend((p, it, False) for p in it.alternatives[0])
        else:
            choosers.append(it)
    for th in top_hands:
        if not isinstance(th, TopHand):
            raise TypeError(f"top_hands takes TopHand entries, got {th!r}")

    # Who blocks what under No Copies.
    blockers = {Played(c.rank, c.suit) for c in seen if not c.is_joker}
    for u in choosers:
        blockers -= u.own - u.blockers
    wild_own = {p for u in wilds for p in u.own}
    forbidden = None  # per-suit rank masks a wild may not become
    if no_copies:
        forbidden = [0, 0, 0, 0]
        for p in blockers - wild_own:
            forbidden[SUIT_INDEX[p.suit]] |= 1 << p.rank
    k = len(wilds)

    # Alternatives of each chooser, filtered by No Copies.
    options = []
    sub_owner: dict = {}
    for u in choosers:
        for alt in u.alternatives:
            for p in alt:
                if p.suit and p not in u.own:
                    sub_owner.setdefault(p, set()).add(id(u))
    clash = {p for p, owners in sub_owner.items() if len(owners) > 1}
    for u in choosers:
        alts = []
        needs_none = False
        for alt in u.alternatives:
            subs = [p for p in alt if p.suit and p not in u.own]
            if no_copies and (any(p in blockers for p in subs) or len(set(subs)) < len(subs)):
                continue
            alts.append(tuple((p, u, p not in u.own) for p in alt))
            # Two choosers that may both become X cannot both show X in the five, but one may
            # hold X outside it: "plays as nothing" stands for that. (A wild wanting a chooser's
            # X needs no such option: the chooser's X can stand in the five for the wild's.)
            if any(p in clash for p in subs):
                needs_none = True
        if not alts or (no_copies and needs_none and () not in u.alternatives):
            alts.append(())
        options.append(alts)

    # Each alternative with its played cards and its substitutes, worked out once rather than
    # for every combination it appears in (the loop below is the evaluator's hot spot).
    options = [[(alt, tuple(e[0] for e in alt), tuple(e[0] for e in alt if e[2] and e[0].suit)) for alt in alts]
               for alts in options]
    base_cards = [e[0] for e in base]
    best = None
    best_combo = None
    seen_pools: set = set()
    n_top = len(top_hands)
    for combo in itertools.product(*options):
        if no_copies:
            subs = [p for alt in combo for p in alt[2]]
            if len(subs) > 1 and len(set(subs)) < len(subs):
                continue
        cards = base_cards + [p for alt in combo for p in alt[1]]
        sig = tuple(sorted(cards))
        if sig in seen_pools:
            continue
        seen_pools.add(sig)
        pool = Pool(cards, forbidden)
        h = min(5, len(cards) + k)
        found = None
        for i, th in enumerate(top_hands):
            r = BY_CATEGORY[th.category](pool, k, h, th.ranks)
            if r is not None:
                found = ((10, n_top - i) + r[0], r[1], th.name)
                break
        if found is None:
            if best is not None and best[0][0] == 10:
                continue
            key, fs = solve(pool, k)
            found = (key, fs, None)
        if best is None or found[0] > best[0]:
            best, best_combo = found, combo
    key, fs, top_name = best
    entries = base + [e for alt in best_combo for e in alt[0]]
    detail = ("units", entries, wilds, forbidden, key, fs, top_name)
    return HandValue(_CATS[key[0]], key, detail)
