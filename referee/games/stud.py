"""Stud poker, the base every stud game here builds on: antes, streets, bring-in, fixed-limit
betting, folds, showdown and awards. House rules plug in through the `on_*` hooks.

Cards arrive as events from the camera or the dashboard; the referee checks they make sense for
the deal (right seat, right street, no card in two places) and refuses those that do not.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from .. import betting as bet
from ..announcements import Kind, Pending
from ..cards import Card
from ..engine import Refusal, Work
from ..events import (AllIn, BetAction, BringIn, CardDealt, CardDiscarded, CardExposed, CardMoved,
                      CardsSwapped, CardTurnedDown, Complete, Decision, Event, Fold, HandEnded,
                      HandShown, HandStarted, Payment, TableOpened)
from ..evaluator import HandValue, evaluate
from ..ledger import pot_account, seat_account
from ..money import ZERO, fmt
from ..pots import Pot, compute_pots, split
from ..state import Hand, SeatHand, Slot, evolve
from .stud_settings import SettingsError, StudSettings, parse_settings

MAIN = pot_account("main")
# Event type -> the method that handles it, by name so that a subclass's (or a test's) override
# is the one called; built once, not per event.
_HANDLERS: dict[type, str] = {
    CardDealt: "deal", CardExposed: "expose", CardTurnedDown: "turn_down", CardsSwapped: "swap",
    CardMoved: "move", CardDiscarded: "discard", HandShown: "show", Decision: "decide", Payment: "payment",
    HandEnded: "end", **{t: "act" for t in (BringIn, Complete, bet.Check, bet.Bet, bet.Call, bet.Raise, Fold, AllIn)}}
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}  # bring-in ties: clubs lowest, spades highest


class StudGame:
    id = "stud"
    name = "Stud poker"
    settings_class = StudSettings
    rules: tuple = ()
    deck_size = 52

    # ------------------------------------------------------------------ opening the table
    def open(self, w: Work, event: TableOpened) -> None:
        if w.hand is not None and w.hand.phase != "over":
            raise Refusal(f"hand {w.hand.number} is still in progress: end it before changing the table")
        try:
            settings = parse_settings(self.settings_class, event.settings)
        except SettingsError as exc:
            raise Refusal(str(exc)) from None
        if not 2 <= len(event.seats) <= settings.max_seats:
            raise Refusal(f"{self.name} needs 2 to {settings.max_seats} seats, got {len(event.seats)}")
        w.state.game, w.state.settings, w.state.seats = self.id, settings, tuple(sorted(event.seats))
        w.state.hand = None
        w.say(f"Table open: {self.name}, seats {', '.join(map(str, w.state.seats))}. "
              f"Ante {fmt(settings.ante)}, bring-in {fmt(settings.bring_in)}, "
              f"{fmt(settings.small_bet)}-{fmt(settings.big_bet)} fixed limit.")

    # ------------------------------------------------------------------------- dispatch
    def apply(self, w: Work, event: Event) -> None:
        if isinstance(event, TableOpened):
            return self.open(w, event)
        if isinstance(event, HandStarted):
            return self.start_hand(w, event)
        hand = w.hand
        if hand is None:
            raise Refusal(f"no hand in progress: start one with hand_started before {event.type}")
        if hand.phase == "over" and not isinstance(event, (HandEnded, Payment)):
            raise Refusal(f"hand {hand.number} is over: start the next hand first")
        name = _HANDLERS.get(type(event))
        if name is None:
            raise Refusal(f"{self.name} has no use for a {event.type} event")
        getattr(self, name)(w, event)
        # A card change before the first chip (a 3 sold, a trade, a fold) may change who opens:
        # keep `to_act` true for the dashboard as soon as nothing blocks the betting.
        if hand.phase == "betting" and hand.betting is not None and not isinstance(event, BetAction) \
                and self.blocking(hand, "betting") is None:
            b = hand.betting
            if b.to_act is not None and (b.to_act not in hand.live or hand.boards[b.to_act].all_in):
                # the seat to act folded on a house rule (would not pay): the turn moves on
                hand.betting = bet.advance(b, hand.order, set(hand.live), self.all_in_seats(hand))
            if hand.betting.to_act is not None:
                self.settle_first_actor(w)
            if hand.betting.to_act is None:
                self.round_over(w)  # nobody left to bet (all in), or a round that waited for an obligation

    @classmethod
    def handlers(cls) -> dict[type, Any]:
        return {t: getattr(cls, name) for t, name in _HANDLERS.items()}

    # --------------------------------------------------------------------- the hand
    def start_hand(self, w: Work, event: HandStarted) -> None:
        st, settings = w.state, w.state.settings
        if st.hand is not None and st.hand.phase != "over":
            raise Refusal(f"hand {st.hand.number} is still in progress: end it first")
        seats = tuple(sorted(event.seats)) if event.seats else st.seats
        strangers = [s for s in seats if s not in st.seats]
        if strangers:
            raise Refusal(f"seat(s) {', '.join(map(str, strangers))} are not at this table")
        if len(seats) < 2:
            raise Refusal("a hand needs at least two seats")
        if event.dealer not in st.seats:
            raise Refusal(f"the dealer must sit at the table; seat {event.dealer} does not")
        if event.hand <= st.hands_played:
            raise Refusal(f"hand {event.hand} was already played: the next hand is {st.hands_played + 1}")
        around = st.seats[st.seats.index(event.dealer) + 1:] + st.seats[: st.seats.index(event.dealer) + 1]
        order = tuple(s for s in around if s in seats)
        st.hand = Hand(number=event.hand, dealer=event.dealer, order=order,
                       boards={s: SeatHand(s) for s in order}, final_street=settings.cards)
        st.hand.marks["received"] = tuple((s, 0) for s in order)
        st.hands_played = event.hand
        for seat in order:
            self.contribute(w, seat, settings.ante, rule="ante", memo="ante")
        w.say(f"Hand {event.hand}: dealer seat {event.dealer}; antes in, pot {fmt(w.state.pot_total())}.",
              seats=order, amount=w.state.pot_total())

    def contribute(self, w: Work, seat: int, amount: Decimal, *, rule: str = "", memo: str = "",
                   pot: str = MAIN, because=()) -> None:
        """Money from a seat into a pot. Antes and bets count toward side-pot levels; fees go
        straight into the main pot, which every live seat can win."""
        if amount <= ZERO:
            return
        w.pay(seat_account(seat), pot, amount, rule=rule, memo=memo, because=because)
        if pot != MAIN:
            return
        if rule in ("ante", "bet"):
            w.hand.contributions[seat] = w.hand.contributions.get(seat, ZERO) + amount
        else:
            # A fee is not a bet: it does not set a side-pot level; it belongs to the main pot.
            w.hand.fees += amount

    # ----------------------------------------------------------------------- dealing
    def cards_for_street(self, street: int) -> int:
        return 3 if street == 3 else 1

    def expected_up(self, hand: Hand, seat: int, nth: int) -> bool:
        """Whether the deal calls for this card face up (nth card of the street for this seat)."""
        if hand.street == 3:
            return nth == 3
        return hand.street < hand.final_street

    def received(self, hand: Hand, seat: int) -> int:
        return dict(hand.marks["received"])[seat]

    def count_received(self, hand: Hand, seat: int, n: int = 1) -> None:
        got = dict(hand.marks["received"])
        got[seat] += n
        hand.marks["received"] = tuple(got.items())

    def street_target(self, street: int) -> int:
        return 3 if street == 3 else street

    def blocking(self, hand: Hand, what: str) -> Pending | None:
        for p in hand.pending:
            if p.blocks == what or p.blocks == "all":
                return p
        return None

    def refuse_if_blocked(self, hand: Hand, what: str) -> None:
        p = self.blocking(hand, what)
        if p is not None:
            who = "the host" if p.seat is None else f"seat {p.seat}"
            raise Refusal(f"waiting for {who}: {p.prompt}")

    def check_card_free(self, hand: Hand, card) -> None:
        if card is None:
            return
        if type(card) is Card:
            # Every card dealt is checked against every card out: compare the plain fields rather
            # than hashing ~30 Cards into a set each time (Card equality is exactly this).
            rank, suit = card.rank, card.suit
            for board in hand.boards.values():
                for slot in board.slots:
                    c = slot.card
                    if c is card or (type(c) is Card and c.rank == rank and c.suit == suit):
                        break
                else:
                    continue
                break
            else:
                if not any(c == card for c in hand.discards + hand.community):
                    return
        elif card not in set(hand.cards_in_play()):
            return
        raise Refusal(f"{card.pretty} is already on the table: a card cannot be in two places")

    def live_seat(self, hand: Hand, seat: int | None) -> SeatHand:
        if seat is None or seat not in hand.boards:
            raise Refusal(f"seat {seat} is not in hand {hand.number}")
        board = hand.boards[seat]
        if board.folded:
            raise Refusal(f"seat {seat} has folded")
        return board

    def deal(self, w: Work, event: CardDealt) -> None:
        hand = w.hand
        if event.deck != "main":
            return self.side_deal(w, event)
        if event.seat is None:
            if hand.marks.get("community_owed"):
                return self.deal_community(w, event)
            raise Refusal(f"{self.name} deals no cards to the centre")
        board = self.live_seat(hand, event.seat)
        if self.owed_replacement(hand, event.seat):
            return self.deal_replacement(w, event)
        if hand.phase != "dealing":
            b = hand.betting
            raise Refusal(f"street {hand.street} is being bet: seat {b.to_act if b else '?'} to act before more cards")
        self.refuse_if_blocked(hand, "deal")
        if event.street is not None and event.street != hand.street:
            raise Refusal(f"the deal is on street {hand.street}, not street {event.street}")
        if hand.marks.get("community_owed"):
            raise Refusal("there are not enough cards left for every player's last card: deal it as one "
                          "community card, face up in the centre")
        if self.received(hand, event.seat) >= self.street_target(hand.street):
            raise Refusal(f"seat {event.seat} already has its cards for street {hand.street}")
        self.check_card_free(hand, event.card)
        hand.dealt += 1
        slot = Slot(event.card, event.up, hand.street, hand.dealt)
        hand.boards[event.seat] = board.adding(slot)
        self.count_received(hand, event.seat)
        self.lapse(w, "card")
        if hand.marks.pop("unbet_round", False):
            self.lapse(w, "betting")
        if event.up:
            hand.up_deals = hand.up_deals + ((hand.dealt, event.seat, event.card, hand.street),)
            self.on_up(w, event.seat, len(hand.boards[event.seat].slots) - 1, "dealt")
        self.after_deal(w, event.seat)
        if hand.phase == "dealing" and self.all_dealt(hand):
            self.street_dealt(w)

    def deal_community(self, w: Work, event: CardDealt) -> None:
        """The last card as one community card: it is every live seat's card for the street."""
        hand = w.hand
        if hand.phase != "dealing":
            raise Refusal(f"street {hand.street} is being bet: no more cards now")
        self.refuse_if_blocked(hand, "deal")
        if event.street is not None and event.street != hand.street:
            raise Refusal(f"the deal is on street {hand.street}, not street {event.street}")
        if event.card is None or not event.up:
            raise Refusal("the community card is dealt face up: say which card it is")
        self.check_card_free(hand, event.card)
        hand.dealt += 1
        hand.community = hand.community + (event.card,)
        del hand.marks["community_owed"]
        live = hand.live
        target = self.street_target(hand.street)
        for seat in live:
            if self.received(hand, seat) < target:
                self.count_received(hand, seat)
        self.lapse(w, "card")
        if hand.marks.pop("unbet_round", False):
            self.lapse(w, "betting")
        w.say(f"Community card: {event.card.pretty}, the last card of every player still in.", seats=live)
        for seat in live:
            self.after_deal(w, seat)
        if hand.phase == "dealing" and self.all_dealt(hand):
            self.street_dealt(w)

    def community_due(self, w: Work) -> None:
        """At the start of the last street: too few cards left for every player's last card (seven or
        eight players deep into the hand) makes it one community card (setting community_card)."""
        hand = w.hand
        if not w.state.settings.community_card or hand.street != hand.final_street:
            return
        live = hand.live
        left = self.deck_size - hand.dealt
        if 0 < left < len(live):
            hand.marks["community_owed"] = True
            w.say(f"Only {left} card{'s' if left > 1 else ''} left for {len(live)} players: the last card is "
                  f"dealt as one community card, face up in the centre, and plays in every hand.", seats=live)
            self.lapse(w, "river")  # options about a seat's own last card are gone

    def all_dealt(self, hand: Hand) -> bool:
        """Every live seat has its cards for this street."""
        got, target, boards = dict(hand.marks["received"]), self.street_target(hand.street), hand.boards
        return all(got[s] >= target for s in hand.order if not boards[s].folded)

    def owed_replacement(self, hand: Hand, seat: int) -> bool:
        return any(s == seat for s, _, _ in hand.marks.get("replacement_owed", ()))

    def owe_replacement(self, w: Work, seat: int, index: int, street: int, *, rule: str) -> None:
        """The seat gets the next card dealt to it in place of the card at `index` (already removed)."""
        hand = w.hand
        self.slot_removed(hand, seat, index)
        hand.marks["replacement_owed"] = hand.marks.get("replacement_owed", ()) + ((seat, index, street),)
        w.ask(None, "replacement", f"Dealer: deal seat {seat} a replacement card.", (), kind=Kind.OBLIGATION,
              blocks="betting", lapses="", because=(w.seq,), for_seat=seat)

    def deal_replacement(self, w: Work, event: CardDealt) -> None:
        """A card dealt to a seat that is owed one (e.g. after selling a 3) takes the old card's place."""
        hand = w.hand
        self.check_card_free(hand, event.card)
        owed = hand.marks["replacement_owed"]
        mine = next(o for o in owed if o[0] == event.seat)
        hand.marks["replacement_owed"] = tuple(o for o in owed if o is not mine)
        _, index, street = mine
        board = hand.boards[event.seat]
        index = min(index, len(board.slots))
        # Later replacements owed to this seat sit after this one now.
        hand.marks["replacement_owed"] = tuple((s, i + 1 if s == event.seat and i >= index else i, st)
                                               for s, i, st in hand.marks["replacement_owed"])
        for p in hand.pending:
            if p.rule == "replacement" and p.get("for_seat") == event.seat:
                w.close(p)
                break
        hand.dealt += 1
        slot = Slot(event.card, event.up, street, hand.dealt, frozenset({"replacement"}))
        hand.boards[event.seat] = evolve(board, slots=board.slots[:index] + (slot,) + board.slots[index:])
        w.say(f"Seat {event.seat} gets {event.card.pretty if event.card and event.up else 'a card'} "
              f"as a replacement.", seats=(event.seat,))
        if event.up:
            hand.up_deals = hand.up_deals + ((hand.dealt, event.seat, event.card, street),)
            self.on_up(w, event.seat, index, "dealt")
        self.after_decision(w)

    def slot_removed(self, hand: Hand, seat: int, index: int) -> None:
        """A card left the seat's board at `index` (sold, stolen, discarded): a replacement owed to the
        seat further right moves one place left with the cards (found by the simulator: a 2 Hog steal
        between a 3's sale and its replacement)."""
        owed = hand.marks.get("replacement_owed", ())
        if any(s == seat and i > index for s, i, _ in owed):
            hand.marks["replacement_owed"] = tuple((s, i - 1 if s == seat and i > index else i, st)
                                                   for s, i, st in owed)

    def side_deal(self, w: Work, event: CardDealt) -> None:
        raise Refusal(f"no side game is using a {event.deck!r} deck")

    def street_dealt(self, w: Work) -> None:
        """Every live seat has its cards for this street: house rules first, then the betting."""
        hand = w.hand
        self.on_street_dealt(w)
        if hand.phase != "dealing":
            return
        self.start_betting(w)

    def start_betting(self, w: Work) -> None:
        hand, settings = w.hand, w.state.settings
        hand.phase = "betting"
        size = settings.small_bet if hand.street <= 4 else settings.big_bet
        if hand.street == 3:
            first = self.bring_in_seat(w)
            hand.betting = bet.start_round(3, size, first, bring_in=True)
            card = hand.boards[first].up_slots[-1].card if hand.boards[first].up_slots else None
            w.say(f"Third street: seat {first} has the lowest card"
                  f"{' (' + card.pretty + ')' if card else ''} and brings in {fmt(settings.bring_in)}.",
                  seats=(first,), amount=settings.bring_in)
        else:
            first = self.first_to_act(w)
            hand.betting = bet.start_round(hand.street, size, first)
            w.say(f"Street {hand.street}: seat {first} shows the best hand and acts first "
                  f"({fmt(size)} bets).", seats=(first,))
        if first in self.all_in_seats(hand):
            hand.betting = bet.advance(hand.betting, hand.order, set(hand.live), self.all_in_seats(hand))
        if hand.betting.to_act is None and self.blocking(hand, "betting") is None:
            self.round_over(w)  # nobody can bet (all in); an obligation open still holds the hand here

    def settle_first_actor(self, w: Work) -> None:
        """Before the first chip of a round, cards may still have changed (a 3 sold, a trade, a
        card turned over), so who opens is judged again on the board as it is now."""
        hand = w.hand
        b = hand.betting
        if b.acted or b.put or b.level:
            return
        first = self.bring_in_seat(w) if b.bring_in else self.first_to_act(w)
        if first in self.all_in_seats(hand):
            first = bet.advance(evolve(b, to_act=first), hand.order, set(hand.live), self.all_in_seats(hand)).to_act
        if first != b.to_act:
            hand.betting = evolve(b, to_act=first)  # None: nobody can bet any more (all in)
            if first is not None:
                what = "has the lowest card and brings in" if b.bring_in else "now shows the best hand and acts first"
                w.say(f"After the changes on the board, seat {first} {what}.", seats=(first,))

    def all_in_seats(self, hand: Hand) -> set[int]:
        boards = hand.boards
        return {s for s in hand.order if boards[s].all_in and not boards[s].folded}

    # ---- who acts first
    def up_card_value(self, w: Work, seat: int, slot: Slot) -> tuple:
        """How low an up card is for the bring-in (lower brings in); games override for wilds."""
        card = slot.card
        return (card.rank, SUIT_ORDER.get(card.suit, 4))

    def bring_in_seat(self, w: Work) -> int:
        hand = w.hand
        candidates = []
        for seat in hand.live:
            ups = hand.boards[seat].up_slots
            if ups:
                candidates.append((min(self.up_card_value(w, seat, s) for s in ups), hand.order.index(seat), seat))
        if not candidates:
            return hand.live[0]
        return min(candidates)[2]

    def showing(self, w: Work, seat: int) -> HandValue | None:
        ups = [s.card for s in w.hand.boards[seat].up_slots if s.card is not None]
        return evaluate(ups) if ups else None

    def first_to_act(self, w: Work) -> int:
        hand, best = w.hand, None
        for seat in hand.live:
            value = self.showing(w, seat)
            key = (value.key if value is not None else (), -hand.order.index(seat))
            if best is None or key > best[0]:
                best = (key, seat)
        return best[1]

    # ----------------------------------------------------------------------- betting
    def act(self, w: Work, event: BetAction) -> None:
        hand, settings = w.hand, w.state.settings
        if hand.phase != "betting" or hand.betting is None:
            raise Refusal(f"no betting now: the deal is on street {hand.street}")
        self.live_seat(hand, event.seat)
        self.refuse_if_blocked(hand, "betting")
        self.settle_first_actor(w)
        self.before_action(w, event)
        try:
            amount, after = bet.cost(hand.betting, event, settings.bring_in, settings.max_raises)
        except bet.BettingError as exc:
            raise Refusal(str(exc)) from None
        self.lapse(w, "betting")
        self.contribute(w, event.seat, amount, rule="bet", memo=f"{event.type} street {hand.street}")
        if isinstance(event, Fold):
            self.fold(w, event.seat)
        if isinstance(event, AllIn):
            hand.boards[event.seat] = evolve(hand.boards[event.seat], all_in=True)
        self.after_action(w, event)
        if hand.phase != "betting":
            return
        live = hand.live
        hand.betting = bet.advance(after, hand.order, set(live), self.all_in_seats(hand))
        if len(live) == 1:
            return self.award_uncontested(w)
        if hand.betting.to_act is None:
            self.round_over(w)

    def fold(self, w: Work, seat: int, *, rule: str = "", why: str = "") -> None:
        hand = w.hand
        board = hand.boards[seat]
        hand.boards[seat] = evolve(board, folded=True)
        hand.pending = tuple(p for p in hand.pending if p.seat != seat)
        w.say(f"Seat {seat} folds{' (' + why + ')' if why else ''}.", rule=rule, seats=(seat,))
        if len(hand.live) == 1 and hand.phase != "over":
            return self.award_uncontested(w)
        self.on_fold(w, seat)

    def round_over(self, w: Work) -> None:
        hand = w.hand
        if not hand.betting.acted:
            # Nobody could bet: options that last "until the first bet" last until the next card.
            hand.marks["unbet_round"] = True
        hand.betting = None
        self.on_round_over(w)
        if hand.phase == "over":
            return
        if hand.street >= hand.final_street:
            return self.showdown(w)
        hand.street += 1
        hand.phase = "dealing"
        self.lapse(w, "street")
        w.say(f"Betting done. Deal street {hand.street}.")
        self.community_due(w)
        # Seats all in or a single seat able to act still get their cards; nothing else to do.

    # ------------------------------------------------------------------ card movements
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
        self.on_exposed(w, event.seat, index)
        self.on_up(w, event.seat, index, "exposed")

    def turn_down(self, w: Work, event: CardTurnedDown) -> None:
        hand = w.hand
        index = self.find(hand, event.seat, event.card, up=True)
        slot = hand.boards[event.seat].slots[index]
        hand.boards[event.seat] = hand.boards[event.seat].with_slot(
            index, Slot(slot.card, False, slot.street, slot.order, slot.tags | {"turned_down"}))
        self.on_turned_down(w, event.seat, index)

    def swap(self, w: Work, event: CardsSwapped) -> None:
        hand = w.hand
        if event.seat_a == event.seat_b:
            raise Refusal("a seat cannot trade with itself")
        ia = self.find(hand, event.seat_a, event.card_a)
        ib = self.find(hand, event.seat_b, event.card_b)
        a, b = hand.boards[event.seat_a].slots[ia], hand.boards[event.seat_b].slots[ib]
        self.on_swap(w, event, a, b)
        # Each card keeps its place and face on the new board; it carries its marks with it.
        new_a = Slot(b.card, a.up, a.street, a.order, b.tags | {"traded"})
        new_b = Slot(a.card, b.up, b.street, b.order, a.tags | {"traded"})
        hand.boards[event.seat_a] = hand.boards[event.seat_a].with_slot(ia, new_a)
        hand.boards[event.seat_b] = hand.boards[event.seat_b].with_slot(ib, new_b)
        w.say(f"Seat {event.seat_a} and seat {event.seat_b} trade "
              f"{_name(a.card, a.up)} for {_name(b.card, b.up)}.", seats=(event.seat_a, event.seat_b))
        self.after_swap(w, event, ia, ib)

    def move(self, w: Work, event: CardMoved) -> None:
        hand = w.hand
        if event.from_seat == event.to_seat:
            raise Refusal("a card cannot move to the seat it is at")
        index = self.find(hand, event.from_seat, event.card)
        self.live_seat(hand, event.to_seat)
        slot = hand.boards[event.from_seat].slots[index]
        self.on_move(w, event, slot)
        hand.boards[event.from_seat] = hand.boards[event.from_seat].without(index)
        self.slot_removed(hand, event.from_seat, index)
        hand.boards[event.to_seat] = hand.boards[event.to_seat].adding(slot.tagged("moved"))
        w.say(f"{event.card.pretty} moves from seat {event.from_seat} to seat {event.to_seat}.",
              seats=(event.from_seat, event.to_seat))
        self.after_move(w, event)

    def discard(self, w: Work, event: CardDiscarded) -> None:
        hand = w.hand
        index = self.find(hand, event.seat, event.card)
        slot = hand.boards[event.seat].slots[index]
        self.on_discard(w, event, slot)
        hand.boards[event.seat] = hand.boards[event.seat].without(index)
        self.slot_removed(hand, event.seat, index)
        if slot.card is not None:
            hand.discards = hand.discards + (slot.card,)

    def show(self, w: Work, event: HandShown) -> None:
        hand = w.hand
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

    # --------------------------------------------------------------------- decisions
    def pending_for(self, hand: Hand, event: Decision) -> Pending:
        for p in hand.pending:
            if event.decision is not None and p.id != event.decision:
                continue
            if p.rule == event.rule and p.seat == event.seat:
                return p
        asked = [f"{'host' if p.seat is None else 'seat ' + str(p.seat)}: {p.rule}" for p in hand.pending]
        who = "the host" if event.seat is None else f"seat {event.seat}"
        raise Refusal(f"no {event.rule} decision is waiting for {who}"
                      + (f" (waiting: {'; '.join(asked)})" if asked else ""))

    def decide(self, w: Work, event: Decision) -> None:
        pending = self.pending_for(w.hand, event)
        if event.choice not in pending.choices:
            raise Refusal(f"{event.choice!r} is not a choice here: choose {' or '.join(pending.choices)}")
        w.close(pending)
        self.on_decision(w, pending, event)
        self.after_decision(w)

    def after_decision(self, w: Work) -> None:
        """A blocking decision answered may let the flow continue."""
        hand = w.hand
        if hand.phase == "dealing" and self.blocking(hand, "betting") is None and hand.live and \
                self.all_dealt(hand) and not hand.marks.get("replacement_owed"):
            self.street_dealt(w)

    def lapse(self, w: Work, when: str) -> None:
        """Options that were not taken in time are gone for good."""
        hand = w.hand
        gone = [p for p in hand.pending if p.lapses == when]
        for p in gone:
            w.close(p)
            who = "the host" if p.seat is None else f"seat {p.seat}"
            w.say(f"Lapsed: {who} did not take the option ({p.prompt}).", rule=p.rule,
                  seats=() if p.seat is None else (p.seat,), because=p.because)
            self.on_lapse(w, p)

    # ------------------------------------------------------------------------- money
    def payment(self, w: Work, event: Payment) -> None:
        if event.seat not in w.state.seats:
            raise Refusal(f"seat {event.seat} is not at this table")
        hand = w.hand
        if event.to == MAIN and hand is not None and hand.phase != "over":
            self.contribute(w, event.seat, event.amount, rule=event.rule or "payment", memo=event.memo)
        else:
            if event.to.startswith("pot:") and event.to != MAIN:
                raise Refusal(f"there is no {event.to} pot now")
            w.pay(seat_account(event.seat), event.to, event.amount, rule=event.rule or "payment", memo=event.memo)
        w.say(f"Seat {event.seat} pays {fmt(event.amount)} to {event.to}"
              f"{' (' + event.memo + ')' if event.memo else ''}.", rule=event.rule, seats=(event.seat,),
              amount=event.amount)

    # ------------------------------------------------------------------------ the end
    def end(self, w: Work, event: HandEnded) -> None:
        hand = w.hand
        if hand.phase == "over":
            return
        if hand.phase == "showdown":
            raise Refusal("the showdown is waiting for hands to be shown")
        # Ended early by the host: a misdeal. Everyone gets their money back.
        paid: dict[int, Decimal] = {}
        for t in w.state.transfers.to_tuple():
            if t.hand == hand.number and MAIN in (t.payer, t.payee):
                seat = int((t.payer if t.payee == MAIN else t.payee).split(":")[1])
                paid[seat] = paid.get(seat, ZERO) + (t.amount if t.payee == MAIN else -t.amount)
        for seat, amount in sorted(paid.items()):
            if amount > ZERO:
                w.pay(MAIN, seat_account(seat), amount, rule="misdeal", memo=event.reason or "hand ended early")
        hand.contributions, hand.fees = {}, ZERO
        hand.phase = "over"
        hand.pending = ()
        w.say(f"Hand {hand.number} called off{': ' + event.reason if event.reason else ''}. Money returned.",
              kind=Kind.HAND_OVER)
        self.on_hand_over(w)

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
        self.on_hand_over(w)

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

    def hand_value(self, w: Work, seat: int):
        cards = [s.card for s in w.hand.boards[seat].slots] + list(w.hand.community)
        return evaluate(cards)

    def dead_reason(self, w: Work, seat: int) -> str:
        return "dead hand"

    def dead_rule(self, w: Work, seat: int) -> str:
        return ""

    # ----------------------------------------------------------------- hooks (no-ops)
    def on_up(self, w: Work, seat: int, index: int, how: str) -> None: ...
    def on_exposed(self, w: Work, seat: int, index: int) -> None: ...
    def on_turned_down(self, w: Work, seat: int, index: int) -> None: ...
    def after_deal(self, w: Work, seat: int) -> None: ...
    def on_street_dealt(self, w: Work) -> None: ...
    def before_action(self, w: Work, event: BetAction) -> None: ...
    def after_action(self, w: Work, event: BetAction) -> None: ...
    def on_round_over(self, w: Work) -> None: ...
    def on_swap(self, w: Work, event: CardsSwapped, a: Slot, b: Slot) -> None: ...
    def after_swap(self, w: Work, event: CardsSwapped, ia: int, ib: int) -> None: ...
    def on_move(self, w: Work, event: CardMoved, slot: Slot) -> None: ...
    def after_move(self, w: Work, event: CardMoved) -> None: ...
    def on_discard(self, w: Work, event: CardDiscarded, slot: Slot) -> None: ...
    def on_lapse(self, w: Work, pending: Pending) -> None: ...
    def on_hand_over(self, w: Work) -> None: ...
    def on_fold(self, w: Work, seat: int) -> None: ...

    def on_decision(self, w: Work, pending: Pending, event: Decision) -> None:
        raise Refusal(f"{self.name} does not know the rule {pending.rule!r}")


def _name(card, up: bool) -> str:
    if card is None:
        return "a hole card"
    return card.pretty if up else "a hole card"
