"""Settings of a stud game: stakes and deal shape. Tables set them when they open; defaults are
Bonedoneskis' published ones (ante $0.50, bring-in $0.50, $1-$2 fixed limit, 6-card stud)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..money import MoneyError, money


class SettingsError(ValueError):
    pass


@dataclass(frozen=True)
class StudSettings:
    ante: Decimal = Decimal("0.50")
    bring_in: Decimal = Decimal("0.50")
    small_bet: Decimal = Decimal("1.00")   # third and fourth street
    big_bet: Decimal = Decimal("2.00")     # fifth street on
    max_raises: int = 3                    # a bet and three raises per round
    cards: int = 6                         # cards per player before any extension
    max_seats: int = 8
    # Not enough cards left for every player's last card: it is dealt as one community card,
    # face up in the centre, shared by all (the usual stud practice; see docs/interpretations.md).
    community_card: bool = True

    def to_json(self) -> dict[str, Any]:
        return {f.name: (str(v) if isinstance(v := getattr(self, f.name), Decimal) else v)
                for f in dataclasses.fields(self)}


def parse_settings(cls, raw: dict[str, Any]):
    """Build a settings dataclass from a JSON dict; unknown keys and bad values are refused."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = set(raw) - set(fields)
    if unknown:
        raise SettingsError(f"unknown setting(s): {', '.join(sorted(unknown))} "
                            f"(known: {', '.join(sorted(fields))})")
    values: dict[str, Any] = {}
    for name, value in raw.items():
        default = getattr(cls(), name)
        try:
            if isinstance(default, Decimal):
                values[name] = money(repr(value) if isinstance(value, float) else value)
                if values[name] < 0:
                    raise SettingsError(f"setting {name} cannot be negative")
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise SettingsError(f"setting {name} must be true or false, got {value!r}")
                values[name] = value
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SettingsError(f"setting {name} must be a whole number, got {value!r}")
                values[name] = value
            elif isinstance(default, str):
                if not isinstance(value, str):
                    raise SettingsError(f"setting {name} must be text, got {value!r}")
                values[name] = value
            else:
                values[name] = value
        except MoneyError as exc:
            raise SettingsError(f"setting {name}: {exc}") from None
    settings = cls(**values)
    check = getattr(settings, "check", None)
    if check:
        check()
    return settings
