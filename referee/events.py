"""Events: what happened at the table, one frozen dataclass per kind, with a JSON form.

A hand (and a whole night) is its event log. Events come from the camera pipeline, the dashboard
or a `.jsonl` script; the referee turns them into state and announcements. Each line of a
`.jsonl` file is one event: `{"type": "card_dealt", "seat": 3, "card": "9D", "up": true}`.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, ClassVar, Iterable

from . import jsontext
from .cards import BonnuCard, Card, CardError, parse_card
from .money import MoneyError, money

AnyCard = Card | BonnuCard


class EventError(ValueError):
    """An event that cannot be read: unknown type, missing or bad field."""


def parse_any_card(text: str) -> AnyCard:
    return BonnuCard.parse(text) if ":" in str(text) else parse_card(text)


@dataclass(frozen=True)
class Event:
    """Base of all events. `type` is the JSON name; subclasses register themselves."""

    type: ClassVar[str] = ""
    registry: ClassVar[dict[str, type["Event"]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.type:
            Event.registry[cls.type] = cls

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _dump(getattr(self, f.name))
        return out

    def describe(self) -> str:
        """One line for people: used by `croupier why` and the dashboard feed."""
        parts = [f"{f.name}={_show(getattr(self, f.name))}" for f in dataclasses.fields(self)
                 if getattr(self, f.name) not in (None, "", (), {})]
        return f"{self.type}(" + ", ".join(parts) + ")"


def _dump(value: Any) -> Any:
    if isinstance(value, (Card, BonnuCard)):
        return value.code
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, tuple):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


def _show(value: Any) -> str:
    if isinstance(value, Card):
        return value.pretty
    if isinstance(value, tuple):
        return "[" + " ".join(_show(v) for v in value) + "]"
    if isinstance(value, Decimal):
        return f"${value}"
    return str(value)


# ---------------------------------------------------------------- field readers by annotation
def _read_int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"expected a whole number, got {v!r}")
    return v


def _read_bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"expected true or false, got {v!r}")
    return v


def _read_str(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"expected text, got {v!r}")
    return v


def _read_card(v: Any) -> AnyCard:
    if not isinstance(v, str):
        raise ValueError(f"expected a card like \"9D\", got {v!r}")
    return parse_any_card(v)


def _read_money(v: Any) -> Decimal:
    if isinstance(v, float):
        # JSON numbers arrive as float; accept them only when they are exact cents.
        v = repr(v)
    return money(v)


def _read_tuple(item):
    def read(v: Any) -> tuple:
        if not isinstance(v, (list, tuple)):
            raise ValueError(f"expected a list, got {v!r}")
        return tuple(item(x) for x in v)
    return read


def _read_dict(v: Any) -> dict:
    if not isinstance(v, dict):
        raise ValueError(f"expected an object, got {v!r}")
    return dict(v)


_READERS = {
    "int": _read_int, "bool": _read_bool, "str": _read_str, "AnyCard": _read_card, "Card": _read_card,
    "Decimal": _read_money, "dict": _read_dict,
    "tuple[int, ...]": _read_tuple(_read_int), "tuple[AnyCard, ...]": _read_tuple(_read_card),
    "tuple[str, ...]": _read_tuple(_read_str),
}


def _reader(annotation: str):
    optional = annotation.endswith(" | None")
    base = annotation[: -len(" | None")] if optional else annotation
    read = _READERS[base]
    if optional:
        return lambda v: None if v is None else read(v)
    return read


def from_json(data: Any) -> Event:
    """Build an event from its JSON object; raises EventError saying what is wrong."""
    if not isinstance(data, dict):
        raise EventError(f"an event must be a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    cls = Event.registry.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(sorted(Event.registry))
        raise EventError(f"unknown event type {kind!r} (known: {known})")
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type", "id", "seq"}
    if extra:
        raise EventError(f"{kind}: unknown field(s) {', '.join(sorted(extra))}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise EventError(f"{kind}: missing field {f.name!r}")
            continue
        try:
            kwargs[f.name] = _reader(str(f.type))(data[f.name])
        except (ValueError, CardError, MoneyError) as exc:
            raise EventError(f"{kind}: field {f.name!r}: {exc}") from None
    try:
        return cls(**kwargs)
    except (ValueError, CardError, MoneyError) as exc:
        raise EventError(f"{kind}: {exc}") from None


def dumps(event: Event) -> str:
    return json.dumps(event.to_json(), ensure_ascii=False)


def loads_jsonl(text: str, source: str = "<events>") -> list[Event]:
    """Read a `.jsonl` text; a bad line raises EventError naming the file and line."""
    return [event for _, event in numbered_jsonl(text, source)]


def numbered_jsonl(text: str, source: str = "<events>") -> list[tuple[int, Event]]:
    """Like `loads_jsonl`, keeping each event's line number for error messages."""
    events = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or stripped.startswith("//"):
            continue
        try:
            data = jsontext.loads(stripped)
        except jsontext.JsonTextError as exc:
            raise EventError(f"{source}:{number}: {exc}") from None
        try:
            events.append((number, from_json(data)))
        except EventError as exc:
            raise EventError(f"{source}:{number}: {exc}") from None
    return events


def dumps_jsonl(events: Iterable[Event]) -> str:
    return "".join(dumps(e) + "\n" for e in events)


def _positive(amount: Decimal | None, what: str) -> None:
    if amount is not None and amount <= 0:
        raise ValueError(f"{what} must be more than zero, got {amount}")


# ======================================================================= table and hands
@dataclass(frozen=True)
class TableOpened(Event):
    """A night (or a new game) starts: which game, which seats, which settings."""
    type: ClassVar[str] = "table_opened"
    game: str
    seats: tuple[int, ...]
    settings: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats) or not self.seats:
            raise ValueError("seats must be a non-empty list of distinct seat numbers")
        if any(s < 1 for s in self.seats):
            raise ValueError("seat numbers start at 1")


@dataclass(frozen=True)
class HandStarted(Event):
    type: ClassVar[str] = "hand_started"
    hand: int
    dealer: int
    seats: tuple[int, ...] = ()  # seats dealt in; empty = every seat at the table


@dataclass(frozen=True)
class HandEnded(Event):
    """The host (or the referee's own flow) closes the hand: showdown and awards happen here."""
    type: ClassVar[str] = "hand_ended"
    reason: str = ""


# ============================================================================ cards
@dataclass(frozen=True)
class CardDealt(Event):
    """A card lands in front of a seat (seat None: the centre). `card` None: unseen face-down card.
    `deck` names a separate deck (e.g. "war" for the Dueling Snowmen side game)."""
    type: ClassVar[str] = "card_dealt"
    seat: int | None
    card: AnyCard | None
    up: bool
    street: int | None = None
    deck: str = "main"

    def __post_init__(self) -> None:
        if self.up and self.card is None:
            raise ValueError("a face-up card must say which card it is")


@dataclass(frozen=True)
class CardExposed(Event):
    """A face-down card is turned face up in place."""
    type: ClassVar[str] = "card_exposed"
    seat: int
    card: AnyCard
    correction: str = ""  # the host's reason, when this corrects the table by hand (no rule needed)


@dataclass(frozen=True)
class CardTurnedDown(Event):
    type: ClassVar[str] = "card_turned_down"
    seat: int
    card: AnyCard
    correction: str = ""  # the host's reason, when this corrects the table by hand (no rule needed)


@dataclass(frozen=True)
class CardsSwapped(Event):
    """Two seats exchange one card each (trades). A `None` card: an unseen hole card."""
    type: ClassVar[str] = "cards_swapped"
    seat_a: int
    card_a: AnyCard | None
    seat_b: int
    card_b: AnyCard | None
    correction: str = ""  # the host's reason, when this corrects the table by hand (no rule needed)


@dataclass(frozen=True)
class CardMoved(Event):
    """A card goes from one seat to another with nothing given back (steals)."""
    type: ClassVar[str] = "card_moved"
    from_seat: int
    card: AnyCard
    to_seat: int
    correction: str = ""  # the host's reason, when this corrects the table by hand (no rule needed)


@dataclass(frozen=True)
class CardDiscarded(Event):
    """A card leaves play (sold, mucked, discarded)."""
    type: ClassVar[str] = "card_discarded"
    seat: int
    card: AnyCard | None
    correction: str = ""  # the host's reason, when this corrects the table by hand (no rule needed)


@dataclass(frozen=True)
class CardCorrected(Event):
    """The host corrects a card's identity where it lies: the card entered as `card` at `seat` (None:
    a face-down card nobody named) is really `to`. It keeps its place, face and street; no rule
    fires again (see the "correction" interpretation in docs/interpretations.md)."""
    type: ClassVar[str] = "card_corrected"
    seat: int
    card: AnyCard | None
    to: AnyCard
    reason: str

    def __post_init__(self) -> None:
        if not self.reason.strip():
            raise ValueError("a correction needs a reason")
        if self.card == self.to:
            raise ValueError("a correction must name a different card")


@dataclass(frozen=True)
class CardPlayed(Event):
    """A card is played to the trick area / discard pile (trick and shedding games)."""
    type: ClassVar[str] = "card_played"
    seat: int
    card: AnyCard


@dataclass(frozen=True)
class HandShown(Event):
    """At showdown a seat shows its hole cards (no house rule fires on these)."""
    type: ClassVar[str] = "hand_shown"
    seat: int
    cards: tuple[AnyCard, ...]


# ======================================================================== decisions
@dataclass(frozen=True)
class Decision(Event):
    """A seat (or the host, seat None) answers a rule: pay, fold, sell, trade with seat 4, etc."""
    type: ClassVar[str] = "decision"
    seat: int | None
    rule: str
    choice: str
    target_seat: int | None = None
    card: AnyCard | None = None
    decision: int | None = None  # the pending decision's id, when known


@dataclass(frozen=True)
class Bid(Event):
    """Bidding games: a number, a named contract, or "pass"."""
    type: ClassVar[str] = "bid"
    seat: int
    bid: str


@dataclass(frozen=True)
class Shout(Event):
    """Timing games: "reach", "cut", "bonnu"… with the cards laid down, if any."""
    type: ClassVar[str] = "shout"
    seat: int
    word: str
    cards: tuple[AnyCard, ...] = ()


# ========================================================================== betting
@dataclass(frozen=True)
class BetAction(Event):
    """Base for chips going in; the camera does not see chips, people enter these."""
    seat: int


@dataclass(frozen=True)
class BringIn(BetAction):
    type: ClassVar[str] = "bring_in"


@dataclass(frozen=True)
class Complete(BetAction):
    type: ClassVar[str] = "complete"


@dataclass(frozen=True)
class Check(BetAction):
    type: ClassVar[str] = "check"


@dataclass(frozen=True)
class Bet(BetAction):
    type: ClassVar[str] = "bet"
    amount: Decimal | None = None  # fixed limit: implied

    def __post_init__(self) -> None:
        _positive(self.amount, "a bet")


@dataclass(frozen=True)
class Call(BetAction):
    type: ClassVar[str] = "call"


@dataclass(frozen=True)
class Raise(BetAction):
    type: ClassVar[str] = "raise"
    amount: Decimal | None = None

    def __post_init__(self) -> None:
        _positive(self.amount, "a raise")


@dataclass(frozen=True)
class Fold(BetAction):
    type: ClassVar[str] = "fold"


@dataclass(frozen=True)
class AllIn(BetAction):
    """A seat puts in its last money (less than a full bet or call)."""
    type: ClassVar[str] = "all_in"
    amount: Decimal = Decimal("0")

    def __post_init__(self) -> None:
        _positive(self.amount, "an all-in")


# ==================================================================== money and undo
@dataclass(frozen=True)
class Payment(Event):
    """Money entered by hand by the host: a correction or a side bet. `to` is a ledger account."""
    type: ClassVar[str] = "payment"
    seat: int
    amount: Decimal
    to: str = "pot:main"
    rule: str = ""
    memo: str = ""

    def __post_init__(self) -> None:
        _positive(self.amount, "a payment")
        kind, _, name = self.to.partition(":")
        if not ((kind == "pot" and name.strip()) or (kind == "seat" and name.isdigit()) or self.to == "house"):
            raise ValueError(f"a payment goes to 'pot:NAME', 'seat:N' or 'house', not {self.to!r}")
        if self.to == f"seat:{self.seat}":
            raise ValueError("a seat cannot pay itself")


@dataclass(frozen=True)
class Undo(Event):
    """Take back an earlier event (by its sequence number). Replay then skips it; nothing is erased."""
    type: ClassVar[str] = "undo"
    target: int
    reason: str

    def __post_init__(self) -> None:
        if not self.reason.strip():
            raise ValueError("an undo needs a reason")


# The table's own events (money in and out, seats coming and going) live in their own module; they
# join the registry here so that `from_json` knows them wherever events are read.
from .table_events import BuyIn, CashOut, SatIn, SatOut, SeatJoined  # noqa: E402,F401
