"""The simulators' witnesses: the first log of each kind of invariant violation, written as a
`.jsonl` file a fixture or a bug report can start from (every game's simulator writes them alike)."""

from __future__ import annotations

from pathlib import Path

from .events import dumps_jsonl


def write_witnesses(directory: Path, witnesses: dict) -> None:
    """One `KIND.jsonl` per violation kind in `directory`, each path printed."""
    directory.mkdir(parents=True, exist_ok=True)
    for kind, events in witnesses.items():
        path = directory / (kind.replace(" ", "-") + ".jsonl")
        path.write_text(dumps_jsonl(events), encoding="utf-8")
        print(f"witness: {path}")
