"""Playing cards: the standard 52 plus the joker, the game decks, and Bonnu's colour cards.

A `Card` is a small frozen value: rank 2..14 (ace high, 14) or 0 for the joker, suit one of
"SHDC" or "" for the joker. Text forms accepted: `9D`, `9♦`, `10S`, `TS`, `JK`, `joker`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
# Also accept the outline symbols people paste from phones.
SYMBOL_SUITS.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
              11: "J", 12: "Q", 13: "K", 14: "A"}
CHAR_RANKS = {v: k for k, v in RANK_CHARS.items()}
CHAR_RANKS["10"] = 10
CHAR_RANKS["1"] = 14  # some decks print the ace as 1
RANK_NAMES = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
JOKER_RANK = 0


class CardError(ValueError):
    """A card text that cannot be read."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit != "":
                raise CardError("the joker has no suit")
        elif not (2 <= self.rank <= 14) or self.suit not in SUITS or len(self.suit) != 1:
            raise CardError(f"no such card: rank {self.rank!r} suit {self.suit!r}")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    @property
    def is_black(self) -> bool:
        return self.suit in ("S", "C")

    @property
    def code(self) -> str:
        """Short ASCII form used in files: `TS`, `9D`, `JK`."""
        return "JK" if self.is_joker else RANK_CHARS[self.rank] + self.suit

    @property
    def pretty(self) -> str:
        """Human form used in announcements: `10♠`, `9♦`, `Joker`."""
        if self.is_joker:
            return "Joker"
        rank = "10" if self.rank == 10 else RANK_CHARS[self.rank]
        return rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"

    @classmethod
    def parse(cls, text: str) -> "Card":
        return parse_card(text)


@lru_cache(maxsize=512)
def parse_card(text: str) -> Card:
    """Read one card from text; raises CardError with the offending text."""
    if not isinstance(text, str):
        raise CardError(f"card must be text, got {type(text).__name__}")
    raw = text.strip()
    t = raw.upper()
    if t in ("JK", "JOKER", "JKR", "🃏", "BENNY"):
        return Card(JOKER_RANK, "")
    if len(t) < 2:
        raise CardError(f"cannot read card {raw!r}: expected rank then suit, like 9D, 10♠ or JK")
    suit_part = t[-1]
    suit = SYMBOL_SUITS.get(raw.strip()[-1], suit_part)
    rank_part = t[:-1]
    if suit not in SUITS:
        raise CardError(f"cannot read card {raw!r}: unknown suit {raw.strip()[-1]!r} (use S H D C or ♠ ♥ ♦ ♣)")
    if rank_part not in CHAR_RANKS:
        raise CardError(f"cannot read card {raw!r}: unknown rank {rank_part!r} (use 2-10, T, J, Q, K, A)")
    return Card(CHAR_RANKS[rank_part], suit)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces, commas or dashes: `7H 7S 2C`, `J♥-9♥-5♠`."""
    parts = [p for p in text.replace(",", " ").replace("-", " ").split() if p]
    return [parse_card(p) for p in parts]


JOKER = Card(JOKER_RANK, "")


def with_article(name: str) -> str:
    """A card's name as said after an article: "a 7♣", "an A♦", "an 8♠", "an Ace", "a 4"."""
    return ("an " if name[:1] in "8AEIOaeio" else "a ") + name


@lru_cache(maxsize=None)
def deck52() -> tuple[Card, ...]:
    return tuple(Card(r, s) for s in SUITS for r in range(2, 15))  # a tuple of values: made once


def deck53() -> tuple[Card, ...]:
    return deck52() + (JOKER,)


def deck32() -> tuple[Card, ...]:
    """Boonaken's piquet pack: A K Q J 10 9 8 7 in four suits."""
    return tuple(Card(r, s) for s in SUITS for r in range(7, 15))


def deck25() -> tuple[Card, ...]:
    """Boneyard euchre: 9 10 J Q K A in four suits plus one joker."""
    return tuple(Card(r, s) for s in SUITS for r in range(9, 15)) + (JOKER,)


DECKS = {"52": deck52, "53": deck53, "32": deck32, "25": deck25}


# ---------------------------------------------------------------------------- Bonnu
BONNU_COLOURS = ("red", "blue", "yellow", "white", "black")
BONNU_VALUES = tuple(range(10)) + (-1, 21)


@dataclass(frozen=True, order=True, slots=True)
class BonnuCard:
    """A Bonnu card: a colour and a value in 0..9, -1 or 21. Two copies of 0..9 exist per colour,
    so `copy` (0 or 1) tells identical cards apart when a deck must be accounted for."""

    colour: str
    value: int
    copy: int = 0

    def __post_init__(self) -> None:
        if self.colour not in BONNU_COLOURS:
            raise CardError(f"no Bonnu colour {self.colour!r} (use {', '.join(BONNU_COLOURS)})")
        if self.value not in BONNU_VALUES:
            raise CardError(f"no Bonnu value {self.value!r} (use 0-9, -1 or 21)")
        if self.copy not in (0, 1) or (self.copy == 1 and self.value in (-1, 21)):
            raise CardError(f"Bonnu {self.colour} {self.value} has no copy {self.copy}")

    @property
    def code(self) -> str:
        return f"{self.colour}:{self.value}" + (f"#{self.copy}" if self.copy else "")

    def __str__(self) -> str:
        return self.code

    @property
    def pretty(self) -> str:
        """For people, as the other cards' `pretty`: "red 7", "blue -1"."""
        return f"{self.colour} {self.value}"

    @classmethod
    def parse(cls, text: str) -> "BonnuCard":
        try:
            colour, _, rest = text.strip().lower().partition(":")
            value, _, copy = rest.partition("#")
            return cls(colour, int(value), int(copy) if copy else 0)
        except ValueError as exc:
            raise CardError(f"cannot read Bonnu card {text!r}: expected colour:value like red:7 ({exc})") from exc


def bonnu_deck() -> tuple[BonnuCard, ...]:
    """The 110-card Bonnu deck: per colour two sets of 0..9, one -1 and one 21."""
    cards = []
    for colour in BONNU_COLOURS:
        for copy in (0, 1):
            cards.extend(BonnuCard(colour, v, copy) for v in range(10))
        cards.append(BonnuCard(colour, -1))
        cards.append(BonnuCard(colour, 21))
    return tuple(cards)
