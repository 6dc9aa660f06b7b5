"""Regression tests for bugs the deal fixtures found in the Boonaken game, one per fix. Each deal
is written with the fixtures' builder (tests/referee/boonaken/deals/builder.py) and replayed."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "deals"))

from builder import A_DEAL, Table  # noqa: E402
from make_deals import R_DEAL, r_tricks  # noqa: E402

from referee.engine import replay  # noqa: E402
from referee.events import loads_jsonl  # noqa: E402


def play(table: Table):
    state, said = replay(loads_jsonl(table.jsonl()))
    return state, said


def texts(said, rule: str) -> list[str]:
    return [a.text for a in said if a.rule == rule]


def test_a_challenge_not_yet_proven_does_not_make_a_loss_certain():
    # Bid 130, 70 declared, seat 4's 100 cancels it for now; after trick 2 the cards alone can no
    # longer reach 130. The camera table cannot see seat 4's hand, and its challenge proves false
    # at the end: the 70 stands and the bid is made, so no loss was ever certain.
    table = Table("provisional-cancel").deal(4, bids="1:130 2:pass 3:pass 4:pass", seen=False,
                                             tricks=r_tricks("R70 JH 7S 9H C4=100 7H"), **R_DEAL)
    state, said = play(table)
    assert not [t for t in texts(said, "deal-certain") if "loses" in t]
    assert state.hand.results == ((1, True),)


def test_a_revoke_proven_by_the_last_card_ends_the_deal_once():
    # stop_when_certain at a camera table: seat 4 plays Q♦ K♦ 9♦ to the trump leads of tricks 1-3
    # and shows the 8♥ it held only as its last card, which completes trick 6. The revoke decides
    # the deal (seat 1 wins) and ends it; the last card must not score it a second time.
    tricks = ((1, "JH 7H QH QD"), (1, "9H TH KH KD"), (1, "AH 7S AD 9D"), (1, "AS KS 8S TD"), (1, "AC KC 9S JD"),
              (1, "9C QC TS 8H"))
    table = Table("revoke-last-card", stop_when_certain=True).deal(
        4, bids="1:120 2:pass 3:pass 4:pass", tricks=tricks, seen=False, **A_DEAL)
    state, said = play(table)
    assert state.hand.sheet.column(1) == "+"
    assert len(texts(said, "marks")) == 1
    assert state.hand.phase == "over"
