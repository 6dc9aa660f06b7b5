"""The bidding as pure functions of the seats (in bidding order: the dealer's left first) and the
history of (seat, bid) so far (boonaken-fa.txt lines 46-63, variants lines 139-143, 162-163).

The ladder, low to high: numbers in fives from `minimum_bid`, with misère just above
`misere_slot` (70) and zwabber just above `zwabber_slot` (100), zwabber with roem just above
zwabber; then boonaak, boonaak with roem (more above less), open boonaak. A pass is final.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable, Optional, Sequence

from .cards import PACK_POINTS
from .roem import max_roem
from .settings import DEFAULT, BoonakenSettings

Seat = Hashable
ROEM_STEP = 10          # roem totals are multiples of 10, so roem bids go 20, 30, ...
BOONAAK_RANK = 10 ** 6  # above every number


@dataclass(frozen=True)
class Bid:
    kind: str           # "pass", "number", "misere", "zwabber", "boonaak" or "open_boonaak"
    amount: int = 0     # the number, or the roem promised with zwabber / boonaak

    def __str__(self) -> str:
        name = {"number": "", "misere": "misère", "open_boonaak": "open boonaak"}.get(self.kind, self.kind)
        return f"{name} {self.amount}".strip() if self.amount else name


PASS = Bid("pass")
MISERE = Bid("misere")


def rank(bid: Bid, settings: BoonakenSettings = DEFAULT) -> tuple[int, int, int]:
    """A key that orders bids: a higher key outbids a lower one."""
    if bid.kind == "number":
        return (bid.amount, 0, 0)
    if bid.kind == "misere":
        return (settings.misere_slot, 1, 0)
    if bid.kind == "zwabber":
        return (settings.zwabber_slot, 1, bid.amount)
    if bid.kind == "boonaak":
        return (BOONAAK_RANK, 0, bid.amount)
    return (BOONAAK_RANK, 1, 0)


@dataclass(frozen=True)
class Auction:
    """What the history adds up to."""
    passed: frozenset
    high: Optional[tuple[Seat, Bid]]      # the standing bid and its bidder
    misere_bidders: tuple                 # the misère chain, in bidding order
    number_bidders: frozenset             # seats that made a number bid (no open boonaak for them)
    last: Optional[Seat]                  # who acted last


def auction(history: Sequence[tuple[Seat, Bid]]) -> Auction:
    passed, chain, numbers = set(), [], set()
    high, last = None, None
    for seat, bid in history:
        last = seat
        if bid.kind == "pass":
            passed.add(seat)
            continue
        if bid.kind == "misere":
            chain.append(seat)
            if len(chain) > 1:
                continue          # joining: the first misère stays the standing bid
        else:
            chain = []            # a lone misère overbid is gone (line 61)
        if bid.kind == "number":
            numbers.add(seat)
        high = (seat, bid)
    return Auction(frozenset(passed), high, tuple(chain), frozenset(numbers), last)


def _may_act(seat: Seat, state: Auction) -> bool:
    standing = state.high is not None and state.high[0] == seat
    return seat not in state.passed and seat not in state.misere_bidders and not standing


def next_bidder(seats: Sequence[Seat], history: Sequence[tuple[Seat, Bid]]) -> Optional[Seat]:
    """Whose turn it is: clockwise from the last to act; None once the bidding is over."""
    state = auction(history)
    start = 0 if state.last is None else seats.index(state.last) + 1
    for i in range(len(seats)):
        seat = seats[(start + i) % len(seats)]
        if _may_act(seat, state):
            return seat
    return None


def _roem_bids(kind: str, has_trump: bool, settings: BoonakenSettings) -> list[Bid]:
    return [Bid(kind, r) for r in range(2 * ROEM_STEP, max_roem(has_trump, settings) + 1, ROEM_STEP)]


@lru_cache(maxsize=32)
def ladder(settings: BoonakenSettings = DEFAULT) -> tuple[Bid, ...]:
    """Every bid but pass, low to high. Numbers stop where no hand could make them: all the
    card points plus the most roem there is. Kept per settings: every seat's options ask for it."""
    top = PACK_POINTS + max_roem(True, settings)
    bids = [Bid("number", n) for n in range(settings.minimum_bid, top + 1, 5)]
    if settings.misere:
        bids.append(MISERE)
    if settings.zwabber:
        bids.append(Bid("zwabber"))
        if settings.zwabber_with_roem:
            bids += _roem_bids("zwabber", False, settings)
    bids += [Bid("boonaak")] + _roem_bids("boonaak", True, settings)
    if settings.open_boonaak:
        bids.append(Bid("open_boonaak"))
    return tuple(sorted(bids, key=lambda b: rank(b, settings)))


def legal_bids(seats: Sequence[Seat], history: Sequence[tuple[Seat, Bid]], seat: Seat,
               settings: BoonakenSettings = DEFAULT) -> tuple[Bid, ...]:
    """The bids `seat` may make now, pass first; nothing when it is not the seat's turn."""
    if next_bidder(seats, history) != seat:
        return ()
    state = auction(history)
    chain = state.misere_bidders
    if len(chain) >= 2:
        # Line 59: once two have bid misère, only joining or passing is left (decision 7: how many join).
        return (PASS, MISERE) if settings.misere_everyone or len(chain) < 4 else (PASS,)
    floor = rank(state.high[1], settings) if state.high else (0, 0, 0)
    allowed = [PASS]
    for bid in ladder(settings):
        if bid.kind == "misere":
            # Joining a lone misère, or outbidding a lower number. An overbid lone misère can
            # never come back (line 61): every later bid ranks above it.
            if chain or rank(bid, settings) > floor:
                allowed.append(bid)
        elif rank(bid, settings) > floor and not (bid.kind == "open_boonaak" and seat in state.number_bidders):
            allowed.append(bid)
    if len(chain) == 1 and settings.lone_misere_overcall == "above":
        # Decision 2, text reading: "more than 75" (line 61), so 75 itself does not overcall.
        allowed = [b for b in allowed if not (b.kind == "number" and b.amount <= settings.misere_slot + 5)]
    return tuple(allowed)


@dataclass(frozen=True)
class Outcome:
    redeal: bool
    declarer: Optional[Seat] = None       # who leads; for misère the first misère bidder
    bid: Optional[Bid] = None
    misere_bidders: tuple = ()            # the chain: each takes the previous one's discards


def outcome(seats: Sequence[Seat], history: Sequence[tuple[Seat, Bid]]) -> Outcome:
    """The result of finished bidding: redeal when everyone passed (line 57)."""
    if next_bidder(seats, history) is not None:
        raise ValueError("the bidding is not over")
    state = auction(history)
    if state.high is None:
        return Outcome(redeal=True)
    seat, bid = state.high
    return Outcome(redeal=False, declarer=seat, bid=bid, misere_bidders=state.misere_bidders)
