"""The points sheet, the original's other way to find the loser (boonaken-fa.txt line 155; the
five-card version's table, lines 164-165; docs/boonaken-decisions.md, "Points instead of marks").

Every seat starts at 5. As with marks, only the declarer, or each misère bidder, scores in a deal:
a bid won takes its value off, a bid lost adds it. At 0 or below a seat is out, a winner sitting
out until the loser is found; at 11 or more (five-card version: 10 or more) it loses; otherwise the
last seat still in loses. Seats are given clockwise: a seat's left is the next one. The first dealer
of the next game is `marks.next_game_dealer`, which needs only the seats and the losers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Hashable, Optional, Sequence

from .bidding import Bid
from .settings import BoonakenSettings

Seat = Hashable

START = 5
OUT_AT = 0                  # line 155: "reached or passed zero"; line 164: "below 1"
LOSER_AT = 11               # line 155: "11 or more"
FIVE_CARD_LOSER_AT = 10     # line 164: "10 points or more"

# (lowest number, value), low to high: the value of the highest band a number reaches. Numbers are
# multiples of 5, so line 155's "over 75" starts at 80 and line 165's "25 to 45" takes every
# number below 50 (below 25 only when a host lowers the minimum bid).
BANDS = ((0, 1), (50, 2), (80, 3))
FIVE_CARD_BANDS = ((0, 1), (50, 2), (75, 3), (100, 5), (125, 6))
FIVE_CARD_BOONAAK = {"boonaak": 5, "open_boonaak": 10}      # line 165, boonaak with roem as boonaak


class PointsError(ValueError):
    pass


@dataclass(frozen=True)
class Scored:
    """One seat's line on the sheet for one deal."""
    seat: Seat
    bid: Bid
    won: bool
    points: int             # the change: the bid's value taken off when won, added when lost


@dataclass(frozen=True)
class PointsSheet:
    seats: tuple                    # every seat at the table, clockwise
    deals: tuple                    # per scored deal: (Scored, ...) in bidding order (the misère chain)
    settings: BoonakenSettings

    def column(self, seat: Seat) -> tuple[int, ...]:
        """The seat's score as written down: 5, then the score after each of its deals."""
        if seat not in self.seats:
            raise PointsError(f"{seat!r} has no column on this sheet")
        scores = [START]
        for deal in self.deals:
            scores += [scores[-1] + line.points for line in deal if line.seat == seat]
        return tuple(scores)

    def score(self, seat: Seat) -> int:
        return self.column(seat)[-1]


def new_points_sheet(seats: Sequence[Seat], settings: BoonakenSettings) -> PointsSheet:
    if settings.scoring != "points":
        raise PointsError('this table keeps marks: a points sheet needs the setting scoring "points"')
    seats = tuple(seats)
    if len(set(seats)) != len(seats) or len(seats) < 2:
        raise PointsError("a points sheet needs at least two different seats")
    return PointsSheet(seats, (), settings)


def bid_value(bid: Bid, settings: BoonakenSettings) -> int:
    """What a bid is worth, won or lost. A misère or zwabber counts as the number it ranks just
    above (its slot); a boonaak of any kind ranks above every number (see the decisions doc)."""
    if bid.kind == "number":
        if bid.amount < 5 or bid.amount % 5:
            raise PointsError(f"{bid.amount} is not a number bid: bids are multiples of 5")
        number = bid.amount
    elif bid.kind == "misere":
        number = settings.misere_slot
    elif bid.kind == "zwabber":
        number = settings.zwabber_slot
    elif bid.kind in FIVE_CARD_BOONAAK:
        if settings.five_cards:
            return FIVE_CARD_BOONAAK[bid.kind]
        return BANDS[-1][1]
    else:
        raise PointsError(f'"{bid}" scores nothing: only the bid played, or each misère, is scored')
    bands = FIVE_CARD_BANDS if settings.five_cards else BANDS
    return max(value for lowest, value in bands if number >= lowest)


def loser_at(settings: BoonakenSettings) -> int:
    """The score that loses: 11, or 10 in the five-card version."""
    return FIVE_CARD_LOSER_AT if settings.five_cards else LOSER_AT


def status(sheet: PointsSheet, seat: Seat) -> str:
    """"out" (a winner: 0 or below), "loser" (the loser's score reached) or "in"."""
    score = sheet.score(seat)
    if score <= OUT_AT:
        return "out"
    return "loser" if score >= loser_at(sheet.settings) else "in"


def seats_in(sheet: PointsSheet) -> tuple:
    """The seats still playing, clockwise: everyone not out."""
    return tuple(s for s in sheet.seats if status(sheet, s) != "out")


def game_over(sheet: PointsSheet) -> Optional[tuple]:
    """The loser(s) once found, else None. A seat reaching the loser's score loses; one going out
    in the same deal stays a winner. Two reaching it in one misère deal: decision 9 (`two_erin`),
    both lose or the first of them in the chain. Otherwise, once all but one are out, that last
    one loses (lines 155, 164)."""
    # Nobody scores once the game is over, so any loser reached that score in the last deal.
    last = sheet.deals[-1] if sheet.deals else ()
    losers = tuple(line.seat for line in last if status(sheet, line.seat) == "loser")
    if losers:
        return losers[:1] if sheet.settings.two_erin == "first" else losers
    left = seats_in(sheet)
    return left if len(left) == 1 else None


def _result(item) -> tuple[Seat, Bid, bool]:
    try:
        seat, bid, won = item
    except (TypeError, ValueError):
        raise PointsError(f"a result is (seat, bid, won), not {item!r}") from None
    if not isinstance(bid, Bid):
        raise PointsError(f"{seat!r}'s result needs the bid played, not {bid!r}")
    return seat, bid, bool(won)


def _change(bid: Bid, won: bool, settings: BoonakenSettings) -> int:
    value = bid_value(bid, settings)
    return -value if won else value


def apply_points(sheet: PointsSheet, results: Sequence[tuple[Seat, Bid, bool]]) -> PointsSheet:
    """The sheet after one deal. `results` is (seat, bid, won) for the declarer, or for each misère
    bidder in chain order; a redeal scores nothing (pass no results: the sheet is unchanged)."""
    results = tuple(_result(item) for item in results)
    if not results:
        return sheet
    if game_over(sheet) is not None:
        raise PointsError("the game is over: the loser is found")
    seats = [seat for seat, _, _ in results]
    if len(set(seats)) != len(seats):
        raise PointsError("a player scores once per deal")
    if len(results) > 1 and any(bid.kind != "misere" for _, bid, _ in results):
        raise PointsError("only misère bidders score together; otherwise a deal has one declarer")
    still = seats_in(sheet)
    for seat in seats:
        if seat not in sheet.seats:
            raise PointsError(f"{seat!r} has no column on this sheet")
        if seat not in still:
            raise PointsError(f"{seat!r} is out and cannot score")
    deal = tuple(Scored(seat, bid, won, _change(bid, won, sheet.settings)) for seat, bid, won in results)
    after = replace(sheet, deals=sheet.deals + (deal,))
    if not seats_in(after):
        raise PointsError("not every player still in can go out: someone takes the tricks")
    return after


def _left_still_in(sheet: PointsSheet, seat: Seat) -> Seat:
    """The first seat still in, going left from `seat` (itself last)."""
    i = sheet.seats.index(seat)
    ring = sheet.seats[i + 1:] + sheet.seats[:i + 1]
    still = seats_in(sheet)
    return next(s for s in ring if s in still)


def next_dealer(sheet: PointsSheet, dealer: Seat, declarer: Optional[Seat] = None) -> Seat:
    """Who deals the next deal of the same game, as on the marks sheet (`marks.next_dealer`):
    the deal passes left skipping seats that are out (lines 36, 117); under `dealer_rotation`
    "declarer" (line 131, decision 12) the last declarer deals, or the first seat still in on
    their left once they are out."""
    for seat in (dealer, declarer):
        if seat is not None and seat not in sheet.seats:
            raise PointsError(f"{seat!r} has no column on this sheet")
    if game_over(sheet) is not None:
        raise PointsError("the game is over: the next game is dealt by the seat right of the loser")
    if sheet.settings.dealer_rotation == "declarer" and declarer is not None:
        if declarer in seats_in(sheet):
            return declarer
        return _left_still_in(sheet, declarer)
    return _left_still_in(sheet, dealer)
