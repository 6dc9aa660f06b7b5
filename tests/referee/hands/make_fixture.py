"""Turn a hand script into its `.jsonl` fixture and show what the referee says about it.

    python tests/referee/hands/make_fixture.py NAME            # NAME.script -> NAME.jsonl, print the replay
    python tests/referee/hands/make_fixture.py NAME --expect   # also write NAME.expected.json (a draft!)

The `.expected.json` written with --expect is only a draft: read every announcement and the ledger
against the rule sheet (`../shared/rules/bonedoneskis-house-rules.txt`) and the money worked out by
hand in the script's comments before keeping it. Without --expect, differences from the kept
expected file are printed.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from referee.script import to_jsonl
from webui import cli

FIELDS = ("rule", "kind", "seats", "text", "amount")


def replay_json(path: Path) -> dict:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["replay", str(path), "--json"])
    if code:
        raise SystemExit(err.getvalue().strip())
    return json.loads(out.getvalue())


def expected_from(report: dict) -> dict:
    anns = [{k: a[k] for k in FIELDS} for a in report["announcements"]]
    return {"rules": sorted({a["rule"] for a in anns if a["rule"]}), "announcements": anns,
            "balances": {k: v for k, v in report["balances"].items()}, "pot": report["pot"],
            "pending": report["pending"]}


def main(argv: list[str]) -> int:
    name = argv[0]
    script = (HERE / f"{name}.script").read_text(encoding="utf-8")
    jsonl = HERE / f"{name}.jsonl"
    jsonl.write_text(to_jsonl(script), encoding="utf-8")
    got = expected_from(replay_json(jsonl))
    for a in got["announcements"]:
        seats = ",".join(map(str, a["seats"]))
        print(f"{a['kind']:<10} {a['rule'] or '-':<22} [{seats}] {a['text']}"
              + (f"  ({a['amount']})" if a["amount"] else ""))
    print("pot", got["pot"], "pending", got["pending"])
    print("balances", got["balances"])
    print("rules", got["rules"])
    exp = HERE / f"{name}.expected.json"
    if "--expect" in argv:
        exp.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {exp.name}: CHECK IT BY HAND")
    elif exp.exists():
        kept = json.loads(exp.read_text(encoding="utf-8"))
        if kept == got:
            print("same as", exp.name)
        else:
            for key in got:
                if kept.get(key) != got[key]:
                    print("DIFFERS from", exp.name, "in", key)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
