"""A Bonedoneskis hand played from script lines, for the rule tests: keeps every announcement and
offers the few questions the tests ask of it."""

from decimal import Decimal as D

import pytest

from referee.announcements import Kind
from referee.engine import Refusal
from referee.ledger import balances
from referee.script import call_around, play


class Table:
    def __init__(self, text: str):
        self.state, self.said = play(text)

    def do(self, text: str):
        self.state, new = play(text, self.state)
        self.said += new
        return new

    def bets(self):
        """Play the current betting round out: bring in, call or check round the table."""
        self.state, new = call_around(self.state)
        self.said += new

    def refuses(self, text: str, match: str):
        with pytest.raises(Refusal, match=match):
            play(text, self.state)

    def pending(self, rule: str | None = None):
        return [p for p in self.state.pending() if rule is None or p.rule == rule]

    def said_by(self, rule: str, kind: Kind | None = None):
        return [a for a in self.said if a.rule == rule and (kind is None or a.kind == kind)]

    def net(self, account: str) -> D:
        return balances(self.state.transfer_list()).get(account, D("0"))

    def paid(self, rule: str) -> list[tuple[str, str, D]]:
        return [(t.payer, t.payee, t.amount) for t in self.state.transfer_list() if t.rule == rule]

    def board(self, seat: int) -> list[str]:
        """The seat's cards left to right: 'JS' face up, '(5C)' face down."""
        return [(s.card.code if s.up else f"({s.card.code})") for s in self.state.hand.boards[seat].slots]

    def tags(self, seat: int, index: int):
        return self.state.hand.boards[seat].slots[index].tags
