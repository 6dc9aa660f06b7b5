"""A brute-force legality and trick-winner oracle written from the rule text alone (boonaken.md
"Play", boonaken-fa.txt lines 77-85 and the no-undertrump variant, line 147), for
`bench/boonaken_legal.py` to check `referee.games.boonaken.play` against. It shares no code with
play.py or cards.py: every card of the hand is judged on its own, case by case, and the winner is
the card that beats every other card of the trick, pair by pair.

The text read literally:
- the leader plays any card;
- no trump (misère, zwabber): follow the led suit when you can, else play anything; the highest
  card of the led suit wins;
- trump led: play a trump, unless you hold none or your only trump is the jack (the Boer): then
  anything, the jack included;
- plain suit led: a player holding the led suit plays the led suit or a trump (trumping is allowed
  even when able to follow); a player void in it plays anything;
- no-undertrump variant: once a plain lead has been trumped, nobody may play a trump lower than
  the highest trump in the trick, unless their hand is all trumps;
- the highest trump wins, else the highest card of the led suit; plain order A K Q J 10 9 8 7,
  trump order J 9 A K Q 10 8 7 (klaverjas variant: J 9 A 10 K Q 8 7).
"""

from __future__ import annotations

from typing import Optional, Sequence

from referee.cards import Card

PLAIN_HIGH_TO_LOW = ["A", "K", "Q", "J", "T", "9", "8", "7"]
TRUMP_HIGH_TO_LOW = ["J", "9", "A", "K", "Q", "T", "8", "7"]
KLAVERJAS_TRUMP_HIGH_TO_LOW = ["J", "9", "A", "T", "K", "Q", "8", "7"]
RANK_LETTER = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T", 9: "9", 8: "8", 7: "7"}


def _higher(a: Card, b: Card, order: list[str]) -> bool:
    """Whether a ranks above b in `order` (high to low)."""
    return order.index(RANK_LETTER[a.rank]) < order.index(RANK_LETTER[b.rank])


def _trump_order(klaverjas: bool) -> list[str]:
    return KLAVERJAS_TRUMP_HIGH_TO_LOW if klaverjas else TRUMP_HIGH_TO_LOW


def may_play(card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Optional[str],
             no_undertrump: bool, klaverjas: bool) -> bool:
    if not trick:
        return True
    led = trick[0].suit
    holds_led = any(c.suit == led for c in hand)
    if trump is None:
        return card.suit == led or not holds_led
    trumps_held = [c for c in hand if c.suit == trump]
    if led == trump:
        only_the_jack = len(trumps_held) == 1 and trumps_held[0].rank == 11
        if not trumps_held or only_the_jack:
            return True
        return card.suit == trump
    if holds_led and card.suit not in (led, trump):
        return False
    if no_undertrump and card.suit == trump and len(trumps_held) != len(hand):
        for played in trick:
            if played.suit == trump and _higher(played, card, _trump_order(klaverjas)):
                return False        # lower than a trump already in the trick
    return True


def legal(hand: Sequence[Card], trick: Sequence[Card], trump: Optional[str], no_undertrump: bool = False,
          klaverjas: bool = False) -> tuple[Card, ...]:
    """The cards of the hand that may be played, in hand order."""
    return tuple(c for c in hand if may_play(c, hand, trick, trump, no_undertrump, klaverjas))


def _beats(a: Card, b: Card, led: str, trump: Optional[str], klaverjas: bool) -> bool:
    if a.suit == trump:
        return b.suit != trump or _higher(a, b, _trump_order(klaverjas))
    if b.suit == trump:
        return False
    if a.suit == led:
        return b.suit != led or _higher(a, b, PLAIN_HIGH_TO_LOW)
    return False


def winner(trick: Sequence[Card], trump: Optional[str], klaverjas: bool = False) -> int:
    """The index of the one card of the trick that beats all the others."""
    led = trick[0].suit
    beats_all = [i for i, a in enumerate(trick)
                 if all(_beats(a, b, led, trump, klaverjas) for j, b in enumerate(trick) if j != i)]
    if len(beats_all) != 1:
        raise AssertionError(f"no single winner in {trick} (trump {trump})")
    return beats_all[0]
