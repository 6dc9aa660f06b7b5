"""Settings of a stud game: stakes and deal shape. Tables set them when they open; defaults are
Bonedoneskis' published ones (ante $0.50, bring-in $0.50, $1-$2 fixed limit, 6-card stud)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from ..settings import Settings, SettingsError

BETS = ("tracked", "untracked")


@dataclass(frozen=True)
class StudSettings(Settings):
    ante: Decimal = Decimal("0.50")
    bring_in: Decimal = Decimal("0.50")
    small_bet: Decimal = Decimal("1.00")   # third and fourth street
    big_bet: Decimal = Decimal("2.00")     # fifth street on
    max_raises: int = 3                    # a bet and three raises per round
    cards: int = 6                         # cards per player before any extension
    max_seats: int = 8
    # Not enough cards left for every player's last card: it is dealt as one community card,
    # face up in the centre, shared by all (the usual stud practice; see docs/interpretations.md).
    community_card: bool = True
    # "tracked": every bet is entered and the deal waits for each betting round; "untracked": the
    # chips are not entered (a camera table: the camera sees cards, not chips), the deal never
    # waits for betting, only folds are entered; antes, fees and their pot still work
    # (see docs/interpretations.md, "base: untracked bets").
    bets: str = "tracked"

    HELP: ClassVar[dict[str, str]] = {
        "ante": "Ante, from each player at the start of a hand",
        "bring_in": "Bring-in, paid on third street by the lowest face-up card",
        "small_bet": "Bets and raises on third and fourth street",
        "big_bet": "Bets and raises from fifth street on",
        "max_raises": "Raises allowed after the bet in each betting round",
        "cards": "Cards each player gets (before any extension)",
        "max_seats": "Most players at the table",
        "community_card": "Too few cards left for everyone's last card: one shared card face up in the centre",
        "bets": "Bets entered (tracked) or left to the chips on the table (untracked: a camera table)",
    }
    CHOICES: ClassVar[dict[str, dict[str, str]]] = {
        "bets": {"tracked": "every bet is entered and the deal waits for each betting round",
                 "untracked": "only folds are entered; antes, fees and their pot still count"},
    }

    @property
    def bets_tracked(self) -> bool:
        return self.bets == "tracked"

    def check(self) -> None:
        if self.bets not in BETS:
            raise SettingsError(f"bets must be {' or '.join(map(repr, BETS))}, got {self.bets!r}")
