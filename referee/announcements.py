"""Announcements: what the referee says out loud, and the decisions it is waiting for."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from typing import Any


class Kind(str, Enum):
    INFO = "info"                # something happened: "9♦ up: must trade"
    OPTION = "option"            # a seat may do something (sell the 3, use the 8 Ball)
    OBLIGATION = "obligation"    # a seat must do something (pay or fold, trade, turn a card up)
    DECISION = "decision"        # the referee is waiting for an answer before going on
    HAND_OVER = "hand_over"      # pot awarded, hand finished


@dataclass(frozen=True)
class Announcement:
    id: int
    rule: str                    # rule id, e.g. "black-jack"; "" for plain game flow
    kind: Kind
    text: str
    seats: tuple[int, ...] = ()
    amount: Decimal | None = None
    choices: tuple[str, ...] = ()
    because: tuple[int, ...] = ()  # sequence numbers of the events that triggered it
    decision: int | None = None    # pending decision id this announcement asks for

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "rule": self.rule, "kind": self.kind.value, "text": self.text,
            "seats": list(self.seats), "amount": None if self.amount is None else str(self.amount),
            "choices": list(self.choices), "because": list(self.because), "decision": self.decision,
        }


@dataclass(frozen=True)
class Pending:
    """A decision the referee is waiting for.

    `blocks` says what cannot happen until it is answered: "deal" (no more cards), "betting"
    (no chips), or "" (an option that simply lapses). `lapses` says when an unanswered option is
    gone: "card" (the next card dealt anywhere), "street" (the next street), "hand" (end of hand).
    `data` carries rule-specific facts (the card concerned, trade candidates...).
    `open_to` makes it a shout: any of those seats may answer, and the first answer wins.
    """

    @property
    def asked(self) -> str:
        """Who is asked, in words."""
        if self.open_to:
            return "any of seats " + ", ".join(map(str, self.open_to))
        return "the host" if self.seat is None else f"seat {self.seat}"

    def answerable_by(self, seat: int | None) -> bool:
        return seat in self.open_to if self.open_to else seat == self.seat

    id: int
    seat: int | None             # None: the host must confirm
    rule: str
    prompt: str
    choices: tuple[str, ...]
    blocks: str = ""
    lapses: str = "hand"
    default: str | None = None   # what happens if it lapses, if anything
    amount: Decimal | None = None
    because: tuple[int, ...] = ()
    data: tuple[tuple[str, Any], ...] = field(default=())
    open_to: tuple[int, ...] = ()  # any of these seats may answer, first come first served (seat None)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "seat": self.seat, "rule": self.rule, "prompt": self.prompt,
            "choices": list(self.choices), "blocks": self.blocks, "lapses": self.lapses,
            "amount": None if self.amount is None else str(self.amount), "because": list(self.because),
            "open_to": list(self.open_to),
        }
