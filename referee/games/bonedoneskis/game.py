"""Bonedoneskis: six-card stud (extended to 7- or 8-card stud by a red Jack or the Q♠ face up on
fifth or sixth street) with its 26 house rules as rule objects.

The rules live in the sibling modules; the stud hand fires each moment to them through the
rulebook, in the catalogue's order (which is also the order in which a seat is asked when several
rules fire on one card). This class adds the street extension and the card powers' hand values.
"""

from __future__ import annotations

from ...registry import register
from ...work import Work
from ..stud import StudGame
from ..stud_state import Slot
from . import powers
from .catalog import RULES, RULES_BY_ID
from .hand import BonedoneskisHand
from .labels import CHOICE_LABELS
from .common import lost_grant, power_gone
from .settings import BonedoneskisSettings


def extends(card) -> bool:
    """A red Jack or the queen of spades."""
    return (card.rank == 11 and card.is_red) or (card.rank == 12 and card.suit == "S")


class Bonedoneskis(StudGame):
    id = "bonedoneskis"
    name = "Bonedoneskis"
    settings_class = BonedoneskisSettings
    rules = RULES
    hand_type = BonedoneskisHand
    choice_labels = CHOICE_LABELS

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
        super().on_up(w, seat, index, how)

    def cards_moved(self, w: Work) -> None:
        """A card's power goes with the card: once a card has moved or turned face down, every open
        decision it granted (its data names the card, "grant") and whose seat no longer holds it face
        up is withdrawn. Where a rule gives the power to whoever holds the card, the new holder is
        asked by that rule's own `up` hook (which runs after this)."""
        hand = w.hand
        for p in hand.pending:
            card = lost_grant(hand, p)
            if card is not None:
                w.close(p)
                power_gone(w, RULES_BY_ID[p.get("by") or p.rule], p.seat, card,
                           "obligation" if p.blocks else "option")

    def on_decision(self, w: Work, pending, event) -> None:
        super().on_decision(w, pending, event)
        self.cards_moved(w)  # a decision may take a card off a board without moving it (a 3 sold)

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


register(Bonedoneskis())
