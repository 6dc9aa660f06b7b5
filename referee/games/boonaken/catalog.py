"""Every Boonaken rule in one ordered tuple: the game as the original plays it (deal to the loser),
then the twelve decisions of issue 20 in their order (docs/boonaken-decisions.md), then the variants.
The game sets `rules = RULES`; its announcements name these ids, and docs/interpretations.md is
written from them."""

from __future__ import annotations

from . import rules_bidding as bidding
from . import rules_deal as deal
from . import rules_play as play
from . import rules_roem as roem
from . import rules_sheet as sheet
from . import rules_variants as variants

GAME = (deal.DEAL, bidding.BIDDING, deal.REDEAL, bidding.MISERE, bidding.CONTRACT, play.CENTRE_CARDS,
        play.TRUMP, play.FOLLOW, play.TRICK, play.CARD_POINTS, roem.ROEM, roem.ROEM_DECLARE,
        roem.ROEM_CHALLENGE, roem.ROEM_TIE, sheet.SCORING, sheet.MARKS, sheet.LOSER, sheet.POINTS_SCORING)

# Decision 5 (roem-tie) is one rule with the game's own tie-break, so it stands in GAME above.
DECISIONS = (roem.ROEM_SHARING, bidding.MISERE_OVERCALL, bidding.ZWABBER_SLOT, bidding.MINIMUM_BID,
             roem.ROEM_TIE, roem.ROEM_CHALLENGERS, bidding.MISERE_EVERYONE, deal.DEAL_PACKETS,
             sheet.MARKS_TWO_RESULTS, play.DEAL_CERTAIN, roem.FALSE_ROEM, play.REVOKE, deal.FIRST_DEALER)

RULES = GAME + tuple(r for r in DECISIONS if r not in GAME) + variants.RULES
RULES_BY_ID = {r.id: r for r in RULES}

# Every rule of the concept modules is in RULES exactly once.
assert len(RULES_BY_ID) == len(RULES) == len(
    {*deal.RULES, *bidding.RULES, *play.RULES, *roem.RULES, *sheet.RULES, *variants.RULES})
