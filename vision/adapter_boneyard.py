"""Observations -> referee events at a Boneyard euchre table (the zones of `calibration.boneyard_zones`).

What the camera sees, and what the referee is told:
* a card face down at a seat while the round is dealt: into that seat's hand (`CardDealt(N, None)`);
  in the boneyard: a face-down bone (`deck="boneyard"`); the bone face up there: the dealer's bone;
* a bone turned up in the boneyard while the modifiers draw: `BoneFlipped(card)`;
* the taken bone laid in front of a seat ("taken:N"): nothing, when it is the card the Maker took
  (the Take It on the phone said so); any other card or seat asks the host, in words;
* a card into the trick area belongs to the seat due next in the round's play order, the
  referee's `to_play` (so Party Crasher's order and Fusion's leader change it with no code here).
  Seen coming from another seat's place (its hand, or its taken card) it goes to the referee as
  that seat's card, to be refused in words as out of turn: never silently given to someone else.
  A card the referee has played already (named on a phone: Fool's Gold, the Lucky Penny) adds nothing;
* Therapy Club's card laid face up by a seat the referee asks to reveal: `CardRevealed`; Dummy's
  hand laid face up, once the partner's every card is down: `HandShown`;
* face-down moves the camera cannot read (the Maker's discard, Collect Call and Sweet Nothings
  passes, the Lucky Penny placed) are the phones': they give nothing here, and say so in the log;
* cards taken up, gathered onto a team's pile or turned down give nothing.
A card into the trick area before the play, a flipped bone before the discard, or the taken card
before Take It waits (`waits`) until the phones got the referee there. Rules are the referee's:
only its `view` and `options` are asked.
"""

from __future__ import annotations

from referee.cards import parse_card
from referee.events import CardDealt, CardPlayed, Event, HandShown
from referee.games.boneyard.events import BoneFlipped, CardRevealed

from .adapter_tricks import GameTable, _place, taken_back_off
from .observations import DEALT, EXPOSED, MOVED, REMOVED, Observation

GAME = "boneyard-euchre"


class BoneyardTable(GameTable):
    """The Boneyard euchre reading of observations."""

    game = GAME

    def __init__(self, view=None, options=None):
        super().__init__(view, options)
        self.shown: dict[int, list[str]] = {}  # Dummy: the partner's cards seen face up so far

    def _may(self, state, seat: int, action: str) -> bool:
        return any(o.action == action for o in self.options(state, seat))

    # -------------------------------------------------------------------- translation
    def translate(self, obs: Observation, state, adapter) -> list[Event]:
        """`adapter` gives `_skip` / `_ask` (the log of observations needing nothing, or the host)."""
        place, rnd = _place(obs.zone), self.round(state)
        card = parse_card(obs.card) if obs.card else None
        if obs.kind == REMOVED:
            return adapter._skip(obs, "a trick gathered onto its team's pile" if place == "trick"
                                 else f"card taken up from {obs.zone}")
        if place == "trick" and obs.kind in (DEALT, MOVED):
            return self._played(obs, rnd, card, adapter)
        if place == "taken" and obs.kind in (DEALT, MOVED):
            return self._taken(obs, rnd, adapter)
        if place == "boneyard":
            return self._boneyard(obs, rnd, card, adapter)
        if place == "seat" and obs.kind in (DEALT, EXPOSED):
            return self._at_seat(obs, state, rnd, card, adapter)
        return adapter._skip(obs, f"{obs.kind} in {obs.zone}: no event at a Boneyard euchre table")

    def _dealing(self, rnd: dict) -> bool:
        return rnd.get("phase") == "taking" and not rnd.get("bids")

    def _boneyard(self, obs: Observation, rnd: dict, card, adapter) -> list[Event]:
        if obs.kind == DEALT and self._dealing(rnd):
            return [CardDealt(None, card, True) if obs.up else CardDealt(None, None, False, deck="boneyard")]
        if not obs.up:
            return adapter._skip(obs, "a card face down into the boneyard: the Maker's discard, entered on the "
                                      "Maker's phone")
        if obs.kind in (DEALT, EXPOSED) and rnd.get("phase") == "modifiers":
            if card is None:
                return adapter._ask(obs, "a bone was turned up but not read: which card is it?")
            return [BoneFlipped(card)]
        if obs.kind == MOVED:
            return adapter._skip(obs, f"the {obs.card} moved within the boneyard")
        return adapter._ask(obs, f"the {obs.card or 'card'} lies face up in the boneyard, but no bone is flipped "
                                 f"now ({rnd.get('phase')}): turn it down, or correct it by hand")

    def _taken(self, obs: Observation, rnd: dict, adapter) -> list[Event]:
        """The taken bone in front of the Maker: what the Take It said, or a question."""
        seat = int(obs.zone.split(":")[1])
        maker, taken = rnd.get("maker"), rnd.get("taken")
        if seat == maker and obs.card == taken:
            return adapter._skip(obs, f"the taken {obs.card} lies in front of the Maker, seat {seat}: part of the hand")
        if maker is None:
            return adapter._ask(obs, f"the {obs.card or 'card'} lies in front of seat {seat}, but nobody has taken "
                                     "a bone: who took it? (Take It on the phone)")
        return adapter._ask(obs, f"the {obs.card or 'card'} lies face up in front of seat {seat}, but the Maker is "
                                 f"seat {maker}, who took the {taken}: put it back, or correct it by hand")

    def _at_seat(self, obs: Observation, state, rnd: dict, card, adapter) -> list[Event]:
        seat = obs.seat
        if not obs.up:
            if obs.kind == DEALT and self._dealing(rnd):
                return [CardDealt(seat, None, False)]
            return adapter._skip(obs, f"a card face down at seat {seat}: the camera cannot read it; the phones say "
                                      "what it is (the Lucky Penny, a card handed over)")
        if card is None:
            return adapter._ask(obs, f"a card lies face up at seat {seat} but was not read: which card is it?")
        if self._may(state, seat, "reveal"):
            return [CardRevealed(seat, card)]
        if self._may(state, seat, "show"):
            return self._show(obs, seat, rnd, card, adapter)
        return adapter._ask(obs, f"the {obs.card} lies face up in front of seat {seat}, but the referee asks no "
                                 "card of that seat to be shown now: take it up, or correct it by hand")

    def _show(self, obs: Observation, seat: int, rnd: dict, card, adapter) -> list[Event]:
        """Dummy: the partner's hand is shown once every one of its cards lies face up."""
        have = self.shown.setdefault(seat, [])
        if obs.card not in have:
            have.append(obs.card)
        holding = next((s.get("holding", 0) for s in rnd.get("seats", []) if s.get("seat") == seat), 0)
        if len(have) < holding:
            return adapter._skip(obs, f"Dummy: seat {seat} has laid {len(have)} of {holding} cards face up")
        del self.shown[seat]
        return [HandShown(seat, tuple(parse_card(c) for c in have))]

    def _played(self, obs: Observation, rnd: dict, card, adapter) -> list[Event]:
        if card is None:
            return adapter._ask(obs, "a card went face down into the trick area: which card is it?")
        if obs.card in _just_played(rnd):
            return adapter._skip(obs, f"the {obs.card} is played already (named on a phone)")
        turn = rnd.get("to_play")
        came = obs.from_seat
        if obs.from_zone == f"taken:{rnd.get('maker')}" and obs.card == rnd.get("taken"):
            came = rnd.get("maker")  # the taken card, from in front of the Maker (other cards only pass over it)
        seat = came if came is not None and came != turn else turn  # seen from another seat: its card
        if seat is None:
            return adapter._ask(obs, f"the {card.pretty} lies in the trick area, but no card is expected now")
        return [CardPlayed(seat, card)]

    # ------------------------------------------------------------------------ waiting
    def waits(self, obs: Observation, state) -> str | None:
        """Cards the phones must get the referee ready for first: a card into the trick area before
        the play (the discard, the flips, Collect Call... still being entered), a bone turned up
        before the Maker's discard is in, the taken card laid out before the Take It."""
        if obs.kind not in (DEALT, MOVED, EXPOSED) or obs.unconfirmed:
            return None
        rnd = self.round(state)
        phase, place = rnd.get("phase"), _place(obs.zone)
        if place == "trick" and obs.kind != EXPOSED:
            if rnd.get("waiting"):  # Collect Call, Therapy Club, Dummy... before the first lead
                return f"a card in the trick area waits for {'; '.join(rnd['waiting'])}"
            if rnd.get("to_play") is None and phase != "over":
                return f"a card in the trick area waits for the {phase} to end (entered on the phones)"
        before_flips = phase in ("naming", "discard") or phase == "taking" and bool(rnd.get("bids"))
        if place == "boneyard" and obs.up and before_flips:
            return f"a bone turned up waits for the {phase} to end (entered on the Maker's phone)"
        if place == "taken" and phase == "taking" and rnd.get("maker") is None:
            return "the taken card waits for the Take It on the phone"
        return None

    taken_back = taken_back_off("trick", "the trick area")  # a refused card taken off the trick area again


def _just_played(rnd: dict) -> set[str]:
    """The cards of the trick in progress, or of the one just finished while none is: what a card
    named on a phone (Fool's Gold, the Lucky Penny) has already given the referee when the camera
    sees it land. A card back in a hand (Grave Robber) is not among them."""
    trick = rnd.get("trick") or (rnd.get("tricks") or [{}])[-1].get("cards", [])
    in_hands = {c for s in rnd.get("seats", []) for c in s.get("cards", ())}
    return {c["card"] for c in trick} - in_hands


__all__ = ["BoneyardTable"]
