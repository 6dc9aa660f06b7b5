"""Every Boonaken rule in one ordered list (a placeholder until the full catalogue lands)."""

from __future__ import annotations

RULES: tuple = ()
RULES_BY_ID: dict = {}
