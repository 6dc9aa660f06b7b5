"""`croupier rules QUERY` (look a rule up by card, name or keyword) and `croupier why` (which rule
made an announcement, and which events set it off)."""

from __future__ import annotations

import json
from pathlib import Path

from referee.lookup import find_rules, rule_card


def add_parsers(sub) -> None:
    r = sub.add_parser("rules", help="look up house rules by card, name or keyword")
    r.add_argument("query", nargs="+", help='e.g. "8♠", "8S", "black jack", krabler')
    r.add_argument("--game", default=None)
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=cmd_rules)
    w = sub.add_parser("why", help="why an announcement was made: its rule and the events behind it")
    w.add_argument("announcement", type=int)
    w.add_argument("--db", type=Path, required=True)
    w.add_argument("--session", help="session name (default: the latest)")
    w.add_argument("--json", action="store_true")
    w.set_defaults(func=cmd_why)


def cmd_rules(args) -> int:
    found = find_rules(" ".join(args.query), game=args.game)
    if args.json:
        print(json.dumps([rule_card(r) for r in found], ensure_ascii=False, indent=1))
        return 0
    if not found:
        print(f"No rule matches {' '.join(args.query)!r}.")
        return 1
    for r in found:
        print(format_rule(r))
    return 0


def format_rule(r) -> str:
    lines = [f"{r.name}  [{r.id}]  ({r.game})", f"  {r.text}", f"  When: {r.trigger}", f"  Then: {r.effect}",
             f"  Source: {r.source}"]
    for s in r.settings:
        lines.append(f"  Setting {s.name} = {s.default}: {s.help}")
    if r.interpretation:
        lines.append(f"  Our reading: {r.interpretation}")
    for e in r.examples:
        lines.append(f"  Example: {e}")
    return "\n".join(lines) + "\n"


def cmd_why(args) -> int:
    from webui.cli import CliError, _open_session
    from webui.table import Table
    from referee.lookup import explain
    store, sid = _open_session(args)
    with store:
        table = Table(store, sid)
        found = explain(table.state, table.announcements, args.announcement)
    if found is None:
        raise CliError(f"no announcement #{args.announcement} in this session")
    if args.json:
        print(json.dumps(found, ensure_ascii=False, indent=1))
        return 0
    a = found["announcement"]
    print(f"#{a['id']} {a['text']}")
    if found["rule"]:
        print("\nRule:\n" + format_rule_dict(found["rule"]))
    print("Because of:")
    for e in found["events"]:
        print(f"  event {e['seq']}: {e['text']}")
    return 0


def format_rule_dict(d) -> str:
    from referee.lookup import rule_by_id
    return format_rule(rule_by_id(d["id"]))
