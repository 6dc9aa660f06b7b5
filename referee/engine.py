"""`apply(state, event) -> (state, announcements)`: the one door into the referee.

Pure: the input state is never changed, nothing is read from a clock, a file or a random source.
Player actions can be checked first with `verify(state, event)` (returns a refusal in words, or
None) and `can(state, event)` (a bool), in pokerkit's style; `apply` refuses the same way by
raising `Refusal`. A refused event changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any, Iterable

from .announcements import Announcement, Kind, Pending
from .events import Event, TableOpened, Undo
from .ledger import Transfer
from .state import State


class Refusal(ValueError):
    """An event the referee will not accept, with the reason in plain words."""


class Work:
    """The mutable scratch copy an event is applied to; frozen back into a State at the end."""

    def __init__(self, state: State, event: Event) -> None:
        self.state = state.clone()
        self.event = event
        self.seq = state.seq + 1
        self.announcements: list[Announcement] = []

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
            amount: Decimal | None = None, because: Iterable[int] = (), **data: Any) -> Pending:
        """Open a pending decision and announce it."""
        because = tuple(because) or (self.seq,)
        pending = Pending(self.state.next_decision, seat, rule, prompt, tuple(choices), blocks, lapses,
                          default, amount, because, tuple(sorted(data.items())))
        self.state.next_decision += 1
        self.hand.pending = self.hand.pending + (pending,)
        seats = () if seat is None else (seat,)
        self.say(prompt, rule=rule, kind=kind, seats=seats, amount=amount, choices=pending.choices,
                 because=because, decision=pending.id)
        return pending

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
        return self.state, self.announcements


# ------------------------------------------------------------------------------ the door
def _get_game(game_id: str):
    # Imported on first use: the games import this module. Then bound here, so that each event
    # does not run an import statement again.
    global _get_game
    from .games import get_game
    _get_game = get_game
    return get_game(game_id)


def apply(state: State, event: Event) -> tuple[State, list[Announcement]]:
    if isinstance(event, Undo):
        return _undo(state, event)
    if isinstance(event, TableOpened):
        try:
            game = _get_game(event.game)
        except KeyError as exc:
            raise Refusal(str(exc.args[0])) from None
        work = Work(state, event)
        game.open(work, event)
        return work.result()
    if not state.game:
        raise Refusal(f"no table is open: start with a table_opened event before {event.type}")
    work = Work(state, event)
    _get_game(state.game).apply(work, event)
    return work.result()


def verify(state: State, event: Event) -> str | None:
    """Why `event` would be refused now, or None if it would be accepted."""
    try:
        apply(state, event)
    except Refusal as exc:
        return str(exc)
    return None


def can(state: State, event: Event) -> bool:
    return verify(state, event) is None


def replay(events: Iterable[Event], state: State | None = None) -> tuple[State, list[Announcement]]:
    """Fold `apply` over a log; the same log always gives the same state."""
    state = state if state is not None else State()
    said: list[Announcement] = []
    for event in events:
        state, anns = apply(state, event)
        said.extend(anns)
    return state, said


def _undo(state: State, event: Undo) -> tuple[State, list[Announcement]]:
    """Rebuild the state from the log without the undone event. Nothing is erased: the undone
    event and the Undo both stay in the log, and replaying that log skips the target again."""
    log = state.log.to_tuple()
    if not 1 <= event.target <= len(log):
        raise Refusal(f"cannot undo event {event.target}: there is no such event (the log has {len(log)})")
    target = log[event.target - 1]
    if isinstance(target, Undo):
        raise Refusal("cannot undo an undo: re-enter the event instead")
    if isinstance(target, TableOpened):
        raise Refusal("cannot undo the opening of the table")
    if event.target in state.undone:
        raise Refusal(f"event {event.target} is already undone")
    undone = state.undone | {event.target}
    rebuilt = State()
    for seq, old in enumerate(log, start=1):
        if seq in undone or isinstance(old, Undo):
            rebuilt = replace(rebuilt, log=rebuilt.log.append(old))
            continue
        try:
            rebuilt, _ = apply(rebuilt, old)
        except Refusal as exc:
            raise Refusal(f"cannot undo event {event.target} ({target.describe()}): event {seq} "
                          f"({old.describe()}) depends on it: {exc}") from None
    # Ids handed out before stay taken, so an announcement id always means one announcement.
    rebuilt.next_announcement = max(rebuilt.next_announcement, state.next_announcement)
    rebuilt.next_decision = max(rebuilt.next_decision, state.next_decision)
    rebuilt.undone = undone
    work = Work(rebuilt, event)
    work.seq = state.seq + 1
    work.say(f"Undone: event {event.target} ({target.describe()}). Reason: {event.reason}",
             rule="undo", because=(event.target, work.seq))
    return work.result()
