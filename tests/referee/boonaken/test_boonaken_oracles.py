"""The roem calculator and legal plays against naive versions written straight from the rule text,
on random hands (the full 906,192-hand benchmark is bench work, not a test)."""

import itertools
import random

import pytest

from referee.cards import Card
from referee.games.boonaken.cards import PLAIN_ORDER, pack
from referee.games.boonaken.play import legal_plays
from referee.games.boonaken.roem import best_roem, declarable_totals
from referee.games.boonaken.settings import BoonakenSettings

PROFILES = [BoonakenSettings(), BoonakenSettings(roem_shared_with_run=False),
            BoonakenSettings(six_run_points=100)]


def naive_totals(hand, trump, settings):
    """Line 20-32 read literally: choose disjoint runs (each a card's lowest-first stretch of 3-6
    consecutive cards of a suit), any complete four of J Q K A, and stuk; add them up."""
    cards = sorted(hand, key=lambda c: (c.suit, -PLAIN_ORDER.index(c.rank)))
    values = {3: 20, 4: 50, 5: 100, 6: settings.six_run_points}

    def run_sets(rest):
        if not rest:
            yield [], 0
            return
        low, others = rest[0], rest[1:]
        yield from run_sets(others)                           # the lowest card in no run
        for length in range(3, 7):
            run = [Card(PLAIN_ORDER[PLAIN_ORDER.index(low.rank) - i], low.suit)
                   for i in range(length) if PLAIN_ORDER.index(low.rank) - i >= 0]
            if len(run) == length and all(c in rest for c in run):
                for used, points in run_sets([c for c in others if c not in run]):
                    yield used + run, points + values[length]

    totals = set()
    for used, runs in run_sets(cards):
        fours = [(r, 200 if r == 11 else 100) for r in (11, 12, 13, 14) if all(Card(r, s) in hand for s in "SHDC")]
        for k in range(len(fours) + 1):
            for chosen in itertools.combinations(fours, k):
                if not settings.roem_shared_with_run and any(c.rank == r for r, _ in chosen for c in used):
                    continue
                base = runs + sum(p for _, p in chosen)
                totals.add(base)
                if trump and Card(13, trump) in hand and Card(12, trump) in hand:
                    totals.add(base + 20)
    return totals


def naive_legal(hand, trick, trump, settings):
    """Lines 79-85 and 147, case by case."""
    def ok(card):
        if not trick:
            return True
        led = trick[0].suit
        has_led = any(c.suit == led for c in hand)
        trumps = [c for c in hand if c.suit == trump]
        if trump is None or led != trump and not has_led:
            if trump is None:
                return card.suit == led or not has_led
            verdict = True
        elif led == trump:
            return card.suit == trump or not trumps or [t.rank for t in trumps] == [11]
        else:
            verdict = card.suit in (led, trump)
        if settings.no_undertrump and card.suit == trump and len(trumps) < len(hand):
            order = "7 8 10 12 13 14 9 11".split() if not settings.klaverjas_trump_order else "7 8 12 13 10 14 9 11".split()
            played = [order.index(str(c.rank)) for c in trick if c.suit == trump]
            if played and order.index(str(card.rank)) < max(played):
                return False
        return verdict
    return tuple(c for c in hand if ok(c))


@pytest.mark.parametrize("settings", PROFILES)
def test_roem_matches_the_naive_reading(settings):
    rng = random.Random(20)
    for i in range(1200):
        if i % 2:       # random hands seldom hold a four of a kind: half hold one, plus two cards
            rank = rng.choice((11, 12, 13, 14))
            four = [Card(rank, s) for s in "SHDC"]
            hand = four + rng.sample([c for c in pack() if c not in four], 2)
        else:
            hand = rng.sample(pack(), 6)
        for trump in (None, *"SHDC"):
            naive = naive_totals(hand, trump, settings)
            assert set(declarable_totals(hand, trump, settings)) == naive, (hand, trump)
            assert best_roem(hand, trump, settings) == max(naive)


@pytest.mark.parametrize("settings", [BoonakenSettings(), BoonakenSettings(no_undertrump=True),
                                      BoonakenSettings(no_undertrump=True, klaverjas_trump_order=True)])
def test_legal_plays_match_the_naive_reading(settings):
    rng = random.Random(7)
    for _ in range(5000):
        cards = rng.sample(pack(), 10)
        size = rng.randint(1, 6)
        hand, trick = cards[:size], cards[size:size + rng.randint(0, 4)]
        trump = rng.choice([None, *"SHDC"])
        assert legal_plays(hand, trick, trump, settings) == naive_legal(hand, trick, trump, settings), \
            (hand, trick, trump)
