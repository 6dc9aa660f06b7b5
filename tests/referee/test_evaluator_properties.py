"""Property tests for referee.poker.evaluator against treys and against brute-force references.

Two references live here, both independent of the evaluator's analytic wild code:
* `literal_best`: substitutes every concrete card (all 52) for each wild, every option for each
  derived card, checks No Copies exactly as worded, and tries every five-card subset. Slow, so
  used on small hands with at most two wilds.
* `ranks_best`: the same search, but a group of j wilds in the five is enumerated as a multiset of
  j ranks plus "all one suit or not" (a five-card value depends on suits only through the flush),
  with the legality of concrete suits checked. Exhaustive and fast enough for 3-4 wilds.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from treys import Card as TCard
from treys import Evaluator

from referee.cards import JOKER, Card, deck52
from referee.poker.evaluator import (Category, Played, TopHand, combined, copies_matter, derived, evaluate, natural,
                               suitless, void, wild, with_extra)

SUITS = "SHDC"
DECK = list(deck52())
TREYS = Evaluator()
SETTINGS = dict(derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------ reference five-card value
def _pad(xs, width):
    return tuple(xs) + (0,) * (width - len(xs))


def ref_value(ranks, flush, cat=None):
    """Key of a hand of <= 5 ranks (flush: all five share a suit). With `cat`, the key of that
    category's pattern shown by the cards (None if not shown), for named hands."""
    return _ref_value(tuple(sorted(ranks)), flush, cat)


@functools.lru_cache(maxsize=None)
def _ref_value(ranks, flush, cat):
    n = len(ranks)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda g: (g[1], g[0]), reverse=True)
    shape = [c for _, c in groups]
    lead = [r for r, _ in groups]
    distinct = sorted(counts, reverse=True)
    high = 0
    if n == 5 and len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            high = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            high = 5
    desc = sorted(ranks, reverse=True)
    pats = {
        9: (9, lead[0]) if shape == [5] else None,
        8: (8, high) if flush and high else None,
        7: (7, lead[0]) + _pad(lead[1:], 1) if shape in ([4], [4, 1]) else None,
        6: (6, lead[0], lead[1]) if shape == [3, 2] else None,
        5: (5,) + tuple(desc) if flush else None,
        4: (4, high) if high else None,
        3: (3, lead[0]) + _pad(lead[1:], 2) if shape and shape[0] == 3 and set(shape[1:]) <= {1} else None,
        2: (2, lead[0], lead[1]) + _pad(lead[2:], 1) if shape[:2] == [2, 2] and set(shape[2:]) <= {1} else None,
        1: (1, lead[0]) + _pad(lead[1:], 3) if shape and shape[0] == 2 and set(shape[1:]) <= {1} else None,
    }
    if cat is not None:
        return pats[cat]
    for c in range(9, 0, -1):
        if pats[c] is not None:
            return pats[c]
    return (0,) + _pad(desc, 5)


def ref_key(cards):
    flush = len(cards) == 5 and cards[0].suit != "" and all(c.suit == cards[0].suit for c in cards)
    return ref_value([c.rank for c in cards], flush)


class Best:
    """Keeps the best plain key and, per named hand, the best pattern key seen."""

    def __init__(self, top_hands):
        self.top = top_hands
        self.plain = None
        self.named = [None] * len(top_hands)

    def add(self, ranks, flush):
        key = ref_value(ranks, flush)
        if self.plain is None or key > self.plain:
            self.plain = key
        for i, th in enumerate(self.top):
            pat = ref_value(ranks, flush, int(th.category))
            if pat is not None and pat[1:1 + len(th.ranks)] == th.ranks:
                if self.named[i] is None or pat > self.named[i]:
                    self.named[i] = pat

    def result(self):
        for i, pat in enumerate(self.named):
            if pat is not None:
                return (10, len(self.top) - i) + pat
        return self.plain


def _as_units(hand):
    return [natural(x) if isinstance(x, Card) else x for x in hand]


def _blockers(units, include_wild=True):
    out = set()
    for u in units:
        own = {Played(c.rank, c.suit) for c in u.sources if not c.is_joker}
        if u.wild:
            if include_wild:
                out |= own
        else:
            out |= {p for alt in u.alternatives for p in alt if p in own}
    return out


def _choices(units, no_copies, blockers):
    """Per non-wild unit: its alternatives as (played, substituted?) tuples; illegal ones dropped
    (a substitute equal to a card that can play as itself). No legal option: plays nothing."""
    out = []
    for u in units:
        own = {Played(c.rank, c.suit) for c in u.sources if not c.is_joker}
        alts = []
        for alt in u.alternatives:
            entry = tuple((p, p not in own) for p in alt)
            if no_copies and any(sub and p.suit and p in blockers for p, sub in entry):
                continue
            alts.append(entry)
        out.append(alts or [()])
    return out


def _subs_ok(entries):
    subs = [p for p, sub in entries if sub and p.suit]
    return len(subs) == len(set(subs))


def literal_best(hand, no_copies=True, top_hands=()):
    units = _as_units(hand)
    wilds = [u for u in units if u.wild]
    others = [u for u in units if not u.wild]
    blockers = _blockers(units)
    best = Best(top_hands)
    wild_opts = []
    for w in wilds:
        own = {Played(c.rank, c.suit) for c in w.sources if not c.is_joker}
        wild_opts.append([(p, p not in own) for p in (Played(c.rank, c.suit) for c in DECK)
                          if not (no_copies and p not in own and p in blockers)])
    for combo in itertools.product(*_choices(others, no_copies, blockers), *wild_opts):
        entries = [e for alt in combo[:len(others)] for e in alt] + list(combo[len(others):])
        size = min(5, len(entries))
        for five in itertools.combinations(entries, size):
            if no_copies and not _subs_ok(five):
                continue
            cards = [p for p, _ in five]
            flush = size == 5 and cards[0].suit != "" and all(c.suit == cards[0].suit for c in cards)
            best.add([c.rank for c in cards], flush)
    return best.result()


def ranks_best(hand, no_copies=True, top_hands=()):
    units = _as_units(hand)
    k = sum(u.wild for u in units)
    others = [u for u in units if not u.wild]
    blockers = _blockers(units)
    nonwild = _blockers(others)  # wilds are interchangeable, so a wild may become a wild's card
    best = Best(top_hands)
    multisets = {j: list(itertools.combinations_with_replacement(range(2, 15), j)) for j in range(k + 1)}
    for combo in itertools.product(*_choices(others, no_copies, blockers)):
        entries = [e for alt in combo for e in alt]
        size = min(5, len(entries) + k)
        for j in range(0, min(k, size) + 1):
            if size - j > len(entries):
                continue
            for sub in itertools.combinations(entries, size - j):
                if no_copies and not _subs_ok(sub):
                    continue
                cards = [p for p, _ in sub]
                ranks = [c.rank for c in cards]
                taken = nonwild | {c for c in cards if c.suit}
                suits = {c.suit for c in cards}
                flush_suits = [s for s in SUITS if suits <= {s}] if size == 5 else []
                for rs in multisets[j]:
                    if j == 0:
                        best.add(ranks, bool(flush_suits) and bool(cards))
                        continue
                    mult = Counter(rs)
                    if no_copies:
                        if any(m > sum(Played(r, s) not in taken for s in SUITS) for r, m in mult.items()):
                            continue
                    best.add(ranks + list(rs), False)
                    for s in flush_suits:
                        if not no_copies or (max(mult.values()) == 1 and all(Played(r, s) not in taken for r in rs)):
                            best.add(ranks + list(rs), True)
                            break
    return best.result()


# ------------------------------------------------------------------ checks on what evaluate reports
def check_report(hand, value, no_copies=True):
    """The five cards shown really have the value, and the substitutions reported are legal."""
    units = _as_units(hand)
    cards = list(value.cards)
    assert len(cards) <= 5
    if value.key[0] == Category.NAMED:
        inner = value.key[2:]
        flush = len(cards) == 5 and cards[0].suit != "" and all(c.suit == cards[0].suit for c in cards)
        assert ref_value([c.rank for c in cards], flush, inner[0]) == inner, (cards, value.key)
    else:
        assert ref_key(cards) == value.key, (cards, value.key)
    physical = {c for u in units for c in u.sources}
    for c, p in value.plays_as.items():
        assert c in physical and p in cards and p != Played(c.rank, c.suit), (c, p)
    if no_copies:
        suited = [p for p in cards if p.suit]
        assert len(suited) == len(set(suited)), cards
        blockers = _blockers(units)
        for c, p in value.plays_as.items():
            assert not p.suit or p not in blockers, (c, p)


# ------------------------------------------------------------------ 1. no wilds: agree with treys
def _treys_score(cards):
    tc = [TCard.new(c.code[0] + c.suit.lower()) for c in cards]
    if len(tc) <= 7:
        return TREYS.evaluate(tc[:2], tc[2:])
    return min(TREYS.evaluate(list(s[:2]), list(s[2:])) for s in itertools.combinations(tc, 7))


def _treys_category(score):
    cls = TREYS.get_rank_class(score)
    return Category.STRAIGHT_FLUSH if cls <= 1 else Category(9 - cls)


def _sign(x):
    return (x > 0) - (x < 0)


@settings(max_examples=400, **SETTINGS)
@given(st.permutations(range(52)), st.integers(5, 8), st.integers(5, 8))
def test_plain_order_agrees_with_treys(order, na, nb):
    a = [DECK[i] for i in order[:na]]
    b = [DECK[i] for i in order[na:na + nb]]
    va, vb = evaluate(a), evaluate(b)
    ta, tb = _treys_score(a), _treys_score(b)
    assert va.category == _treys_category(ta)
    assert vb.category == _treys_category(tb)
    assert _sign((va.key > vb.key) - (va.key < vb.key)) == _sign(tb - ta)
    check_report(a, va)


def test_plain_ranking_is_treys_ranking_on_many_hands():
    rng = random.Random(20240607)
    hands = [rng.sample(DECK, rng.choice((5, 6, 7, 7, 7))) for _ in range(6000)]
    rows = sorted((_treys_score(h), evaluate(h).key) for h in hands)
    for (sa, ka), (sb, kb) in zip(rows, rows[1:]):
        assert (ka == kb) == (sa == sb) and (sa == sb or ka > kb), (sa, ka, sb, kb)


# ------------------------------------------------------------------ 2. wilds and derived: agree with brute force
def _power(rng, card, kind, pool=DECK):
    if kind == "wild":
        return wild(card)
    if kind == "void":
        return void(card)
    if kind == "derived":
        opts = rng.sample(pool, min(len(pool), rng.randint(1, 4)))
        if rng.random() < 0.5:
            opts = [card] + [o for o in opts if o != card]
        return derived(card, opts)
    if kind == "black6":  # a black 6 plays as itself or any ace; an ace as itself or a red 6
        if card.rank == 6:
            return derived(card, [card] + [Card(14, s) for s in SUITS])
        return derived(card, [card, Card(6, "H"), Card(6, "D")])
    if kind == "extra":
        return with_extra(card, suitless(card.rank))
    return card


def make_hand(seed, max_wilds=4, small=False, others=2):
    """A random hand: some wilds, a few derived / void / extra cards, the rest natural. Half the
    time the cards are crowded into few ranks and suits, where pairs, flushes and clashes happen."""
    rng = random.Random(seed)
    k = min(max_wilds, rng.choice([0, 1, 1, 2, 2, 3, 4]))
    n_other = min(others, rng.choice([0, 0, 1, 2]))
    lo = max(1, k + n_other)
    if rng.random() < 0.1:
        n = rng.randint(lo, max(lo, 4))
    else:
        n = rng.randint(max(lo, 5), max(lo, 6 if k >= 3 or small else 7))
    pool = DECK
    if rng.random() < 0.5:
        ranks = rng.sample([14, 13, 12, 11, 10, 6, 5, 4, 3, 2], rng.randint(3, 6))
        suits = rng.sample(SUITS, rng.randint(2, 3))
        pool = [c for c in DECK if c.rank in ranks and c.suit in suits]
        if len(pool) < n:
            pool = DECK
    cards = rng.sample(pool, n)
    hand = []
    for j, c in enumerate(cards):
        kind = "wild" if j < k else rng.choice(["derived", "void", "black6", "extra"]) if j < k + n_other else "natural"
        if kind == "black6" and c.rank not in (6, 14):
            kind = "derived"
        hand.append(_power(rng, c, kind, pool))
    if k and rng.random() < 0.3:
        hand[0] = wild(JOKER)
    rng.shuffle(hand)
    return hand


SEEDS = st.integers(0, 2 ** 32 - 1)


@settings(max_examples=180, **SETTINGS)
@given(SEEDS)
def test_wilds_and_derived_agree_with_rank_brute_force(seed):
    hand = make_hand(seed)
    v = evaluate(hand)
    assert v.key == ranks_best(hand), hand
    check_report(hand, v)


@settings(max_examples=100, **SETTINGS)
@given(SEEDS)
def test_wilds_and_derived_agree_with_literal_brute_force(seed):
    hand = make_hand(seed, max_wilds=1, small=True)
    v = evaluate(hand)
    assert v.key == literal_best(hand), hand


@settings(max_examples=100, **SETTINGS)
@given(SEEDS)
def test_copies_allowed_agree_with_brute_force(seed):
    hand = make_hand(seed, max_wilds=3)
    v = evaluate(hand, no_copies=False)
    assert v.key == ranks_best(hand, no_copies=False), hand


def test_when_copies_do_not_matter_no_copies_changes_nothing():
    """`copies_matter` False promises the same value with and without No Copies (the Bonedoneskis
    showdown then skips its second judgement); it must also say True when No Copies does bite."""
    said = Counter()
    for seed in range(3000):
        hand = make_hand(seed, max_wilds=rng_wilds(seed), others=3)
        with_rule, without = evaluate(hand, top_hands=TOPS[:1]), evaluate(hand, no_copies=False, top_hands=TOPS[:1])
        if not copies_matter(hand):
            said["no"] += 1
            assert with_rule.key == without.key, hand
            assert evaluate(hand).key == evaluate(hand, no_copies=False).key, hand
        elif with_rule.key != without.key:
            said["bites"] += 1
    assert said["no"] > 300 and said["bites"] > 30, said   # both sides really were exercised


def rng_wilds(seed: int) -> int:
    return 0 if seed % 3 else 2   # mostly hands without wilds: the only ones that can say "no"


TOPS = (TopHand("Stone Cold Nuts", Category.FULL_HOUSE, (2, 5)),
        TopHand("Dead Man's Hand", Category.TWO_PAIR, (14, 8)),
        TopHand("Low Ball", Category.STRAIGHT, (5,)))


@settings(max_examples=100, **SETTINGS)
@given(SEEDS, st.integers(0, len(TOPS) - 1))
def test_named_hands_agree_with_brute_force(seed, first):
    hand = make_hand(seed, max_wilds=3)
    tops = TOPS[first:] + TOPS[:first]
    v = evaluate(hand, top_hands=tops)
    assert v.key == ranks_best(hand, top_hands=tops), hand
    check_report(hand, v)


def test_two_wild_literal_spot_checks():
    rng = random.Random(7)
    for i in range(10):
        cards = rng.sample(DECK if i % 2 else [c for c in DECK if c.rank in (14, 13, 12, 5, 4, 3)], 5 + i % 2)
        hand = [wild(cards[0]), wild(cards[1])] + cards[2:]
        assert evaluate(hand).key == literal_best(hand), hand


def test_three_wild_literal_spot_check():
    # Deuces wild, three of them, and the A♠: each deuce may be itself, none may be a second A♠.
    hand = [wild(Card(2, "S")), wild(Card(2, "H")), wild(Card(2, "D")), Card(14, "S")]
    assert evaluate(hand).key == literal_best(hand) == (7, 14, 0)
    a6 = [derived(Card(14, "S"), [Card(14, "S"), Card(6, "H"), Card(6, "D")]), wild(Card(2, "C")),
          derived(Card(6, "C"), [Card(6, "C")] + [Card(14, s) for s in SUITS]), Card(14, "H"), Card(6, "S")]
    assert evaluate(a6).key == literal_best(a6)


@pytest.mark.parametrize("extra", [0, 1])
def test_combined_units_agree_with_brute_force(extra):
    rng = random.Random(11 + extra)
    for _ in range(25):
        cards = rng.sample(DECK, 6 + extra)
        target = rng.choice(DECK)
        hand = [combined(cards[:2], target)] + ([wild(cards[2])] if extra else []) + cards[2 + extra:]
        assert evaluate(hand).key == ranks_best(hand), hand
