"""The label sets shared by the data generator, the trainers and the runtime.

Identities use the referee's ASCII card codes (`TS`, `9D`, `JK`), so a detection's
`identity` can be handed to `referee.cards.parse_card` as is.
"""

from __future__ import annotations

from referee.cards import BONNU_COLOURS, BONNU_VALUES

RANKS = "23456789TJQKA"
SUITS = "SHDC"

#: the 53 identities the classifier reads, in its output order; index 53 is "not an index"
IDENTITIES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + ("JK",)
NONE_CLASS = len(IDENTITIES)  # 53: a crop that holds no readable card index
CLASSIFIER_CLASSES: tuple[str, ...] = IDENTITIES + ("none",)

#: detector classes (a Bonnu colour card can be appended later as class 3)
DETECTOR_CLASSES: tuple[str, ...] = ("face", "back", "index")
FACE, BACK, INDEX = 0, 1, 2

#: the 60 Bonnu identities (referee.cards.BonnuCard codes without the copy: both copies of a card
#: look alike), colour by colour, in the Bonnu classifier's output order; then "none"
BONNU_IDENTITIES: tuple[str, ...] = tuple(f"{c}:{v}" for c in BONNU_COLOURS for v in BONNU_VALUES)
BONNU_NONE = len(BONNU_IDENTITIES)  # 60
BONNU_CLASSES: tuple[str, ...] = BONNU_IDENTITIES + ("none",)
