"""`Option`: one legal action of one seat (or of the host) right now, as `options(state, seat)`
gives it. It is the one source for the phone's buttons, the host console's pickers, the camera
adapter and the simulators: what to send, what it costs, which cards it may name, and the rule
behind it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from .events import AnyCard, Event


@dataclass(frozen=True)
class Option:
    action: str                      # "bet", "call", "decide", "deal", "show", "start", "end", ...
    seat: int | None                 # who takes it; None: the host (or the dealer)
    label: str                       # the button's words
    event: Event                     # what to send; fields named in `needs` are still to be filled
    rule: str = ""                   # the rule that offers it ("" for the game's own flow)
    cost: Decimal | None = None      # what it takes from the seat, when it takes money
    needs: tuple[str, ...] = ()      # fields the sender fills in: "card", "target", "cards"
    targets: tuple[tuple[int, AnyCard | None], ...] = ()  # (seat, card) a "target" may name
    decision: int | None = None      # the pending decision it answers

    def fill(self, **fields: Any) -> Event:
        """The event with the blanks filled: card=..., cards=..., target=(seat, card)."""
        if "target" in fields:
            seat, card = fields.pop("target")
            if self.targets and (seat, card) not in self.targets:
                raise ValueError(f"{self.label}: that card is not one it may name")
            fields.update(target_seat=seat, card=card)
        return replace(self.event, **fields)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "seat": self.seat, "label": self.label, "rule": self.rule,
                "event": self.event.to_json(), "cost": None if self.cost is None else str(self.cost),
                "needs": list(self.needs), "decision": self.decision,
                "targets": [{"seat": s, "card": None if c is None else c.code} for s, c in self.targets]}
