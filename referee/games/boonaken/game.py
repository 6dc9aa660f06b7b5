"""Boonaken: the game on the referee core (boonaken-fa.txt; docs/boonaken-decisions.md).

A game is a run of deals that ends when the loser is found; each deal carries the game's sheet
on to the next. A deal: the cards dealt by the players still in (`deal.layout`), the bidding, the
exchange of the centre cards, six tricks (fewer in the variants) with roem declared and
challenged during the first, then the result and its mark. The pure rules are the sibling
modules (cards, play, roem, bidding, deal, marks, points); the table's side of each step lives in
bids, tricks, roem_calls and scoring, and what a viewer may see or do in views.
"""

from __future__ import annotations

from ...events import Bid, CardDealt, CardDiscarded, CardPlayed, HandShown, HandStarted
from ...game import Game
from ...hidden_hand import HiddenHand
from ...registry import register
from ...work import Refusal, Work
from . import deal as layouts
from . import marks, roem_calls, scoring, tricks, views
from .bids import on_bid
from .catalog import RULES
from .deal_state import BoonakenDeal
from .events import RoemCardNamed, RoemChallenged, RoemDeclared, TrumpNamed
from .settings import BoonakenSettings


class Boonaken(Game):
    id = "boonaken"
    name = "Boonaken"
    settings_class = BoonakenSettings
    deck = "32"  # the piquet pack the camera reads (referee.cards.DECKS): 7 to A
    rules = RULES
    min_seats = 2
    handlers = {CardDealt: "deal_card", Bid: "bid", CardDiscarded: "discard", TrumpNamed: "name_trump",
                RoemDeclared: "declare_roem", RoemChallenged: "challenge_roem", RoemCardNamed: "name_roem_card",
                CardPlayed: "play_card", HandShown: "show_hand"}

    def max_seats(self, settings) -> int:
        return 7 if settings.six_seven_players else 5

    def opened_text(self, settings) -> str:
        how = "points" if settings.scoring == "points" else "marks"
        return f"Scored in {how}; the loser buys the drinks."

    # --------------------------------------------------------------------------- the deal
    def new_deal(self, w: Work, event: HandStarted, order: tuple[int, ...]) -> BoonakenDeal:
        st, settings = w.state, w.state.settings
        prev: BoonakenDeal | None = st.hand
        past = () if prev is None else prev.past
        first_of_game = prev is None or bool(prev.losers)
        if first_of_game:
            game_no = 1 if prev is None else prev.game_no + 1
            past += () if prev is None else ((prev.game_no, prev.losers),)
            sheet = scoring.new_sheet(tuple(s for s in st.seats if s not in st.sitting_out), settings)
            expected = None if prev is None else marks.next_game_dealer(prev.sheet.seats, prev.losers)
        else:
            game_no, sheet = prev.game_no, prev.sheet
            expected = scoring.next_dealer(sheet, prev.dealer, prev.declarer, settings)
        still_in = scoring.seats_still_in(sheet, settings)
        if expected is not None and event.dealer != expected:
            raise Refusal(f"seat {expected} deals now ({self._dealer_rule(prev, settings)}): "
                          f"start deal {event.hand} with dealer {expected}")
        if event.dealer not in still_in:
            raise Refusal(f"seat {event.dealer} is out of this game and does not deal")
        order = tuple(s for s in order if s in still_in)
        try:
            lay = layouts.layout(len(order), settings)
        except layouts.DealError as exc:
            raise Refusal(str(exc)) from None
        return BoonakenDeal(number=event.hand, dealer=event.dealer, order=order, phase="bidding",
                            game_no=game_no, past=past, first_of_game=first_of_game, sheet=sheet, layout=lay,
                            cutter=layouts.cutter(still_in, event.dealer),
                            hands={s: HiddenHand(lay.hand_size) for s in order}, played={s: () for s in order})

    @staticmethod
    def _dealer_rule(prev: BoonakenDeal | None, settings) -> str:
        if prev is not None and prev.losers:
            return "a new game is dealt by the player right of the loser"
        if settings.dealer_rotation == "declarer":
            return "the previous declarer deals"
        return "the deal passes to the left, past the players who are out"

    def deal_started(self, w: Work) -> None:
        hand = w.hand
        lay = hand.layout
        centre = f"{lay.centre_up} up" if not lay.centre_down else f"{lay.centre_down} down and {lay.centre_up} up"
        aside = f", {lay.set_aside} set aside" if lay.set_aside else ""
        w.say(f"Deal {hand.number} (game {hand.game_no}): seat {hand.dealer} deals, seat {hand.cutter} cuts; "
              f"{lay.hand_size} cards each, {centre} in the centre{aside}. Seat {hand.order[0]} bids first.",
              rule="deal", seats=hand.order)

    def deal_card(self, w: Work, event: CardDealt) -> None:
        hand = w.hand
        if hand.phase != "bidding":
            raise Refusal("the cards are dealt before the bidding ends")
        if event.deck not in ("main", "aside") or event.deck == "aside" and (event.seat is not None or event.up):
            raise Refusal("a card set aside goes face down to the set-aside pile, not to a seat or face up"
                          if event.deck == "aside" else f"Boonaken is dealt from one pack, not a {event.deck} deck")
        card = event.card
        if card is not None:
            if card.is_joker or card.rank < 7:
                raise Refusal(f"{card.pretty} is not in the Boonaken pack (7 to ace)")
            where = hand.where(card)
            if where is not None:
                raise Refusal(f"{card.pretty} is dealt already: it is {where}")
        lay = hand.layout
        if event.seat is None:
            place = "aside" if event.deck == "aside" else "up" if event.up else "down"
            most = {"aside": lay.set_aside, "up": lay.centre_up, "down": lay.centre_down}[place]
            if hand.dealt.get(place, 0) >= most:
                raise Refusal(f"the {'set-aside pile' if place == 'aside' else 'centre'} has its {most} "
                              f"{'face-up ' if place == 'up' else 'face-down ' if place == 'down' else ''}card(s)")
            hand.dealt[place] = hand.dealt.get(place, 0) + 1
            if card is not None:
                if place == "up":
                    hand.centre_up += (card,)
                    w.say(f"Centre: {card.pretty} face up.", rule="deal")
                elif place == "down":
                    hand.centre_down += (card,)
                else:
                    hand.aside += (card,)
            return
        if event.seat not in hand.order:
            raise Refusal(f"seat {event.seat} is not dealt in this deal")
        if event.up:
            raise Refusal("the hands are dealt face down")
        key = f"hand:{event.seat}"
        if hand.dealt.get(key, 0) >= lay.hand_size:
            raise Refusal(f"seat {event.seat} has its {lay.hand_size} cards")
        hand.dealt[key] = hand.dealt.get(key, 0) + 1
        if card is not None:
            hand.hands[event.seat] = hand.hand_of(event.seat).name(card)

    def bid(self, w: Work, event: Bid) -> None:
        on_bid(self, w, event)

    # ------------------------------------------------------------------------ the exchange
    def start_exchange(self, w: Work) -> None:
        hand = w.hand
        hand.phase, hand.taker = "exchange", 0
        first = hand.takers[0]
        self._take(hand, first, hand.centre_up + hand.centre_down)
        w.say(f"Seat {first} takes the {hand.centre_size} centre cards and discards {hand.centre_size} face down.",
              rule="centre-cards", seats=(first,))

    @staticmethod
    def _take(hand: BoonakenDeal, seat: int, named: tuple) -> None:
        held = hand.hand_of(seat)
        for card in named:
            held = held.receive(card)
        for _ in range(hand.centre_size - len(named)):
            held = held.receive()               # centre cards the table did not see
        hand.hands[seat] = held

    def discard(self, w: Work, event: CardDiscarded) -> None:
        hand = w.hand
        if hand.phase != "exchange":
            raise Refusal(f"no discards now (now: {hand.phase})")
        seat, card = event.seat, event.card
        if seat != hand.discarder():
            raise Refusal(f"seat {hand.discarder()} discards now, not seat {seat}")
        if card is None:
            if hand.fully_known(seat):
                raise Refusal(f"seat {seat}'s hand is known: say which card is discarded")
            # An unseen discard may be any card the seat held, the centre cards it took included:
            # none of them is sure to be in its hand any more. The cards it plays still prove it.
        elif card not in hand.known_holding(seat):
            where = hand.where(card)
            if where is not None or hand.fully_known(seat):
                raise Refusal(f"{card.pretty} cannot be discarded by seat {seat}: "
                              f"{'it is ' + where if where else 'it is not in the hand'}")
        hand.hands[seat] = hand.hand_of(seat).give_up(card)
        hand.discards[seat] = hand.discards.get(seat, ()) + (card,)
        if len(hand.discards[seat]) < hand.centre_size:
            return
        if hand.taker + 1 < len(hand.takers):
            hand.taker += 1
            nxt = hand.takers[hand.taker]
            self._take(hand, nxt, hand.discards[seat])
            w.say(f"Seat {seat} has discarded. Seat {nxt} takes those {hand.centre_size} cards and discards as many.",
                  rule="centre-cards", seats=(seat, nxt))
            return
        w.say(f"Seat {seat} has discarded {hand.centre_size} cards face down; they score nothing.",
              rule="centre-cards", seats=(seat,))
        self.start_play(w)

    def start_play(self, w: Work) -> None:
        hand = w.hand
        hand.phase, hand.leader = "play", hand.declarer
        hand.roem_open = roem_calls.number_contract(hand)
        extra = " Roem is declared (and challenged) during the first trick." if hand.roem_open else ""
        w.say(f"Seat {hand.declarer} leads.{extra}", rule="trick", seats=(hand.declarer,))

    # ---------------------------------------------------------------------------- play
    def name_trump(self, w: Work, event: TrumpNamed) -> None:
        tricks.on_trump_named(self, w, event)

    def play_card(self, w: Work, event: CardPlayed) -> None:
        tricks.on_card_played(self, w, event)

    def show_hand(self, w: Work, event: HandShown) -> None:
        """Open boonaak is played with the declarer's hand face up on the table (line 166)."""
        hand = w.hand
        if hand.contract is None or hand.contract.kind != "open_boonaak" or event.seat != hand.declarer:
            raise Refusal("only the declarer of an open boonaak lays the hand open")
        if hand.phase != "play" or hand.shown:
            raise Refusal("the open hand is laid down once, during the play")
        held = set(event.cards)
        if len(held) != len(event.cards) or len(held) != hand.holding(event.seat):
            raise Refusal(f"lay down all {hand.holding(event.seat)} cards of the hand, each once")
        for card in held - hand.known_holding(event.seat):
            if hand.where(card) is not None:
                raise Refusal(f"{card.pretty} cannot be seat {event.seat}'s: it is {hand.where(card)}")
        if not hand.known_holding(event.seat) <= held:
            raise Refusal(f"seat {event.seat}'s hand holds other cards than those")
        hand.hands[event.seat] = hand.hand_of(event.seat).name(*held)
        hand.shown = True
        w.say(f"Open boonaak: seat {event.seat} lays the hand open: "
              f"{' '.join(c.pretty for c in sorted(held, reverse=True))}.", rule="contract", seats=(event.seat,))

    def declare_roem(self, w: Work, event: RoemDeclared) -> None:
        roem_calls.on_declared(self, w, event)

    def challenge_roem(self, w: Work, event: RoemChallenged) -> None:
        roem_calls.on_challenged(self, w, event)

    def name_roem_card(self, w: Work, event: RoemCardNamed) -> None:
        roem_calls.on_card_named(self, w, event)

    def roem_cards_owed(self, hand: BoonakenDeal) -> tuple[int, ...]:
        return roem_calls.cards_owed(hand)

    def close_roem_window(self, w: Work) -> None:
        roem_calls.close_window(w)

    def revoke_effect(self, hand: BoonakenDeal, seat: int) -> str:
        return scoring.revoke_effect(hand, seat)

    def check_certain(self, w: Work) -> None:
        certain = scoring.check_certain(w)
        hand, settings = w.hand, w.state.settings
        if not settings.stop_when_certain or hand.phase != "play":
            return
        if all(s in certain for s in hand.bidders):
            w.say("Every result is certain: the deal ends here (stop_when_certain).", rule="deal-certain")
            scoring.mark_deal(w, tuple((s, certain[s]) for s in hand.bidders))
            self.finish(w)

    # --------------------------------------------------------------------------- the end
    def score(self, w: Work) -> None:
        scoring.mark_deal(w, scoring.deal_results(w))
        self.finish(w)

    def finish(self, w: Work) -> None:
        hand = w.hand
        hand.phase, hand.pending, hand.roem_open = "over", (), False
        self.deal_over(w)

    # ----------------------------------------------------------------- questions for callers
    def next_dealer(self, state) -> int:
        hand: BoonakenDeal | None = state.hand
        if hand is None:
            return super().next_dealer(state)
        if hand.losers:
            return marks.next_game_dealer(hand.sheet.seats, hand.losers)
        return scoring.next_dealer(hand.sheet, hand.dealer, hand.declarer, state.settings)

    def options(self, state, seat):
        if seat is None:
            return views.host_options(self, state)
        return views.seat_options(state, seat)

    def view(self, state, viewer):
        out = super().view(state, viewer)
        out["boonaken"] = views.deal_view(state, viewer)
        return out


register(Boonaken())
