"""`options(state, seat)` is safe for its seat: at every event of simulated nights, no option a seat
is given names a card that seat may not see (in its event or among the cards it may point at),
and every option offered is one the referee accepts."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from referee import registry
from referee.cards import Card
from referee.engine import apply, options, verify
from referee.games.bonedoneskis.simulate import Simulator
from referee.state import State


def named(option) -> set:
    out = {c for _, c in option.targets if c is not None}
    for f in fields(option.event):
        value = getattr(option.event, f.name)
        out |= {value} if isinstance(value, Card) else {v for v in value if isinstance(v, Card)} \
            if isinstance(value, tuple) else set()
    return out


@pytest.mark.parametrize("seed", range(3))
def test_a_seat_is_offered_only_cards_it_may_see(seed):
    sim = Simulator(random.Random(seed), 5, check=False, replay_every=99)
    sim.play(6)
    game = registry.get_game("bonedoneskis")
    state, checked = State(), 0
    for event in sim.state.log.to_tuple():
        state, _ = apply(state, event)
        hand = state.hand
        if hand is None or hand.phase == "over":
            continue
        for seat in hand.order:
            hidden = {slot.card for s, board in hand.boards.items() for slot in board.slots
                      if slot.card is not None and not game.sees(hand, s, slot, seat)}
            for option in options(state, seat):
                assert not named(option) & hidden, (seat, option.label)
                if not option.needs:
                    assert verify(state, option.event) is None, option.label
                checked += 1
    assert checked > 100
