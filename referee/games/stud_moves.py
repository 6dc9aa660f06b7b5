"""Cards moving on a stud table once dealt: turned up or down, traded, moved, discarded.

The `expose`/`turn_down`/`swap`/`move`/`discard` methods do the move (rules call them when a
decision makes a card move); the `card_*` handlers take the same moves as events from the camera
or the dashboard, and only when a rule lets that move happen now (the "permits" query): a card
does not turn, change hands or leave the table by itself. The camera path turns such a refusal
into an irregularity for the host, who rules on it (undo, or a decision the rules offer).
"""

from __future__ import annotations

from ..announcements import Kind
from ..events import CardCorrected, CardDiscarded, CardExposed, CardMoved, CardsSwapped, CardTurnedDown
from ..work import Refusal, Work
from .stud_state import Hand, Slot


class StudMoves:
    # --------------------------------------------------------------- events from the table
    def card_exposed(self, w: Work, event: CardExposed) -> None:
        self.permitted(w, event, f"seat {event.seat} turn the {_pretty(event.card)} face up")
        self.expose(w, event)

    def card_turned_down(self, w: Work, event: CardTurnedDown) -> None:
        self.permitted(w, event, f"seat {event.seat} turn the {_pretty(event.card)} face down")
        self.turn_down(w, event)

    def cards_swapped(self, w: Work, event: CardsSwapped) -> None:
        self.permitted(w, event, f"seat {event.seat_a} and seat {event.seat_b} trade "
                                 f"{_pretty(event.card_a)} for {_pretty(event.card_b)}")
        self.swap(w, event)

    def card_moved(self, w: Work, event: CardMoved) -> None:
        self.permitted(w, event, f"the {_pretty(event.card)} move from seat {event.from_seat} to seat {event.to_seat}")
        self.move(w, event)

    def card_discarded(self, w: Work, event: CardDiscarded) -> None:
        self.permitted(w, event, f"seat {event.seat} discard the {_pretty(event.card)}")
        self.discard(w, event)

    def card_corrected(self, w: Work, event: CardCorrected) -> None:
        """The host says a card was entered wrong: it becomes the right card where it lies (place,
        face, street and marks kept). Only what the table shows changes: no rule fires again, and
        what the wrong card set off stays until the host undoes it (a wrong card's power), since the
        events after it were judged with it on the table."""
        hand = w.hand
        index = self.find(hand, event.seat, event.card)
        slot = hand.boards[event.seat].slots[index]
        if slot.card is not None and event.card is None:
            raise Refusal(f"seat {event.seat}'s cards are all named: say which card is wrong")
        self.check_card_free(hand, event.to)
        hand.boards[event.seat] = hand.boards[event.seat].with_slot(
            index, Slot(event.to, slot.up, slot.street, slot.order, slot.tags))
        hand.up_deals = tuple((o, s, event.to if o == slot.order else c, st) for o, s, c, st in hand.up_deals)
        was = "unnamed face-down card" if slot.card is None else slot.card.pretty
        # A hole card is named to its owner (and the host) only: the table hears that one was fixed.
        if slot.up:
            w.say(f"Host correction: seat {event.seat}'s {was} is the {event.to.pretty} ({event.reason}).",
                  rule="correction", kind=Kind.INFO, seats=(event.seat,))
        else:
            w.say(f"Host correction: one of seat {event.seat}'s face-down cards was entered wrong and is "
                  f"corrected ({event.reason}).", rule="correction", kind=Kind.INFO, seats=(event.seat,))

    def permitted(self, w: Work, event, what: str) -> None:
        """A move no rule asks for is refused; the host may still correct the table by hand, with a
        reason, and everyone hears it."""
        if event.correction:
            w.say(f"Host correction: {what} ({event.correction}).", rule="correction", kind=Kind.INFO)
        elif not self.query("permits", False, w.state, event):
            raise Refusal(f"no rule lets {what} now")

    # ---------------------------------------------------------------------- the moves
    def find(self, hand: Hand, seat: int, card, *, up: bool | None = None) -> int:
        board = self.live_seat(hand, seat)
        index = board.index_of(card, up=up)
        if index is None and card is not None and up is False:
            index = board.index_of(None, up=False)  # an unseen hole card now identified
        if index is None:
            where = {True: "face up ", False: "face down ", None: ""}[up]
            raise Refusal(f"seat {seat} has no {where}{card.pretty if card else 'unseen card'}")
        return index

    def expose(self, w: Work, event: CardExposed) -> None:
        hand = w.hand
        index = self.find(hand, event.seat, event.card, up=False)
        slot = hand.boards[event.seat].slots[index]
        if slot.card is None:
            self.check_card_free(hand, event.card)
        hand.boards[event.seat] = hand.boards[event.seat].with_slot(
            index, Slot(event.card, True, slot.street, slot.order, slot.tags | {"was_down"}))
        self.fire("exposed", w, event.seat, index)
        self.on_up(w, event.seat, index, "exposed")

    def turn_down(self, w: Work, event: CardTurnedDown) -> None:
        hand = w.hand
        index = self.find(hand, event.seat, event.card, up=True)
        slot = hand.boards[event.seat].slots[index]
        hand.boards[event.seat] = hand.boards[event.seat].with_slot(
            index, Slot(slot.card, False, slot.street, slot.order, slot.tags | {"turned_down"}))
        self.fire("turned_down", w, event.seat, index)
        self.cards_moved(w)

    def swap(self, w: Work, event: CardsSwapped) -> None:
        hand = w.hand
        if event.seat_a == event.seat_b:
            raise Refusal("a seat cannot trade with itself")
        ia = self.find(hand, event.seat_a, event.card_a)
        ib = self.find(hand, event.seat_b, event.card_b)
        a, b = hand.boards[event.seat_a].slots[ia], hand.boards[event.seat_b].slots[ib]
        # Each card keeps its place and face on the new board; it carries its marks with it.
        new_a = Slot(b.card, a.up, a.street, a.order, b.tags | {"traded"})
        new_b = Slot(a.card, b.up, b.street, b.order, a.tags | {"traded"})
        hand.boards[event.seat_a] = hand.boards[event.seat_a].with_slot(ia, new_a)
        hand.boards[event.seat_b] = hand.boards[event.seat_b].with_slot(ib, new_b)
        w.say(f"Seat {event.seat_a} and seat {event.seat_b} trade "
              f"{_name(a.card, a.up)} for {_name(b.card, b.up)}.", seats=(event.seat_a, event.seat_b))
        self.fire("swap", w, event, ia, ib)
        self.cards_moved(w)  # before the cards' new holders are asked anything (on_up)
        for seat, index in ((event.seat_a, ia), (event.seat_b, ib)):
            if w.hand.phase != "over" and w.hand.boards[seat].slots[index].up:
                self.on_up(w, seat, index, "traded")

    def move(self, w: Work, event: CardMoved) -> None:
        hand = w.hand
        if event.from_seat == event.to_seat:
            raise Refusal("a card cannot move to the seat it is at")
        index = self.find(hand, event.from_seat, event.card)
        self.live_seat(hand, event.to_seat)
        slot = hand.boards[event.from_seat].slots[index]
        hand.boards[event.from_seat] = hand.boards[event.from_seat].without(index)
        self.slot_removed(hand, event.from_seat, index)
        hand.boards[event.to_seat] = hand.boards[event.to_seat].adding(slot.tagged("moved"))
        w.say(f"{event.card.pretty} moves from seat {event.from_seat} to seat {event.to_seat}.",
              seats=(event.from_seat, event.to_seat))
        self.fire("move", w, event)
        self.cards_moved(w)
        board = w.hand.boards[event.to_seat]
        if w.hand.phase != "over" and board.slots[-1].up:
            self.on_up(w, event.to_seat, len(board.slots) - 1, "moved")

    def discard(self, w: Work, event: CardDiscarded) -> None:
        hand = w.hand
        index = self.find(hand, event.seat, event.card)
        slot = hand.boards[event.seat].slots[index]
        hand.boards[event.seat] = hand.boards[event.seat].without(index)
        self.slot_removed(hand, event.seat, index)
        if slot.card is not None:
            hand.discards = hand.discards + (slot.card,)
        self.cards_moved(w)

    def cards_moved(self, w: Work) -> None:
        """A card moved or turned face down (games re-check what the card gave its old holder)."""


def _pretty(card) -> str:
    return card.pretty if card is not None else "hole card"


def _name(card, up: bool) -> str:
    if card is None:
        return "a hole card"
    return card.pretty if up else "a hole card"
