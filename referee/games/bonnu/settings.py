"""Bonnu settings: every reading the sheet leaves open where tables may disagree, as one documented
field. Defaults and the reasons for them: docs/bonnu-decisions.md (decision numbers as in issue 22).

Times are whole milliseconds (ints): `parse_settings` checks whole numbers, and no float rounding
enters a ruling (claims.py compares observed float seconds after rounding them to microseconds)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...settings import Settings, SettingsError

MIN_PLAYERS = 2
MAX_PLAYERS = 10   # 7 cards each: 10 players hold 70 of the 110 cards and leave a 40-card draw pile


@dataclass(frozen=True)
class BonnuSettings(Settings):
    next_after_cut: str = "after_cutter"   # decision 1: who plays after a Cut
    cut_cards: str = "two_or_more"         # decision 2: a Cut lays any two or more, or all of that number
    cut_on_turn: bool = True               # decision 2: the player on turn may Cut
    cut_own_card: bool = False             # decision 2: the player who just played may Cut their own card
    cut_chains: bool = True                # decision 2: a Cut may itself be Cut
    cut_out: str = "wins_with_shout"       # decision 3: a Cut that empties the hand
    window_closes_on_draw: bool = False    # decision 4: a draw by the player on turn ends the window
    play_drawn: bool = False               # decision 5: the drawn card may be played at once
    draw_when_able: bool = False           # decision 5: a player able to play may draw instead
    shout_grace_ms: int = 2000             # decision 6: how late a Reach or Bonnu shout may come
    missed_bonnu: str = "play_on"          # decision 6: a Bonnu not shouted: the penalty card keeps the round going
    take_back: bool = True                 # decision 7: a wrong card or wrong Bonnu goes back to the hand
    wrong_cut_penalty: bool = True         # decision 7: a wrong Cut draws one
    claim_order: str = "earliest"          # decision 8: two claims in one window
    grace_ms: int = 0                      # timing: a claim this long after the next card still counts
    tie_margin_ms: int = 50                # timing: closer than this, the host decides
    double_tap_ms: int = 400               # timing: the same claim again this soon is one claim
    opening_tie: str = "redraw"            # decision 9: equal highest cards in the opening draw
    later_rounds: str = "winner"           # decision 9: who leads the next round
    empty_pile: str = "reshuffle"          # decision 9: the draw pile runs out
    blocked_round: str = "fewest_cards"    # decision 9: every player passes in a row, nothing left to draw
    scoring: str = "simple"                # the sheet's two ways to win the game
    rounds_to_win: int = 10                # simple game: rounds won to be Bonnu Master
    target: int = 100                      # decision 10: Bonnu 100 ends when a total is at least this
    tie_for_lowest: str = "play_on"        # decision 10: two lowest totals at the end

    HELP: ClassVar[dict[str, str]] = {
        "next_after_cut": "After a Cut, who plays next",
        "cut_cards": "A Cut lays down",
        "cut_on_turn": "The player whose turn it is may Cut (lay two or more of the number just played)",
        "cut_own_card": "The player who just played may Cut their own card",
        "cut_chains": "A Cut may itself be Cut by another player holding two or more of that number",
        "cut_out": "A Cut that lays down the last cards of a hand",
        "window_closes_on_draw": "The window for a Cut or an out-of-turn Bonnu closes when the player on turn draws "
                                 "(off: only a card laid closes it)",
        "play_drawn": "A drawn card that matches may be played at once (off: the draw ends the turn)",
        "draw_when_able": "A player who could play may draw instead (off: a draw only with no matching card)",
        "shout_grace_ms": "How long after the card a Reach or Bonnu shout still counts (milliseconds)",
        "missed_bonnu": "A last card laid without shouting Bonnu",
        "take_back": "A card that does not match, or a Bonnu with the wrong total, goes back to the hand "
                     "before the penalty card is drawn",
        "wrong_cut_penalty": "A wrong Cut (numbers that do not match, or only one card) draws a penalty card",
        "claim_order": "Two claims in one window",
        "grace_ms": "How long after the next card a Cut or Bonnu claim still counts (milliseconds)",
        "tie_margin_ms": "Two times closer than this are too close to call: the host decides (milliseconds)",
        "double_tap_ms": "The same claim from the same seat again within this is one claim (milliseconds)",
        "opening_tie": "Two or more players draw the same highest card to start",
        "later_rounds": "Who leads each round after the first",
        "empty_pile": "The draw pile runs out",
        "blocked_round": "Every player with cards passes in a row (nothing to draw, nothing laid)",
        "scoring": "How the game is won",
        "rounds_to_win": "Simple game: rounds to win to be Bonnu Master",
        "target": "Bonnu 100: the game ends when a total reaches this, checked at the end of a round",
        "tie_for_lowest": "Bonnu 100: two or more players share the lowest total at the end",
    }
    CHOICES: ClassVar[dict[str, dict[str, str]]] = {
        "next_after_cut": {
            "after_cutter": "the player after the cutter, as after an UNO jump-in",
            "on_turn": "the player who was on turn still plays, now matching the cut card"},
        "cut_cards": {
            "two_or_more": "any two or more of the cards of that number the cutter holds",
            "all": "every card of that number the cutter holds"},
        "cut_out": {
            "wins_with_shout": "wins the round; Bonnu! must be shouted as for any last card",
            "wins": "wins the round without a shout",
            "not_allowed": "is not allowed: a Cut must leave at least one card"},
        "missed_bonnu": {
            "play_on": "the penalty card goes to the hand and the round goes on",
            "wins": "the round is still won; the penalty card counts for nothing"},
        "claim_order": {
            "earliest": "the earliest corrected time goes first, whatever the claim",
            "bonnu_first": "a Bonnu goes before any Cut in the same window, then the earliest time"},
        "opening_tie": {
            "redraw": "the tied players draw again until one is highest",
            "first_clockwise": "the tied player first clockwise from the host's seat plays first"},
        "later_rounds": {
            "winner": "the winner of the last round leads",
            "next": "the player after the last round's first player leads",
            "draw": "everyone draws again, highest leads"},
        "empty_pile": {
            "reshuffle": "the play pile except its top card is shuffled into a new draw pile",
            "pass": "a player who must draw and cannot passes instead"},
        "blocked_round": {
            "fewest_cards": "the round ends: the player with the fewest cards wins (a tie: the first of them "
                            "from the player on turn, clockwise)",
            "reshuffle": "the play pile except its top card is shuffled into a new draw pile after all "
                         "(nothing under the top card: the fewest cards win)"},
        "scoring": {
            "simple": "the first to win the set number of rounds is Bonnu Master",
            "bonnu100": "Bonnu 100: the cards left in hand are added up; when a total reaches the target, "
                        "the lowest total is Bonnu Master"},
        "tie_for_lowest": {
            "play_on": "nobody wins yet; play another round until one total is lowest",
            "shared": "they share the title of Bonnu Master"},
    }
    ALLOWED: ClassVar[dict[str, str]] = {
        "shout_grace_ms": "a whole number of milliseconds, 0 to 60000",
        "grace_ms": "a whole number of milliseconds, 0 to 5000",
        "tie_margin_ms": "a whole number of milliseconds, 0 to 5000",
        "double_tap_ms": "a whole number of milliseconds, 0 to 5000",
        "rounds_to_win": "a whole number from 1 to 100",
        "target": "a whole number from 10 to 10000",
    }
    RANGES: ClassVar[dict[str, tuple[int, int]]] = {
        "shout_grace_ms": (0, 60000), "grace_ms": (0, 5000), "tie_margin_ms": (0, 5000),
        "double_tap_ms": (0, 5000), "rounds_to_win": (1, 100), "target": (10, 10000),
    }

    def check(self) -> None:
        for name in self.CHOICES:
            if getattr(self, name) not in self.CHOICES[name]:
                raise SettingsError(f"setting {name}: {self.allowed_words(name)}")
        for name, (low, high) in self.RANGES.items():
            if not low <= getattr(self, name) <= high:
                raise SettingsError(f"setting {name}: {self.allowed_words(name)}, got {getattr(self, name)}")


DEFAULT = BonnuSettings()

