"""House rules that turn cards over: Queen of Hearts, The King's Men, 4-tician, The River King."""

from __future__ import annotations

from ...announcements import Kind
from ...cards import Card
from ...work import Refusal
from ...events import CardExposed, CardTurnedDown
from ...options import Option
from ...state import evolve
from . import boards
from .common import codes, only_for, rule, target_card, targets_for
from .powers import OWN_EXPOSURE

# Cards the rules look for, made once (a Card is validated each time one is made).
QUEEN_HEARTS_CARD = Card(12, "H")


def _arrives(how, settings) -> bool:
    """Dealt or turned face up, or received face up where the table gives the new holder the power
    (setting received_power): the ways a Q♥ or a black King comes to a board with its power."""
    return how in ("dealt", "exposed") or (how in ("traded", "moved") and settings.received_power)


# ------------------------------------------------------------------------ Queen of Hearts


@only_for("QH")
def _queen_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    if not _arrives(how, w.state.settings) or slot.card != QUEEN_HEARTS_CARD:
        return
    if not any(s.down_slots for s in (w.hand.boards[x] for x in w.hand.live)):
        return
    w.ask(seat, "queen-of-hearts", f"Seat {seat} (Q♥): pick any player's face-down card; they must turn it up.",
          ("pick", "pass"), kind=Kind.OPTION, lapses="betting", grant=(slot.card.code,))


def _queen_decide(g, w, pending, event):
    if event.choice == "pass":
        return
    target = event.target_seat
    if target is None:
        raise Refusal("say whose face-down card you pick (target_seat)")
    board = g.live_seat(w.hand, target)
    if not board.down_slots:
        raise Refusal(f"seat {target} has no face-down card")
    if event.card is not None and board.index_of(event.card, up=False) is None and board.index_of(None, up=False) is None:
        raise Refusal(f"seat {target} has no face-down {event.card.pretty}")
    w.say(f"Queen of Hearts: seat {pending.seat} picks seat {target}'s face-down "
          f"{event.card.pretty if event.card else 'card'}.", rule="queen-of-hearts", seats=(pending.seat, target))
    w.ask(target, "turn-up", f"Seat {target}: turn up the face-down card seat {pending.seat} picked (Queen of Hearts).",
          (), kind=Kind.OBLIGATION, blocks="betting", lapses="", by="queen-of-hearts",
          card=event.card.code if event.card else None)


QUEEN_OF_HEARTS = rule(
    "queen-of-hearts", "Queen of Hearts", kind="option", cards=codes("QH"), keywords=("queen", "turn up", "expose"),
    text="Whoever shows the Q♥ may point at any face-down card of any player, and that card is turned face up "
         "for the rest of the hand (though a 4-tician can turn it back down).",
    trigger="The Q♥ is dealt face up, turned face up or received face up in a trade.",
    effect="Option: pick a face-down card; its owner must turn it up (betting waits for that).",
    interpretation="The holder may pick any player's hole card, their own included. The pick lapses at the "
                   "first bet of the street. The option goes with the card: a Q♥ traded away or turned face "
                   "down before the pick is made takes the option with it. 'The person holding the Q♥': a Q♥ "
                   "received face up in a trade gives its new holder the pick, even if its old holder used it "
                   "(setting received_power; off: only a Q♥ dealt face up or turned up gives it).",
    settings=(("received_power", True, "a Q♥ or black King received face up in a trade gives its new holder "
                                       "its power"),),
    examples=("Q♥ up: pick seat 4's second hole card; seat 4 turns it up.",),
    queries={"targets": targets_for("queen-of-hearts", "pick", lambda hand, p: [
        (s, sl.card) for s in hand.live for sl in hand.boards[s].down_slots])},
    up=_queen_up, decide=_queen_decide)

# ------------------------------------------------------------------------- King's Men


@only_for("KS", "KC")
def _kings_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    settings = w.state.settings
    if not _arrives(how, settings) or slot.card.rank != 13 or not slot.card.is_black:
        return
    if not w.hand.boards[seat].down_slots:
        return
    w.say(f"The King's Men: seat {seat} shows the {slot.card.pretty} and must turn up a hole card.",
          rule="kings-men", kind=Kind.INFO, seats=(seat,))
    w.ask(seat, "turn-up", f"Seat {seat} ({slot.card.pretty}): turn one of your own hole cards face up "
          f"(The King's Men), your choice.", (), kind=Kind.OBLIGATION, blocks="betting", lapses="",
          by="kings-men", card=None, grant=(slot.card.code,) if settings.kings_men_card_gone == "lapses" else ())


KINGS_MEN = rule(
    "kings-men", "The King's Men", kind="obligation", cards=codes("KS", "KC"), keywords=("king", "turn up", "hole card"),
    text="A black King face up makes its owner turn one of their own hole cards face up — they choose which.",
    trigger="A black King is dealt face up, turned face up or received face up in a trade.",
    effect="Obligation: the seat turns up a hole card of its choice. Betting waits.",
    interpretation="'The person holding the black King': a black King dealt face up, turned up from the hole "
                   "or received face up in a trade makes whoever now holds it turn up a hole card (setting "
                   "received_power; off: one received in a trade does not). A black King traded away or turned "
                   "face down before its holder turned a card up takes the obligation with it (setting "
                   "kings_men_card_gone 'lapses'; 'stays': the seat that showed it must still turn a card up). "
                   "No hole card left: nothing to do.",
    settings=(("received_power", True, "a Q♥ or black King received face up in a trade gives its new holder "
                                       "its power"),
              ("kings_men_card_gone", "lapses", "the King gone before the turn-up: 'lapses' or 'stays'")),
    examples=("X-X-K♠: turn up one of the two hole cards.",),
    up=_kings_up)


def _turn_up_exposed(g, w, seat, index):
    """A hole card turned up settles a Queen of Hearts or King's Men obligation on that seat."""
    hand = w.hand
    slot = hand.boards[seat].slots[index]
    mine = [p for p in hand.pending if p.rule == "turn-up" and p.seat == seat]
    if not mine:
        if w.state.settings.own_exposure == "shown":
            hand.boards[seat] = hand.boards[seat].with_slot(index, slot.tagged(OWN_EXPOSURE))
        return
    # The card picked by a Queen of Hearts first; else a free choice (King's Men, or a pick of an unseen card).
    p = next((p for p in mine if p.get("card") == slot.card.code), None) or \
        next((p for p in mine if not p.get("card")), None)
    if p is None:
        wanted = mine[0].get("card")
        raise Refusal(f"seat {seat} must turn up the {Card.parse(wanted).pretty} that was picked")
    w.close(p)
    hand.boards[seat] = hand.boards[seat].with_slot(
        index, slot.tagged(f"exposed-by:{p.get('by')}").untagged(OWN_EXPOSURE))
    _turn_ups_left(g, w)


def _shown_changes_hands(hand, seat, index):
    """A card its owner only showed is that owner's hole card; on another board it is a card like any other."""
    slot = hand.boards[seat].slots[index]
    if OWN_EXPOSURE in slot.tags:
        hand.boards[seat] = hand.boards[seat].with_slot(index, slot.untagged(OWN_EXPOSURE))


def _turn_up_swap(g, w, event, ia, ib):
    _shown_changes_hands(w.hand, event.seat_a, ia)
    _shown_changes_hands(w.hand, event.seat_b, ib)
    _turn_ups_left(g, w)


def _turn_up_move(g, w, event):
    _shown_changes_hands(w.hand, event.to_seat, len(w.hand.boards[event.to_seat].slots) - 1)
    _turn_ups_left(g, w)


def _turn_ups_left(g, w, *_):
    """A turn-up that can no longer be done ends (found by the simulator): a seat owing two (a Queen of
    Hearts pick and its own black King) with one hole card left, or a picked card traded away."""
    hand = w.hand
    for p in hand.pending:
        if p.rule != "turn-up":
            continue
        board = hand.boards[p.seat]
        wanted = p.get("card")
        if not board.down_slots:
            why = "has no face-down card left to turn up"
        elif wanted and board.index_of(Card.parse(wanted), up=False) is None and board.index_of(None, up=False) is None:
            why = f"no longer holds the {Card.parse(wanted).pretty} face down"
        else:
            continue
        w.close(p)
        by = p.get("by") or "turn-up"
        w.say(f"Seat {p.seat} {why}: nothing to turn up.", rule=by, seats=(p.seat,))


def _turn_up_permits(g, state, value, event):
    """A hole card turned up by the seat a Queen of Hearts pick or a black King obliges (which
    card it must be, the rule's own `exposed` hook says), or by its owner unasked where the table
    lets a player show a hole card (own_exposure 'shown' or 'counts')."""
    if value or not isinstance(event, CardExposed):
        return value
    return state.settings.own_exposure != "refused" or \
        any(p.rule == "turn-up" and p.seat == event.seat for p in state.hand.pending)


def _turn_up_answers(g, state, value, pending, seat):
    """The seat turns up the hole card picked, or any of its hole cards (an unseen one: name it)."""
    if pending.rule != "turn-up":
        return value
    wanted = pending.get("card")
    downs = state.hand.boards[pending.seat].down_slots
    cards = [Card.parse(wanted)] if wanted else list(dict.fromkeys(s.card for s in downs))
    return value + [Option("expose", seat, f"Turn up the {c.pretty}" if c else "Turn up a hole card (name it)",
                           CardExposed(pending.seat, c) if c else evolve(CardExposed(pending.seat, Card(2, "C")), card=None),
                           rule=pending.get("by") or "turn-up", decision=pending.id, needs=() if c else ("card",))
                    for c in cards]


TURN_UP = rule(
    "turn-up", "Turn a hole card up", kind="obligation", keywords=("turn up",),
    text="The obligation the Queen of Hearts and The King's Men create: a named seat turns a hole card up.",
    trigger="Created by the Queen of Hearts or a black King.",
    effect="Settled when that seat's hole card is turned face up.",
    settings=(("own_exposure", "refused", "a hole card its owner turns up unasked: 'refused', 'shown' (no power) "
                                          "or 'counts'"),),
    interpretation="The sheet's powers come from a card dealt face up or turned up by a rule (a hole card "
                   "'turned over', 'exposed' by the Q♥ or a black King). A hole card its owner turns up with no "
                   "rule asking is refused by default (setting own_exposure 'refused': no rule lets it, the "
                   "camera's sighting goes to the host as an irregularity and the host may record it as a "
                   "correction). Where a table lets players show a hole card (own_exposure 'shown') it is "
                   "only shown: it lies face up, so what a board "
                   "shows counts it (Fish Hook, Gambler's Last Dollar, a Bonedoneskis, Straight Up, who acts "
                   "first), but it sets off no power of a card turned up (no 3 to sell, no 8 Ball, Black Jack "
                   "fee, Queen of Hearts pick, King's Men or 4-tician), and at showdown it is judged as the hole "
                   "card it is: a 7 so shown is not wild, a 4♣ so shown still kills the hand. Otherwise flipping "
                   "a hole 7 or 4♣ before the showdown would always pay. 'counts': it is a card turned up like "
                   "any other. Traded face up to another seat it is a card like any other there.",
    heading="Queen of Hearts / The King's Men", queries={"answers": _turn_up_answers, "permits": _turn_up_permits},
    exposed=_turn_up_exposed, swap=_turn_up_swap, move=_turn_up_move)

# ----------------------------------------------------------------------------- 4-tician


@only_for("4H", "4D")
def _four_up(g, w, seat, index, how):
    slot = w.hand.boards[seat].slots[index]
    if how not in ("dealt", "exposed") or slot.card.rank != 4 or not slot.card.is_red:
        return
    w.ask(seat, "four-tician", f"Seat {seat} ({slot.card.pretty}): make any player turn one of their face-up "
          f"cards face down?", ("turn-down", "pass"), kind=Kind.OPTION, lapses="betting", grant=(slot.card.code,))


def _four_decide(g, w, pending, event):
    if event.choice == "pass":
        return
    seat, index = target_card(g, w, event, up=True, other=False)
    slot = w.hand.boards[seat].slots[index]
    w.say(f"4-tician: seat {seat} turns the {slot.card.pretty} face down.", rule="four-tician",
          seats=(pending.seat, seat))
    g.turn_down(w, CardTurnedDown(seat, slot.card))  # a 4♣ turned down: Killer 4 says so (turned_down hook)


FOUR_TICIAN = rule(
    "four-tician", "4-tician", kind="option", cards=codes("4H", "4D"), keywords=("four", "turn down"),
    text="A red 4 face up (dealt or turned up) lets its owner make any player turn one of their face-up "
         "cards face down — even one a Queen of Hearts turned up.",
    trigger="A red 4 is dealt face up or turned face up.",
    effect="Option: choose a seat and one of its face-up cards; it goes face down. Lapses at the first bet.",
    interpretation="The red 4's owner chooses the card. A 7 turned down stops being wild; an activated black "
                   "Jack stays wild; a 4♣ turned down kills that hand (Killer 4). A turned-down card no longer "
                   "counts for board rules. The option goes with the red 4: once it is traded away or turned "
                   "face down its old holder's option is gone (one received in a trade gives none: it was "
                   "neither dealt face up nor turned up there).",
    examples=("Player A X-X-6♠-4♣-Q♥ makes B expose a hole card, it is the 4♥: B makes A turn down the 4♣, "
              "and A's hand cannot win at showdown.",),
    queries={"targets": targets_for("four-tician", "turn-down", lambda hand, p: [
        (s, sl.card) for s in hand.live for _, sl in boards.up(hand, s)])},
    up=_four_up, decide=_four_decide)

# --------------------------------------------------------------------------- River King


def _river_kings(hand) -> list[tuple[int, Card]]:
    out = []
    for seat in hand.live:
        for _, s in boards.up(hand, seat):
            if s.card.rank == 13 and s.card.is_red and "was_down" in s.tags and \
                    any(t in s.tags for t in ("exposed-by:queen-of-hearts", "exposed-by:kings-men")):
                out.append((seat, s.card))
    return out


def _river_street_start(g, w):
    hand = w.hand
    if hand.street != hand.final_street or hand.community_owed:
        return  # (a community last card is face up for everyone anyway)
    kings = _river_kings(hand)
    if not kings:
        return
    holders = {s for s, _ in kings}
    # Each King sends the river up for everyone but its own holder (two holders: both rivers go up).
    others = tuple(s for s in hand.live if holders - {s})
    hand.river_up_for = others
    w.say(f"The River King ({', '.join(c.pretty for _, c in kings)} turned up from the hole): the river is dealt "
          f"face up to seat(s) {', '.join(map(str, others))}.", rule="river-king", seats=others)


def _river_deal(g, w, event):
    hand = w.hand
    if hand.street == hand.final_street and event.seat in hand.river_up_for and not event.up \
            and not g.owed_replacement(hand, event.seat):
        raise Refusal(f"The River King: seat {event.seat}'s river must be dealt face up")


RIVER_KING = rule(
    "river-king", "The River King", kind="info", cards=codes("KH", "KD"), keywords=("river", "king", "face up"),
    text="A red King that was dealt face down, turned up by the Queen of Hearts or a black King, and still "
         "face up when the river comes, makes the river come face up to every other player.",
    trigger="The river is about to be dealt and such a red King is face up.",
    effect="Every other player's river card is dealt face up (a face-down deal is refused).",
    interpretation="Checked when the last street starts; a red King turned back down by a 4-tician before "
                   "then does not count. The holder's own river stays face down (unless another seat's River "
                   "King sends it up). Only a King turned up by the Queen of Hearts or The King's Men counts.",
    examples=("K♦ in the hole, turned up by seat 2's Q♥: everyone else's river comes face up.",),
    queries={"deal_face": lambda g, state, up, seat: up or (
        state.hand.street == state.hand.final_street and seat in state.hand.river_up_for)},
    street_start=_river_street_start, deal=_river_deal)

RULES = (QUEEN_OF_HEARTS, KINGS_MEN, TURN_UP, FOUR_TICIAN, RIVER_KING)
