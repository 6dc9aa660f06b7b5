"""A deal's result and the sheet it goes on (boonaken-fa.txt lines 99-123).

Number bid: the declarer's card points in tricks plus declared roem not cancelled, at least the
bid. Misère: each misère bidder who takes no trick wins. Zwabber and boonaak: every trick (and
the roem bid, held). A revoke or a false roem decides a deal first (decision 11); a result that
is certain before the last trick is announced at once (decision 10) and the deal played out, so
that every card is seen for the roem checks.
"""

from __future__ import annotations

from ...announcements import Kind
from ...work import Work
from . import cards as bcards
from . import marks, points, roem
from .bids import bid_words
from .deal_state import BoonakenDeal
from . import roem_calls


# ------------------------------------------------------------------------ revokes (decision 11)
def seats_words(seats) -> str:
    """"seat 2", "seats 1 and 4", "seats 1, 2 and 4"."""
    seats = [str(s) for s in seats]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(seats[:-1])} and {seats[-1]}"


def revoke_effect(hand: BoonakenDeal, seat: int) -> str:
    if seat in hand.bidders:
        return f"Seat {seat} loses the {_contract_name(hand)}"
    return f"An opponent's revoke: {seats_words(hand.bidders)} win{'s' if len(hand.bidders) == 1 else ''} the deal"


def _revoke_results(hand: BoonakenDeal, settings) -> dict[int, bool]:
    """The results fixed by revokes, in the order they were played (penalty settings only)."""
    fixed: dict[int, bool] = {}
    if settings.illegal_card == "announce":
        return fixed
    for r in sorted(hand.revokes, key=lambda r: (r.trick, _position(hand, r))):
        if r.seat in hand.bidders:
            fixed.setdefault(r.seat, False)
        else:
            for s in hand.bidders:
                fixed.setdefault(s, True)
    return fixed


def _position(hand: BoonakenDeal, revoke) -> int:
    plays = hand.tricks[revoke.trick - 1].plays if revoke.trick <= len(hand.tricks) else hand.trick
    return next(i for i, (s, _) in enumerate(plays) if s == revoke.seat)


def _contract_name(hand: BoonakenDeal) -> str:
    return "misère" if hand.contract.kind == "misere" else bid_words(hand.contract)


def trick_points(hand: BoonakenDeal, seat: int) -> int:
    return sum(bcards.points([c for _, c in t.plays], hand.trump) for t in hand.tricks if t.winner == seat)


# ------------------------------------------------------------------------ certainty (decision 10)
def certain_results(hand: BoonakenDeal, settings) -> dict[int, bool]:
    """The results no card still to come can change."""
    out = _revoke_results(hand, settings)
    kind = hand.contract.kind
    for seat in hand.bidders:
        if seat in out:
            continue
        if kind == "misere" and hand.tricks_won(seat):
            out[seat] = False
        elif kind in ("zwabber", "boonaak", "open_boonaak") and any(t.winner != seat for t in hand.tricks):
            out[seat] = False
        elif kind == "number":
            have = trick_points(hand, seat)
            left = bcards.PACK_POINTS - sum(trick_points(hand, s) for s in hand.order) - _out_of_play_points(hand)
            # A challenge that cancels is proven only once the challenger's cards are all played
            # (a false one is void, decision 11): until then the declared roem may still count.
            most_roem = hand.declared
            if have + left + most_roem < hand.contract.amount:
                out[seat] = False
            elif not hand.declared and have >= hand.contract.amount:
                out[seat] = True
    return out


def _out_of_play_points(hand: BoonakenDeal) -> int:
    """Points known to be out of play (the last discards, named set-aside cards): never won."""
    last = hand.discards.get(hand.takers[-1], ()) if hand.takers else ()
    return bcards.points([c for c in last if c is not None] + list(hand.aside), hand.trump)


def check_certain(w: Work) -> dict[int, bool]:
    """Announce each result that has just become certain; all the certain ones, for the caller."""
    hand, settings = w.hand, w.state.settings
    if hand.phase != "play":
        return {}
    certain = certain_results(hand, settings)
    for seat, won in certain.items():
        if seat in hand.certain:
            continue
        hand.certain += (seat,)
        hidden = not all(hand.fully_known(s) for s in hand.order)
        # Under stop_when_certain the deal ends once every result is certain (said next), else it goes on.
        rest = "" if settings.stop_when_certain else " The deal is played out, so that every card is seen."
        w.say(f"Certain now: seat {seat} {'wins' if won else 'loses'} the {_contract_name(hand)}"
              f"{' (unless an earlier revoke comes to light)' if hidden else ''}.{rest}", rule="deal-certain",
              seats=(seat,))
    return certain


# ------------------------------------------------------------------------------ the result
def deal_results(w: Work) -> tuple[tuple[int, bool], ...]:
    hand, settings = w.hand, w.state.settings
    kind, bid = hand.contract.kind, hand.contract
    fixed = _revoke_results(hand, settings)
    results = []
    if kind == "number":
        roem_points, false_claim = roem_calls.verify(w)
        seat = hand.declarer
        points = trick_points(hand, seat)
        made = points + roem_points >= bid.amount and not false_claim
        if seat not in fixed:
            w.say(f"Seat {seat} {'made' if made else 'went down on'} {bid.amount}: {points} card points in tricks"
                  f" + {roem_points} roem = {points + roem_points}.", rule="scoring", seats=(seat,))
        results.append((seat, fixed.get(seat, made)))
    elif kind == "misere":
        for seat in hand.chain:
            won = hand.tricks_won(seat) == 0
            if seat not in fixed:
                w.say(f"Seat {seat} {'took no trick: misère won' if won else 'took a trick: misère lost'}.",
                      rule="misere", seats=(seat,))
            results.append((seat, fixed.get(seat, won)))
    else:
        seat = hand.declarer
        won = hand.tricks_won(seat) == len(hand.tricks)
        if won and bid.amount:
            won = roem.holds_roem(hand.played[seat], hand.trump, bid.amount, settings)
            if not won:
                w.say(f"Seat {seat} bid {bid_words(bid)} but played {' '.join(c.pretty for c in hand.played[seat])}: "
                      "the roem is not there, the bid is lost.", rule="false-roem", seats=(seat,))
        if seat not in fixed:
            w.say(f"Seat {seat} {'took every trick' if hand.tricks_won(seat) == len(hand.tricks) else 'lost a trick'}"
                  f": {bid_words(bid)} {'won' if won else 'lost'}.", rule="scoring", seats=(seat,))
        results.append((seat, fixed.get(seat, won)))
    for seat, won in results:
        if seat in fixed:
            w.say(f"Seat {seat} {'wins' if won else 'loses'} on the revoke.", rule="revoke", seats=(seat,))
    return tuple(results)


# ------------------------------------------------------------------ the sheet: marks or points
def new_sheet(seats, settings):
    return points.new_points_sheet(seats, settings) if settings.scoring == "points" else marks.new_sheet(seats)


def seats_still_in(sheet, settings) -> tuple:
    return points.seats_in(sheet) if settings.scoring == "points" else marks.seats_in(sheet)


def losers(sheet, settings):
    return points.game_over(sheet) if settings.scoring == "points" else marks.game_over(sheet, settings)


def next_dealer(sheet, dealer: int, declarer, settings) -> int:
    if settings.scoring == "points":
        return points.next_dealer(sheet, dealer, declarer)
    return marks.next_dealer(sheet, dealer, declarer, settings)


def seat_words(sheet, seat: int, settings) -> tuple[str, str]:
    """(the seat's column, its state in words)."""
    if settings.scoring == "points":
        now = points.status(sheet, seat)
        words = {"out": "out: a winner, sitting out until the loser is found", "loser": "the loser",
                 "in": "still in"}[now]
        return f"{sheet.score(seat)} points", words
    now = marks.status(sheet, seat)
    words = {"eruit": "two +: eruit, a winner, out until the loser is found",
             "erin": "two −: erin", "wip": "one + and one −: wip, the next mark decides", "in": "still in"}[now]
    column = sheet.column(seat).replace("-", "−")
    return (f"marks {column}" if column else "no marks"), words


def status_word(sheet, seat: int, settings) -> str:
    if settings.scoring == "points":
        return {"out": "eruit", "loser": "erin"}.get(points.status(sheet, seat), "in")
    return marks.status(sheet, seat)


def mark_deal(w: Work, results) -> None:
    """Marks (or points) on the sheet, each seat's state after them, and the loser once found."""
    hand, settings = w.hand, w.state.settings
    hand.results = results
    if settings.scoring == "points":
        hand.sheet = points.apply_points(hand.sheet, [(s, hand.contract, won) for s, won in results])
    else:
        hand.sheet = marks.apply_marks(hand.sheet, results, settings)
    for seat, won in results:
        column, words = seat_words(hand.sheet, seat, settings)
        if settings.scoring == "points":
            before, after = hand.sheet.column(seat)[-2:]
            w.say(f"Seat {seat}: {'won' if won else 'lost'}, {before} → {after} points: {words}.", rule="marks",
                  seats=(seat,))
        else:
            w.say(f"Seat {seat}: {'+' if won else '−'} ({column}): {words}.", rule="marks", seats=(seat,))
    found = losers(hand.sheet, settings)
    if found:
        hand.losers = found
        w.say(f"Game {hand.game_no} is over: {seats_words(found)} {'loses' if len(found) == 1 else 'lose'} and "
              f"{'buys' if len(found) == 1 else 'buy'} the drinks!", rule="loser", kind=Kind.HAND_OVER,
              seats=found)
