"""Observations -> referee events at a Boonaken table (the zones of `calibration.boonaken_zones`).

What the camera sees, and what the referee is told:
* a card face down at a seat: dealt into that seat's hand (`CardDealt(N, None)`); in the centre:
  a centre card, face up (read) or face down (`CardDealt(None, ...)`); in the set-aside row: a
  set-aside card (`deck="aside"`);
* a card face down into the discards: the discard of the seat the exchange waits for (the
  declarer, or the misère bidder on turn in the chain) - the referee's view says which;
* a card into the trick area belongs to the seat still in whose turn it is (the referee's
  `to_play`). Only when the tracker clearly saw it come from another seat's zone does it go to
  the referee as that seat's card, so that the referee refuses it as played out of turn (or
  judges it) in words: a card is never silently given to someone else;
* cards taken off the table (players taking up their hands, the declarer the centre, a trick
  gathered by its winner) and cards turned over give nothing;
* a card in the trick area before play starts, or in the discards before the exchange, waits
  (`waits`) until the referee got there; a refused card taken back off the trick area withdraws
  it (`taken_back`).
Which card is legal, whose turn it is and who wins a trick are the referee's: vision only asks.
"""

from __future__ import annotations

from referee import engine
from referee.cards import parse_card
from referee.events import CardDealt, CardDiscarded, CardPlayed, Event
from referee.game import HOST

from .observations import DEALT, MOVED, REMOVED, Observation

CENTRE = ("centre", "pot")   # "pot": a zone file drawn for stud, used at a Boonaken table


def _place(zone: str | None) -> str:
    return (zone or "").split(":")[0]


class GameTable:
    """What every game's camera reader shares: the referee's `view` and `options` (`engine.view` and
    `engine.options`; tests pass their own), and the game's part of the host's view (`round`)."""

    game = ""  # the key of the game's part of `engine.view`

    def __init__(self, view=None, options=None):
        self.view, self.options = view or engine.view, options or engine.options

    def round(self, state) -> dict:
        return self.view(state, HOST).get(self.game) or {}

    def gone(self, state) -> set[str]:
        """The cards of this deal's finished tricks (gathered off the table, face down): the
        referee knows where they are, so a card read as one of them now is a misread."""
        return {c["card"] for t in self.round(state).get("tricks") or () for c in t.get("cards") or () if c.get("card")}


def taken_back_off(place: str, words: str):
    """A table's `taken_back`: a card held off the referee (refused: out of turn, or illegal under
    "take back") that is then taken off `place` ("trick", "pile") again asks nothing any more: why,
    in words (`words` names the place for people), else None."""
    def taken_back(held: Observation, removal: Observation) -> str | None:
        if removal.kind == REMOVED and removal.track == held.track and _place(held.zone) == place \
                and held.kind in (DEALT, MOVED):
            return f"the {held.card or 'card'} was taken back off {words}"
        return None
    return staticmethod(taken_back)


class TrickTable(GameTable):
    """The Boonaken reading of observations."""

    game = "boonaken"

    def to_play(self, state) -> int | None:
        """The seat whose card the trick area expects next (None: no card expected now)."""
        return self.round(state).get("to_play")

    def discarding(self, state) -> int | None:
        """The seat that discards now (None: no exchange in progress)."""
        return (self.round(state).get("exchange") or {}).get("seat")

    # -------------------------------------------------------------------- translation
    def translate(self, obs: Observation, state, adapter) -> list[Event]:
        """`adapter` gives `_skip` / `_ask` (the log of observations needing nothing, or the host)."""
        place = _place(obs.zone)
        card = parse_card(obs.card) if obs.card else None
        if obs.kind == DEALT:
            if obs.seat is not None:
                if obs.up:
                    return adapter._ask(obs, f"a card lies face up in front of seat {obs.seat} ({obs.card or '?'}): "
                                             "dealt face up, or shown? Correct it by hand")
                return [CardDealt(obs.seat, None, False)]
            if place in CENTRE:
                return [CardDealt(None, card if obs.up else None, obs.up)]
            if place == "aside":
                if obs.up:
                    return adapter._ask(obs, f"a set-aside card lies face up ({obs.card or '?'}): turn it down")
                return [CardDealt(None, None, False, deck="aside")]
            if place == "discards":
                return self._discarded(obs, state, card, adapter)
            if place == "trick":
                return self._played(obs, state, card, adapter)
            return adapter._ask(obs, f"a card appeared in {obs.zone}: whose is it?")
        if obs.kind == MOVED:
            if place == "trick":  # pushed in from a seat's place on the table: seen coming from there
                return self._played(obs, state, card, adapter)
            if place == "discards":
                return self._discarded(obs, state, card, adapter)
            return adapter._skip(obs, f"card moved from {obs.from_zone} to {obs.zone}: no event at a Boonaken table")
        if obs.kind == REMOVED:
            why = {"trick": "a trick gathered (or a card taken back)", "seat": "taken up into the hand"}
            return adapter._skip(obs, why.get(place, "the declarer took the centre cards" if place in CENTRE
                                      else f"card taken from {obs.zone}"))
        return adapter._skip(obs, f"card turned over in {obs.zone}: no event at a Boonaken table")

    def _played(self, obs: Observation, state, card, adapter) -> list[Event]:
        if card is None:
            return adapter._ask(obs, "a card went face down into the trick area: which card is it?")
        turn = self.to_play(state)
        came = obs.from_seat
        seat = came if came is not None and came != turn else turn  # seen from another seat: its card
        if seat is None:
            return adapter._ask(obs, f"the {card.pretty} lies in the trick area, but no card is expected now")
        return [CardPlayed(seat, card)]

    def _discarded(self, obs: Observation, state, card, adapter) -> list[Event]:
        seat = self.discarding(state)
        if seat is None:
            return adapter._ask(obs, "a card went into the discards, but nobody is discarding now")
        return [CardDiscarded(seat, card if obs.up else None)]

    # ------------------------------------------------------------------------ waiting
    def waits(self, obs: Observation, state) -> str | None:
        """A card into the trick area before the play, or into the discards before the exchange,
        waits for the referee (the last bid or the trump is still being entered on a phone)."""
        if obs.kind not in (DEALT, MOVED) or obs.unconfirmed:
            return None
        phase = state.hand.phase
        place = _place(obs.zone)
        if place == "trick" and phase in ("bidding", "exchange", "dealing") and self.to_play(state) is None:
            return f"a card in the trick area waits for the {phase} to end"
        if place == "discards" and phase in ("bidding", "dealing") and self.discarding(state) is None:
            return f"a card in the discards waits for the {phase} to end"
        return None

    taken_back = taken_back_off("trick", "the trick area")


__all__ = ["TrickTable", "GameTable", "taken_back_off"]
