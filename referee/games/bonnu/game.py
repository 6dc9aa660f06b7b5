"""Bonnu: the game on the referee core (bonnu.txt; the readings it leaves open: BonnuSettings and
docs/bonnu-decisions.md).

A game is a run of rounds: the simple game to `rounds_to_win` rounds won, or Bonnu 100 to a total
of `target`, carried round to round in the table's scores ("seat:N"). A round: the opening draw
(`dealing`), 7 cards each, then turns (`play_flow`: a card laid in turn, a draw), the out-of-turn claims
on the card just laid, ruled by their observed times (`claims_flow`), the shouts owed and the
penalties (`shouts`), and the end (`round_end`). What a viewer sees or may do: `views`.
"""

from __future__ import annotations

from ...events import CardDealt, HandShown, HandStarted
from ...game import Game
from ...registry import register
from ...work import Refusal, Work
from . import claims_flow, dealing, play_flow, round_end, shouts, views
from .catalog import RULES
from .events import BonnuClaimed, CardDrawn, CardLaid, CutLaid, DrawKept, ShoutHeard, TimeNoted
from .round_state import BonnuRound
from .settings import MAX_PLAYERS, MIN_PLAYERS, BonnuSettings


class Bonnu(Game):
    id = "bonnu"
    deck = "bonnu"  # the camera reads it with its own recogniser (vision/bonnu.py), not the poker one
    name = "Bonnu"
    settings_class = BonnuSettings
    rules = RULES
    min_seats = MIN_PLAYERS
    handlers = {CardDealt: "deal_card", CardLaid: "lay_card", CardDrawn: "draw_card", DrawKept: "keep_drawn", CutLaid: "cut",
                BonnuClaimed: "claim_bonnu", ShoutHeard: "shout", TimeNoted: "time_noted",
                HandShown: "show_hand"}

    def max_seats(self, settings) -> int:
        return MAX_PLAYERS

    def opened_text(self, settings) -> str:
        goal = (f"first to {settings.rounds_to_win} rounds won is Bonnu Master" if settings.scoring == "simple"
                else f"Bonnu 100: the cards left in hand are scored; at {settings.target} the lowest total wins")
        return f"7 cards each, no card turned up; {goal}."

    def allowed_after(self, event) -> bool:
        return False            # nothing is taken after a round: the next round starts

    # --------------------------------------------------------------------------- the round
    def new_deal(self, w: Work, event: HandStarted, order: tuple[int, ...]) -> BonnuRound:
        if len(order) != len(w.state.seats):
            raise Refusal("Bonnu deals every seat at the table")
        return dealing.new_round(w, event, order)

    def deal_started(self, w: Work) -> None:
        dealing.announce_round(w)

    def deal_card(self, w: Work, event: CardDealt) -> None:
        dealing.on_card_dealt(w, event)

    def lay_card(self, w: Work, event: CardLaid) -> None:
        play_flow.on_card_laid(self, w, event)

    def draw_card(self, w: Work, event: CardDrawn) -> None:
        play_flow.on_card_drawn(self, w, event)

    def keep_drawn(self, w: Work, event: DrawKept) -> None:
        play_flow.on_draw_kept(self, w, event)

    def cut(self, w: Work, event: CutLaid) -> None:
        claims_flow.on_claim(self, w, event)

    def claim_bonnu(self, w: Work, event: BonnuClaimed) -> None:
        claims_flow.on_claim(self, w, event)

    def shout(self, w: Work, event: ShoutHeard) -> None:
        shouts.on_shout(self, w, event)

    def time_noted(self, w: Work, event: TimeNoted) -> None:
        shouts.settle(self, w, event.at_ms)

    def show_hand(self, w: Work, event: HandShown) -> None:
        round_end.on_hand_shown(self, w, event)

    def on_decision(self, w: Work, pending, event) -> None:
        """The host settles a claim too close to call (claims_flow)."""
        claims_flow.on_host_ruling(self, w, pending, event)

    def win(self, w: Work, seat: int, how: str) -> None:
        round_end.win(self, w, seat, how)

    # ----------------------------------------------------------------- questions for callers
    def options(self, state, seat):
        if seat is None:
            return views.host_options(self, state)
        return views.seat_options(state, seat)

    def view(self, state, viewer):
        out = super().view(state, viewer)
        out["bonnu"] = views.round_view(state, viewer)
        return out


register(Bonnu())
