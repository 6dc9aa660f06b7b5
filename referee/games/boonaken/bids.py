"""The bidding at the table: bid words read and refused in words, each bid announced, and the end
of the bidding (a redeal, or the contract and the exchange that follows)."""

from __future__ import annotations

from ...announcements import Kind
from ...cards import SUIT_SYMBOLS
from ...events import Bid as BidEvent
from ...work import Refusal, Work
from . import bidding
from .bidding import Bid

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def read_bid(text: str) -> Bid:
    """ "pass", "75", "misere" / "misère", "zwabber", "zwabber 30", "boonaak", "boonaak 50",
    "open boonaak"."""
    words = text.strip().lower().replace("misère", "misere").replace("_", " ").split()
    if not words:
        raise Refusal("a bid is a number, misère, zwabber, boonaak or pass")
    if words == ["pass"]:
        return bidding.PASS
    if len(words) == 1 and words[0].isdigit():
        return Bid("number", int(words[0]))
    if words == ["misere"]:
        return bidding.MISERE
    if words == ["open", "boonaak"]:
        return Bid("open_boonaak")
    if words[0] in ("zwabber", "boonaak") and len(words) <= 2:
        if len(words) == 1:
            return Bid(words[0])
        if words[1].isdigit():
            return Bid(words[0], int(words[1]))
    raise Refusal(f"{text!r} is not a bid: say a number in fives, misère, zwabber, boonaak, "
                  "\"boonaak 50\" (with roem) or pass")


def legal_bids(hand, seat: int, settings) -> tuple[Bid, ...]:
    """The bids `seat` may make now; under the seven-player variant the first deal of a game is
    misère for everyone (line 135)."""
    allowed = bidding.legal_bids(hand.order, hand.bids, seat, settings)
    if allowed and settings.seven_first_misere and len(hand.order) == 7 and hand.first_of_game:
        return (bidding.MISERE,)
    return allowed


def bid_words(bid: Bid) -> str:
    if bid.kind == "number":
        return str(bid.amount)
    if bid.kind in ("zwabber", "boonaak") and bid.amount:
        return f"{bid.kind} with {bid.amount} roem"
    return str(bid)


def on_bid(game, w: Work, event: BidEvent) -> None:
    hand, settings = w.hand, w.state.settings
    if hand.phase != "bidding":
        raise Refusal(f"the bidding is over (now: {hand.phase})")
    bid = read_bid(event.bid)
    turn = bidding.next_bidder(hand.order, hand.bids)
    if event.seat not in hand.order:
        raise Refusal(f"seat {event.seat} is not in this deal")
    if event.seat != turn:
        raise Refusal(f"it is seat {turn}'s turn to bid, not seat {event.seat}'s")
    allowed = legal_bids(hand, event.seat, settings)
    if bid not in allowed:
        if allowed == (bidding.MISERE,):
            raise Refusal("seven players, first deal of the game: everyone bids misère (seven_first_misere)")
        raise Refusal(_why_not(hand, event.seat, bid, settings))
    hand.bids += ((event.seat, bid),)
    w.say(f"Seat {event.seat}: {'pass' if bid.kind == 'pass' else bid_words(bid)}.", rule="bidding",
          seats=(event.seat,))
    if bidding.next_bidder(hand.order, hand.bids) is None:
        _bidding_over(game, w)


def _why_not(hand, seat: int, bid: Bid, settings) -> str:
    state = bidding.auction(hand.bids)
    if len(state.misere_bidders) >= 2:
        return "two players have bid misère: only joining the misère or passing is left"
    if bid.kind == "misere" and not settings.misere:
        return "misère is not played at this table"
    if bid.kind == "zwabber" and not (settings.zwabber and (not bid.amount or settings.zwabber_with_roem)):
        return "that zwabber is not played at this table"
    if bid.kind == "number" and (bid.amount < settings.minimum_bid or bid.amount % 5):
        return f"number bids go in fives from {settings.minimum_bid}"
    if bid.kind == "open_boonaak" and seat in state.number_bidders:
        return "a player who made a number bid may not bid open boonaak"
    if state.high is not None:
        return f"{bid_words(bid)} does not outbid {bid_words(state.high[1])}"
    return f"{bid_words(bid)} is not a bid at this table"


def _bidding_over(game, w: Work) -> None:
    hand, settings = w.hand, w.state.settings
    result = bidding.outcome(hand.order, hand.bids)
    if result.redeal:
        hand.redeal = True
        w.say(f"Everyone passed: deal {hand.number} is void, the cards are dealt again.", rule="redeal",
              kind=Kind.HAND_OVER)
        game.finish(w)
        return
    hand.contract, hand.declarer, hand.chain = result.bid, result.declarer, result.misere_bidders
    if result.bid.kind == "misere":
        names = ", ".join(f"seat {s}" for s in result.misere_bidders)
        w.say(f"Misère by {names}: nobody may take a trick. Seat {result.declarer} leads.",
              rule="misere", seats=result.misere_bidders)
    else:
        w.say(f"Seat {result.declarer} plays {bid_words(result.bid)}"
              f"{'' if result.bid.kind == 'zwabber' else ' and names trump (or leads it)'}.",
              rule="contract", seats=(result.declarer,))
    if settings.five_cards and result.bid.kind in ("boonaak", "open_boonaak"):
        w.say("Boonaak in the five-card version: the centre cards stay where they are.", rule="centre-cards")
        game.start_play(w)
        return
    hand.takers = result.misere_bidders if result.bid.kind == "misere" else (result.declarer,)
    game.start_exchange(w)


def trump_words(suit: str | None) -> str:
    return "no trump" if suit is None else f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"
