"""Bonedoneskis: six-card stud (extended to 7- or 8-card stud by a red Jack or the Q♠ face up on
fifth or sixth street) with its 26 house rules plugged into the stud hooks.

The rules live in the sibling modules as `Rule` objects; this class only routes each moment of
the hand to the rules that listen for it, in the catalogue's order (which is also the order in
which a seat is asked when several rules fire on one card).
"""

from __future__ import annotations

from ...cards import deck52
from ...engine import Refusal, Work
from ...events import BetAction, CardDealt, CardDiscarded, CardMoved, CardsSwapped, Decision
from ...state import Slot
from ..stud import StudGame
from . import powers
from .catalog import RULES, RULES_BY_ID
from .common import lost_grant, power_gone
from .settings import BonedoneskisSettings


def extends(card) -> bool:
    """A red Jack or the queen of spades."""
    return (card.rank == 11 and card.is_red) or (card.rank == 12 and card.suit == "S")


# Each hook's functions in catalogue order, looked up once (the hooks run on every event).
_HOOKS: dict[str, tuple] = {}
for _rule in RULES:
    for _name, _fn in _rule.hooks.items():
        _HOOKS[_name] = _HOOKS.get(_name, ()) + (_fn,)
_NO_HOOKS: tuple = ()
# The "up" hooks that can act on each card, still in catalogue order: a hook marked `only_for`
# some cards (common.only_for) does nothing for any other card, so it is not called for it.
_UP_FOR_CARD: dict = {card: tuple(fn for fn in _HOOKS.get("up", ()) if card in getattr(fn, "only_for", (card,)))
                      for card in deck52()}


class Bonedoneskis(StudGame):
    id = "bonedoneskis"
    name = "Bonedoneskis"
    settings_class = BonedoneskisSettings
    rules = RULES

    def _fire(self, hook: str, w: Work, *args) -> None:
        self._run(_HOOKS.get(hook, _NO_HOOKS), w, args)

    def _run(self, fns: tuple, w: Work, args: tuple) -> None:
        hand = w.state.hand  # the same Hand object for the whole event
        for fn in fns:
            fn(self, w, *args)
            if hand.phase == "over":
                return

    # ------------------------------------------------------------------------ cards
    def on_up(self, w: Work, seat: int, index: int, how: str) -> None:
        hand, settings = w.hand, w.state.settings
        slot: Slot = hand.boards[seat].slots[index]
        if how == "exposed" and powers.OWN_EXPOSURE in slot.tags:
            how = "shown"  # only shown by its owner: the rules that fire on a card turned up do not
        # Only an ordinary up street extends: a river dealt face up (River King, Gambler's Last
        # Dollar) is still the last card.
        if how == "dealt" and hand.street in (5, 6) and hand.street < hand.final_street \
                and settings.extension and extends(slot.card):
            target = hand.street + 2
            if hand.final_street < target <= settings.max_cards:
                hand.final_street = target
                w.say(f"{slot.card.pretty} face up on street {hand.street}: the hand becomes {target}-card "
                      f"stud (street {hand.street + 1} comes face up).", rule="extension", seats=(seat,))
        self._run(_UP_FOR_CARD.get(slot.card, _HOOKS.get("up", _NO_HOOKS)), w, (seat, index, how))

    def before_deal(self, w: Work, event: CardDealt) -> None:
        self._fire("deal", w, event)

    def deal(self, w: Work, event: CardDealt) -> None:
        if event.deck == "main":
            self.before_deal(w, event)
        super().deal(w, event)

    def after_deal(self, w: Work, seat: int) -> None:
        self._fire("after_deal", w, seat)

    def side_deal(self, w: Work, event: CardDealt) -> None:
        if "side_deal" not in {h for r in RULES for h in r.hooks}:
            super().side_deal(w, event)
        self._fire("side_deal", w, event)

    def on_street_dealt(self, w: Work) -> None:
        self._fire("street_dealt", w)

    def start_betting(self, w: Work) -> None:
        super().start_betting(w)
        if w.hand.phase == "betting":
            self._fire("betting_start", w)

    def round_over(self, w: Work) -> None:
        super().round_over(w)
        if w.hand.phase == "dealing":
            self._fire("street_start", w)

    def on_exposed(self, w: Work, seat: int, index: int) -> None:
        self._fire("exposed", w, seat, index)

    def on_turned_down(self, w: Work, seat: int, index: int) -> None:
        self._fire("turned_down", w, seat, index)
        self.recheck_grants(w)

    def after_swap(self, w: Work, event: CardsSwapped, ia: int, ib: int) -> None:
        self._fire("swap", w, event, ia, ib)
        self.recheck_grants(w)  # before the cards' new holders are asked anything (on_up)
        for seat, index in ((event.seat_a, ia), (event.seat_b, ib)):
            if w.hand.phase != "over" and w.hand.boards[seat].slots[index].up:
                self.on_up(w, seat, index, "traded")

    def after_move(self, w: Work, event: CardMoved) -> None:
        self._fire("move", w, event)
        self.recheck_grants(w)
        board = w.hand.boards[event.to_seat]
        if w.hand.phase != "over" and board.slots[-1].up:
            self.on_up(w, event.to_seat, len(board.slots) - 1, "moved")

    def discard(self, w: Work, event: CardDiscarded) -> None:
        super().discard(w, event)
        self.recheck_grants(w)

    def recheck_grants(self, w: Work) -> None:
        """A card's power goes with the card: once a card has moved or turned face down, every open
        decision it granted (its data names the card, "grant") and whose seat no longer holds it face
        up is withdrawn. Where a rule gives the power to whoever holds the card, the new holder is
        asked by that rule's own `up` hook."""
        hand = w.hand
        for p in hand.pending:
            card = lost_grant(hand, p)
            if card is not None:
                w.close(p)
                power_gone(w, RULES_BY_ID[p.get("by") or p.rule], p.seat, card,
                           "obligation" if p.blocks else "option")

    # ----------------------------------------------------------------------- betting
    def before_action(self, w: Work, event: BetAction) -> None:
        self._fire("before_action", w, event)

    def after_action(self, w: Work, event: BetAction) -> None:
        self._fire("after_action", w, event)

    # --------------------------------------------------------------------- decisions
    def on_decision(self, w: Work, pending, event: Decision) -> None:
        rule = RULES_BY_ID.get(pending.rule)
        fn = rule.hooks.get("decide") if rule else None
        if fn is None:
            raise Refusal(f"no rule answers a {pending.rule!r} decision")
        fn(self, w, pending, event)
        self.recheck_grants(w)  # a decision may take a card off a board without moving it (a 3 sold)

    def on_hand_over(self, w: Work) -> None:
        for fn in _HOOKS.get("hand_over", ()):
            fn(self, w)

    def on_fold(self, w: Work, seat: int) -> None:
        self._fire("fold", w, seat)

    def on_lapse(self, w: Work, pending) -> None:
        rule = RULES_BY_ID.get(pending.rule)
        fn = rule.hooks.get("lapse") if rule else None
        if fn is not None:
            fn(self, w, pending)

    # ----------------------------------------------------------------------- values
    def up_card_value(self, w: Work, seat: int, slot: Slot) -> tuple:
        return powers.bring_in_value(w.hand, w.state.settings, seat, slot)

    def showing(self, w: Work, seat: int):
        return powers.evaluate_seat(w.hand, w.state.settings, seat, up_only=True)

    def hand_value(self, w: Work, seat: int):
        if powers.dead_reason(w.hand, seat):
            return None
        value = powers.evaluate_seat(w.hand, w.state.settings, seat, up_only=False)
        for rule_id, text in powers.showdown_notes(w.hand, w.state.settings, seat, value):
            w.say(text, rule=rule_id, seats=(seat,))
        return value

    def dead_reason(self, w: Work, seat: int) -> str:
        return powers.dead_reason(w.hand, seat) or "dead hand"

    def dead_rule(self, w: Work, seat: int) -> str:
        return "killer-4" if powers.dead_reason(w.hand, seat) else ""
