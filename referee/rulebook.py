"""A game's rule objects, routed: the moments they react to (hooks) and the questions whose
answers they change (queries).

Hooks: `hooks(name)` gives every rule's function for a moment ("up", "swap", "decide", ...) in
the catalogue's order, which is the order a seat hears its decisions in when one card sets off
several rules. A hook marked `only_for` some cards (`for_card`) is skipped for any other card.

Queries: a game asks `query(name, value, ...)` with the answer its own rules give (a card's
suit, whether a play follows suit, who plays next, what a deal scores); each rule that overrides
that query gets the answer so far and returns its own. They stack in the order the rules state
(`Rule.order`, lower first, then the catalogue's order), so a rule that must have the last word
(a euchre modifier that reverses ranking after the bowers are placed) says so with a higher order.
Only active rules answer: `active` names them (a round's modifiers), None means every rule.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from .rules import Rule


class Rulebook:
    def __init__(self, rules: Iterable[Rule]) -> None:
        self.rules: tuple[Rule, ...] = tuple(rules)
        self.by_id = {r.id: r for r in self.rules}
        if len(self.by_id) != len(self.rules):
            raise ValueError("two rules share an id")
        self._hooks: dict[str, tuple[Callable, ...]] = {}
        for rule in self.rules:
            for name, fn in rule.hooks.items():
                self._hooks[name] = self._hooks.get(name, ()) + (fn,)
        stacked = sorted(enumerate(self.rules), key=lambda t: (t[1].order, t[0]))
        self._queries: dict[str, tuple[tuple[str, Callable], ...]] = {}
        for _, rule in stacked:
            for name, fn in rule.queries.items():
                self._queries[name] = self._queries.get(name, ()) + ((rule.id, fn),)
        self._for_card: dict[tuple[str, Any], tuple[Callable, ...]] = {}

    def hooks(self, name: str) -> tuple[Callable, ...]:
        return self._hooks.get(name, ())

    def for_card(self, name: str, card) -> tuple[Callable, ...]:
        """The hooks for `name` that can act on `card` (most rules care about one card)."""
        key = (name, card)
        fns = self._for_card.get(key)
        if fns is None:
            fns = tuple(fn for fn in self.hooks(name) if card in getattr(fn, "only_for", (card,)))
            self._for_card[key] = fns
        return fns

    def hook_of(self, rule_id: str, name: str) -> Callable | None:
        """One rule's own hook (the rule that asked a decision answers it)."""
        rule = self.by_id.get(rule_id)
        return rule.hooks.get(name) if rule is not None else None

    def query(self, name: str, value: Any, game, state, *args: Any,
              active: frozenset[str] | None = None) -> Any:
        for rule_id, fn in self._queries.get(name, ()):
            if active is None or rule_id in active:
                value = fn(game, state, value, *args)
        return value
