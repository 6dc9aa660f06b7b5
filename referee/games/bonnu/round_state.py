"""A Bonnu round's state: what the referee knows without seeing a hand.

Hands are hidden, so the referee keeps each seat's card COUNT (dealt, drawn, laid) and the cards it
was told of (named when dealt or drawn; the seat sees its own): `referee.hidden_hand.HiddenCopies`,
since a look-alike copy may be named twice. The pile is face up, so every card on it is known. From
the counts alone it knows when a seat went down to one card (a Reach owed) or to none (a Bonnu
owed), and how many cards are left to draw.

Claims are ordered by time: `Window` is the chance to Cut or Bonnu out of turn on the card just
laid, open until the next card laid in turn. That next card is kept with the round as it was before
it (`Late`), so that a claim stamped earlier but arriving later can still be ruled in time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ...cards import BonnuCard
from ...hidden_hand import HiddenCopies
from ...state import Deal
from ...work import Refusal
from .deck import DECK_SIZE
from .turns import next_seat, top_after_cut


NO_HAND = HiddenCopies()        # a seat dealt nothing yet


def check_card(card) -> BonnuCard:
    if not isinstance(card, BonnuCard):
        raise Refusal(f"{card} is not a Bonnu card (write one like red:7, blue:-1 or white:3#1)")
    return card


def stamp(at_ms: int | None, latency_ms: int) -> int | None:
    """The corrected observed time: the stamp less the measured latency (None: not stamped)."""
    return None if at_ms is None else at_ms - latency_ms


def seconds(ms: int | None) -> str:
    """12410 -> "12.41 s"; three decimals only where the milliseconds need them."""
    if ms is None:
        return "an unstamped time"
    return f"{ms / 1000:.2f} s" if ms % 10 == 0 else f"{ms / 1000:.3f} s"


@dataclass(frozen=True)
class Due:
    """A shout a seat owes: "reach" (down to one card) or "bonnu" (no card left), since `since_ms`."""
    seat: int
    word: str
    since_ms: int | None
    seq: int                                   # the event that made it owed


@dataclass(frozen=True)
class Window:
    """The chance to claim on the card just laid: the cards laid (the top last), who laid them,
    when, and how ("lead": the round's first card, "play": in turn, "cut"). A Cut's window keeps the
    window it answered and who was on turn then, so that a claim stamped before the Cut can be put
    first (the Cut taken back and laid again after it)."""
    cards: tuple[BonnuCard, ...]
    seat: int
    at_ms: int | None
    seq: int
    how: str
    prev: Optional["Window"] = None
    to_play_before: Optional[int] = None
    event: object = None                        # the CutLaid that made it

    @property
    def card(self) -> BonnuCard:
        """The card to match: a laid card, or the top one of a Cut (decision 1)."""
        return top_after_cut(self.cards)


@dataclass(frozen=True)
class Late:
    """The card laid in turn that closed the last window (`closed`): a claim on that window stamped
    before this card, but arriving after it, is ruled against it; in time, the card goes back.
    `card` None: the window was closed by a draw (window_closes_on_draw), ruled the same way; in
    time, the drawn card stays in the hand."""
    seat: int
    card: Optional[BonnuCard]
    at_ms: int | None
    seq: int
    closed: Window


@dataclass(kw_only=True)
class BonnuRound(Deal):
    table: tuple[int, ...] = ()                # the seats, clockwise
    game_no: int = 1
    # The opening draw (phase "opening"): who still draws, and what each drew this time.
    drawing: tuple[int, ...] = ()
    drawn: dict[int, BonnuCard] = field(default_factory=dict)
    first: Optional[int] = None                # who leads the round
    # Cards.
    hands: dict[int, HiddenCopies] = field(default_factory=dict)   # each seat's cards: count and named
    dealt: int = 0
    pile: tuple[BonnuCard, ...] = ()           # face up, the top last
    stock: int = DECK_SIZE                     # cards in the draw pile
    # Play.
    to_play: Optional[int] = None
    # play_drawn: the seat on turn that has just drawn, and the card (None: not named); it lays that
    # card if it matches, or keeps it (draw_kept). Any card laid on the pile ends the chance.
    drew: Optional[tuple[int, Optional[BonnuCard]]] = None
    passed: tuple[int, ...] = ()               # seats that passed, nothing to draw, since the last card laid
    owed: dict[int, int] = field(default_factory=dict)                      # penalty cards to draw
    dues: tuple[Due, ...] = ()
    window: Optional[Window] = None
    late: Optional[Late] = None
    heard: tuple[tuple[int, str, int | None], ...] = ()   # shouts and claims heard (seat, word or "cut:CARDS", time)
    rulings: tuple[str, ...] = ()              # every timing ruling, in words
    penalties: tuple[tuple[int, str], ...] = ()                             # (seat, why)
    # The end.
    winner: Optional[int] = None
    shown: dict[int, tuple[BonnuCard, ...]] = field(default_factory=dict)   # hands laid face up
    points: dict[int, int] = field(default_factory=dict)                    # this round's scores
    master: tuple[int, ...] = ()               # the Bonnu Master(s), once the game is won

    def clone(self) -> "BonnuRound":
        new = super().clone()
        for name in ("drawn", "hands", "owed", "shown", "points"):
            setattr(new, name, dict(getattr(self, name)))
        return new

    # ------------------------------------------------------------------- seats and cards
    def after(self, seat: int) -> int:
        """The next seat clockwise that has a turn (turns.next_seat: one holding a card)."""
        return next_seat(seat, self.table, self.holding)

    @property
    def top(self) -> Optional[BonnuCard]:
        return self.pile[-1] if self.pile else None

    def hand_of(self, seat: int) -> HiddenCopies:
        return self.hands.get(seat, NO_HAND)

    def holding(self, seat: int) -> int:
        return self.hand_of(seat).count

    def known_hand(self, seat: int) -> Optional[tuple]:
        """The seat's whole hand when every card in it was named, else None (it stays hidden)."""
        hand = self.hand_of(seat)
        return hand.named if hand.fully_known else None

    def receive(self, seat: int, card: Optional[BonnuCard]) -> None:
        self.hands[seat] = self.hand_of(seat).receive(card)

    def give_up(self, seat: int, cards: tuple[BonnuCard, ...]) -> None:
        self.hands[seat] = self.hand_of(seat).give_up(cards)

    def paying(self, seat: int) -> str:
        """The penalty the seat's next penalty card pays: the oldest not yet drawn (each penalty is
        one card, scoring.PENALTY_DRAW, so the last `owed` penalties are the unpaid ones)."""
        ids = [pid for s, pid in self.penalties if s == seat]
        return ids[-self.owed[seat]]

    def owes(self, seat: int, word: str) -> Optional[Due]:
        return next((d for d in self.dues if d.seat == seat and d.word == word), None)
