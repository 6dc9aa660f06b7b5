"""Every Bonnu rule in one ordered tuple, in the order of the sheet: the deck, the start and ordinary
play (rules_play), the plays out of turn and their timing (rules_claims), the penalties and the two
ways to win (rules_scores). The ten decisions of issue 22 sit on these rules (DECISIONS maps each
decision number to its rule ids; docs/bonnu-decisions.md). The game sets `rules = RULES`."""

from __future__ import annotations

from . import rules_claims, rules_play, rules_scores

RULES = rules_play.RULES + rules_claims.RULES + rules_scores.RULES
RULES_BY_ID = {r.id: r for r in RULES}
assert len(RULES_BY_ID) == len(RULES)

DECISIONS: dict[int, tuple[str, ...]] = {
    1: ("cut-next",), 2: ("cut",), 3: ("cut-out",), 4: ("claim-window",), 5: ("draw",), 6: ("shouts",),
    7: ("take-back", "wrong-cut"), 8: ("claim-race",), 9: ("opening-draw", "later-rounds", "deal", "empty-pile"),
    10: ("bonnu-100",),
}
assert {i for ids in DECISIONS.values() for i in ids} <= set(RULES_BY_ID)
