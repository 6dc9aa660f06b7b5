"""Boneyard euchre: the game on the referee core (boneyard-euchre.txt; docs/boneyard-decisions.md).

A game is a run of rounds to 10 points; each round carries the team scores (and any Scheme
modifiers) on to the next. A round: 5 cards each and 5 bones (`taking`: the face-up bone, Take It
or Leave It, the Maker's discard), the modifiers the taken card sets, resolved bone by bone
(`bones`), the steps before the lead (`setup`: Collect Call, Sweet Nothings, Therapy Club, Dummy),
five tricks (`tricks_flow`), then the points and the game's end (`round_score`). The pure rules are
the sibling modules (ranking, scoring, flips, order, exchanges); what a viewer sees or may do is
`views`. Seats in table order: the first and third are team 1, the second and fourth team 2.
"""

from __future__ import annotations

from ...events import Bid, CardDealt, CardDiscarded, CardPlayed, HandShown, HandStarted
from ...game import Game
from ...hidden_hand import HiddenHand
from ...registry import register
from ...work import Refusal, Work
from ..boonaken.events import TrumpNamed
from . import bones, round_score, setup, taking, tricks_flow, views
from .catalog import RULES
from .rules_base import RULES as BASE_RULES
from .events import (BoneFlipped, CardPassed, CardRevealed, FoolsGoldPlayed, GraveRobbed, LeadDeclined,
                     PennyPlaced, PennyPlayed)
from .order import next_dealer
from .round_state import BONES, HAND_SIZE, BoneyardRound
from .settings import BoneyardSettings

BASE_IDS = frozenset(r.id for r in BASE_RULES)


class BoneyardEuchre(Game):
    id = "boneyard-euchre"
    name = "Boneyard euchre"
    settings_class = BoneyardSettings
    deck = "25"  # the pack the camera reads (referee.cards.DECKS): 9 to A and the joker
    rules = RULES
    min_seats = 4
    handlers = {CardDealt: "deal_card", Bid: "bid", TrumpNamed: "name_trump", CardDiscarded: "discard",
                BoneFlipped: "flip_bone", PennyPlaced: "place_penny", CardPassed: "pass_card",
                CardRevealed: "reveal_card", HandShown: "show_hand", CardPlayed: "play_card",
                FoolsGoldPlayed: "play_fools_gold", PennyPlayed: "play_penny", LeadDeclined: "decline_lead",
                GraveRobbed: "rob_grave"}

    def max_seats(self, settings) -> int:
        return 4

    def opened_text(self, settings) -> str:
        return "Two teams, partners opposite (the first and third seats against the second and fourth); first to 10."

    def allowed_after(self, event) -> bool:
        return False            # nothing is shown or paid after a round: the next round starts

    # --------------------------------------------------------------------------- the round
    def expected_dealer(self, state) -> int | None:
        prev: BoneyardRound | None = state.hand
        if prev is None:
            return None
        return prev.table[next_dealer(prev.table.index(prev.dealer), prev.redeal, state.settings)]

    def new_deal(self, w: Work, event: HandStarted, order: tuple[int, ...]) -> BoneyardRound:
        st = w.state
        if len(order) != 4:
            raise Refusal("Boneyard euchre is dealt to all four seats")
        prev: BoneyardRound | None = st.hand
        expected = self.expected_dealer(st)
        if expected is not None and event.dealer != expected:
            why = "the same dealer deals again after four Leave Its (redeal_dealer)" if prev.redeal and \
                expected == prev.dealer else "the deal passes to the left"
            raise Refusal(f"seat {expected} deals now ({why}): start round {event.hand} with dealer {expected}")
        new_game = prev is None or prev.winner is not None
        scores = (0, 0) if new_game else prev.scores
        if new_game:
            st.scores["team:1"], st.scores["team:2"] = 0, 0
        carried = () if prev is None else round_score.carried_into_next(prev, st.settings)
        table = tuple(st.seats)
        return BoneyardRound(number=event.hand, dealer=event.dealer, order=order, phase="taking", table=table,
                             game_no=1 if prev is None else prev.game_no + (1 if new_game else 0),
                             scores=scores, carried=carried,
                             hands={s: HiddenHand(HAND_SIZE) for s in table})

    def deal_started(self, w: Work) -> None:
        rnd: BoneyardRound = w.hand
        w.say(f"Round {rnd.number} (game {rnd.game_no}): seat {rnd.dealer} deals {HAND_SIZE} cards each and "
              f"{BONES} bones, one turned face up. Score: {round_score.score_words(rnd)}.", rule="deal",
              seats=rnd.order)

    def deal_card(self, w: Work, event: CardDealt) -> None:
        taking.on_card_dealt(w, event)

    def bid(self, w: Work, event: Bid) -> None:
        taking.on_bid(self, w, event)

    def name_trump(self, w: Work, event: TrumpNamed) -> None:
        taking.on_trump_named(w, event)

    def discard(self, w: Work, event: CardDiscarded) -> None:
        taking.on_discard(self, w, event)

    def flip_bone(self, w: Work, event: BoneFlipped) -> None:
        bones.on_flipped(self, w, event)

    def place_penny(self, w: Work, event: PennyPlaced) -> None:
        bones.on_penny_placed(self, w, event)

    def pass_card(self, w: Work, event: CardPassed) -> None:
        setup.on_card_passed(w, event)

    def reveal_card(self, w: Work, event: CardRevealed) -> None:
        setup.on_card_revealed(w, event)

    def show_hand(self, w: Work, event: HandShown) -> None:
        setup.on_hand_shown(w, event)

    # ---------------------------------------------------------------------------- play
    def play_card(self, w: Work, event: CardPlayed) -> None:
        tricks_flow.on_card_played(self, w, event)

    def play_fools_gold(self, w: Work, event: FoolsGoldPlayed) -> None:
        tricks_flow.on_card_played(self, w, event, how="fools_gold")

    def play_penny(self, w: Work, event: PennyPlayed) -> None:
        tricks_flow.on_card_played(self, w, event, how="penny")

    def decline_lead(self, w: Work, event: LeadDeclined) -> None:
        tricks_flow.on_lead_declined(w, event)

    def rob_grave(self, w: Work, event: GraveRobbed) -> None:
        tricks_flow.on_grave_robbed(w, event)

    # --------------------------------------------------------------------------- the end
    def add_points(self, w: Work, team: int, points: int) -> None:
        round_score.add_points(w, team, points)

    def score_words(self, w: Work) -> str:
        return round_score.score_words(w.hand)

    def score(self, w: Work) -> None:
        round_score.score_round(w)
        self.finish(w)

    def called_off(self, w: Work) -> None:
        """A round called off by the host is dealt again, like four Leave Its: the dealer by
        decision 16, and a Scheme waiting for the next round waits on (decision 15)."""
        w.hand.redeal = True

    def finish(self, w: Work) -> None:
        hand = w.hand
        hand.phase, hand.pending = "over", ()
        self.deal_over(w)

    # ----------------------------------------------------------------- questions for callers
    def next_dealer(self, state) -> int:
        expected = self.expected_dealer(state)
        return super().next_dealer(state) if expected is None else expected

    def active_rules(self, state) -> frozenset[str] | None:
        """The base rules always, and the round's modifiers."""
        rnd: BoneyardRound | None = state.hand
        return BASE_IDS | frozenset(() if rnd is None else rnd.active)

    def options(self, state, seat):
        if seat is None:
            return views.host_options(self, state)
        return views.seat_options(state, seat)

    def view(self, state, viewer):
        out = super().view(state, viewer)
        out["boneyard-euchre"] = views.round_view(state, viewer)
        return out


register(BoneyardEuchre())
