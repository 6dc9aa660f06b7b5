"""Properties of the Bonnu checks and the timing ruling over random cases: a Bonnu stands exactly
when the sums say so; a ruling does not depend on the order claims arrive in, keeps every claim,
never lets a claim made later count while an earlier one is late, and a larger tie margin only ever
moves rulings to the host."""

import dataclasses
import random

from hypothesis import given, settings as hsettings, strategies as st

from referee.games.bonnu.claims import CardTime, Claim, bonnu_refusal, cut_refusal, window_ruling
from referee.games.bonnu.deck import DECK
from referee.games.bonnu.settings import DEFAULT

hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=9, unique=True)
tops = st.sampled_from(DECK)
claims = st.lists(st.builds(Claim, st.integers(0, 3), st.sampled_from(("cut", "bonnu")),
                            st.floats(9.0, 11.0), st.floats(0.0, 0.3)), max_size=6)
cards_at = st.builds(CardTime, st.just(1), st.floats(9.5, 11.5), st.floats(0.0, 0.4))
margins = st.integers(0, 200)
graces = st.integers(0, 200)


@given(hands, tops)
def test_a_bonnu_stands_exactly_when_the_total_equals_the_number_or_is_a_multiple_of_10_on_a_0(hand, top):
    total = sum(c.value for c in hand)
    assert (bonnu_refusal(hand, top) is None) == (total == top.value or (top.value == 0 and total % 10 == 0))


@given(hands, tops)
def test_a_cut_stands_exactly_when_two_or_more_held_cards_of_the_number_are_laid(hand, top):
    laid = [c for c in hand if c.value == top.value]
    assert (cut_refusal(hand, laid, top) is None) == (len(laid) >= 2)
    others = [c for c in hand if c.value != top.value]
    if others:                            # a hand all of the number has no wrong card to slip in
        assert cut_refusal(hand, laid + others[:1], top) is not None


@hsettings(max_examples=60)
@given(claims, st.one_of(st.none(), cards_at), margins, graces, st.randoms(use_true_random=False))
def test_the_ruling_does_not_depend_on_arrival_order_and_keeps_every_claim(cs, card, margin, grace, rng):
    s = dataclasses.replace(DEFAULT, tie_margin_ms=margin, grace_ms=grace)
    first = window_ruling(cs, card, s)
    shuffled = list(cs)
    rng.shuffle(shuffled)
    again = window_ruling(shuffled, card, s)
    key = lambda rs: [(r.claim.seat, r.claim.kind, r.claim.at_us, r.verdict, r.tied_with) for r in rs]  # noqa: E731
    # equal stamps may swap places; everything else is the same
    assert sorted(key(first)) == sorted(key(again))
    assert sorted((c.seat, c.kind, c.at_us) for c in cs) == sorted((r.claim.seat, r.claim.kind, r.claim.at_us)
                                                                   for r in first)
    counting = [r for r in first if r.counts]
    assert [r.claim.at_us for r in counting] == sorted(r.claim.at_us for r in counting)   # earliest first
    if card is not None:
        late = [r.claim.at_us for r in first if r.verdict == "late"]
        in_time = [r.claim.at_us for r in first if r.verdict == "in_time"]
        assert not late or not in_time or max(in_time) < min(late)


@hsettings(max_examples=60)
@given(claims, cards_at, margins, margins, graces)
def test_a_larger_tie_margin_only_moves_rulings_to_the_host(cs, card, small, extra, grace):
    def verdicts(margin):
        out: dict = {}
        for r in window_ruling(cs, card, dataclasses.replace(DEFAULT, tie_margin_ms=margin, grace_ms=grace)):
            out.setdefault((r.claim.seat, r.claim.kind, r.claim.at_us), []).append(r.verdict)
        return {k: sorted(v) for k, v in out.items()}
    narrow, wide = verdicts(small), verdicts(small + extra)
    assert narrow.keys() == wide.keys()
    for key, before in narrow.items():
        for b, a in zip(before, wide[key]):
            assert a == b or a == "ask_host", (key, b, a)


def test_a_fixed_random_race_set_rules_the_same_every_time():
    rng = random.Random(22)
    cs = [Claim(rng.randrange(4), rng.choice(("cut", "bonnu")), rng.uniform(9, 11), rng.uniform(0, 0.3))
          for _ in range(50)]
    assert window_ruling(cs, CardTime(1, 10.2, 0.2)) == window_ruling(list(cs), CardTime(1, 10.2, 0.2))
