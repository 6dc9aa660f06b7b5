"""Referee bugs the Boneyard euchre simulator found, each kept as the round it found it in
(sim_found/*.jsonl) and replayed here."""

from pathlib import Path

from referee.engine import can, options, replay
from referee.events import loads_jsonl

FOUND = Path(__file__).parent / "sim_found"


def test_a_lucky_penny_that_may_not_follow_is_not_offered():
    """lucky_penny_follows: the named Lucky Penny K♠ does not follow the led suit while its holder
    holds that suit, so playing it is refused; the referee offered it anyway."""
    state, _ = replay(loads_jsonl((FOUND / "lucky-penny-follows.jsonl").read_text(encoding="utf-8")))
    rnd = state.hand
    holder = rnd.partner(rnd.maker)
    assert rnd.penny is not None and rnd.penny_placed and not rnd.penny_played and rnd.trick
    offered = [o for o in options(state, holder) if o.action == "penny"]
    assert all(can(state, o.event) for o in offered), [o.label for o in offered]
    assert any(o.action == "play" for o in options(state, holder))     # a card that follows is offered
