"""The night's hands one by one, for a hand history: each deal as it stood when it was over (after
a winner chose to show, before the next deal), the announcements made while it was played and its
money. What a viewer may see of each is the game's own `view` of that state, so a hand history
shows a seat only what the table showed it: the cards shown to everyone, plus its own.

Pure: the states are rebuilt from the log the way an undo rebuilds it (undone events skipped, each
decision asked again under its first id), so the history after an undo is the night without it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from .announcements import Announcement, Kind
from .engine import _apply           # the rebuild an undo does, without the undo's announcement
from .events import HandStarted, Undo
from .ledger import Transfer, account_seat
from .money import ZERO
from .state import State
from .work import Refusal


@dataclass(frozen=True)
class PlayedHand:
    number: int
    state: State                          # the night as it stood when this deal was last seen
    said: tuple[Announcement, ...]        # what the referee said from its start to the next deal
    transfers: tuple[Transfer, ...]       # this deal's money (its `hand` number)

    @property
    def over(self) -> bool:
        return self.state.hand is not None and self.state.hand.phase == "over"

    @property
    def results(self) -> tuple[Announcement, ...]:
        """Who won what and why: the announcements that closed the deal."""
        return tuple(a for a in self.said if a.kind is Kind.HAND_OVER)

    @property
    def pot(self) -> Decimal:
        """Everything the seats put in the pots this deal."""
        return sum((t.amount for t in self.transfers if t.payee.startswith("pot:")
                    and account_seat(t.payer) is not None), ZERO)

    def won(self) -> dict[int, Decimal]:
        """Seat -> what the pots paid it this deal (a misdeal's money back included)."""
        out: dict[int, Decimal] = {}
        for t in self.transfers:
            seat = account_seat(t.payee)
            if t.payer.startswith("pot:") and seat is not None:
                out[seat] = out.get(seat, ZERO) + t.amount
        return out


def played_hands(state: State) -> list[PlayedHand]:
    """Every deal of the night in order (the one in progress last, not over yet)."""
    log = state.log.to_tuple()
    asked = dict(state.asked.to_tuple())
    rebuilt = State(next_decision=state.next_decision)
    marks: list[tuple[State, list[Announcement]]] = []
    said: list[Announcement] = []
    for seq, event in enumerate(log, start=1):
        if seq in state.undone or isinstance(event, Undo):
            rebuilt = replace(rebuilt, log=rebuilt.log.append(event))
            continue
        if isinstance(event, HandStarted) and rebuilt.hand is not None:
            marks.append((rebuilt, said))
            said = []
        try:
            rebuilt, anns = _apply(rebuilt, event, asked.get(seq, ()))
        except Refusal:      # cannot happen for a log the referee accepted; stop rather than guess
            break
        if isinstance(event, HandStarted):
            said = []        # what was said between deals (buy-ins, seats) belongs to no hand
        said += anns
    if rebuilt.hand is not None:
        marks.append((rebuilt, said))
    money = rebuilt.transfer_list()
    return [PlayedHand(s.hand.number, s, tuple(a), tuple(t for t in money if t.hand == s.hand.number))
            for s, a in marks]
