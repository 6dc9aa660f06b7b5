"""Boneyard euchre settings: every reading the sheet leaves open where tables may disagree, as one
documented field. Defaults and the reasons for them: docs/boneyard-decisions.md (decision numbers
as in issue 21)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...settings import Settings, SettingsError


@dataclass(frozen=True)
class BoneyardSettings(Settings):
    joker_trump: str = "maker_names"        # decision 1: the Joker taken: the Maker names trump
    four_tricks_points: int = 1             # decision 2: what the makers score for 4 tricks
    discard_to_boneyard: bool = False       # decision 3: the Maker's discard rejoins the bones left
    chain_flips: bool = True                # decision 4: a flipped Meet Cute / Polycule / Scheme flips on
    mad_genius_with_assassin: str = "top"   # decision 5: where the benny-and-a-half stands under Assassin
    copycats_copy: str = "full"             # decision 6: a ten copies suit and rank, or only the rank
    equal_cards: str = "first"              # decision 6: two equal cards in one trick: the first or last wins
    fight_club_jacks: str = "plain"         # decision 7: with no trump, jacks are plain or above their ace
    fight_club_benny: str = "highest"       # decision 7: with no trump, the benny is highest of any suit or dead
    assassin_benny: str = "lowest_trump"    # decision 8: the assassinated benny: lowest trump or lowest card
    therapy_club: str = "defenders"         # decision 9: who reveals a card
    lucky_penny_follows: bool = False       # decision 10: the unseen card must follow suit like the others
    grave_robber_trick: str = "just_scored"  # decision 11: which trick the grave robber may take from
    fools_gold_follows: bool = True         # decision 12: a Fool's Gold card counts as following suit
    shoot_the_moon: str = "replace"         # decision 13: the makers' 2 replace the defenders' 2, or both score
    tie_at_ten: str = "play_on"             # decision 14: equal scores at 10 or more
    scheme_redeal: str = "carries"          # decision 15: a Scheme into a redealt round
    redeal_dealer: str = "same"             # decision 16: who deals after four Leave Its
    modifiers: str = "on"                   # decision 17: "off" plays plain rounds, the taken card sets trump only

    HELP: ClassVar[dict[str, str]] = {
        "joker_trump": "The Joker is the taken card: what is trump",
        "four_tricks_points": "What the makers score for 4 of the 5 tricks",
        "discard_to_boneyard": "The Maker's discard goes back among the bones left, where a later flip may find it",
        "chain_flips": "A flipped Meet Cute, Polycule or Scheme flips its own cards too (off: a flipped one adds nothing)",
        "mad_genius_with_assassin": "Mad Genius under Assassin: where the benny-and-a-half stands",
        "copycats_copy": "Copycats: what a ten copies of the flipped card",
        "equal_cards": "Two equal cards in one trick (Copycats, Club Sandwich, Mad Genius): which wins",
        "fight_club_jacks": "Fight Club (no trump): the jacks",
        "fight_club_benny": "Fight Club (no trump): the benny",
        "assassin_benny": "Assassin: the benny is",
        "therapy_club": "Therapy Club: who reveals a card",
        "lucky_penny_follows": "Lucky Penny: the unseen card counts for following suit (off: it may be played to any trick)",
        "grave_robber_trick": "Grave Robber: which trick the card may be taken from",
        "fools_gold_follows": "Fool's Gold: the card counts as of the led suit, so it may be played even when holding that suit",
        "shoot_the_moon": "Shoot The Moon, makers take no trick",
        "tie_at_ten": "Both teams equal at 10 or more at the end of a round",
        "scheme_redeal": "Scheme: the next round is redealt after four Leave Its",
        "redeal_dealer": "Who deals after all four Leave It",
        "modifiers": "The round modifiers (off: plain euchre with the benny; the taken card sets trump only)",
    }
    CHOICES: ClassVar[dict[str, dict[str, str]]] = {
        "joker_trump": {
            "maker_names": "the Maker names the trump suit as they take it",
            "no_trump": "the round has no trump, as under Fight Club"},
        "mad_genius_with_assassin": {
            "top": "above every card, where the benny would stand without Assassin",
            "follows": "just above the assassinated benny: the lowest trump but one"},
        "copycats_copy": {
            "full": "suit and rank: a ten is another copy of the flipped card",
            "rank": "the rank only: a ten keeps its suit (a copied Joker is still the benny in full)"},
        "equal_cards": {
            "first": "the first of them played wins",
            "last": "the last of them played wins"},
        "fight_club_jacks": {
            "plain": "plain jacks, between the 10 and the queen",
            "high": "each jack above the ace of its own suit"},
        "fight_club_benny": {
            "highest": "the highest card of whatever suit is led; it counts as a card of every suit",
            "dead": "a card of no suit that never wins a trick"},
        "assassin_benny": {
            "lowest_trump": "the lowest trump: still trump for following and still beats every plain card",
            "lowest_card": "the lowest card of all: a card of no suit that never wins a trick"},
        "therapy_club": {
            "defenders": "the two defenders",
            "all_three": "all three players other than the Maker (the Maker's partner too)"},
        "grave_robber_trick": {
            "just_scored": "only the trick just scored",
            "any": "any trick scored so far this round"},
        "shoot_the_moon": {
            "replace": "the makers score 2 instead of the defenders' 2",
            "both": "the makers score 2 and the defenders score their 2 as well"},
        "tie_at_ten": {
            "play_on": "nobody wins yet; play another round until one team is higher",
            "makers": "the team that made trump in the last round wins"},
        "scheme_redeal": {
            "carries": "the Scheme modifier waits for the next round actually played",
            "lost": "the redeal uses up the next round: the Scheme modifier is lost"},
        "redeal_dealer": {
            "same": "the same dealer deals again",
            "next": "the deal passes to the dealer's left"},
        "modifiers": {
            "on": "the taken card sets the round's modifier, as the sheet plays",
            "off": "no round modifiers: no bone is flipped, and bowers, benny and scoring are plain euchre's"},
    }
    ALLOWED: ClassVar[dict[str, str]] = {"four_tricks_points": "1 or 2"}

    def check(self) -> None:
        for name in self.CHOICES:
            if getattr(self, name) not in self.CHOICES[name]:
                raise SettingsError(f"setting {name}: {self.allowed_words(name)}")
        if self.four_tricks_points not in (1, 2):
            raise SettingsError("setting four_tricks_points: 1 or 2")


DEFAULT = BoneyardSettings()
