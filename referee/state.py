"""The referee's state shared by every game: the table, the night's log and money, the scores,
and the deal in progress (whose type each game owns: a stud hand, a Boonaken deal, a euchre round).

States are values. `engine.apply` never changes the state it is given: it clones, works on the
clone and returns it. Containers inside are either immutable (tuples, frozen dataclasses, chains)
or copied by `clone()` before anything touches them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from .announcements import Pending
from .chain import EMPTY, Chain
from .ledger import Transfer
from .money import ZERO


def evolve(value, **changes):
    """`dataclasses.replace` for frozen values with no __post_init__ to re-run: a copy with some
    fields changed. `replace` calls __init__ again, the referee's hottest cost. Memos kept on a
    value (names starting "_") are not copied: they were about the old value."""
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.pop("_values", None)
    fields.update(changes)
    return new


@dataclass(kw_only=True)
class Deal:
    """What every game's deal (hand, round) has: its number, its dealer, the seats dealt in (in
    turn order from the dealer's left), its phase and the decisions it waits for. A game's own
    deal type adds its fields and copies its own mutable containers in `clone`."""

    number: int
    dealer: int
    order: tuple[int, ...]
    phase: str = "dealing"                  # the game's phases; "over" when the deal is finished
    pending: tuple[Pending, ...] = ()

    def clone(self) -> "Deal":
        # A shallow copy by hand: `dataclasses.replace` re-runs __init__ and costs more than a hand.
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def pot_total(self) -> Decimal:
        return ZERO


@dataclass
class State:
    game: str = ""
    settings: object = None
    seats: tuple[int, ...] = ()
    sitting_out: frozenset[int] = frozenset()   # seats left out of the next deals (seating.py)
    log: Chain = EMPTY                  # every event recorded, in order; seq n is log[n-1]
    undone: frozenset[int] = frozenset()
    transfers: Chain = EMPTY            # the night's money, double entry
    next_announcement: int = 1
    next_decision: int = 1
    # (seq, ((decision id, rule, seat), ...)): the decisions each event opened, so that a rebuild
    # for an undo asks them again under the same ids (work.Work).
    asked: Chain = EMPTY
    hands_played: int = 0
    hand: Deal | None = None
    # Points for games scored in points or marks rather than money (Boonaken's +/- marks,
    # euchre team points, Bonnu 100): account -> score, kept across deals.
    scores: dict[str, int] = field(default_factory=dict)

    @property
    def seq(self) -> int:
        return len(self.log)

    def clone(self) -> "State":
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.hand = self.hand.clone() if self.hand is not None else None
        new.scores = dict(self.scores)
        return new

    def pending(self) -> tuple[Pending, ...]:
        return self.hand.pending if self.hand is not None else ()

    def pot_total(self) -> Decimal:
        return self.hand.pot_total() if self.hand is not None else ZERO

    def transfer_list(self) -> tuple[Transfer, ...]:
        return self.transfers.to_tuple()
