"""Table settings: each game's settings are a frozen dataclass of `Settings`, read from the
table-opened event's JSON by `parse_settings` (unknown keys and bad values refused in words)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .money import MoneyError, money


class SettingsError(ValueError):
    pass


@dataclass(frozen=True)
class Settings:
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
