"""The 25 round modifiers by card (sheet lines 10-34): which taken (or flipped) card sets which
modifier id, and each modifier's name as the table says it. The rule objects are in `modifiers`."""

from __future__ import annotations

from ...cards import JOKER, Card

# Line by line as the sheet lists them: the nines, tens, jacks, queens, kings, aces, then the Joker.
_BY_CODE = (
    ("9S", "copycats", "Copycats", 10), ("9H", "meet-cute", "Meet Cute", 11),
    ("9C", "golf-club", "Golf Club", 12), ("9D", "collect-call", "Collect Call", 13),
    ("TS", "grave-robber", "Grave Robber", 14), ("TH", "sweet-nothings", "Sweet Nothings", 15),
    ("TC", "therapy-club", "Therapy Club", 16), ("TD", "lucky-penny", "Lucky Penny", 17),
    ("JS", "party-crasher", "Party Crasher", 18), ("JH", "polycule", "Polycule", 19),
    ("JC", "strip-club", "Strip Club", 20), ("JD", "fools-gold", "Fool's Gold", 21),
    ("QS", "shoot-the-moon", "Shoot The Moon", 22), ("QH", "heartbreaker", "Heartbreaker", 23),
    ("QC", "fight-club", "Fight Club", 24), ("QD", "square-deal", "Square Deal", 25),
    ("KS", "scheme", "Scheme", 26), ("KH", "soul-mate", "Soul Mate", 27),
    ("KC", "club-sandwich", "Club Sandwich", 28), ("KD", "mad-genius", "Mad Genius", 29),
    ("AS", "assassin", "Assassin", 30), ("AH", "fusion", "Fusion", 31),
    ("AC", "spiked-club", "Spiked Club", 32), ("AD", "high-stakes", "High Stakes", 33),
    ("JK", "dummy", "Dummy", 34),
)

MODIFIER_OF: dict[Card, str] = {Card.parse(code): mid for code, mid, _, _ in _BY_CODE}
CARD_OF: dict[str, Card] = {mid: card for card, mid in MODIFIER_OF.items()}
NAMES: dict[str, str] = {mid: name for _, mid, name, _ in _BY_CODE}
SHEET_LINE: dict[str, int] = {mid: line for _, mid, _, line in _BY_CODE}
MODIFIER_IDS: tuple[str, ...] = tuple(mid for _, mid, _, _ in _BY_CODE)

assert len(MODIFIER_OF) == 25 and MODIFIER_OF[JOKER] == "dummy"


def names(ids) -> str:
    """Modifier ids as words: "Golf Club and Square Deal"."""
    words = [NAMES.get(i, i) for i in ids]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1] if words else ""
