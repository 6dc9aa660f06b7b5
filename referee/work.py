"""`Work`: the scratch copy one event is applied to, and `Refusal`, the referee's "no" in words.

Every game handles an event by changing a `Work` (saying things, asking seats, paying) and the
door (`engine.apply`) freezes it back into a state. Both live here, below the engine and the
games, so that neither has to import the other.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Iterable

from .announcements import Announcement, Kind, Pending
from .events import Event
from .ledger import Transfer
from .state import State


class Refusal(ValueError):
    """An event the referee will not accept, with the reason in plain words."""


class Work:
    """The mutable scratch copy an event is applied to; frozen back into a State at the end.

    Decision ids are stable under undo: when the log is rebuilt without an event, each event asks
    again under the ids it was given the first time (`reuse`, matched by rule and seat), so a later
    `Decision` still names the decision it answered. An ask the first run did not make gets a fresh
    id above every id ever handed out: an id never comes to mean another decision.
    """

    def __init__(self, state: State, event: Event, *, reuse: tuple = ()) -> None:
        self.state = state.clone()
        self.event = event
        self.seq = state.seq + 1
        self.announcements: list[Announcement] = []
        self._reuse = list(reuse)                   # (id, rule, seat) this event asked the first time
        self._asked: list[tuple[int, str, int | None]] = []

    @property
    def hand(self):
        return self.state.hand

    # ----------------------------------------------------------------- speaking
    def say(self, text: str, *, rule: str = "", kind: Kind = Kind.INFO, seats: Iterable[int] = (),
            amount: Decimal | None = None, choices: Iterable[str] = (), because: Iterable[int] = (),
            decision: int | None = None) -> Announcement:
        because = tuple(because) or (self.seq,)
        ann = Announcement(self.state.next_announcement, rule, kind, text, tuple(seats), amount,
                           tuple(choices), because, decision)
        self.state.next_announcement += 1
        self.announcements.append(ann)
        return ann

    def ask(self, seat: int | None, rule: str, prompt: str, choices: Iterable[str], *,
            kind: Kind = Kind.DECISION, blocks: str = "", lapses: str = "hand", default: str | None = None,
            amount: Decimal | None = None, because: Iterable[int] = (), open_to: Iterable[int] = (),
            **data: Any) -> Pending:
        """Open a pending decision and announce it. `open_to`: seats any one of which may answer,
        first come first served (a shout); `seat` is then None."""
        because = tuple(because) or (self.seq,)
        pending = Pending(self._decision_id(rule, seat), seat, rule, prompt, tuple(choices), blocks, lapses,
                          default, amount, because, tuple(sorted(data.items())), tuple(open_to))
        self.hand.pending = self.hand.pending + (pending,)
        seats = tuple(open_to) if open_to else () if seat is None else (seat,)
        self.say(prompt, rule=rule, kind=kind, seats=seats, amount=amount, choices=pending.choices,
                 because=because, decision=pending.id)
        return pending

    def _decision_id(self, rule: str, seat: int | None) -> int:
        for i, (old, old_rule, old_seat) in enumerate(self._reuse):
            if old_rule == rule and old_seat == seat:
                del self._reuse[i]
                number = old
                break
        else:
            number = self.state.next_decision
            self.state.next_decision += 1
        self._asked.append((number, rule, seat))
        return number

    def close(self, pending: Pending) -> None:
        self.hand.pending = tuple(p for p in self.hand.pending if p.id != pending.id)

    # -------------------------------------------------------------------- money
    def pay(self, payer: str, payee: str, amount: Decimal, *, rule: str = "", memo: str = "",
            because: Iterable[int] = ()) -> Transfer:
        hand = self.hand.number if self.hand is not None else None
        transfer = Transfer(payer, payee, amount, rule, memo, hand, tuple(because) or (self.seq,))
        self.state.transfers = self.state.transfers.append(transfer)
        return transfer

    def result(self) -> tuple[State, list[Announcement]]:
        self.state.log = self.state.log.append(self.event)
        if self._asked:
            self.state.asked = self.state.asked.append((self.seq, tuple(self._asked)))
        return self.state, self.announcements
