"""What each viewer sees of a Boonaken deal (`view`), and every legal action of a seat now
(`options`): the one source for the phones, the host console, the camera adapter and the simulator.

Public: the bids, the face-up centre cards until they are taken, the trump, every card played,
the tricks, the roem totals and tie-break cards, the sheet. A seat sees the cards named for its
own hand, the centre cards it took and the discards it made or took. The host sees everything.
"""

from __future__ import annotations

from typing import Any

from ...cards import SUITS
from ...events import Bid as BidEvent, CardDealt, CardDiscarded, CardPlayed, HandShown, HandStarted
from ...game import HOST, Game
from ...options import Option
from ...state import evolve
from . import bidding, play, roem
from .bids import bid_words, legal_bids, trump_words
from .deal_state import BoonakenDeal
from .events import RoemCardNamed, RoemChallenged, RoemDeclared, TrumpNamed
from .roem_calls import cards_owed, clockwise_from_declarer, number_contract
from . import scoring
from .tricks import has_trump


def in_hand_order(cards) -> list:
    """Suit by suit, high to low: the way a hand is held and shown."""
    return sorted(cards, key=lambda c: ("SHCD".index(c.suit), -c.rank))


def _codes(cards) -> list[str]:
    return [c.code for c in in_hand_order(cards)]


# --------------------------------------------------------------------------------- options
def seat_options(state, seat: int) -> list[Option]:
    hand: BoonakenDeal = state.hand
    settings = state.settings
    if hand is None or hand.phase == "over" or seat not in hand.order:
        return []
    out: list[Option] = []
    if hand.phase == "bidding":
        for bid in legal_bids(hand, seat, settings):
            label = "Pass" if bid.kind == "pass" else f"Bid {bid_words(bid)}"
            out.append(Option("bid", seat, label, BidEvent(seat, str(bid) if bid.kind != "number" else str(bid.amount)),
                              rule="bidding"))
        return out
    if hand.phase == "exchange" and hand.discarder() == seat:
        n, done = hand.centre_size, len(hand.discards.get(seat, ()))
        label = f"Discard face down ({done + 1} of {n})"
        if hand.fully_known(seat):
            out += [Option("discard", seat, f"{label}: {c.pretty}", CardDiscarded(seat, c), rule="centre-cards")
                    for c in in_hand_order(hand.known_holding(seat))]
        else:
            out.append(Option("discard", seat, label, CardDiscarded(seat, None), rule="centre-cards",
                              needs=("card",)))
    if seat == hand.declarer and not hand.trump_named and not hand.tricks and not hand.trick \
            and has_trump(hand, settings) and hand.phase in ("exchange", "play"):
        out += [Option("trump", seat, f"Trump: {trump_words(s)}", TrumpNamed(seat, s), rule="trump") for s in SUITS]
    if hand.phase != "play":
        return out
    if hand.contract.kind == "open_boonaak" and seat == hand.declarer and not hand.shown and not hand.tricks \
            and not hand.trick:
        out.append(Option("show", seat, "Lay my hand open", HandShown(seat, ()), rule="contract", needs=("cards",)))
    out += _roem_options(hand, settings, seat)
    if hand.to_play() == seat and not (cards_owed(hand) and hand.tricks and not hand.trick):
        if hand.fully_known(seat):
            held = tuple(in_hand_order(hand.known_holding(seat)))
            legal = play.legal_plays(held, [c for _, c in hand.trick], hand.trump, settings) if hand.trick else held
            out += [Option("play", seat, f"Play {c.pretty}", CardPlayed(seat, c), rule="follow") for c in legal]
        else:
            out.append(Option("play", seat, "Play a card", CardPlayed(seat, None), rule="follow", needs=("card",)))
    return out


def _roem_amounts(hand: BoonakenDeal, settings, seat: int, low: int, high: int) -> list[int]:
    """The totals a seat may state: what its hand holds when the referee knows it, else any."""
    if hand.fully_known(seat):
        cards = hand.after_exchange(seat)
        return [t for t in roem.declarable_totals(tuple(cards), hand.trump, settings) if low <= t <= high]
    return list(range(max(low, 20), high + 1, 10))


def _roem_options(hand: BoonakenDeal, settings, seat: int) -> list[Option]:
    out: list[Option] = []
    top = roem.max_roem(True, settings)
    if hand.roem_open and number_contract(hand) and seat == hand.declarer and not hand.declared:
        for amount in _roem_amounts(hand, settings, seat, 10, min(top, hand.contract.amount - 1)):
            out.append(Option("roem", seat, f"Declare {amount} roem", RoemDeclared(seat, amount), rule="roem-declare"))
    heard = not (hand.challenges and settings.challengers == "first")
    if hand.roem_open and hand.declared and seat != hand.declarer and heard \
            and all(s != seat for s, _ in hand.challenges):
        for amount in _roem_amounts(hand, settings, seat, hand.declared, top):
            out.append(Option("challenge", seat, f"Challenge with {amount} roem", RoemChallenged(seat, amount),
                              rule="roem-challenge"))
    if seat in cards_owed(hand):
        amount = hand.declared if seat == hand.declarer else dict(hand.challenges)[seat]
        if hand.fully_known(seat):
            cards = tuple(hand.after_exchange(seat))
            best = roem.highest_roem_card(cards, hand.trump, amount, settings)
            if best is not None:
                out.append(Option("roem_card", seat, f"Name {best.pretty} as my highest roem card",
                                  RoemCardNamed(seat, best), rule="roem-tie"))
            else:   # the hand holds no such roem: whichever card is named, the claim is found false at the end
                out += [Option("roem_card", seat, f"Name {c.pretty} (no roem of {amount} in this hand)",
                               RoemCardNamed(seat, c), rule="roem-tie") for c in in_hand_order(cards)]
        else:
            out.append(Option("roem_card", seat, "Name my highest roem card", RoemCardNamed(seat, None),
                              rule="roem-tie", needs=("card",)))
    return out


def host_options(game, state) -> list[Option]:
    """The host's: start the next deal (naming the first dealer of the night), call one off,
    and enter the cards of the deal by hand until the bidding ends (as `deal_card` takes them)."""
    hand: BoonakenDeal | None = state.hand
    base = [o for o in Game.options(game, state, None) if o.action != "start"]
    if hand is None or hand.phase == "over":
        number = state.hands_played + 1
        dealers = [game.next_dealer(state)] if hand is not None else \
            [s for s in state.seats if s not in state.sitting_out]
        starts = [Option("start", None, f"Start deal {number}, seat {d} deals", HandStarted(number, d))
                  for d in dealers]
        return starts + base
    if hand.phase == "bidding":
        lay = hand.layout
        for place, up, deck, most in (("up", True, "main", lay.centre_up), ("down", False, "main", lay.centre_down),
                                      ("aside", False, "aside", lay.set_aside)):
            if hand.dealt.get(place, 0) < most:
                # a face-up CardDealt without its card is refused when made: the blank skips that check
                base.append(Option("deal", None, f"Centre card {'face up' if up else place}",
                                   evolve(CardDealt(None, None, False, deck=deck), up=up), needs=("card",)))
        for seat in hand.order:
            if hand.dealt.get(f"hand:{seat}", 0) < lay.hand_size:
                base.append(Option("deal", None, f"A card into seat {seat}'s hand", CardDealt(seat, None, False),
                                   needs=("card",)))
    return base


# ------------------------------------------------------------------------------------ view
def deal_view(state, viewer) -> dict[str, Any]:
    hand: BoonakenDeal | None = state.hand
    if hand is None:
        # Before the first deal: the game's empty sheet, so every phone shows who is playing.
        seats = tuple(s for s in state.seats if s not in state.sitting_out)
        fresh = scoring.new_sheet(seats, state.settings) if len(seats) >= 2 else None
        return {"sheet": None if fresh is None else sheet_view(fresh, (), (), 1, state.settings)}
    settings = state.settings
    seat = viewer if isinstance(viewer, int) else None

    def sees_hand(s: int) -> bool:
        # Open boonaak is played with the declarer's cards shown (line 162): everyone sees them.
        shown = hand.contract is not None and hand.contract.kind == "open_boonaak" and s == hand.declarer
        return viewer == HOST or seat == s or shown

    def shows_to(s: int) -> dict[str, Any]:
        held = hand.known_holding(s)
        out: dict[str, Any] = {"seat": s, "holding": hand.holding(s), "tricks": hand.tricks_won(s),
                               "played": [c.code for c in hand.played.get(s, ())]}
        if sees_hand(s):
            out["cards"] = _codes(held)
        if viewer == HOST or seat == s:           # face down: an open hand does not show them
            out["discards"] = [c.code if c is not None else None for c in hand.discards.get(s, ())]
        return out

    contract = None
    if hand.contract is not None:
        contract = {"seat": hand.declarer, "kind": hand.contract.kind, "amount": hand.contract.amount,
                    "text": bid_words(hand.contract), "misere_chain": list(hand.chain)}
    taken = hand.centre_taken
    took = hand.takers[0] if taken else None
    centre = {"up": [] if taken else [c.code for c in hand.centre_up],
              "size": hand.centre_size, "taken_by": took if taken else None}
    if viewer == HOST or (taken and seat is not None and seat == took):
        centre["cards"] = [c.code for c in hand.centre_up + hand.centre_down]
    return {
        "game_no": hand.game_no, "deal": hand.number, "dealer": hand.dealer, "cutter": hand.cutter,
        "phase": hand.phase,
        "layout": {"hand_size": hand.layout.hand_size, "centre_up": hand.layout.centre_up,
                   "centre_down": hand.layout.centre_down, "set_aside": hand.layout.set_aside},
        "bids": [{"seat": s, "bid": "pass" if b.kind == "pass" else bid_words(b)} for s, b in hand.bids],
        "to_bid": bidding.next_bidder(hand.order, hand.bids) if hand.phase == "bidding" else None,
        "contract": contract,
        "trump": hand.trump, "trump_text": trump_words(hand.trump) if hand.contract else "",
        "centre": centre,
        "exchange": {"seat": hand.discarder(), "needed": hand.centre_size,
                     "discarded": {str(s): len(d) for s, d in hand.discards.items()}},
        "seats": [shows_to(s) for s in hand.order],
        "to_play": hand.to_play(),
        "trick": [{"seat": s, "card": c.code} for s, c in hand.trick],
        "tricks": [{"leader": t.leader, "winner": t.winner, "cards": [{"seat": s, "card": c.code} for s, c in t.plays]}
                   for t in hand.tricks],
        "roem": _roem_view(hand),
        "revokes": [{"seat": r.seat, "trick": r.trick, "card": r.card.code, "reason": r.reason} for r in hand.revokes],
        "results": [{"seat": s, "won": w} for s, w in hand.results],
        "redeal": hand.redeal,
        "sheet": sheet_view(hand.sheet, hand.losers, hand.past, hand.game_no, settings),
    }


def _roem_view(hand: BoonakenDeal) -> dict[str, Any]:
    return {"open": hand.roem_open, "declared": hand.declared, "declarer": hand.declarer,
            "challenges": [{"seat": s, "amount": a} for s, a in hand.challenges],
            "order": clockwise_from_declarer(hand, dict(hand.challenges)) if hand.declarer else [],
            "named": {str(s): c.code for s, c in hand.named.items()},
            "owed": list(cards_owed(hand)), "settled": hand.roem_settled,
            "cancelled_by": hand.roem_cancelled_by}


def sheet_view(sheet, losers: tuple, past: tuple, game_no: int, settings) -> dict[str, Any]:
    rows = []
    for s in sheet.seats:
        column, words = scoring.seat_words(sheet, s, settings)
        status = scoring.status_word(sheet, s, settings)
        if s in losers:     # erin, or the last one still in (who has no second − but loses too)
            status = "erin" if status == "erin" else "loser"
            words = f"{words}: buys the drinks" if status == "erin" else "the last one still in: buys the drinks"
        rows.append({"seat": s, "column": column, "status": status, "words": words})
    losers = list(losers)
    return {"scoring": settings.scoring, "game_no": game_no, "rows": rows, "losers": losers,
            "past": [{"game_no": g, "losers": list(found)} for g, found in past],
            "drinks": (" and ".join(f"seat {s}" for s in losers) + (" buys" if len(losers) == 1 else " buy")
                       + " the drinks") if losers else ""}
