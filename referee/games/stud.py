"""Stud poker, the base every stud game here builds on: antes, streets, bring-in, fixed-limit
betting, folds, showdown and awards. House rules plug in as rule objects: the hand fires each
moment ("up", "deal", "swap", "betting_start", ...) to the rulebook (see `referee/game.py`).

Cards arrive as events from the camera or the dashboard; the referee checks they make sense for
the deal (right seat, right street, no card in two places) and refuses those that do not.
"""

from __future__ import annotations

from decimal import Decimal

from ..announcements import Kind
from ..cards import Card
from ..events import (AllIn, BetAction, BringIn, CardCorrected, CardDealt, CardDiscarded, CardExposed, CardMoved, CardsSwapped,
                      CardTurnedDown, Complete, Event, Fold, HandShown, HandStarted)
from ..game import MAIN, Game
from ..ledger import seat_account
from ..money import ZERO, fmt
from ..poker import betting as bet
from ..registry import register
from ..work import Refusal, Work
from .stud_moves import StudMoves
from .stud_options import StudOptions
from .stud_settings import StudSettings
from .stud_showdown import StudShowdown
from .stud_state import Hand, SeatHand, Slot
from ..state import evolve

SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}  # bring-in ties: clubs lowest, spades highest


class StudGame(StudMoves, StudShowdown, StudOptions, Game):
    id = "stud"
    name = "Stud poker"
    settings_class = StudSettings
    deck_size = 52
    deck = "52"  # the pack the camera reads (referee.cards.DECKS): no joker
    hand_type = Hand                  # a game with house rules keeps their bookkeeping on its own subclass
    handlers = {
        CardDealt: "deal", CardExposed: "card_exposed", CardTurnedDown: "card_turned_down",
        CardsSwapped: "cards_swapped", CardMoved: "card_moved", CardDiscarded: "card_discarded", HandShown: "show",
        CardCorrected: "card_corrected",
        **{t: "act" for t in (BringIn, Complete, bet.Check, bet.Bet, bet.Call, bet.Raise, Fold, AllIn)}}

    def opened_text(self, settings) -> str:
        return (f"Ante {fmt(settings.ante)}, bring-in {fmt(settings.bring_in)}, "
                f"{fmt(settings.small_bet)}-{fmt(settings.big_bet)} fixed limit.")

    # --------------------------------------------------------------------- the hand
    def new_deal(self, w: Work, event: HandStarted, order: tuple[int, ...]) -> Hand:
        return self.hand_type(number=event.hand, dealer=event.dealer, order=order, boards={s: SeatHand(s) for s in order},
                    final_street=w.state.settings.cards, received=tuple((s, 0) for s in order))

    def deal_started(self, w: Work) -> None:
        hand = w.hand
        for seat in hand.order:
            self.contribute(w, seat, w.state.settings.ante, rule="ante", memo="ante")
        w.say(f"Hand {hand.number}: dealer seat {hand.dealer}; antes in, pot {fmt(w.state.pot_total())}.",
              seats=hand.order, amount=w.state.pot_total())

    def after_event(self, w: Work, event: Event) -> None:
        # A card change before the first chip (a 3 sold, a trade, a fold) may change who opens:
        # keep `to_act` true for the dashboard as soon as nothing blocks the betting.
        hand = w.hand
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

    def into_pot(self, w: Work, seat: int, amount: Decimal, *, rule: str, memo: str) -> None:
        self.contribute(w, seat, amount, rule=rule, memo=memo)

    # ----------------------------------------------------------------------- dealing
    def received(self, hand: Hand, seat: int) -> int:
        return dict(hand.received)[seat]

    def count_received(self, hand: Hand, seat: int, n: int = 1) -> None:
        got = dict(hand.received)
        got[seat] += n
        hand.received = tuple(got.items())

    def street_target(self, street: int) -> int:
        return 3 if street == 3 else street

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
        self.fire("deal", w, event)
        if event.seat is None:
            if hand.community_owed:
                return self.deal_community(w, event)
            raise Refusal(f"{self.name} deals no cards to the centre")
        board = self.live_seat(hand, event.seat)
        if self.owed_replacement(hand, event.seat):
            return self.deal_replacement(w, event)
        if hand.phase != "dealing":
            if not w.state.settings.bets_tracked:
                self.refuse_if_blocked(hand, "betting")  # untracked bets: only an obligation holds the deal
            b = hand.betting
            raise Refusal(f"street {hand.street} is being bet: seat {b.to_act if b else '?'} to act before more cards")
        self.refuse_if_blocked(hand, "deal")
        if event.street is not None and event.street != hand.street:
            raise Refusal(f"the deal is on street {hand.street}, not street {event.street}")
        if hand.community_owed:
            raise Refusal("there are not enough cards left for every player's last card: deal it as one "
                          "community card, face up in the centre")
        if self.received(hand, event.seat) >= self.street_target(hand.street):
            raise Refusal(f"seat {event.seat} already has its cards for street {hand.street}")
        self.check_card_free(hand, event.card)
        hand.dealt += 1
        slot = Slot(event.card, event.up, hand.street, hand.dealt)
        hand.boards[event.seat] = board.adding(slot)
        self.count_received(hand, event.seat)
        self.card_dealt(w)
        if event.up:
            hand.up_deals = hand.up_deals + ((hand.dealt, event.seat, event.card, hand.street),)
            self.on_up(w, event.seat, len(hand.boards[event.seat].slots) - 1, "dealt")
        self.fire("after_deal", w, event.seat)
        if hand.phase == "dealing" and self.all_dealt(hand):
            self.street_dealt(w)

    def card_dealt(self, w: Work) -> None:
        """A main-deck card is out: options that last until the next card are gone."""
        self.lapse(w, "card")
        if w.hand.unbet_round:
            w.hand.unbet_round = False
            self.lapse(w, "betting")

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
        hand.community_owed = False
        live = hand.live
        target = self.street_target(hand.street)
        for seat in live:
            if self.received(hand, seat) < target:
                self.count_received(hand, seat)
        self.card_dealt(w)
        w.say(f"Community card: {event.card.pretty}, the last card of every player still in.", seats=live)
        for seat in live:
            self.fire("after_deal", w, seat)
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
            hand.community_owed = True
            w.say(f"Only {left} card{'s' if left > 1 else ''} left for {len(live)} players: the last card is "
                  f"dealt as one community card, face up in the centre, and plays in every hand.", seats=live)
            self.lapse(w, "river")  # options about a seat's own last card are gone

    def all_dealt(self, hand: Hand) -> bool:
        """Every live seat has its cards for this street."""
        got, target, boards = dict(hand.received), self.street_target(hand.street), hand.boards
        return all(got[s] >= target for s in hand.order if not boards[s].folded)

    def owed_replacement(self, hand: Hand, seat: int) -> bool:
        return any(s == seat for s, _, _ in hand.replacement_owed)

    def owe_replacement(self, w: Work, seat: int, index: int, street: int, *, rule: str) -> None:
        """The seat gets the next card dealt to it in place of the card at `index` (already removed)."""
        hand = w.hand
        self.slot_removed(hand, seat, index)
        hand.replacement_owed = hand.replacement_owed + ((seat, index, street),)
        w.ask(None, "replacement", f"Dealer: deal seat {seat} a replacement card.", (), kind=Kind.OBLIGATION,
              blocks="betting", lapses="", because=(w.seq,), for_seat=seat)

    def deal_replacement(self, w: Work, event: CardDealt) -> None:
        """A card dealt to a seat that is owed one (e.g. after selling a 3) takes the old card's place."""
        hand = w.hand
        self.check_card_free(hand, event.card)
        owed = hand.replacement_owed
        mine = next(o for o in owed if o[0] == event.seat)
        _, index, street = mine
        board = hand.boards[event.seat]
        index = min(index, len(board.slots))
        # Later replacements owed to this seat sit after this one now.
        hand.replacement_owed = tuple((s, i + 1 if s == event.seat and i >= index else i, st)
                                      for s, i, st in (o for o in owed if o is not mine))
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
        owed = hand.replacement_owed
        if any(s == seat and i > index for s, i, _ in owed):
            hand.replacement_owed = tuple((s, i - 1 if s == seat and i > index else i, st) for s, i, st in owed)

    def side_deal(self, w: Work, event: CardDealt) -> None:
        fns = self.rulebook.hooks("side_deal")
        if not fns:
            raise Refusal(f"no side game is using a {event.deck!r} deck")
        self.run(fns, w, (event,))

    def street_dealt(self, w: Work) -> None:
        """Every live seat has its cards for this street: house rules first, then the betting."""
        hand = w.hand
        self.fire("street_dealt", w)
        if hand.phase != "dealing":
            return
        self.start_betting(w)

    def after_decision(self, w: Work) -> None:
        hand = w.hand
        if hand.phase == "dealing" and self.blocking(hand, "betting") is None and hand.live and \
                self.all_dealt(hand) and not hand.replacement_owed:
            self.street_dealt(w)

    def on_up(self, w: Work, seat: int, index: int, how: str) -> None:
        """A card is face up at (seat, index): dealt, exposed, traded or moved there."""
        slot = w.hand.boards[seat].slots[index]
        self.run(self.rulebook.for_card("up", slot.card), w, (seat, index, how))

    # ----------------------------------------------------------------------- betting
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
        if not settings.bets_tracked:
            return self.untracked_round(w)
        if first in self.all_in_seats(hand):
            hand.betting = bet.advance(hand.betting, hand.order, set(hand.live), self.all_in_seats(hand))
        if hand.betting.to_act is None and self.blocking(hand, "betting") is None:
            self.round_over(w)  # nobody can bet (all in); an obligation open still holds the hand here
        if hand.phase == "betting":
            self.fire("betting_start", w)

    def untracked_round(self, w: Work) -> None:
        """Bets not tracked (setting bets): the players bet among themselves and the referee waits
        for nobody to act; like a round nobody can bet in, it ends at once (options lasting "until the
        first bet" last until the next card), unless an obligation still holds the betting: then
        it ends when that is answered (`after_event`)."""
        hand = w.hand
        hand.betting = evolve(hand.betting, to_act=None)
        if self.blocking(hand, "betting") is None:
            self.round_over(w)

    def untracked_act(self, w: Work, event: BetAction) -> None:
        """Bets not tracked: a fold is the only betting action entered, at any time in the hand."""
        hand = w.hand
        if not isinstance(event, Fold):
            raise Refusal(f"bets are not tracked at this table (setting bets: untracked): only a fold is "
                          f"entered, not a {event.type.replace('_', ' ')}")
        if hand.phase not in ("dealing", "betting", "showdown"):
            raise Refusal(f"hand {hand.number} is over: there is nothing to fold")
        self.live_seat(hand, event.seat)
        self.fold(w, event.seat)
        if hand.phase == "betting" and self.blocking(hand, "betting") is None:
            self.round_over(w)      # the fold answered (dropped) the obligation that held the deal
        elif hand.phase == "dealing":
            self.after_decision(w)  # the folded seat was the one still owed a card
        elif hand.phase == "showdown":
            self.showdown(w)        # one hand fewer to wait for

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

    def first_to_act(self, w: Work) -> int:
        hand, best = w.hand, None
        for seat in hand.live:
            value = self.showing(w, seat)
            key = (value.key if value is not None else (), -hand.order.index(seat))
            if best is None or key > best[0]:
                best = (key, seat)
        return best[1]

    def betting_options(self, state, seat: int) -> list[str]:
        """The betting actions open to `seat` now, as the rules in force allow them."""
        hand = state.hand
        names = bet.options(hand.betting, seat, state.settings.max_raises)
        return self.query("betting_options", names, state, seat)

    def act(self, w: Work, event: BetAction) -> None:
        hand, settings = w.hand, w.state.settings
        if not settings.bets_tracked:
            return self.untracked_act(w, event)
        if hand.phase != "betting" or hand.betting is None:
            raise Refusal(f"no betting now: the deal is on street {hand.street}")
        self.live_seat(hand, event.seat)
        self.refuse_if_blocked(hand, "betting")
        self.settle_first_actor(w)
        self.fire("before_action", w, event)
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
        self.fire("after_action", w, event)
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
        self.fire("fold", w, seat)

    def round_over(self, w: Work) -> None:
        hand = w.hand
        if not hand.betting.acted:
            # Nobody could bet: options that last "until the first bet" last until the next card.
            hand.unbet_round = True
        hand.betting = None
        if hand.street >= hand.final_street:
            return self.showdown(w)
        hand.street += 1
        hand.phase = "dealing"
        self.lapse(w, "street")
        w.say(f"Betting done. Deal street {hand.street}." if w.state.settings.bets_tracked else
              f"Deal street {hand.street} once the players have bet (bets are not tracked here).")
        self.community_due(w)
        # Seats all in or a single seat able to act still get their cards; nothing else to do.
        if hand.phase == "dealing":
            self.fire("street_start", w)


register(StudGame())
