"""Boonaken settings: every reading the rule texts leave open, and every variant of the original,
as one documented field. Defaults and the reasons for them: docs/boonaken-decisions.md."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ...settings import Settings, SettingsError


@dataclass(frozen=True)
class BoonakenSettings(Settings):
    klaverjas_trump_order: bool = False   # trump order J 9 A 10 K Q 8 7 instead of J 9 A K Q 10 8 7
    no_undertrump: bool = False           # variant: no lower trump on a trumped plain lead
    six_run_points: int = 200             # variant: 100
    roem_shared_with_run: bool = True     # decision 1: four aces + trump K Q = 140 (sharing) or 120
    roem_tie_order: str = "natural"       # decision 5: how the highest roem cards are compared
    minimum_bid: int = 5                  # decision 4; variant 25
    misere: bool = True                   # the five-card version has no misère
    misere_slot: int = 70                 # misère ranks above this number, below the next (variant 100)
    lone_misere_overcall: str = "slot"    # decision 2: does the number just above the slot (75) overcall it
    misere_everyone: bool = True          # decision 7: every seat still in may join a misère chain
    lone_misere_trump: bool = False       # variant: a lone misère bidder names trump for the deal
    zwabber: bool = True                  # the five-card version has no zwabber
    zwabber_slot: int = 100               # decision 3: zwabber ranks above this number, below the next
    zwabber_with_roem: bool = False       # variant: zwabber with roem, just above zwabber
    open_boonaak: bool = False            # the five-card version's highest bid
    centre_one_down: bool = False         # variant: 2-4 players get 1 card down in the centre, not 2
    six_seven_players: bool = False       # variant: 6 players (5 cards each) or 7 (4 each) may play
    seven_first_misere: bool = False      # variant: with seven players everyone bids misère on the first deal
    five_cards: bool = False              # the five-card version: 5 cards each, 2 up in the centre
    deal_packets: str = "three_first"     # decision 8: 5 or 4 cards dealt 3 + the rest, or the rest + 3
    two_erin: str = "both"                # decision 9: two players erin in one deal
    dealer_rotation: str = "left"         # decision 12: the deal passes left, or the previous declarer deals
    scoring: str = "marks"                # variant line 155 (and the five-card version, line 164): points
    illegal_card: str = "penalty"         # decision 11: a card against the rules, seen once it has landed
    false_roem: str = "loses_bid"         # decision 11: roem declared but not held
    challengers: str = "every"            # decision 6: every opponent may challenge, or only the first to speak
    stop_when_certain: bool = False       # decision 10: end the deal once every result is certain

    HELP: ClassVar[dict[str, str]] = {
        "klaverjas_trump_order": "Trumps rank J 9 A 10 K Q 8 7 (klaverjas) instead of J 9 A K Q 10 8 7",
        "no_undertrump": "After a plain lead has been trumped, nobody may play a lower trump unless they hold only trumps",
        "six_run_points": "What a run of six cards scores",
        "roem_shared_with_run": "A card may count in four of a kind and in a run at once (four aces with the trump K and Q make 140)",
        "roem_tie_order": "Equal roem in a challenge: how the highest roem cards are compared",
        "minimum_bid": "The lowest number bid",
        "misere": "Misère may be bid",
        "misere_slot": "Misère ranks just above this number bid",
        "lone_misere_overcall": "Which number bids overcall a lone misère",
        "misere_everyone": "Every player still in may join a misère chain (off: at most four misère bidders)",
        "lone_misere_trump": "A lone misère bidder names a trump suit that holds for the deal",
        "zwabber": "Zwabber may be bid",
        "zwabber_slot": "Zwabber ranks just above this number bid",
        "zwabber_with_roem": "Zwabber with roem may be bid (just above zwabber, more roem above less)",
        "open_boonaak": "Open boonaak (all tricks with the hand shown) may be bid, above every other bid",
        "centre_one_down": "With 2, 3 or 4 players in, only 1 card goes face down in the centre (2 face up)",
        "seven_first_misere": "With seven players in, everyone must bid misère on the first deal of a game",
        "six_seven_players": "Six players (5 cards each, 2 up in the centre) or seven (4 each, 2 up and 2 down) may play",
        "five_cards": "Five-card version: 5 cards each and 2 face up in the centre, the rest set aside",
        "deal_packets": "With 5 or 4 cards each, how the hand is dealt",
        "two_erin": "Two players reach two minus marks in the same deal",
        "dealer_rotation": "Who deals the next deal of a game",
        "scoring": "How the loser is found",
        "illegal_card": "A card played against the rules (a revoke), once it is seen",
        "false_roem": "Roem the declarer declared but did not hold (the cards played show it)",
        "challengers": "Who may challenge the declarer's roem",
        "stop_when_certain": "End a deal as soon as its result is certain (off: announce it and play the deal out, so every roem claim can be checked)",
    }
    CHOICES: ClassVar[dict[str, dict[str, str]]] = {
        "roem_tie_order": {
            "natural": "by rank A K Q J 10 9 8 7, a trump above a plain card of the same rank",
            "trick": "as in a trick: trumps above plain cards, trumps in trump order"},
        "lone_misere_overcall": {
            "slot": "the number just above misère's slot (75) and higher",
            "above": "only numbers above that one (80 and higher)"},
        "deal_packets": {
            "three_first": "a packet of three, then the rest (3 + 2, 3 + 1)",
            "rest_first": "the rest first, then a packet of three (2 + 3, 1 + 3)"},
        "two_erin": {
            "both": "both lose and share the drinks",
            "first": "the first of them in the misère chain loses"},
        "dealer_rotation": {
            "left": "the deal passes to the left, skipping players who are out",
            "declarer": "the previous declarer deals (with several misère bidders, the first of them)"},
        "illegal_card": {
            "penalty": "announced; a declarer's or misère bidder's revoke loses them the deal, an opponent's wins it for the bidders",
            "take_back": "a card the referee can tell is illegal as it lands goes back and another is played; one proven later is a penalty",
            "announce": "announced only, and the deal goes on as played"},
        "false_roem": {
            "loses_bid": "the declarer loses the bid",
            "void": "the roem does not count; the bid is judged on the card points alone"},
        "challengers": {
            "every": "every opponent holding at least as much, heard clockwise from the declarer's left",
            "first": "only the first opponent to challenge; later challenges are refused"},
        "scoring": {
            "marks": "plus and minus marks: two plus is out, two minus loses",
            "points": ("points from 5: a bid won takes off 1 to 3, a bid lost adds as many; 0 is out, 11 loses "
                       "(five-card version: 1 to 10 points, 10 loses)")},
    }
    ALLOWED: ClassVar[dict[str, str]] = {
        "six_run_points": "200 or 100",
        "minimum_bid": "a multiple of 5, at least 5",
        "misere_slot": "70 or 100",
        "zwabber_slot": "100, 125 or 145 (not misère's slot)",
    }

    def check(self) -> None:
        for name in self.CHOICES:
            if getattr(self, name) not in self.CHOICES[name]:
                raise SettingsError(f"setting {name}: {self.allowed_words(name)}")
        if self.six_run_points not in (200, 100):
            raise SettingsError("setting six_run_points: 200 or 100")
        if self.minimum_bid < 5 or self.minimum_bid % 5:
            raise SettingsError("setting minimum_bid: a multiple of 5, at least 5")
        if self.misere_slot not in (70, 100):
            raise SettingsError("setting misere_slot: 70 or 100")
        if self.zwabber_slot not in (100, 125, 145) or self.zwabber_slot == self.misere_slot:
            raise SettingsError("setting zwabber_slot: 100, 125 or 145, and not misère's slot")

    @classmethod
    def five_card_version(cls) -> "BoonakenSettings":
        """The original's "another version": no misère or zwabber, minimum 25, open boonaak on top,
        scored in points (line 164; with `five_cards` on, the points take that version's table)."""
        return replace(cls(), misere=False, zwabber=False, minimum_bid=25, open_boonaak=True, five_cards=True,
                       scoring="points")


DEFAULT = BoonakenSettings()
