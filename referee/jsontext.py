"""JSON text from outside (a request body, a line of a `.jsonl` file), read with bounds.

Python's `json` parser recurses once per level of nesting: `"[" * 20000` raises RecursionError,
which no caller expects (issue 19, defect 7). The depth is counted on the text first, without
parsing, and a text nested deeper than any event or request needs is refused in words. A string
with a lone surrogate (`"\\ud800"`) parses but is no text at all (it cannot be stored or sent
as UTF-8): it is refused too.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32          # the deepest event or request body croupier reads is 4 levels
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")


class JsonTextError(ValueError):
    """The text is not JSON croupier will read; the message says why, in words."""


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in `text` (brackets inside strings do not count)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub('""', text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _lone_surrogate(value: Any) -> str | None:
    if isinstance(value, str):
        bad = next((ch for ch in value if "\ud800" <= ch <= "\udfff"), None)
        return None if bad is None else f"\\u{ord(bad):04x}"
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    return next((found for item in items if (found := _lone_surrogate(item))), None)


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """`json.loads` that refuses, as JsonTextError, what it cannot or should not read."""
    depth = nesting_depth(text)
    if depth > max_depth:
        raise JsonTextError(f"the JSON is nested {depth} levels deep (at most {max_depth} are read)")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonTextError(f"not valid JSON ({exc.msg} at character {exc.pos})") from None
    except RecursionError:       # cannot happen below max_depth; kept so no caller ever sees one
        raise JsonTextError("the JSON is nested too deeply") from None
    found = _lone_surrogate(value)
    if found:
        raise JsonTextError(f"the JSON holds a lone surrogate ({found}), which is not text")
    return value
