"""The end of a stud hand: hole cards shown, hands judged, pots (and side pots) paid out."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ..announcements import Kind
from ..events import HandShown
from ..game import MAIN
from ..ledger import seat_account
from ..money import ZERO, fmt
from ..poker.evaluator import HandValue, evaluate
from ..poker.pots import Pot, compute_pots, split
from ..work import Refusal, Work
from .stud_state import Slot


class StudShowdown:
    def show(self, w: Work, event: HandShown) -> None:
        hand = w.hand
        if hand.phase == "over":
            return self.show_after(w, event)
        board = self.live_seat(hand, event.seat)
        downs = [i for i, s in enumerate(board.slots) if not s.up]
        known = {board.slots[i].card for i in downs if board.slots[i].card is not None}
        unknown = [i for i in downs if board.slots[i].card is None]
        new = [c for c in event.cards if c not in known]
        if len(new) != len(unknown) or len(set(event.cards)) != len(event.cards):
            raise Refusal(f"seat {event.seat} has {len(downs)} face-down card(s) "
                          f"({len(unknown)} unseen): show exactly those")
        for c in new:
            self.check_card_free(hand, c)
        for i, c in zip(unknown, new):
            s = board.slots[i]
            board = board.with_slot(i, Slot(c, False, s.street, s.order, s.tags | {"shown"}))
        hand.boards[event.seat] = board
        for p in hand.pending:
            if p.rule == "showdown" and p.seat == event.seat:
                w.close(p)
        w.say(f"Seat {event.seat} shows {' '.join(c.pretty for c in event.cards)}.", seats=(event.seat,))
        if hand.phase == "showdown":
            self.showdown(w)

    def show_after(self, w: Work, event: HandShown) -> None:
        """A hand won without a showdown shows nothing, unless its player chooses to show it
        afterwards: the hole cards named (which must be the seat's own) are shown to everyone."""
        hand = w.hand
        board = hand.boards.get(event.seat)
        if board is None or board.folded:
            raise Refusal(f"seat {event.seat} has no hand to show in hand {hand.number}")
        downs = [i for i, s in enumerate(board.slots) if not s.up]
        if any(board.slots[i].card is None for i in downs) or \
                sorted(c.code for c in event.cards) != sorted(board.slots[i].card.code for i in downs):
            raise Refusal(f"seat {event.seat}: show your {len(downs)} face-down card(s) as they were dealt")
        for i in downs:
            board = board.with_slot(i, board.slots[i].tagged("shown"))
        hand.boards[event.seat] = board
        w.say(f"Seat {event.seat} shows {' '.join(c.pretty for c in event.cards)}.", seats=(event.seat,))

    def refuse_end(self, w: Work) -> None:
        if w.hand.phase == "showdown":
            raise Refusal("the showdown is waiting for hands to be shown")

    def called_off(self, w: Work) -> None:
        w.hand.contributions, w.hand.fees = {}, ZERO

    def award_uncontested(self, w: Work) -> None:
        hand = w.hand
        (winner,) = hand.live
        self.pay_out(w, {winner: self.pot_balance(w)}, rule="", why="everyone else folded")

    def pot_balance(self, w: Work) -> Decimal:
        return sum(w.hand.contributions.values(), w.hand.fees)

    def pay_out(self, w: Work, winnings: dict[int, Decimal], *, rule: str, why: str, because=()) -> None:
        hand = w.hand
        for seat, amount in sorted(winnings.items()):
            if amount > ZERO:
                w.pay(MAIN, seat_account(seat), amount, rule=rule or "pot", memo=why, because=because)
        total = sum(winnings.values(), ZERO)
        hand.phase, hand.betting, hand.pending = "over", None, ()
        hand.contributions, hand.fees = {}, ZERO
        text = "; ".join(f"seat {s} wins {fmt(a)}" for s, a in sorted(winnings.items()) if a > ZERO)
        w.say(f"Hand {hand.number} over: {text} ({why}).", rule=rule, kind=Kind.HAND_OVER,
              seats=tuple(s for s, a in sorted(winnings.items()) if a > ZERO), amount=total, because=because)
        self.deal_over(w)

    def showdown(self, w: Work) -> None:
        hand = w.hand
        hand.phase = "showdown"
        unseen = [s for s in hand.live if any(sl.card is None for sl in hand.boards[s].slots)]
        if unseen:
            waiting = {p.seat for p in hand.pending if p.rule == "showdown"}
            for seat in unseen:
                if seat not in waiting:
                    w.ask(seat, "showdown", f"Showdown: seat {seat}, show your face-down cards.", (),
                          kind=Kind.OBLIGATION, blocks="all")
            return
        for seat in hand.live:  # everything still in is shown to everyone now
            board = hand.boards[seat]
            for i, s in enumerate(board.slots):
                if not s.up and "shown" not in s.tags:
                    board = board.with_slot(i, s.tagged("shown"))
            hand.boards[seat] = board
        values: dict[int, Any] = {}
        for seat in hand.live:
            values[seat] = self.hand_value(w, seat)
        live_values = {s: v for s, v in values.items() if v is not None}
        for seat, v in values.items():
            if v is None:
                w.say(f"Seat {seat}'s hand is dead at showdown ({self.dead_reason(w, seat)}).",
                      rule=self.dead_rule(w, seat), seats=(seat,))
            else:
                w.say(f"Seat {seat}: {v.name}.", seats=(seat,))
        contenders = live_values or {s: None for s in values}  # all dead: they split as if tied
        pots = compute_pots(hand.contributions, [s for s in hand.order if hand.boards[s].folded],
                            self.all_in_seats(hand))
        if hand.fees:
            main = pots[0] if pots else Pot("main", ZERO, tuple(hand.live))
            pots = [Pot(main.name, main.amount + hand.fees, tuple(hand.live))] + pots[1:]
        winnings: dict[int, Decimal] = {}
        order = hand.order
        for pot in pots:
            eligible = [s for s in pot.eligible if s in contenders] or list(pot.eligible)
            if not eligible:
                continue
            best = max((contenders.get(s).key if contenders.get(s) else ()) for s in eligible)
            winners = [s for s in eligible if (contenders.get(s).key if contenders.get(s) else ()) == best]
            for seat, amount in split(pot.amount, winners, order).items():
                winnings[seat] = winnings.get(seat, ZERO) + amount
        best_seat = max(winnings, key=lambda s: winnings[s])
        why = "best hand: " + (values[best_seat].name if values.get(best_seat) else "all hands dead, split")
        self.pay_out(w, winnings, rule="", why=why)

    # ---- judging hands; games with card powers override these
    def showing(self, w: Work, seat: int) -> HandValue | None:
        ups = [s.card for s in w.hand.boards[seat].up_slots if s.card is not None]
        return evaluate(ups) if ups else None

    def hand_value(self, w: Work, seat: int):
        cards = [s.card for s in w.hand.boards[seat].slots] + list(w.hand.community)
        return evaluate(cards)

    def dead_reason(self, w: Work, seat: int) -> str:
        return "dead hand"

    def dead_rule(self, w: Work, seat: int) -> str:
        return ""
