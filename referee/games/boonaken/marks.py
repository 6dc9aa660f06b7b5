"""The marks sheet that finds the loser (boonaken-fa.txt lines 113-123, variant line 131;
decisions 9 and 12).

Only the declarer, or each misère bidder, gets a mark per deal: + for a win, − for a loss.
Two + is eruit (a winner, out until the loser is found), two − is erin (the loser), one of each
is wip: marks never cancel, so the player's next mark decides (line 121). The last player still
in loses. Seats are given clockwise: a seat's left is the next one, its right the one before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Optional, Sequence

from .settings import DEFAULT, BoonakenSettings

Seat = Hashable


class MarksError(ValueError):
    pass


@dataclass(frozen=True)
class Sheet:
    seats: tuple               # every seat at the table, clockwise
    deals: tuple = ()          # per marked deal: ((seat, won), ...) in bidding order (the misère chain)

    def column(self, seat: Seat) -> str:
        """The seat's marks in order, like "+-"."""
        return "".join("+" if won else "-" for deal in self.deals for s, won in deal if s == seat)


def new_sheet(seats: Sequence[Seat]) -> Sheet:
    seats = tuple(seats)
    if len(set(seats)) != len(seats) or len(seats) < 2:
        raise MarksError("a marks sheet needs at least two different seats")
    return Sheet(seats)


def status(sheet: Sheet, seat: Seat) -> str:
    """"eruit" (two +), "erin" (two −), "wip" (one of each: the next mark decides) or "in"."""
    if seat not in sheet.seats:
        raise MarksError(f"{seat!r} has no column on this sheet")
    col = sheet.column(seat)
    if col.count("+") >= 2:
        return "eruit"
    if col.count("-") >= 2:
        return "erin"
    return "wip" if len(col) == 2 else "in"


def seats_in(sheet: Sheet) -> tuple:
    """The seats still playing, clockwise: everyone not eruit (line 117)."""
    return tuple(s for s in sheet.seats if status(sheet, s) != "eruit")


def game_over(sheet: Sheet, settings: BoonakenSettings = DEFAULT) -> Optional[tuple]:
    """The loser(s) once found, else None. Erin loses (line 118); a player going eruit in the
    same deal stays a winner. Decision 9: two erin in one deal both lose (`two_erin` "both") or
    the first of them in the misère chain ("first"). Otherwise, once all but one are eruit, that
    last player loses (line 119). Almost always one seat."""
    # Nobody gets a mark once the game is over, so any erin player went erin in the last deal.
    last = sheet.deals[-1] if sheet.deals else ()
    erin = tuple(s for s, _ in last if status(sheet, s) == "erin")
    if erin:
        return erin[:1] if settings.two_erin == "first" else erin
    left = seats_in(sheet)
    return left if len(left) == 1 else None


def apply_marks(sheet: Sheet, results: Sequence[tuple[Seat, bool]],
                settings: BoonakenSettings = DEFAULT) -> Sheet:
    """The sheet after one deal. `results` is (seat, won) for the declarer, or for each misère
    bidder in chain order; a redeal gives no marks (pass no results: the sheet is unchanged)."""
    results = tuple((seat, bool(won)) for seat, won in results)
    if not results:
        return sheet
    if game_over(sheet, settings) is not None:
        raise MarksError("the game is over: the loser is found")
    seats = [seat for seat, _ in results]
    if len(set(seats)) != len(seats):
        raise MarksError("a player gets one mark per deal")
    still = seats_in(sheet)
    for seat in seats:
        if seat not in still:
            raise MarksError(f"{seat!r} is not still in and cannot get a mark")
    after = Sheet(sheet.seats, sheet.deals + (results,))
    if not seats_in(after):
        raise MarksError("not every player still in can go eruit: someone takes the tricks")
    return after


def _left_still_in(sheet: Sheet, seat: Seat) -> Seat:
    """The first seat still in, going left from `seat` (itself last)."""
    i = sheet.seats.index(seat)
    ring = sheet.seats[i + 1:] + sheet.seats[:i + 1]
    still = seats_in(sheet)
    return next(s for s in ring if s in still)


def next_dealer(sheet: Sheet, dealer: Seat, declarer: Optional[Seat] = None,
                settings: BoonakenSettings = DEFAULT) -> Seat:
    """Who deals the next deal of the same game. The deal passes left, skipping eruit seats
    (lines 36, 117). Under `dealer_rotation` "declarer" (line 131) the last deal's declarer deals,
    the first misère bidder for several (decision 12: the one who leads, `Outcome.declarer`);
    after a redeal (no declarer), or if the declarer is now eruit, the deal passes left from them."""
    if dealer not in sheet.seats:
        raise MarksError(f"{dealer!r} has no column on this sheet")
    if game_over(sheet, settings) is not None:
        raise MarksError("the game is over: the next game is dealt by the seat right of the loser")
    if settings.dealer_rotation == "declarer" and declarer is not None:
        if status(sheet, declarer) != "eruit":
            return declarer
        return _left_still_in(sheet, declarer)
    return _left_still_in(sheet, dealer)


def next_game_dealer(seats: Sequence[Seat], losers: Sequence[Seat]) -> Seat:
    """The first dealer of the next game: the player right of the loser (line 123), so the loser
    bids first. With two losers (decision 9), right of the first of them in the misère chain."""
    seats = tuple(seats)
    if not losers or losers[0] not in seats:
        raise MarksError("the next game's dealer needs the loser's seat")
    return seats[seats.index(losers[0]) - 1]
