"""Making one Boneyard euchre rule object: its source is a line of boneyard-euchre.txt, and its
settings are read from `BoneyardSettings` (default and help text), so a rule card can never
disagree with the settings the table actually gets."""

from __future__ import annotations

import dataclasses

from ...rules import Rule, Setting
from .modifier_ids import CARD_OF, NAMES, SHEET_LINE
from .settings import BoneyardSettings

GAME = "boneyard-euchre"
SOURCE = "boneyard-euchre.txt"
DEFAULTS = {f.name: f.default for f in dataclasses.fields(BoneyardSettings)}


def setting(name: str) -> Setting:
    """The setting `name` as a rule card shows it; a name BoneyardSettings lacks is a mistake here."""
    if name not in DEFAULTS:
        raise KeyError(f"BoneyardSettings has no setting {name!r}")
    return Setting(name, DEFAULTS[name], BoneyardSettings.HELP[name])


def rule(id: str, name: str, *, line: int, also: tuple = (), text: str, trigger: str, effect: str,
         kind: str = "info", cards=(), keywords=(), settings=(), interpretation: str = "", examples=()) -> Rule:
    """A Boneyard euchre rule from line `line` of the sheet (and the lines in `also`)."""
    source = f"{SOURCE} line {line}" + (f"; also lines {', '.join(str(a) for a in also)}" if also else "")
    return Rule(id=id, name=name, game=GAME, text=text, source=source, trigger=trigger, effect=effect,
                kind=kind, cards=tuple(cards), keywords=tuple(keywords),
                settings=tuple(setting(s) for s in settings), interpretation=interpretation,
                examples=tuple(examples))


def all_of(*ranks: str, suits: str = "SHDC") -> tuple[str, ...]:
    """Card codes of these ranks in every suit (a bower is any jack until trump is known)."""
    return tuple(r + s for r in ranks for s in suits)


def modifier_rule(id: str, *, text: str, trigger: str, effect: str, kind: str = "info", keywords=(),
                  settings=(), interpretation: str = "", examples=(), also: tuple = ()) -> Rule:
    """A round modifier's rule: name, sheet line and card come from its entry in modifier_ids."""
    card = CARD_OF[id]
    return rule(id, NAMES[id], line=SHEET_LINE[id], also=also, text=text, trigger=trigger, effect=effect,
                kind=kind, cards=(card.code,), keywords=(NAMES[id].lower(), "modifier", *keywords),
                settings=settings, interpretation=interpretation, examples=examples)
