"""Roem at the table: the declarer's total, the opponents' challenges and the tie-break cards
during the first trick, the ruling when it closes, and the check of every claim against the
cards each seat played once the deal is over (boonaken-fa.txt lines 87-97; decisions 5, 6, 11).
"""

from __future__ import annotations

from ...work import Refusal, Work
from . import roem
from .deal_state import BoonakenDeal
from .events import RoemCardNamed, RoemChallenged, RoemDeclared


def number_contract(hand: BoonakenDeal) -> bool:
    return hand.contract is not None and hand.contract.kind == "number"


def clockwise_from_declarer(hand: BoonakenDeal, seats) -> list[int]:
    """Challengers are heard clockwise from the declarer's left (decision 6)."""
    i = hand.order.index(hand.declarer)
    ring = hand.order[i + 1:] + hand.order[:i]
    return [s for s in ring if s in seats]


def on_declared(game, w: Work, event: RoemDeclared) -> None:
    hand, settings = w.hand, w.state.settings
    if not number_contract(hand):
        raise Refusal("only a declarer with a number bid declares roem")
    if event.seat != hand.declarer:
        raise Refusal(f"only the declarer (seat {hand.declarer}) declares roem")
    if not hand.roem_open:
        raise Refusal("roem is declared during the first trick only")
    if hand.declared:
        raise Refusal(f"seat {event.seat} has declared {hand.declared} roem already")
    if event.amount >= hand.contract.amount:
        raise Refusal(f"roem declared must be less than the bid ({hand.contract.amount}); "
                      f"declare part of it instead")
    if event.amount > roem.max_roem(True, settings):
        raise Refusal(f"no six cards hold {event.amount} roem (the most is {roem.max_roem(True, settings)})")
    if event.amount < roem.STUK_POINTS:
        raise Refusal(f"no roem is worth {event.amount}: the least is {roem.STUK_POINTS} (a run of three, or stuk)")
    hand.declared = event.amount
    w.say(f"Seat {event.seat} declares {event.amount} roem. An opponent holding at least {event.amount} "
          "may challenge before the first trick is complete.", rule="roem-declare", seats=(event.seat,))


def on_challenged(game, w: Work, event: RoemChallenged) -> None:
    hand, settings = w.hand, w.state.settings
    if not hand.roem_open:
        raise Refusal("roem is challenged during the first trick only")
    if not hand.declared:
        raise Refusal("there is no declared roem to challenge")
    if event.seat not in hand.order or event.seat == hand.declarer:
        raise Refusal(f"only the declarer's opponents challenge (not seat {event.seat})")
    if any(s == event.seat for s, _ in hand.challenges):
        raise Refusal(f"seat {event.seat} has challenged already")
    if hand.challenges and settings.challengers == "first":
        raise Refusal(f"seat {hand.challenges[0][0]} has challenged: only the first challenge is heard at this table")
    if event.amount < hand.declared:
        raise Refusal(f"a challenge needs at least the declared {hand.declared} roem")
    if event.amount > roem.max_roem(True, settings):
        raise Refusal(f"no six cards hold {event.amount} roem")
    hand.challenges += ((event.seat, event.amount),)
    equal = event.amount == hand.declared
    w.say(f"Seat {event.seat} challenges with {event.amount} roem"
          + (f": equal totals, so seat {hand.declarer} and seat {event.seat} each name their highest roem card."
             if equal else f", more than seat {hand.declarer}'s {hand.declared}."),
          rule="roem-challenge", seats=(event.seat, hand.declarer))


def cards_owed(hand: BoonakenDeal) -> tuple[int, ...]:
    """Seats that must still name their highest roem card for an equal challenge."""
    owed = []
    for seat, amount in hand.challenges:
        if amount == hand.declared:
            for s in (hand.declarer, seat):
                if s not in hand.named and s not in owed:
                    owed.append(s)
    return tuple(owed)


def on_card_named(game, w: Work, event: RoemCardNamed) -> None:
    hand = w.hand
    if event.seat not in cards_owed(hand):
        raise Refusal(f"seat {event.seat} has no highest roem card to name now (only after an equal challenge)")
    card = event.card
    if card is None or card.is_joker or card.rank < 7:
        raise Refusal("name a card of the Boonaken pack")
    where = hand.where(card)
    if card not in hand.known_holding(event.seat) and card not in hand.played.get(event.seat, ()) and where:
        raise Refusal(f"{card.pretty} cannot be seat {event.seat}'s: it is {where}")
    hand.named[event.seat] = card
    w.say(f"Seat {event.seat} names {card.pretty} as the highest roem card.", rule="roem-tie",
          seats=(event.seat,))
    settle(w)


def close_window(w: Work) -> None:
    hand = w.hand
    if not hand.roem_open:
        return
    hand.roem_open = False
    if hand.declared:
        settle(w)
        if cards_owed(hand):
            w.say("The first trick is complete: " + " and ".join(f"seat {s}" for s in cards_owed(hand))
                  + " must name the highest roem card before the next lead.", rule="roem-tie")


def _cancelling(hand: BoonakenDeal, settings, challenges) -> tuple[bool, int | None]:
    """(decided, the challenger that cancels or None), hearing challenges in order."""
    by_seat = dict(challenges)
    for seat in clockwise_from_declarer(hand, by_seat):
        amount = by_seat[seat]
        if amount > hand.declared:
            return True, seat
        if hand.declarer not in hand.named or seat not in hand.named:
            return False, None
        if roem.challenge_cancels(hand.declared, hand.named[hand.declarer], amount, hand.named[seat],
                                  hand.trump, settings):
            return True, seat
    return True, None


def settle(w: Work) -> None:
    """The ruling, once the window is closed and every card needed is named."""
    hand, settings = w.hand, w.state.settings
    if hand.roem_open or hand.roem_settled or not hand.declared:
        return
    decided, seat = _cancelling(hand, settings, hand.challenges)
    if not decided:
        return
    hand.roem_settled, hand.roem_cancelled_by = True, seat
    if seat is None:
        w.say(f"Seat {hand.declarer}'s {hand.declared} roem stands"
              + (" (no opponent's roem beats it)." if hand.challenges else " (nobody challenged)."),
              rule="roem-challenge", seats=(hand.declarer,))
    else:
        amount = dict(hand.challenges)[seat]
        how = (f"{hand.named[seat].pretty} beats {hand.named[hand.declarer].pretty}"
               if amount == hand.declared else f"{amount} is more")
        w.say(f"Seat {seat}'s roem cancels seat {hand.declarer}'s {hand.declared} roem ({how}).",
              rule="roem-challenge", seats=(seat, hand.declarer))


def _claim_holds(hand: BoonakenDeal, settings, seat: int, amount: int) -> bool:
    cards = hand.played.get(seat, ())
    return roem.check_claim(cards, hand.trump, amount, hand.named.get(seat), settings) is not None


def _what_was_played(hand: BoonakenDeal, settings, seat: int, amount: int) -> str:
    """The proof of a false claim in words: the cards played, and when only the named top card was
    wrong, the card that really tops that roem."""
    cards = hand.played.get(seat, ())
    played = " ".join(c.pretty for c in cards)
    top = roem.highest_roem_card(cards, hand.trump, amount, settings)
    if top is not None:
        return f"the {amount} roem played ({played}) has {top.pretty} highest"
    return f"played {played}, which holds no such roem"


def verify(w: Work) -> tuple[int, bool]:
    """At the end of the deal: (the declarer's roem that counts, whether the declarer's claim was
    false). A false challenge is void, so the ruling is made again with the true ones only."""
    hand, settings = w.hand, w.state.settings
    if not hand.declared:
        return 0, False
    if not _claim_holds(hand, settings, hand.declarer, hand.declared):
        w.say(f"False roem: seat {hand.declarer} declared {hand.declared}"
              + (f" with {hand.named[hand.declarer].pretty} highest" if hand.declarer in hand.named else "")
              + f" but {_what_was_played(hand, settings, hand.declarer, hand.declared)}. "
              + ("The bid is lost." if settings.false_roem == "loses_bid" else "The roem does not count."),
              rule="false-roem", seats=(hand.declarer,))
        return 0, settings.false_roem == "loses_bid"
    true = []
    for seat, amount in hand.challenges:
        if _claim_holds(hand, settings, seat, amount):
            true.append((seat, amount))
        else:
            w.say(f"False challenge: seat {seat} claimed {amount} roem"
                  + (f" with {hand.named[seat].pretty} highest" if seat in hand.named else "")
                  + f" but {_what_was_played(hand, settings, seat, amount)}. The challenge is void.",
                  rule="false-roem", seats=(seat,))
    _, cancelled_by = _cancelling(hand, settings, true)
    if cancelled_by != hand.roem_cancelled_by:
        w.say(f"Seat {hand.declarer}'s {hand.declared} roem "
              + ("stands after all." if cancelled_by is None else f"is cancelled by seat {cancelled_by}."),
              rule="false-roem", seats=(hand.declarer,))
        hand.roem_cancelled_by = cancelled_by
    return (0 if cancelled_by is not None else hand.declared), False
