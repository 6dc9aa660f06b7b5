"""Every Boneyard euchre rule in one ordered tuple: the game without modifiers (rules_base), then the
25 modifiers in sheet order. The 16 decisions of issue 21, and 17 (plain rounds, modifiers off), sit
on these rules (DECISIONS maps each decision number to its rule id; docs/boneyard-decisions.md).
The game sets `rules = RULES`."""

from __future__ import annotations

from . import rules_base
from .modifiers import MODIFIERS

RULES = rules_base.RULES + MODIFIERS
RULES_BY_ID = {r.id: r for r in RULES}
assert len(RULES_BY_ID) == len(RULES)

DECISIONS: dict[int, str] = {
    1: "joker-taken", 2: "scoring", 3: "maker-discard", 4: "bone-flips", 5: "modifier-stacking",
    6: "copycats", 7: "fight-club", 8: "assassin", 9: "therapy-club", 10: "lucky-penny",
    11: "grave-robber", 12: "and-a-half", 13: "shoot-the-moon", 14: "game-end", 15: "scheme", 16: "redeal",
    17: "plain-rounds",
}
assert set(DECISIONS.values()) <= set(RULES_BY_ID)
