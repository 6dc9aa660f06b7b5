"""House rules that move cards between seats: Trade Cards, No Retrade, 8 Ball, 2 Hog and
Straight Up Face Down Trade."""

from __future__ import annotations

from ...announcements import Kind
from ...cards import Card
from ...work import Refusal
from ...events import CardMoved, CardsSwapped
from ...money import fmt
from ...options import Option
from . import boards
from .common import all_of_rank, codes, only_for, power_gone, rule, target_card, targets_for

# Cards the rules look for, made once (a Card is validated each time one is made).
EIGHT_OF_SPADES = Card(8, "S")
TWO_OF_SPADES = Card(2, "S")

# ---------------------------------------------------------------------------- Trade Cards


@only_for(*boards.TRADE_CARDS)
def _trade_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    if how != "dealt" or slot.card.code not in boards.TRADE_CARDS:
        return
    w.say(f"{slot.card.pretty} up: must trade.", rule="trade-cards", seats=(seat,))
    w.ask(seat, "trade-cards", f"Seat {seat}: trade the {slot.card.pretty} for another player's face-up card "
          f"from street {slot.street}.", ("trade",), kind=Kind.OBLIGATION, blocks="betting", lapses="",
          card=slot.card.code, street=slot.street)
    _targets_gone(g, w)  # a replacement dealt after the street: its street's up cards may be gone


def _trade_targets(hand, pending) -> list[tuple[int, Card]]:
    street = pending.get("street")
    return [(s, sl.card) for s in hand.live if s != pending.seat
            for _, sl in boards.up(hand, s) if sl.street == street]


def _trade_decide(g, w, pending, event):
    seat, index = target_card(g, w, event, up=True)
    slot = w.hand.boards[seat].slots[index]
    if slot.street != pending.get("street"):
        raise Refusal(f"the {slot.card.pretty} was not dealt on street {pending.get('street')}: "
                      f"trade for an up card from this street")
    g.swap(w, CardsSwapped(pending.seat, Card.parse(pending.get("card")), seat, slot.card))


def _trade_street_dealt(g, w):
    hand = w.hand
    for p in hand.pending:
        if p.rule == "trade-cards" and not _trade_targets(hand, p):
            w.close(p)
            w.say(f"Seat {p.seat}'s {Card.parse(p.get('card')).pretty} has no face-up card from its street to "
                  f"trade with: no trade.", rule="trade-cards", seats=(p.seat,))


def _trade_swap(g, w, event, ia, ib):
    """A swap that moves a trade card away settles its obligation (whoever typed it in)."""
    for p in w.hand.pending:
        if p.rule == "trade-cards":
            card = Card.parse(p.get("card"))
            if (p.seat == event.seat_a and card == event.card_a) or (p.seat == event.seat_b and card == event.card_b):
                w.close(p)


def _trade_permits(g, state, value, event):
    """A trade card traded by hand (or seen by the camera): the seat that must trade swaps that card
    for another player's face-up card of the same street."""
    if value or not isinstance(event, CardsSwapped):
        return value
    for p in state.hand.pending:
        if p.rule != "trade-cards":
            continue
        card = Card.parse(p.get("card"))
        for mine, theirs, other in ((event.card_a, event.card_b, event.seat_b), (event.card_b, event.card_a, event.seat_a)):
            if p.seat in (event.seat_a, event.seat_b) and mine == card and (other, theirs) in _trade_targets(state.hand, p):
                return True
    return False


def _trade_card_gone(g, w, seat, card, why):
    """The trade card left its owner's board face up (stolen by 2 Hog, turned down by a 4-tician)
    before it was traded: there is nothing left to trade, so the obligation ends."""
    for p in w.hand.pending:
        if p.rule == "trade-cards" and p.seat == seat and Card.parse(p.get("card")) == card:
            w.close(p)
            w.say(f"Seat {seat}'s {card.pretty} {why}: no trade.", rule="trade-cards", seats=(seat,))


def _trade_move(g, w, event):
    _trade_card_gone(g, w, event.from_seat, event.card, f"was taken by seat {event.to_seat}")
    _targets_gone(g, w)


def _trade_turned_down(g, w, seat, index):
    _trade_card_gone(g, w, seat, w.hand.boards[seat].slots[index].card, "was turned face down")
    _targets_gone(g, w)


def _targets_gone(g, w):
    """Once the street is dealt, an up card taken or turned down may leave a trade card with nothing
    to trade for (found by the random-hand simulator): the obligation ends instead of blocking."""
    if w.hand.phase != "dealing":
        _trade_street_dealt(g, w)


TRADE_CARDS = rule(
    "trade-cards", "Trade Cards", kind="obligation", cards=codes("9D", "TS", "2H"), keywords=("trade", "must trade"),
    text="Whoever is dealt the 9♦, 10♠ or 2♥ face up must swap it for another player's face-up card from "
         "the same street.",
    trigger="The 9♦, 10♠ or 2♥ is dealt face up.",
    effect="Obligation on that seat: choose another player's up card from this street and swap. Betting waits.",
    interpretation="Only a dealt trade card must be traded (not one received in a trade, stolen or turned up). "
                   "If no other face-up card from that street exists once the street is dealt, there is no "
                   "trade. A trade card stolen by 2 Hog or turned face down before it is traded is no longer "
                   "traded (the obligation ends).",
    examples=("9♦ up on 4th street: trade it for any other player's 4th-street up card.",
              "9♦ as a face-up river (Gambler's Last Dollar) while every other river is down: no trade."),
    queries={"targets": targets_for("trade-cards", "trade", _trade_targets),
             "permits": _trade_permits},
    up=_trade_up, decide=_trade_decide, street_dealt=_trade_street_dealt, swap=_trade_swap, move=_trade_move,
    fold=lambda g, w, seat: _targets_gone(g, w),
    turned_down=_trade_turned_down)


def _no_retrade_swap(g, w, event, ia, ib):
    """A trade card received in a trade never has to (and may not) be traded on. One trade card
    traded for another: the second card's own trade is void (Trade Cards' swap hook has already
    closed both obligations)."""
    a, b = event.card_a, event.card_b
    both = a is not None and b is not None and a.code in boards.TRADE_CARDS and b.code in boards.TRADE_CARDS
    for got, gave, seat in ((b, a, event.seat_a), (a, b, event.seat_b)):
        if got is None or got.code not in boards.TRADE_CARDS:
            continue
        if both:
            w.say(f"No Retrade: seat {seat} traded the {gave.pretty} for the {got.pretty}; the {got.pretty}'s own "
                  f"trade is void and it cannot be traded again.", rule="no-retrade", seats=(seat,))
        else:
            w.say(f"No Retrade: seat {seat} got the {got.pretty} in a trade and cannot trade it again.",
                  rule="no-retrade", seats=(seat,))


NO_RETRADE = rule(
    "no-retrade", "No Retrade", kind="info", cards=codes("9D", "TS", "2H"), keywords=("retrade", "second trade"),
    text="A trade card taken in a trade cannot be traded again: if your 9♦ is swapped for someone's 10♠, "
         "the 10♠'s own trade is void.",
    trigger="A trade swaps one trade card for another.",
    effect="The second trade obligation is cancelled.",
    interpretation="One swap of two trade cards settles both seats' obligations: neither may trade the card "
                   "it received. More generally a trade card received in any trade (or stolen) is never "
                   "traded on: only a dealt trade card must be traded.",
    examples=("Trade the 9♦ for the 10♠: the 10♠ cannot then be traded on.",),
    swap=_no_retrade_swap)

# --------------------------------------------------------------------------------- 8 Ball


@only_for("8S")
def _eight_ball_up(g, w, seat, index, how):
    hand = w.hand
    slot = hand.boards[seat].slots[index]
    if how not in ("dealt", "exposed") or slot.card != EIGHT_OF_SPADES or hand.eight_ball_dead:
        return
    fee = w.state.settings.fee
    w.ask(seat, "eight-ball", f"Seat {seat}: pay {fmt(fee)} to trade the 8♠ for any face-up card on another "
          f"player's board? (pass and nobody may use it later)", ("trade", "pass"), kind=Kind.OPTION,
          lapses="betting", amount=fee, grant=(EIGHT_OF_SPADES.code,))


def _eight_ball_decide(g, w, pending, event):
    hand = w.hand
    if event.choice == "pass":
        hand.eight_ball_dead = True
        w.say("8 Ball passed: nobody may use it later this hand.", rule="eight-ball", seats=(pending.seat,))
        return
    seat, index = target_card(g, w, event, up=True)
    fee = w.state.settings.fee
    g.contribute(w, pending.seat, fee, rule="eight-ball", memo="8 Ball trade", because=pending.because + (w.seq,))
    hand.eight_ball_dead = True
    w.say(f"8 Ball: seat {pending.seat} pays {fmt(fee)} to the pot and trades the 8♠ for seat {seat}'s "
          f"{event.card.pretty}.", rule="eight-ball", seats=(pending.seat, seat), amount=fee)
    g.swap(w, CardsSwapped(pending.seat, EIGHT_OF_SPADES, seat, event.card))


def _eight_ball_lapse(g, w, pending):
    w.hand.eight_ball_dead = True


EIGHT_BALL = rule(
    "eight-ball", "8 Ball", kind="option", cards=codes("8S"), keywords=("eight ball", "8 ball", "trade"),
    text="Whoever is dealt the 8♠ face up (or has it turned up) may pay $2.50 to swap it for any face-up "
         "card on another player's board, from any street. Pass, and the chance is gone for everyone.",
    trigger="The 8♠ is dealt face up or turned face up.",
    effect="Option: pay the fee and swap the 8♠ with any other board's up card. Lapses at the first bet.",
    settings=(("fee", "2.50", "the price"),),
    interpretation="'Board' means face-up cards. Once passed, lapsed or used, no one may use the 8 Ball again "
                   "this hand. The option goes with the 8♠: taken by a trade or turned face down before it is "
                   "used, it is gone for its old holder (withdrawn, not passed: an 8♠ turned up again later "
                   "gives the option again), and its new holder gets none (it was neither dealt face up nor "
                   "turned up there).",
    examples=("8♠ up on 5th: pay $2.50 and take seat 4's K♦ from 3rd street, seat 4 gets the 8♠.",),
    queries={"targets": targets_for("eight-ball", "trade", lambda hand, p: [
        (s, sl.card) for s in hand.live if s != p.seat for _, sl in boards.up(hand, s)])},
    up=_eight_ball_up, decide=_eight_ball_decide, lapse=_eight_ball_lapse)

# ---------------------------------------------------------------------------------- 2 Hog


def _hog_targets(hand, seat):
    return [(s, sl.card) for s in hand.live if s != seat for _, sl in boards.up(hand, s) if sl.card.rank in (2, 5)]


@only_for("2S")
def _two_hog_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    if how != "dealt" or slot.card != TWO_OF_SPADES:
        return
    if _hog_targets(w.hand, seat):
        _two_hog_ask(w, seat)
    else:
        # The street's other up cards may still be coming: judge again when the street is dealt.
        w.hand.two_hog_waiting = seat


def _two_hog_ask(w, seat):
    targets = _hog_targets(w.hand, seat)
    w.ask(seat, "two-hog", f"Seat {seat}: take a face-up 2 or 5 from any board? ("
          + ", ".join(f"{c.pretty} from seat {s}" for s, c in targets) + ")", ("steal", "pass"),
          kind=Kind.OPTION, lapses="betting",
          grant=(TWO_OF_SPADES.code,) if w.state.settings.two_hog_card_gone == "lapses" else ())


def _two_hog_street_dealt(g, w):
    hand = w.hand
    seat, hand.two_hog_waiting = hand.two_hog_waiting, None
    if seat is None or seat not in hand.live:
        return
    if w.state.settings.two_hog_card_gone == "lapses" and hand.boards[seat].index_of(TWO_OF_SPADES, up=True) is None:
        power_gone(w, TWO_HOG, seat, TWO_OF_SPADES)
        return
    if _hog_targets(hand, seat):
        _two_hog_ask(w, seat)
    else:
        w.say(f"2 Hog: seat {seat} has the 2♠ but there is no 2 or 5 up to take.", rule="two-hog", seats=(seat,))


def _two_hog_decide(g, w, pending, event):
    if event.choice == "pass":
        w.say(f"Seat {pending.seat} passes on 2 Hog.", rule="two-hog", seats=(pending.seat,))
        return
    seat, index = target_card(g, w, event, up=True)
    if event.card.rank not in (2, 5):
        raise Refusal("2 Hog takes only a 2 or a 5")
    w.say(f"2 Hog: seat {pending.seat} takes seat {seat}'s {event.card.pretty}.", rule="two-hog",
          seats=(pending.seat, seat))
    g.move(w, CardMoved(seat, event.card, pending.seat))


TWO_HOG = rule(
    "two-hog", "2 Hog", kind="option", cards=codes("2S") + all_of_rank(2) + all_of_rank(5),
    keywords=("steal", "hog", "2 or 5"),
    text="Whoever is dealt the 2♠ face up may take any face-up 2 or 5 from another player's board (from any "
         "street so far). Nobody gets a replacement and the taker discards nothing.",
    trigger="The 2♠ is dealt face up.",
    effect="Option: move one face-up 2 or 5 from another board to this seat. Lapses at the first bet.",
    interpretation="'Up until that street' includes the 2♠'s own street: if no 2 or 5 is up when the 2♠ "
                   "lands, the option is judged again once the street is dealt. Only face-up cards of players "
                   "still in can be taken; the stolen card stays face up. The option lapses at the first bet. "
                   "The option goes with the 2♠ (setting two_hog_card_gone 'lapses'): once the 2♠ is traded "
                   "away or turned face down its old holder can no longer steal; 'stays': whoever was dealt it "
                   "keeps the option. A 2♠ received in a trade gives none (it was not dealt there).",
    settings=(("two_hog_card_gone", "lapses", "the 2♠ gone before the steal: 'lapses' or 'stays'"),),
    examples=("2♠ up; seat 3 shows 5♦: steal it — seat 3 plays on a card short.",
              "2♠ dealt to the first seat on 3rd street, a 5 up to a later seat that street: it can be taken."),
    queries={"targets": targets_for("two-hog", "steal", lambda hand, p: _hog_targets(hand, p.seat))},
    up=_two_hog_up, decide=_two_hog_decide, street_dealt=_two_hog_street_dealt)

# ------------------------------------------------------------- Straight Up Face Down Trade


def _straight_up(g, w, seat, index, how):
    hand = w.hand
    for (i, j, k), direction in boards.runs_of_three(hand, seat):
        if index not in (i, j, k):
            continue
        cards = [hand.boards[seat].slots[x].card for x in (i, j, k)]
        # Highest card on the left (descending): the neighbour on the left, next clockwise; else the right.
        neighbour = hand.next_seat(seat) if direction == "down" else hand.prev_seat(seat)
        side = "left" if direction == "down" else "right"
        w.ask(seat, "straight-up", f"Straight Up Face Down Trade: {'-'.join(c.pretty for c in cards)}. Seat {seat} "
              f"and seat {neighbour} (to the {side}) each take a random hole card from the other.", ("done",),
              kind=Kind.OBLIGATION, blocks="betting", lapses="", neighbour=neighbour)
        return


def _straight_up_decide(g, w, pending, event):
    w.say(f"Seat {pending.seat} and seat {pending.get('neighbour')} have swapped hole cards (confirmed by hand).",
          rule="straight-up", seats=(pending.seat, pending.get("neighbour")))


def _straight_up_swap(g, w, event, ia, ib):
    hand = w.hand
    a = hand.boards[event.seat_a].slots[ia]
    b = hand.boards[event.seat_b].slots[ib]
    if a.up or b.up:
        return  # a face-up trade (Trade Cards, 8 Ball) between the same two seats settles nothing here
    for p in hand.pending:
        if p.rule == "straight-up" and {event.seat_a, event.seat_b} == {p.seat, p.get("neighbour")}:
            w.close(p)
            return


def _straight_up_swaps(g, state, value, pending):
    """Besides the seat confirming it, the dealer may enter the trade itself, a hole card of each
    picked at random at the table: one option per pair (an unseen hole card is None: whichever it
    is). The host's, since it names the neighbour's hole cards."""
    hand = state.hand
    neighbour = pending.get("neighbour")
    if pending.rule != "straight-up" or neighbour not in hand.boards or hand.boards[neighbour].folded:
        return value
    mine, theirs = hand.boards[pending.seat].down_slots, hand.boards[neighbour].down_slots
    pairs = {(a.card, b.card) for a in mine for b in theirs}
    def hole(seat, card):
        return f"seat {seat}'s {card.pretty if card else 'face-down card'}"
    return value + [Option("swap", None, f"Swap {hole(pending.seat, a)} with {hole(neighbour, b)} (Straight Up)",
                           CardsSwapped(pending.seat, a, neighbour, b), rule="straight-up", decision=pending.id)
                    for a, b in sorted(pairs, key=lambda t: tuple(c.code if c else "" for c in t))]


def _straight_up_permits(g, state, value, event):
    """The face-down trade itself: a hole card of each between the seat that owes it and its neighbour."""
    if value or not isinstance(event, CardsSwapped):
        return value
    hand = state.hand
    for p in hand.pending:
        if p.rule == "straight-up" and {event.seat_a, event.seat_b} == {p.seat, p.get("neighbour")}:
            a = hand.boards[event.seat_a].index_of(event.card_a, up=False)
            b = hand.boards[event.seat_b].index_of(event.card_b, up=False)
            return a is not None and b is not None
    return False


STRAIGHT_UP = rule(
    "straight-up", "Straight Up Face Down Trade", kind="obligation",
    cards=(), keywords=("straight", "sequence", "three in a row", "hole card trade", "neighbour"),
    text="Three face-up cards side by side in numerical order (up or down) make their owner trade a hole card "
         "with the neighbour nearest the highest card of the three: each picks one of the other's hole cards "
         "at random.",
    trigger="A card lands face up and completes three consecutive ranks side by side on a board.",
    effect="Obligation: swap one random hole card each with the left neighbour (highest card on the left) or "
           "the right neighbour (highest on the right). Betting waits.",
    interpretation="Left means the next player clockwise (the way the deal goes). Aces are high or low "
                   "(Q-K-A, A-2-3); natural ranks only, wild cards do not make a run. The neighbour is the "
                   "nearest player still in the hand. Settled by a face-down swap between the two seats (each "
                   "card picked at random, e.g. `swap 1 ? 2 ?`) or by the seat confirming it was done; a "
                   "face-up trade between the same two seats does not settle it. Once owed, the trade stays "
                   "owed even if the run is broken by a later trade.",
    examples=("X-X-6♣-5-4: trade with the player on your left.", "X-X-4-10-J♥-Q♣: trade with the player on your right."),
    queries={"table_moves": _straight_up_swaps, "permits": _straight_up_permits},
    up=_straight_up, decide=_straight_up_decide, swap=_straight_up_swap)

RULES = (TRADE_CARDS, NO_RETRADE, EIGHT_BALL, TWO_HOG, STRAIGHT_UP)
