"""Flipping bones for the modifiers that draw on them (Copycats line 10, Meet Cute line 11, Lucky
Penny line 17, Polycule line 19, Scheme line 26) and the round that results. Decisions 3, 4, 15.

The taken bone leaves 4 face down; the game passes them in the order they are turned (top first).
Modifiers are resolved first in, first out: the taken card's, then what it flips, in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ...cards import Card
from .modifier_ids import MODIFIER_OF, NAMES
from .ranking import Round
from .settings import DEFAULT, BoneyardSettings

FLIPPERS = frozenset({"meet-cute", "polycule", "scheme"})   # flipped, they add further modifiers
DRAWS = {"meet-cute": 2, "polycule": 2, "scheme": 1, "copycats": 1, "lucky-penny": 1}


@dataclass(frozen=True)
class Flip:
    card: Card
    by: str                     # the modifier that drew it
    adds: Optional[str]         # the modifier it adds (None: a copy, the penny, or an ignored chain)


@dataclass(frozen=True)
class Modifiers:
    active: tuple[str, ...]     # in the order they came into play
    flips: tuple[Flip, ...]
    copied: Optional[Card]      # Copycats' card (None: no bone was left)
    penny: Optional[Card]       # Lucky Penny's face-down card for the Maker's partner
    carry: tuple[str, ...]      # Scheme: modifiers that also hold next round
    bones_left: tuple[Card, ...]
    short: tuple[str, ...]      # the draws that found no bone, in words


def bones_after_discard(bones: Sequence[Card], discard: Card, settings: BoneyardSettings = DEFAULT) -> tuple[Card, ...]:
    """Decision 3: the Maker's discard stays out of play, or (discard_to_boneyard) goes to the
    bottom of the bones left, where only a flip after the others can reach it."""
    return tuple(bones) + ((discard,) if settings.discard_to_boneyard else ())


def resolve(taken: Card, bones: Sequence[Card], settings: BoneyardSettings = DEFAULT,
            carried: Sequence[str] = ()) -> Modifiers:
    """The round's modifiers from the taken card and the modifiers a Scheme carried in, drawing
    bones in order. Decision 4: a draw that finds no bone does nothing (said in `short`); a flipped
    Meet Cute, Polycule or Scheme flips in turn with chain_flips, else it adds nothing; a modifier
    already active is not added (or resolved) twice."""
    pile = list(bones)
    if taken in pile:
        raise ValueError(f"the taken card {taken} cannot also be among the bones left")
    queue = [MODIFIER_OF[taken], *carried]
    active: list[str] = []
    flips: list[Flip] = []
    carry: list[str] = []
    short: list[str] = []
    copied = penny = None
    while queue:
        modifier = queue.pop(0)
        if modifier in active:
            continue
        active.append(modifier)
        for _ in range(DRAWS.get(modifier, 0)):
            if not pile:
                short.append(f"{NAMES[modifier]}: no bone left to flip")
                continue
            card = pile.pop(0)
            if modifier == "copycats":
                copied = card
                flips.append(Flip(card, modifier, None))
            elif modifier == "lucky-penny":
                penny = card
                flips.append(Flip(card, modifier, None))
            else:
                adds = MODIFIER_OF[card]
                if adds in FLIPPERS and not settings.chain_flips:
                    flips.append(Flip(card, modifier, None))
                    continue
                flips.append(Flip(card, modifier, adds))
                queue.append(adds)
                if modifier == "scheme":
                    carry.append(adds)
    return Modifiers(tuple(active), tuple(flips), copied, penny, tuple(carry), tuple(pile), tuple(short))


def carry_after_redeal(carry: Sequence[str], settings: BoneyardSettings = DEFAULT) -> tuple[str, ...]:
    """Decision 15: four Leave Its redeal the round a Scheme reached; its modifiers wait for the
    next round played ("carries") or are lost. After the game's last round there is no next round,
    so the game drops them."""
    return tuple(carry) if settings.scheme_redeal == "carries" else ()


def round_trump(taken: Card, active: Sequence[str], named: Optional[str] = None,
                settings: BoneyardSettings = DEFAULT) -> Optional[str]:
    """The round's trump: None under Fight Club (line 24); the Joker taken (decision 1) gives the
    suit the Maker names (joker_trump "maker_names") or no trump; else the taken card's suit."""
    if "fight-club" in active:
        return None
    if taken.is_joker:
        if settings.joker_trump == "no_trump":
            return None
        if named not in ("S", "H", "D", "C"):
            raise ValueError("the Joker was taken: the Maker names trump (S, H, D or C)")
        return named
    return taken.suit


def make_round(taken: Card, mods: Modifiers, named: Optional[str] = None,
               settings: BoneyardSettings = DEFAULT) -> Round:
    return Round(round_trump(taken, mods.active, named, settings), frozenset(mods.active), mods.copied, settings)
