"""The 25 round modifiers: which card sets which (`MODIFIER_OF`) and their rule objects in sheet
order (lines 10-34). The logic lives where it acts: ranking.py, flips.py, order.py, exchanges.py,
scoring.py."""

from __future__ import annotations

from ...rules import Rule
from . import rules_mods_cards, rules_mods_table
from .modifier_ids import CARD_OF, MODIFIER_IDS, MODIFIER_OF, NAMES, names

_BY_ID = {r.id: r for r in (*rules_mods_cards.RULES, *rules_mods_table.RULES)}
MODIFIERS: tuple[Rule, ...] = tuple(_BY_ID[mid] for mid in MODIFIER_IDS)   # a missing one fails here
MODIFIERS_BY_ID: dict[str, Rule] = {r.id: r for r in MODIFIERS}
assert len(MODIFIERS) == len(_BY_ID) == 25


def modifier_of(card) -> str:
    """The modifier a taken or flipped card sets."""
    try:
        return MODIFIER_OF[card]
    except KeyError:
        raise ValueError(f"{card} is not in the Boneyard euchre pack (9 to A and the Joker)") from None


__all__ = ["MODIFIER_OF", "CARD_OF", "NAMES", "MODIFIER_IDS", "MODIFIERS", "MODIFIERS_BY_ID", "modifier_of",
           "names"]
