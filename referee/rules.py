"""House rules as small declarative objects, and the lookup that settles disputes.

Each `Rule` carries its id, name, our own wording, where it comes from in the rule sheet, when it
fires and what it does (in words for people, and as code for the referee), the cards it concerns,
its settings, the interpretation we chose where the sheet is ambiguous, and worked examples.
`hooks` are what it does at a moment of play, `queries` the answers it changes (see rulebook.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .cards import SUIT_SYMBOLS, Card, CardError, parse_card


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    help: str


@dataclass(frozen=True)
class Rule:
    id: str
    name: str
    game: str
    text: str                          # the rule in our own words
    source: str                        # rule file and heading
    trigger: str                       # when it fires, in words
    effect: str                        # what it does, in words
    kind: str = "info"                 # power | option | obligation | fee | payment | info
    cards: tuple[str, ...] = ()        # card codes the rule concerns, for lookup by card
    keywords: tuple[str, ...] = ()
    settings: tuple[Setting, ...] = ()
    interpretation: str = ""           # our reading where the sheet is ambiguous
    examples: tuple[str, ...] = ()
    hooks: dict[str, Callable] = field(default_factory=dict, compare=False, hash=False, repr=False)
    # Answers this rule changes (rulebook.Rulebook.query): name -> fn(game, state, value, *args).
    queries: dict[str, Callable] = field(default_factory=dict, compare=False, hash=False, repr=False)
    order: int = 0                     # where its query overrides stack: lower first

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "game": self.game, "text": self.text, "source": self.source,
                "trigger": self.trigger, "effect": self.effect, "kind": self.kind, "cards": list(self.cards),
                "keywords": list(self.keywords),
                "settings": [{"name": s.name, "default": s.default if not hasattr(s.default, "as_tuple")
                              else str(s.default), "help": s.help} for s in self.settings],
                "interpretation": self.interpretation, "examples": list(self.examples)}


# ------------------------------------------------------------------------------ lookup
_WORDS = {"ace": 14, "aces": 14, "king": 13, "kings": 13, "queen": 12, "queens": 12, "jack": 11, "jacks": 11,
          "ten": 10, "tens": 10, "nine": 9, "nines": 9, "eight": 8, "eights": 8, "seven": 7, "sevens": 7,
          "six": 6, "sixes": 6, "five": 5, "fives": 5, "four": 4, "fours": 4, "three": 3, "threes": 3,
          "two": 2, "twos": 2, "deuce": 2, "deuces": 2}
_SUIT_WORDS = {"spade": "S", "spades": "S", "heart": "H", "hearts": "H", "diamond": "D", "diamonds": "D",
               "club": "C", "clubs": "C"}
_COLOUR_WORDS = {"black": "SC", "red": "HD"}


def cards_in_query(query: str) -> set[str]:
    """Card codes a query names: "8♠", "8S", "black jack", "red 6s", "queen of hearts", "the 7's"."""
    q = query.lower().replace("’", "'").replace("'s", "s").replace("of ", "")
    found: set[str] = set()
    tokens = re.split(r"[\s,/]+", query.strip())
    for i, token in enumerate(tokens):
        if i and tokens[i - 1].lower() in _COLOUR_WORDS:
            continue  # "red 6s" is the red sixes, not the 6♠
        try:
            found.add(parse_card(token).code)
        except CardError:
            pass
    words = re.findall(r"[a-z0-9]+|[♠♥♦♣]", q)
    for i, word in enumerate(words):
        rank = _WORDS.get(word) or (int(word.rstrip("s")) if word.rstrip("s").isdigit() and
                                    2 <= int(word.rstrip("s")) <= 10 else None)
        if rank is None:
            continue
        suits = "SHDC"
        before = words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < len(words) else ""
        if before in _COLOUR_WORDS:
            suits = _COLOUR_WORDS[before]
        if after in _SUIT_WORDS:
            suits = _SUIT_WORDS[after]
        elif after in {v: k for k, v in SUIT_SYMBOLS.items()}:
            suits = {v: k for k, v in SUIT_SYMBOLS.items()}[after]
        found.update(Card(rank, s).code for s in suits)
    return found


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9♠♥♦♣ ]", "", text.lower().replace("’", "'").replace("'", ""))


def lookup(rules: Iterable[Rule], query: str) -> list[Rule]:
    """Rules matching a query, best first: exact id or name, then by card, then by keyword."""
    rules = list(rules)
    q = _norm(query).strip()
    if not q:
        return []
    scored: list[tuple[int, int, Rule]] = []
    cards = cards_in_query(query)
    for order, rule in enumerate(rules):
        score = 0
        # The query was normalised (hyphens dropped), so the id is compared normalised too.
        if q in (rule.id, _norm(rule.id), _norm(rule.name), _norm(rule.id.replace("-", " "))):
            score += 100
        elif q in _norm(rule.name) or _norm(rule.name) in q:
            score += 60
        overlap = cards & set(rule.cards)
        if overlap:
            # A rule about exactly this card beats one about all cards of its rank.
            score += 40 + (20 * len(overlap)) // len(rule.cards)
        words = [w for w in q.split() if len(w) > 2]
        haystack = " ".join(_norm(x) for x in (rule.name, rule.text, rule.trigger, rule.effect, *rule.keywords))
        score += sum(5 for w in words if w in haystack)
        if score:
            scored.append((-score, order, rule))
    return [r for _, _, r in sorted(scored, key=lambda t: (t[0], t[1]))]
