"""Bonedoneskis settings: the base game's stakes and shape, and the house rules' knobs.
Every default is documented in docs/interpretations.md with the rule it belongs to."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from ...settings import SettingsError
from ..stud_settings import StudSettings



@dataclass(frozen=True)
class BonedoneskisSettings(StudSettings):
    extension: bool = True            # red Jack / Q♠ face up on 5th (7-card) or 6th (8-card) street
    max_cards: int = 8
    fee: Decimal = Decimal("2.50")    # Black Jack, the 3's, 8 Ball, Fish Hook, Gambler's Last Dollar
    nine_payment: Decimal = Decimal("1.00")   # I Got The Nine, from each player still in
    war_stake: Decimal = Decimal("2.50")      # Dueling Snowmen, each
    snowmen_eights: str = "any"       # "any": any two 8s; "red": only the two red 8s
    snowmen_wrap: bool = True         # PAC-MAN wrap-around counts as consecutive
    war_tie: str = "split"            # war undecided after three battles: "split" the side pot or "replay"
    received_power: bool = True       # a Q♥ or black King received face up gives its new holder the power
    two_hog_card_gone: str = "lapses"     # the 2♠ gone from its holder face up: 2 Hog "lapses" or "stays"
    kings_men_card_gone: str = "lapses"   # the black King gone before the turn-up: it "lapses" or "stays"
    own_exposure: str = "refused"     # a hole card its owner turns up unasked: "refused", "shown" (no power), "counts"
    hole_seven_wild: bool = True      # a hole 7 turned face up is wild (it is a face-up 7)
    red_six_brings_in: bool = True    # a red 6 has no value: it is the lowest card for the bring-in
    fish_hook_life_raft: bool = True  # an 8 between the J and the 4 saves the fee
    combine_ace_low: bool = True      # Codependent 2's: an ace counts 1 (A+2 = 3)

    HELP: ClassVar[dict[str, str]] = {
        **StudSettings.HELP,
        "extension": "A red Jack or the Q♠ face up on fifth (or sixth) street adds a street",
        "max_cards": "Most cards a hand can grow to by extensions",
        "fee": "Fee for Black Jack, the 3's, 8 Ball, Fish Hook and Gambler's Last Dollar",
        "nine_payment": "I Got The Nine: what each player still in pays the holder of the 9♠",
        "war_stake": "Dueling Snowmen: each player's stake in the war pot",
        "snowmen_eights": "Dueling Snowmen: which 8s start a war",
        "snowmen_wrap": "Dueling Snowmen: two 8s side by side around the table (PAC-MAN wrap-around) count",
        "war_tie": "Dueling Snowmen: a war nobody has won after three battles",
        "received_power": "A Q♥ or black King received face up gives its new holder the power",
        "two_hog_card_gone": "2 Hog, when the 2♠ leaves its holder face up",
        "kings_men_card_gone": "The King's Men, when the black King is gone before the turn-up",
        "own_exposure": "A hole card its owner turns up without being asked",
        "hole_seven_wild": "A hole 7 turned face up is wild (like a face-up 7)",
        "red_six_brings_in": "A red 6 counts as the lowest card for the bring-in",
        "fish_hook_life_raft": "Fish Hook: an 8 between the J and the 4 saves the fee (Life Raft)",
        "combine_ace_low": "Codependent 2's: an ace counts as 1 (A+2 = 3)",
    }
    CHOICES: ClassVar[dict[str, dict[str, str]]] = {
        **StudSettings.CHOICES,
        "snowmen_eights": {"any": "any two 8s", "red": "only the two red 8s"},
        "war_tie": {"split": "the war pot is split", "replay": "the war is fought again"},
        "two_hog_card_gone": {"lapses": "the option lapses", "stays": "the option stays"},
        "kings_men_card_gone": {"lapses": "the turn-up lapses", "stays": "the turn-up is still owed"},
        "own_exposure": {"refused": "refused: the host corrects the table",
                         "shown": "shown, but its power does not fire", "counts": "counts like a card a rule turned up"},
    }

    ALLOWED: ClassVar[dict[str, str]] = {"cards": "a whole number from 5 to max_cards",
                                         "max_cards": "a whole number from cards to 9"}

    def check(self) -> None:
        super().check()
        for name, meanings in self.CHOICES.items():
            allowed = tuple(meanings)
            if getattr(self, name) not in allowed:
                raise SettingsError(f"{name} must be {' or '.join(map(repr, allowed))}")
        if not 5 <= self.cards <= self.max_cards <= 9:
            raise SettingsError("cards must be between 5 and max_cards (at most 9)")
