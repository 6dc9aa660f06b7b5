"""The rule lookup the CLI and the dashboard share: find rules, show a rule card, explain an
announcement ("why was I charged?")."""

from __future__ import annotations

from typing import Any

from .rules import Rule, lookup


def all_rules(game: str | None = None) -> list[Rule]:
    from .games import _games
    out: list[Rule] = []
    for g in _games().values():
        if game and g.id != game:
            continue
        for r in getattr(g, "rules", ()):
            if r not in out:
                out.append(r)
    return out


def find_rules(query: str, game: str | None = None) -> list[Rule]:
    return lookup(all_rules(game), query)


def rule_by_id(rule_id: str) -> Rule | None:
    for r in all_rules():
        if r.id == rule_id:
            return r
    return None


def rule_card(rule: Rule) -> dict[str, Any]:
    return rule.to_json()


def explain(state, announcements, announcement_id: int) -> dict[str, Any] | None:
    """The announcement, its rule card and the events (by sequence number) that triggered it."""
    ann = next((a for a in announcements if a.id == announcement_id), None)
    if ann is None:
        return None
    log = state.log.to_tuple()
    events = [{"seq": s, "type": log[s - 1].type, "text": log[s - 1].describe(),
               "undone": s in state.undone} for s in ann.because if 1 <= s <= len(log)]
    rule = rule_by_id(ann.rule) if ann.rule else None
    return {"announcement": ann.to_json(), "rule": rule.to_json() if rule else None, "events": events}
