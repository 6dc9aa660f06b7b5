"""What the games' fixture generators share (`boonaken/deals/make_deals.py`,
`boneyard/rounds/make_rounds.py`, `bonnu/rounds/make_bonnu_rounds.py`): each fixture's `.jsonl`
from its builder function, and with `--expected` its `.expected.json` from the replay a host would
run (`croupier replay --game G FILE --json`), keeping what `fixture_replay` checks.

The generators run as scripts (`python tests/referee/bonnu/rounds/make_bonnu_rounds.py`): each puts
this checkout's root on `sys.path` first, so `tests.referee` imports as it does under pytest.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, Sequence

from webui import cli

from tests.referee.fixture_replay import FIELDS, expected_path


@dataclass(frozen=True)
class FixtureWriter:
    """One game's fixtures: `fixtures` maps each name to the function building its table (its
    docstring the hand check, written as the file's # header)."""

    game: str                                   # the `croupier replay --game` id
    here: Path                                  # the folder the files are written to
    fixtures: Mapping[str, Callable]
    table_keys: Sequence[str]                   # what an .expected.json keeps of the host's table
    suffix: str = ""                            # after the name on disk (Bonnu: ".bonnu")

    def path(self, name: str) -> Path:
        return self.here / f"{name}{self.suffix}.jsonl"

    def text(self, name: str) -> str:
        """The fixture's .jsonl: its events under its hand check."""
        make = self.fixtures[name]
        return make().jsonl(make.__doc__ or "")

    def expected_text(self, name: str) -> str:
        """The fixture's .expected.json, from replaying the file written."""
        out = io.StringIO()
        with redirect_stdout(out):
            code = cli.main(["replay", "--game", self.game, str(self.path(name)), "--json"])
        if code:
            raise SystemExit(f"{name}: replay failed")
        got = json.loads(out.getvalue())
        keep = {"announcements": [{k: a[k] for k in FIELDS} for a in got["announcements"]],
                "table": {k: got["table"][k] for k in self.table_keys}}
        return json.dumps(keep, ensure_ascii=False, indent=1) + "\n"

    def main(self, argv: list[str]) -> None:
        """`[--expected] [NAME...]`: write the named fixtures (all without a name), one name printed
        per fixture written."""
        expected = "--expected" in argv
        names = [a for a in argv if not a.startswith("--")] or sorted(self.fixtures)
        unknown = [n for n in names if n not in self.fixtures]
        if unknown:
            raise SystemExit(f"no {self.game} fixture named {', '.join(unknown)}; the names are: "
                             f"{', '.join(sorted(self.fixtures))}")
        for name in names:
            path = self.path(name)
            path.write_text(self.text(name), encoding="utf-8")
            if expected:
                expected_path(path).write_text(self.expected_text(name), encoding="utf-8")
            print(name)
