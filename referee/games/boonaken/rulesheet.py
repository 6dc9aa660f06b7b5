"""Making one Boonaken rule object: its source is a line of the Persian original, and its settings
are read from `BoonakenSettings` (default and help text), so a rule card can never disagree with
the settings the table actually gets."""

from __future__ import annotations

import dataclasses

from ...rules import Rule, Setting
from .settings import BoonakenSettings

SOURCE = "boonaken-fa.txt"
DEFAULTS = {f.name: f.default for f in dataclasses.fields(BoonakenSettings)}


def setting(name: str) -> Setting:
    """The setting `name` as a rule card shows it; a name BoonakenSettings lacks is a mistake here."""
    if name not in DEFAULTS:
        raise KeyError(f"BoonakenSettings has no setting {name!r}")
    return Setting(name, DEFAULTS[name], BoonakenSettings.HELP[name])


def rule(id: str, name: str, *, line: int, also: tuple = (), text: str, trigger: str, effect: str,
         kind: str = "info", cards=(), keywords=(), settings=(), interpretation: str = "", examples=()) -> Rule:
    """A Boonaken rule. `line` is the line of boonaken-fa.txt the rule comes from (the original wins
    over the English summary); `also` names further lines it draws on."""
    source = f"{SOURCE} line {line}" + (f"; also lines {', '.join(str(a) for a in also)}" if also else "")
    return Rule(id=id, name=name, game="boonaken", text=text, source=source, trigger=trigger, effect=effect,
                kind=kind, cards=tuple(cards), keywords=tuple(keywords),
                settings=tuple(setting(s) for s in settings), interpretation=interpretation,
                examples=tuple(examples))


def all_of(*ranks: str, suits: str = "SHDC") -> tuple[str, ...]:
    """Card codes of these ranks in every suit: a trump card is any suit's until trump is known."""
    return tuple(r + s for r in ranks for s in suits)
