"""Making one Bonnu rule object: its source is a line of bonnu.txt (or, for a reading the sheet
does not cover, issue 22), and its settings are read from `BonnuSettings` (default and help text),
so a rule card can never disagree with the settings the table actually gets."""

from __future__ import annotations

import dataclasses

from ...rules import Rule, Setting
from .settings import BonnuSettings

GAME = "bonnu"
SOURCE = "bonnu.txt"
DEFAULTS = {f.name: f.default for f in dataclasses.fields(BonnuSettings)}


def setting(name: str) -> Setting:
    """The setting `name` as a rule card shows it; a name BonnuSettings lacks is a mistake here."""
    if name not in DEFAULTS:
        raise KeyError(f"BonnuSettings has no setting {name!r}")
    return Setting(name, DEFAULTS[name], BonnuSettings.HELP[name])


def rule(id: str, name: str, *, line: int | None, also: tuple = (), text: str, trigger: str, effect: str,
         kind: str = "info", keywords=(), settings=(), interpretation: str = "", examples=()) -> Rule:
    """A Bonnu rule from line `line` of the sheet (and the lines in `also`); `line` None for a rule
    the sheet does not state (the table's timing, from issue 22), then `also` the lines it serves."""
    if line is None:
        source = "issue 22 (timing at the table)" + (
            f"; for bonnu.txt lines {', '.join(str(a) for a in also)}" if also else "")
    else:
        source = f"{SOURCE} line {line}" + (f"; also lines {', '.join(str(a) for a in also)}" if also else "")
    return Rule(id=id, name=name, game=GAME, text=text, source=source, trigger=trigger, effect=effect,
                kind=kind, keywords=tuple(keywords), settings=tuple(setting(s) for s in settings),
                interpretation=interpretation, examples=tuple(examples))
