"""What every game's fixture tests share: a fixture replayed the way a host would replay it
(`croupier replay --game G FILE --json`) and the check against its `.expected.json` beside it."""

from __future__ import annotations

import json
from pathlib import Path

from webui import cli

FIELDS = ("rule", "kind", "seats", "text")  # what an expected file keeps of each announcement


def replay_cli(game: str, path: Path, capsys) -> dict:
    capsys.readouterr()
    code = cli.main(["replay", "--game", game, str(path), "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def expected_path(path: Path) -> Path:
    """Where fixture `path`'s expected file lies: `NAME.jsonl` -> `NAME.expected.json`."""
    return path.with_name(path.name.removesuffix(".jsonl") + ".expected.json")


def expected_of(path: Path) -> dict:
    """The `.expected.json` of fixture `path`."""
    return json.loads(expected_path(path).read_text(encoding="utf-8"))


def assert_matches_expected(got: dict, exp: dict) -> None:
    assert [{k: a[k] for k in FIELDS} for a in got["announcements"]] == exp["announcements"]
    assert {k: got["table"][k] for k in exp["table"]} == exp["table"]
    assert got["pending"] == []
