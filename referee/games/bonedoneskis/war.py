"""Dueling Snowmen: two 8s dealt face up one after the other (PAC-MAN wrap-around included) stop
the game for a war: both players put $2.50 in a side pot, each gets three cards from a separate
deck, and the first to win two battles takes the side pot. Then the hand carries on."""

from __future__ import annotations

from ...announcements import Kind
from ...work import Refusal
from ...ledger import pot_account, seat_account
from ...money import ZERO, fmt
from ...options import Option
from ...poker.pots import split
from ..stud_options import blank_deal
from .common import all_of_rank, only_for, rule

WAR = pot_account("war")
DECK_SIZE = 52  # the separate war deck


def _is_snowman(card, settings) -> bool:
    return card is not None and card.rank == 8 and (settings.snowmen_eights == "any" or card.is_red)


@only_for(*all_of_rank(8))
def _snowmen_up(g, w, seat, index, how):
    hand, settings = w.hand, w.state.settings
    slot = hand.boards[seat].slots[index]
    if how != "dealt" or not _is_snowman(slot.card, settings) or hand.war:
        return
    other = None
    previous = [d for d in hand.up_deals if d[0] < slot.order]
    if previous and _is_snowman(previous[-1][2], settings) and previous[-1][1] != seat \
            and previous[-1][1] in hand.live:
        other = previous[-1][1]  # straight after each other, across streets too
    elif settings.snowmen_wrap:
        # PAC-MAN: the next seat round the table still shows, as its newest card, an 8 from the
        # street before — the two 8s sit side by side once the deal wraps around.
        nxt = hand.next_seat(seat)
        ups = [s for s in hand.boards[nxt].slots if s.up]
        if nxt != seat and ups and _is_snowman(ups[-1].card, settings) and ups[-1].street == slot.street - 1 \
                and not any(s.street == slot.street for s in hand.boards[nxt].slots):
            other = nxt
    if other is None:
        return
    pair = tuple(sorted((seat, other)))
    stake = settings.war_stake
    for s in pair:
        w.pay(seat_account(s), WAR, stake, rule="dueling-snowmen", memo="war stake")
    hand.war = (pair, (), ())
    w.say(f"Dueling Snowmen! Seats {pair[0]} and {pair[1]} each put {fmt(stake)} in the war pot. "
          f"Stop the deal: three cards each from a separate deck, best two of three battles.",
          rule="dueling-snowmen", kind=Kind.OBLIGATION, seats=pair, amount=stake * 2)
    w.ask(None, "dueling-snowmen", f"Dealer: deal the war between seats {pair[0]} and {pair[1]} from a separate "
          f"deck (deck \"war\"), one card each per battle.", (), kind=Kind.OBLIGATION, blocks="all", lapses="")


def _war_side_deal(g, w, event):
    hand = w.hand
    war = hand.war
    if event.deck != "war" or not war:
        raise Refusal(f"no side game is using a {event.deck!r} deck")
    (a, b), cards_a, cards_b = war
    if event.seat not in (a, b):
        raise Refusal(f"the war is between seats {a} and {b}")
    if event.card is None:
        raise Refusal("war cards are played face up")
    mine = cards_a if event.seat == a else cards_b
    theirs = cards_b if event.seat == a else cards_a
    if len(mine) > len(theirs):
        raise Refusal(f"seat {event.seat} has played its card for this battle: seat {b if event.seat == a else a} next")
    if event.card in cards_a + cards_b:
        raise Refusal(f"{event.card.pretty} was already played in this war")
    mine = mine + (event.card,)
    cards_a, cards_b = (mine, cards_b) if event.seat == a else (cards_a, mine)
    hand.war = ((a, b), cards_a, cards_b)
    hand.side_cards = hand.side_cards + (("war", event.seat, event.card),)
    if len(cards_a) != len(cards_b):
        return
    n = len(cards_a)
    x, y = cards_a[-1], cards_b[-1]
    winner = a if x.rank > y.rank else b if y.rank > x.rank else None
    w.say(f"War battle {n}: seat {a} {x.pretty} vs seat {b} {y.pretty}: "
          + (f"seat {winner} wins it." if winner else "a tie, nobody wins it."), rule="dueling-snowmen", seats=(a, b))
    wins_a, wins_b, battles = _score(cards_a, cards_b)
    decided = max(wins_a, wins_b) >= 2
    out_of_cards = 2 * n == DECK_SIZE  # the war deck cannot give another battle
    if not decided and battles == 3 and w.state.settings.war_tie == "replay" and not out_of_cards:
        w.say(f"Dueling Snowmen: nobody has two wins after three battles: the war between seats {a} and {b} is "
              f"fought again, three more cards each, first to win two battles.", rule="dueling-snowmen", seats=(a, b))
    elif decided or battles == 3 or out_of_cards:
        _finish(w, (a, b), wins_a, wins_b)
        g.after_decision(w)


def _score(cards_a, cards_b) -> tuple[int, int, int]:
    """(wins of each seat, battles fought) in the war being fought now: a war fought again
    (war_tie "replay") starts from nothing after each three battles that left it undecided."""
    wins_a = wins_b = battles = 0
    for x, y in zip(cards_a, cards_b):
        if battles == 3:
            wins_a = wins_b = battles = 0
        battles += 1
        wins_a += x.rank > y.rank
        wins_b += y.rank > x.rank
    return wins_a, wins_b, battles


def _war_pot(w):
    """What this hand's war pot holds (stakes in, less anything paid out)."""
    number = w.hand.number
    return sum(((t.amount if t.payee == WAR else -t.amount) for t in w.state.transfers
                if WAR in (t.payer, t.payee) and t.hand == number), ZERO)


def _finish(w, pair, wins_a, wins_b):
    hand = w.hand
    pot = _war_pot(w)
    a, b = pair
    if wins_a != wins_b and max(wins_a, wins_b) >= 2:
        shares = {a if wins_a > wins_b else b: pot}
        text = f"seat {a if wins_a > wins_b else b} wins the war and the {fmt(pot)} war pot."
    else:
        shares = split(pot, [a, b], hand.order)
        text = f"the war is undecided: the {fmt(pot)} war pot is split."
    for seat, amount in shares.items():
        if amount > ZERO:
            w.pay(WAR, seat_account(seat), amount, rule="dueling-snowmen", memo="war pot")
    hand.war = None
    for p in hand.pending:
        if p.rule == "dueling-snowmen":
            w.close(p)
    w.say(f"Dueling Snowmen: {text} The hand carries on.", rule="dueling-snowmen", seats=pair, amount=pot)


def _war_hand_over(g, w):
    """The hand ended (a Bonedoneskis, everyone else folded, a misdeal) before the war was settled:
    the war was never played, so each seat gets its stake back."""
    hand = w.hand
    war = hand.war
    if not war:
        return
    (a, b), _, _ = war
    hand.war = None
    paid = {}
    for t in w.state.transfers:
        if t.hand == hand.number and t.payee == WAR and t.rule == "dueling-snowmen":
            paid[t.payer] = paid.get(t.payer, ZERO) + t.amount
        elif t.hand == hand.number and t.payer == WAR:
            paid[t.payee] = paid.get(t.payee, ZERO) - t.amount
    for account, amount in sorted(paid.items()):
        if amount > ZERO:
            w.pay(WAR, account, amount, rule="dueling-snowmen", memo="war not played: stake back")
    w.say(f"Dueling Snowmen: the hand ended before the war between seats {a} and {b} was settled; "
          f"the stakes go back.", rule="dueling-snowmen", seats=(a, b))


def _war_deals(g, state, value):
    """While a war is on, the next card is the next battle's, from the war deck, to the seat behind."""
    war = state.hand.war
    if not war:
        return value
    (a, b), cards_a, cards_b = war
    seat = a if len(cards_a) <= len(cards_b) else b
    return value + [Option("deal", None, f"Deal seat {seat} its war card, face up (war deck)",
                           blank_deal(seat, None, True, "war"), rule="dueling-snowmen", needs=("card",))]


DUELING_SNOWMEN = rule(
    "dueling-snowmen", "Dueling Snowmen", kind="fee", cards=all_of_rank(8), keywords=("war", "snowmen", "8s", "pac-man"),
    text="Two 8s dealt face up one straight after the other — across streets, and with the PAC-MAN wrap-around "
         "— stop the hand for a war: both players put $2.50 in a side pot, each gets three cards from a "
         "separate deck, and the first to win two battles takes the side pot. Then the hand goes on.",
    trigger="An 8 is dealt face up straight after another face-up 8 (or next to one by PAC-MAN wrap-around).",
    effect="$2.50 each from the two seats to the war pot; the game stops (no main-deck card, no bet) until the "
           "war is settled; "
           "the war pot goes to the winner of two battles.",
    settings=(("war_stake", "2.50", "each player's stake"), ("snowmen_eights", "any", "'any' 8s or only 'red' 8s"),
              ("snowmen_wrap", True, "PAC-MAN wrap-around counts"),
              ("war_tie", "split", "undecided war: 'split' the side pot or 'replay' the war")),
    interpretation="'Consecutively' means the two face-up deals follow each other in the deal order (face-down "
                   "deals in between do not break it), including the last card of one street and the first of "
                   "the next. PAC-MAN: when an 8 is dealt to a seat whose next neighbour still shows an 8 from "
                   "the street before as its newest card, the two 8s sit side by side around the table. The 8 dealt "
                   "before must still be on a live board (a folded seat's 8 is gone). 'Stop immediately': no "
                   "main-deck card and no bet until the war is settled. War cards are ranked ace high, suits do "
                   "not count. A tied battle counts for nobody. If no one has two wins after three battles the "
                   "side pot is split (setting war_tie 'split'), or (war_tie 'replay') the war is fought again "
                   "from nothing: three more cards each from the war deck (the cards played stay out of it), "
                   "the first to win two of the new battles takes the side pot, and so on until someone does; "
                   "should the war deck run out first (26 battles), the side pot is split. If the hand ends "
                   "before the war is settled (a Bonedoneskis, everyone else folds, a misdeal) the war is off "
                   "and both stakes go back.",
    examples=("Player 1: X-X-J-4 · Player 2: X-X-K-8 · Player 3: X-X-8 — war between players 2 and 3 (PAC-MAN).",
              "Last card of 3rd street a red 8, first card of 4th street the other red 8: war."),
    queries={"side_deals": _war_deals},
    up=_snowmen_up, side_deal=_war_side_deal, hand_over=_war_hand_over)

RULES = (DUELING_SNOWMEN,)
