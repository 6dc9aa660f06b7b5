"""Table settings: each game's settings are a frozen dataclass of `Settings`, read from the
table-opened event's JSON by `parse_settings` (unknown keys and bad values refused in words)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from .money import MoneyError, fmt, money


class SettingsError(ValueError):
    pass


@dataclass(frozen=True)
class Settings:
    """A game's settings. Each field is explained for people in `HELP` (one line: what it does)
    and, when it takes one of a few words, `CHOICES` (each word and what it means), so a table
    reads "Dueling Snowmen: which 8s start a war: only the two red 8s", not `snowmen_eights red`."""

    HELP: ClassVar[dict[str, str]] = {}
    CHOICES: ClassVar[dict[str, dict[str, str]]] = {}
    ALLOWED: ClassVar[dict[str, str]] = {}          # the values allowed, where more is known than the type

    def to_json(self) -> dict[str, Any]:
        return {f.name: (str(v) if isinstance(v := getattr(self, f.name), Decimal) else v)
                for f in dataclasses.fields(self)}

    @classmethod
    def value_words(cls, name: str, value: Any) -> str:
        """One setting's value as people say it: $2.50, yes, 3, or what the chosen word means."""
        if name in cls.CHOICES:
            return cls.CHOICES[name].get(value, str(value))
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, Decimal):
            return fmt(value)
        return str(value)

    @classmethod
    def allowed_words(cls, name: str) -> str:
        """What a setting may be set to, in words."""
        if name in cls.ALLOWED:
            return cls.ALLOWED[name]
        if name in cls.CHOICES:
            return " or ".join(f'"{word}" ({meaning})' for word, meaning in cls.CHOICES[name].items())
        default = getattr(cls(), name)
        if isinstance(default, bool):
            return "yes or no"
        if isinstance(default, Decimal):
            return "an amount in dollars and cents, like 2.50 (not negative)"
        if isinstance(default, int):
            return "a whole number"
        return "text"

    def explained(self) -> list[dict[str, Any]]:
        """Each setting with its value and a sentence for people: {name, value, text, help, allowed}."""
        out = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            help = self.HELP.get(f.name, f.name.replace("_", " "))
            out.append({"name": f.name, "value": str(value) if isinstance(value, Decimal) else value,
                        "text": f"{help}: {self.value_words(f.name, value)}", "help": help,
                        "allowed": self.allowed_words(f.name)})
        return out


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
